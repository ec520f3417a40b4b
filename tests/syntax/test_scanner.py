"""The saved parser's lexer states try their terminals one by one (`syntax/scanner.py`) instead
of lark's joined regular expressions: every .catan file of the repository, and broken copies
of them, lex and parse exactly as with lark's own lexer — the same trees (token types and
positions included), the same errors and the same diagnostics."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from catan_dsl.core.source import SourceFile
from catan_dsl.syntax import parser as P
from catan_dsl.syntax.scanner import OrderedScanner

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([*ROOT.glob("scenarios/**/*.catan"), *ROOT.glob("tests/**/*.catan")])


@pytest.fixture(scope="module")
def parsers() -> tuple[Lark, Lark]:
    """(the parser as the cache gives it back, the parser lark builds, with lark's lexer)."""
    built = P.build_parser()
    saved = io.BytesIO()
    P.parser_cache.save(built, saved)
    saved.seek(0)
    loaded = P.parser_cache.load(saved)
    assert loaded is not None
    return loaded, built


def _shape(node: object) -> object:
    """Everything of a parse tree a later stage can read, as plain comparable values."""
    if node is None:                    # an error's token history can start with None
        return None
    if isinstance(node, Token):
        return (node.type, str(node), node.start_pos, node.line, node.column,
                node.end_line, node.end_column, node.end_pos)
    assert isinstance(node, Tree)
    meta = {k: v for k, v in vars(node.meta).items()} if not node.meta.empty else {}
    return (str(node.data), meta, [_shape(c) for c in node.children])


def _outcome(parser: Lark, text: str) -> object:
    try:
        return _shape(parser.parse(text))
    except UnexpectedInput as e:
        token = getattr(e, "token", None)
        return (type(e).__name__, e.pos_in_stream, e.line, e.column,
                sorted(getattr(e, "expected", ()) or ()), sorted(getattr(e, "allowed", ()) or ()),
                _shape(token) if isinstance(token, Token) else token,
                [_shape(t) for t in getattr(e, "token_history", None) or ()])


def _broken_copies(text: str, places: int) -> list[str]:
    """Texts that stop, or go wrong, at ``places`` places: cut short, a character dropped or
    doubled, a stray character or word put in."""
    step = max(1, len(text) // places)
    out = []
    for i in range(0, len(text), step):
        out += [text[:i], text[:i] + text[i + 1:], text[:i] + text[i] * 2 + text[i + 1:],
                text[:i] + "@" + text[i:], text[:i] + "x" + text[i:], text[:i] + " on " + text[i:]]
    return out


def test_every_repository_file_parses_as_with_lark_s_own_lexer(parsers: tuple[Lark, Lark]) -> None:
    mine, theirs = parsers
    assert len(FILES) > 100
    for f in FILES:
        text = f.read_text(encoding="utf-8")
        assert _outcome(mine, text) == _outcome(theirs, text), f.relative_to(ROOT)


@pytest.mark.parametrize("name", ["base.catan", "caravans.catan"])
def test_broken_files_fail_as_with_lark_s_own_lexer(parsers: tuple[Lark, Lark], name: str) -> None:
    mine, theirs = parsers
    for text in _broken_copies((ROOT / "scenarios" / name).read_text(encoding="utf-8"), 8):
        assert _outcome(mine, text) == _outcome(theirs, text), text[-80:]


def test_syntax_diagnostics_are_the_same(parsers: tuple[Lark, Lark],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """What a user reads (code, place, message, hint) for each of the check cases' files."""
    mine, theirs = parsers
    cases = sorted((ROOT / "tests" / "check" / "cases").glob("E1*.catan"))
    texts = [c.read_text(encoding="utf-8") for c in cases]
    texts += _broken_copies((ROOT / "scenarios" / "base.catan").read_text(encoding="utf-8"), 6)
    texts += ["scenarioo t extends base {\n}\n", "scenario t { playerss 4 }", "vіctory 10"]
    assert len(cases) >= 4
    seen = {}
    for parser in (mine, theirs):
        monkeypatch.setattr(P, "get_parser", lambda p=parser: p)
        P._terminal_patterns.cache_clear()
        seen[id(parser)] = [[d.to_dict() for d in P.parse(SourceFile("s.catan", t))[1]]
                            for t in texts]
    P._terminal_patterns.cache_clear()
    assert seen[id(mine)] == seen[id(theirs)]
    assert any(seen[id(mine)])


def test_the_first_terminal_in_order_wins_as_in_a_joined_pattern() -> None:
    """A word that a longer terminal also matches goes to whichever comes first, as the
    alternatives of lark's joined expression do (no longest match)."""
    from lark.lexer import PatternRE, PatternStr, TerminalDef
    from lark.utils import TextSlice

    name = TerminalDef("NAME", PatternRE("[a-z]+"))
    at, atom = TerminalDef("AT", PatternStr("at")), TerminalDef("ATOM", PatternStr("atom"))
    text = TextSlice.cast_from("atoms")
    assert OrderedScanner([atom, at, name]).match(text, 0) == ("atom", "ATOM")
    assert OrderedScanner([at, atom, name]).match(text, 0) == ("at", "AT")
    assert OrderedScanner([name, at]).match(text, 0) == ("atoms", "NAME")
    assert OrderedScanner([at]).match(TextSlice("xat", 1, 2), 1) is None   # stops at the end
    assert OrderedScanner([at, name]).fullmatch("at") == "AT"
    assert OrderedScanner([at, atom]).fullmatch("atoms") is None

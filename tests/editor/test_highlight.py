"""Colours for .catan files: the Pygments lexer (registered as `catan`) and the TextMate grammar
of editors/vscode agree on keywords, comments, strings, numbers and calls, with no error token
on any shipped file; the committed TextMate file is the generated one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Number, String

from catan_dsl.editor.textmate import dumps, textmate_grammar
from catan_dsl.syntax.keywords import DECLARATIONS, grammar_keywords

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted([*REPO.glob("scenarios/**/*.catan"), *REPO.glob("docs/examples/**/*.catan")])
TM_FILE = REPO / "editors" / "vscode" / "syntaxes" / "catan.tmLanguage.json"

PYGMENTS_CLASS = [(Comment, "comment"), (Keyword.Declaration, "declaration"), (Keyword, "keyword"),
                  (String, "string"), (Number, "number"), (Name.Function, "call"),
                  (Name.Builtin, "builtin")]
TM_CLASS = {"comment": "comment", "keyword.other.declaration": "declaration",
            "keyword.control": "keyword", "string": "string", "constant.numeric": "number",
            "entity.name.function": "call", "support.function": "builtin"}


def pygments_classes(text: str) -> list[tuple[int, str, str]]:
    out = []
    for pos, tok, value in get_lexer_by_name("catan").get_tokens_unprocessed(text):
        for ttype, cls in PYGMENTS_CLASS:
            if tok in ttype:
                out.append((pos, value.rstrip("\n"), cls))
                break
    return out


def textmate_classes(text: str) -> list[tuple[int, str, str]]:
    """A small TextMate scanner: at each position the earliest match wins, ties by order."""
    pats = [(re.compile(p["match"], re.MULTILINE), p["name"]) for p in textmate_grammar()["patterns"]]
    out, offset = [], 0
    for line in text.split("\n"):
        pos = 0
        while pos < len(line):
            best = None
            for rx, name in pats:
                m = rx.search(line, pos)
                if m and (best is None or m.start() < best[0].start()):
                    best = (m, name)
            if best is None or best[0].end() == best[0].start():
                break
            m, name = best
            cls = next((c for prefix, c in TM_CLASS.items() if name.startswith(prefix)), None)
            if cls is not None:
                out.append((offset + m.start(), m.group(0), cls))
            pos = m.end()
        offset += len(line) + 1
    return out


def test_the_lexer_is_registered_for_the_name_and_the_extension() -> None:
    assert get_lexer_by_name("catan").name == "Catan"
    assert get_lexer_for_filename("island.catan").name == "Catan"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_no_error_token_on_a_shipped_file(path: Path) -> None:
    toks = list(get_lexer_by_name("catan").get_tokens(path.read_text(encoding="utf-8")))
    assert [v for t, v in toks if t in Error] == []


def test_the_lexer_colours_each_kind_of_word() -> None:
    text = 'scenario s "S" extends base {\n  on built road at e where count(x in hexes) > 2 ' \
           '{ gain 1 wool }  # c\n  harbors { 3:1 at 0,-2 NW }\n}\n'
    got = {(v, c) for _, v, c in pygments_classes(text)}
    assert {("scenario", "declaration"), ("extends", "declaration"), ("on", "declaration"),
            ("where", "keyword"), ("gain", "keyword"), ('"S"', "string"), ("count", "call"),
            ("2", "number"), ("3:1", "number"), ("0,-2", "number"), ("# c", "comment")} <= got
    assert ("hexes", "builtin") in got or ("hexes", "keyword") in got


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_textmate_and_pygments_agree_on_every_shipped_file(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert textmate_classes(text) == pygments_classes(text)


def test_the_committed_textmate_grammar_is_the_generated_one() -> None:
    assert TM_FILE.read_text(encoding="utf-8") == dumps(), \
        "run: python -m catan_dsl.editor.textmate > editors/vscode/syntaxes/catan.tmLanguage.json"
    manifest = json.loads((TM_FILE.parent.parent / "package.json").read_text(encoding="utf-8"))
    grammar = manifest["contributes"]["grammars"][0]
    assert grammar["scopeName"] == textmate_grammar()["scopeName"]
    assert (TM_FILE.parent.parent / grammar["path"]).resolve() == TM_FILE.resolve()


def test_declarations_are_words_of_the_grammar() -> None:
    assert DECLARATIONS <= grammar_keywords()

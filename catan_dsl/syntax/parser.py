"""Source text → lark parse tree, or syntax diagnostics that say in words what was expected."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import pickle
import re
import tempfile
from pathlib import Path

from catan_dsl.core.codes import RESERVED_SYNTAX
from catan_dsl.core.diagnostics import Diagnostic, make
from catan_dsl.core.source import SourceFile, Span, span_from_token
from catan_dsl.syntax import parser_cache
from catan_dsl.syntax.forms import form_hint
from catan_dsl.syntax.lark_import import (
    Lark,
    LarkError,
    Token,
    Tree,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    extras_hidden,
)
from catan_dsl.syntax.parser_files import OPTIONS, grammar_dir, parser_cache_path, prune_caches


def _strict() -> bool:
    # strict=True needs interegular to detect terminal collisions; without it lark refuses to
    # build, so fall back rather than make the whole tool unusable (the test suite runs strict).
    # Lark imported with it hidden (`lark_import`) builds without it too.
    return importlib.util.find_spec("interegular") is not None and not extras_hidden()


class GluedWord(UnexpectedToken):
    """A keyword the lexer cut off a longer word ("scenarioo" read as ``scenario`` + ``o``,
    where no name may stand): the word as written is one misspelt word, not two."""

    def __init__(self, keyword: Token, rest: Token) -> None:
        super().__init__(rest, set())
        self.keyword, self.rest = keyword, rest


class _GluedWords:
    """Lark post-lexer: raise GluedWord at a word-like keyword followed, with nothing between
    them, by a token starting with a letter, digit or '_' — in the source they are one word.
    (Where a name may stand the lexer reads the whole word as a name; only where none may does
    it cut the keyword off the front and go on with the rest.)"""

    always_accept: tuple = ()

    def process(self, stream):
        prev, end = None, -1
        for tok in stream:
            # Most tokens have a space before them: one comparison, and on to the next.
            if tok.start_pos == end and glued(prev, tok):  # type: ignore[arg-type]
                raise GluedWord(prev, tok)  # type: ignore[arg-type]
            yield tok
            prev, end = tok, tok.end_pos


def glued(prev: Token, tok: Token) -> bool:
    """Are ``prev`` (a keyword) and ``tok`` one word of the source, cut in two by the lexer?"""
    return tok.start_pos == prev.end_pos and prev.end_pos is not None \
        and _base(prev.type) != "NAME" and bool(_WORDLIKE.match(prev)) \
        and bool(_WORD_START.match(tok))


_WORDLIKE = re.compile(r"[A-Za-z_]+\Z")
_WORD_START = re.compile(r"[A-Za-z0-9_]")
_POSTLEX = _GluedWords()


@functools.lru_cache(maxsize=1)
def get_parser() -> Lark:
    """The LALR parser, built once per grammar and kept in the user's cache folder: building it
    costs ~1 s of CPU, loading the cached one ~0.04 s (`parser_cache`). A missing, unreadable,
    damaged or older-format cache file is rebuilt; a cache folder that cannot be written is
    simply not used."""
    path = parser_cache_path()
    try:
        with path.open("rb") as fh:
            loaded = parser_cache.load(fh)
        # The post-lexer is saved with the parser; a cache without it would read 'scenarioo'
        # as two words again.
        if loaded is not None and isinstance(loaded.options.postlex, _GluedWords):
            return loaded
    except Exception:  # noqa: BLE001 - any failure to load the cache means: build it again
        pass
    parser = build_parser()
    _save(parser, path)
    return parser


def build_parser() -> Lark:
    """The LALR parser built from ``grammar/`` by lark itself (what the cache file holds)."""
    return Lark.open(str(grammar_dir() / "catan.lark"), strict=_strict(), postlex=_POSTLEX,
                     **OPTIONS)


def _save(parser: Lark, path: Path) -> None:
    """Write the cache file whole or not at all (readers see the old file or the new one)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".parser-", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as fh:
            parser_cache.save(parser, fh)
        os.replace(tmp, path)
        prune_caches(path)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        with contextlib.suppress(OSError):
            os.unlink(tmp)


MAX_NESTING = 64        # docs/limits.md: real scenarios nest blocks and expressions < 10 deep
_NESTING = re.compile(r'"[^"\n]*"?|#[^\n]*|[{(\[]|[})\]]|\bnot\b|[^\s{}()\[\]"#]+')


def too_deep(src: SourceFile) -> Diagnostic | None:
    """E109 at the first bracket (or 'not') past MAX_NESTING, found in one linear scan, so no
    later stage can run out of stack on it."""
    depth = nots = 0
    for m in _NESTING.finditer(src.text):
        tok = m.group(0)
        if tok in ("{", "(", "["):
            depth += 1
        elif tok in ("}", ")", "]"):
            depth -= 1
        if tok == "not":
            nots += 1
        elif tok[0] not in '"#':
            nots = 0
        if depth > MAX_NESTING or nots > MAX_NESTING:
            what = "'not' repeated too often" if nots > MAX_NESTING else \
                "blocks and parentheses nested too deep"
            return make("E109", src.span_at(m.start(), len(tok)), what=what, limit=MAX_NESTING,
                        hint="split the rule into smaller ones, or drop redundant brackets")
    return None


def parse(src: SourceFile) -> tuple[Tree | None, list[Diagnostic]]:
    """Parse one file; on failure return ``None`` and exactly one syntax diagnostic."""
    deep = too_deep(src)
    if deep is not None:
        return None, [deep]
    try:
        return get_parser().parse(src.text), []
    except UnexpectedInput as e:
        keyword = _glued_keyword(e)
        if keyword is not None:
            return None, [_glued(src, keyword)]
        return None, [_diagnose(src, e)]
    except LarkError as e:  # pragma: no cover - lark internals; keep the promise of no tracebacks
        return None, [make("E100", src.span_at(0), message=f"cannot parse: {e}")]


def _base(term: str) -> str:
    """Strip lark's import namespace (``board__common__INT`` → ``INT``)."""
    return term.rsplit("__", 1)[-1]


_WORDS = {"INT": "a number", "NAME": "a name", "STRING": "a quoted string",
          "LBRACE": "'{'", "RBRACE": "'}'", "COMMA": "','", "SEMICOLON": "';'",
          "COLON": "':'", "MINUS": "'-'", "$END": "end of file"}


def _word(term: str) -> str:
    base = _base(term)
    if base in _WORDS:
        return _WORDS[base]
    pattern = _terminal_patterns().get(term)
    if pattern is not None:
        return f"'{pattern}'"
    return base.lower()


def terminal_literals() -> dict[str, str]:
    """Terminal name → literal text for keyword and punctuation terminals (``AT`` → ``at``),
    for tools that ask the parser what it accepts next (completion)."""
    return _terminal_patterns()


@functools.lru_cache(maxsize=1)
def _terminal_patterns() -> dict[str, str]:
    """Terminal name → literal text for keyword and punctuation terminals."""
    out = {}
    for t in get_parser().terminals:
        if t.pattern.type == "str":
            out[t.name] = t.pattern.value
    return out


def _expected_words(expected: set[str]) -> list[str]:
    words = sorted({_word(t) for t in expected if not t.startswith("__")})
    # Names and numbers read better first; keywords after, alphabetically.
    first = [w for w in ("a name", "a number", "a quoted string") if w in words]
    return first + [w for w in words if w not in first]


def _describe(tok: Token | None) -> str:
    if tok is None:
        return "end of file"
    if _base(tok.type) == "$END":
        return "end of file"
    return f"'{tok.value}'"


def _prev_token(e: UnexpectedToken) -> Token | None:
    ip = getattr(e, "interactive_parser", None)
    if ip is None:
        return None
    for v in reversed(ip.parser_state.value_stack):
        if isinstance(v, Token):
            return v
        if isinstance(v, Tree):
            toks = list(v.scan_values(lambda x: isinstance(x, Token)))
            if toks:
                return toks[-1]
    return None


def _diagnose(src: SourceFile, e: UnexpectedInput) -> Diagnostic:
    if isinstance(e, UnexpectedCharacters):
        span = src.span_at(e.pos_in_stream or 0, 1)
        ch = src.text[e.pos_in_stream] if e.pos_in_stream < len(src.text) else ""
        if ch == '"':
            return make("E102", span, hint="close the string with '\"' before the end of the line")
        lookalike = _non_ascii_letter(src, e.pos_in_stream)
        if lookalike is not None:
            return lookalike
        word = re.match(r"[A-Za-z_][A-Za-z0-9_]*", src.text[e.pos_in_stream:])
        if word and word.group(0) in RESERVED_SYNTAX:
            return make("E104", src.span_at(e.pos_in_stream, len(word.group(0))), word=word.group(0),
                        hint="'rule' is reserved; write 'on TRIGGER { ... }' for a triggered rule")
        if word:
            allowed = set(e.allowed or ())
            return make("E100", src.span_at(e.pos_in_stream, len(word.group(0))),
                        message=f"unexpected '{word.group(0)}'",
                        hint=_did_you_mean(word.group(0), allowed) or _expect_hint(allowed))
        return make("E103", span, char=repr(ch), hint="remove it, or put it inside a # comment")
    if isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and _base(e.token.type) == "$END"):
        return _eof(src)
    assert isinstance(e, UnexpectedToken)
    tok = e.token
    span = span_from_token(tok, src.path)
    if tok.start_pos is not None:        # "vіctory": the ASCII part lexed as a name on its own
        lookalike = _non_ascii_letter(src, tok.start_pos)
        if lookalike is not None:
            return lookalike
    if tok.value in RESERVED_SYNTAX and _base(tok.type) in ("NAME", tok.value.upper()):
        return make("E104", span, word=tok.value,
                    hint="'rule' is reserved; write 'on TRIGGER { ... }' for a triggered rule")
    prev = _prev_token(e)
    if prev is not None and _base(prev.type) == "NAME" and any(_base(t) == "GAINS" for t in e.expected):
        # A name where an effect starts, not followed by "gains"/"loses"/...: most likely a
        # misspelt or invented effect ("gian 1 gold").
        from catan_dsl.core.vocab import EFFECTS
        words = ["gain", "lose", "give", "draw", "choose", "each", "if", "move", "steal",
                 "discard_half", "place", "mark", "unmark", "build_free", "reroll", "reshuffle",
                 "set_yield", "award", "set_aside", "return_played", "take_development",
                 "remove", "reveal"]
        said = str(prev.value)
        close = [_SYNONYMS[said]] if said in _SYNONYMS else _close(said, words + list(EFFECTS))
        return make("E403", span_from_token(prev, src.path), name=prev.value,
                    hint=f"did you mean '{close[0]}'?" if close else "effects: " + ", ".join(words))
    numbered = _numbered_corner(src, tok)
    if numbered is not None:
        return numbered
    words = _expected_words(set(e.expected))
    after = f" after '{prev.value}'" if prev is not None else ""
    form = form_hint(src.text, prev.start_pos) if prev is not None and prev.start_pos is not None \
        else None
    if prev is not None and prev.start_pos is not None and _AMOUNT_OF.search(
            src.text, max(0, prev.start_pos - 40), prev.start_pos):
        form = "after the number, what: gain 1 ore, p gains 2 wool, lose 1 harvests"
        words = ["a resource or counter"]       # the parser's own list names odd keywords
    if tok.value == "=":
        form = "compare with '==' ('=' only names a value: let x = ..., set C = ...)"
    elif _base(tok.type) == "STRING" and any(_base(t) == "INT" for t in e.expected):
        bare = str(tok.value).strip('"')
        form = (f"write the number without quotes: {bare}" if bare.isdigit() else form or
                "a quoted string is a title, a label or a colour; here a name or a number goes")
    fits = _accepted(e)
    if 0 < len(words) <= 4:
        what = " or ".join(words) if len(words) <= 2 else ", ".join(words[:-1]) + " or " + words[-1]
        msg = f"expected {what}{after}, found {_describe(tok)}"
        return make("E100", span, message=msg,
                    hint=_did_you_mean(str(tok.value), fits) or form or f"write {what} here")
    return make("E100", span, message=f"unexpected {_describe(tok)}{after}",
                hint=_did_you_mean(str(tok.value), fits) or form or _expect_hint(fits))


def _accepted(e: UnexpectedToken) -> set[str]:
    """The tokens the parser takes at the error: its state's table lists more (an LALR state
    merges the lookaheads of several places, "} bar" after a rule's condition lists 'board'),
    so each is fed to a copy of the parser; the table's list when none is taken."""
    ip = getattr(e, "interactive_parser", None)
    fits = (ip.accepts() if ip is not None else set()) & set(e.expected)
    return fits or set(e.expected)


# "gain 1 }": an amount's verb right before the number the parse stopped after.
_AMOUNT_OF = re.compile(r"\b(gains?|loses?|gives?|draws?)\s+$")


def _glued_keyword(e: UnexpectedInput) -> Token | None:
    """The keyword a misspelt word starts with, when the parse stopped at the rest of it: the
    post-lexer saw the two halves (GluedWord), or the lexer found no token of this place for
    the rest ("playerss": after 'players' only a number may stand)."""
    if isinstance(e, GluedWord):
        return e.keyword
    if not isinstance(e, UnexpectedToken) or e.token.start_pos is None:
        return None
    history = getattr(e, "token_history", None)
    prev = history[-1] if history else _prev_token(e)
    return prev if prev is not None and glued(prev, e.token) else None


def _glued(src: SourceFile, keyword: Token) -> Diagnostic:
    """"scenarioo": one misspelt word, named whole, with the keyword it starts with."""
    start = keyword.start_pos or 0
    word = re.compile(r"\w+").match(src.text, start)
    text = word.group(0) if word else str(keyword.value)
    kw, rest = str(keyword.value), text[len(str(keyword.value)):]
    hint = f"did you mean '{kw}'?"
    if len(rest) > 2:                  # "scenariofoo": more likely a missing space than a typo
        hint = f"did you mean '{kw} {rest}'? A keyword is a word of its own"
    return make("E100", src.span_at(start, len(text)), message=f"unknown word '{text}'",
                hint=hint)
# Where a corner of a hex is written: a board's "corners NAME { q,r CORNER ... }" and the keys
# q,r,CORNER of "neutral N at ...", up to the coordinate just before the token.
_CORNER_PLACE = re.compile(r"(\bcorners\s+\w+\s*\{[^{}]*|\bneutral\s+\d+\s+at\s[^\n;{}]*)"
                           r"-?\d+\s*,\s*-?\d+\s*,?\s*$")


def _numbered_corner(src: SourceFile, tok: Token) -> Diagnostic | None:
    """A corner written as a number ("0,0 3"): corners are named; corner(h, K) numbers them."""
    if _base(tok.type) != "INT" or tok.start_pos is None:
        return None
    if not _CORNER_PLACE.search(src.text, max(0, tok.start_pos - 2000), tok.start_pos):
        return None
    return make("E100", span_from_token(tok, src.path),
                message=f"a corner is named, not numbered: found '{tok.value}'",
                hint="corners are named N NE SE S SW NW ('0,0 N'); in a rule, corner(h, K) "
                     "numbers them 1..6 clockwise from N")


# Letters of other scripts that look like ASCII ones (what a pasted or auto-corrected word holds).
_LOOKALIKES = dict(zip("аеорсухіјѕԁԛԝАВЕКМНОРСТХІЈЅοαντρχΑΒΕΗΙΚΜΝΟΡΤΧΥΖ",
                       "aeopcyxijsdqwABEKMHOPCTXIJSoavtpxABEHIKMNOPTXYZ"))


def _non_ascii_letter(src: SourceFile, pos: int) -> Diagnostic | None:
    """A word holding a letter from another script ("vіctory" with a Cyrillic і) is named by
    that letter and its code point, with the ASCII letter it looks like."""
    m = re.compile(r"\w+").match(src.text, pos)
    if m is None:
        return None
    word = m.group(0)
    for i, ch in enumerate(word):
        if ord(ch) > 127:
            import unicodedata

            name = unicodedata.name(ch, "unnamed character")
            like = _LOOKALIKES.get(ch)
            hint = (f"it looks like the ASCII letter '{like}': retype it" if like else
                    "names and keywords use ASCII letters, digits and '_' only")
            return make("E103", src.span_at(pos + i, 1),
                        char=f"'{ch}' (U+{ord(ch):04X} {name}) in '{word}'", hint=hint)
    return None


def _expect_hint(expected: set[str]) -> str | None:
    words = _expected_words(expected)
    if not words:
        return None
    if len(words) == 1:
        return f"expected {words[0]} here"
    shown = ", ".join(words[:20]) + (", ..." if len(words) > 20 else "")
    return f"expected one of: {shown}"


def _did_you_mean(word: str, expected: set[str]) -> str | None:
    """A misspelt keyword ("victroy") gets the keyword it is closest to."""
    close = _close(word, [w.strip("'") for w in _expected_words(expected) if w.startswith("'")])
    return f"did you mean '{close[0]}'?" if close else None


# Words a newcomer writes for an effect: the effect they mean (no letters in common to match).
_SYNONYMS = {"get": "gain", "receive": "gain", "earn": "gain", "collect": "gain", "pay": "lose",
             "spend": "lose", "rob": "steal", "destroy": "remove", "delete": "remove",
             "put": "place"}


def _close(word: str, candidates: list[str]) -> list[str]:
    """The candidate a typo of ``word`` most likely is: a typo drops, doubles or swaps a letter
    or two, so the lengths are close ("bar" is not "board", similar at 0.75, nor "dance"
    'place')."""
    import difflib          # only for a hint on a syntax error (start-up)

    near = [k for k in candidates if abs(len(k) - len(word)) <= max(1, len(k) // 4)]
    return difflib.get_close_matches(word, near, n=1, cutoff=0.7)


def _eof(src: SourceFile) -> Diagnostic:
    opened = _unclosed_brace(src.text)
    if opened is not None:
        span = src.span_at(opened, 1)
        colour = re.search(r"\bcolor\s+#", src.text)
        return make("E101", src.eof_span(), detail=": a '{' is never closed",
                    notes=(("the unclosed '{' is here", span),),
                    hint="add the missing '}'" if colour is None else
                    "a colour is written in quotes, color \"#2e7d32\": '#' starts a comment, "
                    "which hid the rest of the line and its '}'")
    if not re.sub(r"#[^\n]*", "", src.text).strip():
        return make("E101", src.eof_span(), detail=": the file is empty",
                    hint="a scenario starts 'scenario NAME extends base { ... }'")
    return make("E101", src.eof_span(), detail="", hint="the file stops in the middle of a statement")


def _unclosed_brace(text: str) -> int | None:
    """Offset of the innermost '{' left open at the end (strings and comments skipped)."""
    stack: list[int] = []
    for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[{}]', text):
        t = m.group(0)
        if t == "{":
            stack.append(m.start())
        elif t == "}" and stack:
            stack.pop()
    return stack[-1] if stack else None


def span_of(tok: Token, path: str) -> Span:
    return span_from_token(tok, path)

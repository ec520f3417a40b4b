"""Source text → the same text in canonical layout (indentation, spacing, aligned tables and
trailing comments); tokens, comments and line breaks are kept, so the IR cannot change."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lark import Token, Tree

from catan_dsl.check.load import read_source
from catan_dsl.core.diagnostics import Diagnostic, Report, make
from catan_dsl.core.source import SourceFile
from catan_dsl.syntax.keywords import grammar_keywords
from catan_dsl.syntax.parser import parse

INDENT = "  "
CONTINUATION = 4                 # extra indent of a continued line that had none of its own
# One token of the language: the terminals of grammar/common.lark plus its punctuation.
_TOKEN = re.compile(r'"([^"\\\n]|\\.)*"|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[0-9]+'
                    r'|\.\.|==|!=|<=|>=|[^\sA-Za-z0-9_]')
_OPEN, _CLOSE = "{([", "})]"
# A line that starts with one of these, or follows a line ending with one, continues a
# statement: its indent is kept relative to the statement's first line.
_CONTINUES = {"and", "or", "where", "+", "-", "*", "/", "==", "!=", "<", "<=", ">", ">=", "="}


@dataclass
class _Tok:
    text: str
    start: int


@dataclass
class _Line:
    toks: list[_Tok]           # code tokens, comment excluded
    comment: str | None        # a trailing or whole-line "# ..." comment
    orig_indent: int
    indent: int = 0
    structural: bool = True    # False: a continuation line (indent kept relative)
    code: str = ""             # the tokens laid out, without indent and comment
    block: str = ""            # first word of the line that opened the innermost block
    facts: tuple = ()          # (tight, calls, unary) offsets of the file, for code_of

    def code_of(self, toks: list[_Tok]) -> str:
        return _layout(toks, *self.facts)


def format_source(src: SourceFile) -> tuple[str | None, list[Diagnostic]]:
    """The canonical text of ``src``, or None and the syntax diagnostic when it does not parse."""
    tree, diags = parse(src)
    if tree is None:
        return None, diags
    tight, calls, unary = _tree_facts(tree)
    lines = _split_lines(src.text)
    _indent(lines)
    for ln in lines:
        ln.facts = (tight, calls, unary)
        ln.code = _layout(ln.toks, tight, calls, unary)
    _align_tables(lines, grammar_keywords())
    text = "\n".join(_with_comments(lines)).rstrip("\n") + "\n"
    # Only spaces may change: the same tokens, comments and lines, or no output at all.
    if _tokens(text) != _tokens(src.text):
        return None, [make("E900", src.span_at(0), reason="fmt would change the file's tokens",
                           hint="please report this together with the input file")]
    return text, []


def _tokens(text: str) -> list[tuple[int, str]]:
    return [(n, m.group(0).rstrip()) for n, line in enumerate(text.rstrip("\n").split("\n"))
            for m in _TOKEN.finditer(line)]


def _tree_facts(tree: Tree) -> tuple[dict[int, int], set[int], set[int]]:
    """Offsets the tokens alone do not tell: commas inside a coordinate ``0,-2`` (no spaces),
    names that start a call (no space before ``(``) and minus signs of a number (``-2``)."""
    tight: dict[int, int] = {}      # offset → the coordinate (or ratio) it belongs to
    calls: set[int] = set()
    unary: set[int] = set()
    for t in tree.iter_subtrees():
        kind = str(t.data).rsplit("__", 1)[-1]      # imported rules are namespaced: board__coord
        if kind == "coord" and not t.meta.empty:
            tight.update(dict.fromkeys(range(t.meta.start_pos, t.meta.end_pos), t.meta.start_pos))
        elif kind in ("call", "eff_call", "stock_call") and t.children and isinstance(t.children[0], Token):
            calls.add(t.children[0].start_pos)
        elif kind == "sint" and len(t.children) == 2:
            unary.add(t.children[0].start_pos)
        elif kind == "vp_neg" and not t.meta.empty:  # "vp -2": its minus is not in the tree
            unary.update(range(t.meta.start_pos, t.meta.end_pos))
        elif kind in ("procedure", "define") and isinstance(t.children[0], Token):
            calls.add(t.children[0].start_pos)     # procedure name(params), like a call
        elif kind == "harbor":               # the ratio 3:1
            ints = [c for c in t.children if isinstance(c, Token) and c.type.endswith("INT")]
            if len(ints) >= 2:
                tight.update(dict.fromkeys(range(ints[0].start_pos, ints[1].end_pos),
                                           ints[0].start_pos))
    return tight, calls, unary


def _split_lines(text: str) -> list[_Line]:
    lines = []
    for raw in text.split("\n"):
        toks, comment = [], None
        for m in _TOKEN.finditer(raw):
            if m.group(0).startswith("#"):
                comment = m.group(0).rstrip()
                break
            toks.append(_Tok(m.group(0), m.start()))
        lines.append(_Line(toks, comment, len(raw) - len(raw.lstrip(" \t"))))
    # Offsets into the whole text, so they match the parse tree's positions.
    offset = 0
    for ln, raw in zip(lines, text.split("\n")):
        for t in ln.toks:
            t.start += offset
        offset += len(raw) + 1
    return lines


def _indent(lines: list[_Line]) -> None:
    """Structural lines get two spaces per open block; continuation lines (inside a bracket
    that has more on its own line, or after/before an operator) keep their offset from the
    statement's first line, so hand alignment survives and a second run changes nothing."""
    stack: list[bool] = []           # per open bracket: is something after it on its line?
    openers: list[str] = []          # per open bracket: the first word of its line
    anchor_orig = anchor_new = 0
    prev_end = ""
    for ln in lines:
        if not ln.toks and ln.comment is None:
            continue
        first = ln.toks[0].text if ln.toks else ""
        closers = 0
        for t in ln.toks:
            if t.text in _CLOSE:
                closers += 1
            else:
                break
        hanging = any(stack[:len(stack) - closers])
        continued = ln.toks and (first in _CONTINUES or prev_end in _CONTINUES
                                 or first == "else" and prev_end != "}")
        ln.block = openers[-1] if openers else ""
        if hanging or (continued and first not in _CLOSE):
            ln.structural = False
            offset = ln.orig_indent - anchor_orig
            ln.indent = anchor_new + (offset if offset > 0 else CONTINUATION)
        else:
            ln.indent = len(INDENT) * max(0, len(stack) - closers)
            if ln.toks:
                anchor_orig, anchor_new = ln.orig_indent, ln.indent
        for i, t in enumerate(ln.toks):
            if t.text in _OPEN:
                stack.append(i + 1 < len(ln.toks))
                openers.append(ln.toks[0].text)
            elif t.text in _CLOSE and stack:
                stack.pop()
                openers.pop()
        if ln.toks:
            prev_end = ln.toks[-1].text


def _layout(toks: list[_Tok], tight: dict[int, int], calls: set[int], unary: set[int]) -> str:
    out = []
    for i, t in enumerate(toks):
        if i and _space(toks[i - 1], t, tight, calls, unary):
            out.append(" ")
        out.append(t.text)
    return "".join(out)


def _space(a: _Tok, b: _Tok, tight: dict[int, int], calls: set[int], unary: set[int]) -> bool:
    """Is there a space between two neighbouring tokens in canonical layout?"""
    x, y = a.text, b.text
    if a.start in tight and tight.get(b.start) == tight[a.start]:
        return False                                 # 0,-2 (but "0,0 1,0": two of them)
    if x == "-" and a.start in unary or x in ("(", "[") or y in (")", "]", ",", ";", ":"):
        return False                                 # -2, (x, f(a, b), max(q in players: …)
    if y in ("(", "["):
        return a.start not in calls                  # count(…) but "where (a or b)"
    if x == "{" and y == "}":
        return False
    return not (x in ("..", "|") or y in ("..", "|"))    # 2..4, road|settlement


# Runs of these lines are laid out as tables (docs/editors.md): declarations that start
# with the word, settings blocks ("robber { … }") and the lines of a harbors block.
TABLE_WORDS = {"terrain", "piece", "card", "special", "token", "counter", "option"}
SETTINGS = {"robber", "trade", "production", "setup", "players", "bank", "victory"}


def _align_tables(lines: list[_Line], keywords: frozenset[str]) -> None:
    """Line up the columns of table-like runs of consecutive lines: the part before the first
    keyword (or brace) is padded, then each keyword's segment (``number 2``, ``event e``,
    ``x 1``, ``at 0,-2 NW``) gets its own column, blank where a line has none."""
    i = 0
    while i < len(lines):
        key = _table_key(lines[i])
        if key is None:
            i += 1
            continue
        run, j = [i], i + 1
        while j < len(lines) and (not lines[j].structural and lines[j].toks
                                  or _table_key(lines[j]) == key):
            if lines[j].structural:
                run.append(j)
            j += 1
        if len(run) >= 2:
            _align_run([lines[k] for k in run], keywords)
        i = j


def _table_key(ln: _Line) -> tuple | None:
    if not ln.structural or len(ln.toks) < 2:
        return None
    first = ln.toks[0].text
    if ln.block == "harbors":
        return (ln.indent, "harbors")
    if first in TABLE_WORDS:
        return (ln.indent, first)
    if first in SETTINGS and ln.toks[1].text == "{":
        return (ln.indent, "settings")
    return None


def _segments(ln: _Line, keywords: frozenset[str]) -> tuple[list[_Tok], list[tuple[str, list[_Tok]]]]:
    """A line cut into its head and its keyword segments (only at bracket depth 0)."""
    head: list[_Tok] = []
    segs: list[tuple[str, list[_Tok]]] = []
    depth = 0
    for k, t in enumerate(ln.toks):
        starts = depth == 0 and k >= 1 and (t.text == "{" or t.text in keywords)
        if starts:
            segs.append((t.text, [t]))
        elif segs:
            segs[-1][1].append(t)
        else:
            head.append(t)
        if t.text in _OPEN:
            depth += 1
        elif t.text in _CLOSE:
            depth -= 1
    return head, segs


def _align_run(run: list[_Line], keywords: frozenset[str]) -> None:
    cut = [_segments(ln, keywords) for ln in run]
    columns: list[str] = []
    for _, segs in cut:
        for name, _ in segs:
            if name not in columns:
                columns.append(name)
    for _, segs in cut:          # a line with its keywords in another order: no table
        order = [columns.index(n) for n, _ in segs]
        if order != sorted(order) or len(set(order)) != len(order):
            return
    text = [(ln.code_of(head), {n: ln.code_of(toks) for n, toks in segs})
            for ln, (head, segs) in zip(run, cut)]
    widths = [max(len(h) for h, _ in text)] + \
        [max(len(cols.get(c, "")) for _, cols in text) for c in columns]
    for ln, (head, cols) in zip(run, text):
        cells = [head.ljust(widths[0])] + [cols.get(c, "").ljust(w) for c, w in zip(columns, widths[1:])]
        ln.code = " ".join(cells).rstrip()


def _with_comments(lines: list[_Line]) -> list[str]:
    """Indent each line and put trailing comments two spaces after the code, aligned across
    consecutive lines that have one."""
    out = [""] * len(lines)
    i = 0
    while i < len(lines):
        ln = lines[i]
        if not ln.toks:
            out[i] = " " * ln.indent + ln.comment if ln.comment is not None else ""
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].toks and lines[j].comment is not None:
            j += 1
        if j == i:
            out[i] = " " * ln.indent + ln.code
            i += 1
            continue
        col = max(lines[k].indent + len(lines[k].code) for k in range(i, j)) + 2
        for k in range(i, j):
            body = " " * lines[k].indent + lines[k].code
            out[k] = body.ljust(col) + lines[k].comment  # type: ignore[operator]
        i = j
    return out


@dataclass
class Formatted:
    """One file's outcome: its text before and after (None when it does not parse)."""

    path: str
    before: str
    after: str | None
    diagnostics: list[Diagnostic]

    @property
    def changed(self) -> bool:
        return self.after is not None and self.after != self.before


def format_file(path: str) -> Formatted:
    """Read ``path`` as ``check`` does (size limit, UTF-8) and format it; writes nothing."""
    report = Report()
    src = read_source(path, report)
    if src is None:
        return Formatted(path, "", None, list(report.diagnostics))
    try:
        raw = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        raw = src.text
    after, diags = format_source(src)
    return Formatted(path, raw, after, diags)

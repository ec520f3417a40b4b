"""Source text → every syntax error of the file, not just the first: after an error the
statement holding it is blanked (spaces, so every offset and line stays) and parsing resumes,
so each further error is reported where it is, without follow-on noise."""

from __future__ import annotations

import re

from catan_dsl.core.diagnostics import Diagnostic, make
from catan_dsl.core.source import SourceFile
from catan_dsl.syntax.lark_import import Tree
from catan_dsl.syntax.parser import parse

MAX_ERRORS = 20          # an editor shows this many; past it the file is not worth reading on
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|\.\.|==|!=|<=|>='
                    r'|\n|[^\sA-Za-z0-9_]')
# A line starting with one of these (or after a line ending with one) continues a statement.
_CONTINUES = {"and", "or", "where", "+", "-", "*", "/", "==", "!=", "<", "<=", ">", ">=", "=", ",",
              "else", "label"}
# Errors after which nothing further can be read reliably.
_FINAL = {"E101", "E109"}


def parse_all(src: SourceFile) -> tuple[Tree | None, list[Diagnostic]]:
    """The tree, or None and every syntax error (in file order, at most ``MAX_ERRORS``)."""
    tree, diags = parse(src)
    if tree is not None:
        return tree, []
    found = list(diags)
    try:
        _recover(src, found)
    except Exception:  # noqa: BLE001 - recovery is a bonus: the first error always stands
        del found[1:]
    found.sort(key=lambda d: (d.span.start if d.span is not None else 0))
    return None, found


def set_aside(src: SourceFile) -> str:
    """``src``'s text with each statement holding a syntax error blanked (every offset kept), as
    far as recovery gets (it stops at an unexpected end of file): what the rest of the file says
    while one line is being typed, for the language server's completion."""
    tree, diags = parse(src)
    if tree is not None or not diags:
        return src.text
    try:
        return _recover(src, list(diags))
    except Exception:  # noqa: BLE001 - a bonus, as for parse_all: the text as it is stands
        return src.text


def _recover(src: SourceFile, found: list[Diagnostic]) -> str:
    """Append the errors after ``found[-1]``, repairing the text after each; the repaired text."""
    text = src.text
    # Each further error costs a parse of the whole file: a huge file gets only a few.
    limit = MAX_ERRORS if len(text) < 100_000 else 3
    while len(found) < limit and found[-1].code not in _FINAL:
        span = found[-1].span
        at = span.start if span is not None else None
        if at is None:
            break
        repaired, closed_block = _repair(text, at, found[-1].code)
        if repaired == text:
            break
        opened = _open_brace(text, at) if closed_block else None
        if opened is not None:               # a declaration inside a rule: say what is missing
            word = re.match(r"[A-Za-z_]+", text[at:]).group(0)  # type: ignore[union-attr]
            line = text.count("\n", 0, opened) + 1
            found[-1] = make("E100", found[-1].span,
                             message=f"'{word}' starts a declaration, but the block opened on "
                                     f"line {line} is still open",
                             notes=(("the block opened here", src.span_at(opened, 1)),),
                             hint="add the missing '}' before it")
        tree, diags = None, []
        earlier = _blank_previous(text, at) if not closed_block else text
        if earlier != text:
            # The error is the first word of a line: the statement before may be the one left
            # unfinished ("victory" with no number). If dropping it lets the parse past this
            # spot, that was the mistake; else this line's statement is.
            tree, diags = parse(SourceFile(src.path, earlier))
            eol = text.find("\n", at)
            moved = tree is not None or not diags or \
                (diags[0].span is not None and diags[0].span.start > (eol if eol >= 0 else at))
            repaired = earlier if moved else repaired
            if not moved:
                tree, diags = None, []
        text = repaired
        if tree is None and not diags:
            tree, diags = parse(SourceFile(src.path, text))
        if tree is not None or not diags:
            break
        d = diags[0]
        if any(x.span and d.span and x.span.start == d.span.start for x in found):
            break                            # the same spot again: no further progress
        found.append(d)
    return text


# Words that only start a statement of a scenario's body: met inside a rule's block, the
# block most likely lacks its closing brace.
_TOP_LEVEL = {"terrain", "piece", "development", "special", "board", "option", "counter",
              "deck", "neutral", "action", "forbid", "modifier", "chain", "procedure", "marker", "die", "unit"}


def _repair(text: str, at: int, code: str) -> tuple[str, bool]:
    """The smallest edit that lets parsing go on past the error at offset ``at``: close an
    unterminated string before the line's closing braces, close a block left open before a
    top-level declaration, else blank the statement. Offsets stay where they can (a space
    becomes the missing character). The flag says a missing '}' was supplied."""
    if code == "E102":
        # Close it before the first brace or ";" after the quote (what follows a title
        # or colour is usually the statement's own structure), else at the end of the line.
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        stop = re.search(r"\s*[{};]", text[at + 1:end])
        j = at + 1 + stop.start() if stop else end
        if j > at + 1 and text[j - 1] == " " or stop and text[j] == " ":
            k = j if j < len(text) and text[j] == " " else j - 1   # the quote may end the text
            return text[:k] + '"' + text[k + 1:], False
        return text[:j] + '"' + text[j:], False
    word = re.match(r"[A-Za-z_]+", text[at:])
    if word and word.group(0) in _TOP_LEVEL and _depth(text, at) >= 2:
        if at > 0 and text[at - 1] == " ":
            return text[:at - 1] + "}" + text[at:], True
        return text[:at] + "} " + text[at:], True
    return _blank_statement(text, at), False


def _blank_previous(text: str, at: int) -> str:
    """``text`` with the statement just before the one holding offset ``at`` blanked, when that
    one starts its line and a statement of the same block precedes it; else ``text``."""
    toks = _tokens(text)
    i = next((k for k, (pos, _) in enumerate(toks) if pos >= at), len(toks))
    if i == len(toks):
        return text
    i = _statement_start(toks, i)          # the statement holding the error, from its start
    if i < 2 or toks[i - 1][1] != "\n":
        return text
    prev = max((k for k in range(i) if toks[k][1] != "\n"), default=None)
    if prev is None or toks[prev][1] in ("{", "}", ";"):
        return text
    start = _statement_start(toks, prev)
    if start == 0:
        return text
    lo, hi = toks[start][0], toks[prev][0] + len(toks[prev][1])
    return text[:lo] + re.sub(r"[^\n]", " ", text[lo:hi]) + text[hi:]


def _open_brace(text: str, at: int) -> int | None:
    """Offset of the innermost '{' still open at ``at``."""
    stack: list[int] = []
    for pos, tok in _tokens(text[:at]):
        if tok == "{":
            stack.append(pos)
        elif tok == "}" and stack:
            stack.pop()
    return stack[-1] if stack else None


def _depth(text: str, at: int) -> int:
    depth = 0
    for pos, tok in _tokens(text[:at]):
        depth += 1 if tok == "{" else -1 if tok == "}" else 0
    return depth


def _tokens(text: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group(0)) for m in _TOKEN.finditer(text)
            if not m.group(0).startswith("#")]


def _blank_statement(text: str, at: int) -> str:
    """``text`` with the statement around offset ``at`` replaced by spaces (newlines kept): from
    the statement's first token to its end (a ``;``, the end of its line at its own depth,
    past any block it opens, or the ``}`` that closes the enclosing block)."""
    toks = _tokens(text)
    i = next((k for k, (pos, _) in enumerate(toks) if pos >= at), len(toks))
    if i == len(toks):
        return text
    start = _statement_start(toks, i)
    if start == 0:
        return text                          # the file's header: nothing after it can be read
    end = _statement_end(toks, i)
    if end <= start:                         # a stray closing brace: drop just that token
        pos, tok = toks[i]
        return text[:pos] + " " * len(tok) + text[pos + len(tok):]
    lo, hi = toks[start][0], toks[end - 1][0] + len(toks[end - 1][1])
    return text[:lo] + re.sub(r"[^\n]", " ", text[lo:hi]) + text[hi:]


def _statement_start(toks: list[tuple[int, str]], i: int) -> int:
    """Walk back to the token after the last boundary: an opening or closing brace or a
    ``;`` of the same block, or a line break that ends a complete line."""
    depth = 0
    k = i - 1
    while k >= 0:
        tok = toks[k][1]
        if tok == "}":
            if depth == 0:
                return k + 1
            depth -= 1
        elif tok == "{":
            if depth == 0:
                return k + 1
            depth += 1
        elif tok == ";" and depth == 0:
            return k + 1
        elif tok == "\n" and depth == 0 and not _joined(toks, k):
            return k + 1
        k -= 1
    return 0


def _joined(toks: list[tuple[int, str]], nl: int) -> bool:
    """Does the line break at ``nl`` sit inside one statement (a continuation)?"""
    before = next((t for _, t in reversed(toks[:nl]) if t != "\n"), "")
    after = next((t for _, t in toks[nl + 1:] if t != "\n"), "")
    return before in _CONTINUES or after in _CONTINUES or before == "("


def _statement_end(toks: list[tuple[int, str]], i: int) -> int:
    """The index after the statement's last token (exclusive)."""
    depth = parens = 0
    k = i
    while k < len(toks):
        tok = toks[k][1]
        if tok in ("(", "["):
            parens += 1
        elif tok in (")", "]") and parens:
            parens -= 1
        elif tok == "{":
            depth += 1
        elif tok == "}":
            if depth == 0:
                return k                      # closes the enclosing block: not ours
            depth -= 1
            if depth == 0 and not _joined_after_block(toks, k):
                return k + 1
        elif tok == ";" and depth == 0:
            return k + 1
        elif tok == "\n" and depth == 0 and parens == 0 and not _joined(toks, k):
            return k
        k += 1
    return k


def _joined_after_block(toks: list[tuple[int, str]], close: int) -> bool:
    """After a block's ``}``, does the statement go on (``} else {``) on the same line?"""
    nxt = toks[close + 1][1] if close + 1 < len(toks) else "\n"
    return nxt == "else"

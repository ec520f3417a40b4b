"""A lark lexer state's terminals, in lark's order → a scanner that tries them one at a time,
so a state's first token costs no regular-expression compile.

Lark's contextual lexer gives every parser state its own scanner: one regular expression
joining the terminals the state accepts, `(?P<NAME>...)|(?P<AT>at)|...`, compiled by `re` when
the state first lexes. A check of base.catan reaches ~90 such states, and compiling their
expressions was the largest single cost of its start-up (bench/README.md, start-up). A joined
expression answers with the first alternative that matches where the token starts, so trying
the terminals one by one in the same order answers the same; the grammar's terminals are a
handful of regular expressions (names, numbers, strings, spaces, comments), joined in the
same order (seven distinct joins in the whole grammar, each compiled once per process and
shared by every state), and a few hundred literal words, tried with `str.startswith` (grouped
by their first character).

`prebuild` puts such a scanner in each of a contextual lexer's states when the parser is saved
(`parser_cache.save`), after lark's own code has decided each state's terminals and keyword
callbacks (`_create_unless`: a word that a name's pattern also matches is lexed as a name and
retyped); nothing of lark's is patched, and a lexer this module cannot mirror exactly (bytes,
global regex flags, another regex module) keeps lark's scanner.
"""

from __future__ import annotations

import re
from typing import Any

from catan_dsl.syntax.lark_import import (BasicLexer, ContextualLexer, PatternStr, TerminalDef,
                                          UnlessCallback)

# Pattern text → compiled pattern, shared by every state's scanner in this process.
_COMPILED: dict[str, re.Pattern[str]] = {}


def _compiled(pattern: str) -> re.Pattern[str]:
    found = _COMPILED.get(pattern)
    if found is None:
        found = _COMPILED[pattern] = re.compile(pattern)
    return found


class OrderedScanner:
    """Lark's `Scanner` interface (`match`, `fullmatch`, `allowed_types`) over ``terminals`` in
    the order given: the first that matches wins, as in lark's joined pattern.

    A step is ``(pattern, names, None)`` for a run of regular-expression terminals, joined as
    ``(A)|(B)|...`` with unnamed groups (a handful of distinct runs in the whole grammar, so
    their compiles are shared by every state; ``names`` maps the matching alternative's group
    number to its terminal), or ``(None, None, words)`` for a run of literal terminals,
    ``words`` mapping a first character to its ``(text, name)`` pairs in order. Only pattern
    texts are saved; they are compiled on first use."""

    def __init__(self, terminals: list[TerminalDef], shared: dict | None = None) -> None:
        """``shared``: equal parts of several scanners made one object (a smaller pickle)."""
        one = (lambda x: x) if shared is None else (lambda x: shared.setdefault(x, x))
        self.allowed_types = {t.name for t in terminals}
        plan: list[tuple[str | None, dict[int, str] | None, dict | None]] = []
        regexes: list[TerminalDef] = []
        for t in terminals:
            if isinstance(t.pattern, PatternStr) and not t.pattern.flags:
                if regexes:
                    plan.append(_joined(regexes))
                    regexes = []
                if not plan or plan[-1][2] is None:
                    plan.append((None, None, {}))
                words = plan[-1][2]
                assert words is not None
                text = t.pattern.value
                words[text[0]] = one(words.get(text[0], ()) + (one((text, t.name)),))
            else:
                regexes.append(t)
        if regexes:
            plan.append(_joined(regexes))
        self._plan = tuple(plan)
        self._steps: tuple | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {"allowed_types": self.allowed_types, "_plan": self._plan}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._steps = None

    def _compile(self) -> tuple:
        self._steps = tuple((None if p is None else _compiled(p), names, words)
                            for p, names, words in self._plan)
        return self._steps

    def match(self, text: Any, pos: int) -> tuple[str, str] | None:
        """(matched text, terminal name) of the first terminal matching ``text`` at ``pos``
        (``text`` a lark `TextSlice`: nothing at or past its end is read)."""
        s, end = text.text, text.end
        for regex, names, words in self._steps or self._compile():
            if regex is not None:
                m = regex.match(s, pos, end)
                if m:
                    return m.group(0), names[m.lastindex]
            else:
                for word, name in words.get(s[pos], ()):
                    if s.startswith(word, pos, end):
                        return word, name
        return None

    def fullmatch(self, text: str) -> str | None:
        """The name of the first terminal matching the whole of ``text``, or None."""
        for regex, names, words in self._steps or self._compile():
            if regex is not None:
                m = regex.fullmatch(text)
                if m:
                    return names[m.lastindex]
            elif text:
                for word, name in words.get(text[0], ()):
                    if word == text:
                        return name
        return None


def _joined(terminals: list[TerminalDef]) -> tuple[str, dict[int, str], None]:
    """Regular-expression terminals as one pattern of unnamed groups, and each group's number
    → its terminal (a group's own inner groups come after it, and close before it, so the
    outer group is the match's `lastindex`)."""
    parts, names, group = [], {}, 1
    for t in terminals:
        regexp = t.pattern.to_regexp()
        parts.append(f"({regexp})")
        names[group] = t.name
        group += 1 + re.compile(regexp).groups
    return "|".join(parts), names, None


def _mirrorable(lexer: BasicLexer) -> bool:
    """Can an OrderedScanner answer exactly as this lexer's own scanner would?"""
    return type(lexer) is BasicLexer and lexer.re is re and not lexer.g_regex_flags \
        and not lexer.use_bytes


def prebuild(lexer: ContextualLexer) -> None:
    """Give every state of ``lexer`` (and its root lexer, which words its errors) an
    OrderedScanner, built from the terminals and keyword callbacks lark's own code chooses."""
    done: set[int] = set()
    shared: dict = {}
    for basic in [*lexer.lexers.values(), lexer.root_lexer]:
        if id(basic) in done or not isinstance(basic, BasicLexer) or not _mirrorable(basic):
            continue
        done.add(id(basic))
        own = basic._build_scanner()        # sets basic.callback; compiles, once, at save time
        for callback in basic.callback.values():
            if isinstance(callback, UnlessCallback):
                callback.scanner = OrderedScanner(callback.scanner.terminals, shared)
        basic._scanner = OrderedScanner(own.terminals, shared)  # type: ignore[assignment]
        basic.newline_types = shared.setdefault(basic.newline_types, basic.newline_types)
        basic.ignore_types = shared.setdefault(basic.ignore_types, basic.ignore_types)

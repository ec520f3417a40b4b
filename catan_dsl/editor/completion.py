"""A document's text + a cursor → what may be typed there, while the line is unfinished: the
grammar's words the LALR parser accepts after the text up to the cursor (earlier unfinished
statements set aside), and where a name goes, the names of the kind that position takes —
triggers after ``on``, stocks after ``gain 1``, terrains in a board's tiles, the compared
kind after ``==``, the files ``extends``/``import``/``with`` can reach."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from pathlib import Path

from lark import Token
from lark.exceptions import LarkError, UnexpectedToken
from lark.parsers.lalr_interactive_parser import InteractiveParser

from catan_dsl.check.load import Model, load_model
from catan_dsl.check.reading import ParsedFiles, reachable_files
from catan_dsl.core import vocab
from catan_dsl.core.diagnostics import Report
from catan_dsl.core.source import SourceFile
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R
from catan_dsl.syntax.keywords import grammar_keywords
from catan_dsl.syntax.parser import get_parser, parse, terminal_literals
from catan_dsl.syntax.recovery import set_aside
from catan_dsl.syntax.transformer import to_ast


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str          # "keyword" | "function" | "trigger" | "file" | a declared kind ("terrain", ...)
    detail: str = ""


_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|==|!=|<=|>='
                    r'|\.\.|\n|[^\sA-Za-z0-9_]')
_PARTIAL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
# A line ending with one of these goes on on the next line (recovery.py reads lines alike).
_CONTINUES = {"and", "or", "where", "+", "-", "*", "/", "==", "!=", "<", "<=", ">", ">=", "=",
              ",", "in", "not", "("}

# Effects as written → their vocabulary entries (core/vocab.py), whose parameter types say which
# names the effect's name slot takes; and where that slot is: right after the word, after
# "from", or (the default) after the first expression ("gain 1 |", "mark e |").
_EFFECT_WORDS = {"gain": ("gain",), "gains": ("gain",), "lose": ("lose",), "loses": ("lose",),
                 "give": ("transfer", "give_item"), "gives": ("transfer", "give_item"),
                 "draw": ("draw",), "draws": ("draw",), "award": ("award",),
                 "set_aside": ("set_aside",), "reshuffle": ("reshuffle",),
                 "reveal": ("reveal",), "place": ("place",), "set_yield": ("set_yield",),
                 "mark": ("mark",), "unmark": ("unmark",), "build_free": ("build_free",),
                 "return_played": ("return_played",), "put": ("put_markers", "put_unit"),
                 "take": ("take_markers", "take_unit"), "move": ("move_unit",),
                 "extend": ("extend",)}
_SLOT_AFTER_WORD = {"award", "set_aside", "reshuffle", "reveal", "place", "set_yield", "move",
                    "extend"}
_SLOT_AFTER_FROM = {"draw", "draws"}
# Declared kinds a value type names ("stock": what gain/lose move).
_TYPE_KINDS = {"stock": ("resource", "counter", "item"), "resource": ("resource",),
               "set:resource": ("resource",)}
_WITHOUT = {"action": "action", "special": "special", "card": "card", "board": "board"}


def completions(path: str, text: str, line: int, col: int) -> list[Completion]:
    """What may come at (0-based) ``line``, ``col``; a partial word before the cursor is what
    the editor filters the list by, so the position is judged from where that word starts."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return []
    head = lines[line][:col]
    partial = _PARTIAL.search(head)
    cut = sum(len(x) + 1 for x in lines[:line]) + col - (len(partial.group(0)) if partial else 0)
    prefix = text[:cut]
    accepted = _accepted_terminals(prefix)
    words = grammar_keywords()
    literals = terminal_literals()
    out: list[Completion] = []
    if accepted is None:
        out += [Completion(w, "keyword") for w in sorted(words)]
        name_ok = True
    else:
        out += [Completion(lit, "keyword") for t in sorted(accepted)
                if (lit := literals.get(t)) is not None and lit in words]
        name_ok = any(t.rsplit("__", 1)[-1] == "NAME" for t in accepted)
    if name_ok:
        out += _names_for(path, text, cut, _tokens(prefix))
    seen: set[str] = set()
    return [c for c in out if not (c.label in seen or seen.add(c.label))]  # type: ignore[func-returns-value]


def _accepted_terminals(prefix: str) -> set[str] | None:
    """Terminal names the parser accepts after ``prefix``, earlier statements with a syntax
    error set aside; None when even then the text up to the cursor cannot be read."""
    for attempt in (prefix, None):
        try:
            ip = get_parser().parse_interactive(attempt if attempt is not None else
                                                set_aside(SourceFile("<completion>", prefix)))
            ip.exhaust_lexer()
            return _accepts(ip)
        except LarkError:
            continue
    return None


def _accepts(ip: InteractiveParser) -> set[str]:
    """``ip.accepts()`` for a grammar split with %import: lark tells terminals from rules by
    ``name.isupper()``, which no namespaced terminal (``rules__NAME``) passes, so after ``on``
    or ``gain 1`` it answered that no name could follow."""
    conf = copy.copy(ip.parser_state.parse_conf)
    conf.callbacks = {}                     # feeding a trial token builds no tree
    out = set()
    for t in ip.choices():
        if not t.rsplit("__", 1)[-1].isupper():
            continue                        # a rule, not a terminal
        trial = ip.copy(deepcopy_values=False)
        trial.parser_state.parse_conf = conf
        try:
            trial.feed_token(Token(t, ""))
        except UnexpectedToken:
            continue
        out.add(t)
    return out


def _tokens(text: str) -> list[str]:
    return [m.group(0) for m in _TOKEN.finditer(text)
            if not m.group(0).startswith("#") and not m.group(0).startswith('"')]


def _statement(toks: list[str]) -> tuple[list[str], list[str]]:
    """The current statement's tokens up to the cursor, and the header of the innermost block
    still open (``["tiles"]``, ``["on", "built", "road"]``, ``["scenario", "s", ...]``)."""
    start, opened = 0, []
    for i, tok in enumerate(toks):
        if tok == "{":
            opened.append(start)
            start = i + 1
        elif tok == "}":
            start = i + 1
            if opened:
                opened.pop()
        elif tok == ";":
            start = i + 1
        elif tok == "\n":
            before = next((t for t in reversed(toks[start:i]) if t != "\n"), None)
            if before is None or before not in _CONTINUES:
                start = i + 1
    stmt = [t for t in toks[start:] if t != "\n"]
    header = [t for t in toks[opened[-1]:] if t != "\n"] if opened else []
    header = header[:header.index("{")] if "{" in header else header
    return stmt, header


def _kinds_at(stmt: list[str], header: list[str]) -> tuple[str, ...] | None:
    """The kinds of name that fit the slot at the end of ``stmt``: declared kinds, or "trigger",
    "file", "forbid", "modifier"; None where any name may go (an expression)."""
    last = stmt[-1] if stmt else ""
    if last in ("extends", "import") or "with" in stmt and last in ("with", ","):
        return ("file",)
    if stmt and stmt[0] == "if" and last == "with":
        return ("file",)
    if stmt == ["on"]:             # a rule; in a piece, marker or unit, "on" takes a place
        return ("trigger",) if header[:1] in ([], ["scenario"], ["variant"], ["if"],
                                              ["else"]) else None
    if len(stmt) >= 2 and stmt[0] == "on" and not {"at", "where"} & set(stmt):
        entry = vocab.TRIGGERS.get(stmt[1])
        kinds = _param_kinds(entry.params) if entry else ()
        return kinds[:1] or None
    if stmt == ["forbid"]:
        return ("forbid",)
    if stmt == ["modifier"]:
        return ("modifier",)
    if stmt == ["use", "board"]:
        return ("board",)
    if len(stmt) >= 2 and stmt[0] == "without" and (len(stmt) == 2 or last == ","):
        return (_WITHOUT.get(stmt[1], stmt[1]),)
    if last in ("==", "!="):
        return _compared(stmt[:-1], header)
    if header[:1] == ["tiles"] or header[:1] == ["pool"] or stmt[:1] == ["hex"] and \
            _ends_with_coord(stmt):
        return ("terrain",)
    if "cost" in stmt and last != "value":
        return ("resource", "counter")
    return _effect_slot(stmt)


def _effect_slot(stmt: list[str]) -> tuple[str, ...] | None:
    """After an effect's word (``award |``, ``gain 1 |``, ``draw 1 from |``): its slot's kinds."""
    at = next((i for i, t in enumerate(stmt[:3]) if t in _EFFECT_WORDS), None)
    if at is None:
        return None
    word, rest = stmt[at], stmt[at + 1:]
    if word in _SLOT_AFTER_WORD:
        in_slot = not rest
    elif word in _SLOT_AFTER_FROM:
        in_slot = bool(rest) and rest[-1] == "from"
    else:
        in_slot = bool(rest) and _ends_an_expression(rest)
    if not in_slot:
        return None
    params = tuple(p for name in _EFFECT_WORDS[word] if (e := vocab.EFFECTS.get(name))
                   for p in e.params)
    return _param_kinds(params) or None


def _ends_an_expression(toks: list[str]) -> bool:
    """``1``, ``n``, ``count(…)``: a whole expression, with nothing open after it."""
    last = toks[-1]
    if last == ")":
        return toks.count("(") == toks.count(")")
    words = grammar_keywords()
    return (last.isdigit() or _PARTIAL.fullmatch(last) is not None and last not in words) \
        and toks.count("(") == toks.count(")")


def _ends_with_coord(stmt: list[str]) -> bool:
    return len(stmt) >= 4 and stmt[-2] == "," and stmt[-1].isdigit()


def _param_kinds(params: tuple[vocab.Param, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for p in params:
        for alt in p.type.split("|"):
            kinds = _TYPE_KINDS.get(alt) or ((alt[5:],) if alt.startswith("name:") else ())
            out += [k for k in kinds if k not in out]
    return tuple(out)


def _compared(left: list[str], header: list[str]) -> tuple[str, ...] | None:
    """The kind of the left operand of ``==``: a function's result (``terrain(h)``) or a value a
    trigger binds (``on built … where piece ==``)."""
    if left and left[-1] == ")":
        depth = 0
        for i in range(len(left) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(left[i], 0)
            if depth == 0:
                fn = vocab.FUNCTIONS.get(left[i - 1]) if i > 0 else None
                return _param_kinds((vocab.Param("", fn.returns),)) or None if fn else None
        return None
    if left and _PARTIAL.fullmatch(left[-1]):
        rule = left if left[:1] == ["on"] else header if header[:1] == ["on"] else []
        entry = vocab.TRIGGERS.get(rule[1]) if len(rule) > 1 else None
        if entry is not None:
            renamed = rule[rule.index("at") + 1] if "at" in rule[:-1] else None
            for p in entry.params:
                if p.name == left[-1] or p.name == "at" and renamed == left[-1]:
                    return _param_kinds((p,)) or None
    return None


def _names_for(path: str, text: str, cut: int, prefix_tokens: list[str]) -> list[Completion]:
    stmt, header = _statement(prefix_tokens)
    kinds = _kinds_at(stmt, header)
    if kinds == ("file",):
        return [Completion(name, "file", f"{title} — {p}" if title else str(p))
                for name, (p, title) in sorted(_files(path).items())]
    if kinds == ("trigger",):
        return [Completion(n, "trigger", e.doc) for n, e in sorted(vocab.TRIGGERS.items())]
    if kinds in (("forbid",), ("modifier",)):
        table = vocab.FORBIDS if kinds == ("forbid",) else vocab.MODIFIERS
        return [Completion(n, kinds[0], e.doc) for n, e in sorted(table.items())]
    declared = declared_names(model_of(path, text, cut))
    if kinds is not None:
        fitting = [c for c in declared if c.kind in kinds]
        if fitting:
            return sorted(fitting, key=lambda c: (kinds.index(c.kind), c.label))
    return declared + [Completion(n, "function", e.doc)
                       for n, e in sorted(vocab.FUNCTIONS.items())]


def _files(path: str) -> dict[str, tuple[Path, str]]:
    return {name: (p, title_of(p)[1]) for name, p in
            reachable_files(Path(path).resolve().parent).items()}


_HEAD = re.compile(r'^\s*(scenario|variant)\s+([A-Za-z_][A-Za-z0-9_]*)\s*("([^"\n]*)")?', re.M)


def title_of(path: Path) -> tuple[str, str]:
    """``(kind, title)`` from a file's head (``scenario rivers "Rivers of Catan"``), read from
    its first 4 KB; empty strings when it has none."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = fh.read(4096)
    except OSError:
        return "", ""
    m = _HEAD.search(head)
    return (m.group(1), m.group(4) or "") if m else ("", "")


def model_of(path: str, text: str, cursor: int | None = None) -> Model | None:
    """The composition as the buffer declares it, an unfinished line or two notwithstanding:
    the text as it is; else with the cursor's line blanked and the blocks left open at the end
    closed; else also with every statement holding a syntax error set aside. Each try costs
    one parse of the buffer (the one that parses is not parsed again)."""
    tries = [text]
    if cursor is not None:
        for keep in ("", "{}"):
            blanked = _blank_line(text, cursor, keep)
            if blanked not in tries:
                tries.append(blanked + "\n" + "}" * _open_blocks(blanked))
    for t in tries:
        model = _load_parsed(path, t)
        if model is not None:
            return model
    t = tries[-1]
    for _ in range(3):             # closing a block can bring the next error to light
        t = set_aside(SourceFile(path, t))
        t += "\n" + "}" * _open_blocks(t)
        model = _load_parsed(path, t)
        if model is not None:
            return model
    return None


def _load_parsed(path: str, text: str) -> Model | None:
    """``path`` with ``text`` for its content, merged with what it extends; None when ``text``
    does not parse (decided by one parse, which the loader then uses)."""
    src = SourceFile(path, text)
    tree, _ = parse(src)
    if tree is None:
        return None
    files = ParsedFiles()
    files.parsed[files.resolve(Path(path))] = (src, to_ast(tree, path), [])
    model, _ = load_model(path, (), Report(), cache=files)
    return model


def _blank_line(text: str, at: int, keep: str) -> str:
    """``text`` with the line holding offset ``at`` blanked but for the characters in ``keep``
    (its braces, when a block it opens is closed further down)."""
    lo = text.rfind("\n", 0, at) + 1
    hi = text.find("\n", at)
    hi = len(text) if hi < 0 else hi
    return text[:lo] + "".join(c if c in keep else " " for c in text[lo:hi]) + text[hi:]


def _open_blocks(text: str) -> int:
    toks = _tokens(text)
    return max(0, toks.count("{") - toks.count("}"))


def declared_names(model: Model | None) -> list[Completion]:
    """Every name the composition declares, with its kind: terrains, pieces, resources,
    counters, decks and their items, cards, special cards, boards, procedures, …"""
    if model is None:
        return []
    out: list[Completion] = []
    for key, node in model.decls.items():
        where = Path(node.span.path).name
        if len(key) >= 2 and key[0] != "setting":
            out.append(Completion(key[1], key[0], f"{key[0]} declared in {where}"))
            if isinstance(node, R.Deck):
                out += [Completion(i.name.value, "item", f"{i.kind} of deck {key[1]}")
                        for i in node.items]
        elif key == ("resources",) and isinstance(node, A.Resources):
            out += [Completion(i.value, "resource", f"resource declared in {where}")
                    for i in node.names]
    return out

"""IR operator trees (and, or, not, comparisons, arithmetic, if, in) → one generated Python
function each: the operators inlined, every other node called as its compiled closure.

A closure per operator costs a Python call per operator per evaluation: ``f == e or not
occupied(f, knight)``, asked for each of fifty paths a knight may march to, made four calls a
path. Fused, it is one function. Operators are written as their closures in expressions.py
compute them (the same order of evaluation, the same short cuts, the same values), and so are
the closures that say what they compute (``inline``), so no game changes. The source is built
from the IR's structure alone: names and numbers enter it as literals (``repr``), never as code.
"""

from __future__ import annotations

import io
import re
import tokenize
from typing import Any, Callable

Fn = Callable[[Any, dict], Any]
Leaf = Callable[[Any], tuple[Fn, str]]      # an IR node → its closure and static type

COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
FUSED = frozenset(("and", "or", "not", "if", "+", "-", "*", "/", "in") + COMPARISONS)
MAX_DEPTH = 24          # deeper operator trees are split: a nested part becomes a leaf call
_CODE: dict[str, Any] = {}      # source → its code object, shared by every game in the process
MAX_KEPT = 4096
# Off, a closure that says what it computes (``inline``) calls its arguments' closures, and so
# does its template written in place (the reference for the arguments written in too: expand).
# Read when a rule is compiled.
EXPAND = True
_ARG = re.compile(r"@(\d+)(\(s, env\))?")


def renamed(src: str, rename: Callable[[str], str | None], one_line: bool = False) -> str | None:
    """``src`` (the source a fused expression keeps: ``written``) with every name token
    replaced by ``rename(name)``, as tokens, so a string literal is never touched (generated
    code that writes an expression in place of its call: straight.py, victory.py). None when
    ``src`` is not Python tokens, ``rename`` gives None for a name, or (``one_line``) a name
    stands past its first line."""
    starts = [0]
    for line in src.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    out, at = [], 0
    try:
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            if tok.type != tokenize.NAME:
                continue
            new = rename(tok.string)
            if new is None or one_line and tok.start[0] != 1:
                return None
            begin = starts[tok.start[0] - 1] + tok.start[1]
            out += [src[at:begin], new]
            at = begin + len(tok.string)
    except (tokenize.TokenError, SyntaxError):
        return None
    return "".join(out) + src[at:]


_UNSET = object()       # a kept call's local before its first value (_Emitter.invariant)


def _div(x: int, y: int) -> int:
    return x // y if y else 0      # as the "/" closure: rounds down; by 0 is 0


class _Emitter:
    """Builds one expression's source; the closures it calls are kept as ``L0``, ``L1``, …"""

    def __init__(self, types: dict[str, str], resource_index: dict[str, int], leaf: Leaf):
        self.types, self.resource_index, self.leaf = types, resource_index, leaf
        self.names: dict[str, Any] = {"_div": _div, "_U": _UNSET}
        self.inlined = 0            # operators and closures written inline: 1 saves no call
        # A generated loop's (loops.py): node → is it a call whose value stays the same for
        # every element (invariant)? Such a call's value is kept in a local, ``_h0``, …, worked
        # out where it is first needed, as before, and not again.
        self.invariant: Callable[[Any], bool] | None = None
        self.kept: list[str] = []
        # A generated loop's variable → the local holding it (``_x``), read in place of
        # ``env['VAR']`` when nothing the condition calls binds that name again (loops.py).
        self.local: dict[str, str] = {}

    def call(self, node: Any) -> tuple[str, str]:
        src, typ = self._call(node)
        if self.invariant is not None and self.invariant(node):
            h = f"_h{len(self.kept)}"
            self.kept.append(h)
            return f"({h} if {h} is not _U else ({h} := {src}))", typ
        return src, typ

    def _call(self, node: Any) -> tuple[str, str]:
        fn, typ = self.leaf(node)
        written = getattr(fn, "inline", None)
        if written is not None:             # the closure says what it computes: write that
            self.inlined += 1
            template, objects = written
            for var, name in self.local.items():
                template = template.replace(f"env[{var!r}]", name)
            for k in reversed(range(len(objects))):     # @10 before @1
                name = f"O{len(self.names)}"
                self.names[name] = objects[k]
                template = template.replace(f"@{k}", name)
            return f"({template})", typ
        name = f"L{len(self.names)}"
        self.names[name] = fn
        return f"{name}(s, env)", typ

    def emit(self, node: Any, truth: bool, depth: int) -> tuple[str, str]:
        """``node``'s source and static type. ``truth``: only the value's truth is used (a part
        of and, or, not or an if's test), so and/or need not make it a bool."""
        if isinstance(node, bool):
            return repr(node), "bool"
        if isinstance(node, int):
            return repr(node), "int"
        if node is None:
            return "None", "null"
        var = node[1] if isinstance(node, list) and len(node) == 2 and node[0] == "var" \
            else node
        if isinstance(var, str) and var in self.types:
            return self.local.get(var) or f"env[{var!r}]", self.types[var]
        if isinstance(node, str):
            return repr(node), "name"       # a name no variable shadows: itself
        head = node[0] if isinstance(node, list) and node else None
        if head not in FUSED or depth >= MAX_DEPTH or not _arity_ok(node):
            return self.call(node)
        self.inlined += 1
        args = node[1:]
        d = depth + 1
        if head in ("and", "or"):
            parts = [self.emit(a, True, d)[0] for a in args]
            src = "(" + f" {head} ".join(parts) + ")"
            return (src if truth else f"(True if {src} else False)"), "bool"
        if head == "not":
            return f"(not {self.emit(args[0], True, d)[0]})", "bool"
        if head == "if":
            test = self.emit(args[0], True, d)[0]
            (yes, typ), (no, _) = self.emit(args[1], False, d), self.emit(args[2], False, d)
            return f"({yes} if {test} else {no})", typ
        if head == "in":
            return f"({self.emit(args[0], False, d)[0]} in {self.emit(args[1], False, d)[0]})", \
                "bool"
        if head in COMPARISONS:
            left, lt = self.emit(args[0], False, d)
            right = args[1]
            if isinstance(right, str) and right not in self.types:
                # A name on the right: a resource variable holds the resource's index, so
                # "r != ore" names it (as expressions._compare does).
                k = self.resource_index.get(right, right) if lt == "resource" else right
                return f"({left} {head} {k!r})", "bool"
            return f"({left} {head} {self.emit(right, False, d)[0]})", "bool"
        if head == "-" and len(args) == 1:
            return f"(-{self.emit(args[0], False, d)[0]})", "int"
        a, b = self.emit(args[0], False, d)[0], self.emit(args[1], False, d)[0]
        if head == "/":
            divisor = args[1]
            if type(divisor) is int and divisor != 0:   # "prisoners / 2": _div's own test, settled
                return f"({a} // {b})", "int"
            return f"_div({a}, {b})", "int"
        return f"({a} {head} {b})", "int"


def inline(fn: Fn, template: str, *objects: Any) -> Fn:
    """Mark a function's closure as computing ``template``: a Python expression over ``s``,
    ``env`` (names read as ``env['x']``, written with repr) and ``@0``, ``@1``, … for
    ``objects`` (an argument's closure called as ``@k(s, env)``, each once, in the order the
    closure calls them). A fused expression writes it in place of a call. With EXPAND, the
    arguments' closures that say what they compute are written into it, and when that saves a
    call the function returned is the template generated as one function (``fn`` stays what
    it computes: the reference)."""
    if EXPAND:
        template, objects, saved = expand(template, objects)
        names = {f"O{k}": x for k, x in enumerate(objects)}
        src = _named(template, len(objects))
        if saved:
            got = define(f"def inlined(s, env):\n    return {src}\n", "inlined", names,
                         "<inlined rule function>")
            if got is not None:
                fn = got
        if ":=" not in src:      # binds no local: generated code may write it in place
            fn.written = (src, names)       # as a fused expression's (listing.py)
    fn.inline = (template, objects)
    return fn


def _named(template: str, n: int) -> str:
    """``template`` with ``@k`` read as the name ``Ok``."""
    for k in reversed(range(n)):     # @10 before @1
        template = template.replace(f"@{k}", f"O{k}")
    return template


def expand(template: str, objects: tuple) -> tuple[str, tuple, int]:
    """``template`` with every ``@k(s, env)`` whose closure says what it computes written in
    its place (its own arguments too), the objects left renumbered; and the calls so saved."""
    out: list[Any] = []
    saved = 0

    def put(m: re.Match) -> str:
        nonlocal saved
        obj = objects[int(m.group(1))]
        written = getattr(obj, "inline", None) if m.group(2) else None
        if written is None:
            out.append(obj)
            return f"@{len(out) - 1}{m.group(2) or ''}"
        sub, subs, more = expand(*written)
        saved += 1 + more
        base = len(out)
        out.extend(subs)
        return "(" + _ARG.sub(lambda n: f"@{base + int(n.group(1))}{n.group(2) or ''}", sub) + ")"
    text = _ARG.sub(put, template)
    return text, tuple(out), saved


def _arity_ok(node: list) -> bool:
    """Is ``node`` shaped as its operator's closure expects? Anything else is left to the
    closure, which reports it as it always has."""
    n = len(node) - 1
    head = node[0]
    if head in ("and", "or"):
        return n >= 1
    if head == "-":
        return n in (1, 2)
    if head == "if":
        return n == 3
    return n == (1 if head == "not" else 2)


def fuse(node: Any, types: dict[str, str], resource_index: dict[str, int], leaf: Leaf
         ) -> tuple[Fn, str] | None:
    """``node`` as one generated function and its static type, or None when fusing would save
    no call (a single operator) or the tree cannot be written as one expression."""
    em = _Emitter(types, resource_index, leaf)
    src, typ = em.emit(node, False, 0)
    if em.inlined < 2:
        return None
    fn = define(f"def fused(s, env):\n    return {src}\n", "fused", em.names,
                "<fused rule expression>")
    if fn is None:
        return None
    fn.written = (src, em.names)    # what it returns, for generated code that writes it in place
    return fn, typ


def emitter(types: dict[str, str], resource_index: dict[str, int], leaf: Leaf) -> _Emitter:
    """An emitter for generated code that writes expressions in place (loops.py): ``emit(node,
    truth, 0)`` → (source, type); the closures it calls are in its ``names``."""
    return _Emitter(types, resource_index, leaf)


def define(text: str, name: str, names: dict, filename: str) -> Any:
    """The function ``name`` that the source ``text`` defines over ``names`` (the objects its
    source refers to), its code compiled once per process; None when it does not compile."""
    code = _CODE.get(text)
    if code is None:
        try:
            code = compile(text, filename, "exec")
        except (SyntaxError, RecursionError, MemoryError, ValueError):
            return None
        if len(_CODE) >= MAX_KEPT:      # a long session compiling edit after edit
            _CODE.clear()
        _CODE[text] = code
    names = dict(names)
    exec(code, names)       # defines the function over the objects in names; runs nothing else
    return names[name]

"""A compiled rule's effect block → one generated Python function that runs its effects in
order, straight-line, until one of them needs the work stack (executor.run).

The executor runs a block effect by effect: each is one step of a loop that calls the effect
with its address, and an ``if``, a ``let``, a procedure's body (``via``) or an ``each`` hands
back a work item (its variables frozen into a tuple) that the loop pushes, pops and thaws into
a dict again before its first effect runs. Written out, a block is one function: the plain
effects are direct calls with their addresses as literals, and ``if``, ``let``, ``via`` and
``each`` are written in place, their blocks nested in the same function with their variables
in a dict copied once. Everything the work stack does is done in the same order: the same
steps counted (a pushed item costs a step when it is popped, a block entered last in its block
costs none), the same provenance named, the same variables. When an effect opens a prompt or
hands back work the function cannot write in place (a choice, a roll, a repeat, a share), it
stops and hands the executor the work stack as it would be at that moment: the items of the
enclosing blocks pushed, and the block, position, variables and the effect's answer to carry
on from. So a block that runs to its end without asking anything never builds a work item.

With ``DIRECT`` (read when a Game is built), less is done around the effects, nothing that can
be seen: steps owed in a row with nothing between them that could read the count (a copy of
the variables, a binding, the provenance named) are added at once, and only past the budget
counted one by one again (``_over``: the same step stops the game, naming the same rules); a
stock move of a named counter or a fixed resource, whose events no rule hears, opens no prompt
and hands back no work, so it is written as the move itself with no stop test after it; an
expression that keeps its source (``written``: fused.py) is written in place of its call; an
if's branch or a procedure's body that ends its block runs in that block's variables, which
nothing reads after it; a procedure's provenance is the rule's own, made when the block is
written. ``DIRECT = False`` writes each step, copy, call and stop test as before (a test plays
every shipped scenario both ways).

The executor stays the reference (``GENERATED = False`` leaves every block to it; a test plays
every shipped scenario both ways). The source is built from the rules' structure alone:
names and numbers enter it as literals (``repr``), the effects and closures as named objects,
never as code.
"""

from __future__ import annotations

from typing import Any, Callable

from catan_dsl.engine.rules.execution import STEP_BUDGET
from catan_dsl.engine.rules.executor import VIA, resolve, via_prov
from catan_dsl.engine.rules.fused import define, renamed

GENERATED = True
DIRECT = True       # less done around the effects (see above); read when a Game is built
FILENAME = "<generated effect block>"
MAX_LINES = 2000        # a block whose source would be longer is left to the executor


def generated(rules) -> Blocks | None:
    """The rules' generated blocks (None when ``GENERATED`` is off)."""
    return Blocks(rules) if GENERATED else None


class Blocks(dict):
    """(rule index, block address, first effect) → the block's generated function from that
    effect on, or None when what is left of it is one plain effect (nothing to gain). A block
    is entered at its start, or carried on after an effect that needed the stack; each such
    start is written the first time a game asks for it, so a rule that never runs (or a
    branch never taken) costs no compiling."""

    __slots__ = ("rules", "direct")

    def __init__(self, rules) -> None:
        super().__init__()
        self.rules = rules
        self.direct = DIRECT        # read when the Game is built, as GENERATED is

    def __missing__(self, key: tuple) -> Callable | None:
        ri, addr, start = key
        rules = self.rules
        lst = resolve(rules, ri, addr)
        rest = lst[start:]
        fn = None
        # One quiet stock move alone is written too (with DIRECT): its arguments in place.
        if len(rest) >= 2 or (rest and (rest[0].inline is not None or self.direct and
                                        _quiet(rest[0], getattr(rules, "heard", None)))):
            fn = _function(rules, ri, rules.compiled[ri], lst, addr, start, self.direct)
        self[key] = fn
        return fn


def _function(rules, ri: int, rule, lst: list, addr: tuple, start: int, direct: bool
              ) -> Callable | None:
    heard = getattr(rules, "heard", None) if direct else None
    w = _Writer(ri, direct, heard)
    w.names.update(EX=rules.execution, VIA_PROV=via_prov, RULE=rule, OVER=_over)
    if direct and rule.prov is not None:
        w.names["RID"] = rule.prov.rule_id
        w.vias = lambda tag: via_prov(rules.execution, rule.prov, tag)
    w.block(lst, addr, "env", 1, [], start)
    w.settle()
    if len(w.lines) > MAX_LINES:
        return None
    w.lines.append("    return None")
    text = "def block(s, env, items):\n    prompts = s.prompts\n" + "\n".join(w.lines) + "\n"
    return define(text, "block", w.names, FILENAME)


class _Writer:
    """The lines of one block's function; the objects they call are kept as named values."""

    def __init__(self, ri: int, direct: bool = False, heard: frozenset | None = None) -> None:
        self.ri = ri
        self.lines: list[str] = []
        self.names: dict[str, Any] = {}
        self.fresh = 0
        self.direct = direct
        self.heard = heard          # the event types rules hear (None: a move is not quiet)
        self.owed: list[bool] = []  # steps not written yet (popped?), all at depth owed_at
        self.owed_at = 0
        self.vias: Callable | None = None     # tag → the rule's provenance inside it

    def name(self, obj: Any, prefix: str) -> str:
        key = f"{prefix}{len(self.names)}"
        self.names[key] = obj
        return key

    def var(self, prefix: str) -> str:
        self.fresh += 1
        return f"_{prefix}{self.fresh}"

    def put(self, depth: int, line: str) -> None:
        """A line that may read the step count (a call): the steps owed are written first."""
        self.settle()
        self.lines.append("    " * depth + line)

    def keep(self, depth: int, line: str) -> None:
        """A line that reads no step count and calls nothing that could (a copy of the
        variables, a binding, the provenance): steps owed before it may be counted after it."""
        if self.owed and depth != self.owed_at:
            self.settle()
        self.lines.append("    " * depth + line)

    def step(self, depth: int, popped: bool) -> None:
        """A step of the budget: an effect run, or (``popped``) a work item taken off the
        stack, which names its rule before the budget stops the game. Owed until a line that
        could read the count, or a line at another depth."""
        if self.owed and depth != self.owed_at:
            self.settle()
        self.owed.append(popped)
        self.owed_at = depth
        if not self.direct:
            self.settle()

    def settle(self) -> None:
        """The steps owed, written: one at a time as the executor counts them, or several
        added at once and, past the budget, counted again one by one (``_over``)."""
        owed, self.owed = tuple(self.owed), []
        if not owed:
            return
        pad = "    " * self.owed_at
        add = self.lines.append
        add(f"{pad}EX.steps += {len(owed)!r}")
        add(f"{pad}if EX.steps > {STEP_BUDGET!r}:")
        if len(owed) > 1:
            add(f"{pad}    OVER(EX, RULE, {owed!r})")
            return
        if owed[0]:
            add(f"{pad}    EX.enter(RULE)")
        add(f"{pad}    EX.tick(0)")

    def _via_prov(self, saved: str, tag: str) -> str:
        """The provenance inside a procedure's body called from the provenance ``saved``: with
        ``direct``, the rule's own made when the block is written (as via_prov keeps it, the
        same object) whenever ``saved`` is of the rule, as it is in the rule's block."""
        call = f"VIA_PROV(EX, {saved}, {tag!r})"
        if self.vias is None:
            return call
        return f"{self.name(self.vias(tag), 'P')} if {saved}.rule_id == RID else {call}"

    def call(self, fn: Callable, prefix: str, env: str) -> str:
        """``fn(s, ENV)`` as source: with ``direct``, the source a fused expression or a closure
        that says what it computes keeps (``written``, as the listings write it: fused.py) in
        place of the call, its objects and ``env`` renamed; else the call."""
        written = getattr(fn, "written", None) if self.direct else None
        if written is not None and ":=" not in written[0]:
            src, objects = written
            names = {name: self.name(obj, "W") for name, obj in objects.items()}
            names["env"] = env
            text = renamed(src, lambda name: names.get(name, name))
            if text is not None:
                return "(" + text.strip() + ")"
        return f"{self.name(fn, prefix)}(s, {env})"

    def quiet_move(self, eff, env: str, depth: int) -> bool:
        """Write ``eff`` as the stock move it makes, when it is one that cannot open a prompt
        or hand back work (effects._stock_move's ``direct``: a named counter or a fixed
        resource, whose events no rule hears), as its closure does it; else False."""
        direct = _quiet(eff, self.heard)
        if direct is None:
            return False
        kind, _, frm, n = direct[:4]
        self.put(depth, f"_who = {self.call(frm, 'F', env)}")
        self.put(depth, f"_many = {self.call(n, 'N', env)}")
        self.put(depth, "if _who is not None and _who >= 0 and _many > 0:")
        if kind == "counter":         # stocks.counter_mover's closure: (s, p, k, ri)
            self.put(depth + 1, f"{self.name(direct[4], 'M')}(s, _who, _many, {self.ri!r})")
        else:                           # stocks.move(s, op, p, q, k, form, ri)
            _, _, _, _, to, op, form, move = direct
            q = self.call(to, "T", env) if to is not None else "None"
            self.put(depth + 1, f"{self.name(move, 'M')}(s, {op!r}, _who, {q}, _many, "
                                f"{self.name(form, 'S')}, {self.ri!r})")
        return True

    def block(self, lst: list, addr: tuple, env: str, depth: int, pending: list,
              start: int = 0) -> None:
        """The effects of ``lst`` from ``start`` on (at ``addr``, their variables in ``env``).
        ``pending``: the lines pushing what the enclosing blocks leave on the work stack,
        outermost first."""
        n = len(lst)
        for j in range(start, n):
            eff = lst[j]
            here = addr + (j,)
            self.step(depth, False)
            kind = eff.inline[0] if eff.inline is not None else None
            if kind is None:
                if self.direct and self.quiet_move(eff, env, depth):
                    continue
                run = self.name(eff.run, "R")
                self.put(depth, "n0 = len(prompts)")
                self.put(depth, f"sub = {run}(s, {env}, {self.ri!r}, {here!r})")
                self.put(depth, "if sub or len(prompts) > n0:")
                for line in pending:
                    self.put(depth + 1, line)
                self.put(depth + 1, f"return ({addr!r}, {j + 1!r}, {env}, sub, n0)")
                continue
            # What this block leaves on the stack while a nested block runs: its own rest.
            rest = pending + ([f"items.append(('fx', {self.ri!r}, {addr!r}, {j + 1!r}, "
                               f"{_frozen(env)}))"] if j + 1 < n else [])
            tail = j + 1 == n
            if kind == "if":
                self.put(depth, f"if {self.call(eff.inline[1], 'C', env)}:")
                self._branch(eff.children[0], here + (0,), env, depth + 1, rest, tail)
                if eff.children[1]:
                    self.put(depth, "else:")
                    self._branch(eff.children[1], here + (1,), env, depth + 1, rest, tail)
            elif kind == "let":
                inner = self.var("e")
                self.keep(depth, f"{inner} = dict({env})")
                self.put(depth, f"{inner}[{eff.inline[1]!r}] = {self.call(eff.inline[2], 'V', env)}")
                self._nested(eff.children[0], here + (0,), inner, depth, rest, tail)
            elif kind == "via":
                tag = eff.inline[1]
                inner = env if tail and self.direct else self.var("e")
                if inner != env:
                    self.keep(depth, f"{inner} = dict({env})")
                self.keep(depth, f"{inner}[{VIA!r}] = {tag!r}")
                saved = self.var("p")
                self.keep(depth, f"{saved} = EX.prov")
                self.keep(depth, f"EX.prov = {self._via_prov(saved, tag)}")
                self._nested(eff.children[0], here + (0,), inner, depth, rest, tail, saved)
            else:
                self._each(eff, here, env, depth, rest, tail)

    def _branch(self, lst: list, addr: tuple, env: str, depth: int, rest: list,
                tail: bool) -> None:
        """An if's branch: nothing when empty (no work item), else a block in a copy of the
        variables; with ``direct``, in the same variables when the if ends its block (nothing
        reads them after it, and a work item left here holds them frozen either way)."""
        if not lst:
            self.put(depth, "pass")
            return
        if tail and self.direct:        # the block's last effect: the variables in place
            self._nested(lst, addr, env, depth, rest, tail)
            return
        inner = self.var("e")
        self.keep(depth, f"{inner} = dict({env})")
        self._nested(lst, addr, inner, depth, rest, tail)

    def _nested(self, lst: list, addr: tuple, env: str, depth: int, rest: list,
                tail: bool, saved: str | None = None) -> None:
        """A nested block: entered straight when its effect was the last of its block, else
        as the work stack would run it — the block's item popped, then the rest's. A popped
        item names the provenance of its own variables: the block's, as it was before a
        procedure's body (``saved``, or kept here when the nested block enters one)."""
        if tail:
            self.block(lst, addr, env, depth, rest)
            return
        if saved is None and _enters_via(lst):
            saved = self.var("p")
            self.keep(depth, f"{saved} = EX.prov")
        self.step(depth, True)
        self.block(lst, addr, env, depth, rest)
        self.step(depth, True)
        if saved is not None:
            self.keep(depth, f"EX.prov = {saved}")

    def _each(self, eff, here: tuple, env: str, depth: int, rest: list, tail: bool) -> None:
        """``each X in S``: the elements picked when it starts; per element, the loop's item
        and then the body's are popped (a step each), the body run in a copy of the variables
        with X bound. The loop's item with the elements still to come stays below the body."""
        var, candidates = eff.inline[1], self.name(eff.inline[2], "K")
        xs, k, x, inner = self.var("xs"), self.var("k"), self.var("x"), self.var("e")
        body = eff.children[0]
        saved = self.var("p") if _enters_via(body) else None
        self.put(depth, f"{xs} = tuple({candidates}(s, {env}))")
        self.put(depth, f"if {xs}:")
        d = depth + 1
        if saved is not None:
            self.keep(d, f"{saved} = EX.prov")
        self.put(d, f"for {k}, {x} in enumerate({xs}):")
        self.step(d + 1, True)
        self.keep(d + 1, f"{inner} = dict({env})")
        self.keep(d + 1, f"{inner}[{var!r}] = {x}")
        self.step(d + 1, True)
        if saved is not None:
            self.keep(d + 1, f"EX.prov = {saved}")
        below = rest + [f"if {k} + 1 < len({xs}): items.append(('each', {self.ri!r}, {here!r}, "
                        f"{var!r}, {xs}[{k} + 1:], {_frozen(env)}))"]
        self.block(body, here + (0,), inner, d + 1, below)
        if not tail:
            self.step(d, True)
            if saved is not None:
                self.keep(d, f"EX.prov = {saved}")


def _frozen(env: str) -> str:
    """A work item's frozen variables ``env`` as source: executor.envt written in place."""
    return f"tuple({env}.items())"


def _quiet(eff, heard: frozenset | None) -> tuple | None:
    """``eff``'s stock move (effects._stock_move's ``direct``) when it cannot open a prompt or
    hand back work: no rule hears the events it emits (``heard``: the types rules hear)."""
    direct = getattr(eff.run, "direct", None) if heard is not None else None
    if direct is None or any(t in heard for t in direct[1]):
        return None
    return direct


def _over(execution, rule, owed: tuple) -> None:
    """Steps added at once took the count past the budget: taken back and counted one by one
    (``owed``: is each a popped work item, which names its rule), so the game stops at the
    step the executor stops it at, naming the same rules. Nothing between those steps read
    the count."""
    execution.steps -= len(owed)
    for popped in owed:
        execution.steps += 1
        if execution.steps > STEP_BUDGET:
            if popped:
                execution.enter(rule)
            execution.tick(0)


def _enters_via(lst: list) -> bool:
    """Does running ``lst`` written out enter a procedure's body (which names its own
    provenance until the next work item is popped)?"""
    for eff in lst:
        if eff.inline is not None:
            if eff.inline[0] == "via":
                return True
            if any(_enters_via(child) for child in eff.children):
                return True
    return False

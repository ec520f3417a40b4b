"""The procedure bodies an IR's rules inline (``via`` effects) → one named description each, which
the rules refer to ("carry out “Battle” for H"); a one-effect procedure is told in place."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.core import vocab as V
from catan_dsl.explain.effects import BLOCKS
from catan_dsl.explain.text import Step, join, title, var_name

_BINDERS = {"choose", "each", "let", "roll", "choose_random", "share", "vote",
            "count", "sum", "any", "all", "max", "min", "first"}


def _peel(body: list) -> tuple[list[tuple[str, object]], list]:
    """A call's parameter bindings (the leading ``let P = variable`` the compiler writes) and the
    procedure's own body under them."""
    binds = []
    while len(body) == 1 and isinstance(body[0], list) and body[0][:1] == ["let"] \
            and isinstance(body[0][2], list) and body[0][2][:1] == ["var"]:
        binds.append((body[0][1], body[0][2]))
        body = body[0][3]
    return binds, body


def _vias(node: object, out: list) -> None:
    if isinstance(node, list):
        if node[:1] == ["via"] and len(node) == 5:
            out.append(node)
        for x in node:
            _vias(x, out)
    elif isinstance(node, dict):
        for x in node.values():
            _vias(x, out)


def free_vars(node: object, bound: frozenset = frozenset()) -> list[str]:
    """Variables a body reads that it does not bind itself (besides ``player``), in order."""
    out: list[str] = []

    def walk(n: object, b: frozenset) -> None:
        if isinstance(n, list) and n:
            if n[0] == "var" and len(n) == 2 and isinstance(n[1], str):
                if n[1] not in b and n[1] != "player" and n[1] not in out:
                    out.append(n[1])
                return
            if isinstance(n[0], str) and n[0] in _BINDERS and len(n) > 1 and isinstance(n[1], str):
                b = b | {n[1]}
                if n[0] == "vote" and len(n) > 2 and isinstance(n[2], str):
                    b = b | {n[2]}
            for x in n[1:] if isinstance(n[0], str) else n:
                walk(x, b)
        elif isinstance(n, dict):
            for x in n.values():
                walk(x, b)
    walk(node, bound)
    return out


class Procedures:
    """Every procedure the rules call, keyed by name and where it is declared."""

    def __init__(self, ir: dict) -> None:
        calls: list = []
        _vias(ir.get("rules", []), calls)
        self.bodies: dict[tuple[str, str], list | None] = {}
        for name, _, at, body in (c[1:] for c in calls):
            _, own = _peel(body)
            key = (name, at)
            if key in self.bodies and self.bodies[key] != own:
                self.bodies[key] = None       # calls that differ: each is told in place
            elif key not in self.bodies:
                self.bodies[key] = own
        self.used: list[tuple[str, str]] = []

    def short(self, key: tuple[str, str]) -> bool:
        body = self.bodies.get(key)
        return body is not None and len(body) == 1 and body[0][0] not in BLOCKS

    def tell(self, narrator: object, name: str, at: str, body: list) -> list[Step] | None:
        key = (name, at)
        own = self.bodies.get(key)
        if own is None:
            return None
        binds, _ = _peel(body)
        if self.short(key):
            return narrator.steps(body)  # type: ignore[attr-defined]
        if key not in self.used:
            self.used.append(key)
        given = dict(binds)
        args = [f"{var_name(v)} = {narrator.s.value(given[v])}" if v in given else var_name(v)  # type: ignore[attr-defined]
                for v in free_vars(own)]
        called = f"“{title(name)}”" + (f" for {join(args)}" if args else "")
        return [Step(V.EFFECTS["via"].describe.format(procedure=called, call="", at="", body=""))]

    def section(self, narrator: object) -> list[tuple[str, str, list[Step]]]:
        """(heading, where declared, steps) for every procedure a rule referred to, in order of
        first reference (a procedure's own references are told too)."""
        out = []
        done: set[tuple[str, str]] = set()
        while len(done) < len(self.used):
            key = next(k for k in self.used if k not in done)
            done.add(key)
            body = self.bodies[key] or []
            steps = narrator.steps(body)  # type: ignore[attr-defined]
            free = [var_name(v) for v in free_vars(body)]
            heading = f"“{title(key[0])}”" + (f" (for {join(free)})" if free else "")
            file, _, line = key[1].rpartition(":")
            out.append((heading, f"{Path(file).name}:{line}", steps))
        return out

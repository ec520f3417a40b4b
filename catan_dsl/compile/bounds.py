"""A lowered expression of numbers alone → the lowest and highest value it can take; a victory target lowered to 0 or below → W407."""

from __future__ import annotations

from typing import Any

from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R


def interval(v: object) -> tuple[int, int] | None:
    """The lowest and highest value of a lowered expression made of numbers alone (parameters
    are numbers by now), through ``+ - * /`` and ``if``; None when it reads the game."""
    if isinstance(v, bool) or not isinstance(v, (int, list)):
        return None
    if isinstance(v, int):
        return v, v
    if len(v) == 4 and v[0] == "if":
        a, b = interval(v[2]), interval(v[3])
        return None if a is None or b is None else (min(a[0], b[0]), max(a[1], b[1]))
    if len(v) != 3 or v[0] not in ("+", "-", "*", "/"):
        return None
    a, b = interval(v[1]), interval(v[2])
    if a is None or b is None:
        return None
    if v[0] == "+":
        return a[0] + b[0], a[1] + b[1]
    if v[0] == "-":
        return a[0] - b[1], a[1] - b[0]
    if v[0] == "/" and b != (0, 0) and not b[0] <= 0 <= b[1]:
        ends = [x // y for x in a for y in b]          # rounds down, as the engine does
    elif v[0] == "/":
        return None                                    # a divisor that may be 0 reads as 0
    else:
        ends = [x * y for x in a for y in b]
    return min(ends), max(ends)


def target_floor(lw: Any, m: R.Modifier, value: object) -> None:
    """W407 when this 'modifier target' (lowered by ``lw``, the rules' Lowerer), with the target modifiers before it, can bring
    the victory target to 0 or below (only values made of numbers are bounded)."""
    bounds = interval(value)
    victory = lw.m.get("victory")
    if bounds is None or bounds[0] >= 0 or not isinstance(victory, A.Victory):
        return
    lw.target_drop += bounds[0]
    target = victory.target.value + sum(b.n.value for b in lw.m.bonuses)
    if target + lw.target_drop <= 0:
        lw.err("W407", m.what.span, low=target + lw.target_drop, target=target,
               hint="a target of 0 or less is met by every player at once; lower it by "
                    "less, or add a 'where' that holds only sometimes")

"""A lowered expression of numbers alone → the lowest and highest value it can take (what the amount and target warnings read)."""

from __future__ import annotations


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

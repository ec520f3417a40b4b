"""A lowered rule → why it can never fire (a number the dice never show, a condition that is
always false), for W408; None when it may fire or when that cannot be told without playing."""

from __future__ import annotations

from catan_dsl.compile.bounds import interval

INF = float("inf")
# Functions whose value has a floor whatever the game does (round 1 is the first after set-up).
_FLOORS = {"round": 1, "turn": 0, "vp": 0, "public_vp": 0, "cards": 0, "count_of": 0,
           "played": 0, "num_players": 1, "count": 0, "measured": 0}
_HOLDS = {"<": lambda a, b: a[0] < b[1], "<=": lambda a, b: a[0] <= b[1],
          ">": lambda a, b: a[1] > b[0], ">=": lambda a, b: a[1] >= b[0],
          "==": lambda a, b: a[0] <= b[1] and b[0] <= a[1]}


def _range(v: object) -> tuple[float, float] | None:
    """The lowest and highest value of a lowered expression, when that is known."""
    known = interval(v)
    if known is not None:
        return known
    if isinstance(v, list) and v and isinstance(v[0], str) and v[0] in _FLOORS:
        return _FLOORS[v[0]], INF
    return None


def always_false(cond: object) -> bool:
    """True when a lowered condition can never hold: ``false``, a comparison the ranges of its
    two sides rule out (``round < 0``, ``1 > 2``), an ``and`` with such a part."""
    if cond is False:
        return True
    if not isinstance(cond, list) or not cond:
        return False
    if cond[0] == "and":
        return any(always_false(c) for c in cond[1:])
    if cond[0] == "or":
        return all(always_false(c) for c in cond[1:])
    if cond[0] in _HOLDS and len(cond) == 3:
        a, b = _range(cond[1]), _range(cond[2])
        return a is not None and b is not None and not _HOLDS[cond[0]](a, b)
    return False


def never_fires(rule: dict, dice: int | None, robber_number: int) -> str | None:
    """Why an ``on`` rule (lowered) never fires: its number is one the dice never show or, for
    ``produced``, the robber's; or its ``where`` is always false. ``dice``: how many dice give
    the numbers (None: a deck does, whose numbers are its own)."""
    n = rule["filter"].get("n")
    if isinstance(n, int) and rule["event"] in ("rolled", "produced") and dice is not None \
            and not dice <= n <= 6 * dice:
        return f"{dice} dice never show {n}"
    if isinstance(n, int) and rule["event"] == "produced" and n == robber_number:
        return f"nothing is produced on {n}, the robber's number"
    if always_false(rule["when"]):
        return "its 'where' condition is always false"
    return None

"""A set of players, the acting one and the game → its seats in turn order from the acting player (comprehensions' order)."""

from __future__ import annotations

from bisect import bisect_left

# Off, a tuple of seats is put in turn order afresh each time (on: kept in _TURN_ORDER).
KEEP_TURN_ORDER = True
_TURN_ORDER: dict = {}


def ordered(s, items, typ: str, env: dict) -> list:
    """Players in turn order from the acting player; everything else in id order (read it,
    don't change it: a tuple of seats is answered from a table shared by every game)."""
    if typ != "set:player":
        return items if isinstance(items, (list, tuple)) else list(items)
    if items.__class__ is tuple and KEEP_TURN_ORDER:
        # A seat table's tuple ("opponents(player)", a target set asked on every listing):
        # its turn order is a pure function of the seats, the acting one and their number.
        key = (items, env.get("player", s.cur), s.game.num_players)
        got = _TURN_ORDER.get(key)
        if got is None:
            if len(_TURN_ORDER) >= 4096:
                _TURN_ORDER.clear()
            got = _TURN_ORDER[key] = tuple(_turn_order(s, list(items), env))
        return got
    return _turn_order(s, list(items), env)


def _turn_order(s, items: list, env: dict) -> list:
    """``items`` (seats, a list of its own) sorted in turn order from the acting player."""
    if items:
        start = env.get("player", s.cur)
        n = s.game.num_players
        if start is not None and 0 <= start < n and min(items) >= 0 and max(items) < n:
            items.sort()                            # seats only: turn order is id order turned
            i = bisect_left(items, start)
            return items[i:] + items[:i]
        if start is not None and start >= 0:
            items.sort(key=lambda p: (p - start) % n)
        else:
            items.sort()
    return items

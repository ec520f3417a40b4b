"""The seafarers pack's scenarios compiled once per board → games, places by hex and corner/side,
counters: what tests/scenarios/test_seafarers_*.py share."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from catan_dsl import api
from catan_dsl.engine import Game
from tests.engine.helpers import eid, empty_main, vid  # noqa: F401 (the kit's tests use them)

SCENARIOS = ("new_shores", "four_islands", "fog_islands", "through_the_desert", "wonders")
BOARDS = {"new_shores": ("new_shores_3", "new_shores_4"),
          "four_islands": ("four_islands_3", "four_islands_4"),
          "fog_islands": ("fog_islands_3", "fog_islands_4"),
          "through_the_desert": ("through_the_desert_3", "through_the_desert_4"),
          "wonders": ("wonders",)}


@lru_cache(maxsize=None)
def _compiled(name: str, board: str | None, with_: tuple[str, ...]) -> dict:
    ir, report = api.compile_file(f"seafarers:{name}", board=board, with_=with_)
    assert ir is not None, report.render_text()
    return ir


def compiled(name: str, board: str | None = None, with_: tuple[str, ...] = ()) -> dict:
    return _compiled(name, board, tuple(with_))


def game(name: str, players: int = 4, board: str | None = None) -> Game:
    return Game(compiled(name, board), players)


def main(name: str, players: int = 4, board: str | None = None, player: int = 0):
    """A state past the set-up, empty board, in ``player``'s turn after the roll."""
    return empty_main(game(name, players, board), player=player)


def land(ir: dict, q: int, r: int) -> int:
    return next(h["id"] for h in ir["board"]["hexes"] if (h["q"], h["r"]) == (q, r))


def sea_hex(ir: dict, q: int, r: int) -> int:
    """The id rules give a sea hex: the land's count plus its sea id."""
    return len(ir["board"]["hexes"]) + next(s["id"] for s in ir["board"]["sea"]
                                            if (s["q"], s["r"]) == (q, r))


def terrains(ir: dict, hexes=None) -> Counter:
    """Terrain → count over the face-up land hexes (all, or those at ``hexes``' coordinates)."""
    return Counter(h["terrain"] for h in ir["board"]["hexes"] if h["terrain"] is not None
                   and (hexes is None or (h["q"], h["r"]) in hexes))


def numbers(ir: dict, hexes=None) -> list[int]:
    return sorted(n for h in ir["board"]["hexes"] for n in h["numbers"]
                  if hexes is None or (h["q"], h["r"]) in hexes)


def feature_hexes(ir: dict, name: str) -> set[tuple[int, int]]:
    ids = set(ir["board"]["features"]["hexes"][name])
    return {(h["q"], h["r"]) for h in ir["board"]["hexes"] if h["id"] in ids}


def counter(s, p: int, name: str) -> int:
    return s.rules_state.counters[p][s.game.rules.counter_index[name]]


def settled(s):
    """The pieces put so far stand since before this turn (put() places them in it)."""
    s.rules_state.built_now.clear()
    s._legal = None
    return s

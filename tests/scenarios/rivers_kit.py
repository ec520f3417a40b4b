"""scenarios/rivers.catan (+ variants) → compiled games, board lookups and scripted states for the Rivers tests."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game, State
from tests.engine.helpers import empty_main

ROOT = Path(__file__).resolve().parents[2]
RIVERS = ROOT / "scenarios" / "rivers.catan"
SIDES = ("NE", "E", "SE", "SW", "W", "NW")        # IR order of a hex's edges
CORNERS = ("N", "NE", "SE", "S", "SW", "NW")      # IR order of a hex's vertices
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")


@lru_cache(maxsize=None)
def compiled(*with_: str) -> dict:
    ir, report = compile_file(str(RIVERS), with_=with_)
    assert ir is not None, report.render_text()
    return ir


@lru_cache(maxsize=None)
def game(*with_: str) -> Game:
    return Game(compiled(*with_))


def hex_at(g: Game, q: int, r: int) -> int:
    return next(h["id"] for h in g.ir["board"]["hexes"] if (h["q"], h["r"]) == (q, r))


def edge(g: Game, q: int, r: int, side: str) -> int:
    return g.ir["board"]["hexes"][hex_at(g, q, r)]["edges"][SIDES.index(side)]


def vertex(g: Game, q: int, r: int, corner: str) -> int:
    return g.ir["board"]["hexes"][hex_at(g, q, r)]["vertices"][CORNERS.index(corner)]


def feature(g: Game, kind: str, name: str) -> frozenset[int]:
    return g.rules.features[kind][name]


def gold(s: State, p: int) -> int:
    return s.rules_state.counters[p][s.game.rules.counter_index["gold"]]


def set_gold(s: State, p: int, n: int) -> None:
    s.rules_state.counters[p][s.game.rules.counter_index["gold"]] = n
    s._legal = None


def holders(s: State, card: str) -> list[int]:
    """Who holds a special card (a multi-copy card: every holder)."""
    si = s.game.rules.special_index[card]
    return sorted(set(s.rules_state.multi[si]) | ({s.holders[si]} if s.holders[si] >= 0 else set()))


def settle_awards(s: State) -> None:
    """Recompute the continuous special cards as the engine does after every action."""
    s.rules_state.fingerprint = None
    s.game.rules.after_action(s)


def main(g: Game, player: int = 0, seed: int = 0) -> State:
    """An empty board after setup, ``player``'s turn after the roll (round 3)."""
    s = empty_main(g, seed, player)
    s.turn = 2 * g.n_real + player
    return s


def river_bank(g: Game, v: int) -> bool:
    return any(h in feature(g, "hex", "river") for h in g.ir["board"]["vertices"][v]["hexes"])


def along_river(g: Game, e: int) -> bool:
    return any(h in feature(g, "hex", "river") for h in g.ir["board"]["edges"][e]["hexes"])


def put(s: State, player: int, piece: str, at: int) -> None:
    """Place a piece without paying and without an event (so no rule pays gold for it)."""
    from catan_dsl.engine.base import building
    building.place_quiet(s, player, s.game.piece_names.index(piece), at)
    s._legal = None

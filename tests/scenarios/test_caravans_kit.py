"""scenarios/caravans.catan (+ variants) → compiled Games, scripted states and chain helpers for the Caravans tests."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.core import geometry
from catan_dsl.engine import Game, State
from tests.engine.helpers import act, empty_main

CARAVANS = Path(__file__).resolve().parents[2] / "scenarios" / "caravans.catan"
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")


@lru_cache(maxsize=None)
def compiled(*with_: str) -> dict:
    ir, report = compile_file(str(CARAVANS), with_=with_)
    assert ir is not None, [str(d.message) for d in report.diagnostics]
    return ir


@lru_cache(maxsize=None)
def game(*with_: str) -> Game:
    return Game(compiled(*with_))


def main(g: Game, player: int = 0, seed: int = 0, rnd: int = 3) -> State:
    """An empty board after setup, ``player``'s turn in round ``rnd``, after the roll."""
    s = empty_main(g, seed, player)
    s.turn = (rnd - 1) * g.n_real + player
    return s


def hex_at(s: State, q: int, r: int) -> int:
    return next(h["id"] for h in s.game.ir["board"]["hexes"] if (h["q"], h["r"]) == (q, r))


def vertex(s: State, q: int, r: int, corner: str) -> int:
    key = geometry.fmt_key(geometry.corner((q, r), corner))
    return next(v["id"] for v in s.game.ir["board"]["vertices"] if v["key"] == key)


def oasis(s: State) -> int:
    return hex_at(s, 0, 0)


def oasis_edges(s: State) -> set[int]:
    return set(s.game.rules.hex_edges[oasis(s)])


def spots(s: State) -> list[int]:
    """The legal places of the next camel, as the engine computes them."""
    return s.game.rules.chains.spots(s, 0)


def place(s: State, e: int, player: int = 0) -> None:
    """Put the next camel on ``e`` through the chain mechanism (must be legal)."""
    assert s.game.rules.chains.extend(s, 0, e, player, s.emit), (e, spots(s))
    s._legal = None


def camels(s: State) -> list[int]:
    ch = s.game.rules.chains
    return [e for e in range(s.board.n_edges) if ch.piece_at(s.rules_state.chains, e) >= 0]


def head(s: State, inst: int) -> int:
    ch = s.game.rules.chains
    return s.rules_state.chains[ch.base + 3 * inst]


def instance_spots(s: State, inst: int) -> list[int]:
    return [e for e, i in s.game.rules.chains.steps(s, 0) if i == inst]


def far_end(s: State, e: int, v: int) -> int:
    a, b = s.board.edge_vertices[e]
    return b if a == v else a


def vote(s: State, choices: list[tuple[int, int]]) -> None:
    """Answer a whole voting round: per voter in turn, (edge named, cards laid out)."""
    for e, n in choices:
        act(s, f"choose edge {e}")
        act(s, f"choose bid {n}")

"""Variant name(s) + options → compiled Games and scripted states for the variant rule tests."""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game, State
from tests.engine.helpers import act, empty_main, pre_roll

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")


@lru_cache(maxsize=None)
def compiled(scenario: str, with_: tuple[str, ...], board: str | None = None) -> dict:
    ir, report = compile_file(str(SCENARIOS / f"{scenario}.catan"), with_=with_, board=board)
    assert ir is not None, [str(d.message) for d in report.diagnostics]
    return ir


@lru_cache(maxsize=None)
def game(*with_: str, scenario: str = "base", options: tuple[str, ...] = (),
         board: str | None = None) -> Game:
    """base.catan (or ``scenario``) with the variants ``with_`` on its default (or named) board;
    ``options`` chosen at play time (IR meta.options, as a front end or CLI would set them)."""
    ir = compiled(scenario, tuple(with_), board)
    if options:
        ir = copy.deepcopy(ir)
        ir["meta"]["options"] = {o: True for o in options}
    return Game(ir)


def main_turn(g: Game, player: int = 0, rnd: int = 3, seed: int = 0) -> State:
    """An empty board after setup, ``player``'s turn in round ``rnd`` (1-based), after the roll."""
    s = empty_main(g, seed, player)
    s.turn = (rnd - 1) * g.n_real + player
    return s


def before_roll(g: Game, player: int = 0, rnd: int = 3, seed: int = 0) -> State:
    """As main_turn, but at the start of the turn, before the roll (a chance node unless the
    player holds a card playable before rolling)."""
    return pre_roll(main_turn(g, player, rnd, seed), player)


def outcome_texts(s: State) -> list[str]:
    return [str(a) for a, _ in s.chance_outcomes()]


def reveal(s: State, card: str, deck: str = "events") -> list:
    """At a chance node of the event deck, turn up ``card``; returns the events it caused."""
    s.drain_events()
    act(s, f"deal {deck} {card}")
    return s.drain_events()


def names(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


def hexes_of(s: State, terrain: str) -> list[int]:
    return [h for h, t in enumerate(s.board.hex_terrain) if t == terrain]

"""A shipped row and a switch of the engine (a module's flag) → two games of it, one with the
switch as shipped and one with it off, played side by side by seeded random bots; the tests of
the code generators assert both make the same legal actions and events at every step."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable

import pytest

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.engine import Game
from catan_dsl.engine.rules.execution import RuleBudgetExceeded
from tests.engine.helpers import empty_main
from tests.engine.rules.random_walks import random_steps

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")
# Every shipped scenario and combination, and the base game with each variant (as
# bench/fingerprint.py plays them).
ROWS = [(p, ()) for p in sorted(SCENARIOS.glob("*.catan")) if p.stem not in VARIANTS] + \
    [(p, ()) for p in sorted(SCENARIOS.glob("combinations/*.catan"))] + \
    [(SCENARIOS / "base.catan", (v,)) for v in VARIANTS]


def row_game(name: str) -> Game:
    """A shipped row by its path under scenarios/ without ``.catan`` (e.g.
    ``combinations/rivers+traders_barbarians``) → its 4-player Game."""
    ir, report = compile_file(str(SCENARIOS / f"{name}.catan"))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def random_walk(path: Path, seed: int, steps: int) -> tuple[list, list, int | None]:
    """A seeded random game of ``path`` built afresh (so a switch read when the rules are built
    is read again) for up to ``steps`` steps: (its actions as text, its events, its winner)."""
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    s, events = None, []
    for _, s, _, _ in random_steps(Game(ir, num_players=4), (seed,), steps):
        events += s.drain_events()
    return [str(a) for a in s.history()], events, s.winner()


def row_id(r) -> str:
    return r.stem if isinstance(r, Path) else "+".join(r)


def games_on_and_off(path: Path, with_: tuple, monkeypatch, module, *flags: str
                     ) -> tuple[Game, Game]:
    """(the row's game as shipped, the same game built with every ``module.flag`` False)."""
    ir, report = compile_file(str(path), with_=with_)
    assert ir is not None, report.render_text()
    players = 2 if "catan_for_two" in with_ else 4
    shipped = Game(ir, num_players=players)
    with monkeypatch.context() as m:
        for flag in flags:
            m.setattr(module, flag, False)
        switched_off = Game(ir, num_players=players)
    return shipped, switched_off


def play_side_by_side(games: tuple[Game, Game], seed: int, steps: int,
                      also: Callable[[list], None] | None = None) -> list:
    """Play both games from ``seed`` with random bots for up to ``steps`` steps, asserting the
    same legal actions, moves and events at each (and ``also(states)``, a test's own checks,
    after each); the two final states."""
    states = [g.new_initial_state(seed=seed) for g in games]
    rngs = [random.Random(seed), random.Random(seed)]
    bot = make_bot("random")
    for _ in range(steps):
        if states[0].is_terminal():
            break
        taken = []
        for s, rng in zip(states, rngs):
            if s.is_chance_node():
                a = s.sample_chance(rng)
            else:
                legal = s.legal_actions()
                taken.append([str(x) for x in legal])
                a = bot.choose(s, legal, rng)
            s.apply_action(a)
            taken.append(str(a))
        assert taken[: len(taken) // 2] == taken[len(taken) // 2:]
        events = [s.drain_events() for s in states]
        assert events[0] == events[1]
        if also is not None:
            also(states)
    assert states[0].is_terminal() == states[1].is_terminal()
    return states


def runaway_both_ways(games, start: Callable, counter: str) -> tuple[list, list]:
    """Run ``start(state)`` — a block that runs away — in a fresh main phase of each game:
    (each game's RuleBudgetExceeded as (chain, why, where), each first seat's ``counter``
    when the budget stopped it), for the tests that want both ways to stop at the same step."""
    errors, counts = [], []
    for g in games:
        s = empty_main(g)
        with pytest.raises(RuleBudgetExceeded) as err:
            start(s)
        errors.append((err.value.chain, err.value.why, err.value.where))
        counts.append(s.rules_state.counters[0][g.rules.counter_index[counter]])
    return errors, counts

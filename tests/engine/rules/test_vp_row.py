"""Every player's VP kept per game by what it reads (``victory.KEEP_VP_ROW``), asked by vp(p) in
a listing (the boot's holder's targets): the same games as asking each player at each listing
(side by side), and the kept row equal to each player's total_vp at every step, with the
counters the modifiers read and the special cards' holders moved under it."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import victory
from tests.engine.rules.random_walks import random_steps
from tests.engine.rules.side_by_side import (SCENARIOS, games_on_and_off, play_side_by_side,
                                             row_game)

ROWS = ("fishermen", "combinations/fishermen+barbarian_attack",
        "combinations/fishermen+traders_barbarians")
# Rows whose listings read vp(p) or public_vp(p) elsewhere: a robber's ban, a token's cost, a
# wonder's condition.
OTHERS = (("base", ("friendly_robber",)), ("base", ("catan_for_two",)),
          ("seafarers/scenarios/wonders", ()))


@pytest.mark.parametrize("name, with_", [(n, ()) for n in ROWS] + list(OTHERS))
def test_games_are_the_same_with_the_vp_row_kept_or_asked(name: str, with_: tuple,
                                                          monkeypatch) -> None:
    games = games_on_and_off(SCENARIOS / f"{name}.catan", with_, monkeypatch, victory,
                             "KEEP_VP_ROW")
    assert games[0].rules.vp_row is not None and games[1].rules.vp_row is None
    play_side_by_side(games, 11, 400)


@pytest.mark.parametrize("name", ROWS[1:])
def test_the_kept_row_follows_counters_and_holders(name: str) -> None:
    game = row_game(name)
    rules = game.rules
    for step, (_, s, _, _) in enumerate(random_steps(game, (5,), 300)):
        p = step % rules.n_real
        row, holders = s.rules_state.counters[p], s.holders
        kept = list(row), list(holders)
        for value in (None, 7, 30 + step % 3):
            if value is not None:
                row[:] = [value] * len(row)
                holders[step % len(holders)] = p
            assert rules.vp_row(s) == tuple(rules.total_vp(s, q) for q in range(4))
        row[:], holders[:] = kept

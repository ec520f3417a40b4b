"""Per-player VP modifiers that read only the player's counters (T&B's baggage train and
deliveries) are kept per game by those counters' values (``victory.KEEP_COUNTER_VP``): the same
games as with them asked after every action, the same VP as the reference method's at every
step, and a modifier that reads anything else is asked as before."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import victory
from catan_dsl.engine.rules.victory import VictoryQueries
from tests.engine.rules.random_walks import random_steps
from tests.engine.rules.side_by_side import (SCENARIOS, games_on_and_off, play_side_by_side,
                                             row_game)

# T&B alone, with a shared special card (Rivers' poorest), with piece VP modifiers (Barbarian
# Attack's) beside them.
KEPT = ("traders_barbarians", "combinations/rivers+traders_barbarians",
        "combinations/barbarian_attack+traders_barbarians")


@pytest.mark.parametrize("name", KEPT)
def test_games_are_the_same_with_the_vp_kept_or_asked(name: str, monkeypatch) -> None:
    path = SCENARIOS / f"{name}.catan"
    games = games_on_and_off(path, (), monkeypatch, victory, "KEEP_COUNTER_VP")
    assert victory.counter_kept(games[0].rules) is not None
    play_side_by_side(games, 5, 500)


@pytest.mark.parametrize("name", KEPT[:2])
def test_the_kept_score_is_the_methods_after_every_step(name: str) -> None:
    game = row_game(name)
    rules = game.rules
    baggage, deliveries = (rules.counter_index[n] for n in ("baggage", "deliveries"))
    for step, (_, s, _, _) in enumerate(random_steps(game, (4,), 600)):
        for p in range(rules.n_real):
            row = s.rules_state.counters[p]
            held = row[baggage], row[deliveries]
            # The walk's own counters, then others the random bots seldom reach (card 5, a
            # delivery or more), put back before the next step.
            for b, d in (held, (5, step % 4), (step % 6, 1)):
                row[baggage], row[deliveries] = b, d
                assert rules.victory_score(s, p) == VictoryQueries.victory_score(rules, s, p)
                assert rules.total_vp(s, p) == s.vp(p)
            row[baggage], row[deliveries] = held


def test_deliveries_that_reach_the_target_win() -> None:
    game = row_game("traders_barbarians")
    rules = game.rules
    s = game.new_initial_state(2)
    c = [c.name for c in rules.counters].index("deliveries")
    before = rules.victory_score(s, 1)
    s.rules_state.counters[1][c] = rules.fixed_target
    assert rules.victory_score(s, 1) == before + rules.fixed_target >= rules.fixed_target
    s.rules_state.counters[1][c] = 0
    assert rules.victory_score(s, 1) == before


def test_a_modifier_reading_more_than_counters_is_not_kept() -> None:
    rules = row_game("traders_barbarians").rules
    read: set = set()
    count = ["count_of", ["var", "p"], "deliveries"]
    assert victory._counters_read(["+", count, 1], ("p", "player"), rules, read)
    assert read == {rules.counter_index["deliveries"]}
    assert not victory._counters_read(["+", count, ["cards", ["var", "p"]]], ("p",), rules, set())
    other = ["count_of", ["var", "q"], "deliveries"]         # another player's counter
    assert not victory._counters_read(other, ("p",), rules, set())
    assert not victory._counters_read(["count_of", ["var", "p"], "ore"], ("p",), rules, set())
    assert not victory._counters_read(["var", "p"], ("p",), rules, set())

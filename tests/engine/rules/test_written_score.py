"""The victory check's score and the rules' vp(p) written as one generated function
(``victory.WRITTEN_SCORE``): the same games as with the closures that call each per-player VP
modifier (side by side), the same values as the reference methods at every step, a modifier
whose source reads more than the player left to the closures."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import victory
from catan_dsl.engine.rules.victory import VictoryQueries
from tests.engine.rules.random_walks import random_steps
from tests.engine.rules.side_by_side import (SCENARIOS, games_on_and_off, play_side_by_side,
                                             row_game)

# An unbounded modifier beside piece modifiers (BA, F+BA), two with a condition (T&B), a
# per-building bound with headroom (Caravans), the Seafarers' special VP.
ROWS = ("barbarian_attack", "traders_barbarians", "combinations/fishermen+barbarian_attack",
        "caravans", "seafarers/scenarios/new_shores")


@pytest.mark.parametrize("name", ROWS)
def test_games_are_the_same_with_the_score_written_or_called(name: str, monkeypatch) -> None:
    games = games_on_and_off(SCENARIOS / f"{name}.catan", (), monkeypatch, victory,
                             "WRITTEN_SCORE")
    assert victory.written_vp(games[0].rules, True) is not None
    play_side_by_side(games, 7, 400)


@pytest.mark.parametrize("name", ROWS[:3])
def test_the_written_score_is_the_methods_with_counters_set(name: str) -> None:
    """At every step, with the counters the modifiers read set beyond what random games
    reach (a full baggage train, prisoners enough to win) and a special card held, put back
    before the next step."""
    game = row_game(name)
    rules = game.rules
    assert rules.victory_score.__code__.co_filename == "<written victory score>"
    names = [c.name for c in rules.counters]
    for step, (_, s, _, _) in enumerate(random_steps(game, (4,), 300)):
        for p in range(rules.n_real):
            row, holders = s.rules_state.counters[p], s.holders
            kept = list(row), list(holders)
            for value in (None, 5, 30 + step % 3):
                if value is not None:
                    row[:] = [value] * len(names)
                    holders[step % len(holders)] = p     # a special card held, its VP added
                assert rules.victory_score(s, p) == VictoryQueries.victory_score(rules, s, p)
                assert rules.total_vp(s, p) == VictoryQueries.total_vp(rules, s, p) == s.vp(p)
            row[:], holders[:] = kept


def test_a_modifier_reading_more_than_the_player_is_left_to_the_closures() -> None:
    """A source that reads a variable of ``env`` other than the player, or names one of the
    written function's locals, is not written in: the closures as before."""
    rules = row_game("barbarian_attack").rules
    when, value, var = rules.player_vp_plain[0]
    fake = lambda s, env: 0     # noqa: E731
    fake.written = ("env['other']", {})
    rules.player_vp_plain = ((when, fake, var),)
    assert victory.written_vp(rules, True) is None
    fake.written = ("held + s.rules_state.counters[env['p']][0]", {})   # a local's name
    assert victory.written_vp(rules, True) is None
    fake.written = ("(s.rules_state", {})                                  # no expression
    assert victory.written_vp(rules, True) is None
    fake.written = ("s.rules_state.counters[env['p']][0]", {})
    assert victory.written_vp(rules, True) is not None


# A shared card (the poor settler, all_min) alone (Rivers) and beside two counter modifiers
# without headroom (Rivers + T&B).
SHARED = ("rivers", "combinations/rivers+traders_barbarians")


@pytest.mark.parametrize("name", SHARED)
def test_games_are_the_same_with_shared_cards_written_or_called(name: str, monkeypatch) -> None:
    games = games_on_and_off(SCENARIOS / f"{name}.catan", (), monkeypatch, victory,
                             "WRITTEN_SHARED")
    written = [g.rules.victory_score.__code__.co_filename == "<written victory score>"
               for g in games]
    assert written == [True, False]
    play_side_by_side(games, 7, 400)


@pytest.mark.parametrize("name", SHARED)
def test_the_written_score_counts_every_holder_of_a_shared_card(name: str) -> None:
    """At every step, with the shared card given to each player in turn (and to several at
    once), the written score and vp(p) are the methods' (extra_vp reading ``multi``)."""
    game = row_game(name)
    rules = game.rules
    assert rules.victory_score.__code__.co_filename == "<written victory score>"
    si = next(i for i, sp in enumerate(rules.game.specials) if sp.policy == "all_min")
    for step, (_, s, _, _) in enumerate(random_steps(game, (4,), 200)):
        multi = s.rules_state.multi
        kept = list(multi[si])
        for holders in ([], [step % rules.n_real], list(range(rules.n_real))):
            multi[si] = holders
            for p in range(rules.n_real):
                assert rules.victory_score(s, p) == VictoryQueries.victory_score(rules, s, p)
                assert rules.total_vp(s, p) == VictoryQueries.total_vp(rules, s, p) == s.vp(p)
        multi[si] = kept

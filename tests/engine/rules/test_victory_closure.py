"""The victory check's score and the rules' vp(p), written out as closures when a game is built,
are the methods' (VictoryQueries.victory_score and total_vp, the references) for every seat
after every step of seeded random games, in the shipped rows whose rules add VP each way the
closures handle (a per-player modifier without a condition, piece modifiers, special cards,
shared cards, an unbounded per-player modifier without piece modifiers: the Seafarers' special
VP); and so is the victory target where modifiers move it (Fishermen, Wonders)."""

from __future__ import annotations

import pytest

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.engine.rules import victory
from catan_dsl.engine.rules.victory import VictoryQueries
from tests.engine.rules.random_walks import random_steps

ROWS = ("scenarios/barbarian_attack.catan", "scenarios/rivers.catan",
        "scenarios/combinations/rivers+caravans.catan", "scenarios/fishermen.catan",
        "scenarios/combinations/fishermen+barbarian_attack.catan", "seafarers:fog_islands",
        "seafarers:wonders")


def _game(path: str) -> Game:
    ir, report = api.compile_file(path)
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


@pytest.mark.parametrize("path", ROWS)
def test_the_written_out_score_is_the_methods_after_every_step(path: str) -> None:
    game = _game(path)
    rules = game.rules
    assert "victory_score" in vars(rules) and "total_vp" in vars(rules)   # shadowing the methods
    compared = 0
    for _, s, _, _ in random_steps(game, (3,), 700):
        for p in range(rules.n_real):
            assert rules.victory_score(s, p) == VictoryQueries.victory_score(rules, s, p)
            assert rules.total_vp(s, p) == VictoryQueries.total_vp(rules, s, p) == s.vp(p)
            compared += 1
    assert compared > 2000


@pytest.mark.parametrize("path", ("scenarios/fishermen.catan", "seafarers:wonders"))
def test_the_written_out_target_is_the_methods_after_every_step(path: str) -> None:
    game = _game(path)
    rules = game.rules
    assert "target" in vars(rules)
    for _, s, _, _ in random_steps(game, (3,), 700):
        for p in range(rules.n_real):
            assert rules.target(s, p) == VictoryQueries.target(rules, s, p)


def test_a_finished_wonder_lowers_the_written_out_target() -> None:
    """Wonders: the target is 100 higher until a player's wonder reaches level 4."""
    game = _game("seafarers:wonders")
    rules = game.rules
    s = game.new_initial_state(3)
    level = [c.name for c in rules.counters].index("wonder_level")
    assert rules.target(s, 1) == VictoryQueries.target(rules, s, 1) == rules.min_target + 100
    s.rules_state.counters[1][level] = 4
    assert rules.target(s, 1) == VictoryQueries.target(rules, s, 1) == rules.min_target
    assert rules.target(s, 0) == rules.min_target + 100


def test_the_switch_off_leaves_the_method(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(victory, "SCORE_CLOSURE", False)
    rules = _game(ROWS[0]).rules
    assert "victory_score" not in vars(rules) and "total_vp" not in vars(rules)
    assert "target" not in vars(_game("seafarers:wonders").rules)


def test_a_prisoner_count_that_reaches_the_target_wins() -> None:
    """The closure's per-player modifier is read, not bounded away: VP from prisoners alone
    (Barbarian Attack: one VP per two) can end the game."""
    game = _game(ROWS[0])
    rules = game.rules
    for _, s, _, _ in random_steps(game, (5,), 400):
        if s.phase == 2 and not s.prompts and s.winner() is None:
            break
    p = s.cur
    c = [c.name for c in rules.counters].index("prisoners")
    s.rules_state.counters[p][c] = 2 * (rules.fixed_target - s.board_vp[p] - s.card_vp[p]) + 40
    assert rules.victory_score(s, p) >= rules.fixed_target
    assert rules.victory_score(s, p) == VictoryQueries.victory_score(rules, s, p)
    assert rules.total_vp(s, p) == VictoryQueries.total_vp(rules, s, p) >= rules.fixed_target

"""The step budget spans chance steps (issue 38, 2): a rule that re-rolls every roll, or a loop
that asks chance again without end, stops with the rule's file:line instead of rolling for ever;
a player's decision starts a fresh budget, and a clone carries its own count."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules.execution import CHANCE_STEP, STEP_BUDGET, RuleBudgetExceeded
from tests.engine.helpers import act, empty_main, pre_roll


def _game(tmp_path: Path, body: str) -> Game:
    p = tmp_path / "chance.catan"
    p.write_text('scenario chance "Chance" extends base {\n' + body + "}\n", encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def _run_chance(s, rng: random.Random, limit: int) -> int:
    """Apply chance outcomes while the state asks for them; how many were applied."""
    n = 0
    while s.is_chance_node() and n < limit:
        s.apply_action(s.sample_chance(rng))
        n += 1
    return n


def test_a_rule_that_rerolls_every_roll_stops_at_its_line(tmp_path: Path) -> None:
    s = pre_roll(empty_main(_game(tmp_path, "  counter c \"c\"\n  on rolled { reroll }\n")), 0)
    rng = random.Random(1)
    with pytest.raises(RuleBudgetExceeded) as err:
        _run_chance(s, rng, STEP_BUDGET + 1)     # the limit is never met: the budget stops first
    assert err.value.where.endswith("chance.catan:3")
    assert "chance steps" in str(err.value) and "chance.1 at " in str(err.value)


def test_a_loop_around_a_roll_that_never_says_no_stops(tmp_path: Path) -> None:
    s = empty_main(_game(tmp_path, '  action spin "Spin" {\n'
                                   "    do { repeat 1000000 while true { gain roll(2) wool } }\n"
                                   "  }\n"))
    act(s, "do spin")
    with pytest.raises(RuleBudgetExceeded) as err:
        _run_chance(s, random.Random(2), STEP_BUDGET + 1)
    assert err.value.where.endswith("chance.catan:2")


def test_a_player_decision_starts_a_fresh_budget(tmp_path: Path) -> None:
    """A bounded re-roll (a 7 is rolled again) costs a chance step per roll; the count goes on
    over chance steps, a clone keeps its own, and a player's decision starts again at 0."""
    g = _game(tmp_path, "  on rolled n where n == 7 { reroll }\n")
    s = empty_main(g)
    act(s, "end turn")
    assert s.is_chance_node() and s.rules_state.quiet_steps == 0
    rolls = _run_chance(s, random.Random(3), 100)
    spent = s.rules_state.quiet_steps
    assert rolls >= 1 and rolls * CHANCE_STEP <= spent < STEP_BUDGET
    copy = s.clone()
    act(s, "end turn")                                   # a decision: nothing ran, 0 spent
    assert s.rules_state.quiet_steps == 0
    assert copy.rules_state.quiet_steps == spent          # the clone's count is its own

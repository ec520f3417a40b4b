"""Effect blocks written out as generated functions (engine/rules/straight.py) → what the work
stack of executor.run does with them: every shipped scenario, combination and variant played
side by side with the blocks generated and run effect by effect, the same legal actions,
events, budget steps and pending work at every step; and the blocks that are written out. The
same with steps counted at once and quiet stock moves written in place (``straight.DIRECT``)
against each step and effect on its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.engine import Game
from catan_dsl.engine.rules import execution, executor, firing, straight
from tests.engine.helpers import act, empty_main
from tests.engine.rules.side_by_side import (ROWS, games_on_and_off, play_side_by_side, row_id,
                                             runaway_both_ways)


def _play_exactly_alike(games, seed: int, steps: int) -> None:
    """Both games from ``seed`` with random bots: the same legal actions, moves and events,
    and the same steps counted and work left on the stack (the prompts) after every action."""
    def same_work(states) -> None:
        assert states[0].prompts == states[1].prompts
        if games[0].rules is not None:
            assert games[0].rules.execution.steps == games[1].rules.execution.steps
    play_side_by_side(games, seed, steps, also=same_work)


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_a_scenario_plays_the_same_with_blocks_written_out(path, with_, monkeypatch):
    written, stacked = games_on_and_off(path, with_, monkeypatch, straight, "GENERATED")
    assert stacked.rules is None or stacked.rules.straight is None
    _play_exactly_alike((written, stacked), seed=5, steps=900)


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_a_scenario_plays_the_same_with_steps_counted_at_once_and_moves_in_place(
        path, with_, monkeypatch):
    direct, each = games_on_and_off(path, with_, monkeypatch, straight, "DIRECT")
    assert direct.rules is None or (direct.rules.straight.direct and
                                    not each.rules.straight.direct)
    _play_exactly_alike((direct, each), seed=5, steps=900)


SOURCE = """scenario blocks "Blocks" extends base {
  counter gold "gold"
  counter runs "runs"
  procedure pay(q, k) { q gains k gold }
  action mixed "Gain through branches, a let, a procedure and an each" {
    do {
      gain 1 runs
      if count_of(player, runs) > 1 { gain 1 gold; pay(player, 2) } else { gain 1 runs }
      let k = count_of(player, runs)
      each q in seats where q != player { pay(q, k) }
      gain 1 runs
    }
  }
  action one "One gain" { do { gain 1 runs } }
  procedure bump() { gain 1 runs }
  action runaway "Run until the step budget stops it" {
    do {
      repeat 3000 {
        if true { bump(); gain 1 runs }
        let k = 1
        each q in seats where q == player { gain k runs }
      }
    }
  }
}
"""


def _games(tmp_path: Path, monkeypatch, flag: str = "GENERATED") -> tuple[Game, Game]:
    p = tmp_path / "blocks.catan"
    p.write_text(SOURCE, encoding="utf-8")
    return games_on_and_off(p, (), monkeypatch, straight, flag)


def test_blocks_with_two_effects_or_one_written_in_place_are_generated(tmp_path, monkeypatch):
    """A rule's block of several effects, from its start and from each effect it may carry on
    at, and the nested blocks of an if, a let, a procedure and an each are written out; a
    block (or what is left of one) of one plain effect is left to the executor (``DIRECT``
    off: on, a quiet stock move alone is written too)."""
    _, written = _games(tmp_path, monkeypatch, "DIRECT")
    rules = written.rules
    mixed, one = rules.action_by_name["mixed"], rules.action_by_name["one"]
    # The action's block is [gain, if, let]; the let's body [each, gain] (it holds the rest).
    assert [eff.head for eff in rules.compiled[mixed].do] == ["gain", "if", "let"]
    assert rules.straight[mixed, (), 0] is not None
    assert rules.straight[mixed, (), 2] is not None          # carried on at the let
    assert rules.straight[mixed, (2, 0), 0] is not None      # the let's body
    assert rules.straight[mixed, (2, 0), 1] is None          # from its last gain: one plain effect
    assert rules.straight[mixed, (1, 0), 0] is not None      # the if's first branch: two effects
    assert rules.straight[one, (), 0] is None                # one plain gain


def test_one_quiet_stock_move_is_written_with_its_arguments_in_place(tmp_path, monkeypatch):
    """With ``DIRECT``, a block (or the rest of one) that is a single gain of a named counter
    is written out too, as the move with its arguments in place (no closure to call, no stop
    to test for): the action of one gain and the let's last gain."""
    direct, _ = _games(tmp_path, monkeypatch, "DIRECT")
    rules = direct.rules
    mixed, one = rules.action_by_name["mixed"], rules.action_by_name["one"]
    assert rules.straight[one, (), 0] is not None
    assert rules.straight[mixed, (2, 0), 1] is not None
    states = [empty_main(direct)]
    act(states[0], "do one")
    assert states[0].rules_state.counters[0][rules.counter_index["runs"]] == 1


def test_a_written_out_block_does_what_the_stack_does(tmp_path, monkeypatch):
    """The same counters, events and budget steps, action after action (the if's branches
    both taken, the procedure's gold named by its call)."""
    games = _games(tmp_path, monkeypatch)
    states = [empty_main(g) for g in games]
    for _ in range(3):
        for s in states:
            act(s, "do mixed")
        assert states[0].drain_events() == states[1].drain_events()
        assert games[0].rules.execution.steps == games[1].rules.execution.steps
    gold = games[0].rules.counter_index["gold"]
    # The mover: 1 + 2 on each of the last two runs; each other seat: k = 2, 4, 6 runs.
    assert [c[gold] for c in states[0].rules_state.counters] == [6, 12, 12, 12]
    assert states[1].rules_state.counters == states[0].rules_state.counters


def test_the_step_budget_stops_a_written_out_block_where_it_stops_the_stack(tmp_path, monkeypatch):
    """A block that runs away meets the budget at the same step both ways: the same gains made
    before it, the same rule named."""
    errors, runs = runaway_both_ways(_games(tmp_path, monkeypatch),
                                     lambda s: act(s, "do runaway"), "runs")
    assert errors[0] == errors[1]
    assert runs[0] == runs[1] and 0 < runs[0] < 3 * 3000


@pytest.mark.parametrize("budget", range(4000, 4012))   # past the repeat's own 3000
def test_steps_counted_at_once_meet_the_budget_at_the_step_counted_one_by_one(
        budget, tmp_path, monkeypatch):
    """Whichever of the steps added at once (a loop's element and its body, a procedure's body
    and its first effect) passes the budget, the game stops at that step both ways, with the
    same gains made and the same rules named: twelve budgets in a row put the stop on each
    step of the runaway's loop."""
    for module in (execution, executor, firing, straight):
        monkeypatch.setattr(module, "STEP_BUDGET", budget)
    games = _games(tmp_path, monkeypatch, "DIRECT")
    errors, runs = runaway_both_ways(games, lambda s: act(s, "do runaway"), "runs")
    assert errors[0] == errors[1] and errors[0][1].startswith(f"{budget} steps")
    assert runs[0] == runs[1] and 0 < runs[0] < budget

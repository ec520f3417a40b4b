"""An event's rules fired in place, and a player action's block run in place
(engine/rules/firing.py) → what the work items of executor.rule_items and executor.run do
with them: every shipped scenario, combination and variant played side by side both ways,
the same legal actions, events, budget steps and pending work at every step; and rules on one
trigger whose conditions fail, whose blocks run to their end, open a prompt with later rules
waiting, or run into the step budget, and an action's block that does."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.engine import Game
from catan_dsl.engine.rules import firing
from tests.engine.helpers import act, empty_main
from tests.engine.rules.side_by_side import (ROWS, games_on_and_off, play_side_by_side, row_id,
                                             runaway_both_ways)


def _same_work(games):
    def check(states) -> None:
        assert states[0].prompts == states[1].prompts
        if games[0].rules is not None:
            assert games[0].rules.execution.steps == games[1].rules.execution.steps
            assert states[0].rules_state.quiet_steps == states[1].rules_state.quiet_steps
    return check


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_a_scenario_plays_the_same_with_rules_fired_in_place(path, with_, monkeypatch):
    in_place, stacked = games_on_and_off(path, with_, monkeypatch, firing, "IN_PLACE")
    assert stacked.rules is None or not stacked.rules.in_place
    play_side_by_side((in_place, stacked), 5, 900, also=_same_work((in_place, stacked)))


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_a_scenario_plays_the_same_with_each_triggers_rules_fired_by_a_written_function(
        path, with_, monkeypatch):
    written, looped = games_on_and_off(path, with_, monkeypatch, firing, "WRITTEN")
    assert looped.rules is None or looped.rules.fires is None
    play_side_by_side((written, looped), 5, 900, also=_same_work((written, looped)))


SOURCE = """scenario firing "Firing" extends base {
  counter gold "gold"
  counter runs "runs"
  deck signs {
    card calm x 2
    at_once
    reshuffle_spent
  }
  deck storms {
    card storm x 1
    at_once
    reshuffle_spent
  }
  action draw_calm "Draw a calm sign" { do { draw 1 from signs } }
  action draw_storm "Draw a storm" { do { draw 1 from storms } }
  action runaway "Run until the step budget stops it" { do { repeat 3000 { gain 1 runs; gain 1 runs } } }
  on drew calm where count_of(player, runs) > 1000 { gain 1 gold }
  on drew calm { gain 1 runs }
  on drew calm {
    choose h in hexes by player where has_number(h, 6) { gain 1 gold }
    gain 1 runs
  }
  on drew calm { gain 2 runs; gain 1 gold }
  on drew storm { repeat 3000 { gain 1 runs; gain 1 runs } }
}
"""


def _games(tmp_path: Path, monkeypatch) -> tuple[Game, Game]:
    p = tmp_path / "firing.catan"
    p.write_text(SOURCE, encoding="utf-8")
    games = games_on_and_off(p, (), monkeypatch, firing, "IN_PLACE")
    assert games[0].rules.in_place and not games[1].rules.in_place
    return games


def _counter(s, name: str) -> int:
    return s.rules_state.counters[0][s.game.rules.counter_index[name]]


def test_rules_on_one_trigger_wait_below_a_prompt_as_on_the_stack(tmp_path, monkeypatch):
    """A card drawn fires four rules: the first's condition fails (a step, nothing run), the
    second runs to its end, the third opens a choice part-way — the rest of its block and the
    fourth rule wait below it — and answering it runs them, both ways alike."""
    games = _games(tmp_path, monkeypatch)
    states = [empty_main(g) for g in games]
    for s in states:
        act(s, "do draw_calm")
        s.apply_action(s.legal_actions()[0])        # the card dealt (a chance step)
    assert states[0].prompts == states[1].prompts and states[0].prompts
    assert games[0].rules.execution.steps == games[1].rules.execution.steps
    assert [_counter(s, "runs") for s in states] == [1, 1]
    assert states[0].drain_events() == states[1].drain_events()
    for s in states:
        s.apply_action(s.legal_actions()[0])
    assert [(_counter(s, "runs"), _counter(s, "gold")) for s in states] == [(4, 2), (4, 2)]
    assert states[0].prompts == states[1].prompts
    assert games[0].rules.execution.steps == games[1].rules.execution.steps
    assert states[0].drain_events() == states[1].drain_events()


def test_the_step_budget_stops_a_rule_fired_in_place_where_it_stops_the_stack(tmp_path,
                                                                               monkeypatch):
    """A fired rule that runs away (its repeat handed to the executor) meets the budget at the
    same step both ways: the same gains made before it, the same rule named."""
    def deal_the_card(s) -> None:
        act(s, "do draw_storm")
        s.apply_action(s.legal_actions()[0])        # the card dealt: its rule runs away
    errors, runs = runaway_both_ways(_games(tmp_path, monkeypatch), deal_the_card, "runs")
    assert errors[0] == errors[1]
    assert runs[0] == runs[1] and 0 < runs[0] < 2 * 3000


def test_the_step_budget_stops_an_action_run_in_place_where_it_stops_the_stack(tmp_path,
                                                                                monkeypatch):
    """An action's block that runs away (its repeat handed to the executor) meets the budget
    at the same step both ways, naming the action."""
    errors, runs = runaway_both_ways(_games(tmp_path, monkeypatch),
                                     lambda s: act(s, "do runaway"), "runs")
    assert errors[0] == errors[1]
    assert runs[0] == runs[1] and 0 < runs[0] < 2 * 3000

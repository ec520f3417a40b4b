"""A rule's choice answered, and its work resumed below a prompt, with the blocks entered as
their generated functions (engine/rules/executor.go_on) → what executor.run's loop does with
them: the rows whose rules ask choices played side by side both ways, the same legal
actions, events, budget steps and pending work at every step; choices inside a procedure
called per element of an each, with work after them, an answer that ends the game, and an
answered block that runs into the step budget."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.engine import Game
from catan_dsl.engine.rules import executor
from tests.engine.helpers import act, empty_main
from tests.engine.rules.side_by_side import (ROWS, games_on_and_off, play_side_by_side, row_id,
                                             runaway_both_ways)

# The rows whose rules open choices and resume below them most (Barbarian Attack's march asks
# one per knight inside an each).
ASKING = [r for r in ROWS if any(w in r[0].stem for w in
                                 ("barbarian_attack", "fishermen", "rivers", "traders"))]


def _same_work(games):
    def check(states) -> None:
        assert states[0].prompts == states[1].prompts
        assert games[0].rules.execution.steps == games[1].rules.execution.steps
    return check


@pytest.mark.parametrize("path,with_", ASKING, ids=row_id)
def test_a_row_plays_the_same_with_answers_resumed_in_place(path, with_, monkeypatch):
    in_place, stacked = games_on_and_off(path, with_, monkeypatch, executor, "IN_PLACE")
    assert in_place.rules.execution.resumes and not stacked.rules.execution.resumes
    play_side_by_side((in_place, stacked), 5, 900, also=_same_work((in_place, stacked)))


SOURCE = """scenario resumed "Resumed" extends base {
  counter gold "gold"
  counter runs "runs"
  procedure pick(q) {
    choose h in hexes by player where has_number(h, 6) { q gains 1 gold; gain 1 runs }
  }
  action rounds "A choice per seat, then more" {
    do {
      each q in seats { pick(q) }
      gain 1 runs
      each q in seats where q != player {
        choose h in hexes by player where has_number(h, 8) { gain 1 gold }
      }
      gain 2 runs
    }
  }
  action finish "A choice that ends the game, with work after it" {
    do {
      each q in seats where q == player {
        choose h in hexes by player where has_number(h, 6) { end game winner q; gain 1 gold }
      }
      gain 1 runs
    }
  }
  action runaway "Answer, then run until the step budget stops it" {
    do {
      choose h in hexes by player where has_number(h, 6) {
        repeat 3000 { gain 1 runs; gain 1 runs }
      }
    }
  }
}
"""


def _games(tmp_path: Path, monkeypatch) -> tuple[Game, Game]:
    p = tmp_path / "resumed.catan"
    p.write_text(SOURCE, encoding="utf-8")
    return games_on_and_off(p, (), monkeypatch, executor, "IN_PLACE")


def _counters(s, name: str) -> list[int]:
    k = s.game.rules.counter_index[name]
    return [c[k] for c in s.rules_state.counters]


def test_choices_answered_one_per_element_resume_as_on_the_stack(tmp_path, monkeypatch):
    """Seven choices, each answered: the rest of the procedure's each, the gain after it, the
    second each and the last gain wait below each prompt, and run alike both ways."""
    games = _games(tmp_path, monkeypatch)
    check = _same_work(games)
    states = [empty_main(g) for g in games]
    for s in states:
        act(s, "do rounds")
    answered = 0
    while states[0].prompts and states[0].prompts[-1].kind == executor.CHOOSE:
        for s in states:
            s.apply_action(s.legal_actions()[0])
        assert states[0].drain_events() == states[1].drain_events()
        check(states)
        answered += 1
    assert answered == 7
    for s in states:            # the mover: 1 gold of his own pick, 1 per other seat's choice
        assert _counters(s, "gold") == [4, 1, 1, 1]
        assert _counters(s, "runs") == [4 + 1 + 2, 0, 0, 0]


def test_an_answer_that_ends_the_game_runs_nothing_after_it_either_way(tmp_path, monkeypatch):
    """The game ends inside the answered block: the rest of it and the work waiting below the
    prompt never run, both ways alike."""
    games = _games(tmp_path, monkeypatch)
    states = [empty_main(g) for g in games]
    for s in states:
        act(s, "do finish")
        s.apply_action(s.legal_actions()[0])
    assert [s.is_terminal() for s in states] == [True, True]
    assert states[0].drain_events() == states[1].drain_events()
    assert states[0].prompts == states[1].prompts
    assert [(_counters(s, "gold")[0], _counters(s, "runs")[0]) for s in states] == [(0, 0)] * 2


def test_the_step_budget_stops_an_answered_block_where_it_stops_the_stack(tmp_path,
                                                                          monkeypatch):
    """A choice whose block runs away (its repeat handed to run) meets the budget at the same
    step both ways, naming the action."""
    def answer(s) -> None:
        act(s, "do runaway")
        s.apply_action(s.legal_actions()[0])
    errors, runs = runaway_both_ways(_games(tmp_path, monkeypatch), answer, "runs")
    assert errors[0] == errors[1]
    assert runs[0] == runs[1] and 0 < runs[0] < 2 * 3000

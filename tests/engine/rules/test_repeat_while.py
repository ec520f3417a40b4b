"""`repeat N while COND { ... }`: the block runs at most N times, COND asked before each run and
the loop ended by the first no — a trip that stops when its points run out, without running
the rest of its N rounds for nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import check_file, compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules.execution import RuleBudgetExceeded
from tests.engine.helpers import act, empty_main, texts

SOURCE = """scenario loops "Loops" extends base {
  counter steps "steps"
  counter runs "runs"
  counter picks "picks"
  action walk "Walk while under 3 steps" {
    do { repeat 5 while count_of(player, steps) < 3 { gain 1 steps; gain 1 runs } }
  }
  action far "Walk while under 3 steps, with room for a million" {
    do { repeat 1000000 while count_of(player, steps) < 3 { gain 1 steps } }
  }
  action forever "Walk while true" {
    do { repeat 1000000 while true { gain 1 runs } }
  }
  action capped "Walk twice at most" {
    do { repeat 2 while true { gain 1 runs } }
  }
  action pick "Pick resources until two are picked" {
    do {
      repeat 4 while count_of(player, picks) < 2 {
        choose r in resources by player { gain 1 r; gain 1 picks }
      }
      gain 10 runs
    }
  }
}
"""


def _game(tmp_path: Path) -> Game:
    p = tmp_path / "loops.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def _count(s, name: str, p: int = 0) -> int:
    return s.rules_state.counters[p][s.game.rules.counter_index[name]]


def test_the_loop_stops_at_the_first_no(tmp_path: Path) -> None:
    s = empty_main(_game(tmp_path))
    act(s, "do walk")
    assert (_count(s, "steps"), _count(s, "runs")) == (3, 3)       # not 5: COND said no
    act(s, "do walk")
    assert (_count(s, "steps"), _count(s, "runs")) == (3, 3)       # no at once: no run at all


def test_a_generous_n_costs_only_the_runs_made(tmp_path: Path) -> None:
    """The step budget is charged run by run: N = 1,000,000 with three runs is no budget error
    (a plain `repeat 1000000` is: it would run them all)."""
    s = empty_main(_game(tmp_path))
    act(s, "do far")
    assert _count(s, "steps") == 3


def test_a_loop_that_never_says_no_meets_the_step_budget(tmp_path: Path) -> None:
    s = empty_main(_game(tmp_path))
    with pytest.raises(RuleBudgetExceeded) as err:
        act(s, "do forever")
    assert "loops.catan:11" in str(err.value)        # the action, by its line


def test_n_caps_the_runs(tmp_path: Path) -> None:
    s = empty_main(_game(tmp_path))
    act(s, "do capped")
    assert _count(s, "runs") == 2


def test_a_choice_inside_the_loop_suspends_it_and_the_rest_follows(tmp_path: Path) -> None:
    """Two prompts, not four: after the second pick COND says no, and the effects after the
    loop run. A copy of the state taken at a prompt goes on on its own."""
    s = empty_main(_game(tmp_path))
    act(s, "do pick")
    assert texts(s)[0].startswith("choose")
    act(s, texts(s)[0])
    copy = s.clone()
    assert texts(s)[0].startswith("choose")
    act(s, texts(s)[-1])
    assert _count(s, "picks") == 2 and _count(s, "runs") == 10
    assert not any(t.startswith("choose") for t in texts(s))
    assert _count(copy, "picks") == 1 and _count(copy, "runs") == 0
    act(copy, texts(copy)[0])
    assert _count(copy, "picks") == 2 and _count(copy, "runs") == 10


@pytest.mark.parametrize("cond, message", [
    ("steps", "repeat N while X: X must be true or false"),
    ("count_of(player, steps)", "repeat N while X: X must be true or false, got int"),
])
def test_while_needs_a_truth_value(tmp_path: Path, cond: str, message: str) -> None:
    p = tmp_path / "bad.catan"
    p.write_text(SOURCE.replace("count_of(player, steps) < 3", cond), encoding="utf-8")
    errors = check_file(str(p)).errors
    assert errors and errors[0].code == "E406" and message in errors[0].message
    assert (errors[0].span.line, errors[0].span.col) == (6, 25)          # the condition itself

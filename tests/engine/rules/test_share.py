"""`share N among p in SET [where COND] [by RANK] [rolling R] { … } [else { … }]` (issue 13
item 3: awards shared by rank with dice for ties — Barbarian Attack's prisoners): one item each
while they last; too few, and everyone rolls off (one fair draw per winner, a chance step, or
weighted by the dice when some rolls are fixed); leftovers go to the sole highest rank, the tied
rolling off; `else` runs for each roll-off lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import check_file, compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main

SOURCE = """scenario loot "Loot" extends base {
  counter stake "stake"
  counter loot "loot"
  param items = 3 in 0..9
  action split "Split the loot" {
    do {
      share items among p in players where count_of(p, stake) > 0 by count_of(p, stake) {
        p gains 1 loot
      } else { p gains 1 ore }
    }
  }
}
"""


def _state(tmp_path: Path, items: int, stakes: list[int], rolling: str | None = None):
    text = SOURCE.replace("items = 3", f"items = {items}")
    if rolling is not None:
        text = text.replace("by count_of(p, stake) {",
                            f"by count_of(p, stake) rolling {rolling} {{")
    p = tmp_path / "loot.catan"
    p.write_text(text, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    g = Game(ir, num_players=4)
    s = empty_main(g, 0, 0)
    stake = g.rules.counter_index["stake"]
    for seat, n in enumerate(stakes):
        s.rules_state.counters[seat][stake] = n
    act(s, "do split")
    return g, s


def _loot(g, s) -> list[int]:
    i = g.rules.counter_index["loot"]
    return [s.rules_state.counters[p][i] for p in range(4)]


def _ore(g, s) -> list[int]:
    return [s.hand[p][g.resources.index("ore")] for p in range(4)]


def test_a_single_member_takes_everything(tmp_path: Path) -> None:
    g, s = _state(tmp_path, 3, [0, 2, 0, 0])
    assert not s.is_chance_node() and _loot(g, s) == [0, 3, 0, 0]


def test_enough_for_everyone_is_one_each(tmp_path: Path) -> None:
    g, s = _state(tmp_path, 3, [1, 1, 0, 1])
    assert not s.is_chance_node() and _loot(g, s) == [1, 1, 0, 1] and _ore(g, s) == [0] * 4


def test_a_leftover_goes_to_the_one_highest_rank(tmp_path: Path) -> None:
    g, s = _state(tmp_path, 3, [1, 2, 0, 0])
    assert not s.is_chance_node() and _loot(g, s) == [1, 2, 0, 0]


def test_tied_for_the_leftover_they_roll_off_and_the_loser_gets_else(tmp_path: Path) -> None:
    g, s = _state(tmp_path, 3, [2, 2, 0, 0])
    assert s.is_chance_node()
    assert {a.id: p for a, p in s.chance_outcomes()} == pytest.approx({0: 0.5, 1: 0.5})
    act(s, "choose player 1")
    assert _loot(g, s) == [1, 2, 0, 0] and _ore(g, s) == [1, 0, 0, 0]


def test_too_few_items_are_rolled_for_and_those_left_without_get_else(tmp_path: Path) -> None:
    g, s = _state(tmp_path, 2, [1, 3, 1, 0])
    outcomes = {a.id: p for a, p in s.chance_outcomes()}
    assert outcomes == pytest.approx({0: 1 / 3, 1: 1 / 3, 2: 1 / 3})   # rank does not matter
    act(s, "choose player 2")
    assert {a.id for a, _ in s.chance_outcomes()} == {0, 1}           # no one wins twice
    act(s, "choose player 0")
    assert not s.is_chance_node()
    assert _loot(g, s) == [1, 0, 1, 0] and _ore(g, s) == [0, 1, 0, 0]


def test_nothing_to_share_or_nobody_to_share_with_does_nothing(tmp_path: Path) -> None:
    g, s = _state(tmp_path, 0, [1, 1, 0, 0])
    assert _loot(g, s) == [0] * 4
    g, s = _state(tmp_path, 3, [0, 0, 0, 0])
    assert _loot(g, s) == [0] * 4 and not s.is_chance_node()


@pytest.mark.parametrize("old, new, message", [
    ("share items among", "share stake among", "N must be a number"),
    ("p in players where", "p in hexes where", "must be a set of players"),
    ("by count_of(p, stake)", "by terrain(p)", ""),
])
def test_mistakes_are_located(tmp_path: Path, old: str, new: str, message: str) -> None:
    p = tmp_path / "bad.catan"
    p.write_text(SOURCE.replace(old, new), encoding="utf-8")
    errors = check_file(str(p)).errors
    assert errors and message in errors[0].message and errors[0].span.line == 7


def test_a_fixed_roll_weights_the_roll_off_by_the_dice(tmp_path: Path) -> None:
    """`rolling R`: seat 2 always rolls 3; against two dice for 2 items it is left out when both
    dice beat it (9 in 25 once ties are rolled again), and the draws follow those chances."""
    g, s = _state(tmp_path, 2, [1, 1, 1, 0], "(3 if p == 2 else 0)")
    first = {a.id: p for a, p in s.chance_outcomes()}
    assert first == pytest.approx({0: 17 / 50, 1: 17 / 50, 2: 16 / 50})
    act(s, "choose player 0")
    second = {a.id: p for a, p in s.chance_outcomes()}
    assert second == pytest.approx({1: 9 / 17, 2: 8 / 17})
    act(s, "choose player 1")
    assert _loot(g, s) == [1, 1, 0, 0] and _ore(g, s) == [0, 0, 1, 0]


def test_a_fixed_roll_that_can_never_win_is_not_offered(tmp_path: Path) -> None:
    g, s = _state(tmp_path, 1, [1, 1, 0, 0], "(1 if p == 1 else 0)")
    assert {a.id for a, _ in s.chance_outcomes()} == {0}


def test_rolling_0_or_7_is_a_die_and_the_roll_off_stays_fair(tmp_path: Path) -> None:
    for rolling in ("0", "7"):
        g, s = _state(tmp_path, 1, [1, 1, 0, 0], rolling)
        assert {a.id: p for a, p in s.chance_outcomes()} == pytest.approx({0: 0.5, 1: 0.5})


def test_rolling_must_be_a_number(tmp_path: Path) -> None:
    p = tmp_path / "bad.catan"
    p.write_text(SOURCE.replace("by count_of(p, stake) {", "by count_of(p, stake) rolling "
                                "terrain(p) {"), encoding="utf-8")
    errors = check_file(str(p)).errors
    assert errors and "rolling R: R must be a number" in errors[0].message
    assert (errors[0].span.line, errors[0].span.col) == (7, 97)

"""The victory check after every action asks the target modifiers only for a player at or above
the lowest target they can make: below it nobody can have won. A modifier that lowers the target
still lets a player win at the lower number."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main

SOURCE = """scenario floor "Floor" extends base {
  counter c "c"
  action wait "Wait" { do { gain 1 c } }
  modifier target - 2 for p where count_of(p, ore) > 0
  modifier target + 1 for p where count_of(p, c) > 1
}
"""


def _game(tmp_path: Path) -> Game:
    p = tmp_path / "floor.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def test_the_lowest_target_counts_only_the_modifiers_that_can_lower_it(tmp_path: Path) -> None:
    g = _game(tmp_path)
    assert g.rules.min_target == 8 and g.rules.fixed_target is None


def test_a_lowered_target_still_wins_and_a_raised_one_still_holds_back(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    s.board_vp[0] = 8
    act(s, "do wait")
    assert s.winner() is None                         # no ore: the target is 10
    s.hand[0][g.resources.index("ore")] = 1
    act(s, "do wait")                                  # c is 2 now: 10 - 2 + 1 = 9
    assert s.winner() is None
    s.board_vp[0] = 9
    act(s, "do wait")
    assert s.winner() == 0


HEADROOM = """scenario headroom "Headroom" extends base {
  counter c "c"
  action wait "Wait" { do { gain 1 c } }
  modifier vp + 3 for player p where count_of(p, c) > 0
}
"""
UNBOUNDED = """scenario unbounded "Unbounded" extends base {
  counter c "c"
  modifier vp + count_of(p, c) for player p
}
"""


def _source_game(tmp_path: Path, text: str) -> Game:
    p = tmp_path / "g.catan"
    p.write_text(text, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def test_a_player_who_reaches_the_target_only_with_every_bonus_still_wins(tmp_path: Path) -> None:
    """The victory check skips the rules for a player whose pieces and cards, with every special
    card and the most the VP modifiers can add (here 2 + 2 + 3), stay below the target. At
    exactly the target with all of them he must still win: 3 + longest road + largest army + 3."""
    g = _source_game(tmp_path, HEADROOM)
    assert g.rules.vp_headroom == 7
    assert _source_game(tmp_path, UNBOUNDED).rules.vp_headroom is None
    s = empty_main(g, 0, 0)
    s.board_vp[0] = 3
    s.holders[:] = [0] * len(s.holders)                # both special cards: 4 VP
    act(s, "do wait")                                  # c = 1: the modifier's 3 VP
    assert s.vp(0) == 10 and s.winner() == 0
    t = empty_main(g, 0, 0)
    t.board_vp[0] = 3
    t.holders[:] = [0, -1]                             # one card short: 3 + 2 + 3 = 8
    act(t, "do wait")
    assert t.vp(0) == 8 and t.winner() is None

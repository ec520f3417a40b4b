"""Piece VP modifiers that can only take VP away (Barbarian Attack's conquered buildings): the
victory check leaves them out while a player is below the target even without them, and
counts them once he reaches it — so he wins exactly when his VP with them reach the target."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules.vp_memo import bounds
from tests.engine.helpers import act, empty_main, put

SOURCE = """scenario ruin "Ruin" extends base {
  counter c "c"
  action wait "Wait" { do { gain 1 c } }
  modifier vp - (2 if piece(v) == city else 1) for v
      where (piece(v) == settlement or piece(v) == city) and count_of(owner(v), c) >= 2
}
"""


def _game(tmp_path: Path, text: str = SOURCE) -> Game:
    p = tmp_path / "ruin.catan"
    p.write_text(text, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def test_a_modifier_that_only_subtracts_is_told_from_one_that_may_add(tmp_path: Path) -> None:
    assert bounds(["-", 0, ["if", ["==", ["var", "x"], 1], 2, 1]]) == (-2, -1)
    assert bounds(["+", 3, ["-", ["count_of", ["var", "p"], "c"]]])[1] == float("inf")
    assert _game(tmp_path).rules.vp_place_most == 0
    adds = SOURCE.replace("modifier vp - (2 if piece(v) == city else 1)", "modifier vp + 1")
    assert _game(tmp_path, adds).rules.vp_place_most == 1


def test_a_player_wins_only_when_his_vp_after_the_losses_reach_the_target(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    put(s, 0, "settlement", 10)
    act(s, "do wait")
    act(s, "do wait")                                  # c is 2: the settlement counts -1
    assert s.vp(0) == s.vp(0, pieces=False) - 1
    s.board_vp[0] = 10                                 # 10 without the loss, 9 with it
    act(s, "do wait")
    assert s.winner() is None
    s.board_vp[0] = 11
    act(s, "do wait")
    assert s.winner() == 0 and s.vp(0) == 10


ADDS = """scenario bonus "Bonus" extends base {
  counter c "c"
  action wait "Wait" { do { gain 1 c } }
  modifier vp + 1 for v where (piece(v) == settlement or piece(v) == city) and count_of(owner(v), c) >= 1
  modifier vp + 2 for e where piece(e) == road and count_of(owner(e), c) >= 3
}
"""


def test_the_pieces_a_vp_modifier_can_pay_are_read_from_its_piece_tests(tmp_path: Path) -> None:
    vertex_only = ADDS.replace("  modifier vp + 2 for e where piece(e) == road and count_of(owner(e), c) >= 3\n", "")
    g = _game(tmp_path, vertex_only)
    assert g.rules.vp_kinds == {"vertex"} and g.rules.vp_place_most == 1
    both = _game(tmp_path, ADDS)
    assert both.rules.vp_kinds == {"vertex", "edge"}
    assert both.rules.vp_place_most is None       # a road may earn VP: no bound per building


def test_a_player_wins_when_the_vp_his_buildings_earn_reach_the_target(tmp_path: Path) -> None:
    """The victory check may leave the modifiers out only while they could not lift p to the
    target: here 8 VP and one settlement (+1 at most) is checked without them, 9 with them."""
    vertex_only = ADDS.replace("  modifier vp + 2 for e where piece(e) == road and count_of(owner(e), c) >= 3\n", "")
    g = _game(tmp_path, vertex_only)
    s = empty_main(g, 0, 0)
    put(s, 0, "settlement", 10)
    s.board_vp[0] = 8
    act(s, "do wait")                                  # the settlement earns 1: 9 VP
    assert s.vp(0) == 9 and s.winner() is None
    s.board_vp[0] = 9
    act(s, "do wait")
    assert s.winner() == 0 and s.vp(0) == 10


def test_road_vp_count_towards_victory_even_with_a_building_modifier(tmp_path: Path) -> None:
    g = _game(tmp_path, ADDS)
    s = empty_main(g, 0, 0)
    put(s, 0, "settlement", 10)
    put(s, 0, "road", 15)
    s.board_vp[0] = 7
    for _ in range(3):
        act(s, "do wait")                              # c is 3: +1 settlement, +2 road
    assert s.vp(0) == 10 and s.winner() == 0

"""`forbid produce at h where COND`: a hex the condition holds for yields nothing when its number
comes up; the other hexes with that number pay as usual, and the condition is asked at the roll."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, pre_roll, put, res

SOURCE = """scenario scorched "Scorched earth" extends base {
  board scorched default {
    layout rows 3 4 5 4 3
    sea ring
    tiles {
      mountains 10, pasture 2, forest 9
      fields 12, hills 6, pasture 4, hills 10
      fields 9, forest 11, desert, forest 3, mountains 8
      forest 8, mountains 3, fields 4, pasture 5
      hills 5, fields 6, pasture 11
    }
    hexes scorched { 0,-2 }
  }
  forbid produce at h where feature(h, scorched) and round >= ROUND
}
"""


def _game(tmp_path: Path, round_from: int = 1) -> Game:
    p = tmp_path / "scorched.catan"
    p.write_text(SOURCE.replace("ROUND", str(round_from)), encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    return Game(ir, num_players=4)


def _hex(g: Game, q: int, r: int) -> int:
    return next(h["id"] for h in g.ir["board"]["hexes"] if (h["q"], h["r"]) == (q, r))


def _roll_ten(g: Game, s, player: int = 0):
    """``player`` rolls a 10 (the beginner tiles carry it on the mountains at 0,-2 and the hills
    at 2,-1)."""
    pre_roll(s, player)
    act(s, "roll 10")
    return s


def test_a_forbidden_hex_yields_nothing_the_others_still_pay(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    s.turn = 4 * 3                                   # round 4: the ban holds
    scorched, other = _hex(g, 0, -2), _hex(g, 2, -1)  # the mountains 10 and the hills 10
    assert s.board.hex_numbers[scorched] == (10,) and s.board.hex_numbers[other] == (10,)
    put(s, 1, "settlement", s.board.hex_vertices[scorched][0])
    put(s, 2, "settlement", s.board.hex_vertices[other][3])
    before = [row[:] for row in s.hand]
    _roll_ten(g, s)
    ore, brick = res(g, "ore"), res(g, "brick")
    assert s.hand[1][ore] == before[1][ore]          # the scorched mountains gave nothing
    assert s.hand[2][brick] == before[2][brick] + 1  # the other 10 paid as usual


@pytest.mark.parametrize("round_from, paid", [(99, 1), (1, 0)])
def test_the_condition_is_asked_at_each_roll(tmp_path: Path, round_from: int, paid: int) -> None:
    g = _game(tmp_path, round_from)
    s = empty_main(g, 0, 0)
    s.turn = 4 * 3
    scorched = _hex(g, 0, -2)
    put(s, 1, "settlement", s.board.hex_vertices[scorched][0])
    _roll_ten(g, s)
    assert s.hand[1][res(g, "ore")] == paid

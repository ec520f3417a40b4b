"""`numbers random pin N at Q,R` (Barbarian Attack's 4, BA-11): the pinned hex always carries N,
the rest is dealt at random; the checker locates a pin the board cannot honour."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.explain import explain
from catan_dsl.ir.realize import BoardGenError, realize_board

BOARD = """scenario t extends base {
  board b default {
    layout rows 3 4 5 4 3
    sea ring
    hex 0,0 desert
    pool main { forest 4, pasture 4, fields 4, hills 3, mountains 3 }
    tokens 5 2 6 3 8 10 9 12 11 4 8 10 9 4 5 6 3 11
    numbers random PINS
  }
}
"""


def _compile(tmp_path: Path, pins: str):
    p = tmp_path / "t.catan"
    p.write_text(BOARD.replace("PINS", pins), encoding="utf-8")
    return api.compile_file(str(p))


def test_a_pinned_hex_carries_its_number_on_every_board(tmp_path: Path) -> None:
    ir, report = _compile(tmp_path, "pin 12 at 1,-1 pin 2 at -2,2")
    assert ir is not None, report.render_text()
    hexes = {(h["q"], h["r"]): h["id"] for h in ir["board"]["hexes"]}
    assert ir["board"]["numbers"]["pins"] == [{"hex": hexes[(1, -1)], "number": 12},
                                             {"hex": hexes[(-2, 2)], "number": 2}]
    g = Game(ir)
    boards = set()
    for seed in range(8):
        numbers = g.new_initial_state(seed).board.hex_numbers
        assert numbers[hexes[(1, -1)]] == (12,) and numbers[hexes[(-2, 2)]] == (2,)
        # The pinned tokens are taken from the deal: each number still appears as often.
        assert sorted(n for ns in numbers for n in ns) == sorted(
            [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11])
        boards.add(numbers)
    assert len(boards) > 1
    base, _ = api.compile_file("scenarios/base.catan")
    assert "The 3rd hex of row 2 always carries the number 12" in explain(ir, base)


@pytest.mark.parametrize("pins, line_col, words", [
    ("pin 7 at 1,-1", (8, 24), "7"),                                    # not a token number
    ("pin 2 at 1,-1 pin 2 at 0,1", (8, 38), "no 2 token left"),        # only one 2
    ("pin 5 at 0,0", (8, 29), "does not always take a number token"),  # the desert
    ("pin 5 at 1,-1 pin 6 at 1,-1", (8, 43), "pinned twice"),
    ("pin 5 at 5,5", (8, 29), "5,5"),                                   # not on the board
])
def test_a_pin_the_board_cannot_honour_is_located(tmp_path: Path, pins, line_col, words) -> None:
    ir, report = _compile(tmp_path, pins)
    assert ir is None
    (d,) = report.errors
    assert words in d.message
    assert (d.span.line, d.span.col) == line_col


def test_a_hand_edited_pin_fails_cleanly(tmp_path: Path) -> None:
    ir, _ = _compile(tmp_path, "pin 12 at 1,-1")
    ir["board"]["numbers"]["pins"][0]["number"] = 7
    with pytest.raises(BoardGenError, match="pinned to 7"):
        realize_board(ir, 0)

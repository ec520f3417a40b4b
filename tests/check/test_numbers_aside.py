"""`numbers random ... aside N joins M` (Rivers + Caravans): set-aside tokens take no hex of their
own, and the checker locates a token that is not there and more joiners than hexes to join."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api
from catan_dsl.explain import explain

BOARD = """scenario t extends base {
  board b default {
    layout rows 3 4 5 4 3
    sea ring
    pool main { forest 4, pasture 4, fields 4, hills 3, mountains 3, desert 1 }
    tokens 5 2 6 3 8 10 9 12 11 4 8 10 9 4 5 6 3 11 TWO_MORE
    numbers random apart 6 8 ASIDE
  }
}
"""


def _check(tmp_path: Path, more: str, aside: str):
    p = tmp_path / "t.catan"
    p.write_text(BOARD.replace("TWO_MORE", more).replace("ASIDE", aside), encoding="utf-8")
    return api.check_file(str(p)).errors


def test_two_extra_tokens_set_aside_fit_the_board(tmp_path: Path) -> None:
    assert _check(tmp_path, "2 12", "aside 2 joins 3 aside 12 joins 3") == []
    # Set aside, a token takes no hex: without the two extra tokens two hexes would lack one.
    (d,) = _check(tmp_path, "", "aside 2 joins 3 aside 12 joins 3")
    assert d.code == "E306" and d.span.line == 7


def test_a_token_that_is_not_there_is_located(tmp_path: Path) -> None:
    errors = _check(tmp_path, "2 12", "aside 12 joins 3 aside 12 joins 4 aside 12 joins 5")
    aside = [e for e in errors if e.code == "E206"]
    assert len(aside) == 1 and "there is no 12 token left" in aside[0].message
    assert (aside[0].span.line, aside[0].span.col) == (7, 70)   # the third "12"


def test_more_joiners_than_hexes_carrying_the_number(tmp_path: Path) -> None:
    (d,) = _check(tmp_path, "12 3", "aside 12 joins 2 aside 3 joins 2")
    assert d.code == "E206" and "2 token(s) join a 2, but only 1 2 token(s)" in d.message


def test_the_combination_board_records_and_explains_its_aside_tokens() -> None:
    ir, _ = api.compile_file("scenarios/combinations/rivers+caravans.catan")
    assert ir["board"]["numbers"]["aside"] == [{"number": 2, "joins": 3}, {"number": 12, "joins": 3}]
    text = explain(ir, api.compile_file("scenarios/base.catan")[0])
    assert "Number token 2 is set aside" in text and "Number token 12 is set aside" in text

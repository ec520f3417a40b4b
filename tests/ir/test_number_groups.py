"""`numbers random on coast { ... } on inner { ... }`: each group's token-bearing hexes get that
group's tokens (a surplus token stays in the box, a different one per seed); too few tokens or
an unknown group word are located errors. (Barbarian Attack deals its coast 2..12 once each.)"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from catan_dsl import api
from catan_dsl.ir.realize import realize_board

SOURCE = """scenario grouped "Grouped numbers" extends base {
  terrain castle { produces nothing; no token; color "#9e9e9e" }
  board grouped default {
    layout rows 3 4 5 4 3
    sea ring
    hex -2,2 castle
    hex 2,-2 desert
    pool coastal on coast { forest 2, hills 2, pasture 3, mountains 1, fields 2 }
    pool inland on inner { forest 1, pasture 1, hills 1, mountains 2, fields 2 }
    numbers random on coast { COAST } on INNER_WORD { 3 4 5 6 8 9 10 11 }
  }
}
"""
COAST = "2 3 4 5 6 8 9 10 11 12"


def _file(tmp_path: Path, coast: str = COAST, inner_word: str = "inner") -> str:
    p = tmp_path / "grouped.catan"
    p.write_text(SOURCE.replace("COAST", coast).replace("INNER_WORD", inner_word), encoding="utf-8")
    return str(p)


def test_each_group_deals_its_own_tokens(tmp_path: Path) -> None:
    ir, report = api.compile_file(_file(tmp_path))
    assert ir is not None, report.render_text()
    left_out = set()
    for seed in range(10):
        rb = realize_board(ir, seed)
        coast = [nums for h, nums in zip(ir["board"]["hexes"], rb.numbers) if h.get("coast")]
        inner = [nums for h, nums in zip(ir["board"]["hexes"], rb.numbers) if not h.get("coast")]
        assert sorted(n for ns in coast for n in ns) == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
        dealt = Counter(n for ns in inner for n in ns)
        assert sum(dealt.values()) == 7 and all(k == 1 for k in dealt.values())
        left_out |= {3, 4, 5, 6, 8, 9, 10, 11} - set(dealt)
    assert len(left_out) > 2                     # the surplus token differs between seeds


def test_too_few_tokens_and_unknown_groups_are_located(tmp_path: Path) -> None:
    (d,) = api.check_file(_file(tmp_path, coast="2 3 4 5 6 8 9 10 11")).errors
    assert d.code == "E306" and "at least 10 tokens" in (d.hint or "")
    assert (d.span.line, d.span.col) == (10, 23)
    errors = api.check_file(_file(tmp_path, inner_word="middle")).errors
    assert errors and errors[0].code == "E206" and errors[0].span.line == 10

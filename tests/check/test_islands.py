"""Islands (issue 12 item 7): `islands N` says how many separate islands the land forms; the
checker holds the board to it and names the hexes of each island too many, the smallest first;
a two-island board checks, renders and plays, with the water between the islands as sea."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api
from catan_dsl.play.soak import soak

ROOT = Path(__file__).resolve().parents[2]
TWO = ROOT / "tests" / "fixtures" / "two_islands.catan"


def _check(tmp_path: Path, text: str):
    p = tmp_path / "b.catan"
    p.write_text(text, encoding="utf-8")
    return api.check_file(str(p))


def test_a_two_island_board_checks_and_plays_with_sea_between(tmp_path: Path) -> None:
    report = api.check_file(str(TWO))
    assert report.diagnostics == [], report.render_text()
    ir, report = api.compile_file(str(TWO), seed=4)
    assert ir is not None, report.render_text()
    land = {(h["q"], h["r"]) for h in ir["board"]["hexes"]}
    sea = {(h["q"], h["r"]) for h in ir["board"]["sea"]}
    assert (2, 0) in sea and (2, 0) not in land          # the strait is sea, not land
    assert (1, 0) in land and (3, 0) in land
    result = soak(ir, [1, 2], max_turns=300)             # every invariant after every action
    assert result.findings == [] and result.actions > 500


def test_extra_islands_are_named_by_their_hexes_smallest_first(tmp_path: Path) -> None:
    text = TWO.read_text().replace("    islands 2\n", "").replace(" 2,2 5,-1", " 2,2 5,-1 8,-3")
    text = text.replace("desert 1 }", "desert 1, forest 1 }").replace("tokens 2 3", "tokens 2 12 3")
    # Reported in the order found, the smallest island first; the largest is the board's own.
    errors = [d for d in _check(tmp_path, text).diagnostics if d.code == "E304"]
    assert [d.message for d in errors] == [
        "land is not connected: hex 8,-3 forms an island of 1 beyond the 1 the board has",
        "land is not connected: hexes 0,-1, 1,-1, -1,0, 0,0, 1,0, -1,1, 0,1 form an island of 7 "
        "beyond the 1 the board has",
    ]
    assert [(d.span.line, d.span.col) for d in errors] == [(3, 87), (3, 40)]
    assert "say 'islands 3'" in (errors[0].hint or "")


def test_fewer_islands_than_declared_is_an_error(tmp_path: Path) -> None:
    errors = [d for d in _check(tmp_path, TWO.read_text().replace("islands 2", "islands 3")).errors
              if d.code == "E304"]
    assert [d.message for d in errors] == ["the land forms 2 islands, not 3"]

"""Hexes with an interior (`interiors { q,r }`, issue 14's trade hexes): a centre intersection
joined by a path to each corner the hex shares with other land — ordinary intersections and
paths for every rule, drawn on the board; boards without them are unchanged."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import check_file, compile_file
from catan_dsl.core import geometry as g
from catan_dsl.core.topology import build_topology
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, give, put, texts

LAND = [h for row in g.rows_layout([3, 4, 5, 4, 3]) for h in row]
SOURCE = """scenario plaza extends base {
  board plaza default {
    layout rows 3 4 5 4 3
    sea ring
    pool main { forest 4, pasture 4, fields 4, hills 3, mountains 3, desert 1 }
    numbers spiral from random corner
    interiors { 2,-2; 0,0 }
  }
}
"""


def test_a_corner_hex_gets_a_centre_and_paths_to_its_four_land_corners() -> None:
    plain = build_topology(LAND)
    topo = build_topology(LAND, interiors=[(2, -2), (0, 0)])
    assert len(topo["vertices"]) == len(plain["vertices"]) + 2
    assert len(topo["edges"]) == len(plain["edges"]) + 4 + 6     # a corner hex: 4; the centre: 6
    centre = next(v for v in topo["vertices"] if v["key"] == "2,-2,C")
    assert not centre["coast"] and len(centre["edges"]) == 4
    corner_hex = next(h for h in topo["hexes"] if (h["q"], h["r"]) == (2, -2))
    sea_only = [v for v in corner_hex["vertices"] if len(topo["vertices"][v]["hexes"]) == 1]
    assert len(sea_only) == 2 and not set(sea_only) & set(centre["adjacent"])
    for e in centre["edges"]:
        edge = topo["edges"][e]
        assert edge["key"].startswith("2,-2,C-") and not edge["coast"]
        assert edge["hexes"] == [corner_hex["id"]]
    assert len(corner_hex["vertices"]) == 6 and len(corner_hex["edges"]) == 6   # its own sides


def test_boards_without_interiors_are_unchanged() -> None:
    assert build_topology(LAND) == build_topology(LAND, interiors=())


def test_roads_run_through_the_centre_and_the_distance_rule_holds(tmp_path: Path) -> None:
    p = tmp_path / "plaza.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    game = Game(ir)
    s = empty_main(game)
    keys = {v["key"]: v["id"] for v in ir["board"]["vertices"]}
    ekeys = {e["key"]: e["id"] for e in ir["board"]["edges"]}
    north = keys[g.fmt_key(g.corner((0, 0), "N"))]
    put(s, 0, "settlement", north)
    give(s, 0, lumber=2, brick=2, wool=1, grain=1)
    assert f"build road {ekeys['0,0,C-N']}" in texts(s)       # from the corner into the centre
    act(s, f"build road {ekeys['0,0,C-N']}")
    assert f"build road {ekeys['0,0,C-S']}" in texts(s)       # and on through it
    centre = keys["0,0,C"]
    assert f"build settlement {centre}" not in texts(s)       # next to the settlement


def test_an_interior_must_be_a_land_hex(tmp_path: Path) -> None:
    p = tmp_path / "bad.catan"
    p.write_text(SOURCE.replace("interiors { 2,-2; 0,0 }", "interiors { 2,-2; 5,5 }"),
                 encoding="utf-8")
    errors = check_file(str(p)).errors
    assert errors and errors[0].code == "E301" and errors[0].span.line == 7


def test_render_draws_the_inner_paths_and_the_centre(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from catan_dsl.cli import main
    p = tmp_path / "plaza.catan"
    p.write_text(SOURCE, encoding="utf-8")
    out = tmp_path / "p.svg"
    r = CliRunner().invoke(main, ["render", str(p), "--seed", "1", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert text.count('id="interior-edge-') == 10 and text.count('id="interior-vertex-') == 2

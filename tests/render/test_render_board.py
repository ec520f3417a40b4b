"""Board pictures: tagged SVG elements, labels, colours and determinism (issue 2 item 8)."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from catan_dsl.render.figure import StateView, draw_board, figure_bytes, pips, save_figure

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SVG_NS = "{http://www.w3.org/2000/svg}"
HOT = "#c62828"


def _ir(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.ir.json").read_text(encoding="utf-8"))


def _svg(ir: dict, **kw) -> str:
    return figure_bytes(draw_board(ir, **kw), "svg").decode("utf-8")


def _groups(svg: str, prefix: str) -> dict[str, ET.Element]:
    """Elements whose id is ``prefix`` + a number (e.g. hex-3), by id."""
    root = ET.fromstring(svg)
    pat = re.compile(re.escape(prefix) + r"\d+$")
    return {el.get("id"): el for el in root.iter() if pat.match(el.get("id") or "")}


def _texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(f"{SVG_NS}text")]


@pytest.fixture(scope="module")
def beginner_svg() -> str:
    return _svg(_ir("base_beginner"))


def test_beginner_board_has_19_land_hexes_and_its_sea_frame(beginner_svg: str) -> None:
    """BASE-01: 19 terrain hexes (plus the 18 frame sea hexes)."""
    assert len(_groups(beginner_svg, "hex-")) == 19
    assert len(_groups(beginner_svg, "sea-")) == 18


def test_beginner_board_has_18_tokens_with_the_fixed_numbers(beginner_svg: str) -> None:
    """BASE-07: 18 tokens, one 2 and one 12, two of each other number, no 7."""
    texts = {k: _texts(v)[0] for k, v in _groups(beginner_svg, "token-text-").items()}
    assert len(_groups(beginner_svg, "token-")) == 18
    nums = sorted(int(t) for t in texts.values())
    assert nums == sorted([2, 12] + [n for n in (3, 4, 5, 6, 8, 9, 10, 11) for _ in range(2)])
    ir = _ir("base_beginner")
    for h in ir["board"]["hexes"]:
        if h["numbers"]:
            assert texts[f"token-text-{h['id']}"] == str(h["numbers"][0])


def test_six_and_eight_are_red_and_nothing_else_is(beginner_svg: str) -> None:
    for el in _groups(beginner_svg, "token-text-").values():
        (text,) = el.iter(f"{SVG_NS}text")
        red = HOT in (text.get("style") or "")
        assert red == (text.text in ("6", "8")), text.text


def test_desert_has_no_token_and_holds_the_robber(beginner_svg: str) -> None:
    """BASE-11 and BASE-12: the desert gets no number token; the robber starts there (seed 001)."""
    ir = _ir("base_beginner")
    desert = [h["id"] for h in ir["board"]["hexes"] if h["terrain"] == "desert"]
    assert len(desert) == 1
    assert f"token-{desert[0]}" not in _groups(beginner_svg, "token-")
    assert beginner_svg.count('id="robber-start"') == 1


def test_nine_harbors_with_their_ratio_and_resource(beginner_svg: str) -> None:
    """BASE-47/BASE-48: generic harbours read 3:1, special ones 2:1 plus their resource."""
    ir = _ir("base_beginner")
    labels = _groups(beginner_svg, "harbor-label-")
    assert len(_groups(beginner_svg, "harbor-")) == 9
    for hb in ir["board"]["harbors"]:
        want = ["3:1"] if hb["resource"] is None else ["2:1", hb["resource"]]
        assert _texts(labels[f"harbor-label-{hb['id']}"]) == want


def test_pips_count_dice_combinations() -> None:
    assert [pips(n) for n in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


def test_tournament_without_seed_shows_pool_slots() -> None:
    svg = _svg(_ir("base_tournament"))
    assert len(_groups(svg, "hex-")) == 19
    assert not _groups(svg, "token-")  # the spiral is not laid yet
    assert "random board" in svg
    assert svg.count(">pool main<") == 19
    assert "robber-start" not in svg  # the desert's place is unknown


def test_tournament_with_seed_is_deterministic_and_seed_dependent() -> None:
    """BASE-09/BASE-10: seeded spiral placement; same seed → same bytes, other seed → other board."""
    ir = _ir("base_tournament")
    a = _svg(ir, seed=1)
    assert a == _svg(ir, seed=1)
    assert a != _svg(ir, seed=2)
    assert len(_groups(a, "token-")) == 18
    assert "seed 1" in a
    assert figure_bytes(draw_board(ir, seed=1), "png") == figure_bytes(
        draw_board(ir, seed=1), "png"
    )


def test_png_and_svg_are_written_by_suffix(tmp_path: Path) -> None:
    fig = draw_board(_ir("base_beginner"))
    png = save_figure(fig, tmp_path / "b.png")
    svg = save_figure(fig, tmp_path / "b.svg")
    assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 10_000
    assert svg.read_bytes().lstrip().startswith(b"<?xml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.png", "b.svg"]  # no temp files left
    with pytest.raises(ValueError, match="svg or .png"):
        save_figure(fig, tmp_path / "b.jpg")
    assert not (tmp_path / "b.jpg").exists()


def _featured_ir() -> dict:
    ir = copy.deepcopy(_ir("base_beginner"))
    b = ir["board"]
    ir["terrains"]["pond"] = {
        "produces": None,
        "token": True,
        "robber_start": False,
        "never_on_coast": False,
        "color": "#4fc3f7",
        "numbers": [2, 3, 11, 12],
    }
    b["hexes"][9]["terrain"] = "pond"
    b["hexes"][4]["numbers"] = [2, 12]
    e = b["hexes"][5]["edges"]
    b["features"] = {
        "edges": {
            "stream": e[:3],
            "crossing": [e[3]],
            "arrow": [{"id": e[4], "from": b["edges"][e[4]]["vertices"][1]}],
        },
        "vertices": {"tower": [20, 30]},
        "sea": {"grounds": [{"id": 4, "number": 4}, {"id": 7, "numbers": [5]}, 12]},
        "hexes": {"treasure": [1, 17]},
    }
    return ir


def test_features_are_tagged_and_in_the_legend() -> None:
    svg = _svg(_featured_ir())
    assert len(_groups(svg, "feature-edge-stream-")) == 3
    assert len(_groups(svg, "feature-edge-crossing-")) == 1
    assert len(_groups(svg, "feature-edge-arrow-")) == 1
    assert len(_groups(svg, "feature-vertex-tower-")) == 2
    assert len(_groups(svg, "feature-sea-grounds-")) == 3
    assert len(_groups(svg, "feature-hex-treasure-")) == 2
    for name in ("stream", "crossing", "arrow", "tower", "grounds", "treasure"):
        assert f">{name}<" in svg
    # A hex with several numbers shows them all on one token.
    assert ">2·3·11·12<" in svg and ">2·12<" in svg


def test_state_view_draws_pieces_by_ir_role_and_the_robber() -> None:
    ir = _featured_ir()
    view = StateView(
        pieces_on_vertices={10: ("settlement", 0), 20: ("city", 1)},
        pieces_on_edges={15: ("road", 0), 16: ("road", 1)},
        robber_hex=3,
    )
    svg = _svg(ir, state_view=view)
    assert {"piece-vertex-10", "piece-vertex-20"} <= set(
        re.findall(r'id="(piece-vertex-\d+)"', svg)
    )
    assert svg.count('id="piece-edge-15"') == 1 and svg.count('id="piece-edge-16"') == 1
    assert 'id="robber"' in svg and "robber-start" not in svg


def test_coords_overlay_labels_hexes_vertices_and_edges() -> None:
    ir = _ir("base_beginner")
    svg = _svg(ir, coords=True)
    assert ">0,-2  #0<" in svg and ">0,-3  s0<" in svg
    n_ids = len(ir["board"]["vertices"]) + len(ir["board"]["edges"])
    assert len(re.findall(r">\d+</text>", svg)) >= n_ids

"""`harbors shuffled { ... }`: source → IR `harbor_shuffle` → types dealt per seed at realize
time (the game's board, `compile --seed`, `render --seed`), inherited through `board extends`."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from catan_dsl import api
from catan_dsl.render.figure import draw_board, figure_bytes
from catan_dsl.engine import Game
from catan_dsl.ir import realize

SVG_NS = "{http://www.w3.org/2000/svg}"
SOURCE = """
scenario t extends base {
  board dealt default extends beginner {
    without harbor at 0,-2 NW
    without harbor at 1,-2 NE
    without harbor at 2,-2 E
    harbors shuffled {
      3:1       at 0,-2 NW
      grain 2:1 at 1,-2 NE
      ore 2:1   at 2,-2 E
    }
  }
  board kept extends dealt {
    without harbor at 2,-2 E
  }
}
"""


def compile_board(tmp_path: Path, board: str | None = None, seed: int | None = None) -> dict:
    path = tmp_path / "t.catan"
    path.write_text(SOURCE, encoding="utf-8")
    ir, report = api.compile_file(str(path), board=board, seed=seed)
    assert ir is not None, report.render_text()
    return ir


def types(harbors: list[dict]) -> list[tuple[int, str | None]]:
    return [(h["ratio"], h["resource"]) for h in harbors]


def test_a_shuffled_block_deals_its_types_over_its_positions_only(tmp_path) -> None:
    """The block's three types move among its three positions from seed to seed; the base
    board's other six harbors stay as printed; the same seed deals the same types."""
    ir = compile_board(tmp_path)
    harbors = ir["board"]["harbors"]
    group = ir["board"]["harbor_shuffle"]
    assert len(group) == 1 and len(group[0]) == 3
    fixed = [i for i in range(len(harbors)) if i not in group[0]]
    deals = [types(realize.dealt_harbors(ir["board"], realize.realize_board(ir, s)))
             for s in range(12)]
    assert len({tuple(d[i] for i in group[0]) for d in deals}) > 1
    for d in deals:
        assert Counter(d[i] for i in group[0]) == Counter([(3, None), (2, "grain"), (2, "ore")])
        assert [d[i] for i in fixed] == [types(harbors)[i] for i in fixed]
    board = Game(ir, 4).board(7)
    for h, (ratio, res) in zip(harbors, deals[7]):
        want = (ratio, ir["resources"].index(res) if res else -1)
        assert all(board.vertex_harbor[v] == want for v in h["vertices"])


def test_compile_seed_writes_the_dealt_types_and_nothing_is_left_to_deal(tmp_path) -> None:
    ir = compile_board(tmp_path)
    fixed = compile_board(tmp_path, seed=3)
    assert types(fixed["board"]["harbors"]) == \
        types(realize.dealt_harbors(ir["board"], realize.realize_board(ir, 3)))
    assert not fixed["board"]["harbor_shuffle"]
    assert not realize.needs_realization(fixed)


def test_dealing_harbors_leaves_the_rest_of_the_board_as_it_was(tmp_path) -> None:
    """The harbor deal draws last from the seed's generator: the tiles and tokens of a seed
    are the same with or without it (a board without shuffled harbors plays as before)."""
    ir = compile_board(tmp_path)
    ir["board"]["numbers"] = {"method": "random", "tokens": [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8,
                                                              9, 9, 10, 10, 11, 11, 12]}
    plain = copy.deepcopy(ir)
    del plain["board"]["harbor_shuffle"]
    for s in range(5):
        a, b = realize.realize_board(ir, s), realize.realize_board(plain, s)
        assert (a.terrain, a.numbers) == (b.terrain, b.numbers)
        assert a.harbor_types and not b.harbor_types


def test_a_board_that_extends_keeps_the_dealing(tmp_path) -> None:
    """`board B extends A`: A's shuffled block stays shuffled, less the harbor B takes away."""
    ir = compile_board(tmp_path, board="kept")
    assert [len(g) for g in ir["board"]["harbor_shuffle"]] == [2]
    assert len(ir["board"]["harbors"]) == 8


def test_render_draws_the_dealt_types(tmp_path) -> None:
    """`render --seed N` labels each harbor with the type dealt for N; without a seed a
    shuffled harbor is drawn as '?' and the note says how many types are dealt."""
    ir = compile_board(tmp_path)
    dealt = realize.dealt_harbors(ir["board"], realize.realize_board(ir, 4))
    labels = harbor_labels(figure_bytes(draw_board(ir, seed=4), "svg").decode("utf-8"))
    for h in dealt:
        assert labels[h["id"]] == f"{h['ratio']}:1" + (f"\n{h['resource']}" if h["resource"] else "")
    svg = figure_bytes(draw_board(ir), "svg").decode("utf-8")
    labels = harbor_labels(svg)
    assert {labels[i] for i in ir["board"]["harbor_shuffle"][0]} == {"?"}
    assert "harbors: 3 types dealt among 3 positions" in svg


def harbor_labels(svg: str) -> dict[int, str]:
    """Harbor id → its label's lines (one <text> each) joined by newlines."""
    return {int(m.group(1)): "\n".join(t.text or "" for t in el.iter(f"{SVG_NS}text"))
            for el in ET.fromstring(svg).iter()
            if (m := re.fullmatch(r"harbor-label-(\d+)", el.get("id") or ""))}

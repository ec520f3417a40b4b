"""Pictures of a board that changes in play (issue 39 item 1): face-down hexes drawn face down,
still named by `--coords`; the picture of a game draws them as the game left them."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.colors import to_rgba

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.render.board import FACE_DOWN, SEA_COLOR
from catan_dsl.render.figure import draw_board
from catan_dsl.render.state_view import state_view
from tests.engine.helpers import act, empty_main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "changing_board.catan"


@pytest.fixture(scope="module")
def ir() -> dict:
    ir, report = api.compile_file(str(FIXTURE))
    assert ir is not None, report.render_text()
    return ir


def faces(fig) -> dict[str, tuple]:
    ax = fig.axes[0]
    return {p.get_gid(): p.get_facecolor() for p in ax.patches
            if (p.get_gid() or "").startswith("hex-")}


def texts(fig) -> list[str]:
    return [t.get_text() for t in fig.axes[0].texts]


def test_face_down_hexes_are_drawn_face_down_and_named_by_coords(ir):
    fig = draw_board(ir, coords=True)
    colours = faces(fig)
    assert [colours[f"hex-{h}"] for h in (0, 1, 2)] == [to_rgba(FACE_DOWN)] * 3
    assert colours["hex-3"] != to_rgba(FACE_DOWN)
    shown = texts(fig)
    assert shown.count("face down (fog)") == 3 and "?" in shown
    assert "0,-2  #0" in shown and "2,-2  #2" in shown
    assert "forest" not in [t for t in shown if t.startswith("face")]


def test_a_game_picture_draws_the_hexes_as_the_game_left_them(ir):
    s = empty_main(Game(ir, 4))
    act(s, "do explore hex 0")
    act(s, "choose reveal 200")                      # sea
    act(s, "do explore hex 1")
    act(s, "choose reveal 4")                        # forest 4
    fig = draw_board(ir, state_view=state_view(s))
    colours = faces(fig)
    assert colours["hex-0"] == to_rgba(SEA_COLOR)
    assert colours["hex-1"] == to_rgba(ir["terrains"]["forest"]["color"])
    assert colours["hex-2"] == to_rgba(FACE_DOWN)
    assert texts(fig).count("face down (fog)") == 1 and "sea" in texts(fig)

"""Pictures of the sea and ships (issue 39 item 4): a piece on a sea path is a hull in its owner's
colour, never a road's bar; a declared robber on the sea is a dark ship on its hex, at its start
on a scenario's board and where it stands in a game."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.colors import to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Polygon

from catan_dsl import api
from catan_dsl.core import geometry as g
from catan_dsl.engine import Game
from catan_dsl.render.figure import draw_board, figure_bytes
from catan_dsl.render.state import DEFAULT_PLAYER_COLORS
from catan_dsl.render.state_view import state_view
from tests.engine.helpers import empty_main, put

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "sea_routes.catan"


@pytest.fixture(scope="module")
def ir() -> dict:
    ir, report = api.compile_file(str(FIXTURE))
    assert ir is not None, report.render_text()
    return ir


def by_gid(fig) -> dict:
    ax = fig.axes[0]
    return {a.get_gid(): a for a in [*ax.patches, *ax.lines, *ax.texts] if a.get_gid()}


def test_the_pirate_starts_on_its_sea_hex(ir):
    fig = draw_board(ir)
    ids = by_gid(fig)
    hull = ids["robber-pirate-start"]
    start = next(s for s in ir["board"]["sea"] if (s["q"], s["r"]) == (2, 0))
    x, y = g.hex_center((start["q"], start["r"]))
    (x0, y0), (x1, y1) = hull.get_path().get_extents().get_points()
    assert x0 < x < x1 and y0 < y + 0.2 < y1 + 0.1
    assert "pirate start" in [t.get_text() for t in fig.axes[0].get_legend().get_texts()]


def test_ships_are_hulls_in_their_owners_colour_and_roads_stay_bars(ir):
    s = empty_main(Game(ir, 4))
    ship = next(e["id"] for e in ir["board"]["edges"] if not e["hexes"])      # open sea
    road = next(e["id"] for e in ir["board"]["edges"] if len(e["hexes"]) == 2)
    put(s, 1, "ship", ship)
    put(s, 2, "road", road)
    s.rules_state.robbers[0] = -1
    fig = draw_board(ir, state_view=state_view(s))
    ids = by_gid(fig)
    hull = ids[f"piece-edge-{ship}"]
    assert isinstance(hull, Polygon) and hull.get_facecolor() == to_rgba(DEFAULT_PLAYER_COLORS[1])
    assert isinstance(ids[f"piece-edge-{road}"], Line2D)
    assert "robber-pirate" not in ids                      # off the board: not drawn
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "ship" in labels and "road" in labels
    figure_bytes(fig, "svg")                               # and it renders


def test_a_game_picture_draws_the_pirate_where_it_stands(ir):
    s = empty_main(Game(ir, 4))
    h = len(ir["board"]["hexes"]) + 3
    s.rules_state.robbers[0] = h
    fig = draw_board(ir, state_view=state_view(s))
    ids = by_gid(fig)
    sea = ir["board"]["sea"][3]
    x, _ = g.hex_center((sea["q"], sea["r"]))
    (x0, _), (x1, _) = ids["robber-pirate"].get_path().get_extents().get_points()
    assert x0 < x < x1 and ids["robber-pirate-name"].get_text() == "pirate"

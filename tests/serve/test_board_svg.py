"""The board the page draws: a hex not known yet face down, markers and units where the state has
them, and a place shared by several actions asking which."""

from __future__ import annotations

import dataclasses
import re

from catan_dsl import api
from catan_dsl.render.state_view import state_view
from catan_dsl.serve.board_svg import BoardDrawing
from catan_dsl.serve.session import GameSession
from catan_dsl.serve.view import COLORS


def _after_setup(scenario: str) -> GameSession:
    s = GameSession(api.load_ir(f"scenarios/{scenario}.catan"), ["random"] * 4, seed=1)
    while s.state.phase == 0:
        s.step_automatic()
    return s


def test_a_hex_whose_tile_is_not_known_is_drawn_face_down() -> None:
    s = GameSession(api.load_ir("scenarios/base.catan"), ["random"] * 3, seed=1)
    hidden = dataclasses.replace(s.state.board, hex_terrain=(None,) + s.state.board.hex_terrain[1:])
    svg = BoardDrawing(s.ir, hidden, 1).svg(state_view(s.state), s.game, {}, COLORS)
    first = re.search(r'<g class="hex( face-down)?" data-hex="([^"]+)" data-id="0"', svg)
    assert first and first.group(1) == " face-down"
    assert svg.count("face-down") == 1 and "face down</title>" in svg


def test_markers_units_and_road_barbarians_are_drawn_where_the_state_has_them() -> None:
    ba = _after_setup("barbarian_attack")          # every settlement built lands barbarians
    svg = ba.view(None)["svg"]
    landed = {h: n for h, n in enumerate(ba.state.rules_state.markers[0]) if n}
    assert landed and svg.count('<g class="marker">') == len(landed)
    tb = _after_setup("traders_barbarians")        # wagons on intersections, barbarians on paths
    while not state_view(tb.state).edge_markers and tb.steps < 400:
        tb.step_automatic()                         # a 7 or a Knight moves a barbarian
    view = state_view(tb.state)
    svg = tb.view(None)["svg"]
    assert svg.count('<g class="unit" data-piece="wagon"') == sum(map(len, view.vertex_units.values())) > 0
    assert svg.count("on path") >= len(view.edge_markers) > 0
    assert svg.count('class="inner-place"') == 3            # the three plazas


def test_several_actions_at_one_place_carry_them_all() -> None:
    s = GameSession(api.load_ir("scenarios/base.catan"), ["random"] * 3, seed=1)
    targets = {("vertex", 5): ["build settlement 5", "do something vertex 5"],
               ("edge", 7): ["build road 7"]}
    svg = s.drawing.svg(state_view(s.state), s.game, targets, COLORS)
    assert 'data-vertex="5" cx=' in svg
    assert re.search(r'data-vertex="5"[^>]*data-actions="\[&quot;build settlement 5&quot;, '
                     r'&quot;do something vertex 5&quot;\]"', svg)
    assert re.search(r'data-edge="7"[^>]*data-action="build road 7"', svg)
    assert svg.count("data-action=") == 1 and svg.count("data-actions=") == 1


def test_a_second_robber_is_drawn_on_its_sea_hex() -> None:
    """Issue 39 item 4: the page draws the pirate where it stands (a sea hex's id follows the
    land's) beside the land robber."""
    s = GameSession(api.load_ir("tests/fixtures/sea_routes.catan"), ["random"] * 4, seed=1)
    svg = s.view(None)["svg"]
    assert svg.count('class="robber sea-robber" data-robber="pirate"') == 1
    assert svg.count('<g class="robber"') == 1                      # and the land robber


def test_the_places_to_click_lie_above_every_piece_unit_and_marker() -> None:
    """A wagon on an intersection or a barbarian on a path once swallowed the click on the path
    under it (T&B: ``do travel edge N`` did nothing): SVG paints in document order, so every
    clickable place must come after everything drawn on the board."""
    tb = _after_setup("traders_barbarians")
    view = state_view(tb.state)
    assert view.vertex_units and view.pieces_on_vertices          # wagons and buildings stand
    every_place = {("edge", e): ["x"] for e in range(len(tb.ir["board"]["edges"]))}
    every_place.update({("vertex", v): ["x"] for v in range(len(tb.ir["board"]["vertices"]))})
    svg = tb.drawing.svg(view, tb.game, every_place, COLORS)
    drawn = [m.start() for m in re.finditer(r'class="(piece|unit|marker|robber)', svg)]
    places = [m.start() for m in re.finditer(r'class="spot target"', svg)]
    assert drawn and len(places) == len(every_place)
    assert min(places) > max(drawn)


def test_the_pirate_is_moved_by_clicking_a_sea_hex() -> None:
    """Seafarers: ``move pirate N`` names a sea hex; it was a button only, never a place on the
    board, so a player had to guess which sea hex N was."""
    s = GameSession(api.load_ir("tests/fixtures/sea_routes.catan"), ["random"] * 4, seed=1)
    first_sea = len(s.ir["board"]["hexes"])
    sea = s.ir["board"]["sea"][3]
    targets = {("hex", first_sea + 3): [f"move pirate {first_sea + 3}"], ("hex", 0): ["move robber 0"]}
    svg = s.drawing.svg(state_view(s.state), s.game, targets, COLORS)
    assert re.search(rf'<g class="hex sea target" data-sea="{sea["q"]},{sea["r"]}" '
                     rf'data-id="{first_sea + 3}" data-action="move pirate {first_sea + 3}"', svg)
    assert svg.count("data-action=") == 2

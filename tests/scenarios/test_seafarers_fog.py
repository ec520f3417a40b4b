"""The Fog Islands played (3 players): set-up on the face-up islands, discoveries by roads and
ships built or moved beside the fog, their rewards, and no island bonus (SF-FOG-05 … SF-FOG-18)."""

from __future__ import annotations

from catan_dsl.engine import CHANCE
from tests.engine.helpers import act, give, put, texts
from tests.scenarios.seafarers_kit import compiled, counter, game, main, settled

FOG = "fog_islands"
BOARD = "fog_islands_3"
IR = compiled(FOG, BOARD)


def hidden_corners(s) -> set[int]:
    return {v for h in s.board.hex_hidden for v in s.board.hex_vertices[h]}


def sea_route_to_fog(s):
    """A coastal corner of a face-up island touching no face-down hex, and a path from it whose
    other end is a corner of a face-down spot: (corner, path, the spots there)."""
    b, fog = s.board, hidden_corners(s)
    isles = {h for name in ("west_island", "east_island") for h in
             IR["board"]["features"]["hexes"][name]}
    for v in range(b.n_vertices):
        if v in fog or not set(b.vertex_hexes[v]) & isles:
            continue
        for e in b.vertex_edges[v]:
            w = next(x for x in b.edge_vertices[e] if x != v)
            if w in fog and not IR["board"]["edges"][e]["hexes"]:     # an open-sea path
                return v, e, sorted(h for h in s.board.hex_hidden if w in b.hex_vertices[h])
    raise AssertionError("no sea path reaches the fog")


def outcome_showing(s, h: int, terrain: str):
    """The chance outcome of a pending reveal that lays ``terrain`` on hex ``h``."""
    for a, _ in s.chance_outcomes():
        c = s.clone()
        c.apply_action(a)
        if c.board.hex_terrain[h] == terrain:
            return a
    raise AssertionError(f"no outcome shows {terrain}")


def test_setup_settlements_go_on_the_face_up_islands() -> None:
    """SF-FOG-05, SF-48: set-up settlements go on the two face-up islands, either or both."""
    s = game(FOG, 3, BOARD).new_initial_state(0)
    isles = {name: set(IR["board"]["features"]["hexes"][name]) for name in ("west_island", "east_island")}
    spots = {a.at for a in s.legal_actions()}
    assert spots
    assert all(set(s.board.vertex_hexes[v]) & (isles["west_island"] | isles["east_island"]) for v in spots)
    assert any(set(s.board.vertex_hexes[v]) & isles["west_island"] for v in spots)
    assert any(set(s.board.vertex_hexes[v]) & isles["east_island"] for v in spots)


def ship_built_beside_the_fog():
    """Red's settlement on the coast and a ship built from it onto a path touching the fog:
    the state (its reveal pending) and the face-down spots that path reaches."""
    s = main(FOG, 3, BOARD)
    v, e, spots = sea_route_to_fog(s)
    put(s, 0, "settlement", v)
    settled(s)
    give(s, 0, lumber=1, wool=1)
    act(s, f"build ship {e}")
    return s, spots


def test_a_ship_beside_the_fog_reveals_it_with_its_tile_and_token_and_pays_its_resource() -> None:
    """SF-FOG-08, SF-FOG-09, SF-FOG-10, SF-FOG-13: a ship built onto a path with an end at a
    face-down spot turns it up: the top tile, a token for a producing terrain, and 1 card of its
    resource to the builder; the hex then produces like any other."""
    s, spots = ship_built_beside_the_fog()
    assert s.current_player() == CHANCE
    h = spots[0]
    s.apply_action(outcome_showing(s, h, "pasture"))
    while s.current_player() == CHANCE:                     # a second spot at that corner
        s.apply_action(s.chance_outcomes()[0][0])
    assert h not in s.board.hex_hidden and s.board.hex_terrain[h] == "pasture"
    assert len(s.board.hex_numbers[h]) == 1
    wool = s.game.resources.index("wool")
    assert s.hand[0][wool] >= 1


def test_sea_revealed_pays_nothing_and_gold_pays_a_card_of_choice() -> None:
    """SF-FOG-11, SF-FOG-12: a revealed sea tile gives nothing and the spot is sea (no token);
    a gold field gives 1 resource of the discoverer's choice."""
    s = main(FOG, 3, BOARD)
    v, e, spots = sea_route_to_fog(s)
    put(s, 0, "settlement", v)
    settled(s)
    give(s, 0, lumber=1, wool=1)
    sea = s.clone()
    act(sea, f"build ship {e}")
    sea.apply_action(outcome_showing(sea, spots[0], "sea"))
    if len(spots) == 1:
        assert sum(sea.hand[0]) == 0 and sea.board.hex_numbers[spots[0]] == ()
    assert sea.board.hex_terrain[spots[0]] == "sea"
    act(s, f"build ship {e}")
    s.apply_action(outcome_showing(s, spots[0], "gold_field"))
    assert s.current_player() == 0 and sorted(texts(s)) == sorted(
        f"choose {r}" for r in s.game.resources)
    act(s, "choose ore")
    assert s.hand[0][s.game.resources.index("ore")] == 1


def hidden_sides(s) -> set[int]:
    return {e for h in s.board.hex_hidden for e in IR["board"]["hexes"][h]["edges"]}


def test_one_piece_reveals_several_spots_in_reading_order() -> None:
    """SF-FOG-14: one piece reaching corners of several face-down spots reveals them one after
    another, in reading order (hex ids run top row first), each with its own reward."""
    s, spots = ship_built_beside_the_fog()
    order = []
    while s.current_player() == CHANCE:
        before = set(s.board.hex_hidden)
        s.apply_action(s.chance_outcomes()[0][0])
        order += sorted(before - s.board.hex_hidden)
        while s.current_player() == 0 and texts(s)[0].startswith("choose "):
            act(s, texts(s)[0])                         # a gold field's card of choice
    assert order == spots and len(spots) >= 1


def test_pieces_stay_off_the_sides_of_face_down_spots() -> None:
    """SF-FOG-15: no road or ship is offered on a side of a face-down spot, while it lies so."""
    s = main(FOG, 3, BOARD)
    v, e, spots = sea_route_to_fog(s)
    w = next(x for x in s.board.edge_vertices[e] if x != v)      # a corner of the fog
    put(s, 0, "settlement", w)
    give(s, 0, lumber=4, wool=4, brick=4)
    offered = {int(t.split()[2]) for t in texts(s) if t.startswith("build road ")
               or t.startswith("build ship ")}
    beside_fog = {f for f in s.board.vertex_edges[w] if f in hidden_sides(s)}
    assert e in offered and beside_fog and not offered & hidden_sides(s)


def test_a_ship_moved_beside_the_fog_reveals_it() -> None:
    """SF-FOG-08: a ship moved onto a path touching a face-down spot turns it up, as a build does."""
    s = main(FOG, 3, BOARD)
    v, e, spots = sea_route_to_fog(s)
    put(s, 0, "settlement", v)
    away = next(f for f in s.board.vertex_edges[v] if f != e and IR["board"]["edges"][f]["sea"]
                and not set(s.board.edge_vertices[f]) & hidden_corners(s))
    put(s, 0, "ship", away)
    settled(s)
    act(s, f"do move_ship edge {away}")
    assert f"choose edge {e}" in texts(s)
    act(s, f"choose edge {e}")
    assert s.current_player() == CHANCE


def test_discoveries_happen_in_the_setup_too() -> None:
    """SF-FOG-16: a set-up ship beside the fog reveals it, with its reward."""
    s = game(FOG, 3, BOARD).new_initial_state(0)
    fog = hidden_corners(s)
    for a in s.legal_actions():
        c = s.clone()
        c.apply_action(a)
        ships = [t for t in texts(c) if t.startswith("build ship ")]
        for t in ships:
            e = int(t.split()[2])
            if set(c.board.edge_vertices[e]) & fog:
                act(c, t)
                assert c.current_player() == CHANCE
                return
    raise AssertionError("no set-up ship reaches the fog")


def test_no_island_bonus_in_the_fog() -> None:
    """SF-FOG-18: a settlement on the other island, where the player had none, earns no special
    VP (New Shores pays 2 for the same: tests/scenarios/test_seafarers_islands.py)."""
    s = main(FOG, 3, BOARD)
    west = set(IR["board"]["features"]["hexes"]["west_island"])
    east = set(IR["board"]["features"]["hexes"]["east_island"])
    home = next(v for v in range(s.board.n_vertices) if set(s.board.vertex_hexes[v]) & west)
    far = next(v for v in range(s.board.n_vertices) if set(s.board.vertex_hexes[v]) & east)
    put(s, 0, "settlement", home)
    put(s, 0, "settlement", far)
    assert counter(s, 0, "special_vp") == 0

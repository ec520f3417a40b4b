"""The Seafarers general rules played on Heading for New Shores (4 players): ships, moving them,
the pirate, gold fields, Road Building, the set-up and the longest trade route (SF-03 … SF-48)."""

from __future__ import annotations

from catan_dsl.engine import CHANCE
from catan_dsl.engine.base import awards
from catan_dsl.engine.events import RobberMoved
from tests.engine.helpers import act, give, give_card, pre_roll, put, texts
from tests.scenarios.seafarers_kit import compiled, game, land, main, settled

NS = "new_shores"
IR = compiled(NS, "new_shores_4")
HOME = 36           # -1,-1 N: the main island's coast (forest 6), sea hexes -1,-2 and 0,-2
OPEN_SEA = 39       # 0,-2 W: sea on both sides, from HOME to the islet's corner 28
ISLET_COAST = 27    # -1,-2 NE: the islet's coast (pasture 11 at 0,-3), from 28 to 20
ISLET_CORNER = 20   # -1,-2 N: two islet hexes (mountains 8, pasture 11)
COAST = 49          # -1,-1 NW: land on one side, sea on the other
LAND_PATH = 62      # -1,-1 W: between two land hexes
SEA_W, SEA_E = 40, 41   # the sea hexes -1,-2 and 0,-2 beside HOME
GOLD = land(IR, 2, -3)  # gold field 4 on the north-east islet


def builds(s, piece: str) -> set[int]:
    return {int(t.split()[2]) for t in texts(s) if t.startswith(f"build {piece} ")}


def moves(s) -> set[str]:
    return {t for t in texts(s) if t.startswith("do move_ship")}


def test_ships_on_sea_paths_roads_on_land_paths_one_piece_a_path() -> None:
    """SF-12, SF-13, SF-14: a ship stands on a path with sea beside it (open sea or coast), a road
    on one with land beside it (coast or inland), and a coast path holds one piece, road or ship."""
    s = main(NS)
    put(s, 0, "settlement", HOME)
    give(s, 0, lumber=3, wool=3, brick=3)
    assert {OPEN_SEA, COAST} <= builds(s, "ship") and LAND_PATH not in builds(s, "ship")
    assert {COAST} <= builds(s, "road") and OPEN_SEA not in builds(s, "road")
    act(s, f"build road {COAST}")
    assert COAST not in builds(s, "ship")


def test_ships_join_ships_or_own_buildings_never_roads() -> None:
    """SF-15, SF-16, SF-17, SF-19: a new ship touches an own building or ship; a road does not
    continue a ship at an intersection without a building (nor a ship a road); ship routes
    branch; a ship's end on a new island's coast takes a settlement, and roads grow from it."""
    s = main(NS)
    give(s, 0, lumber=6, wool=6, brick=4, grain=2)
    assert not builds(s, "ship")                                 # nothing of his: no ship
    put(s, 0, "settlement", HOME)
    act(s, f"build ship {OPEN_SEA}")
    assert ISLET_COAST in builds(s, "ship") and 28 not in {IR["board"]["edges"][e]["vertices"][0]
                                                           for e in builds(s, "road")}
    assert not any(28 in IR["board"]["edges"][e]["vertices"] for e in builds(s, "road"))
    assert {27, 28} <= builds(s, "ship")                         # either branch at 28
    act(s, f"build ship {ISLET_COAST}")
    act(s, f"build settlement {ISLET_CORNER}")
    assert any(ISLET_CORNER in IR["board"]["edges"][e]["vertices"] for e in builds(s, "road"))


def test_moving_the_open_end_ship_once_a_turn_after_the_roll() -> None:
    """SF-20, SF-21, SF-22, SF-23, SF-25, SF-26: the ship at a route's open end moves, once a turn,
    after the roll, never one built this turn, to a path where a ship could be built with it
    lifted."""
    s = main(NS)
    put(s, 0, "settlement", HOME)
    put(s, 0, "ship", OPEN_SEA)
    put(s, 0, "ship", ISLET_COAST)
    settled(s)
    assert moves(s) == {f"do move_ship edge {ISLET_COAST}"}      # OPEN_SEA is no open end
    pre_roll(s, 0)
    assert not moves(s)                                          # not before the roll
    s = main(NS)
    put(s, 0, "settlement", HOME)
    put(s, 0, "ship", OPEN_SEA)
    settled(s)
    give(s, 0, lumber=1, wool=1)
    act(s, f"build ship {ISLET_COAST}")
    assert not moves(s)              # the new end was built this turn; OPEN_SEA ends no route
    s = main(NS)
    put(s, 0, "settlement", HOME)
    put(s, 0, "ship", OPEN_SEA)
    settled(s)
    act(s, f"do move_ship edge {OPEN_SEA}")                      # SF-27: the lone ship by HOME
    targets = {int(t.split()[2]) for t in texts(s)}
    assert targets and OPEN_SEA not in targets
    act(s, f"choose edge {min(targets)}")
    assert s.e_owner[OPEN_SEA] < 0 and s.e_owner[min(targets)] == 0
    assert not moves(s)                                          # once a turn


def test_a_lone_ship_beside_a_settlement_moves_a_closed_route_does_not() -> None:
    """SF-24, SF-27: a lone ship beside a settlement, its other end free, may move; a route
    closed at both ends by own buildings has no ship to move."""
    s = main(NS)
    put(s, 0, "settlement", HOME)
    put(s, 0, "ship", OPEN_SEA)
    settled(s)
    assert moves(s) == {f"do move_ship edge {OPEN_SEA}"}
    put(s, 0, "ship", ISLET_COAST)
    put(s, 0, "settlement", ISLET_CORNER)
    settled(s)
    assert not moves(s)


def test_a_seven_moves_the_robber_or_the_pirate_which_robs_ship_owners() -> None:
    """SF-29, SF-30, SF-31, SF-32, SF-33: on a 7 the roller moves the robber (land hexes) or the
    pirate (another sea hex, one without ships too) and draws from an owner of a ship beside
    it, never from a building's owner there."""
    g = game(NS)
    s = main(NS)
    put(s, 1, "settlement", HOME)                               # a corner of SEA_W: not robbed
    put(s, 2, "settlement", ISLET_CORNER)
    put(s, 2, "ship", ISLET_COAST)                              # a side of SEA_W
    give(s, 1, ore=2)
    give(s, 2, wool=1)
    pre_roll(s, 0)
    act(s, "roll 7")
    offered = texts(s)
    n = len(IR["board"]["hexes"])
    pirate_at = s.rules_state.robbers[0]
    assert all(int(t.split()[2]) < n for t in offered if t.startswith("move robber"))
    pirate = {int(t.split()[2]) for t in offered if t.startswith("move pirate")}
    assert pirate and min(pirate) >= n and pirate_at not in pirate and SEA_W in pirate
    s.drain_events()
    act(s, f"move pirate {SEA_W}")
    assert [e.robber for e in s.drain_events() if isinstance(e, RobberMoved)] == ["pirate"]
    assert s.current_player() == CHANCE and {a.player for a, _ in s.chance_outcomes()} == {2}
    act(s, str(s.chance_outcomes()[0][0]))
    assert s.hand[0][g.resources.index("wool")] == 1 and sum(s.hand[1]) == 2


def test_the_pirate_blocks_ships_beside_it_and_nothing_else() -> None:
    """SF-34, SF-36, SF-37, SF-38: no ship is built or moved on a side of the pirate's hex, and no
    ship there may move; roads, settlements and the production beside it go on."""
    s = main(NS)
    put(s, 0, "settlement", HOME)
    put(s, 0, "ship", OPEN_SEA)                                  # a side of SEA_W and SEA_E
    settled(s)
    s.rules_state.robbers[0] = SEA_W
    s.piece_moves += 1
    s._legal = None
    give(s, 0, lumber=3, wool=3, brick=2)
    assert not moves(s)                                          # beside the pirate
    assert COAST not in builds(s, "ship") and COAST in builds(s, "road")
    forest = land(IR, -1, -1)                                    # beside the pirate's hex
    before = s.hand[0][s.game.resources.index("lumber")]
    s.robber = land(IR, -2, 1)
    pre_roll(s, 0)
    act(s, "roll 6")
    assert s.hand[0][s.game.resources.index("lumber")] == before + 1
    assert IR["board"]["hexes"][forest]["numbers"] == [6]


def test_a_knight_moves_the_robber_or_the_pirate() -> None:
    """SF-35: a Knight lets its player move the robber or the pirate, and counts for the army."""
    s = main(NS)
    give_card(s, 0, "knight")
    act(s, "play knight")
    offered = texts(s)
    assert any(t.startswith("move robber ") for t in offered)
    assert any(t.startswith("move pirate ") for t in offered)
    act(s, next(t for t in offered if t.startswith("move pirate ")))
    assert s.dev_played[0][s.game.card_names.index("knight")] == 1


def test_a_gold_field_pays_resources_of_choice() -> None:
    """SF-03, SF-04, SF-05: a gold field's settlement takes 1 resource of its owner's choice, a
    city 2 (the same or two kinds); gold is no resource: the hand holds the five only."""
    g = game(NS)
    assert list(g.resources) == ["lumber", "brick", "wool", "grain", "ore"]
    s = main(NS)
    v = s.board.hex_vertices[GOLD][0]
    put(s, 1, "city", v)
    pre_roll(s, 0)
    act(s, "roll 4")
    assert s.current_player() == 1 and sorted(texts(s)) == sorted(
        f"choose {r}" for r in g.resources)
    act(s, "choose ore")
    act(s, "choose ore")
    assert s.hand[1][g.resources.index("ore")] == 2 and sum(s.hand[1]) == 2


def test_the_robber_stops_gold_and_an_empty_bank_offers_nothing() -> None:
    """SF-06, SF-07: a gold field under the robber pays nothing; a card of choice comes from the
    bank: a resource it no longer holds is not offered."""
    g = game(NS)
    s = main(NS)
    put(s, 1, "settlement", s.board.hex_vertices[GOLD][0])
    s.robber = GOLD
    pre_roll(s, 0)
    act(s, "roll 4")
    assert sum(s.hand[1]) == 0
    s = main(NS)
    put(s, 1, "settlement", s.board.hex_vertices[GOLD][0])
    ore = g.resources.index("ore")
    give(s, 2, ore=s.bank[ore])                                   # the bank holds no ore
    pre_roll(s, 0)
    act(s, "roll 4")
    assert s.current_player() == 1 and "choose ore" not in texts(s) and texts(s)


def test_road_building_gives_roads_or_ships_one_after_the_other() -> None:
    """SF-44, SF-45: Road Building gives 2 roads, 2 ships or one of each, placed one after the
    other."""
    s = main(NS)
    put(s, 0, "settlement", HOME)
    give_card(s, 0, "road_building")
    act(s, "play road_building")
    first = texts(s)
    assert any(t.endswith(f" {OPEN_SEA}") and "ship" in t for t in first)
    assert any("road" in t for t in first)
    act(s, next(t for t in first if "ship" in t and t.endswith(f" {OPEN_SEA}")))
    second = texts(s)
    assert any(t.endswith(f" {ISLET_COAST}") and "ship" in t for t in second)
    act(s, next(t for t in second if "road" in t))
    assert s.e_owner[OPEN_SEA] == 0 and sum(1 for o in s.e_owner if o == 0) == 2


def test_setup_settlements_on_the_main_island_with_a_road_or_a_ship() -> None:
    """SF-46, SF-47, SF-48, SF-NS-04: in the set-up each settlement goes on the main island and
    comes with a road or, on the coast, a ship touching it."""
    g = game(NS)
    s = g.new_initial_state(0)
    main_hexes = set(IR["board"]["features"]["hexes"]["main"])
    spots = {a.at for a in s.legal_actions()}
    assert spots and all(set(s.board.vertex_hexes[v]) & main_hexes for v in spots)
    assert ISLET_CORNER not in spots
    act(s, f"build settlement {HOME}")
    paths = texts(s)
    assert f"build ship {OPEN_SEA}" in paths and f"build road {LAND_PATH}" not in paths
    assert all(HOME in IR["board"]["edges"][int(t.split()[2])]["vertices"] for t in paths)
    assert any(t.startswith("build road") for t in paths)


def test_the_longest_trade_route_joins_roads_and_ships_at_own_buildings() -> None:
    """SF-41, SF-42, SF-43: the trade route counts roads and ships joined at an own building, an
    open route as a closed one; an opponent's building breaks it."""
    s = main(NS)
    si = [sp.name for sp in s.game.specials].index("longest_road")
    kinds = s.game.specials[si].route_kinds
    put(s, 0, "settlement", HOME)
    for e in (COAST, 48):                                   # two roads from HOME to the west
        put(s, 0, "road", e)
    put(s, 0, "ship", OPEN_SEA)
    put(s, 0, "ship", ISLET_COAST)
    assert awards.longest_route(s, 0, kinds) == 4           # road road | HOME | ship ship
    put(s, 0, "settlement", ISLET_CORNER)                   # closed now: counts alike
    assert awards.longest_route(s, 0, kinds) == 4
    s2 = main(NS)
    put(s2, 0, "road", COAST)
    put(s2, 0, "road", 48)
    put(s2, 0, "ship", OPEN_SEA)
    put(s2, 0, "ship", ISLET_COAST)
    assert awards.longest_route(s2, 0, kinds) == 2          # no building at HOME: apart
    s3 = main(NS)
    put(s3, 0, "road", COAST)
    put(s3, 0, "road", 48)
    assert awards.longest_route(s3, 0, kinds) == 2
    put(s3, 1, "settlement", 44)                            # between the two roads
    assert awards.longest_route(s3, 0, kinds) == 1

"""The seafarers pack's boards, compiled (docs/rules/seafarers-boards.md): terrains, numbers,
harbors, start hexes, the board each player count plays and the VP targets (SF-NS, SF-4I,
SF-FOG, SF-TTD, SF-WON board lines; SF-01, SF-10, SF-11, SF-40, SF-56)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.scenarios.seafarers_kit import (BOARDS, SCENARIOS, compiled, feature_hexes, land,
                                           numbers, sea_hex, terrains)


def harbor_kinds(ir: dict) -> Counter:
    return Counter(2 if h["ratio"] == 2 else 3 for h in ir["board"]["harbors"])


@pytest.mark.parametrize("name", SCENARIOS)
def test_each_player_count_plays_its_own_board(name) -> None:
    """SF-NS-01, SF-4I-01, SF-FOG-01, SF-TTD-01, SF-WON-01: each scenario is for 3 or 4 players,
    on the book's 3-player board with 3 and its 4-player board with 4 (Wonders: one board)."""
    ir = compiled(name)
    assert (ir["players"]["min"], ir["players"]["max"]) == (3, 4)
    boards = BOARDS[name]
    if len(boards) == 2:
        assert ir["meta"]["board_for_players"] == {"3": boards[0], "4": boards[1]}
    assert ir["meta"]["board"] == boards[-1]


def test_sea_hexes_carry_no_number_and_the_frame_is_sea() -> None:
    """SF-01, SF-02: a sea hex carries no number and produces nothing; the frame ring is sea, so
    ships sail between it and the sea beside it (a path between two sea hexes exists there)."""
    ir = compiled("new_shores", "new_shores_4")
    assert all("numbers" not in s or not s["numbers"] for s in ir["board"]["sea"])
    sea = {(s["q"], s["r"]): s for s in ir["board"]["sea"]}
    frame, inner = sea[(1, -4)], sea[(1, -3)]            # the frame's top row; the sea below it
    shared = (set(frame["sides"]) & set(inner["sides"])) - {-1}
    assert shared                                        # a path a ship may take
    assert -1 in frame["sides"]                          # nothing beyond the frame's outer edge


def test_new_shores_boards() -> None:
    """SF-NS-02, SF-NS-03, SF-NS-09: 3 players: a main island of 14 hexes (3 fields, 2 hills,
    2 mountains, 4 pasture, 3 forest) and 8 hexes on small islands (2 gold fields); 4 players:
    the base game's 19 hexes and 9 on small islands; 8 and 9 harbors, 5 of them 2:1."""
    ir3, ir4 = compiled("new_shores", "new_shores_3"), compiled("new_shores", "new_shores_4")
    main3 = feature_hexes(ir3, "main")
    assert terrains(ir3, main3) == Counter(fields=3, hills=2, mountains=2, pasture=4, forest=3)
    assert numbers(ir3, main3) == [2, 3, 4, 5, 5, 6, 6, 8, 8, 9, 10, 10, 11, 11]
    assert terrains(ir3) - terrains(ir3, main3) == Counter(gold_field=2, fields=1, hills=2,
                                                            mountains=2, pasture=1)
    assert sorted(
        n for h in ir3["board"]["hexes"] if (h["q"], h["r"]) not in main3 for n in h["numbers"]) \
        == [3, 4, 4, 5, 8, 9, 10, 12]
    main4 = feature_hexes(ir4, "main")
    assert terrains(ir4, main4) == Counter(fields=4, hills=3, mountains=3, pasture=4, forest=4,
                                           desert=1)
    assert numbers(ir4, main4) == [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert terrains(ir4) - terrains(ir4, main4) == Counter(gold_field=2, hills=2, mountains=2,
                                                            pasture=1, forest=1, fields=1)
    assert harbor_kinds(ir3) == Counter({2: 5, 3: 3}) and harbor_kinds(ir4) == Counter({2: 5, 3: 4})


def test_four_islands_boards() -> None:
    """SF-4I-01, SF-4I-02: four islands of 4, 6, 6, 4 hexes (3 players) and 4, 8, 7, 4 (4
    players), no desert and no gold; 4 of each terrain and 20 numbers with 3 players, 23 with
    4; 9 harbors (5 of 2:1) on both."""
    ir3, ir4 = compiled("four_islands", "four_islands_3"), compiled("four_islands", "four_islands_4")
    islands = ("island_north_west", "island_north_east", "island_south_west", "island_south_east")
    assert [len(feature_hexes(ir3, i)) for i in islands] == [4, 6, 6, 4]
    assert [len(feature_hexes(ir4, i)) for i in islands] == [4, 8, 7, 4]
    assert terrains(ir3) == Counter(fields=4, hills=4, mountains=4, pasture=4, forest=4)
    assert numbers(ir3) == [2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 8, 8, 9, 9, 9, 10, 10, 11, 11, 12]
    assert terrains(ir4) == Counter(fields=5, hills=4, mountains=4, pasture=5, forest=5)
    assert numbers(ir4) == [2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11,
                            11, 12]
    assert harbor_kinds(ir3) == harbor_kinds(ir4) == Counter({2: 5, 3: 4})


def test_fog_islands_boards() -> None:
    """SF-FOG-01, SF-FOG-02, SF-FOG-03, SF-FOG-04, SF-FOG-19: two face-up islands (7 and 7
    hexes, 7 and 10) and 12 face-down spots drawn from 2 sea, 2 gold, 2 fields, 2 hills,
    2 mountains, 1 pasture, 1 forest with 10 tokens; 8 harbors (3 players), 9 (4 players)."""
    ir3, ir4 = compiled("fog_islands", "fog_islands_3"), compiled("fog_islands", "fog_islands_4")
    for ir, sizes, tokens in ((ir3, [7, 7], [3, 3, 4, 5, 6, 8, 9, 10, 11, 12]),
                              (ir4, [7, 10], [3, 4, 5, 6, 8, 9, 10, 11, 11, 12])):
        assert [len(feature_hexes(ir, i)) for i in ("west_island", "east_island")] == sizes
        (pool,) = ir["board"]["hidden_pools"].values() if isinstance(
            ir["board"]["hidden_pools"], dict) else ir["board"]["hidden_pools"]
        assert sum(1 for h in ir["board"]["hexes"] if h.get("hidden")) == 12
        assert sorted(pool["tokens"]) == tokens
        assert Counter(pool["tiles"]) == Counter(sea=2, gold_field=2, fields=2, hills=2,
                                                 mountains=2, pasture=1, forest=1) \
            or pool["tiles"] == {"sea": 2, "gold_field": 2, "fields": 2, "hills": 2,
                                 "mountains": 2, "pasture": 1, "forest": 1}
    assert terrains(ir3) == Counter(hills=2, mountains=2, pasture=4, fields=2, forest=4)
    assert numbers(ir3) == [3, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 11, 11, 12]
    assert terrains(ir4) == Counter(hills=3, mountains=3, pasture=4, fields=3, forest=4)
    assert numbers(ir4) == [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 12]
    assert harbor_kinds(ir3) == Counter({2: 5, 3: 3}) and harbor_kinds(ir4) == Counter({2: 5, 3: 4})


def test_through_the_desert_boards() -> None:
    """SF-TTD-01, SF-TTD-02, SF-TTD-08, SF-TTD-09: a main part, a belt of 3 deserts, a strip of
    3 hexes (fields 6, forest 3, gold 4 / fields 8, mountains 11, gold 10) and three small
    islands; 8 harbors (3 players), 9 (4 players), 5 of them 2:1."""
    ir3 = compiled("through_the_desert", "through_the_desert_3")
    ir4 = compiled("through_the_desert", "through_the_desert_4")
    for ir, strip in ((ir3, {("fields", 6), ("forest", 3), ("gold_field", 4)}),
                      (ir4, {("fields", 8), ("mountains", 11), ("gold_field", 10)})):
        got = {(h["terrain"], h["numbers"][0]) for h in ir["board"]["hexes"]
               if (h["q"], h["r"]) in feature_hexes(ir, "strip")}
        assert got == strip
        assert terrains(ir, feature_hexes(ir, "desert_belt")) == Counter(desert=3)
    main3, main4 = feature_hexes(ir3, "main"), feature_hexes(ir4, "main")
    assert terrains(ir3, main3) == Counter(forest=4, hills=3, pasture=3, mountains=2, fields=2)
    assert numbers(ir3, main3) == [2, 3, 4, 4, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11]
    assert terrains(ir4, main4) == Counter(forest=5, hills=4, pasture=4, mountains=2, fields=2)
    assert numbers(ir4, main4) == [3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert harbor_kinds(ir3) == Counter({2: 5, 3: 3}) and harbor_kinds(ir4) == Counter({2: 5, 3: 4})


def test_wonders_board() -> None:
    """SF-WON-01, SF-WON-22: one board: a main island of 22 producing hexes and 3 deserts, the
    islets gold 8 + hills 2 and gold 6 + forest 4 + fields 5."""
    ir = compiled("wonders")
    main = feature_hexes(ir, "main")
    assert terrains(ir, main) == Counter(mountains=5, pasture=5, hills=4, fields=4, forest=4,
                                         desert=3)
    assert numbers(ir, main) == [2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 9, 10, 10, 10, 11,
                                 11, 11, 12]
    nw = {(h["terrain"], h["numbers"][0]) for h in ir["board"]["hexes"]
          if (h["q"], h["r"]) in feature_hexes(ir, "islet_north_west")}
    east = {(h["terrain"], h["numbers"][0]) for h in ir["board"]["hexes"]
            if (h["q"], h["r"]) in feature_hexes(ir, "islet_east")}
    assert nw == {("gold_field", 8), ("hills", 2)}
    assert east == {("gold_field", 6), ("forest", 4), ("fields", 5)}


START = {  # scenario, board: robber's hex, pirate's sea hex (None: no pirate on the board)
    ("new_shores", "new_shores_3"): ((0, -3), (3, 0)),
    ("new_shores", "new_shores_4"): ((-2, 1), (3, 0)),
    ("four_islands", "four_islands_3"): ((-3, 3), (0, 0)),
    ("four_islands", "four_islands_4"): ((2, -2), (3, 0)),
    ("fog_islands", "fog_islands_3"): ((-3, 3), (-4, 0)),
    ("fog_islands", "fog_islands_4"): ((4, -2), (-3, 0)),
    ("through_the_desert", "through_the_desert_3"): ((0, -2), (3, 0)),
    ("through_the_desert", "through_the_desert_4"): ((0, -2), (4, 0)),
    ("wonders", "wonders"): ((3, -1), None),
}


@pytest.mark.parametrize("name,board", sorted(START))
def test_robber_and_pirate_start_where_the_scenario_says(name, board) -> None:
    """SF-28, SF-NS-05, SF-NS-06, SF-NS-07, SF-4I-05, SF-4I-06, SF-FOG-06, SF-FOG-07, SF-TTD-06,
    SF-WON-03: the robber starts on the named land hex (the 12 where there is no desert, the
    middle desert), the pirate on the named sea hex; Wonders puts no pirate on the board."""
    ir = compiled(name, board)
    robber, pirate = START[(name, board)]
    start = ir["board"]["robber"]["start"]
    if isinstance(start, str):                           # on the desert (New Shores, 4 players)
        assert [h["terrain"] for h in ir["board"]["hexes"]
                if (h["q"], h["r"]) == robber] == ["desert"]
        assert sum(h["terrain"] == "desert" for h in ir["board"]["hexes"]) == 1
    else:
        assert start["hex"] == land(ir, *robber)
    starts = ir["board"]["robber"].get("starts", {})
    if pirate is None:
        assert "pirate" not in starts
    else:
        n = len(ir["board"]["hexes"])
        assert starts["pirate"]["sea"] + n == sea_hex(ir, *pirate)


@pytest.mark.parametrize("name,target", [("new_shores", 14), ("four_islands", 13),
                                         ("fog_islands", 12), ("through_the_desert", 14),
                                         ("wonders", 10)])
def test_vp_targets(name, target) -> None:
    """SF-56, SF-NS-10, SF-4I-07, SF-FOG-17, SF-TTD-07: each scenario's VP target (decision #4),
    a parameter the older texts' targets are one --set away from."""
    assert compiled(name)["victory"]["target"] == target


def test_ships_cost_lumber_and_wool_and_number_fifteen() -> None:
    """SF-10, SF-11, SF-12, SF-40: a ship costs 1 lumber + 1 wool, each player has 15, it stands
    on sea paths; the longest trade route is worth 2 VP from 5 pieces, roads and ships."""
    ir = compiled("new_shores")
    ship = ir["pieces"]["ship"]
    assert ship["cost"] == {"lumber": 1, "wool": 1} and ship["limit"] == 15
    assert ship["on"] == "sea_edge" and ship["network"] == "ship"
    route = ir["special_cards"]["longest_road"]
    assert route["vp"] == 2 and route["min"] == 5
    assert route["measure"] == {"kind": "longest_route", "pieces": ["road", "ship"]}

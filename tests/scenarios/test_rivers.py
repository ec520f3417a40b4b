"""scenarios/rivers.catan through the engine: the board, the setup, river gold and bridges (RIV-01..37)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from catan_dsl.core import geometry
from catan_dsl.engine import CHANCE
from catan_dsl.engine.prompts import PLACE_FREE
from tests.engine.helpers import act, give, give_card, kind, set_hand, texts
from tests.scenarios.rivers_kit import (
    RIVERS,
    along_river,
    compiled,
    edge,
    feature,
    game,
    gold,
    hex_at,
    holders,
    main,
    put,
    river_bank,
    vertex,
)

SEEDS = range(12)


def rivers_of(g) -> list[set[int]]:
    """The river hexes split into connected pieces."""
    left, out = set(feature(g, "hex", "river")), []
    nbrs = {h["id"]: set(h["neighbors"]) for h in g.ir["board"]["hexes"]}
    while left:
        todo, part = [left.pop()], set()
        while todo:
            h = todo.pop()
            part.add(h)
            for n in nbrs[h] & left:
                left.discard(n)
                todo.append(n)
        out.append(part)
    return sorted(out, key=len)


# ---- components and board ----------------------------------------------------------------
def test_riv_01_three_bridges_per_player() -> None:
    """RIV-01: each player has 3 bridges (seed 000)."""
    g = game()
    s = g.new_initial_state(0)
    assert [s.supply[p][kind(g, "bridge")] for p in range(4)] == [3, 3, 3, 3]


def test_riv_02_one_wealthiest_and_four_poor_settler_cards() -> None:
    """RIV-02: one Wealthiest Settler card and 4 Poor Settler cards (seed 000): all four players
    can hold a Poor Settler at once, the Wealthiest only one."""
    specials = compiled()["special_cards"]
    assert specials["poor_settler"]["copies"] == 4
    s = main(game())
    from tests.scenarios.rivers_kit import settle_awards
    settle_awards(s)
    assert holders(s, "poor_settler") == [0, 1, 2, 3]
    assert holders(s, "wealthiest_settler") == []


def test_riv_03_two_rivers_of_3_and_4_hexes_each_ending_in_a_swamp() -> None:
    """RIV-03: two rivers, of 3 and 4 hexes, each ending in a swamp on the coast (seed 000);
    they do not touch each other ([catan.com combination page: Rivers + T&B])."""
    g = game()
    s = g.new_initial_state(0)
    rivers = rivers_of(g)
    assert [len(r) for r in rivers] == [3, 4]
    nbrs = {h["id"]: set(h["neighbors"]) for h in g.ir["board"]["hexes"]}
    for river in rivers:
        swamps = [h for h in river if s.board.hex_terrain[h] == "swamp"]
        assert len(swamps) == 1
        # The swamp ends the river (one river neighbour) and lies on the coast (its mouth).
        assert len(nbrs[swamps[0]] & river) == 1
        assert g.ir["board"]["hexes"][swamps[0]]["coast"]
    assert not any(nbrs[h] & rivers[1] for h in rivers[0])


def test_riv_04_base_terrain_without_seven_hexes_is_shuffled_into_the_rest() -> None:
    """RIV-04: the base terrain without 2 mountains, 2 hills, 2 pasture and the desert (12 hexes)
    is shuffled onto the places the rivers leave free (seed 000)."""
    g = game()
    river = feature(g, "hex", "river")
    layouts = set()
    for seed in SEEDS:
        t = g.new_initial_state(seed).board.hex_terrain
        rest = tuple(t[h] for h in range(len(t)) if h not in river)
        assert Counter(rest) == {"forest": 4, "fields": 4, "pasture": 2, "hills": 1, "mountains": 1}
        layouts.add(rest)
    assert len(layouts) > 6


def test_riv_05_twelve_base_hexes_and_seven_river_hexes() -> None:
    """RIV-05: 12 base hexes and 7 river hexes, 2 swamps and 5 productive ones (seed 000,
    inference); the river hexes are fixed, not shuffled."""
    g = game()
    river = feature(g, "hex", "river")
    boards = [g.new_initial_state(seed).board for seed in SEEDS]
    assert len(river) == 7 and boards[0].n_hexes == 19
    for b in boards:
        terrains = [b.hex_terrain[h] for h in river]
        assert terrains.count("swamp") == 2
        assert all(b.hex_resource[h] >= 0 for h in river if b.hex_terrain[h] != "swamp")
        assert terrains == [boards[0].hex_terrain[h] for h in river]


def test_riv_06_swamps_carry_no_number() -> None:
    """RIV-06: swamps get no number token and never produce (seed 000)."""
    g = game()
    for seed in SEEDS:
        b = g.new_initial_state(seed).board
        for h, t in enumerate(b.hex_terrain):
            assert (t == "swamp") == (not b.hex_numbers[h])
        assert not any(t == "swamp" for n in range(13) for t in (b.hex_terrain[h] for h in b.number_hexes[n]))


def test_riv_07_riv_09_riv_10_b_is_set_aside_the_rest_follow_the_letters() -> None:
    """RIV-07, RIV-09, RIV-10: the 2 (B) is set aside, the other tokens follow the letters
    skipping B, and the 2 then joins the hex bearing the 12 (seed 000)."""
    g = game()
    seq = dict(zip("ABCDEFGHIJKLMNOPQR", compiled()["tokens"] if "tokens" in compiled()
                   else compiled()["board"]["numbers"]["sequence"]))
    for seed in SEEDS:
        b = g.new_initial_state(seed).board
        letters = [x for x in b.letters if x]
        assert sorted(letters) == sorted(set("ABCDEFGHIJKLMNOPQR") - {"B"})
        for h, x in enumerate(b.letters):
            if x:
                assert b.hex_numbers[h][0] == seq[x]
        twos = [h for h in range(b.n_hexes) if 2 in b.hex_numbers[h]]
        assert len(twos) == 1 and b.hex_numbers[twos[0]] == (12, 2)
        assert b.letters[twos[0]] == "H"


def test_riv_08_token_a_lies_on_a_coastal_hex() -> None:
    """RIV-08: token A goes on a coastal hex; the spiral starts in a random corner of the coast
    (seed 000 lets the placer choose; we take the tournament spiral's random corner)."""
    g = game()
    starts = set()
    for seed in range(30):
        b = g.new_initial_state(seed).board
        a = b.letters.index("A")
        assert g.ir["board"]["hexes"][a]["coast"]
        starts.add(a)
    assert len(starts) >= 4


def test_riv_11_the_hex_with_12_and_2_produces_on_both() -> None:
    """RIV-11: the hex bearing the 12 and the 2 produces on a roll of 2 and on a roll of 12
    (seed 000)."""
    g = game()
    for n in (2, 12):
        s = main(g, seed=3)
        h = next(h for h in range(s.board.n_hexes) if 12 in s.board.hex_numbers[h])
        v = s.board.hex_vertices[h][0]
        put(s, 1, "settlement", v)
        s.robber = hex_at(g, -1, -1)
        from tests.engine.helpers import pre_roll
        from tests.scenarios.rivers_kit import set_gold  # noqa: F401
        pre_roll(s, 0)
        before = sum(s.hand[1])
        act(s, f"roll {n}")
        assert s.hand[1][s.board.hex_resource[h]] >= 1 and sum(s.hand[1]) > before


def test_riv_12_the_robber_starts_on_a_swamp() -> None:
    """RIV-12: the robber starts on a swamp (seed 000)."""
    g = game()
    for seed in SEEDS:
        s = g.new_initial_state(seed)
        assert s.board.hex_terrain[s.robber] == "swamp"


def test_riv_13_nobody_starts_with_gold() -> None:
    """RIV-13: players start with no gold (seed 000)."""
    s = game().new_initial_state(0)
    assert [gold(s, p) for p in range(4)] == [0, 0, 0, 0]


def test_riv_14_riv_15_riv_16_seven_bridge_sites_on_river_hexes() -> None:
    """RIV-14, RIV-15, RIV-16: exactly 7 bridge sites, all on river hexes (seed 000, [juergs.ch]);
    one at each river mouth, on the swamp's coast ([thesixsides blog], [catan.de: Rivers +
    Seafarers]); 3 on the 3-hex river and 4 on the 4-hex river (inference)."""
    g = game()
    sites = feature(g, "edge", "bridge_site")
    assert len(sites) == 7
    edges = g.ir["board"]["edges"]
    river = feature(g, "hex", "river")
    assert all(set(edges[e]["hexes"]) & river for e in sites)
    small, large = rivers_of(g)
    assert sum(1 for e in sites if set(edges[e]["hexes"]) <= small) == 3
    assert sum(1 for e in sites if set(edges[e]["hexes"]) <= large) == 4
    s = g.new_initial_state(0)
    for part in (small, large):
        swamp = next(h for h in part if s.board.hex_terrain[h] == "swamp")
        assert any(edges[e]["coast"] and edges[e]["hexes"] == [swamp] for e in sites)


def test_riv_17_header_says_the_layout_is_reconstructed_and_why() -> None:
    """RIV-17: the file's header comment says the river layout is reconstructed, and why
    (decision #10)."""
    header = RIVERS.read_text(encoding="utf-8").split("scenario rivers", 1)[0]
    assert "RECONSTRUCTED" in header and "decision #10" in header and "lost" in header


# ---- setup phase ------------------------------------------------------------------------------
def setup_state(seed: int = 0):
    s = game().new_initial_state(seed)
    s.drain_events()
    return s


def test_riv_18_no_road_on_a_bridge_site_in_setup_or_later() -> None:
    """RIV-18: a road may never be built on a bridge site, in the setup phase or later
    (seed 000)."""
    g = game()
    s = setup_state()
    site = edge(g, 0, -1, "W")
    v = g.ir["board"]["edges"][site]["vertices"][0]
    act(s, f"build settlement {v}")
    roads = texts(s)
    assert f"build road {site}" not in roads and roads
    s = main(g)
    put(s, 0, "settlement", v)
    give(s, 0, lumber=5, brick=5)
    assert f"build road {site}" not in texts(s)
    assert any(t.startswith("build road") for t in texts(s))


def test_riv_19_riv_20_setup_roads_and_settlements_at_the_river_pay_gold() -> None:
    """RIV-19, RIV-20: in the setup phase a settlement on a river bank and a road along a river
    each pay 1 gold (seed 000)."""
    g = game()
    s = setup_state()
    v = vertex(g, 1, -1, "S")           # touches the pasture river hex
    e = edge(g, 1, -1, "SE")            # borders it
    act(s, f"build settlement {v}")
    assert gold(s, 0) == 1
    act(s, f"build road {e}")
    assert gold(s, 0) == 2
    dry = vertex(g, -2, 2, "S")         # far from both rivers
    assert not river_bank(g, dry)
    act(s, f"build settlement {dry}")
    act(s, f"build road {g.ir['board']['vertices'][dry]['edges'][0]}")
    assert gold(s, 1) == 0


def random_setup(seed: int):
    s = game().new_initial_state(seed)
    rng = random.Random(seed)
    while s.phase == 0:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
    return s


def test_riv_21_at_most_four_gold_after_setup() -> None:
    """RIV-21: no player has more than 4 gold after the setup phase (seed 000); each has exactly
    one per river-bank settlement and river road."""
    g = game()
    for seed in range(25):
        s = random_setup(seed)
        for p in range(4):
            expect = sum(river_bank(g, v) for v in s.buildings[p])
            expect += sum(along_river(g, e) for e in range(s.board.n_edges) if s.e_owner[e] == p)
            assert gold(s, p) == expect <= 4


def test_riv_22_riv_23_riv_24_settler_cards_right_after_setup() -> None:
    """RIV-22, RIV-23, RIV-24: right after setup everyone with the fewest gold holds a Poor
    Settler (everyone when all are equal, zero included) and the single richest player the
    Wealthiest Settler, which stays aside on a tie for most (seed 000)."""
    seen_all_equal = seen_sole = seen_tie = False
    for seed in range(40):
        s = random_setup(seed)
        golds = [gold(s, p) for p in range(4)]
        assert holders(s, "poor_settler") == [p for p in range(4) if golds[p] == min(golds)]
        top = [p for p in range(4) if golds[p] == max(golds)]
        assert holders(s, "wealthiest_settler") == (top if len(top) == 1 else [])
        seen_all_equal |= len(set(golds)) == 1
        seen_sole |= len(top) == 1
        seen_tie |= len(top) > 1 and len(set(golds)) > 1
    assert seen_sole and seen_tie


def test_riv_23_all_equal_means_everyone_is_poor() -> None:
    """RIV-23: if all players have the same gold after setup (zero included), every player takes
    a Poor Settler card, -2 VP each (seed 000)."""
    g = game()
    s = setup_state()
    # Everyone builds away from the rivers: nobody earns gold.
    dry = [vertex(g, -2, 2, "S"), vertex(g, 2, -2, "N"), vertex(g, -2, 0, "SW"), vertex(g, 2, 0, "SE"),
           vertex(g, 1, 1, "SE"), vertex(g, 0, -2, "N"), vertex(g, -2, 1, "SW"), vertex(g, 1, -2, "N")]
    i = 0
    while s.phase == 0:
        legal = texts(s)
        if legal[0].startswith("build settlement"):
            act(s, f"build settlement {dry[i]}")
            i += 1
        else:
            act(s, next(t for t in legal if not along_river(g, int(t.split()[-1]))))
    assert [gold(s, p) for p in range(4)] == [0, 0, 0, 0]
    assert holders(s, "poor_settler") == [0, 1, 2, 3]
    assert all(s.vp_breakdown(p).get("poor_settler") == -2 for p in range(4))


# ---- gold for building at the river ------------------------------------------------------------
def test_riv_25_riv_27_a_road_along_a_river_pays_one_gold() -> None:
    """RIV-25, RIV-27: building a road on a path bordering a river hex (a swamp included, see the
    header) pays 1 gold during play; a road elsewhere pays nothing ([CatanGame rules catalogue],
    seed 000)."""
    g = game()
    s = main(g)
    v = vertex(g, -1, -1, "S")              # touches the western swamp
    put(s, 0, "settlement", v)
    set_hand(s, 0, lumber=3, brick=3)
    swamp_edge = edge(g, -1, -1, "SE")
    act(s, f"build road {swamp_edge}")
    assert gold(s, 0) == 1
    dry_v = vertex(g, -2, 2, "S")
    put(s, 0, "settlement", dry_v)
    dry_e = next(e for e in s.board.vertex_edges[dry_v] if not along_river(g, e))
    act(s, f"build road {dry_e}")
    assert gold(s, 0) == 1


def test_riv_26_riv_28_a_settlement_on_a_river_bank_pays_one_gold() -> None:
    """RIV-26, RIV-28: a settlement on an intersection touching one or two river hexes pays 1
    gold during play ([CatanGame rules catalogue], seed 000)."""
    g = game()
    s = main(g)
    bank_v = vertex(g, 0, 0, "N")           # touches two river hexes of the long river
    assert sum(h in feature(g, "hex", "river") for h in g.ir["board"]["vertices"][bank_v]["hexes"]) == 2
    e = g.ir["board"]["vertices"][bank_v]["edges"][0]
    put(s, 0, "road", e)
    set_hand(s, 0, lumber=1, brick=1, wool=1, grain=1)
    act(s, f"build settlement {bank_v}")
    assert gold(s, 0) == 1


def test_riv_29_upgrading_a_river_settlement_pays_nothing() -> None:
    """RIV-29: upgrading a river-bank settlement to a city pays no gold (seed 000)."""
    g = game()
    s = main(g)
    v = vertex(g, 0, 0, "N")
    put(s, 0, "settlement", v)
    set_hand(s, 0, grain=2, ore=3)
    act(s, f"build city {v}")
    assert gold(s, 0) == 0 and s.v_kind[v] == kind(g, "city")


# ---- bridges -------------------------------------------------------------------------------------
def bridge_state(with_=()):
    """Player 0 owns a settlement and a road ending at the mouth of the western swamp."""
    g = game(*with_)
    s = main(g)
    site = edge(g, -1, -1, "W")              # the western mouth
    a, b = g.ir["board"]["edges"][site]["vertices"]
    put(s, 0, "settlement", a)
    return g, s, site, a, b


def test_riv_30_riv_33_a_bridge_costs_2_brick_1_lumber_and_pays_3_gold() -> None:
    """RIV-30, RIV-33: a bridge costs 2 brick + 1 lumber and pays its builder 3 gold (seed 000)."""
    g, s, site, _, _ = bridge_state()
    set_hand(s, 0, brick=1, lumber=1)
    assert f"build bridge {site}" not in texts(s)
    set_hand(s, 0, brick=2, lumber=1, grain=1)
    act(s, f"build bridge {site}")
    assert s.hand[0] == [0, 0, 0, 1, 0] and gold(s, 0) == 3


def test_riv_31_a_bridge_joins_the_players_own_road_or_building() -> None:
    """RIV-31: a bridge must connect to one of the player's own settlements or roads (seed 000,
    [juergs.ch]): another player's building does not do."""
    g, s, site, a, b = bridge_state()
    set_hand(s, 1, brick=2, lumber=1)
    s.cur = 1
    s._legal = None
    assert f"build bridge {site}" not in texts(s)
    far = vertex(g, 0, -1, "NW")
    road = next(e for e in s.board.vertex_edges[far] if e != edge(g, 0, -1, "W"))
    put(s, 1, "road", road)
    assert f"build bridge {edge(g, 0, -1, 'W')}" in texts(s)


def test_riv_32_bridges_only_on_bridge_sites() -> None:
    """RIV-32: a bridge may only be built on a bridge site (seed 000)."""
    g, s, site, a, b = bridge_state()
    set_hand(s, 0, brick=6, lumber=3)
    for e in s.board.vertex_edges[a]:
        if e != site:
            put(s, 0, "road", e)
    bridges = [int(t.split()[-1]) for t in texts(s) if t.startswith("build bridge")]
    assert bridges == [site]
    assert all(e in feature(g, "edge", "bridge_site") for e in bridges)


def test_riv_34_a_bridge_counts_for_longest_road() -> None:
    """RIV-34: a bridge counts as a road for Longest Road (seed 000): 4 roads + 1 bridge = 5."""
    g = game()
    s = main(g)
    site = edge(g, 0, -1, "W")
    a, b = g.ir["board"]["edges"][site]["vertices"]
    # Two roads on each side of the crossing, in a line through the bridge.
    path = [a]
    for _ in range(2):
        nxt = next(e for e in s.board.vertex_edges[path[-1]]
                   if e != site and s.e_owner[e] < 0 and e not in feature(g, "edge", "bridge_site"))
        put(s, 0, "road", nxt)
        path.append(next(x for x in s.board.edge_vertices[nxt] if x != path[-1]))
    path = [b]
    for _ in range(2):
        nxt = next(e for e in s.board.vertex_edges[path[-1]]
                   if e != site and s.e_owner[e] < 0 and e not in feature(g, "edge", "bridge_site"))
        put(s, 0, "road", nxt)
        path.append(next(x for x in s.board.edge_vertices[nxt] if x != path[-1]))
    assert holders(s, "longest_road") == []
    set_hand(s, 0, brick=2, lumber=1)
    act(s, f"build bridge {site}")
    assert holders(s, "longest_road") == [0]


def test_riv_35_a_bridge_reaches_a_new_settlement_spot() -> None:
    """RIV-35: a bridge counts as a road for connecting a new settlement ([CatanGame rules
    catalogue]): the far end of a bridge is a legal settlement spot."""
    g = game()
    s = main(g)
    site = edge(g, 0, -1, "W")
    a, b = g.ir["board"]["edges"][site]["vertices"]
    put(s, 0, "settlement", a)
    set_hand(s, 0, brick=4, lumber=3, wool=1, grain=1)
    assert f"build settlement {b}" not in texts(s)
    # b is next to a: the distance rule forbids it; one more path beyond the bridge reaches a spot.
    act(s, f"build bridge {site}")
    beyond = next(e for e in s.board.vertex_edges[b] if e != site and e not in feature(g, "edge", "bridge_site"))
    act(s, f"build road {beyond}")
    far = next(x for x in s.board.edge_vertices[beyond] if x != b)
    assert f"build settlement {far}" in texts(s)
    assert s.e_kind[site] == kind(g, "bridge")


def test_riv_36_at_most_three_bridges() -> None:
    """RIV-36: a player may build at most 3 bridges (seed 000)."""
    g = game()
    s = main(g)
    sites = sorted(feature(g, "edge", "bridge_site"))
    for e in sites:
        put(s, 0, "settlement", s.board.edge_vertices[e][0]) if s.v_owner[s.board.edge_vertices[e][0]] < 0 \
            and not s.v_blocked[s.board.edge_vertices[e][0]] else None
    set_hand(s, 0, brick=19, lumber=19)
    built = 0
    while any(t.startswith("build bridge") for t in texts(s)):
        act(s, next(t for t in texts(s) if t.startswith("build bridge")))
        built += 1
    assert built == 3 and s.supply[0][kind(g, "bridge")] == 0


def test_riv_37_road_building_never_places_a_bridge() -> None:
    """RIV-37: the Road Building card can never place a bridge (seed 000)."""
    g, s, site, a, b = bridge_state()
    give_card(s, 0, "road_building")
    s.played_this_turn = 0
    act(s, "play road_building")
    assert s.prompts and s.prompts[-1].kind == PLACE_FREE
    options = texts(s)
    assert options and all(t.startswith("build road") for t in options)
    assert f"build road {site}" not in options


@pytest.mark.parametrize("q,r", [(2, -1), (0, 2)])
def test_river_hexes_are_where_the_header_says(q: int, r: int) -> None:
    """RIV-17: the reconstructed layout in the file is the one the header describes: the long
    river's source is in the east, the short river's swamp in the south-east."""
    g = game()
    h = hex_at(g, q, r)
    assert h in feature(g, "hex", "river")
    assert geometry.distance((q, r), (0, 0)) == 2

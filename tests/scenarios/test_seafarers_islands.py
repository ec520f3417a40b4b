"""Special VP for settling foreign areas, played: Heading for New Shores, The Four Islands and
Through the Desert (SF-51 … SF-55, SF-NS-08, SF-4I-03, SF-4I-04, SF-TTD-03 … SF-TTD-05, SF-09)."""

from __future__ import annotations

from tests.engine.helpers import act, give, put, texts
from tests.scenarios.seafarers_kit import compiled, counter, game, main

NS, FI, TD = "new_shores", "four_islands", "through_the_desert"


def corners_of(s, ir: dict, area: str, only: bool = True) -> list[int]:
    """Intersections touching a hex of the named hex set (and, with ``only``, no other land)."""
    hexes = set(ir["board"]["features"]["hexes"][area])
    return [v for v in range(s.board.n_vertices) if set(s.board.vertex_hexes[v]) & hexes
            and (not only or set(s.board.vertex_hexes[v]) <= hexes)]


def apart(s, vs: list[int], n: int) -> list[int]:
    """``n`` of ``vs`` two paths apart or more (the distance rule)."""
    got: list[int] = []
    for v in vs:
        if all(w not in s.board.vertex_adjacent[v] and w != v for w in got):
            got.append(v)
    return got[:n]


def test_first_settlement_on_a_foreign_island_earns_two_special_vp_once() -> None:
    """SF-53, SF-54, SF-NS-08, SF-51, SF-52: the first settlement a player builds on a small
    island earns 2 special VP (counted in his VP, public); his second there earns nothing; the
    chits stay when it becomes a city; another player's first there earns him 2 as well."""
    ir = compiled(NS, "new_shores_4")
    s = main(NS)
    home = corners_of(s, ir, "main")[0]
    put(s, 0, "settlement", home)
    put(s, 1, "settlement", corners_of(s, ir, "main")[-1])
    first, second, third = apart(s, corners_of(s, ir, "islet_north_east"), 3)
    vp_before = s.vp(0)
    put(s, 0, "settlement", first)
    assert s.vp(0) == vp_before + 1 + 2                 # the settlement and its 2 chits
    assert counter(s, 0, "special_vp") == 2
    put(s, 0, "settlement", second)
    assert counter(s, 0, "special_vp") == 2
    put(s, 0, "city", first)
    assert counter(s, 0, "special_vp") == 2
    put(s, 1, "settlement", third)
    assert counter(s, 1, "special_vp") == 2
    assert s.vp(0) == vp_before + 1 + 1 + 2 + 1        # city, second settlement, chits


def test_the_home_island_pays_nothing_and_set_up_settlements_none() -> None:
    """SF-NS-08, SF-53: the main island is every player's home (no bonus there), and set-up
    settlements earn none."""
    ir = compiled(NS, "new_shores_3")
    g = game(NS, 3, "new_shores_3")
    s = main(NS, 3, "new_shores_3")
    a, b = apart(s, corners_of(s, ir, "main"), 2)
    put(s, 0, "settlement", a)
    put(s, 0, "settlement", b)
    assert counter(s, 0, "special_vp") == 0
    s0 = g.new_initial_state(0)
    spot = next(a for a in s0.legal_actions())
    s0.apply_action(spot)
    assert counter(s0, 0, "special_vp") == 0


def test_four_islands_set_up_anywhere_home_islands_pay_nothing() -> None:
    """SF-4I-03, SF-4I-04: set-up settlements may go on any island; the islands of a player's
    set-up settlements are his home (no bonus there later), every other island pays 2 once."""
    ir = compiled(FI, "four_islands_4")
    g = game(FI, 4, "four_islands_4")
    s0 = g.new_initial_state(0)
    spots = {a.at for a in s0.legal_actions()}
    for island in ("island_north_west", "island_north_east", "island_south_west", "island_south_east"):
        assert spots & set(corners_of(s0, ir, island))
    s = main(FI)
    nw = apart(s, corners_of(s, ir, "island_north_west"), 2)
    s.phase, setup_phase = 0, s.phase                    # a set-up settlement on north-west
    put(s, 0, "settlement", nw[0])
    s.phase = setup_phase
    put(s, 0, "settlement", nw[1])                       # home island: nothing
    assert counter(s, 0, "special_vp") == 0
    put(s, 0, "settlement", corners_of(s, ir, "island_south_east")[0])
    assert counter(s, 0, "special_vp") == 2


def test_through_the_desert_set_up_on_the_main_part_only() -> None:
    """SF-TTD-03: set-up settlements go on the main part, never on the strip or a small island."""
    ir = compiled(TD, "through_the_desert_3")
    s0 = game(TD, 3, "through_the_desert_3").new_initial_state(0)
    spots = {a.at for a in s0.legal_actions()}
    main_hexes = set(ir["board"]["features"]["hexes"]["main"])
    away = {h for name in ("strip", "islet_north_east", "islet_east", "islet_south_east")
            for h in ir["board"]["features"]["hexes"][name]}
    assert spots and all(set(s0.board.vertex_hexes[v]) & main_hexes for v in spots)
    assert not any(set(s0.board.vertex_hexes[v]) & away for v in spots)


def test_the_strip_and_each_islet_are_separate_foreign_areas() -> None:
    """SF-TTD-04, SF-55: the strip and each small island pay 2 special VP to a player's first
    settlement there, each apart; the islet of a single gold field is an island like any other."""
    ir = compiled(TD, "through_the_desert_3")
    s = main(TD, 3, "through_the_desert_3")
    put(s, 0, "settlement", corners_of(s, ir, "main")[0])
    put(s, 0, "settlement", corners_of(s, ir, "strip", only=False)[0])
    assert counter(s, 0, "special_vp") == 2
    gold_islet = corners_of(s, ir, "islet_east")
    assert [s.board.hex_terrain[h] for h in ir["board"]["features"]["hexes"]["islet_east"]] == ["gold_field"]
    put(s, 0, "settlement", gold_islet[0])
    assert counter(s, 0, "special_vp") == 4
    put(s, 0, "settlement", corners_of(s, ir, "islet_south_east")[0])
    assert counter(s, 0, "special_vp") == 6


def test_roads_cross_the_deserts_to_the_strip() -> None:
    """SF-TTD-05, SF-09: deserts are land: a road runs on the path between two deserts of the
    belt, so the strip is reached over land."""
    ir = compiled(TD, "through_the_desert_3")
    s = main(TD, 3, "through_the_desert_3")
    belt = set(ir["board"]["features"]["hexes"]["desert_belt"])
    between = next(e["id"] for e in ir["board"]["edges"] if set(e["hexes"]) <= belt and len(e["hexes"]) == 2)
    end = ir["board"]["edges"][between]["vertices"][0]
    put(s, 0, "settlement", end)
    give(s, 0, lumber=1, brick=1)
    assert f"build road {between}" in texts(s)
    act(s, f"build road {between}")
    assert s.e_owner[between] == 0

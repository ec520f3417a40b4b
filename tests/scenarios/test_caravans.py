"""scenarios/caravans.catan through the engine: oasis board, robber, camels and caravans, scoring (CAR-01..29, 39..44)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from catan_dsl.engine.rules.chains import ChainExtended
from tests.engine.helpers import act, give, put, texts
from tests.scenarios.test_caravans_kit import (
    CARAVANS,
    compiled,
    far_end,
    game,
    head,
    instance_spots,
    main,
    oasis,
    oasis_edges,
    place,
    spots,
    vertex,
)

SEEDS = range(8)


def search(s, ok, depth: int, insts=(0,)):
    """A state reached by extending the given caravans (at most ``depth`` camels) where ``ok``."""
    if ok(s):
        return s
    if depth == 0:
        return None
    for e, i in s.game.rules.chains.steps(s, 0):
        if i in insts:
            c = s.clone()
            place(c, e)
            found = search(c, ok, depth - 1, insts)
            if found is not None:
                return found
    return None


# ---- components and board -------------------------------------------------------------------
def test_car_01_08_twenty_two_camels_start_beside_the_board() -> None:
    """CAR-01, CAR-08: 22 camels, all beside the board at the start (seed 000)."""
    g = game()
    s = g.new_initial_state(0)
    assert s.rules_state.chains[0] == 22 and g.rules.chains.specs[0].supply == 22
    assert not any(g.rules.chains.piece_at(s.rules_state.chains, e) >= 0 for e in range(s.board.n_edges))


@pytest.mark.parametrize("seed", SEEDS)
def test_car_02_03_04_the_oasis_replaces_the_desert_in_the_centre(seed: int) -> None:
    """CAR-02, CAR-03, CAR-04: the oasis takes the desert's place exactly in the centre, without a
    token;
    the other 18 hexes and tokens are the base game's (seed 000)."""
    g = game()
    s = g.new_initial_state(seed)
    h = oasis(s)
    assert s.board.hex_terrain[h] == "oasis" and s.board.hex_numbers[h] == ()
    assert s.board.hex_resource[h] < 0
    terr = Counter(t for i, t in enumerate(s.board.hex_terrain) if i != h)
    assert terr == Counter(forest=4, pasture=4, fields=4, hills=3, mountains=3)
    assert "desert" not in s.board.hex_terrain
    tokens = sorted(n for i, ns in enumerate(s.board.hex_numbers) if i != h for n in ns)
    assert tokens == sorted(compiled()["board"]["numbers"]["sequence"])
    assert all(s.board.hex_numbers[i] for i in range(s.board.n_hexes) if i != h)


def test_car_05_06_20_21_three_arrows_one_path_each() -> None:
    """CAR-05, CAR-06, CAR-20, CAR-21: three arrows on the oasis; before any camel exactly 3
    places are legal, each the one path leaving an arrow's corner outward, and the camel faces
    away from the oasis (seed 000, example 1)."""
    g = game()
    s = main(g)
    corners = [vertex(s, 0, 0, c) for c in ("N", "SE", "SW")]
    legal = spots(s)
    assert len(legal) == 3
    for e in legal:
        assert e not in oasis_edges(s)
        a, b = s.board.edge_vertices[e]
        tail = a if a in corners else b
        assert tail in corners
        assert oasis(s) not in s.board.vertex_hexes[far_end(s, e, tail)]
    assert sorted(v for e in legal for v in s.board.edge_vertices[e] if v in corners) == sorted(corners)
    place(s, legal[0])
    ev = [e for e in s.drain_events() if isinstance(e, ChainExtended)][-1]
    assert oasis(s) in s.board.vertex_hexes[ev.tail] and oasis(s) not in s.board.vertex_hexes[ev.head]


def test_car_07_header_says_the_arrows_are_reconstructed() -> None:
    """CAR-07 (decision #10): the header comment says the arrow positions are reconstructed and why."""
    head_lines = Path(CARAVANS).read_text(encoding="utf-8").split("scenario caravans")[0]
    assert "RECONSTRUCTED" in head_lines and "decision #10" in head_lines
    assert "arrow" in head_lines and "no source" in head_lines


def test_car_09_10_robber_off_board_then_only_numbered_hexes() -> None:
    """CAR-09, CAR-10: the robber starts beside the board; at the first 7 it may go to any
    numbered hex but never to the oasis (seed 000)."""
    g = game()
    s = g.new_initial_state(3)
    assert s.robber == -1
    s = main(g)
    s.prompts.clear()
    from catan_dsl.engine.base.turn_flow import start_robber
    start_robber(s, 0, discards=False)
    s._legal = None
    moves = texts(s)
    targets = {int(t.split()[-1]) for t in moves}
    assert targets == set(range(s.board.n_hexes)) - {oasis(s)}


# ---- when a camel is placed -----------------------------------------------------------------
def _built_then_end(s, builds: list[str]) -> None:
    s.rules_state.built_turn = False          # the scripted pieces put before were not built this turn
    for b in builds:
        act(s, b)
    act(s, "end turn")


def _settlement_spot(s, p: int = 0) -> tuple[int, int]:
    """A road edge + vertex where ``p`` can build a settlement after one road (far from the oasis)."""
    v0 = vertex(s, -2, 2, "S")
    put(s, p, "settlement", v0)
    e = s.board.vertex_edges[v0][0]
    put(s, p, "road", e)
    u = far_end(s, e, v0)
    e2 = next(x for x in s.board.vertex_edges[u] if x != e)
    put(s, p, "road", e2)
    return e2, far_end(s, e2, u)


def test_car_11_a_settlement_built_in_the_turn_triggers_a_vote() -> None:
    """CAR-11: after a turn in which the player built a settlement, a camel is placed by vote (seed 000)."""
    g = game()
    s = main(g)
    _, v = _settlement_spot(s)
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    _built_then_end(s, [f"build settlement {v}"])
    assert s.prompts and s.prompts[-1].kind == "rule_vote" and s.current_player() == 0
    assert sorted(int(t.split()[-1]) for t in texts(s)) == spots(s)


def test_car_11_a_city_upgrade_triggers_a_vote_but_roads_do_not() -> None:
    """CAR-11: upgrading to a city also brings a camel; a turn with only a road does not (seed 000)."""
    g = game()
    s = main(g)
    v = vertex(s, -2, 2, "S")
    put(s, 0, "settlement", v)
    e = s.board.vertex_edges[v][0]
    give(s, 0, lumber=1, brick=1)
    _built_then_end(s, [f"build road {e}"])
    assert not any(p.kind == "rule_vote" for p in s.prompts)
    s = main(g)
    put(s, 0, "settlement", v)
    give(s, 0, grain=2, ore=3)
    _built_then_end(s, [f"build city {v}"])
    assert s.prompts[-1].kind == "rule_vote"


def test_car_12_one_camel_however_many_buildings() -> None:
    """CAR-12: a settlement and a city in one turn still place exactly one camel (seed 000)."""
    g = game()
    s = main(g)
    _, v = _settlement_spot(s)
    w = vertex(s, 2, -2, "N")
    put(s, 0, "settlement", w)
    give(s, 0, lumber=1, brick=1, wool=1, grain=3, ore=3)
    _built_then_end(s, [f"build settlement {v}", f"build city {w}"])
    n = s.game.n_real
    for _ in range(n):
        act(s, f"choose edge {spots(s)[0]}")
        act(s, "choose bid 0")
    assert s.rules_state.chains[0] == 21 and not any(p.kind == "rule_vote" for p in s.prompts)


def test_car_13_setup_buildings_bring_no_camel() -> None:
    """CAR-13: the settlements of the setup phase trigger no vote and no camel (seed 000)."""
    import random
    g = game()
    s = g.new_initial_state(5)
    rng = random.Random(5)
    while s.phase == 0 or s.prompts and s.prompts[-1].kind == "rule_vote":
        a = s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0]
        s.apply_action(a)
        assert not any(p.kind == "rule_vote" for p in s.prompts)
    assert s.rules_state.chains[0] == 22


# ---- placing camels ---------------------------------------------------------------------------
def test_car_14_17_18_19_camels_on_paths_share_them_with_roads() -> None:
    """CAR-14, CAR-17, CAR-18, CAR-19: a camel stands on a path; a path holds one camel; a camel
    may join a road and a road may be built beside a camel (seed 000, [ultraboardgames])."""
    g = game()
    s = main(g)
    first = spots(s)
    a, b = s.board.edge_vertices[first[0]]
    corner = a if oasis(s) in s.board.vertex_hexes[a] else b
    put(s, 1, "settlement", corner)
    put(s, 1, "road", first[0])                        # CAR-18: the path already holds a road
    assert first[0] in spots(s)
    place(s, first[0])
    assert s.e_owner[first[0]] == 1 and first[0] not in spots(s)   # CAR-17
    nxt = spots(s)[0] if spots(s)[0] not in first else [e for e in spots(s) if e not in first][0]
    place(s, nxt)
    s2 = main(g)
    place(s2, first[1])
    a, b = s2.board.edge_vertices[first[1]]
    corner = a if oasis(s2) in s2.board.vertex_hexes[a] else b
    put(s2, 0, "settlement", corner)
    give(s2, 0, lumber=1, brick=1)
    assert f"build road {first[1]}" in texts(s2)      # CAR-19


def test_car_15_16_22_the_next_camel_adjoins_the_head_no_branching() -> None:
    """CAR-15, CAR-16, CAR-22: after the first camel of one caravan there are 4 places: the 2
    paths at its head and the 2 unused arrows; none at its tail (seed 000, example 2)."""
    g = game()
    s = main(g)
    first = spots(s)
    place(s, first[0])
    h = head(s, 0)
    legal = spots(s)
    assert len(legal) == 4
    assert set(first[1:]) <= set(legal)
    cont = [e for e in legal if e not in first]
    assert len(cont) == 2 and all(h in s.board.edge_vertices[e] for e in cont)
    place(s, cont[0])
    h2 = head(s, 0)
    # CAR-16: the caravan only grows at its new head, never from the old one.
    assert all(h2 in s.board.edge_vertices[e] for e in instance_spots(s, 0))
    assert cont[1] not in spots(s) or h2 in s.board.edge_vertices[cont[1]]


def test_car_23_three_open_caravans_offer_six_places() -> None:
    """CAR-23: each started, open caravan offers 2 places — 6 with all three under way (seed 000)."""
    g = game()
    s = main(g)
    for e in list(spots(s)):
        place(s, e)
    legal = spots(s)
    assert len(legal) == 6
    assert Counter(i for _, i in s.game.rules.chains.steps(s, 0)) == Counter({0: 2, 1: 2, 2: 2})


def test_car_24_25_first_camels_avoid_the_oasis_later_ones_may_run_along_it() -> None:
    """CAR-24, CAR-25: no first camel lies along the oasis border, but a caravan that curves
    back to the oasis may then run along it (seed 000)."""
    g = game()
    s = main(g)
    assert not set(spots(s)) & oasis_edges(s)
    found = search(s, lambda c: bool(set(instance_spots(c, 0)) & oasis_edges(c)), 6)
    assert found is not None
    e = sorted(set(instance_spots(found, 0)) & oasis_edges(found))[0]
    place(found, e)
    assert e in oasis_edges(found)


def test_car_26_caravans_may_run_along_the_coast() -> None:
    """CAR-26: a caravan that reaches the coast may continue along it (seed 000)."""
    g = game()
    s = main(g)
    coast = {e for e in range(s.board.n_edges) if g.rules.coast["edge"][e]}
    found = search(s, lambda c: bool(set(instance_spots(c, 0)) & coast), 4)
    assert found is not None
    place(found, sorted(set(instance_spots(found, 0)) & coast)[0])


def test_car_27_a_caravan_ends_when_no_camel_fits() -> None:
    """CAR-27: a caravan whose head has no free path has ended, while the others go on (seed 000)."""
    g = game()
    s = main(g)
    place(s, spots(s)[0])
    found = search(s, lambda c: not instance_spots(c, 0), 8)
    assert found is not None and found.rules_state.chains[0] > 0
    assert spots(found)                                  # the other caravans still offer places
    assert all(i != 0 for _, i in g.rules.chains.steps(found, 0))


def test_car_28_all_caravans_end_when_the_camels_run_out() -> None:
    """CAR-28: after the 22nd camel no place is legal, though heads are still open (seed 000)."""
    g = game()
    s = main(g)
    n = 0
    while s.rules_state.chains[0] > 0:
        legal = spots(s)
        assert legal
        # Keep caravans open: prefer a place after which the most places remain.
        best = max(legal, key=lambda e: (len(spots(_after(s, e))), -e))
        place(s, best)
        n += 1
    assert n == 22 and spots(s) == []
    s.rules_state.chains[0] = 1
    assert spots(s)                                      # only the supply stopped them


def test_car_29_caravans_meeting_at_one_spot_merge() -> None:
    """CAR-29: two caravans whose heads meet at one intersection go on as one caravan with
    the next camel placed there (seed 000)."""
    g = game()
    s = main(g)
    found = search(s, lambda c: c.rules_state.chains[0] < 22 and head(c, 0) == head(c, 1)
                   and c.rules_state.chains[g.rules.chains.base + 3 * 1 + 1] > 0 and instance_spots(c, 0), 7,
                   insts=(0, 1))
    assert found is not None
    meet = head(found, 0)
    e = instance_spots(found, 0)[0]
    ch = g.rules.chains
    assert ch.chain_of(found, e) == 0
    place(found, e)
    ev = [x for x in found.drain_events() if isinstance(x, ChainExtended)][-1]
    assert ev.tail == meet and ev.merged == (1,)
    # One caravan now: its pieces all report the same chain, and it grows from one head.
    assert {ch.chain_of(found, x) for x in range(found.board.n_edges)
            if ch.piece_at(found.rules_state.chains, x) in (0, 1)} == {0}
    assert not instance_spots(found, 1)


def _after(s, e: int):
    c = s.clone()
    place(c, e)
    c.rules_state.chains[0] += 1
    return c


# ---- effects and victory ----------------------------------------------------------------------
def _camel_path(s, n: int) -> list[int]:
    """Place ``n`` camels of the first caravan in a row; their paths."""
    out = []
    for _ in range(n):
        e = instance_spots(s, 0)[0]
        place(s, e)
        out.append(e)
    return out


def test_car_39_40_roads_beside_camels_count_double_for_longest_road() -> None:
    """CAR-39, CAR-40: a road on a camel path counts as 2, so 3 road pieces (2 beside camels)
    make a route of 5 and win Longest Road (seed 000)."""
    g = game()
    s = main(g)
    path = _camel_path(s, 3)
    put(s, 1, "road", path[0])
    put(s, 1, "road", path[1])
    put(s, 1, "road", path[2])
    act(s, "end turn")
    si = g.rules.special_index["longest_road"]
    assert s.measure[si][1] == 6 and s.holders[si] == 1
    s2 = main(g)
    path = _camel_path(s2, 2)
    put(s2, 1, "road", path[0])
    put(s2, 1, "road", path[1])
    e3 = next(e for e in s2.board.vertex_edges[head(s2, 0)] if e not in path)
    put(s2, 1, "road", e3)
    act(s2, "end turn")
    assert s2.measure[si][1] == 5 and s2.holders[si] == 1


def test_car_41_42_43_buildings_between_two_camels_score_one_more() -> None:
    """CAR-41, CAR-42, CAR-43 (decision #8): a settlement touching two camel paths is worth 2 VP, a
    city 3;
    one at a caravan's open head (one camel path) gets nothing extra (seed 000)."""
    g = game()
    s = main(g)
    path = _camel_path(s, 2)
    a, b = s.board.edge_vertices[path[0]]
    mid = next(v for v in s.board.edge_vertices[path[1]] if v in (a, b))
    tip = head(s, 0)
    put(s, 1, "settlement", mid)
    assert s.vp(1) == 2 and g.rules.vp_at(s, "vertex", mid) == 2
    put(s, 1, "city", mid)
    assert s.vp(1) == 3
    put(s, 2, "settlement", tip)
    assert s.vp(2) == 1                                   # CAR-43: the open head


def test_car_44_twelve_vp_to_win() -> None:
    """CAR-44: Caravans is won at 12 VP on one's own turn (seed 000)."""
    g = game()
    s = main(g)
    assert g.rules.target(s, 0) == 12
    s.card_vp[0] = 11
    s._after()
    assert not s.is_terminal()
    s.card_vp[0] = 12
    s._after()
    assert s.winner() == 0


def test_combo_hm_car_01_with_harbormaster_thirteen() -> None:
    """COMBO-HM-CAR-01: Caravans with Harbormaster is won at 13 VP (seed 000)."""
    g = game("harbormaster")
    assert g.rules.target(main(g), 0) == 13

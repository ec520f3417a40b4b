"""Traders & Barbarians composed with Caravans and with Fishermen (COMBO-CAR-TB, COMBO-FISH-TB)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, pre_roll, put, texts
from tests.scenarios.tb_kit import begin_turn, counter, plaza, wagon_at, wagon_of

ROOT = Path(__file__).resolve().parents[2] / "scenarios" / "combinations"
TRADE = {"council_castle": "wool", "quarry": "brick", "glassworks": "lumber"}


@lru_cache(maxsize=None)
def combo(name: str, *with_: str) -> Game:
    ir, report = compile_file(str(ROOT / f"{name}.catan"), with_=with_)
    assert ir is not None, report.render_text()
    return Game(ir)


@pytest.mark.parametrize("seed", range(4))
def test_combo_car_tb_01_02_03_04_the_board(seed: int) -> None:
    """COMBO-CAR-TB-01, COMBO-CAR-TB-02, COMBO-CAR-TB-03, COMBO-CAR-TB-04: the base hexes without 1
    hills, 1 pasture, 1 forest and the desert; the trade hexes as usual and the oasis in the
    centre; the base game's tokens on every hex but the oasis, trade hexes included, which produce
    wool (castle), brick (quarry) and lumber (glassworks)."""
    g = combo("caravans+traders_barbarians")
    s = g.new_initial_state(seed)
    terr = Counter(s.board.hex_terrain)
    assert terr == Counter(forest=3, pasture=3, fields=4, hills=2, mountains=3, council_castle=1,
                           quarry=1, glassworks=1, oasis=1)
    centre = next(h["id"] for h in g.ir["board"]["hexes"] if (h["q"], h["r"]) == (0, 0))
    assert s.board.hex_terrain[centre] == "oasis" and not s.board.hex_numbers[centre]
    for t, res in TRADE.items():
        h = s.board.hex_terrain.index(t)
        assert s.board.hex_numbers[h] and g.resources[s.board.hex_resource[h]] == res
    assert sorted(n for ns in s.board.hex_numbers for n in ns) == \
        sorted([5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11])


def test_combo_car_tb_03_a_two_or_twelve_produces_here() -> None:
    """COMBO-CAR-TB-03: with the 2 and the 12 on the board they produce (not rolled again)."""
    g = combo("caravans+traders_barbarians")
    s = empty_main(g)
    pre_roll(s, 0)
    act(s, "roll 12")
    assert not s.is_chance_node() and "end turn" in texts(s)


def test_combo_car_tb_05_06_07_08_09_what_carries_over() -> None:
    """COMBO-CAR-TB-05, COMBO-CAR-TB-06, COMBO-CAR-TB-07, COMBO-CAR-TB-08, COMBO-CAR-TB-09: no
    Longest Road for camels to change; the camel VP modifier stays; camels take no notice of
    barbarians; no settlement on a plaza or a trade hex's sea corner; 15 VP."""
    g = combo("caravans+traders_barbarians")
    assert "longest_road" not in [sp.name for sp in g.specials]
    assert any(r["kind"] == "modifier" and r["what"] == "vp" and "camel" in str(r["when"])
               for r in g.ir["rules"])
    s = empty_main(g)
    spots = set(g.rules.chains.spots(s, 0))
    for e in spots:
        s.rules_state.markers[0][e] = 1                    # barbarians on every camel spot
    s.rules_state.markers_moved()
    assert set(g.rules.chains.spots(s, 0)) == spots
    p = plaza(s, "council_castle")
    assert f"build settlement {p}" not in texts(s)
    assert g.rules.target(s, 0) == 15


def test_combo_fish_tb_01_two_fish_instead_of_the_grain() -> None:
    """COMBO-FISH-TB-01: 2 fish may replace the grain for the wagon's 2 extra movement points —
    once a turn either way, before the trip or part-way through it (TB-57)."""
    from tests.engine.helpers import give
    g = combo("fishermen+traders_barbarians")
    for before_trip in (True, False):
        s = empty_main(g)
        fish = g.rules.deck_index["fish"]
        item = g.rules.decks[fish].items.index("fish2")
        s.rules_state.held[fish][0][item] += 1
        s.rules_state.pile[fish][item] -= 1
        give(s, 0, grain=1)
        wagon_at(s, 0, 20)
        begin_turn(s)
        if not before_trip:
            act(s, f"do travel edge {s.board.vertex_edges[20][0]}")
        act(s, "do feed_oxen_fish pay fish2")
        assert "do feed_oxen" not in texts(s) and not any(t.startswith("do feed_oxen_fish") for t in texts(s))
        assert counter(s, 0, "mp") == (6 if before_trip else 4)


@pytest.mark.parametrize("name", ["caravans+traders_barbarians", "fishermen+traders_barbarians"])
def test_combination_games_play_and_replay(name: str) -> None:
    """Each combination file plays seeded games to their end and replays to the same state."""
    from tests.engine.rules_kit import conserved
    from tests.variants.test_combinations import play_eager
    g = combo(name)
    for seed in range(4):
        s = play_eager(g, seed)
        conserved(s)
    r = g.new_initial_state(3)
    for a in s.history():
        r.apply_action(a)
    assert r == s


# ---- Rivers + Traders & Barbarians ----------------------------------------------------------
RIV = "rivers+traders_barbarians"


@pytest.mark.parametrize("seed", range(4))
def test_combo_riv_tb_01_02_03_04_05_the_board(seed: int) -> None:
    """COMBO-RIV-TB-01, COMBO-RIV-TB-02, COMBO-RIV-TB-03, COMBO-RIV-TB-04, COMBO-RIV-TB-05: the
    base hexes without 2 mountains, 2 hills, 3 pasture, 1 forest, 1 fields and the desert; the
    trade hexes, then two rivers that do not touch; swamps get no token, the trade hexes do (and
    produce wool, brick, lumber); the 2 set aside joins the 12."""
    g = combo(RIV)
    s = g.new_initial_state(seed)
    terr = Counter(s.board.hex_terrain)
    assert terr == Counter(forest=3, fields=3, pasture=3, hills=3, mountains=2, swamp=2,
                           council_castle=1, quarry=1, glassworks=1)
    river = sorted(g.rules.features["hex"]["river"])
    a = [h for h in river if g.ir["board"]["hexes"][h]["r"] == -1]
    b = [h for h in river if h not in a]
    assert len(a) == 4 and len(b) == 3
    assert not any(set(s.board.hex_vertices[x]) & set(s.board.hex_vertices[y]) for x in a for y in b)
    for h in range(s.board.n_hexes):
        t = s.board.hex_terrain[h]
        if t == "swamp":
            assert not s.board.hex_numbers[h]
        if t in TRADE:
            assert s.board.hex_numbers[h] and g.resources[s.board.hex_resource[h]] == TRADE[t]
    both = [h for h in range(s.board.n_hexes) if set(s.board.hex_numbers[h]) == {2, 12}]
    assert len(both) == 1


def test_combo_riv_tb_06_no_settlement_on_a_plaza_or_a_sea_corner() -> None:
    """COMBO-RIV-TB-06: settlements are still not allowed on a plaza or a trade hex's sea corners."""
    g = combo(RIV)
    s = empty_main(g)
    p = plaza(s, "quarry")
    h = s.board.hex_terrain.index("quarry")
    sea_only = [v for v in s.board.hex_vertices[h] if len(s.board.vertex_hexes[v]) == 1]
    for v in [p] + sea_only:
        assert g.rules.forbidden(s, "build", 0, {"kind": "settlement", "at": v}) is not None \
            or f"build settlement {v}" not in texts(s)


def test_combo_riv_tb_07_08_three_gold_and_a_river_city_in_setup_pays() -> None:
    """COMBO-RIV-TB-07, COMBO-RIV-TB-08: 3 gold each at the start; a city built at a river in the
    set-up pays 1 gold too (beside the river settlement's)."""
    g = combo(RIV)
    s = g.new_initial_state(0)
    assert [counter(s, p, "gold") for p in range(4)] == [3] * 4
    river = g.rules.features["hex"]["river"]
    while s.setup_i < len(g.setup_steps):
        legal = s.legal_actions()
        kind = g.piece_names[g.setup_steps[s.setup_i][1]]
        by_river = [a for a in legal if kind == "city"
                    and any(h in river for h in s.board.vertex_hexes[a.at])]
        p = s.current_player()
        before = counter(s, p, "gold")
        s.apply_action(by_river[0] if by_river else legal[0])
        if by_river:
            assert counter(s, p, "gold") == before + 1
            return
    raise AssertionError("no city by a river in set-up")


def test_combo_riv_tb_09_a_bridge_pays_two_gold() -> None:
    """COMBO-RIV-TB-09: building a bridge pays only 2 gold."""
    g = combo(RIV)
    s = empty_main(g)
    site = sorted(g.rules.features["edge"]["bridge_site"])[1]
    v = s.board.edge_vertices[site][0]
    put(s, 0, "settlement", v)
    s.prompts.clear()
    s._legal = None
    from tests.engine.helpers import give
    give(s, 0, brick=2, lumber=1)
    before = counter(s, 0, "gold")
    act(s, f"build bridge {site}")
    assert counter(s, 0, "gold") == before + 2


def test_combo_riv_tb_10_11_12_crossing_a_river() -> None:
    """COMBO-RIV-TB-10, COMBO-RIV-TB-11, COMBO-RIV-TB-12: crossing a river without a bridge costs 3
    movement points, over any bridge 1, and another player's bridge a toll of 2 gold."""
    g = combo(RIV)
    site = sorted(g.rules.features["edge"]["bridge_site"])[1]
    for owner, left, gold in ((None, 1, 3), (0, 3, 3), (1, 3, 1)):
        s = empty_main(g)
        v, w = s.board.edge_vertices[site]
        if owner is not None:
            put(s, owner, "bridge", site)
            s.prompts.clear()
            s._legal = None
        wagon_at(s, 0, v)
        begin_turn(s)
        before = counter(s, 0, "gold")
        act(s, f"do travel edge {site}")
        assert counter(s, 0, "mp") == left and wagon_of(s, 0) == w, owner
        assert counter(s, 0, "gold") == before - (2 if owner == 1 else 0)


# ---- Barbarian Attack + Traders & Barbarians ------------------------------------------------
BATB = "barbarian_attack+traders_barbarians"


@pytest.mark.parametrize("seed", range(4))
def test_combo_ba_tb_01_02_03_04_05_06_the_board(seed: int) -> None:
    """COMBO-BA-TB-01, COMBO-BA-TB-02, COMBO-BA-TB-03, COMBO-BA-TB-04, COMBO-BA-TB-05,
    COMBO-BA-TB-06: Barbarian Attack's hexes without 1 forest, 1 pasture and the desert of the
    outer ring; the quarry in the desert's place, opposite the Barbarian Attack castle; the T&B
    castle on the 12 (producing wool) and the glassworks on the 2 (lumber); the quarry yields
    nothing."""
    g = combo(BATB)
    s = g.new_initial_state(seed)
    coast = g.rules.coast["hex"]
    outer = Counter(t for h, t in enumerate(s.board.hex_terrain) if coast[h])
    inner = Counter(t for h, t in enumerate(s.board.hex_terrain) if not coast[h])
    assert outer == Counter(forest=1, hills=2, pasture=2, mountains=1, fields=2, castle=1,
                            quarry=1, council_castle=1, glassworks=1)
    assert inner == Counter(forest=1, pasture=1, hills=1, mountains=2, fields=2)
    hexes = g.ir["board"]["hexes"]
    at = {s.board.hex_terrain[h["id"]]: (h["q"], h["r"]) for h in hexes}
    assert at["quarry"] == (2, -2) and at["castle"] == (-2, 2)          # opposite corners
    for t, n, res in (("council_castle", 12, "wool"), ("glassworks", 2, "lumber")):
        h = s.board.hex_terrain.index(t)
        assert s.board.hex_numbers[h] == (n,) and g.resources[s.board.hex_resource[h]] == res
    q = s.board.hex_terrain.index("quarry")
    assert s.board.hex_resource[q] < 0 and not s.board.hex_numbers[q]
    coastal_numbers = sorted(n for h in range(s.board.n_hexes) if coast[h]
                             for n in s.board.hex_numbers[h])
    assert coastal_numbers == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]


def test_combo_ba_tb_07_barbarians_start_on_the_castle_and_the_glassworks() -> None:
    """COMBO-BA-TB-07: at the start one barbarian stands on the T&B castle and one on the
    glassworks."""
    import random

    from catan_dsl.bots import make_bot
    g = combo(BATB)
    s = g.new_initial_state(1)
    bot, rng = make_bot("random"), random.Random(1)
    while s.setup_i < len(g.setup_steps):
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else bot.choose(s, s.legal_actions(), rng))
    hex_markers = s.rules_state.markers[g.rules.marker_index["barbarian"]]
    on = {s.board.hex_terrain[h]: n for h, n in enumerate(hex_markers) if n}
    assert on == {"council_castle": 1, "glassworks": 1}


def test_combo_ba_tb_both_games_play_and_replay() -> None:
    """Both scenarios' rules together play seeded games to their end and replay exactly."""
    from tests.engine.rules_kit import conserved
    from tests.variants.test_combinations import play_eager
    g = combo(BATB)
    for seed in range(3):
        s = play_eager(g, seed)
        conserved(s)
    r = g.new_initial_state(2)
    for a in s.history():
        r.apply_action(a)
    assert r == s

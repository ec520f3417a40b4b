"""scenarios/barbarian_attack.catan through the engine: board, components, set-up, landings and
conquest (BA-01..34, BA-75..81, COMBO-HM-BA-01)."""

from __future__ import annotations

from collections import Counter

import pytest

from catan_dsl.engine import CHANCE
from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.helpers import act, give, put, set_hand, texts
from tests.scenarios.ba_kit import (
    BA,
    barbarians,
    castle,
    coastal,
    compiled,
    counter,
    game,
    hex_at,
    main,
    pips,
    set_barbarians,
    set_counter,
)

SEEDS = range(6)


# ---- board ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_ba_05_06_07_08_the_castle_the_desert_and_the_random_hexes(seed: int) -> None:
    """BA-05, BA-06, BA-07, BA-08: the castle in the lower-left corner of the outer ring, the
    desert opposite in the upper-right; 2 forest, 2 hills, 3 pasture, 1 mountains, 2 fields on
    the other coastal places and 1 forest, 1 pasture, 1 hills, 2 mountains, 2 fields inland, at
    random — one base forest unused."""
    s = game().new_initial_state(seed)
    assert s.board.hex_terrain[hex_at(s, -2, 2)] == "castle"
    assert s.board.hex_terrain[hex_at(s, 2, -2)] == "desert"
    coast = s.game.rules.coast["hex"]
    outer = Counter(t for h, t in enumerate(s.board.hex_terrain)
                    if coast[h] and t not in ("castle", "desert"))
    inner = Counter(t for h, t in enumerate(s.board.hex_terrain) if not coast[h])
    assert outer == Counter(forest=2, hills=2, pasture=3, mountains=1, fields=2)
    assert inner == Counter(forest=1, pasture=1, hills=1, mountains=2, fields=2)
    assert outer["forest"] + inner["forest"] == 3          # the base game's 4th forest is unused


def test_the_board_is_random_from_game_to_game() -> None:
    boards = {game().new_initial_state(seed).board.hex_terrain for seed in SEEDS}
    numbers = {game().new_initial_state(seed).board.hex_numbers for seed in SEEDS}
    assert len(boards) > 1 and len(numbers) > 1


@pytest.mark.parametrize("seed", SEEDS)
def test_ba_09_10_coastal_numbers_once_each_and_seven_inland(seed: int) -> None:
    """BA-09, BA-10: the 10 coastal hexes carry 2, 3, 4, 5, 6, 8, 9, 10, 11, 12 once each; the 7
    inner hexes carry 7 of 3, 4, 5, 6, 8, 9, 10, 11."""
    s = game().new_initial_state(seed)
    coast = s.game.rules.coast["hex"]
    on_coast = sorted(n for h, ns in enumerate(s.board.hex_numbers) if coast[h] for n in ns)
    inland = Counter(n for h, ns in enumerate(s.board.hex_numbers) if not coast[h] for n in ns)
    assert on_coast == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    assert sum(inland.values()) == 7 and max(inland.values()) == 1
    assert set(inland) <= {3, 4, 5, 6, 8, 9, 10, 11}


@pytest.mark.parametrize("seed", SEEDS)
def test_ba_11_the_hex_left_of_the_castle_carries_the_4(seed: int) -> None:
    """BA-11: the coastal hex immediately to the left of the castle (seen from the sea: the first
    hex the clockwise battle sweep visits after the castle) carries the 4, on every board."""
    s = game().new_initial_state(seed)
    sweep = compile_expr(["clockwise_from", ["first", "x", ["hexes"],
                                             ["==", ["terrain", ["var", "x"]], "castle"]]],
                         Ctx(s.game.rules, {}))[0]
    left = list(sweep(s, {}))[1]
    assert left == hex_at(s, -2, 1) and left in coastal(s)
    assert s.board.hex_numbers[left] == (4,)
    assert sum(ns.count(4) for ns in s.board.hex_numbers) in (1, 2)   # an inner 4 may be dealt too


def test_ba_11_the_other_tokens_stay_random() -> None:
    """BA-11: pinning the 4 leaves the rest of the deal random (BA-09's coastal set unchanged)."""
    boards = {game().new_initial_state(seed).board.hex_numbers for seed in SEEDS}
    assert len(boards) == len(SEEDS)


def test_ba_12_the_file_says_what_is_reconstructed_and_why() -> None:
    """BA-12: the header says the token map and castle colours are reconstructed, and why."""
    header = BA.read_text(encoding="utf-8").split("scenario barbarian_attack")[0]
    assert "RECONSTRUCTED (decision #10" in header
    for words in ("number-token map", "colours of the castle", "lost", "random"):
        assert words in header


# ---- components -----------------------------------------------------------------------------
def test_ba_01_02_six_knights_each_and_thirty_barbarians() -> None:
    """BA-01, BA-02: 6 knights per player; 30 barbarians."""
    s = game().new_initial_state(0)
    assert s.rules_state.unit_supply[0] == [6, 6, 6, 6]
    assert s.rules_state.marker_supply[0] == 30
    assert compiled()["markers"]["barbarian"]["supply"] == 30


def test_ba_03_04_14_the_scenario_deck_replaces_the_development_cards() -> None:
    """BA-03, BA-04, BA-14: 14 Knighthood, 4 Black Knight, 4 Intrigue, 4 Treason replace the
    development cards; there is no Largest Army."""
    ir = compiled()
    assert ir["development"]["cards"] == {}
    assert "largest_army" not in ir["special_cards"]
    items = ir["decks"]["barbarian_cards"]["items"]
    assert {k: v["count"] for k, v in items.items()} == {
        "knighthood": 14, "black_knight": 4, "intrigue": 4, "treason": 4}
    s = main()
    give(s, 0, grain=1, ore=1, wool=1)
    assert "buy development" not in texts(s) and "do buy_card" in texts(s)


def _after_setup(seed: int = 0):
    from catan_dsl.bots import make_bot
    import random
    g = game()
    s = g.new_initial_state(seed)
    bot, rng = make_bot("random"), random.Random(seed)
    while s.setup_i < len(g.setup_steps) or s.turn == 0 and s.phase == 0:
        a = s.sample_chance(rng) if s.current_player() == CHANCE else bot.choose(s, s.legal_actions(), rng)
        s.apply_action(a)
    return s


def test_ba_13_one_barbarian_each_on_the_2_and_the_12_at_the_start() -> None:
    """BA-13: at the start one barbarian stands on the 2 hex and one on the 12 hex; the rest wait."""
    s = _after_setup()
    on = {h: barbarians(s, h) for h in range(s.board.n_hexes) if barbarians(s, h)}
    numbers = {s.board.hex_numbers[h]: n for h, n in on.items()}
    assert numbers == {(2,): 1, (12,): 1}
    assert s.rules_state.marker_supply[0] == 28


def test_ba_15_75_76_no_robber_a_seven_robs_any_player_after_the_discards() -> None:
    """BA-15, BA-75, BA-76: there is no robber; on a 7 everyone over 7 cards discards half, then
    the roller draws 1 random card (never gold) from a player of his choice, touching or not."""
    g = game()
    s = main(g)
    assert s.robber < 0
    set_hand(s, 0)
    set_hand(s, 2, ore=9)
    set_hand(s, 3, wool=1)
    set_counter(s, 3, "gold", 5)
    from tests.engine.helpers import pre_roll
    pre_roll(s, 0)
    act(s, "roll 7")
    assert texts(s)[0].startswith("discard")              # White discards first
    for _ in range(4):
        act(s, "discard ore")
    assert sorted(texts(s)) == ["rob 2", "rob 3"]           # any player with cards: no robber
    act(s, "rob 3")
    assert s.is_chance_node()
    assert [str(a) for a, _ in s.chance_outcomes()] == ["steal 3 wool"]   # never gold
    act(s, "steal 3 wool")
    assert s.hand[0][g.resources.index("wool")] == 1 and counter(s, 3, "gold") == 5


def test_ba_81_and_harbormaster_the_target() -> None:
    """BA-81, COMBO-HM-BA-01: 12 VP to win; 13 with Harbormaster."""
    assert compiled()["victory"]["target"] == 12
    assert game("harbormaster").rules.target(main(game("harbormaster")), 0) == 13


# ---- set-up ---------------------------------------------------------------------------------
def test_ba_16_17_18_a_settlement_then_a_city_each_with_a_road() -> None:
    """BA-16, BA-17, BA-18: a settlement and a road, then a city and a road; the city yields 1
    card per adjacent producing hex."""
    g = game()
    kinds = [(r, g.piece_names[k]) for p, k, r in g.setup_steps if p == 0]
    assert kinds == [(1, "settlement"), (1, "road"), (2, "city"), (2, "road")]
    s = g.new_initial_state(3)
    while s.setup_i < len(g.setup_steps) and g.setup_steps[s.setup_i][2] == 1:
        s.apply_action(s.legal_actions()[0])
    p = s.current_player()
    spots = {a.at for a in s.legal_actions()}
    taken = {v for v in range(s.board.n_vertices) if s.v_owner[v] >= 0}
    assert taken and not spots & ({u for v in taken for u in s.board.vertex_adjacent[v]} | taken)
    v = max(spots, key=lambda v: len([h for h in s.board.vertex_hexes[v]
                                      if s.board.hex_resource[h] >= 0]))
    before = list(s.hand[p])
    act(s, f"build city {v}")
    assert s.v_kind[v] == g.piece_names.index("city") and s.board_vp[p] == 1 + 2
    got = [a - b for a, b in zip(s.hand[p], before)]
    producing = [h for h in s.board.vertex_hexes[v] if s.board.hex_resource[h] >= 0]
    assert sum(got) == len(producing)                      # one card per hex, not two
    assert g.piece_names[g.setup_steps[s.setup_i][1]] == "road"


# ---- landings -------------------------------------------------------------------------------
def _build_settlement(s, p: int = 0) -> int:
    """Build a settlement for ``p`` on an inland corner, free of barbarians, with a road to it."""
    v = next(u for u in range(s.board.n_vertices)
             if len(s.board.vertex_hexes[u]) == 3 and s.v_owner[u] < 0 and not s.v_blocked[u]
             and not any(barbarians(s, h) for h in s.board.vertex_hexes[u]))
    give(s, p, lumber=1, brick=1, wool=1, grain=1)
    put(s, p, "road", s.board.vertex_edges[v][0])
    act(s, f"build settlement {v}")
    return v


def test_ba_19_20_21_22_26_building_lands_three_different_coastal_numbers() -> None:
    """BA-19, BA-20, BA-21, BA-22, BA-26: building a settlement interrupts the turn for a landing:
    3 different coastal hexes, each picked as two dice pick its number (7s and repeats re-rolled:
    in proportion to its pips among the hexes not yet picked) — only coastal hexes."""
    s = main()
    _build_settlement(s)
    picked: list[int] = []
    for _ in range(3):
        assert s.is_chance_node()
        outcomes = {a.id: p for a, p in s.chance_outcomes()}
        left = [h for h in coastal(s) if h not in picked]
        total = sum(pips(s, h) for h in left)
        assert outcomes == pytest.approx({h: pips(s, h) / total for h in left})
        h = min(outcomes)
        act(s, f"choose hex {h}")
        picked.append(h)
    assert not s.is_chance_node() and len(set(picked)) == 3
    assert [barbarians(s, h) for h in picked] == [1, 1, 1]              # BA-23
    assert sum(pips(s, h) for h in coastal(s)) == 36 - 6                 # every roll but a 7


def test_ba_19_upgrading_to_a_city_lands_too() -> None:
    """BA-19: a city is a building too: it brings a landing at once."""
    s = main()
    v = _build_settlement(s)
    for _ in range(3):
        act(s, f"choose hex {min(a.id for a, _ in s.chance_outcomes())}")
    give(s, 0, grain=2, ore=3)
    act(s, f"build city {v}")
    assert s.is_chance_node()


def test_ba_23_24_a_full_hex_gets_nothing_and_is_not_rerolled() -> None:
    """BA-23, BA-24: each landing number puts 1 barbarian on its hex; a hex already holding 3
    gets nothing, and its number is not rolled again (still 3 picks)."""
    s = main()
    full = coastal(s)[0]
    set_barbarians(s, full, 3)
    _build_settlement(s)
    act(s, f"choose hex {full}")
    assert barbarians(s, full) == 3 and s.is_chance_node()
    others = [a.id for a, _ in s.chance_outcomes()]
    assert full not in others
    act(s, f"choose hex {others[0]}")
    act(s, f"choose hex {[a.id for a, _ in s.chance_outcomes()][0]}")
    assert not s.is_chance_node()
    assert sum(barbarians(s, h) for h in coastal(s)) == 3 + 2


def test_ba_25_no_landing_rolls_with_the_supply_empty() -> None:
    """BA-25: with every barbarian on the board nobody rolls."""
    s = main()
    s.rules_state.marker_supply[0] = 0
    _build_settlement(s)
    assert not s.is_chance_node()


def test_ba_34_desert_and_castle_never_receive_barbarians() -> None:
    """BA-34 (landing side): the desert and the castle carry no number, so no landing picks them."""
    s = main()
    _build_settlement(s)
    offered = {a.id for a, _ in s.chance_outcomes()}
    assert castle(s) not in offered and hex_at(s, 2, -2) not in offered


# ---- conquest -------------------------------------------------------------------------------
def _corner_of(s, h: int, only_conquerable: bool = True) -> int:
    """A coastal corner of ``h`` touching no other land hex."""
    return next(v for v in s.board.hex_vertices[h] if s.board.vertex_hexes[v] == (h,))


def test_ba_27_28_a_hex_with_three_barbarians_is_conquered_and_produces_nothing() -> None:
    """BA-27, BA-28: 3 barbarians conquer a coastal hex (its token counts for nothing): it
    produces nothing; with 2 it still produces."""
    g = game()
    s = main(g)
    h = coastal(s)[0]
    n = s.board.hex_numbers[h][0]
    v = _corner_of(s, h)
    put(s, 1, "settlement", v)
    r = s.board.hex_resource[h]
    for count, gets in ((2, 1), (3, 0)):
        set_barbarians(s, h, count)
        before = s.hand[1][r]
        from tests.engine.helpers import pre_roll
        pre_roll(s, 0)
        act(s, f"roll {n}")
        assert s.hand[1][r] - before == gets


def test_ba_29_30_no_road_on_its_edges_no_settlement_on_its_corners() -> None:
    """BA-29, BA-30: no road may be built on an edge of a conquered hex, no settlement on its
    corners."""
    s = main()
    h = coastal(s)[0]
    v = _corner_of(s, h)
    e = s.board.vertex_edges[v][0]
    put(s, 0, "road", e)
    give(s, 0, lumber=3, brick=3, wool=1, grain=1)
    free_edges = [f for f in s.board.vertex_edges[v] if s.e_owner[f] < 0]
    assert f"build settlement {v}" in texts(s)
    assert any(f"build road {f}" in texts(s) for f in free_edges)
    set_barbarians(s, h, 3)
    assert f"build settlement {v}" not in texts(s)
    assert not any(f"build road {f}" in texts(s) for f in free_edges if h in s.game.rules.edge_hexes[f])


def test_ba_31_32_69_70_a_building_on_conquered_land_only_lies_down_and_stands_up_again() -> None:
    """BA-31, BA-32, BA-69, BA-70: a building bordered only by sea and conquered hexes is worth no
    VP; taking a barbarian away frees the hex and stands it up; a third barbarian lays it down
    again."""
    s = main()
    h = coastal(s)[0]
    v = _corner_of(s, h)
    put(s, 0, "settlement", v)
    assert s.vp(0) == 1
    set_barbarians(s, h, 3)
    assert s.vp(0) == 0
    set_barbarians(s, h, 2)
    assert s.vp(0) == 1
    set_barbarians(s, h, 3)
    assert s.vp(0) == 0


def test_ba_31_34_a_building_touching_a_free_hex_the_castle_or_the_desert_stands() -> None:
    """BA-31, BA-34: a building also touching an unconquered hex — the castle or the desert, which
    are never conquered, included — keeps its VP."""
    s = main()
    c = castle(s)
    v = next(u for u in s.board.hex_vertices[c] if len(s.board.vertex_hexes[u]) == 2)
    other = next(h for h in s.board.vertex_hexes[v] if h != c)
    put(s, 0, "settlement", v)
    set_barbarians(s, other, 3)
    assert s.vp(0) == 1


def test_ba_33_the_harbour_of_a_conquered_building_cannot_be_used() -> None:
    """BA-33: a conquered building's harbour is not usable for bank trades."""
    g = game()
    s = main(g)
    v = next(u for u in range(s.board.n_vertices) if s.board.vertex_harbor[u] is not None
             and s.board.vertex_harbor[u][0] == 3 and len(s.board.vertex_hexes[u]) == 1
             and s.board.hex_numbers[s.board.vertex_hexes[u][0]])
    h = s.board.vertex_hexes[v][0]
    s.rules_state.marker_supply[0] = 0          # no landing to answer
    put(s, 0, "settlement", v)
    set_hand(s, 0, ore=3)
    assert "bank 3 ore for lumber" in texts(s)
    set_barbarians(s, h, 3)
    assert "bank 3 ore for lumber" not in texts(s)


# ---- gold -----------------------------------------------------------------------------------
def test_ba_77_78_two_gold_buy_a_resource_twice_a_turn() -> None:
    """BA-77, BA-78: 2 gold buy 1 resource of one's choice, at most twice per turn."""
    s = main()
    set_counter(s, 0, "gold", 8)
    for _ in range(2):
        act(s, "do buy_with_gold")
        act(s, f"choose resource {s.game.resources.index('ore')}")
    assert counter(s, 0, "gold") == 4 and s.hand[0][s.game.resources.index("ore")] == 2
    assert "do buy_with_gold" not in texts(s)


def test_ba_79_80_gold_by_harbour_trade_and_from_players_never_a_resource() -> None:
    """BA-79, BA-80: 4 of a resource (3 at a usable 3:1 harbour) buy 1 gold; gold changes hands
    in trades; it is a counter, not a resource card, so a 7 or a monopoly never touches it."""
    g = game()
    s = main(g)
    set_hand(s, 0, ore=4)
    act(s, "do sell_for_gold ore")
    assert counter(s, 0, "gold") == 1 and sum(s.hand[0]) == 0
    assert g.ir["counters"]["gold"]["tradeable"] and "gold" not in g.resources



def test_ba_79_the_harbour_discount_on_gold_follows_the_barbarians() -> None:
    """BA-79: 3 of a resource buy 1 gold at a usable 3:1 harbour, and a harbour is not usable
    once its hex is conquered. The discount is kept while nothing on the board moves (it reads
    pieces and barbarians), so it must follow the barbarians both ways, and a clone's own."""
    g = game()
    rule = next(r for r in g.rules.modifiers["cost"])
    assert rule.position_static
    s = main(g)
    v = next(u for u in range(s.board.n_vertices) if s.board.vertex_harbor[u] is not None
             and s.board.vertex_harbor[u][0] == 3 and len(s.board.vertex_hexes[u]) == 1
             and s.board.hex_numbers[s.board.vertex_hexes[u][0]])
    h = s.board.vertex_hexes[v][0]
    s.rules_state.marker_supply[0] = 0          # no landing to answer
    put(s, 0, "settlement", v)
    set_hand(s, 0, ore=3)
    assert "do sell_for_gold ore" in texts(s)
    set_barbarians(s, h, 3)
    assert "do sell_for_gold ore" not in texts(s)
    c = s.clone()
    set_barbarians(c, h, 2)
    assert "do sell_for_gold ore" in texts(c) and "do sell_for_gold ore" not in texts(s)
    set_barbarians(s, h, 1)
    assert "do sell_for_gold ore" in texts(s)


def test_ba_79_a_discounted_sale_is_listed_by_what_it_may_cost_and_pays_the_discount() -> None:
    """BA-79: at a usable 3:1 harbour a sale costs 3. With 5 ore and 2 wool the listing need not
    work the discount out (ore is affordable at 3 or 4, wool at neither), yet the sale still
    pays 3, and without the harbour 4."""
    g = game()
    s = main(g)
    v = next(u for u in range(s.board.n_vertices) if s.board.vertex_harbor[u] is not None
             and s.board.vertex_harbor[u][0] == 3)
    s.rules_state.marker_supply[0] = 0
    put(s, 0, "settlement", v)
    for at_harbour, paid in ((s, 3), (main(g), 4)):
        set_hand(at_harbour, 0, ore=5, wool=2)
        sales = [t for t in texts(at_harbour) if t.startswith("do sell_for_gold")]
        assert sales == ["do sell_for_gold ore"]
        act(at_harbour, "do sell_for_gold ore")
        assert at_harbour.hand[0][g.resources.index("ore")] == 5 - paid

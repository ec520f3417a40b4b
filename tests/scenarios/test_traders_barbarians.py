"""scenarios/traders_barbarians.catan through the engine (issue 14, first version): board and
trade hexes, components, the 7 and the barbarians, the wagon's trip, commodities and the
baggage train (TB-*)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.helpers import act, empty_main, give, pre_roll, put, set_hand, texts
from tests.scenarios.tb_kit import (COMBINATIONS, TB, TRADE, barbarian, counter, enter, game,
                                    plaza, scenario, set_counter, wagon_of)

# ---- board, components ----------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_tb_01_25_26_27_28_29_the_trade_hexes_and_the_random_board(seed: int) -> None:
    """TB-01, TB-25, TB-26, TB-27, TB-28, TB-29: three trade hexes on three corners of the island,
    each with 3 sea sides and no token; the other 16 base hexes (no desert, 1 pasture and 1 fields
    fewer) at random with the tokens but the 2 and the 12."""
    s = game().new_initial_state(seed)
    terr = Counter(s.board.hex_terrain)
    assert {t: terr[t] for t in TRADE} == {"council_castle": 1, "quarry": 1, "glassworks": 1}
    assert Counter({t: n for t, n in terr.items() if t not in TRADE}) == \
        Counter(forest=4, pasture=3, fields=3, hills=3, mountains=3)
    for t in TRADE:
        h = s.board.hex_terrain.index(t)
        sea_sides = sum(1 for e in s.game.rules.hex_edges[h] if s.game.rules.coast["edge"][e])
        assert sea_sides == 3 and not s.board.hex_numbers[h] and s.board.hex_resource[h] < 0
    nums = sorted(n for ns in s.board.hex_numbers for n in ns)
    assert len(nums) == 16 and 2 not in nums and 12 not in nums


def test_tb_02_03_04_63_what_each_building_needs() -> None:
    """TB-02, TB-03, TB-04, TB-63: glass and marble are delivered to the castle, tools to the
    quarry, sand to the glassworks; each building's stack holds its two exports."""
    decks = compiled_decks()
    assert decks == {"castle_goods": {"castle_tools": 6, "castle_sand": 6},
                     "quarry_goods": {"quarry_marble": 6, "quarry_sand": 6},
                     "glassworks_goods": {"glassworks_glass": 6, "glassworks_tools": 6}}
    g = game()
    needs = {"council_castle": ("glass", "marble"), "quarry": ("tools",), "glassworks": ("sand",)}
    for building, goods in needs.items():
        for good in ("glass", "marble", "tools", "sand"):
            s = empty_main(g)
            set_counter(s, 0, good, 1)
            enter(s, plaza(s, building))
            assert (counter(s, 0, "deliveries") == 1) == (good in goods), (building, good)


def compiled_decks() -> dict:
    ir = game().ir
    return {n: {k: v["count"] for k, v in d["items"].items()} for n, d in ir["decks"].items()}


def test_tb_05_06_30_three_stacks_of_twelve_face_down() -> None:
    """TB-05, TB-06, TB-30: 36 commodity tokens in 3 face-down stacks of 12, 6 of each export."""
    ir = game().ir
    assert all(d["hidden"] for d in ir["decks"].values())
    assert sum(sum(d.values()) for d in compiled_decks().values()) == 36


def test_tb_07_08_09_31_32_components_at_the_start() -> None:
    """TB-07, TB-08, TB-09, TB-31, TB-32: one wagon and 5 gold per player, baggage card 1 active,
    3 barbarians."""
    s = game().new_initial_state(0)
    assert s.rules_state.unit_supply[0] == [1, 1, 1, 1]
    assert [counter(s, p, "gold") for p in range(4)] == [5] * 4
    assert [counter(s, p, "baggage") for p in range(4)] == [1] * 4
    assert s.rules_state.marker_supply[0] == 3


def test_tb_10_33_34_83_the_deck_no_longest_road_no_robber_13_vp() -> None:
    """TB-10, TB-33, TB-34, TB-83: the scenario's 25 development cards replace the base deck; no
    Longest Road, no robber; 13 VP. COMBO-HM-TB-01: 14 with Harbormaster."""
    g = game()
    assert sum(g.card_count) == 25
    assert "longest_road" not in [sp.name for sp in g.specials]
    assert g.no_robber and g.rules.target(empty_main(g), 0) == 13
    assert game("harbormaster").rules.target(empty_main(game("harbormaster")), 0) == 14


def test_tb_36_38_39_40_41_plazas_inner_roads_and_where_building_is_allowed() -> None:
    """TB-36, TB-38, TB-39, TB-40, TB-41: a plaza joined by 4 inner paths to the 4 land corners;
    no road on the sea sides; no settlement on the plaza or the sea-only corners; the 4 land
    corners allowed."""
    g = game()
    s = empty_main(g)
    h = s.board.hex_terrain.index("council_castle")
    p = plaza(s, "council_castle")
    assert len(s.board.vertex_edges[p]) == 4
    land_corners = set(s.board.vertex_adjacent[p])
    sea_only = [v for v in s.board.hex_vertices[h] if len(s.board.vertex_hexes[v]) == 1]
    assert len(sea_only) == 2 and not land_corners & set(sea_only)
    corner = sorted(land_corners)[0]
    put(s, 0, "road", s.board.vertex_edges[p][0])
    give(s, 0, lumber=2, brick=2, wool=1, grain=1)
    legal = texts(s)
    assert f"build settlement {p}" not in legal
    assert not any(f"build settlement {v}" in legal for v in sea_only)
    assert not any(f"build road {e}" in legal for e in s.game.rules.hex_edges[h]
                   if s.game.rules.coast["edge"][e])
    road_to = next(e for e in s.board.vertex_edges[p] if corner in s.board.edge_vertices[e])
    s2 = empty_main(g)
    put(s2, 0, "road", road_to)
    give(s2, 0, lumber=1, brick=1, wool=1, grain=1)
    assert f"build settlement {corner}" in texts(s2)


# ---- rolls ----------------------------------------------------------------------------------
def test_tb_45_a_two_or_twelve_is_rolled_again() -> None:
    """TB-45: a roll of 2 or 12 is rolled again."""
    g = game()
    s = empty_main(g)
    pre_roll(s, 0)
    for n in (12, 2):
        act(s, f"roll {n}")
        assert s.is_chance_node() and s.prompts[-1].kind == "roll"      # rolled again
    act(s, "roll 5")
    assert not s.is_chance_node() and "end turn" in texts(s)


def test_tb_46_47_48_a_seven_discards_first_then_moves_a_barbarian_and_robs_the_roads_owner() -> None:
    """TB-46, TB-47, TB-48 with base rule §1 (RULES.md §1.3: "(1) every player holding more than
    7 resource cards discards half; (2) the roller moves the robber"): on a 7 everyone over 7
    cards discards half first; then the roller moves a barbarian to a free path, and put on a
    road it takes a random resource card, never gold, from the road's owner."""
    g = game()
    s = empty_main(g)
    barbarian(s, 10)
    put(s, 2, "road", 30)
    set_hand(s, 0)
    set_hand(s, 1, ore=8)
    set_hand(s, 2, wool=1)
    pre_roll(s, 0)
    act(s, "roll 7")
    assert s.current_player() == 1 and texts(s) == ["discard ore"]    # the discards come first
    for _ in range(4):
        act(s, "discard ore")
    assert sum(s.hand[1]) == 4
    assert texts(s) == ["choose edge 10"]
    act(s, "choose edge 10")
    act(s, "choose edge 30")
    assert s.rules_state.markers[0][30] == 1 and s.rules_state.markers[0][10] == 0
    assert [str(a) for a, _ in s.chance_outcomes()] == ["steal 2 wool"]   # no gold
    act(s, "steal 2 wool")
    assert s.hand[0][g.resources.index("wool")] == 1 and counter(s, 2, "gold") == 5
    assert not s.prompts


@pytest.mark.parametrize("name", ["traders_barbarians", *COMBINATIONS])
def test_tb_47_48_the_discards_are_counted_from_the_hands_at_the_roll(name: str) -> None:
    """TB-47, TB-48 with base rule §1, in T&B and each combination with it (issue 38 5a): Blue
    holds 8 at the roll and is robbed by the barbarian — he still discards 4, before the
    robbery; Red holds 7 and reaches 8 by the card the barbarian brings — he discards
    nothing."""
    g = scenario(name)
    s = empty_main(g)
    barbarian(s, 10)
    put(s, 1, "road", 30)
    set_hand(s, 0, ore=7)
    set_hand(s, 1, wool=8)
    for p in (2, 3):
        set_hand(s, p)
    pre_roll(s, 0)
    s.drain_events()
    act(s, "roll 7")
    kinds = []
    while s.prompts:          # the discards, the barbarian onto Blue's road, its card, the rest
        kinds.append(s.prompts[-1].kind)
        if s.is_chance_node():
            act(s, str(s.chance_outcomes()[0][0]))
            continue
        legal = texts(s)
        act(s, next((x for x in ("choose edge 10", "choose edge 30") if x in legal), legal[0]))
    assert kinds[:4] == ["discard"] * 4 and "discard" not in kinds[4:]
    discarded = [e.player for e in s.drain_events() if type(e).__name__ == "CardsDiscarded"]
    assert discarded == [1] * 4


# ---- the wagon ------------------------------------------------------------------------------


def test_tb_44_the_wagon_starts_at_its_owners_city() -> None:
    """TB-44: each wagon starts at its owner's setup city."""
    from catan_dsl.bots import make_bot
    import random
    g = game()
    s = g.new_initial_state(2)
    bot, rng = make_bot("random"), random.Random(2)
    while s.setup_i < len(g.setup_steps):
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else bot.choose(s, s.legal_actions(), rng))
    city = g.piece_names.index("city")
    for p in range(4):
        v = wagon_of(s, p)
        assert s.v_owner[v] == p and s.v_kind[v] == city


def test_tb_22_24_baggage_upgrades_and_the_fifth_card() -> None:
    """TB-22, TB-24: paying the next card's cost makes it active; the 5th is worth 1 VP."""
    g = game()
    s = empty_main(g)
    give(s, 0, grain=7, wool=5, ore=3)
    for level in range(2, 6):
        act(s, f"do upgrade_{level}")
        assert counter(s, 0, "baggage") == level
    assert s.vp(0) == 1 and not any(t.startswith("do upgrade") for t in texts(s))


def test_tb_76_77_79_82_gold() -> None:
    """TB-76, TB-77, TB-79, TB-82: 2 gold buy a resource, twice a turn; 4 of a resource buy 1
    gold; gold is a counter, not a resource card."""
    g = game()
    s = empty_main(g)
    for _ in range(2):
        act(s, "do buy_with_gold")
        act(s, f"choose resource {g.resources.index('ore')}")
    assert counter(s, 0, "gold") == 1 and "do buy_with_gold" not in texts(s)
    set_hand(s, 0, wool=4)
    act(s, "do sell_for_gold wool")
    assert counter(s, 0, "gold") == 2 and "gold" not in g.resources


@pytest.mark.parametrize("with_", [(), ("harbormaster",), ("tournament",), ("friendly_robber",)],
                         ids=lambda w: "+".join(w) or "alone")
def test_seeded_games_play_to_the_end_and_replay(with_: tuple[str, ...]) -> None:
    """A game is a pure function of IR + seed + choices: seeded games play to their end (a winner
    or the turn cap), resources, cards and counters conserved, and replaying one's actions gives
    the same state (Event Cards and Catan for Two: test_traders_barbarians_combos.py)."""
    from tests.engine.rules_kit import conserved
    from tests.variants.test_combinations import play_eager
    g = game(*with_)
    for seed in range(6):
        s = play_eager(g, seed)
        conserved(s)
        assert sum(s.rules_state.markers[0]) + s.rules_state.marker_supply[0] == 3
    r = g.new_initial_state(5)
    for a in s.history():
        r.apply_action(a)
    assert r == s


# ---- with Event Cards and Catan for Two -----------------------------------------------------
def test_combo_ev_tb_01_02_robber_attack_moves_a_barbarian_after_the_discards() -> None:
    """COMBO-EV-TB-01, COMBO-EV-TB-02: Robber Attack makes everyone over 7 cards discard half and
    the revealer move a barbarian to a free path, with the usual card from a road's owner."""
    g = game("event_cards")
    s = empty_main(g)
    barbarian(s, 10)
    put(s, 2, "road", 30)
    set_hand(s, 1, ore=8)
    set_hand(s, 2, wool=1)
    pre_roll(s, 0)
    act(s, "deal events robber_attack")
    act(s, "choose edge 10")
    act(s, "choose edge 30")
    assert s.rules_state.markers[0][30] == 1 and s.is_chance_node()   # the road owner's card
    act(s, "steal 2 wool")
    while texts(s) and texts(s)[0].startswith("discard"):
        act(s, texts(s)[0])
    assert sum(s.hand[1]) == 4


def test_combo_ev_tb_03_robber_flees_does_nothing() -> None:
    """COMBO-EV-TB-03: Robber Flees has no effect."""
    g = game("event_cards")
    s = empty_main(g)
    pre_roll(s, 0)
    s.drain_events()
    act(s, next(str(a) for a, _ in s.chance_outcomes() if "robber_flees" in str(a)))
    assert not any(type(e).__name__ in ("RobberMoved", "EffectSkipped") for e in s.drain_events())


def test_combo_c42_tb_02_the_token_action_moves_a_barbarian_to_a_free_path() -> None:
    """COMBO-C42-TB-02: the trade-token action moves a barbarian to a path with no road and no
    barbarian."""
    g = game("catan_for_two")
    s = empty_main(g)
    barbarian(s, 10)
    put(s, 1, "road", 11)
    s.prompts.clear()
    s._legal = None
    assert "do robber_to_desert" not in texts(s)
    act(s, "do move_barbarian edge 10")
    offered = {int(t.split()[-1]) for t in texts(s) if t.startswith("choose edge")}
    assert 11 not in offered and 10 not in offered and offered


def test_combo_c42_tb_03_a_settlement_next_to_a_trade_hex_earns_a_token() -> None:
    """COMBO-C42-TB-03: a settlement next to a trade hex earns 1 trade token (set-up too)."""
    g = game("catan_for_two")
    s = empty_main(g)
    h = s.board.hex_terrain.index("council_castle")
    v = next(u for u in s.board.hex_vertices[h] if len(s.board.vertex_hexes[u]) > 1
             and not any(s.board.hex_terrain[x] == "desert" for x in s.board.vertex_hexes[u]))
    tokens = counter(s, 0, "trade_tokens")
    put(s, 0, "settlement", v)
    while s.prompts and not s.is_chance_node() and s.legal_actions():   # the neutral settlement
        s.apply_action(s.legal_actions()[0])
    coast = 1 if g.rules.coast["vertex"][v] else 0
    assert counter(s, 0, "trade_tokens") == tokens + 1 + coast


# ---- cards, set-up, the rest ----------------------------------------------------------------
def test_tb_11_12_the_knight_moves_a_barbarian_and_robs_a_roads_owner() -> None:
    """TB-11, TB-12: the Knight moves a barbarian to another path; put on a road, the player draws
    a random resource card from its owner."""
    from tests.engine.helpers import give_card
    g = game()
    s = empty_main(g)
    barbarian(s, 10)
    put(s, 1, "road", 30)
    set_hand(s, 1, brick=1)
    give_card(s, 0, "knight")
    act(s, "play knight")
    act(s, "choose edge 10")
    act(s, "choose edge 30")
    act(s, "steal 1 brick")
    assert s.rules_state.markers[0][30] == 1 and s.hand[0][g.resources.index("brick")] == 1


def test_tb_13_15_17_18_the_cards_work_like_the_base_games() -> None:
    """TB-13, TB-15, TB-17, TB-18: Road Building builds 2 roads; Quarry, Glassmaking and
    Toolmaking are worth 1 VP each; a card bought this turn waits for the next; one card a turn."""
    from tests.engine.helpers import give_card
    g = game()
    cards = {c.name: c for c in g.cards}
    assert cards["road_building"].effect == "free_pieces" and cards["road_building"].n == 2
    assert all(cards[n].effect == "vp" and cards[n].vp == 1
               for n in ("quarry_card", "glassmaking", "toolmaking"))
    s = empty_main(g)
    give_card(s, 0, "knight", new=True)
    assert "play knight" not in texts(s)
    give_card(s, 0, "swift_journey")
    give_card(s, 0, "knight")
    barbarian(s, 10)
    act(s, "play knight")
    act(s, "choose edge 10")
    act(s, "choose edge 40")
    assert "play swift_journey" not in texts(s)               # one card a turn


def test_tb_23_35_the_header_says_what_is_reconstructed_and_the_upgrade_costs() -> None:
    """TB-23, TB-35: the file says which parts of its layout are reconstructed and why, and the
    upgrade cost of each of baggage cards 2 to 5."""
    text = TB.read_text(encoding="utf-8")
    header = text.split("scenario traders_barbarians")[0]
    assert "RECONSTRUCTED (decision #10" in header and "lost" in header
    for level in range(2, 6):
        assert f'action upgrade_{level} "Baggage card {level} (' in text


def test_tb_49_72_73_the_header_models_no_rule_otherwise_than_the_rules_say() -> None:
    """TB-49, TB-72, TB-73 (issue 44): the header once listed the trip's order and the drive-off
    as "modelled so"; the file now says them as RULES.md does, and no combination file with
    Traders & Barbarians claims otherwise."""
    files = [TB, *(TB.parent / "combinations").glob("*traders_barbarians*.catan")]
    for path in files:
        header = path.read_text(encoding="utf-8").split("\nscenario ")[0].lower()
        assert "modelled" not in header and "simplif" not in header, path.name


def test_tb_37_42_43_inner_roads_and_the_setup() -> None:
    """TB-37, TB-42, TB-43: roads go on the inner paths by the normal rules; set-up is a
    settlement and a road, then a city and a road yielding one card a hex."""
    g = game()
    assert [(r, g.piece_names[k]) for p, k, r in g.setup_steps if p == 0] == \
        [(1, "settlement"), (1, "road"), (2, "city"), (2, "road")]
    assert g.setup_yield_round == 2
    s = empty_main(g)
    p = plaza(s, "council_castle")
    corner = s.board.vertex_adjacent[p][0]
    inner = next(e for e in s.board.vertex_edges[p] if corner in s.board.edge_vertices[e])
    put(s, 0, "settlement", corner)
    give(s, 0, lumber=1, brick=1)
    assert f"build road {inner}" in texts(s)


def test_tb_68_69_70_one_barbarian_a_path_on_roads_or_not_and_roads_under_them() -> None:
    """TB-68, TB-69, TB-70: a path holds at most one barbarian; it may stand on a road or an empty
    path; a road may be built on a path holding one."""
    g = game()
    assert g.ir["markers"]["road_barbarian"]["max"] == 1
    s = empty_main(g)
    put(s, 0, "road", 11)
    barbarian(s, 11)
    barbarian(s, 12)
    assert s.rules_state.markers[0][11] == s.rules_state.markers[0][12] == 1
    give(s, 0, lumber=1, brick=1)
    assert "build road 12" in texts(s)                         # beside road 11, under a barbarian


def test_tb_78_80_81_gold_trades() -> None:
    """TB-78, TB-80, TB-81: gold may be traded between players; a 3:1 harbour sells 3 for 1 gold;
    a 2:1 harbour does not."""
    g = game()
    assert g.ir["counters"]["gold"]["tradeable"]
    s = empty_main(g)
    three = next(h for h in g.ir["board"]["harbors"] if h["ratio"] == 3 and h["resource"] is None)
    two = next(h for h in g.ir["board"]["harbors"] if h["ratio"] == 2)
    s2 = empty_main(g)
    put(s, 0, "settlement", three["vertices"][0])
    put(s2, 0, "settlement", two["vertices"][0])
    for st, price in ((s, 3), (s2, 4)):
        set_hand(st, 0, wool=price)
        act(st, "do sell_for_gold wool")
        assert counter(st, 0, "gold") == 6 and sum(st.hand[0]) == 0


def test_tb_16_a_vp_card_stays_hidden_until_it_wins_the_game() -> None:
    """TB-16: a victory-point card counts in secret (the table sees public VP without it) and
    shows when, with it, its holder reaches the target on his turn — the game ends then."""
    from catan_dsl.engine.rules.expressions import Ctx, compile_expr
    from tests.engine.helpers import give_card
    g = game()
    s = empty_main(g)
    public, _ = compile_expr(["public_vp", ["var", "p"]], Ctx(g.rules, {"p": "player"}))
    give_card(s, 0, "quarry_card")
    assert s.vp(0) == 1 and public(s, {"p": 0}) == 0
    set_counter(s, 0, "deliveries", 11)         # 11 + the card = 12, one short
    act(s, "do buy_with_gold")
    act(s, f"choose resource {g.resources.index('ore')}")
    assert not s.is_terminal()
    set_counter(s, 0, "deliveries", 12)
    act(s, "do buy_with_gold")
    assert not s.is_terminal()                  # the action's choice comes first (issue 39 7a)
    act(s, f"choose resource {g.resources.index('ore')}")   # then the victory check
    assert s.is_terminal() and s.winner() == 0 and s.vp(0) == 13


def test_greedy_bots_travel_deliver_and_upgrade() -> None:
    """With the scenario's `bot_value` hint, four greedy bots drive their wagons to the plazas
    that want their loads: seeded games end with a winner, deliveries made by more than one
    seat, and baggage trains upgraded, about three times a game at least (one game can see
    fewer; bench/knights_and_barbarians.py measures many: 7 upgrades a game over 60)."""
    from catan_dsl.play.playtest import play_game
    g = game()
    upgrades = 0
    for seed in (11, 12, 13):
        final: list = []
        r = play_game(g, ["greedy"] * 4, seed, max_turns=300,
                      observer=lambda state, p, a: final.append(state) if not final else None)
        s = final[0]                 # the game's one state, as it ended
        assert r.winner is not None and not r.capped
        delivered = [counter(s, p, "deliveries") for p in range(4)]
        assert sum(d > 0 for d in delivered) >= 2 and sum(delivered) >= 6
        upgrades += sum(counter(s, p, "baggage") - 1 for p in range(4))   # each starts at 1
    assert upgrades >= 3 * 3


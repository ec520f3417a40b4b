"""scenarios/rivers.catan through the engine: gold, the settler cards, victory, the variant combinations and seeded games (RIV-38..55, COMBO-*-RIV-*)."""

from __future__ import annotations

import pytest

from catan_dsl.engine.prompts import DISCARD, TRADE_RESPONSE
from tests.engine.helpers import act, give_card, kind, pre_roll, set_hand, texts
from tests.engine.rules_kit import conserved, play_random
from tests.scenarios.rivers_kit import (
    VARIANTS,
    edge,
    game,
    gold,
    hex_at,
    holders,
    main,
    put,
    set_gold,
    settle_awards,
    vertex,
)


def counter(s, p: int, name: str) -> int:
    return s.rules_state.counters[p][s.game.rules.counter_index[name]]


# ---- buying and selling with gold -----------------------------------------------------------
def test_riv_38_two_gold_buy_a_resource_of_choice() -> None:
    """RIV-38: a player may buy 1 resource card of his choice for 2 gold (seed 000)."""
    s = main(game())
    set_hand(s, 0)
    set_gold(s, 0, 1)
    assert "do buy_with_gold" not in texts(s)
    set_gold(s, 0, 2)
    act(s, "do buy_with_gold")
    assert sorted(texts(s)) == ["choose brick", "choose grain", "choose lumber", "choose ore", "choose wool"]
    act(s, "choose ore")
    assert gold(s, 0) == 0 and s.hand[0] == [0, 0, 0, 0, 1]


def test_riv_39_at_most_twice_per_turn() -> None:
    """RIV-39: resources may be bought with gold at most twice per turn (seed 000); the next
    turn the limit starts again."""
    s = main(game())
    set_gold(s, 0, 10)
    for _ in range(2):
        act(s, "do buy_with_gold")
        act(s, "choose wool")
    assert gold(s, 0) == 6 and "do buy_with_gold" not in texts(s)
    s.game.rules.turn_started(s)
    s._legal = None
    assert "do buy_with_gold" in texts(s)


def test_riv_40_gold_earned_this_turn_can_be_spent() -> None:
    """RIV-40: gold earned this turn may be spent this turn (seed 000): the 3 gold of a bridge
    buy a resource at once."""
    g = game()
    s = main(g)
    site = edge(g, -1, -1, "W")
    put(s, 0, "settlement", g.ir["board"]["edges"][site]["vertices"][0])
    set_hand(s, 0, brick=2, lumber=1)
    assert "do buy_with_gold" not in texts(s)
    act(s, f"build bridge {site}")
    act(s, "do buy_with_gold")
    act(s, "choose grain")
    assert gold(s, 0) == 1 and s.hand[0][3] == 1


def test_riv_41_four_identical_resources_for_one_gold() -> None:
    """RIV-41: a player may give the bank 4 identical resource cards for 1 gold (seed 000)."""
    s = main(game())
    set_hand(s, 0, wool=3, ore=4)
    assert "do sell wool" not in texts(s) and "do sell ore" in texts(s)
    act(s, "do sell ore")
    assert gold(s, 0) == 1 and s.hand[0] == [0, 0, 3, 0, 0]


def harbor_vertex(g, ratio: int) -> int:
    return next(h["vertices"][0] for h in g.ir["board"]["harbors"] if h["ratio"] == ratio)


def test_riv_42_three_for_one_gold_at_a_3_to_1_harbor() -> None:
    """RIV-42: with a building on a 3:1 harbor, 3 identical resource cards buy 1 gold (seed 000)."""
    g = game()
    s = main(g)
    put(s, 0, "settlement", harbor_vertex(g, 3))
    set_hand(s, 0, brick=3)
    act(s, "do sell brick")
    assert gold(s, 0) == 1 and sum(s.hand[0]) == 0


def test_riv_43_a_2_to_1_harbor_gives_no_gold_discount() -> None:
    """RIV-43: a 2:1 harbor cannot be used to get gold ([CatanGame rules catalogue]): its owner
    still pays 4 cards, even of the harbor's own resource."""
    g = game()
    s = main(g)
    h = next(h for h in g.ir["board"]["harbors"] if h["ratio"] == 2)
    put(s, 0, "settlement", h["vertices"][0])
    res = g.resources.index(h["resource"])
    s.hand[0][res] = 3
    s.bank[res] -= 3
    s._legal = None
    assert f"do sell {h['resource']}" not in texts(s)
    s.hand[0][res] += 1
    s.bank[res] -= 1
    s._legal = None
    act(s, f"do sell {h['resource']}")
    assert gold(s, 0) == 1 and s.hand[0][res] == 0


def test_riv_44_gold_changes_hands_in_a_trade_between_players() -> None:
    """RIV-44: gold may be traded with other players (seed 000): an offer of gold for a card and
    of a card for gold are both legal and move the gold when accepted."""
    s = main(game())
    set_gold(s, 0, 2)
    set_hand(s, 0, ore=1)
    set_hand(s, 1, wool=1)
    offers = [t for t in texts(s) if t.startswith("offer")]
    assert "offer 1 gold for 1 wool" in offers and "offer 2 gold for 1 wool" in offers
    act(s, "offer 2 gold for 1 wool")
    assert s.prompts[-1].kind == TRADE_RESPONSE and s.prompts[-1].player == 1
    act(s, "accept")
    assert (gold(s, 0), gold(s, 1)) == (0, 2) and s.hand[0][2] == 1 and s.hand[1][2] == 0
    s.cur = 1
    s._legal = None
    assert "offer 1 wool for 1 gold" not in texts(s)        # he holds no wool now
    assert "offer 1 gold for 1 ore" in texts(s)
    act(s, "offer 1 gold for 1 ore")
    act(s, "accept")
    assert (gold(s, 0), gold(s, 1)) == (1, 1) and s.hand[0][4] == 0 and s.hand[1][4] == 1


def test_riv_45_the_robber_cannot_steal_gold_nor_is_it_counted_on_a_7() -> None:
    """RIV-45: gold is not a resource (seed 000): a player holding only gold cannot be robbed,
    a steal only ever takes resource cards, and gold does not count toward the discard on a 7."""
    g = game()
    s = main(g)
    h = hex_at(g, 1, 0)
    put(s, 1, "settlement", s.board.hex_vertices[h][0])
    set_hand(s, 1)
    set_gold(s, 1, 9)
    set_hand(s, 0)
    s.prompts.clear()
    from catan_dsl.engine.base import turn_flow
    turn_flow.start_robber(s, 0, discards=True)
    s._after()
    s._legal = None
    assert not any(p.kind == DISCARD for p in s.prompts)
    act(s, f"move robber {h}")
    assert not s.prompts and gold(s, 1) == 9
    set_hand(s, 1, wool=7)
    turn_flow.start_robber(s, 0, discards=True)
    s._after()
    assert not any(p.kind == DISCARD for p in s.prompts)       # 7 cards + 9 gold: no discard
    act(s, f"move robber {hex_at(g, -1, -1)}")
    act(s, f"move robber {h}") if f"move robber {h}" in texts(s) else None
    if s.is_chance_node():
        assert all(str(a).startswith("steal 1 ") for a, _ in s.chance_outcomes())
        assert {str(a) for a, _ in s.chance_outcomes()} == {"steal 1 wool"}


def test_riv_46_monopoly_takes_no_gold() -> None:
    """RIV-46: a Monopoly card does not take gold ([CatanGame rules catalogue]): only resources
    can be named, and the victim's gold stays."""
    s = main(game())
    set_gold(s, 1, 5)
    set_hand(s, 1, wool=2)
    give_card(s, 0, "monopoly")
    act(s, "play monopoly")
    assert all(t.startswith("pick ") for t in texts(s)) and "pick gold" not in texts(s)
    act(s, "pick wool")
    assert gold(s, 1) == 5 and s.hand[0][2] == 2


# ---- Wealthiest and Poor Settler --------------------------------------------------------------
def awarded(golds: list[int]):
    s = main(game())
    for p, n in enumerate(golds):
        set_gold(s, p, n)
    settle_awards(s)
    return s


def test_riv_47_riv_48_wealthiest_is_plus_1_poor_is_minus_2() -> None:
    """RIV-47, RIV-48: the Wealthiest Settler card is worth +1 VP and a Poor Settler card -2 VP
    (seed 000)."""
    s = awarded([3, 1, 1, 2])
    assert [s.vp(p) for p in range(4)] == [1, -2, -2, 0]
    assert s.vp_breakdown(0) == {"wealthiest_settler": 1}
    assert s.vp_breakdown(1) == {"poor_settler": -2}


def test_riv_49_only_a_sole_richest_player_holds_wealthiest() -> None:
    """RIV-49: only a player who alone has the most gold holds the Wealthiest Settler (seed 000)."""
    assert holders(awarded([3, 3, 1, 0]), "wealthiest_settler") == []
    assert holders(awarded([3, 4, 1, 0]), "wealthiest_settler") == [1]


def test_riv_50_holder_loses_it_when_another_player_catches_up() -> None:
    """RIV-50: the holder loses Wealthiest Settler when another player gains gold and then has
    as much as the holder (seed 000); RIV-52: nobody leads alone, so it is set aside."""
    s = awarded([2, 1, 0, 0])
    assert holders(s, "wealthiest_settler") == [0]
    s.cur = 1
    set_hand(s, 1, ore=4)
    act(s, "do sell ore")
    assert gold(s, 1) == 2 and holders(s, "wealthiest_settler") == []


def test_riv_51_riv_52_holder_loses_it_when_spending_and_it_moves_to_the_new_leader() -> None:
    """RIV-51, RIV-52: the holder loses Wealthiest Settler when he spends gold and then has no
    more than another player; it goes to the player who alone has the most (seed 000)."""
    s = awarded([3, 2, 0, 0])
    assert holders(s, "wealthiest_settler") == [0]
    act(s, "do buy_with_gold")
    act(s, "choose wool")
    assert gold(s, 0) == 1 and holders(s, "wealthiest_settler") == [1]


def test_riv_53_every_player_at_the_fewest_gold_holds_a_poor_settler() -> None:
    """RIV-53: at all times every player with the fewest gold holds a Poor Settler card, ties
    and zero included (seed 000)."""
    assert holders(awarded([0, 0, 0, 0]), "poor_settler") == [0, 1, 2, 3]
    assert holders(awarded([2, 1, 1, 5]), "poor_settler") == [1, 2]
    s = awarded([2, 1, 3, 5])
    assert holders(s, "poor_settler") == [1]
    act(s, "do buy_with_gold")        # player 0 spends down to 0: now he alone is poorest
    act(s, "choose wool")
    assert holders(s, "poor_settler") == [0]


def test_riv_54_a_player_who_gains_above_an_opponent_returns_poor_settler() -> None:
    """RIV-54: a player who gains gold and then has more than at least one opponent returns his
    Poor Settler card (seed 000)."""
    s = awarded([0, 0, 2, 2])
    assert holders(s, "poor_settler") == [0, 1]
    set_hand(s, 0, grain=4)
    act(s, "do sell grain")
    assert holders(s, "poor_settler") == [1]


def test_riv_55_and_combo_hm_riv_01_won_at_10_or_11_with_harbormaster() -> None:
    """RIV-55: Rivers is won at 10 VP (seed 000); COMBO-HM-RIV-01: with Harbormaster at 11
    (seed 000)."""
    for with_, target in (((), 10), (("harbormaster",), 11)):
        g = game(*with_)
        s = main(g)
        # Five settlements off the harbors (no harbor points) and apart from each other.
        for v in range(s.board.n_vertices):
            if s.board.vertex_harbor[v] is None and not s.v_blocked[v] and s.v_owner[v] < 0 \
                    and len(s.buildings[0]) < 5:
                put(s, 0, "settlement", v)
        for _ in range(4):
            give_card(s, 0, "victory_point")
        set_gold(s, 0, 5)
        set_gold(s, 1, 1)
        set_gold(s, 2, 1)
        set_gold(s, 3, 1)
        act(s, "do buy_with_gold")       # any action: victory is checked after it
        if not s.is_terminal():
            act(s, "choose wool")
        assert s.vp(0) == 10 and g.rules.target(s, 0) == target
        assert s.is_terminal() == (target == 10)


# ---- combinations -------------------------------------------------------------------------------
def test_combo_ev_riv_01_robber_flees_to_a_swamp() -> None:
    """COMBO-EV-RIV-01: with Event Cards, Robber Flees sends the robber to a swamp (seed 000)."""
    g = game("event_cards")
    s = main(g)
    s.robber = hex_at(g, 0, 0)
    pre_roll(s, 0)
    act(s, "deal events robber_flees")
    assert s.robber >= 0 and s.board.hex_terrain[s.robber] == "swamp"     # not off the board


def c42_main():
    g = game("catan_for_two")
    return g, main(g)


def test_combo_c42_riv_01_a_settlement_next_to_a_swamp_earns_2_trade_tokens() -> None:
    """COMBO-C42-RIV-01: with Catan for Two, building a settlement next to a swamp gives 2 trade
    tokens (seed 000); here inland, so the coast's token does not add to it."""
    g, s = c42_main()
    v = vertex(g, -1, -1, "S")
    assert not g.ir["board"]["vertices"][v]["coast"]
    put(s, 0, "road", g.ir["board"]["vertices"][v]["edges"][0])
    set_hand(s, 0, lumber=1, brick=1, wool=1, grain=1)
    before = counter(s, 0, "trade_tokens")
    act(s, f"build settlement {v}")
    while s.prompts:                    # the neutral player's mirrored settlement first
        act(s, texts(s)[0])
    assert counter(s, 0, "trade_tokens") == before + 2


def test_combo_c42_riv_02_the_token_robber_action_sends_it_to_a_swamp() -> None:
    """COMBO-C42-RIV-02: the trade-token robber action sends the robber to a swamp instead of the
    desert (seed 000)."""
    g, s = c42_main()
    s.robber = hex_at(g, 0, 0)
    act(s, "do robber_to_desert")
    assert s.robber >= 0 and s.board.hex_terrain[s.robber] == "swamp"     # not off the board


def test_combo_c42_riv_03_riv_05_a_bridge_is_mirrored_by_a_neutral_bridge_without_gold() -> None:
    """COMBO-C42-RIV-03, COMBO-C42-RIV-05: building a bridge also builds a bridge for a neutral
    player ([catan.de T&B FAQ], inference), who never gets gold."""
    g, s = c42_main()
    site = edge(g, -1, -1, "W")
    put(s, 0, "settlement", g.ir["board"]["edges"][site]["vertices"][0])
    set_hand(s, 0, brick=2, lumber=1)
    act(s, f"build bridge {site}")
    assert gold(s, 0) == 3
    act(s, texts(s)[0])                 # the neutral player
    options = texts(s)
    assert options and all(int(t.split()[-1]) in g.rules.features["edge"]["bridge_site"] for t in options)
    act(s, options[0])
    neutral_bridges = [e for e in range(s.board.n_edges)
                       if s.e_owner[e] >= 2 and s.e_kind[e] == kind(g, "bridge")]
    assert len(neutral_bridges) == 1
    assert gold(s, 2) == gold(s, 3) == 0


def test_combo_c42_riv_04_a_neutral_road_when_no_neutral_bridge_fits() -> None:
    """COMBO-C42-RIV-04: if no neutral bridge can be built, a neutral road is built instead
    ([catan.de T&B FAQ], inference); the neutral earns no gold for it (COMBO-C42-RIV-05)."""
    g, s = c42_main()
    for n in (2, 3):
        s.supply[n][kind(g, "bridge")] = 0
    site = edge(g, -1, -1, "W")
    put(s, 0, "settlement", g.ir["board"]["edges"][site]["vertices"][0])
    set_hand(s, 0, brick=2, lumber=1)
    act(s, f"build bridge {site}")
    act(s, texts(s)[0])
    act(s, texts(s)[0])
    kinds = {s.e_kind[e] for e in range(s.board.n_edges) if s.e_owner[e] >= 2}
    assert kinds == {kind(g, "road")}
    assert gold(s, 2) == gold(s, 3) == 0


# ---- whole games ---------------------------------------------------------------------------------
# 10 seeded random-bot games per combination (6 × 10 ≈ 15 s); 50 each would take ~75 s, beyond
# this file's time budget on a 2-core machine. The 200-game greedy playtest covers the scenario.
GAMES = 10


@pytest.mark.parametrize("with_", [()] + [(v,) for v in VARIANTS], ids=lambda w: "+".join(w) or "alone")
def test_rivers_plays_seeded_games_to_the_end(with_: tuple[str, ...]) -> None:
    """Rivers alone and with each variant: seeded random games end with a winner, every action
    round-trips through its text, resources and counters are conserved, gold never negative."""
    g = game(*with_)
    for seed in range(GAMES):
        s = play_random(g, seed, cap=2000)
        assert s.is_terminal() and s.winner() is not None, (with_, seed)
        conserved(s)
        assert s.vp(s.winner()) >= g.rules.target(s, s.winner())

"""Scripted base-rule situations on the beginner board → the outcome each checklist rule demands."""

from __future__ import annotations

import pytest

from catan_dsl.engine import CHANCE, Game, IllegalActionError, parse_action
from catan_dsl.engine.actions import BankTrade, Build, Discard, PlayCard
from catan_dsl.engine.events import (
    CardStolen,
    ResourcesProduced,
    ResourceWithheld,
    SpecialCardAwarded,
    SpecialCardSetAside,
)

from .helpers import (
    act,
    edge_between,
    empty_main,
    give,
    give_card,
    load_ir,
    path_edges,
    pre_roll,
    put,
    res,
    set_hand,
    texts,
)

# Beginner board (fixture): hex 4 = hills 6 with corners 8 13 18 23 17 12; hex 9 = desert
# (robber) with corners 18 24 30 35 29 23; vertex 0 = 3:1 harbor, vertex 1 = grain 2:1 harbor.


@pytest.fixture
def game() -> Game:
    return Game(load_ir("base_beginner"), 4)


def rolled(s, total: int, player: int = 0):
    pre_roll(s, player)
    assert s.current_player() == CHANCE
    act(s, f"roll {total}")
    return s


def main_with_road(game, p: int, vertices: list[int]):
    s = empty_main(game, player=p)
    put(s, p, "settlement", vertices[0])
    for e in path_edges(s, vertices):
        put(s, p, "road", e)
    return s


# ---- setup -----------------------------------------------------------------------------------
def test_setup_snake_order_two_pieces_each(game):
    """BASE-13, BASE-14, BASE-15, BASE-16: setup places settlement + road per player, first round
    in turn order, second in reverse (IR setup: snake); then player 0 starts and turns pass
    clockwise (seed 001, seed 004)."""
    s = game.new_initial_state(0)
    order, kinds = [], []
    spots = iter([0, 2, 11, 15, 28, 30, 43, 46])
    while s.phase == 0:
        p = s.current_player()
        order.append(p)
        legal = s.legal_actions()
        if legal[0].piece == "settlement":
            v = next(spots)
            a = parse_action(f"build settlement {v}", game)
        else:
            a = legal[0]
        kinds.append(a.piece)
        s.apply_action(a)
    assert order == [0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 2, 2, 1, 1, 0, 0]
    assert kinds == ["settlement", "road"] * 8
    seen = []
    for _ in range(5):
        seen.append(s.cur)
        if s.current_player() == CHANCE:
            act(s, "roll 6")
        act(s, "end turn")
    assert seen == [0, 1, 2, 3, 0]


def test_setup_road_touches_new_settlement_and_distance_rule(game):
    """BASE-15, BASE-35: the setup road starts at the settlement just placed; no settlement next
    to any building, even in setup (seed 001)."""
    s = game.new_initial_state(0)
    act(s, "build settlement 12")
    assert sorted(a.at for a in s.legal_actions()) == sorted(s.board.vertex_edges[12])
    act(s, f"build road {s.board.vertex_edges[12][0]}")
    legal_v = {a.at for a in s.legal_actions()}
    assert 12 not in legal_v and not legal_v & set(s.board.vertex_adjacent[12])


def test_second_settlement_yields_one_per_producing_hex(game):
    """BASE-17, BASE-06: only the second setup settlement pays, one card per adjacent producing
    hex; the desert pays nothing (seed 001)."""
    s = game.new_initial_state(0)
    for v in (12, 0, 2, 15, 28, 30, 43, 18):   # player 0: first 12, last (second) 18
        act(s, f"build settlement {v}")
        assert all(sum(h) == 0 for h in s.hand[1:]) or v != 12
        if v == 12:
            assert sum(s.hand[0]) == 0
        act(s, str(s.legal_actions()[0]))
    # 18 touches hills (brick), pasture (wool) and the desert
    assert s.hand[0][res(game, "brick")] == 1 and s.hand[0][res(game, "wool")] == 1
    assert sum(s.hand[0]) == 2


def test_robber_starts_on_robber_start_terrain():
    """BASE-12: the robber starts on the desert (IR terrain robber_start), on both boards."""
    for board in ("base_beginner", "base_tournament"):
        g = Game(load_ir(board), 4)
        for seed in range(5):
            s = g.new_initial_state(seed)
            assert g.ir["terrains"][s.board.hex_terrain[s.robber]]["robber_start"]


# ---- production ------------------------------------------------------------------------------
def test_roll_distribution_from_ir_dice(game):
    """BASE-18: the roll is the sum of two dice (IR production.dice = 2)."""
    s = pre_roll(empty_main(game), 0)
    outs = {a.total: p for a, p in s.chance_outcomes()}
    assert sorted(outs) == list(range(2, 13))
    assert outs[7] == pytest.approx(6 / 36) and outs[2] == pytest.approx(1 / 36)


def test_settlement_one_card_city_two(game):
    """BASE-19, BASE-20: a settlement on a rolled hex gets 1 card, a city 2 (seed 001)."""
    s = empty_main(game)
    put(s, 0, "settlement", 12)
    put(s, 1, "settlement", 18)
    put(s, 1, "city", 18)
    rolled(s, 6)
    brick = res(game, "brick")
    assert s.hand[0][brick] == 1 and s.hand[1][brick] == 2
    assert s.hand[0][res(game, "grain")] == 0


def test_robber_blocks_hex(game):
    """BASE-21: the hex holding the robber produces nothing (seed 001)."""
    s = empty_main(game)
    put(s, 0, "settlement", 12)
    s.robber = 4
    rolled(s, 6)
    assert sum(s.hand[0]) == 0


def test_bank_shortage_nobody_gets_it(game):
    """BASE-22: the bank can't pay brick to everyone entitled, so nobody gets brick
    (seed 004 #9)."""
    s = empty_main(game)
    put(s, 0, "settlement", 12)
    put(s, 1, "settlement", 18)
    put(s, 1, "city", 18)
    brick = res(game, "brick")
    give(s, 2, brick=s.bank[brick] - 2)
    rolled(s, 6)
    assert s.hand[0][brick] == 0 and s.hand[1][brick] == 0 and s.bank[brick] == 2
    assert any(isinstance(e, ResourceWithheld) for e in s.drain_events())


def test_bank_shortage_single_player_takes_rest(game):
    """BASE-23: only one player is entitled to the short resource, so he takes what is left
    (seed 004 #9)."""
    s = empty_main(game)
    put(s, 1, "settlement", 18)
    put(s, 1, "city", 18)
    brick = res(game, "brick")
    give(s, 2, brick=s.bank[brick] - 1)
    rolled(s, 6)
    assert s.hand[1][brick] == 1 and s.bank[brick] == 0


# ---- the robber number -----------------------------------------------------------------------
def test_seven_discards_half_rounded_down_then_robber(game):
    """BASE-25, BASE-26: on a 7 only players above 7 cards (IR robber.discard_above) discard half
    rounded down, before the robber moves; exactly 7 keeps all; nobody discards otherwise
    (seed 001, seed 004 #13, decision #20)."""
    s = empty_main(game)
    set_hand(s, 0, wool=9)
    set_hand(s, 1, ore=7)
    set_hand(s, 2, grain=4, lumber=4)
    assert not any(isinstance(a, Discard) for a in s.legal_actions())
    rolled(s, 7)
    assert s.current_player() == 0 and texts(s) == ["discard wool"]
    for _ in range(4):
        act(s, "discard wool")
    assert s.current_player() == 2
    for _ in range(4):
        act(s, str(s.legal_actions()[0]))
    assert sum(s.hand[0]) == 5 and sum(s.hand[1]) == 7 and sum(s.hand[2]) == 4
    assert s.prompts[-1].kind == "move_robber" and s.current_player() == 0


def test_robber_must_move_to_another_land_hex(game):
    """BASE-27, BASE-28: the robber moves to a different land hex; sea is never offered
    (seed 001)."""
    s = rolled(empty_main(game), 7)
    hexes = [a.hex for a in s.legal_actions()]
    assert s.robber not in hexes and sorted(hexes + [s.robber]) == list(range(s.board.n_hexes))


def test_robber_steals_random_card_from_a_building_owner(game):
    """BASE-29: the roller draws 1 random card from a player with a building on the new hex;
    the card is a chance outcome weighted by the victim's hand (seed 001)."""
    s = empty_main(game)
    put(s, 1, "settlement", 12)
    set_hand(s, 1, ore=3, wool=1)
    rolled(s, 7)
    act(s, "move robber 4")
    assert s.current_player() == CHANCE
    outs = {str(a): p for a, p in s.chance_outcomes()}
    assert outs == {"steal 1 wool": pytest.approx(0.25), "steal 1 ore": pytest.approx(0.75)}
    act(s, "steal 1 ore")
    assert s.hand[0][res(game, "ore")] == 1 and s.hand[1][res(game, "ore")] == 2
    assert any(isinstance(e, CardStolen) for e in s.drain_events())


def test_robber_victim_choice_skips_empty_hands_and_self(game):
    """BASE-29: with several possible victims the roller chooses; players without cards and the
    roller himself are not victims (seed 001)."""
    s = empty_main(game)
    put(s, 0, "settlement", 8)
    put(s, 1, "settlement", 18)
    put(s, 2, "settlement", 17)
    set_hand(s, 0, ore=1)
    set_hand(s, 1, ore=1)
    set_hand(s, 2, wool=1)
    rolled(s, 7)
    act(s, "move robber 4")
    assert texts(s) == ["rob 1", "rob 2"]
    act(s, "rob 2")
    assert str(s.legal_actions()[0]) == "steal 2 wool"
    c = empty_main(game)
    put(c, 1, "settlement", 18)
    rolled(c, 7)
    act(c, "move robber 4")
    assert c.current_player() == 0 and not c.prompts  # victim without cards: nothing to steal


# ---- building --------------------------------------------------------------------------------
@pytest.mark.parametrize("piece", ["road", "settlement", "city"])
def test_costs_come_from_ir_and_are_paid_exactly(game, piece):
    """BASE-30, BASE-33, BASE-38: a road, settlement and city cost what the IR says, and one card
    short makes the build illegal (seed 001)."""
    s = main_with_road(game, 0, [12, 8, 4])
    cost = game.ir["pieces"][piece]["cost"]
    target = {"road": edge_between(s, 4, 0), "settlement": 4, "city": 12}[piece]
    set_hand(s, 0, **cost)
    a = parse_action(f"build {piece} {target}", game)
    assert a in s.legal_actions()
    short = dict(cost)
    first = sorted(short)[0]
    short[first] -= 1
    set_hand(s, 0, **short)
    assert a not in s.legal_actions()
    set_hand(s, 0, **cost)
    s.apply_action(a)
    assert sum(s.hand[0]) == 0 and s.bank == list(game.bank_total)


def test_dev_card_cost(game):
    """BASE-42: a development card costs what the IR says (seed 001)."""
    s = empty_main(game)
    set_hand(s, 0, **game.ir["development"]["cost"])
    act(s, "buy card")
    assert sum(s.hand[0]) == 0 and s.current_player() == CHANCE


def test_road_ends_at_but_not_through_opponent_building(game):
    """BASE-31: a road may end at an opponent's building but the network does not continue
    through it (seed 001, seed 004 #11, decision #16)."""
    s = main_with_road(game, 0, [12, 8])
    put(s, 1, "settlement", 4)
    set_hand(s, 0, lumber=5, brick=5)
    builds = {a.at for a in s.legal_actions() if isinstance(a, Build) and a.piece == "road"}
    assert edge_between(s, 8, 4) in builds
    act(s, f"build road {edge_between(s, 8, 4)}")
    builds = {a.at for a in s.legal_actions() if isinstance(a, Build) and a.piece == "road"}
    assert edge_between(s, 4, 0) not in builds and edge_between(s, 4, 1) not in builds


def test_roads_are_never_removed(game):
    """BASE-32: once built a road stays: across a random game no edge ever loses its owner
    (seed 004 #14)."""
    import random
    s = game.new_initial_state(1)
    rng = random.Random(1)
    owners = list(s.e_owner)
    while not s.is_terminal():
        p = s.current_player()
        s.apply_action(s.sample_chance(rng) if p == CHANCE else rng.choice(s.legal_actions()))
        assert all(o < 0 or n == o for o, n in zip(owners, s.e_owner))
        owners = list(s.e_owner)


def test_settlement_needs_own_road_and_distance(game):
    """BASE-34, BASE-35: outside setup a settlement needs one's own road to the spot and no
    building on a neighbouring spot (seed 001)."""
    s = main_with_road(game, 0, [12, 8, 4, 0])
    set_hand(s, 0, lumber=1, brick=1, grain=1, wool=1)
    spots = {a.at for a in s.legal_actions() if isinstance(a, Build) and a.piece == "settlement"}
    assert spots == {4, 0}  # 8 is next to 12; 3/1/13 have no road of ours
    put(s, 1, "settlement", 3)
    s._legal = None
    spots = {a.at for a in s.legal_actions() if isinstance(a, Build) and a.piece == "settlement"}
    assert spots == {4}


def test_vp_per_building(game):
    """BASE-36, BASE-40: a settlement is worth 1 VP, a city 2 (IR pieces.*.vp) (seed 001)."""
    s = empty_main(game)
    put(s, 0, "settlement", 12)
    put(s, 0, "settlement", 18)
    put(s, 0, "city", 18)
    assert s.vp(0) == 3 and s.vp_breakdown(0) == {"settlement": 1, "city": 2}


def test_no_settlement_when_all_on_board_not_even_to_upgrade(game):
    """BASE-37, BASE-41: with all settlements on the board no settlement can be built, not even
    to upgrade it at once; otherwise a new settlement may be upgraded the same turn
    (seed 004 #8)."""
    s = main_with_road(game, 0, [12, 8, 4, 0])
    limit = game.ir["pieces"]["settlement"]["limit"]
    for v in [33, 43, 46, 51][: limit - 1]:
        put(s, 0, "settlement", v)
    set_hand(s, 0, lumber=1, brick=1, grain=3, wool=1, ore=3)
    assert not any(isinstance(a, Build) and a.piece == "settlement" for a in s.legal_actions())
    act(s, "build city 33")   # a city frees a settlement piece
    assert "build settlement 4" in texts(s)
    act(s, "build settlement 4")
    set_hand(s, 0, grain=2, ore=3)
    assert "build city 4" in texts(s)


def test_city_only_on_own_settlement(game):
    """BASE-39: a city replaces one of the player's own settlements (seed 001)."""
    s = empty_main(game)
    put(s, 0, "settlement", 12)
    put(s, 1, "settlement", 18)
    set_hand(s, 0, grain=2, ore=3)
    cities = [a.at for a in s.legal_actions() if isinstance(a, Build) and a.piece == "city"]
    assert cities == [12]


def test_build_and_trade_interleave(game):
    """BASE-44: after the roll, building and trading may be freely interleaved (seed 004 #7)."""
    s = main_with_road(game, 0, [12, 8])
    set_hand(s, 0, lumber=2, brick=1, wool=4)
    act(s, f"build road {edge_between(s, 8, 4)}")
    act(s, "bank 4 wool for brick")
    assert any(isinstance(a, Build) for a in s.legal_actions())


# ---- trade -----------------------------------------------------------------------------------
def test_domestic_trade_needs_acceptance_clockwise(game):
    """BASE-45: a domestic trade happens only if an opponent accepts; opponents answer clockwise
    and the first acceptor trades (seed 001)."""
    s = empty_main(game)
    set_hand(s, 0, wool=2)
    set_hand(s, 1, ore=1)
    set_hand(s, 2, ore=1)
    set_hand(s, 3, grain=1)
    act(s, "offer 2 wool for 1 ore")
    assert s.current_player() == 1 and texts(s) == ["accept", "decline"]
    act(s, "decline")
    assert s.current_player() == 2   # player 3 holds no ore and is skipped later
    act(s, "accept")
    assert s.hand[0][res(game, "ore")] == 1 and s.hand[2][res(game, "wool")] == 2
    assert s.current_player() == 0


def test_offers_per_turn_bounded(game):
    """BASE-45: offers are bounded by IR trade.offers_per_turn so a turn can't stall."""
    s = empty_main(game)
    set_hand(s, 0, wool=5)
    set_hand(s, 1, ore=5)
    for _ in range(game.ir["trade"]["offers_per_turn"]):
        act(s, "offer 1 wool for 1 ore")
        act(s, "decline")
        while s.current_player() != 0:
            act(s, "decline")
    assert not any(str(a).startswith("offer") for a in s.legal_actions())


def test_bank_trade_four_to_one(game):
    """BASE-46: 4 identical cards buy 1 of choice from the bank (IR trade.bank_ratio)."""
    s = empty_main(game)
    set_hand(s, 0, wool=3)
    assert not any(isinstance(a, BankTrade) for a in s.legal_actions())
    set_hand(s, 0, wool=4)
    assert "bank 4 wool for ore" in texts(s) and "bank 4 wool for wool" not in texts(s)
    act(s, "bank 4 wool for ore")
    assert s.hand[0] == [0, 0, 0, 0, 1]


def test_generic_harbor_three_to_one(game):
    """BASE-47: a building on a 3:1 harbor trades 3 identical cards for 1 (seed 001)."""
    s = empty_main(game)
    put(s, 0, "settlement", 0)
    set_hand(s, 0, ore=3)
    assert "bank 3 ore for wool" in texts(s)


def test_special_harbor_two_to_one(game):
    """BASE-48: a building on a 2:1 harbor trades 2 of its resource for 1, others stay at the
    bank ratio (seed 001)."""
    s = empty_main(game)
    put(s, 0, "settlement", 1)          # grain 2:1
    set_hand(s, 0, grain=2, wool=3)
    t = texts(s)
    assert "bank 2 grain for ore" in t and not any(x.startswith("bank 2 wool") for x in t)


def test_harbor_usable_once_built_same_turn(game):
    """BASE-49: a harbor works in the turn its building is built, from that moment on
    (seed 004 #4)."""
    s = main_with_road(game, 0, [8, 4, 0])
    set_hand(s, 0, lumber=1, brick=1, grain=1, wool=1, ore=3)
    assert not any(isinstance(a, BankTrade) for a in s.legal_actions())
    act(s, "build settlement 0")
    assert "bank 3 ore for wool" in texts(s)


def test_harbors_only_in_own_turn(game):
    """BASE-50: no bank/harbor trade is offered outside one's own turn (seed 004 #5)."""
    s = empty_main(game)
    put(s, 1, "settlement", 0)
    set_hand(s, 1, ore=9)
    set_hand(s, 0, wool=1)
    act(s, "offer 1 wool for 1 ore")
    assert s.current_player() == 1
    assert not any(isinstance(a, BankTrade) for a in s.legal_actions())


def test_trade_only_held_cards_both_sides_distinct(game):
    """BASE-51, BASE-52, BASE-53: an offer holds only cards actually held, something on each
    side and never the same resource on both sides (seed 004 #17, #18)."""
    s = empty_main(game)
    set_hand(s, 0, wool=2, grain=1)
    set_hand(s, 1, ore=2)
    for bad in ("offer 3 wool for 1 ore", "offer 1 wool for 1 wool",
                "offer 1 wool 1 ore for 1 ore", "offer 1 wool for 0 ore"):
        before = s.to_dict()
        with pytest.raises((IllegalActionError, ValueError)):
            act(s, bad)
        assert s.to_dict() == before
    act(s, "offer 1 wool 1 grain for 2 ore")
    act(s, "accept")
    assert s.hand[0] == [0, 0, 1, 0, 2]


# ---- development cards -----------------------------------------------------------------------
def test_draw_weighted_by_remaining_deck(game):
    """Development deck: the bought card is a chance outcome weighted by the remaining deck."""
    s = empty_main(game)
    set_hand(s, 0, **game.ir["development"]["cost"])
    act(s, "buy card")
    outs = {str(a): p for a, p in s.chance_outcomes()}
    total = sum(c["count"] for c in game.ir["development"]["cards"].values())
    assert outs["draw knight"] == pytest.approx(14 / total)


def test_knight_moves_robber_and_steals(game):
    """BASE-54, BASE-55: a knight may be played before the roll; it moves the robber and steals
    (seed 001, seed 004 #1)."""
    s = empty_main(game)
    give_card(s, 0, "knight")
    put(s, 1, "settlement", 12)
    set_hand(s, 1, ore=1)
    pre_roll(s, 0)
    assert texts(s) == ["roll", "play knight"]
    act(s, "play knight")
    act(s, "move robber 4")
    act(s, "steal 1 ore")
    assert s.hand[0][res(game, "ore")] == 1
    assert s.current_player() == CHANCE and s.prompts[-1].kind == "roll"   # now he must roll


def test_other_cards_only_after_roll(game):
    """BASE-56: cards other than the knight only after the roll (seed 004 #1)."""
    s = empty_main(game)
    give_card(s, 0, "monopoly")
    pre_roll(s, 0)
    assert s.current_player() == CHANCE      # nothing to play before rolling: straight to dice
    act(s, "roll 5")
    assert "play monopoly" in texts(s)


def test_one_card_per_turn(game):
    """BASE-57: at most one development card per turn (IR development.per_turn)."""
    s = empty_main(game)
    give_card(s, 0, "monopoly")
    give_card(s, 0, "year_of_plenty")
    act(s, "play monopoly")
    act(s, "pick ore")
    assert not any(isinstance(a, PlayCard) for a in s.legal_actions())


def test_card_bought_this_turn_not_playable(game):
    """BASE-58: a card bought this turn can't be played this turn, only from the next
    (seed 001, seed 004 #3)."""
    s = empty_main(game)
    set_hand(s, 0, **game.ir["development"]["cost"])
    act(s, "buy card")
    act(s, "draw monopoly")
    assert "play monopoly" not in texts(s)
    act(s, "end turn")
    for p in (1, 2, 3):
        act(s, "roll 5")
        act(s, "end turn")
    act(s, "roll 5")
    assert "play monopoly" in texts(s)


def test_vp_card_counts_hidden_and_wins_at_once(game):
    """BASE-59, BASE-60, BASE-61, BASE-62: VP cards count while hidden; one bought this turn that
    makes the target wins at once (seed 004 #3, #15)."""
    s = empty_main(game)
    for v in (0, 2, 11, 15):
        put(s, 0, "settlement", v)
        put(s, 0, "city", v)
    give_card(s, 0, "victory_point")
    assert s.vp(0) == 9 and s.vp_breakdown(0)["victory_point"] == 1
    set_hand(s, 0, **game.ir["development"]["cost"])
    act(s, "buy card")
    act(s, "draw victory_point")
    assert s.is_terminal() and s.winner() == 0 and s.vp(0) == 10


def test_largest_army(game):
    """BASE-63, BASE-64, BASE-65: 3 played knights take Largest Army (2 VP); a tie doesn't take
    it; strictly more does (seed 001)."""
    s = empty_main(game)
    for p, n in ((0, 3), (1, 4)):
        for _ in range(n):
            give_card(s, p, "knight")

    def knight(p):
        s.cur = p
        s.played_this_turn = 0
        s._legal = None
        act(s, "play knight")
        act(s, "move robber 4" if s.robber != 4 else "move robber 5")
        while s.prompts:
            act(s, str(s.legal_actions()[0]))

    for _ in range(2):
        knight(0)
    assert s.holders == [-1, -1]
    knight(0)
    assert s.holders[0] == 0 and s.vp_breakdown(0) == {"largest_army": 2}
    for _ in range(3):
        knight(1)
    assert s.holders[0] == 0       # a tie leaves it with the holder
    knight(1)
    assert s.holders[0] == 1 and s.vp(1) == 2


def test_road_building_places_free_roads(game):
    """Road building (IR effect free_pieces): n route pieces placed free, no cards paid."""
    s = main_with_road(game, 0, [12, 8])
    give_card(s, 0, "road_building")
    act(s, "play road_building")
    act(s, f"build road {edge_between(s, 8, 4)}")
    act(s, f"build road {edge_between(s, 4, 0)}")
    assert not s.prompts and sum(s.hand[0]) == 0 and s.supply[0][game.piece_names.index("road")] == 12


def test_year_of_plenty_and_monopoly(game):
    """Year of plenty (take_resources n=2) takes from the bank; monopoly takes every card of one
    resource from each opponent."""
    s = empty_main(game)
    give_card(s, 0, "year_of_plenty")
    act(s, "play year_of_plenty")
    act(s, "pick ore")
    act(s, "pick wool")
    assert s.hand[0] == [0, 0, 1, 0, 1]
    s2 = empty_main(game)
    give_card(s2, 0, "monopoly")
    set_hand(s2, 1, ore=2, wool=1)
    set_hand(s2, 3, ore=3)
    act(s2, "play monopoly")
    act(s2, "pick ore")
    assert s2.hand[0][res(game, "ore")] == 5 and s2.hand[1] == [0, 0, 1, 0, 0]


# ---- longest road ----------------------------------------------------------------------------
def test_longest_road_first_to_five_then_strictly_longer(game):
    """BASE-66, BASE-67, BASE-68: the first road of 5 takes Longest Road (2 VP); an equal road
    doesn't take it, a strictly longer one does (seed 001)."""
    s = main_with_road(game, 0, [3, 0, 4, 1, 5])
    assert s.holders[1] == -1
    put(s, 0, "road", edge_between(s, 5, 2))
    assert s.holders[1] == 0 and s.vp_breakdown(0)["longest_road"] == 2
    put(s, 1, "settlement", 21)
    for e in path_edges(s, [21, 16, 11, 7, 12, 17]):
        put(s, 1, "road", e)
    assert s.holders[1] == 0
    put(s, 1, "road", edge_between(s, 17, 22))
    assert s.holders[1] == 1
    assert any(isinstance(e, SpecialCardAwarded) for e in s.drain_events())


def _broken_setup(game, p0_path, p1_path):
    s = main_with_road(game, 0, p0_path)
    if p1_path:
        put(s, 1, "settlement", p1_path[0])
        for e in path_edges(s, p1_path):
            put(s, 1, "road", e)
    put(s, 2, "settlement", 13)
    put(s, 2, "road", edge_between(s, 13, 8))
    put(s, 2, "road", edge_between(s, 8, 4))
    return s


def test_broken_road_holder_keeps_when_still_co_longest(game):
    """BASE-69, BASE-67: an opponent's building breaks a road; the holder keeps the card while he
    is still (co-)longest (seed 004 #10)."""
    s = _broken_setup(game, [3, 0, 4, 1, 5, 2, 6, 10], [21, 16, 11, 7, 12, 17])
    assert s.holders[1] == 0 and s.measure[1][0] == 7
    put(s, 2, "settlement", 4)
    assert s.measure[1][0] == 5 and s.measure[1][1] == 5 and s.holders[1] == 0


def test_broken_road_passes_to_sole_longest_or_is_set_aside(game):
    """BASE-69: when the holder is no longer longest, a sole longest player with at least 5 takes
    it; if nobody qualifies alone it is set aside (seed 004 #10)."""
    s = _broken_setup(game, [3, 0, 4, 1, 5, 2, 6], [21, 16, 11, 7, 12, 17])
    put(s, 2, "settlement", 4)
    assert s.measure[1][0] == 4 and s.holders[1] == 1
    s = _broken_setup(game, [3, 0, 4, 1, 5, 2, 6], None)
    put(s, 2, "settlement", 4)
    assert s.holders[1] == -1
    assert any(isinstance(e, SpecialCardSetAside) for e in s.drain_events())


# ---- victory ---------------------------------------------------------------------------------
def test_win_only_in_own_turn(game):
    """BASE-70, BASE-71: the target comes from IR victory.target; a player reaching it outside
    his turn wins only when his own turn comes (seed 004 #12)."""
    assert game.target == game.ir["victory"]["target"]
    s = empty_main(game, player=0)
    for v in (0, 2, 11, 15, 27):
        put(s, 1, "settlement", v)
        put(s, 1, "city", v)
    s._after()
    assert s.vp(1) == 10 and not s.is_terminal()
    act(s, "end turn")
    assert s.is_terminal() and s.winner() == 1


def test_production_event_is_typed(game):
    """BASE-19: production is reported as typed events (resource names from the IR)."""
    s = empty_main(game)
    put(s, 0, "settlement", 12)
    s.drain_events()
    rolled(s, 6)
    ev = [e for e in s.drain_events() if isinstance(e, ResourcesProduced)]
    assert ev and ev[0].amounts == (("brick", 1),) and ev[0].rule is None

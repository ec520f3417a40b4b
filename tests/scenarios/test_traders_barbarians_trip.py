"""Traders & Barbarians, the wagon's trip as RULES.md §11.6, §11.9 state it (issue 44): the trip
comes after trading and building and closes them (TB-49); movement points, path costs, tolls and
the oxen (TB-50..60); a trip that pauses next to a barbarian, drives it off and goes on with the
points left (TB-71..75); plazas, loads and deliveries (TB-59..67); Swift Journey (TB-14).
Positions are set up through the Python API; a turn begins as the engine begins one."""

from __future__ import annotations

import pytest

from tests.engine.helpers import act, empty_main, give, give_card, put, set_hand, texts
from tests.scenarios.tb_kit import (COMBINATIONS, TRADE, barbarian, begin_turn, counter, enter,
                                    game, path, plaza, scenario, set_counter, wagon_at,
                                    wagon_of)

START = 20          # an inland intersection of the board, away from the plazas


def trip_turn(*with_: str, at: int = START, baggage: int = 1):
    """Player 0's turn after the roll, his wagon at ``at`` and ``baggage`` his active card."""
    s = empty_main(game(*with_))
    set_counter(s, 0, "baggage", baggage)
    wagon_at(s, 0, at)
    begin_turn(s)
    return s


def steps(s) -> list[str]:
    return [t for t in texts(s) if t.startswith("do travel")]


def inland_walk(s, n: int, start: int = START) -> list[int]:
    """``n`` paths walked from ``start`` without passing a plaza or coming back (intersections)."""
    plazas = {plaza(s, t) for t in TRADE}
    route = [start]
    while len(route) <= n:
        here = route[-1]
        route.append(next(w for w in s.board.vertex_adjacent[here]
                          if w not in route and w not in plazas
                          and not any(u in plazas for u in s.board.vertex_adjacent[w])))
    return route


def walk(s, route: list[int]) -> None:
    for v, w in zip(route, route[1:]):
        act(s, f"do travel edge {path(s, v, w)}")


# ---- TB-49: the trip comes after trading and building ----------------------------------------
def test_tb_49_once_the_wagon_has_moved_no_trading_building_card_buying_or_upgrade() -> None:
    """TB-49: the wagon moves after trading and building. Before its first step everything is
    offered; after it no bank or harbour trade, no offer to players, no building, no card
    bought, no baggage upgrade and no gold trade that turn — and a trade is refused if tried."""
    from catan_dsl.engine.state import IllegalActionError
    s = trip_turn()
    put(s, 0, "settlement", START)
    give(s, 0, lumber=4, brick=4, grain=4, ore=4, wool=4)
    give_card(s, 0, "knight")
    before = texts(s)
    for offered in ("bank 4 lumber for", "build road", "buy card", "do upgrade_2",
                    "do buy_with_gold", "do sell_for_gold", "do travel", "play knight"):
        assert any(t.startswith(offered) for t in before), offered
    route = inland_walk(s, 1)
    walk(s, route)
    after = texts(s)
    for closed in ("bank", "build", "buy card", "do upgrade", "do buy_with_gold",
                   "do sell_for_gold"):
        assert not any(t.startswith(closed) for t in after), closed
    with pytest.raises(IllegalActionError):
        act(s, "offer 1 wool for 1 ore")
    # Playing a card follows the base rule, feeding the oxen and moving on stay, so does the end.
    assert {"play knight", "do feed_oxen", "end turn"} <= set(after) and steps(s)


def test_tb_49_trading_and_building_come_back_with_the_next_turn() -> None:
    """TB-49: the trip closes trading only for the turn it is made in."""
    s = trip_turn()
    walk(s, inland_walk(s, 1))
    give(s, 0, lumber=4)
    assert not any(t.startswith("bank") for t in texts(s))
    for _ in range(4):
        act(s, "end turn")
        act(s, "roll 5") if s.is_chance_node() else None
    assert s.cur == 0 and any(t.startswith("bank") for t in texts(s))


@pytest.mark.parametrize("name", COMBINATIONS)
def test_tb_49_72_the_trip_closes_trading_in_every_combination(name: str) -> None:
    """TB-49, TB-72 in each combination with T&B (issue 44 item 3; none of their pages says
    otherwise): the wagon's first step closes trading and building, and the trip goes on."""
    s = empty_main(scenario(name))
    wagon_at(s, 0, START)
    begin_turn(s)
    give(s, 0, lumber=4, grain=4)
    assert any(t.startswith("bank") for t in texts(s))
    e = min(int(t.split()[-1]) for t in steps(s))
    act(s, f"do travel edge {e}")
    assert not any(t.startswith(("bank", "build", "buy card", "do upgrade", "do buy_with_gold"))
                   for t in texts(s))
    assert s.rules_state.turn_phase == 1 and "do feed_oxen" in texts(s)


# ---- TB-19, TB-50..60: points, costs, tolls, the oxen ------------------------------------------
@pytest.mark.parametrize("level, mp", [(1, 4), (2, 5), (3, 5), (4, 6), (5, 7)])
def test_tb_19_50_52_58_movement_points_from_the_baggage_card(level: int, mp: int) -> None:
    """TB-19, TB-50, TB-52, TB-58: the trip has the active card's movement points; a path with no
    road costs 2; the wagon may stop anywhere, and the points left are lost with the turn."""
    s = trip_turn(baggage=level)
    assert counter(s, 0, "mp") == mp
    route = inland_walk(s, 1)
    walk(s, route)
    assert counter(s, 0, "mp") == mp - 2 and wagon_of(s, 0) == route[1]
    act(s, "end turn")                                      # it stops there
    assert counter(s, 0, "mp") == 0 and wagon_of(s, 0) == route[1]


def test_tb_19_an_upgrade_before_the_trip_moves_it_with_the_new_card() -> None:
    """TB-19, TB-22: an upgrade bought in the trade and build phase is the active card of the
    trip that follows (card 2: 5 points, not 4)."""
    s = trip_turn()
    give(s, 0, grain=1, wool=1)
    act(s, "do upgrade_2")
    assert counter(s, 0, "baggage") == 2 and counter(s, 0, "mp") == 5


def test_tb_53_54_55_roads_tolls_and_barbarians() -> None:
    """TB-53, TB-54, TB-55: one's own road costs 1; another player's road 1 plus 1 gold to its
    owner; a barbarian on the path 2 more (a road-less path with a barbarian costs 4)."""
    s = trip_turn()
    e1, e2 = s.board.vertex_edges[START][:2]
    put(s, 0, "road", e1)
    act(s, f"do travel edge {e1}")
    assert counter(s, 0, "mp") == 3
    s = trip_turn()
    put(s, 1, "road", e1)
    barbarian(s, e1)
    act(s, f"do travel edge {e1}")
    assert counter(s, 0, "mp") == 4 - 3 and (counter(s, 0, "gold"), counter(s, 1, "gold")) == (4, 6)
    s = trip_turn()
    barbarian(s, e2)
    act(s, f"do travel edge {e2}")
    assert counter(s, 0, "mp") == 0
    s = trip_turn()
    put(s, 1, "road", e1)
    set_counter(s, 0, "gold", 0)                             # no gold for the toll: not offered
    assert f"do travel edge {e1}" not in steps(s) and f"do travel edge {e2}" in steps(s)


def test_tb_56_one_grain_once_a_turn_for_two_more_points() -> None:
    """TB-56: once a turn exactly 1 grain buys 2 more movement points."""
    s = trip_turn()
    give(s, 0, grain=2)
    act(s, "do feed_oxen")
    assert counter(s, 0, "mp") == 6 and s.hand[0][s.game.resources.index("grain")] == 1
    assert "do feed_oxen" not in texts(s)


def test_tb_57_the_oxen_may_be_fed_part_way_through_a_trip() -> None:
    """TB-57: the grain may be paid after some points are spent: two road-less paths spend the
    card's 4 points, the oxen are fed there, and the trip goes on with the 2 they give."""
    s = trip_turn()
    give(s, 0, grain=1)
    route = inland_walk(s, 3)
    walk(s, route[:3])
    assert counter(s, 0, "mp") == 0 and not steps(s)         # nothing left for a third path
    act(s, "do feed_oxen")
    assert counter(s, 0, "mp") == 2 and s.rules_state.turn_phase == 1
    walk(s, route[2:])
    assert wagon_of(s, 0) == route[3] and counter(s, 0, "mp") == 0


def test_tb_59_60_a_plaza_ends_the_trip_and_the_wagon_goes_whole_paths() -> None:
    """TB-59, TB-60: a wagon entering a plaza stops there, its points lost; it only ever goes
    from intersection to intersection (each step is a whole path next to it)."""
    s = trip_turn()
    assert sorted(int(t.split()[-1]) for t in steps(s)) == sorted(s.board.vertex_edges[START])
    s = empty_main(game())
    set_counter(s, 0, "baggage", 5)
    enter(s, plaza(s, "quarry"))
    act(s, "deal quarry_goods quarry_marble")
    assert counter(s, 0, "mp") == 0 and not steps(s) and counter(s, 0, "trip_over") == 1


def test_tb_51_wagons_share_places() -> None:
    """TB-51: any number of wagons share an intersection."""
    s = trip_turn()
    wagon_at(s, 1, START)
    assert wagon_of(s, 0) == wagon_of(s, 1) == START and steps(s)


# ---- TB-71..75: a trip that pauses next to a barbarian -----------------------------------------
def test_tb_72_73_a_trip_pauses_drives_a_barbarian_off_and_goes_on_with_the_points_left() -> None:
    """TB-72, TB-73: part-way through a trip the wagon stands next to a barbarian on the path it
    wants; the player pauses, rolls, drives it off, and goes on along that path with the points
    he has left — now at the path's own cost, as the barbarian is gone."""
    s = trip_turn(baggage=2)                                 # 5 points, drives off on a 6
    route = inland_walk(s, 2)
    ahead = path(s, route[1], route[2])
    barbarian(s, ahead)
    walk(s, route[:2])                                       # 2 points spent, 3 left
    assert counter(s, 0, "mp") == 3
    assert f"do travel edge {ahead}" not in steps(s)         # 4 with the barbarian: too dear
    act(s, f"do drive_off edge {ahead}")
    act(s, "choose die 6")
    far = next(t for t in texts(s) if t.startswith("choose edge")
               and int(t.split()[-1]) not in s.board.vertex_edges[route[1]])
    act(s, far)
    assert s.rules_state.markers[0][ahead] == 0 and counter(s, 0, "mp") == 3
    act(s, f"do travel edge {ahead}")                        # on with the points left
    assert wagon_of(s, 0) == route[2] and counter(s, 0, "mp") == 1


def test_tb_73_74_after_a_failed_try_the_wagon_goes_on_and_nothing_is_stolen() -> None:
    """TB-73, TB-74: after a drive-off attempt, failed or not, the wagon may go on moving; a
    barbarian driven onto a road takes no card."""
    s = trip_turn(baggage=5)
    e1, e2 = s.board.vertex_edges[START][:2]
    barbarian(s, e1)
    put(s, 1, "road", e2)
    set_hand(s, 1, ore=2)
    act(s, f"do drive_off edge {e1}")
    act(s, "choose die 1")                                   # fails
    assert steps(s) and counter(s, 0, "mp") == 7
    s = trip_turn(baggage=5)
    barbarian(s, e1)
    put(s, 1, "road", e2)
    set_hand(s, 1, ore=2)
    act(s, f"do drive_off edge {e1}")
    act(s, "choose die 6")
    act(s, f"choose edge {e2}")                              # onto the other player's road
    assert sum(s.hand[1]) == 2 and not s.is_chance_node() and steps(s)


@pytest.mark.parametrize("level, hits", [(2, {6}), (3, {5, 6}), (4, {4, 5, 6}), (5, {3, 4, 5, 6})])
def test_tb_21_71_72_the_active_cards_numbers_drive_a_barbarian_off(level: int, hits: set[int]) -> None:
    """TB-21, TB-71, TB-72: a player whose baggage train has been upgraded, next to a barbarian,
    rolls a die: on his card's numbers he moves it to a free path. Trying is part of the trip:
    it closes trading like a step does."""
    for d in range(1, 7):
        s = trip_turn(baggage=level)
        e = s.board.vertex_edges[START][0]
        barbarian(s, e)
        act(s, f"do drive_off edge {e}")
        assert s.rules_state.turn_phase == 1
        act(s, f"choose die {d}")
        assert (any(t.startswith("choose edge") for t in texts(s))) == (d in hits), d


def test_tb_71_no_drive_off_before_an_upgrade_or_after_the_trip_has_ended() -> None:
    """TB-71: only a player whose baggage train has been upgraded may try; and the wagon pauses
    only on a trip — one that has ended at a plaza has no barbarian to pass."""
    s = trip_turn()
    e = s.board.vertex_edges[START][0]
    barbarian(s, e)
    assert not any(t.startswith("do drive_off") for t in texts(s))
    s = empty_main(game())
    set_counter(s, 0, "baggage", 2)
    target = plaza(s, "quarry")
    enter(s, target)
    act(s, "deal quarry_goods quarry_marble")
    barbarian(s, s.board.vertex_edges[target][1])
    assert not any(t.startswith("do drive_off") for t in texts(s))


def test_tb_75_each_barbarian_is_tried_at_most_once_a_turn() -> None:
    """TB-75: each barbarian can be driven off at most once a turn — a failed try or a success,
    it is not tried again before the next turn (the mark follows it)."""
    s = trip_turn(baggage=2)
    e1, e2 = s.board.vertex_edges[START][:2]
    barbarian(s, e1)
    barbarian(s, e2)
    act(s, f"do drive_off edge {e1}")
    act(s, "choose die 1")                                    # fails
    assert f"do drive_off edge {e1}" not in texts(s) and f"do drive_off edge {e2}" in texts(s)
    act(s, f"do drive_off edge {e2}")
    act(s, "choose die 6")                                    # succeeds
    far = next(int(t.split()[-1]) for t in texts(s) if t.startswith("choose edge")
               and int(t.split()[-1]) in s.board.vertex_edges[21])
    act(s, f"choose edge {far}")
    wagon_at(s, 0, 21)
    assert f"do drive_off edge {far}" not in texts(s)          # the moved one, tried already
    act(s, "end turn")
    assert not any("tried" in marks for marks in s.rules_state.marks.values())   # a new turn


def test_tb_71_the_barbarians_next_to_the_wagon_follow_every_move() -> None:
    """TB-71: the barbarians a player may try to drive off are those next to his wagon. They are
    kept until something on the board moves, so they follow the wagon, the barbarians and a
    clone's own moves."""
    g = game()
    assert next(ar for ar in g.rules.actions if ar.action.name == "drive_off").action.target_static
    s = trip_turn(baggage=2)
    e1, e2 = s.board.vertex_edges[20][0], s.board.vertex_edges[21][0]
    assert e1 != e2
    barbarian(s, e1)
    assert f"do drive_off edge {e1}" in texts(s)
    wagon_at(s, 0, 21)
    assert not any(t.startswith("do drive_off") for t in texts(s))
    barbarian(s, e2)
    assert f"do drive_off edge {e2}" in texts(s)
    c = s.clone()
    barbarian(c, e2, 0)
    assert not any(t.startswith("do drive_off") for t in texts(c))
    assert f"do drive_off edge {e2}" in texts(s)


# ---- TB-61..67: plazas, loads and deliveries ---------------------------------------------------
def test_tb_49_59_62_65_66_67_a_plaza_loads_and_delivers() -> None:
    """TB-59, TB-62, TB-65, TB-66, TB-67: empty, the wagon takes the top token of that stack (no
    gold); loaded with what the building needs it delivers for 1 VP and the active card's gold,
    then draws a new token. The trip ends there."""
    s = empty_main(game())
    enter(s, plaza(s, "quarry"))
    assert s.is_chance_node()                                  # the quarry's stack
    act(s, "deal quarry_goods quarry_marble")
    assert counter(s, 0, "marble") == 1 and counter(s, 0, "gold") == 5
    assert counter(s, 0, "mp") == 0
    s2 = empty_main(game())
    set_counter(s2, 0, "baggage", 3)
    set_counter(s2, 0, "marble", 1)
    enter(s2, plaza(s2, "council_castle"))
    assert counter(s2, 0, "deliveries") == 1 and counter(s2, 0, "gold") == 5 + 3
    assert s2.is_chance_node()                                 # a new token at once
    act(s2, "deal castle_goods castle_sand")
    assert counter(s2, 0, "sand") == 1 and s2.vp(0) == 1


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_tb_20_66_a_delivery_pays_the_active_cards_gold(level: int) -> None:
    """TB-20, TB-66: baggage cards 1 to 5 pay 1, 2, 3, 4 and 5 gold per delivery."""
    s = empty_main(game())
    set_counter(s, 0, "baggage", level)
    set_counter(s, 0, "sand", 1)
    enter(s, plaza(s, "glassworks"))
    assert counter(s, 0, "gold") == 5 + level


def test_tb_61_64_an_empty_wagon_loads_at_any_plaza_a_loaded_one_carries_only_one() -> None:
    """TB-61, TB-64: an empty wagon may head for any trade hex and load there; a loaded wagon
    entering a plaza that does not need its load takes nothing more."""
    for building in TRADE:
        s = empty_main(game())
        enter(s, plaza(s, building))
        assert s.is_chance_node()                              # it loads there
    s = empty_main(game())
    set_counter(s, 0, "glass", 1)
    enter(s, plaza(s, "glassworks"))                           # needs sand, not glass
    assert not s.is_chance_node() and counter(s, 0, "glass") == 1


# ---- TB-14 and the combinations' trips ----------------------------------------------------------
def test_tb_14_swift_journey_gives_a_second_trip() -> None:
    """TB-14: played after the wagon has moved, Swift Journey gives a second trip: the card's
    points again, even after a plaza; played before the wagon moved it gives nothing."""
    s = trip_turn()
    give_card(s, 0, "swift_journey")
    act(s, "play swift_journey")
    assert counter(s, 0, "mp") == 4                            # not moved yet: nothing more
    s = trip_turn()
    give_card(s, 0, "swift_journey")
    walk(s, inland_walk(s, 1))
    assert counter(s, 0, "mp") == 2
    act(s, "play swift_journey")
    assert counter(s, 0, "mp") == 4 and steps(s)


def test_combo_ev_tb_04_a_damaged_road_costs_like_no_road() -> None:
    """COMBO-EV-TB-04: a road damaged by an Earthquake costs a wagon 2 movement points."""
    for damaged, left in ((False, 3), (True, 2)):
        s = trip_turn("event_cards")
        e = s.board.vertex_edges[START][0]
        put(s, 0, "road", e)
        if damaged:
            s.rules_state.marks[f"e{e}"] = ("damaged",)
        act(s, f"do travel edge {e}")
        assert counter(s, 0, "mp") == left


def test_combo_c42_tb_01_a_neutral_roads_toll_goes_to_the_bank() -> None:
    """COMBO-C42-TB-01: gold for a neutral road: half to the bank rounded up, half to the opponent
    rounded down — the 1 gold toll goes to the bank."""
    s = empty_main(game("catan_for_two"))
    e = s.board.vertex_edges[START][0]
    put(s, 2, "road", e)                                      # the first neutral player's
    s.prompts.clear()
    s._legal = None
    wagon_at(s, 0, START)
    begin_turn(s)
    act(s, f"do travel edge {e}")
    assert counter(s, 0, "gold") == 4 and counter(s, 1, "gold") == 5 and counter(s, 2, "gold") == 0

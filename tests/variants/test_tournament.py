"""scenarios/tournament.catan → engine behaviour pinned per rule (TOUR-01..05, seed 004)."""

from __future__ import annotations

from collections import Counter

from catan_dsl.engine.events import (
    DiceRolled,
    ResourcesProduced,
    RobberMoved,
    RollCancelled,
    StartPlayerChosen,
)
from catan_dsl.engine.prompts import MOVE_ROBBER
from tests.engine.helpers import act, give, give_card, pre_roll, put, texts
from tests.variants.kit import before_roll, game, hexes_of, main_turn, outcome_texts


def robber_moves(s) -> set[int]:
    return {int(t.split()[-1]) for t in texts(s) if t.startswith("move robber")}


def test_tour_01_the_start_player_is_decided_by_a_roll() -> None:
    """TOUR-01: everybody rolls and the highest roll starts (seed 004 preamble). The engine draws
    the winner of that roll-off as one chance outcome, each player equally likely."""
    g = game("tournament")
    s = g.new_initial_state(0)
    outcomes = s.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"choose player {p}" for p in range(4)]
    assert all(abs(p - 0.25) < 1e-9 for _, p in outcomes)
    s.drain_events()
    act(s, "choose player 2")
    assert s.drain_events() == [StartPlayerChosen(2)]
    order = []
    while s.phase == 0:
        order.append(s.current_player())
        act(s, texts(s)[0])
    # Setup is clockwise from the winner and back (seed 004 preamble), then he takes turn 1.
    assert order == [2, 2, 3, 3, 0, 0, 1, 1, 1, 1, 0, 0, 3, 3, 2, 2]
    assert s.cur == 2 and s.turn == 0


def test_tour_02_a_random_board_for_every_game() -> None:
    """TOUR-02: the terrain hexes, the desert included, are laid at random for every game; the
    same seed gives the same board (seed 004 preamble)."""
    g = game("tournament")
    base = game().new_initial_state(0).board
    deserts, layouts = set(), set()
    for seed in range(12):
        b = g.new_initial_state(seed).board
        assert Counter(b.hex_terrain) == Counter(base.hex_terrain)
        d = b.hex_terrain.index("desert")
        deserts.add(d)
        layouts.add(b.hex_terrain)
        assert b.hex_numbers[d] == () and g.new_initial_state(seed).robber == d
        assert g.new_initial_state(seed).board.hex_terrain == b.hex_terrain
    assert len(deserts) > 3 and len(layouts) == 12


def test_tour_03_a_knight_may_not_move_the_robber_to_the_desert() -> None:
    """TOUR-03 (seed 004 #6, decision #19): the player's own robber move — a 7 or a knight —
    may never go back onto the desert."""
    g = game("tournament")
    s = main_turn(g, 0, rnd=3)
    desert = hexes_of(s, "desert")
    s.robber = 0
    give_card(s, 0, "knight")
    act(s, "play knight")
    moves = robber_moves(s)
    assert moves and not moves & set(desert) and 0 not in moves
    assert len(moves) == s.board.n_hexes - 2


def test_tour_03_robber_flees_still_sends_it_home() -> None:
    """TOUR-03 with Event Cards (decision #19): the prohibition limits only the player's move; the
    Robber Flees event still sends the robber back to the desert."""
    g = game("tournament", "event_cards")
    s = before_roll(g, 0, rnd=3)
    s.robber = 0
    act(s, "deal events robber_flees")
    assert s.robber in hexes_of(s, "desert")


def test_tour_04_sevens_of_the_first_two_rounds_are_rerolled() -> None:
    """TOUR-04 (seed 004 #16): a 7 in rounds 1 and 2 is re-rolled — the robber stays on the
    desert and the new roll produces as usual; from round 3 a 7 moves the robber."""
    g = game("tournament")
    for turn in (0, 3, 4, 7):           # first and last turn of rounds 1 and 2 (4 players)
        p = turn % 4
        s = main_turn(g, p, rnd=turn // 4 + 1)
        six = next(h for h in range(s.board.n_hexes) if 6 in s.board.hex_numbers[h])
        put(s, 1, "settlement", s.board.hex_vertices[six][0])
        pre_roll(s, p)
        desert = s.robber
        s.drain_events()
        act(s, "roll 7")
        ev = s.drain_events()
        assert RollCancelled(p, 7) in ev and not any(isinstance(e, RobberMoved) for e in ev)
        assert s.is_chance_node() and "roll 7" in outcome_texts(s)
        act(s, "roll 6")
        ev = s.drain_events()
        assert DiceRolled(p, 6) in ev and any(isinstance(e, ResourcesProduced) for e in ev)
        assert s.robber == desert and not s.prompts
    s = before_roll(g, 0, rnd=3)
    act(s, "roll 7")
    assert s.prompts[-1].kind == MOVE_ROBBER


def test_tour_05_a_knight_bought_in_round_1_is_played_in_round_2() -> None:
    """TOUR-05 (seed 004 #16): a knight bought in round 1 may be played in round 2 — while 7s
    are still re-rolled — and moves the robber off the desert."""
    g = game("tournament")
    s = main_turn(g, 0, rnd=1)
    desert = s.robber
    give(s, 0, grain=1, ore=1, wool=1)
    act(s, "buy card")
    act(s, "draw knight")
    assert "play knight" not in texts(s)          # not in the turn it was bought
    act(s, "end turn")
    for p in (1, 2, 3):
        assert s.current_player() == -1 and s.cur == p
        act(s, "roll 8")
        act(s, "end turn")
    assert s.turn == 4 and s.cur == 0               # round 2
    assert "play knight" in texts(s)
    act(s, "play knight")
    moves = robber_moves(s)
    assert moves and desert not in moves
    act(s, f"move robber {min(moves)}")
    assert s.robber == min(moves) != desert

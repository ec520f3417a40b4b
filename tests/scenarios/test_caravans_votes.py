"""The Caravans' voting round and its combinations through the engine (CAR-30..38, COMBO-C42-CAR-01..04, COMBO-EV-CAR-01)."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules.votes import VoteCast, VoteDecided, decide
from tests.engine.helpers import act, pre_roll, put, set_hand, texts
from tests.scenarios.test_caravans_kit import far_end, game, main, spots, vertex, vote


def _after_build(g, builder: int = 0, hands: dict | None = None):
    """``builder`` built a settlement this turn and ends it: the vote begins."""
    s = main(g, builder)
    v = vertex(s, -2, 2, "S")
    put(s, builder, "settlement", v)
    e = s.board.vertex_edges[v][0]
    put(s, builder, "road", e)
    u = far_end(s, e, v)
    e2 = next(x for x in s.board.vertex_edges[u] if x != e)
    put(s, builder, "road", e2)
    for p in range(g.n_real):
        set_hand(s, p, **(hands or {}).get(p, {}))
    s.rules_state.built_turn = False
    s.prompts.clear()                     # scripted pieces: no neutral mirroring for them
    cost = {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}
    mine = dict((hands or {}).get(builder, {}))
    set_hand(s, builder, **{r: cost.get(r, 0) + mine.get(r, 0) for r in {*cost, *mine}})
    act(s, f"build settlement {far_end(s, e2, u)}")
    while s.prompts:                      # Catan for Two: the neutral player's free settlement
        act(s, texts(s)[0])
    act(s, "end turn")
    return s


def _decided(s) -> VoteDecided:
    return [e for e in s.drain_events() if isinstance(e, VoteDecided)][-1]


def test_car_30_the_vote_starts_with_the_builder_and_goes_clockwise() -> None:
    """CAR-30: the player whose turn ended votes first, then clockwise (seed 000)."""
    g = game()
    s = _after_build(g, builder=2)
    order = []
    A = spots(s)[0]
    for _ in range(4):
        order.append(s.current_player())
        act(s, f"choose edge {A}")
        act(s, "choose bid 0")
    assert order == [2, 3, 0, 1]


def test_car_31_33_38_only_wool_and_grain_each_card_a_vote_cards_to_the_bank() -> None:
    """CAR-31, CAR-33, CAR-38: only wool and grain can be laid out, each card is one vote, and
    every laid-out card goes to the bank (seed 000)."""
    g = game()
    hands = {0: {"wool": 2, "grain": 1, "ore": 4}, 1: {"lumber": 5, "brick": 3}, 2: {"grain": 3},
             3: {}}
    s = _after_build(g, 0, hands)
    A, B, C = spots(s)
    bank0 = list(s.bank)
    act(s, f"choose edge {A}")
    assert texts(s) == [f"choose bid {k}" for k in range(4)]         # 2 wool + 1 grain, no ore
    act(s, "choose bid 3")
    act(s, f"choose edge {B}")
    assert texts(s) == ["choose bid 0"]                              # lumber and brick: no votes
    act(s, "choose bid 0")
    vote(s, [(B, 2), (C, 0)])
    casts = [e for e in s.drain_events() if isinstance(e, VoteCast)]
    assert [(c.player, c.votes) for c in casts] == [(0, 3), (1, 0), (2, 2), (3, 0)]
    W, G = g.resources.index("wool"), g.resources.index("grain")
    assert s.hand[0][W] == 0 and s.hand[0][G] == 0 and s.hand[0][g.resources.index("ore")] == 4
    assert s.bank[W] == bank0[W] + 2 and s.bank[G] == bank0[G] + 3
    # CAR-33 too: 3 votes for A against 2 for B — A, though two players named B.
    assert g.rules.chains.piece_at(s.rules_state.chains, A) >= 0


def test_car_32_each_player_lays_out_once() -> None:
    """CAR-32: each player names his place and lays out his cards once, in his turn of the
    vote; after his bid the next player is asked and nobody is asked twice (seed 000)."""
    g = game()
    s = _after_build(g, 0, {p: {"wool": 2} for p in range(4)})
    A = spots(s)[0]
    asked = []
    while s.prompts and s.prompts[-1].kind == "rule_vote":
        p = s.current_player()
        act(s, f"choose edge {A}")
        assert s.current_player() == p and texts(s)[0] == "choose bid 0"
        act(s, "choose bid 1")
        asked.append(p)
    assert asked == [0, 1, 2, 3]


@pytest.mark.parametrize("bids, winner, who, deadlock", [
    # CAR-33: players who lay out nothing take no part, even if three of them name A.
    ([("A", 0), ("B", 1), ("A", 0), ("A", 0)], "B", 1, False),
    # CAR-34: more votes than all others together decides alone.
    ([("A", 1), ("B", 3), ("A", 1), ("C", 0)], "B", 1, False),
    # CAR-35: players who agree and together hold a majority decide.
    ([("A", 2), ("A", 1), ("B", 2), ("C", 0)], "A", 0, False),
    # CAR-36: a deadlock goes to the one player who laid out the most.
    ([("A", 1), ("B", 3), ("C", 1), ("C", 2)], "B", 1, True),
    # CAR-37: no single top bidder — the builder decides, even with no card laid out.
    ([("A", 0), ("B", 2), ("C", 2), ("C", 0)], "A", 0, True),
])
def test_car_33_to_37_the_documented_decision_rule(bids, winner, who, deadlock) -> None:
    """CAR-33, CAR-34, CAR-35, CAR-36, CAR-37: the vote's decision through the engine — majority
    alone or by agreement,
    else the sole biggest bidder, else the player who triggered the vote (seed 000)."""
    g = game()
    s = _after_build(g, 0, {p: {"wool": 2, "grain": 2} for p in range(4)})
    names = dict(zip("ABC", spots(s)))
    vote(s, [(names[o], n) for o, n in bids])
    d = _decided(s)
    assert (d.option, d.decider, d.deadlock) == (names[winner], who, deadlock)
    assert g.rules.chains.piece_at(s.rules_state.chains, names[winner]) >= 0
    assert s.rules_state.chains[0] == 21


def test_vote_decision_rule_is_a_pure_function() -> None:
    """The engine's generic decision rule on its own (engine/votes.py)."""
    assert decide([(0, 5, 0), (1, 6, 0)]) == (5, 0, True)
    assert decide([(0, 5, 1), (1, 6, 0)]) == (5, 0, False)
    assert decide([(2, 5, 2), (3, 6, 2), (0, 5, 1)]) == (5, 2, False)
    assert decide([(2, 5, 2), (3, 6, 2)]) == (5, 2, True)


# ---- combinations -----------------------------------------------------------------------------
def test_combo_c42_car_01_02_two_camels_on_two_caravans() -> None:
    """COMBO-C42-CAR-01, COMBO-C42-CAR-02: with Catan for Two each vote places 2 camels; the
    winner puts them on two different caravans (seed 000)."""
    g = game("catan_for_two")
    s = _after_build(g, 0, {0: {"wool": 2}, 1: {"grain": 1}})
    A, B, C = spots(s)
    vote(s, [(A, 2), (B, 1)])
    assert s.current_player() == 0                     # the winner places the second camel
    second = [int(t.split()[-1]) for t in texts(s)]
    ch = g.rules.chains
    assert sorted(second) == [B, C]
    assert all(ch.chain_of(s, x) != ch.chain_of(s, A) for x in second)
    act(s, f"choose edge {C}")
    assert s.rules_state.chains[0] == 20
    assert ch.chain_of(s, A) != ch.chain_of(s, C)


def test_combo_c42_car_03_deadlock_each_player_places_one() -> None:
    """COMBO-C42-CAR-03: in a deadlock each player places one camel, the active player first
    (his goes where he voted) (seed 000)."""
    g = game("catan_for_two")
    s = _after_build(g, 0, {0: {"wool": 1}, 1: {"grain": 1}})
    A, B, C = spots(s)
    vote(s, [(A, 1), (B, 1)])
    ch = g.rules.chains
    assert ch.piece_at(s.rules_state.chains, A) >= 0 and s.rules_state.chains[0] == 21
    assert s.current_player() == 1
    act(s, f"choose edge {B}")
    assert s.rules_state.chains[0] == 20 and ch.piece_at(s.rules_state.chains, B) >= 0


def test_combo_c42_car_04_the_token_action_puts_the_robber_beside_the_board() -> None:
    """COMBO-C42-CAR-04: the trade-token robber action puts the robber beside the board until
    its next use (seed 000)."""
    g = game("catan_for_two")
    s = main(g)
    s.robber = 3
    s._legal = None
    act(s, "do robber_to_desert")
    assert s.robber == -1
    from catan_dsl.engine.base.turn_flow import start_robber
    start_robber(s, 0, discards=False)
    s._legal = None
    assert len(texts(s)) == s.board.n_hexes - 1         # the next 7/knight: any numbered hex


def test_combo_ev_car_01_robber_flees_puts_the_robber_beside_the_board() -> None:
    """COMBO-EV-CAR-01: with Event Cards, Robber Flees puts the robber beside the board (seed 000)."""
    g = game("event_cards")
    s = main(g)
    s.robber = 3
    pre_roll(s, 0)
    if not s.is_chance_node():
        act(s, "roll")
    act(s, "deal events robber_flees")
    assert s.robber == -1

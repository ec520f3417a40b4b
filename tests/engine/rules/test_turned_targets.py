"""Rule-action targets that read the pieces built this turn, the open ends of routes and the
robbers' places, kept per position, turn and robbers (ActionSpec.target_turned) → along random
games every listing equals the one worked out afresh."""

from __future__ import annotations

import random

import pytest

from catan_dsl.engine.base import networks
from tests.engine.rules.random_walks import listing_afresh, rule_listings, seafarers_game


def _afresh(s) -> list:
    """The listing with no rule action's targets kept per turn."""
    return listing_afresh(s, "target_turned", False)


@pytest.mark.parametrize("name", ["new_shores", "through_the_desert"])
def test_move_a_ship_listings_equal_the_ones_worked_out_afresh(name: str) -> None:
    """SF-20, SF-22, SF-36 (a ship at an open end moves, never one built this turn nor one
    beside the pirate): the listed ship moves are the same whether kept or worked out afresh,
    over random games where ships are built, moved and the pirate moves."""
    g = seafarers_game(name)
    move_ship = next(ar.action for ar in g.rules.actions if ar.action.name == "move_ship")
    assert move_ship.target_turned
    checked = 0
    for seed in (3, 4):
        for s, legal in rule_listings(g, seed, 2500):
            assert list(legal) == _afresh(s)
            checked += 1
    assert checked > 200


def test_a_ship_built_last_round_is_listed_again_though_nothing_moved() -> None:
    """SF-22: a ship built this turn does not move, and can move on a later turn: when a whole
    round passes with nothing built or moved (the kept targets' position unchanged), the ship
    built a round ago is listed again, as worked out afresh; likewise after the pirate moves
    with nothing else changed (SF-36)."""
    g = seafarers_game("new_shores")
    ship = g.piece_names.index("ship")
    checked = 0
    for seed in range(1, 13):
        s, rng = g.new_initial_state(seed=seed), random.Random(seed)
        for _ in range(3000):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply_action(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            rs, n_v = s.rules_state, s.board.n_vertices
            fresh = [x - n_v for x in rs.built_now or () if x >= n_v
                     and s.e_kind[x - n_v] == ship and networks.route_end(s, x - n_v)]
            if fresh and not s.prompts and any(getattr(a, "rule", -1) >= 0 for a in legal):
                saved = rs.built_now, rs.uses_turn, s.turn
                rs.built_now, rs.uses_turn = set(), {}
                s.turn += g.num_players               # the same seat's turn a round later
                s._legal = None
                afresh = _afresh(s)
                if fresh[0] not in [getattr(a, "target", None) for a in afresh]:
                    rs.built_now, rs.uses_turn, s.turn = saved     # beside the pirate: next
                    s._legal = None
                    s.apply_action(rng.choice(s.legal_actions()))
                    continue
                assert list(s.legal_actions()) == afresh
                # The pirate moved beside that ship: it may not move now (SF-36).
                beside = [h for h in s.board.edge_sea_hexes[fresh[0]] if h != rs.robbers[0]]
                if beside:
                    rs.robbers[0] = beside[0]
                    s._legal = None
                    listed = list(s.legal_actions())
                    assert listed == _afresh(s)
                    assert fresh[0] not in [getattr(a, "target", None) for a in listed]
                checked += 1
                break
            s.apply_action(rng.choice(legal))
    assert checked >= 3


def test_a_round_later_with_nothing_built_the_kept_targets_are_found_and_right() -> None:
    """SF-20, SF-22: the ships a player may move depend on his pieces, the ones built this turn
    and the pirate, not on the turn: when a round passes with nothing built or moved, his next
    turn's listing finds the targets kept at his last one (no new entry worked out) and they
    are the ones worked out afresh."""
    g = seafarers_game("new_shores")
    ri = next(ar.action for ar in g.rules.actions if ar.action.name == "move_ship").rule_index
    checked = 0
    for s, legal in rule_listings(g, 5, 3000):
        rs = s.rules_state
        if rs.built_now or not any(getattr(a, "rule", -1) == ri for a in legal):
            continue
        kept = rs.position_memo(s.piece_moves)
        before = [k for k in kept if k[:2] == ("targets", ri)]
        saved = rs.uses_turn, s.turn
        rs.uses_turn = {}
        s.turn += g.num_players               # the same seat's turn a round later
        s._legal = None
        listed = list(s.legal_actions())
        assert [k for k in kept if k[:2] == ("targets", ri)] == before
        assert listed == _afresh(s)
        rs.uses_turn, s.turn = saved
        s._legal = None
        checked += 1
    assert checked > 20

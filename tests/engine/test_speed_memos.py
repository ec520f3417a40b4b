"""Seeded random games → the memoised trade menus, the main listing kept across declined offers and the bitmask longest-route walk agree with a direct computation."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catan_dsl import api
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.state import MAIN


@pytest.fixture(scope="module")
def game() -> Game:
    ir, report = api.compile_file("scenarios/base.catan", board="tournament")
    assert ir is not None, report
    return Game(ir, num_players=4)


def _reference_trades(s, p: int) -> list:
    """The menu as listed before it was memoised: bank trades, then 1-or-2-for-1 offers."""
    g, t = s.game, s.game.actions
    hand, bank, ratio, nr = s.hand[p], s.bank, s.ratio[p], g.n_resources
    out = [t.bank(give, ratio[give], get) for give in range(nr) if hand[give] >= ratio[give]
           for get in range(nr) if get != give and bank[get]]
    if g.domestic and s.offers_this_turn < g.offers_per_turn:
        gets = [r for r in range(nr) if g.bank_total[r] - bank[r] - hand[r] > 0]
        for give in range(nr):
            for n in (1, 2):
                if hand[give] >= n:
                    out += [t.offer_grid[give][n][get] for get in gets if get != give]
    return out


def _reference_route(s, p: int, kinds: tuple[int, ...]) -> int:
    """Longest trail by brute force over every start vertex and every edge order."""
    b = s.board
    mine = {e for e in s.route_edges[p] if s.e_kind[e] in kinds and s.e_owner[e] == p}

    def walk(v: int, used: frozenset) -> int:
        best = len(used)
        if used and 0 <= s.v_owner[v] != p:
            return best
        for e in b.vertex_edges[v]:
            if e in mine and e not in used:
                a, c = b.edge_vertices[e]
                best = max(best, walk(c if a == v else a, used | {e}))
        return best

    return max((walk(v, frozenset()) for e in mine for v in b.edge_vertices[e]), default=0)


def test_trade_menu_memo_matches_direct_listing(game: Game) -> None:
    """BASE-51, BASE-52, BASE-53: offers list only held cards, one resource a side, never the
    same on both sides — the memoised menu is exactly the directly computed one, in order."""
    from catan_dsl.bots import make_bot
    checked = 0
    for seed in range(1, 9):
        rng, s = random.Random(seed), game.new_initial_state(seed=seed)
        bots = [make_bot("random") for _ in range(4)]
        while not s.is_terminal() and s.turn < 300:
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            if s.phase == MAIN and not s.prompts:
                from catan_dsl.engine.actions import BankTrade, OfferTrade
                trades = [a for a in legal if isinstance(a, (BankTrade, OfferTrade))]
                assert trades == _reference_trades(s, p)
                checked += 1
            s.apply_action(bots[p].choose(s, legal, rng))
    assert checked > 500


def test_main_listing_kept_across_declined_offers_is_the_listing_afresh(game: Game) -> None:
    """BASE-51, BASE-52: an offer everybody declines changes nothing, so the turn's main listing
    comes back as it was (State._listing_at_offer) — the same actions, in order, as a listing
    worked out afresh, and no listing is kept once an offer is taken."""
    from catan_dsl.bots import make_bot
    kept = 0
    for seed in range(1, 7):
        rng, s = random.Random(seed), game.new_initial_state(seed=seed)
        bots = [make_bot("random") for _ in range(4)]
        while not s.is_terminal() and s.turn < 300:
            was_kept = s._listing_at_offer is not None and not s.prompts
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(s.sample_chance(rng))
                continue
            if s.phase == MAIN and not s.prompts:
                legal = s.legal_actions()
                fresh = s.clone()
                fresh._listing_at_offer = fresh._legal = None
                assert fresh.legal_actions() == legal
                kept += was_kept
            else:
                legal = s.legal_actions()
            action = bots[p].choose(s, legal, rng)
            s.apply_action(action)
            if action is game.actions.accept:
                assert s._listing_at_offer is None
    assert kept > 100


def test_longest_route_matches_brute_force(game: Game) -> None:
    """BASE-66, BASE-69: the measured longest road equals a brute-force trail search in which
    an opponent's building ends a road."""
    from catan_dsl.bots import make_bot
    from catan_dsl.engine.base import awards
    si = next(i for i, sp in enumerate(game.specials) if sp.measure == "longest_route")
    kinds = game.specials[si].route_kinds
    checked = 0
    for seed in range(1, 7):
        rng, s = random.Random(seed), game.new_initial_state(seed=seed)
        bots = [make_bot("random") for _ in range(4)]
        while not s.is_terminal() and s.turn < 300:
            p = s.current_player()
            a = s.sample_chance(rng) if p == CHANCE else bots[p].choose(s, s.legal_actions(), rng)
            s.apply_action(a)
            if s.turn % 25 == 0 and not s.prompts:
                for q in range(4):
                    want = _reference_route(s, q, kinds)
                    assert awards.longest_route(s, q, kinds) == want
                    assert s.measure[si][q] == want
                    checked += 1
    assert checked > 20


def _trail_from_every_vertex(edge_vertices, mine, weights, stops) -> int:
    """The longest trail by a walk from every vertex of the network (no start left out)."""
    w = dict(zip(mine, weights)) if weights is not None else dict.fromkeys(mine, 1)

    def walk(v: int, used: frozenset) -> int:
        best = 0
        if used and v in stops:
            return best
        for e in mine:
            if e not in used and v in edge_vertices[e]:
                a, c = edge_vertices[e]
                best = max(best, w[e] + walk(c if a == v else a, used | {e}))
        return best

    return max((walk(v, frozenset()) for e in mine for v in edge_vertices[e]), default=0)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_longest_trail_starts_left_out_never_change_the_length(game: Game, data) -> None:
    """BASE-66, BASE-69: the longest trail (a forest's by two sweeps, a network with a cycle
    walked over runs of paths joined as one link, from odd-degree vertices, stops and one vertex
    of each closed part only); on networks around a few hexes (rings, figure eights, branches,
    with opponents' buildings and weighted paths, weight 0 too) it finds what a walk from every
    vertex over single paths finds."""
    from catan_dsl.engine.base import trails
    b = game.board(1)
    around = data.draw(st.lists(st.integers(0, b.n_hexes - 1), min_size=1, max_size=3))
    pool = sorted({e for h in around for v in b.hex_vertices[h] for e in b.vertex_edges[v]})
    # Whole rings of hex sides (closed trails, all of even degree) and paths added at random.
    rings = {e for h in data.draw(st.lists(st.sampled_from(around), max_size=2))
             for v in b.hex_vertices[h] for e in b.vertex_edges[v]
             if set(b.edge_vertices[e]) <= set(b.hex_vertices[h])}
    mine = sorted(rings | data.draw(st.sets(st.sampled_from(pool), min_size=0 if rings else 1,
                                            max_size=10)))
    corners = sorted({v for e in mine for v in b.edge_vertices[e]})
    stops = data.draw(st.sets(st.sampled_from(corners), max_size=3))
    weights = data.draw(st.none() | st.tuples(*[st.integers(0, 3) for _ in mine]))
    assert trails.trail(b.edge_vertices, mine, weights, stops) == \
        _trail_from_every_vertex(b.edge_vertices, mine, weights, stops)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_longest_trail_of_grown_networks_is_what_every_walk_finds(game: Game, data) -> None:
    """BASE-66, BASE-69: networks grown path by path as players build them (long branches,
    forks, the odd cycle; up to 16 paths), with opponents' buildings and weights from 0: the
    longest trail is what a walk from every vertex over single paths finds."""
    b = game.board(1)
    mine = [data.draw(st.integers(0, b.n_edges - 1))]
    for _ in range(data.draw(st.integers(0, 15))):
        ends = sorted({v for e in mine for v in b.edge_vertices[e]})
        v = data.draw(st.sampled_from(ends))
        free = [e for e in b.vertex_edges[v] if e not in mine]
        if free:
            mine.append(data.draw(st.sampled_from(free)))
    _assert_trail_as_every_walk(b, mine, data)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_longest_trail_of_rings_with_trees_is_what_every_walk_finds(game: Game, data) -> None:
    """BASE-66, BASE-69: a network with a cycle is measured by walking its core only, the trees
    hanging off it counted by their depth (the deepest to start, another to end at the start
    node) or by their own longest path; on one or two rings of hex sides with branches grown off
    them path by path, opponents' buildings and weights from 0, it finds what a walk from every
    vertex over single paths finds."""
    b = game.board(1)
    hexes = data.draw(st.lists(st.integers(0, b.n_hexes - 1), min_size=1, max_size=2))
    mine = sorted({e for h in hexes for v in b.hex_vertices[h] for e in b.vertex_edges[v]
                   if set(b.edge_vertices[e]) <= set(b.hex_vertices[h])})
    for _ in range(data.draw(st.integers(0, 14))):
        ends = sorted({v for e in mine for v in b.edge_vertices[e]})
        free = [e for e in b.vertex_edges[data.draw(st.sampled_from(ends))] if e not in mine]
        if free:
            mine.append(data.draw(st.sampled_from(free)))
    _assert_trail_as_every_walk(b, mine, data)


def test_longest_trail_may_lie_in_a_tree_hanging_off_a_ring() -> None:
    """BASE-66: a ring of 6 with a stem of 1 to a fork of two arms of 10: the longest trail is
    arm to arm (20), not one that runs round the ring (an arm, the stem and the ring: 17)."""
    from catan_dsl.engine.base import trails
    ends = [(i, (i + 1) % 6) for i in range(6)] + [(0, 10)]
    for first in (100, 200):                    # two arms of 10 from the fork at node 10
        ends += [(10, first)] + [(first + i, first + i + 1) for i in range(9)]
    mine = list(range(len(ends)))
    assert trails.trail(ends, mine, None, set()) == 20 == \
        _trail_from_every_vertex(ends, mine, None, set())


def _assert_trail_as_every_walk(b, mine: list[int], data) -> None:
    """Opponents' buildings (stops) and weights from 0 drawn for the network ``mine``: the
    longest trail is what a walk from every vertex over single paths finds."""
    from catan_dsl.engine.base import trails
    mine.sort()
    corners = sorted({v for e in mine for v in b.edge_vertices[e]})
    stops = data.draw(st.sets(st.sampled_from(corners), max_size=3))
    weights = data.draw(st.none() | st.tuples(*[st.integers(0, 3) for _ in mine]))
    assert trails.trail(b.edge_vertices, mine, weights, stops) == \
        _trail_from_every_vertex(b.edge_vertices, mine, weights, stops)

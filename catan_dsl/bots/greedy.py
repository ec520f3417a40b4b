"""State + legal actions → the action whose one-ply result scores best (VP, production, hand, reach)."""

from __future__ import annotations

import random

from catan_dsl.engine import CHANCE, Action, State

VP_WEIGHT = 100.0
PIP_WEIGHT = 180.0        # per unit of expected cards per roll
CARD_WEIGHT = 1.0
OVER_LIMIT_PENALTY = 6.0
SPOT_WEIGHT = 3.0
REACH_WEIGHT = 2.0        # spots one more route piece away: makes the first road worth building
DEV_WEIGHT = 12.0
READY_WEIGHT = 15.0
OPPONENT_WEIGHT = 0.5
COUNTER_WEIGHT = 2.0      # per unit of a scenario counter: worth about two cards of something
TOKEN_WEIGHT = 2.5        # per point of value of a held deck item
MAX_CHANCE_OUTCOMES = 12


def production(s: State, p: int) -> float:
    """Expected resource cards per roll from ``p``'s buildings, the robbed hex excluded."""
    g, b = s.game, s.board
    prob = _number_probability(g)
    total = 0.0
    for v in s.buildings[p]:
        y = g.piece_yield[s.v_kind[v]]
        for h in b.vertex_hexes[v]:
            if h != s.robber and b.hex_resource[h] >= 0:
                total += y * sum(prob.get(n, 0.0) for n in b.hex_numbers[h])
    return total


_PROB_CACHE: dict[int, dict[int, float]] = {}


def _number_probability(g) -> dict[int, float]:
    d = _PROB_CACHE.get(id(g))
    if d is None:
        d = {t: pr for t, pr in g.roll_outcomes if t != g.robber_number}
        _PROB_CACHE.clear()
        _PROB_CACHE[id(g)] = d
    return d


def readiness(s: State, p: int) -> float:
    """How close the hand is to paying for something: 1 per build affordable, less when short."""
    g = s.game
    hand = s.hand[p]
    score = 0.0
    costs = [(g.piece_cost[k], g.piece_vp[k] + 0.5) for k in range(len(g.piece_names))
             if s.supply[p][k] and g.piece_cost[k]]
    if g.cards and any(s.deck):
        costs.append((g.dev_cost, 0.6))
    for cost, value in costs:
        missing = sum(max(0, n - hand[r]) for r, n in cost)
        score += value / (1 + missing)
    return score


def reach(s: State, p: int) -> int:
    """Free building spots at the far end of an edge ``p`` could build next."""
    b = s.board
    v_owner, blocked = s.v_owner, s.v_blocked
    spots = {v for e in s.edge_spots[p] for v in b.edge_vertices[e]
             if v_owner[v] < 0 and not blocked[v]}
    return len(spots - s.vertex_spots[p])


def holdings(s: State, p: int) -> float:
    """Scenario stock the engine tracks generically: counters and the value of held deck items."""
    ext = s.ext
    if ext is None:
        return 0.0
    total = COUNTER_WEIGHT * sum(ext.counters[p])
    for d, deck in zip(s.game.rx.decks, ext.held):
        total += TOKEN_WEIGHT * sum(k * max(v, 0) for k, v in zip(deck[p], d.values))
    return total


def evaluate(s: State, p: int) -> float:
    """Score of ``s`` for ``p``: generic in what the engine exposes, so unknown actions are valued
    by what they yield."""
    g = s.game
    if s.is_terminal():
        return 1e6 if s.winner() == p else -1e6
    cards = sum(s.hand[p])
    over = max(0, cards - g.discard_above)
    own = (VP_WEIGHT * s.vp(p) + PIP_WEIGHT * production(s, p) + CARD_WEIGHT * cards
           - OVER_LIMIT_PENALTY * over + SPOT_WEIGHT * min(len(s.vertex_spots[p]), 3)
           + REACH_WEIGHT * min(reach(s, p), 3)
           + DEV_WEIGHT * sum(s.dev_hand[p]) + READY_WEIGHT * readiness(s, p)
           + holdings(s, p))
    rival = max((VP_WEIGHT * s.vp(q) + PIP_WEIGHT * production(s, q)
                 for q in range(g.n_real) if q != p), default=0.0)
    return own - OPPONENT_WEIGHT * rival


def _value(s: State, a: Action, p: int, depth: int = 0) -> float:
    c = s.clone()
    c.apply_action(a)
    # Average over a chance node right after the action (a card drawn, a card stolen).
    if depth == 0 and c.is_chance_node():
        outcomes = c.chance_outcomes()
        if len(outcomes) <= MAX_CHANCE_OUTCOMES:
            return sum(pr * _value(c, o, p, 1) for o, pr in outcomes)
    return evaluate(c, p)


class GreedyBot:
    name = "greedy"

    def choose(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        p = state.current_player()
        if p == CHANCE:
            return state.sample_chance(rng)
        end = state.game.actions.end_turn
        best: list[Action] = []
        best_score = float("-inf")
        for a in legal:
            v = _value(state, a, p)
            if a is end:
                v += 0.5   # ending the turn wins ties, so the bot never dithers
            if v > best_score + 1e-9:
                best_score, best = v, [a]
            elif v > best_score - 1e-9:
                best.append(a)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]

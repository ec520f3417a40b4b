"""State + seat → the fitted log-odds that the seat wins, from features every rule set has (the search bot's leaf value with `mcts:fitted=1`)."""

from __future__ import annotations

import math
from operator import mul

from catan_dsl.bots.greedy import (AWARD_POLICY, OPPONENT_WEIGHT, PIP_WEIGHT, PROGRESS_WEIGHT,
                                   VP_WEIGHT, award_progress, board_terms, evaluate, readiness)
from catan_dsl.engine import State
from catan_dsl.engine.board import CHOICE

# The race: a player's standing is log(effective production) - log(cards still to gather), so
# a VP is worth more the nearer the target and production more the further (a VP gained costs
# CARDS_PER_VP cards: what the pieces that score cost, read from the IR).
CARDS_PER_VP = 5.0        # when no piece that costs something scores
HAND_SHARE = 0.5          # a card in hand (up to the discard limit) as this many cards gathered
MIN_PRODUCTION = 0.05     # expected cards per roll below which no one is slower (no pieces yet)
# Effective production: each resource's expected cards per roll weighed by its scarcity on the
# board (the mean resource's pips over its own, within SCARCITY_RANGE), plus DIVERSITY_PIPS
# pips (36ths of a card) per kind produced, plus a harbour's better rate on what it trades.
SCARCITY_RANGE = (0.6, 1.8)
DIVERSITY_PIPS = 2.0
PORT_SHARE = 0.25         # share of a resource's production traded at the harbour's rate

# The features of a position for a seat, in the order of WEIGHTS (bench/fit_search_value.py
# fits them: a logistic regression of who won on the features at every turn's end of seeded
# all-greedy games).
FEATURES = ("greedy", "vp", "production", "effective_production", "standing", "kinds",
            "cards", "over_limit", "dev_cards", "readiness", "award_progress",
            "rival_vp", "rival_production", "rival_standing")
# Fitted log-odds of winning per unit of each feature (bench/README.md, the search bot).
WEIGHTS: tuple[float, ...] = (0.2097, 0.09404, 1.872, -1.399, 0.7146, 0.3302, 0.01803, 0.04889,
                               0.08955, 0.04008, 0.9477, -0.1544, -1.043, -0.6646)
# Evaluation points per log-odds unit: a VP is about 0.4 log-odds in the fit (through the greedy
# evaluation, the VP and the standing), so a VP stays about 100 points, the scale the leaf
# squashes (playout.VALUE_SCALE).
LOGIT_POINTS = 250.0


def search_value(s: State, p: int) -> float:
    """The search bot's value of ``s`` for ``p``: the fitted log-odds that ``p`` wins, in
    evaluation points (a win or a loss: the greedy evaluation's ±1e6)."""
    if s.is_terminal():
        return evaluate(s, p)
    return LOGIT_POINTS * sum(map(mul, WEIGHTS, features(s, p)))


def features(s: State, p: int) -> tuple[float, ...]:
    """The FEATURES of ``s`` for ``p`` (read from the IR and the state: no scenario names)."""
    g = s.game
    prods, _ = board_terms(s)
    hand = sum(s.hand[p])
    rivals = [q for q in range(g.n_real) if q != p]
    rival_vp = max((s.vp(q) for q in rivals), default=0)
    rival_prod = max((prods[q] for q in rivals), default=0.0)
    rival_standing = max((standing(s, q) for q in rivals), default=0.0)
    return (evaluate(s, p) / VP_WEIGHT, float(s.vp(p)), prods[p], effective_production(s, p),
            standing(s, p), float(kinds_produced(s, p)), float(min(hand, g.discard_above)),
            float(max(0, hand - g.discard_above)), float(sum(s.dev_hand[p])),
            readiness(s, p), award_progress(s, p) / VP_WEIGHT if g.specials else 0.0,
            float(rival_vp), rival_prod, rival_standing)


def kinds_produced(s: State, p: int) -> int:
    """How many resources ``p``'s buildings yield (the robbed hex excluded)."""
    vertex_yields, _ = _board_table(s)
    robber = s.robber
    return len({r for v in s.buildings[p] for h, r, _ in vertex_yields[v]
                if h != robber and r >= 0})


def standing(s: State, p: int) -> float:
    """log(effective production per roll) - log(cards ``p`` still has to gather to win)."""
    g = s.game
    left = max(0, g.target - s.vp(p)) * cards_per_vp(g)
    left -= HAND_SHARE * min(sum(s.hand[p]), g.discard_above)
    return math.log(max(effective_production(s, p), MIN_PRODUCTION)) - math.log(max(left, 1.0))


def effective_production(s: State, p: int) -> float:
    """Expected cards per roll of ``p``'s buildings (the robbed hex excluded), each kind weighed
    by its scarcity and its harbour rate, with a bonus per kind produced."""
    g = s.game
    vertex_yields, scarcity = _board_table(s)
    per_kind = [0.0] * g.n_resources
    choice = 0.0
    yields, v_kind, robber = g.piece_yield, s.v_kind, s.robber
    for v in s.buildings[p]:
        y = yields[v_kind[v]]
        if not y:
            continue
        for h, r, pips in vertex_yields[v]:
            if h == robber:
                continue
            if r == CHOICE:
                choice += y * pips
            else:
                per_kind[r] += y * pips
    ratio, bank = s.ratio[p], g.bank_ratio
    total = choice
    kinds = 0
    for r, x in enumerate(per_kind):
        if x:
            kinds += 1
            rate = bank / ratio[r] if ratio[r] > 0 else 1.0     # (no bank trade: no gain)
            total += x * scarcity[r] * (1.0 + PORT_SHARE * (rate - 1.0))
    return total + kinds * DIVERSITY_PIPS / 36.0


def scarcity(s: State) -> tuple[float, ...]:
    """Each resource's weight: the mean resource's expected cards per roll on the board over
    its own, within SCARCITY_RANGE (1 for a resource no hex yields)."""
    return _board_table(s)[1]


_TABLES: dict[int, tuple] = {}
_CPV: dict[int, tuple] = {}


def _board_table(s: State) -> tuple:
    """Per board: each vertex's (hex, resource, expected cards per roll) of the hexes that
    yield, and each resource's scarcity weight (static per board, kept for a few boards)."""
    b = s.board
    hit = _TABLES.get(id(b))
    if hit is not None and hit[0] is b:
        return hit[1]
    g = s.game
    prob = {t: pr for t, pr in g.roll_outcomes if t != g.robber_number}
    hex_pips = [sum(prob.get(n, 0.0) for n in b.hex_numbers[h]) for h in range(len(b.hex_numbers))]
    vertex_yields = tuple(tuple((h, b.hex_resource[h], hex_pips[h]) for h in b.vertex_hexes[v]
                                if b.hex_resource[h] >= 0 or b.hex_resource[h] == CHOICE
                                if hex_pips[h])
                          for v in range(b.n_vertices))
    totals = [0.0] * g.n_resources
    for h, r in enumerate(b.hex_resource):
        if r >= 0:
            totals[r] += hex_pips[h]
    present = [t for t in totals if t > 0]
    mean = sum(present) / len(present) if present else 1.0
    lo, hi = SCARCITY_RANGE
    scarcity = tuple(min(hi, max(lo, mean / t)) if t > 0 else 1.0 for t in totals)
    if len(_TABLES) > 8:
        _TABLES.clear()
    table = (vertex_yields, scarcity)
    _TABLES[id(b)] = (b, table)
    return table


def cards_per_vp(g) -> float:
    """Cards a VP costs on average over the pieces that cost something and score (an upgrade
    counts the VP it adds): 4.5 in the base game (settlement 4, city 5)."""
    hit = _CPV.get(id(g))
    if hit is not None and hit[0] is g:
        return hit[1]
    rates = []
    for k, cost in enumerate(g.piece_cost):
        below = g.piece_upgrades[k]
        gained = g.piece_vp[k] - (g.piece_vp[below] if below >= 0 else 0)
        if cost and gained > 0:
            rates.append(sum(n for _, n in cost) / gained)
    value = sum(rates) / len(rates) if rates else CARDS_PER_VP
    if len(_CPV) > 8:
        _CPV.clear()
    _CPV[id(g)] = (g, value)
    return value


_FLEETING: dict[int, tuple] = {}


def fleeting_specials(g) -> tuple[int, ...]:
    """The special cards worth VP whose holders are worked out afresh whenever their measure
    changes (every policy but first-then-strictly-more: the sole most, everyone at the least):
    whoever holds one now may lose it on any rival's next gain (static per game)."""
    hit = _FLEETING.get(id(g))
    if hit is None or hit[0] is not g:
        if len(_FLEETING) > 8:
            _FLEETING.clear()
        hit = _FLEETING[id(g)] = (g, tuple(si for si, sp in enumerate(g.specials)
                                           if sp.vp and sp.policy != AWARD_POLICY))
    return hit[1]


def fleeting_vp(s: State, p: int, specials: tuple[int, ...]) -> int:
    """The VP ``p`` has now from ``specials`` (a sole holder's, or one of several holders')."""
    specs = s.game.specials
    total = 0
    multi = s.rules_state.multi if s.rules_state is not None else None
    for si in specials:
        if s.holders[si] == p or (multi is not None and p in multi[si]):
            total += specs[si].vp
    return total


def steady_evaluate(s: State, p: int, weight: float) -> float:
    """The greedy evaluation with the VP of fleeting special cards (``fleeting_specials``)
    counted at ``weight`` (0..1) for ``p`` and for the rival it weighs: a position scored at
    the end of a turn credits such a card in full though the next rival's gain may take it
    away, so a search that maximises the evaluation chases it (gold before cities in Rivers,
    bench/README.md). The same as ``evaluate`` in a game without such cards."""
    specials = fleeting_specials(s.game)
    if not specials or s.is_terminal() or weight == 1.0:
        return evaluate(s, p)
    off = (1.0 - weight) * VP_WEIGHT
    prods, _ = board_terms(s)
    before = after = None
    for q in range(s.game.n_real):
        if q != p:
            v = VP_WEIGHT * s.vp(q) + PIP_WEIGHT * prods[q]
            w = v - off * fleeting_vp(s, q, specials)
            before = v if before is None or v > before else before
            after = w if after is None or w > after else after
    rival_change = 0.0 if before is None else OPPONENT_WEIGHT * (before - after)
    return evaluate(s, p) - off * fleeting_vp(s, p, specials) + rival_change


def rival_rest(s: State, p: int) -> float:
    """What the greedy evaluation credits ``p``'s leading rival (the one it weighs: most VP and
    production) beyond its VP and production — cards, readiness to build, development cards,
    counters, progress toward awards — which ``evaluate(s, p)`` leaves out of the rival's
    term: a trade the rival accepts, or a card taken from it, moves only this."""
    prods, _ = board_terms(s)
    n = s.game.n_real
    q = best = None
    for r in range(n):
        if r != p:
            v = VP_WEIGHT * s.vp(r) + PIP_WEIGHT * prods[r]
            if best is None or v > best:
                q, best = r, v
    if q is None:
        return 0.0
    # evaluate(s, q) is q's own terms less OPPONENT_WEIGHT times q's leading rival's VP and
    # production: add that back, and take q's own VP and production away.
    others = max(VP_WEIGHT * s.vp(r) + PIP_WEIGHT * prods[r] for r in range(n) if r != q)
    return evaluate(s, q) + OPPONENT_WEIGHT * others - best


def award_race(s: State, p: int) -> float:
    """Progress toward the special cards ``p`` does not hold that go to the first to reach a
    minimum and then to a strictly higher measure, counted linearly (the share of the measure
    needed, times the card's VP): the greedy evaluation counts it squared, so the first steps
    of a race (a first played knight) are worth little and are given up for what pays now."""
    total = 0.0
    for si, sp in enumerate(s.game.specials):
        if sp.vp <= 0 or sp.policy != AWARD_POLICY or s.holders[si] == p:
            continue
        holder = s.holders[si]
        m = s.measure[si]
        need = max(sp.min, m[holder] + 1 if holder >= 0 else 1)
        total += PROGRESS_WEIGHT * VP_WEIGHT * sp.vp * min(m[p], need) / need
    return total

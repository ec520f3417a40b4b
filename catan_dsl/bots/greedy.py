"""State + legal actions → the action whose result scores best, its own follow-up prompts looked through."""

from __future__ import annotations

import random
from operator import mul

from catan_dsl.engine import CHANCE, Action, State
from catan_dsl.engine.actions import OfferTrade
from catan_dsl.engine.board import NOTHING
from catan_dsl.engine.prompts import RULE_CHOOSE

VP_WEIGHT = 100.0
PIP_WEIGHT = 180.0        # per unit of expected cards per roll
CARD_WEIGHT = 1.0
OVER_LIMIT_PENALTY = 6.0
SPOT_WEIGHT = 3.0
REACH_WEIGHT = 2.0        # spots one more route piece away: makes the first road worth building
# Where the sea has paths: per path piece fewer between the player's pieces and the nearest
# intersection he could build on, up to SAIL_RANGE pieces away (0 while he has a spot to
# build on): makes a route across the water worth building one piece at a time once the land
# within reach is taken, and a moved piece worth moving toward land.
SAIL_WEIGHT = 4.0
SAIL_RANGE = 6
DEV_WEIGHT = 12.0
READY_WEIGHT = 15.0
OPPONENT_WEIGHT = 0.5
COUNTER_WEIGHT = 2.0      # per unit of a scenario counter: worth about two cards of something
TOKEN_WEIGHT = 2.5        # per point of value of a held deck item
PROGRESS_WEIGHT = 0.5     # share of an award's VP credited at (measure / measure needed) squared
MAX_CHANCE_OUTCOMES = 12
OWN_DECISIONS = 3         # own follow-up prompts looked through after an action
# A scenario may set that depth for greedy bots with a parameter of this name (docs/language.md):
# T&B plays as well or better at 2 and twice as fast, Barbarian Attack worse (bench/README.md).
DEPTH_PARAM = "bot_look_ahead"
# ... and how many of those may follow a chance node of the look-ahead (a card drawn, a die
# rolled); without it, as many as before the chance node. Barbarian Attack sets 1.
AFTER_CHANCE_PARAM = "bot_look_after_chance"
# ... and how many options of a long own prompt (a piece's destination among dozens) the
# look-ahead scores, SAMPLE without it; the bot's own answer to such a prompt still weighs SAMPLE.
SAMPLE_PARAM = "bot_look_sample"
WIDTH = 4                 # follow-up options expanded at each own prompt (best by a static score)
SAMPLE = 24               # a rule's prompt with more options is scored on a sample this big
AWARD_POLICY = "first_then_strictly_more"


def production(s: State, p: int, pips: tuple | None = None) -> float:
    """Expected resource cards per roll from ``p``'s buildings, the robbed hex excluded."""
    vertex_pips, hex_pips, hex_vertices = pips or _pips(s)
    yields, v_kind = s.game.piece_yield, s.v_kind
    total = 0.0
    for v in s.buildings[p]:
        total += yields[v_kind[v]] * vertex_pips[v]
    robber = s.robber
    if robber >= 0 and hex_pips[robber]:
        lost = hex_pips[robber]
        for v in hex_vertices[robber]:
            if s.v_owner[v] == p:
                total -= yields[v_kind[v]] * lost
    return total


def kept_per(cache: dict, owner, build):
    """``build(owner)``, kept per ``owner`` (a board, a game or its rules: immutable and shared
    by every state of a game, so computed once); a few owners are kept at a time."""
    hit = cache.get(id(owner))
    if hit is None or hit[0] is not owner:
        if len(cache) > 8:
            cache.clear()
        hit = cache[id(owner)] = (owner, build(owner))
    return hit[1]


# Per board: expected cards per roll of each vertex, of each hex, and the vertices of each hex.
_PIPS: dict[int, tuple] = {}


def _pips(s: State) -> tuple:
    g = s.game

    def build(b) -> tuple:
        prob = {t: pr for t, pr in g.roll_outcomes if t != g.robber_number}
        # A hex of choice (CHOICE) yields too: every hex but one producing nothing counts.
        hex_pips = [sum(prob.get(n, 0.0) for n in b.hex_numbers[h]) if b.hex_resource[h] != NOTHING
                    else 0.0 for h in range(len(b.hex_numbers))]
        vertex_pips = [sum(hex_pips[h] for h in b.vertex_hexes[v]) for v in range(b.n_vertices)]
        return vertex_pips, hex_pips, b.hex_vertices
    return kept_per(_PIPS, s.board, build)


def readiness(s: State, p: int) -> float:
    """How close the hand is to paying for something: 1 per build affordable, less when short."""
    g = s.game
    hand = s.hand[p]
    supply = s.supply[p]
    score = 0.0
    for k, cost, value in _buildable(g):
        if supply[k]:
            missing = 0
            for r, n in cost:
                if n > hand[r]:
                    missing += n - hand[r]
            score += value / (1 + missing)
    if g.cards and any(s.deck):
        missing = 0
        for r, n in g.dev_cost:
            if n > hand[r]:
                missing += n - hand[r]
        score += 0.6 / (1 + missing)
    return score


_BUILDABLE: dict[int, tuple] = {}


def _buildable(g) -> tuple:
    """(kind, cost, value) of each piece that costs something: static per game."""
    return kept_per(_BUILDABLE, g, lambda g: tuple((k, g.piece_cost[k], g.piece_vp[k] + 0.5)
                                                for k in range(len(g.piece_names))
                                                if g.piece_cost[k]))


def reach(s: State, p: int) -> int:
    """Free building spots at the far end of an edge ``p`` could build next."""
    b = s.board
    v_owner, blocked = s.v_owner, s.v_blocked
    if b.edge_water:            # the open sea's intersections take no building
        closed = b.vertex_closed
        spots = {v for e in s.path_spots(p) for v in b.edge_vertices[e]
                 if v_owner[v] < 0 and not blocked[v] and v not in closed}
    else:
        spots = {v for e in s.edge_spots[p] for v in b.edge_vertices[e]
                 if v_owner[v] < 0 and not blocked[v]}
    return len(spots - s.vertex_spots[p])


def sail(s: State, p: int) -> float:
    """On a board whose sea has paths: how much nearer than SAIL_RANGE path pieces ``p``'s
    pieces are to the nearest intersection he could build on (SAIL_RANGE while he has one to
    build on now), counted over the free paths his path pieces can take (land or water, an
    opponent's building stopping the way)."""
    b, g = s.board, s.game
    if s.vertex_spots[p]:
        return float(SAIL_RANGE)
    kinds = [k for k in g.edge_kinds if s.supply[p][k]]
    if not kinds:
        return 0.0
    land = any(not g.piece_water[k] for k in kinds)
    water = any(g.piece_water[k] for k in kinds)
    v_owner, e_owner = s.v_owner, s.e_owner
    start = set(s.buildings[p])
    for e in s.route_edges[p]:
        start.update(v for v in b.edge_vertices[e] if v_owner[v] in (-1, p))
    dist = dict.fromkeys(start, 0)
    frontier = list(start)
    for d in range(1, SAIL_RANGE + 1):
        nxt = []
        for v in frontier:
            for e in b.vertex_edges[v]:
                if e_owner[e] >= 0 or not (land and b.edge_land[e] or water and b.edge_water[e]):
                    continue
                for w in b.edge_vertices[e]:
                    if w in dist or v_owner[w] >= 0 and v_owner[w] != p:
                        continue
                    dist[w] = d
                    if v_owner[w] < 0 and not s.v_blocked[w] and w not in b.vertex_closed:
                        return float(SAIL_RANGE - d)
                    nxt.append(w)
        frontier = nxt
    return 0.0


def holdings(s: State, p: int) -> float:
    """Scenario stock the engine tracks generically: counters and the value of held deck items.
    A scenario that says what a position is worth (``modifier bot_value``) is taken at its word
    instead of the guess that every counter is worth about two cards. A counter that goes back
    to its start each turn (``reset each turn``: movement points, moves made this turn) is worth
    nothing in that guess: what is left of it at the turn's end is lost anyway, so spending it
    is no loss."""
    rules_state = s.rules_state
    if rules_state is None:
        return 0.0
    rules = s.game.rules
    hint = rules.bot_value(s, p)
    if hint is None:
        row = rules_state.counters[p]
        kept = lasting_counters(rules)
        total = COUNTER_WEIGHT * (sum(row) if kept is None else sum([row[c] for c in kept]))
    else:
        total = float(hint)
    for di, values in _valued_decks(rules):
        total += TOKEN_WEIGHT * sum(map(mul, rules_state.held[di][p], values))
    return total


_VALUED: dict[int, tuple] = {}
_LOOK: dict[int, tuple] = {}


def _look_ahead(g) -> tuple[int, int | None, int]:
    """The scenario's bot hints on look-ahead: own prompts in all, after a chance node, and
    the options of a long prompt scored."""
    params = (g.ir.get("meta") or {}).get("params", {})
    after = params.get(AFTER_CHANCE_PARAM)
    return (max(0, int(params.get(DEPTH_PARAM, OWN_DECISIONS))),
            None if after is None else max(0, int(after)),
            max(1, int(params.get(SAMPLE_PARAM, SAMPLE))))


_LASTING: dict[int, tuple | None] = {}


def lasting_counters(rules) -> tuple | None:
    """The counters that outlast a turn (all but the ``reset each turn`` ones), or None when
    that is every counter (static per game)."""
    return kept_per(_LASTING, rules, lambda rules: None if not rules.turn_counters else tuple(
        c for c in range(len(rules.counters)) if c not in set(rules.turn_counters)))


def _valued_decks(rules) -> tuple:
    """(deck index, its items' values, negatives as 0) of each deck with an item worth
    something: static per game, and most decks (events, scenario cards) are worth nothing."""
    return kept_per(_VALUED, rules, lambda rules: tuple(
        (di, tuple(max(v, 0) for v in d.values)) for di, d in enumerate(rules.decks)
        if any(v > 0 for v in d.values)))


def award_progress(s: State, p: int) -> float:
    """VP-weighted progress toward special cards ``p`` does not hold whose award goes to the first
    to reach a minimum and then to a strictly higher measure (played cards, routes, points...)."""
    total = 0.0
    for si, sp in enumerate(s.game.specials):
        if sp.vp <= 0 or sp.policy != AWARD_POLICY:
            continue
        holder = s.holders[si]
        if holder == p:
            continue
        m = s.measure[si]
        need = max(sp.min, m[holder] + 1 if holder >= 0 else 1)
        mine = min(m[p], need)
        total += PROGRESS_WEIGHT * VP_WEIGHT * sp.vp * (mine / need) ** 2
    return total


def board_terms(s: State) -> tuple[tuple[float, ...], dict[int, int]]:
    """Every player's production and (filled on demand) reach: they read only the pieces and
    the robber, so they are kept in the state's analysis memo, which clones share, and reused
    until a piece moves or the robber does (most of the actions a bot weighs move neither)."""
    key = (s.piece_moves, s.robber)
    memo = s.analysis_memo
    if memo is not None and memo[0] == key:
        return memo[1], memo[2]
    pips = _pips(s)
    prods = tuple(production(s, q, pips) for q in range(s.game.n_real))
    reaches: dict[int, int] = {}
    s.analysis_memo = (key, prods, reaches)
    return prods, reaches


def evaluate(s: State, p: int) -> float:
    """Score of ``s`` for ``p``: generic in what the engine exposes, so unknown actions are valued
    by what they yield."""
    g = s.game
    if s.is_terminal():
        return 1e6 if s.winner() == p else -1e6
    cards = sum(s.hand[p])
    over = max(0, cards - g.discard_above)
    prods, reaches = board_terms(s)
    r = reaches.get(p)
    if r is None:
        r = reaches[p] = reach(s, p)
    if s.board.edge_water:                  # a sea with paths: the way to land across it
        far = reaches.get(-1 - p)
        if far is None:
            far = reaches[-1 - p] = sail(s, p)
        r_sail = SAIL_WEIGHT * far
    else:
        r_sail = 0.0
    own = (VP_WEIGHT * s.vp(p) + PIP_WEIGHT * prods[p] + CARD_WEIGHT * cards
           - OVER_LIMIT_PENALTY * over + SPOT_WEIGHT * min(len(s.vertex_spots[p]), 3)
           + REACH_WEIGHT * min(r, 3) + r_sail
           + DEV_WEIGHT * sum(s.dev_hand[p]) + READY_WEIGHT * readiness(s, p)
           + holdings(s, p) + (award_progress(s, p) if g.specials else 0.0))
    rival = None
    for q in range(g.n_real):
        if q != p:
            v = VP_WEIGHT * s.vp(q) + PIP_WEIGHT * prods[q]
            if rival is None or v > rival:
                rival = v
    return own - OPPONENT_WEIGHT * (0.0 if rival is None else rival)


class _Search:
    """One decision's look-ahead: the acting player, the bot's rng (for large chance nodes)."""

    __slots__ = ("p", "rng", "root_kind", "past_turn", "after_chance", "sample")

    def __init__(self, p: int, rng: random.Random, root_kind: str | None,
                 past_turn: bool = False, after_chance: int | None = None,
                 sample: int = SAMPLE) -> None:
        self.p = p
        self.rng = rng
        self.past_turn = past_turn
        self.after_chance = after_chance
        self.sample = sample
        # A prompt of the kind being answered now (discard one more card, place the next free
        # road) continues this decision: it is decided on its own turn, not looked through.
        self.root_kind = root_kind

    def value(self, s: State, a: Action, decisions: int, chances: int) -> float:
        c = s.clone()
        c.apply_action(a)
        return self.settle(c, decisions, chances)

    def settle(self, c: State, decisions: int, chances: int) -> float:
        """Score ``c`` after resolving what follows the action: one chance node (averaged, or
        sampled when large) and up to ``decisions`` prompts of the same player (best option)."""
        if self.scored_as_is(c, decisions, chances):
            return evaluate(c, self.p)
        if c.is_chance_node():
            outcomes = c.chance_outcomes()
            board_terms(c)
            # Past chance, the scenario may allow fewer own prompts: a Barbarian Attack card
            # bought is one of four, each with prompts of its own (Treason's four), and looking
            # through all of them was two thirds of that bot's time (bench/README.md).
            if self.after_chance is not None and decisions > self.after_chance:
                decisions = self.after_chance
            if len(outcomes) > MAX_CHANCE_OUTCOMES:
                return self.value(c, c.sample_chance(self.rng), decisions, chances - 1)
            return sum(pr * self.value(c, o, decisions, chances - 1) for o, pr in outcomes)
        return self.best(c, c.legal_actions(), decisions - 1, chances)

    def scored_as_is(self, c: State, decisions: int, chances: int) -> bool:
        """Does ``settle`` score ``c`` as it stands: over, a chance not looked through, or no
        prompt of the player's own left to look through?"""
        if c.is_terminal():
            return True
        if c.is_chance_node():
            # Chance within the player's own turn (his roll, a steal) is averaged; chance after
            # it has passed (the next player's roll after ending the turn) is not looked
            # through: it is the next player's, and averaging its 11 totals was most of the
            # bot's time (bench/greedy_strength.py: no weaker for it).
            return chances <= 0 or (c.cur != self.p and not self.past_turn)
        return not (decisions > 0 and c.prompts and c.prompts[-1].player == self.p
                    and c.prompts[-1].kind != self.root_kind)

    def best(self, c: State, legal: list[Action], decisions: int, chances: int) -> float:
        """The value of the best option at an own prompt, expanding only the WIDTH best by a
        static (one-action) score so deep prompts stay cheap."""
        p = self.p
        board_terms(c)
        if len(legal) <= WIDTH:
            return max(self.value(c, a, decisions, chances) for a in legal)
        if len(legal) > self.sample:
            # Where to move a piece among dozens of paths: the best of a sample (drawn with the
            # bot's own rng, so games stay reproducible) is a lower bound of the best, and
            # scoring every path of every follow-up prompt was most of the bot's time.
            legal = self.rng.sample(legal, self.sample)
        scored = []
        for a in legal:
            x = c.clone()
            x.apply_action(a)
            scored.append((evaluate(x, p), len(scored), x))
        scored.sort(key=lambda t: (-t[0], t[1]))
        # An option scored as it stands already has its score: evaluating it again (the last
        # prompt looked through, most of all) would give the same number.
        return max(score if self.scored_as_is(x, decisions, chances)
                   else self.settle(x, decisions, chances) for score, _, x in scored[:WIDTH])


class GreedyBot:
    """Scores every legal action on a clone: the action, then one chance node (averaged, or
    sampled with the bot's rng when large) and up to OWN_DECISIONS prompts of the same player
    (robber, victim, free pieces, picks, a rule's choices; a scenario's ``param bot_look_ahead``
    and ``bot_look_after_chance`` how many after a chance node), each answered by its best
    option. Ending the turn scores the position as it stands, and wins ties."""

    name = "greedy"
    # True: also average the chance after the turn has passed (the bot before 2026-12-03).
    look_past_turn = False
    # Own follow-up prompts looked through after each action weighed; None: the scenario's
    # `param bot_look_ahead`, else OWN_DECISIONS (bench/greedy_strength.py sets it on a rival).
    own_decisions: int | None = None
    # True: value ending the turn by looking through what it sets off, a scenario's end-of-turn
    # rules included (the bot before 2026-12-04; bench/greedy_strength.py compares the two).
    look_through_end = False
    # Own prompts looked through after a chance node within the look-ahead; None: the
    # scenario's `param bot_look_after_chance`, else as many as before the chance node.
    after_chance: int | None = None
    # Options of a long own prompt scored inside the look-ahead; None: the scenario's
    # `param bot_look_sample`, else SAMPLE.
    look_sample: int | None = None

    def choose(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if state.current_player() == CHANCE:
            return state.sample_chance(rng)
        legal, values = self.weigh(state, legal, rng)
        best: list[Action] = []
        best_score = float("-inf")
        for a, v in zip(legal, values):
            if v > best_score + 1e-9:
                best_score, best = v, [a]
            elif v > best_score - 1e-9:
                best.append(a)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]

    def weigh(self, state: State, legal: list[Action], rng: random.Random
              ) -> tuple[list[Action], list[float]]:
        """The options weighed (``legal``, or a sample of a long rule prompt) and each one's
        score for the player to move, ending the turn's tie-break included: what ``choose``
        takes the best of, and what the search bot starts from (bots/mcts.py)."""
        p = state.current_player()
        top = state.prompts[-1] if state.prompts else None
        depth, after_chance, sample = kept_per(_LOOK, state.game, _look_ahead)
        if self.own_decisions is not None:
            depth = self.own_decisions
        if self.after_chance is not None:
            after_chance = self.after_chance
        if self.look_sample is not None:
            sample = self.look_sample
        search = _Search(p, rng, top.kind if top is not None and top.player == p else None,
                         self.look_past_turn, after_chance, sample)
        if top is not None and top.kind == RULE_CHOOSE and len(legal) > SAMPLE:
            legal = rng.sample(legal, SAMPLE)      # a piece's destination among dozens: see best()
        board_terms(state)      # filled once here, read by every clone that moves no piece
        end = state.game.actions.end_turn
        values: list[float] = []
        offer_value = None
        for a in legal:
            if type(a) is OfferTrade:
                # An offer moves no card until another player answers it, and answers are not
                # looked through, so every offer scores what the first one does (no triggers
                # fire on offers; no chance, so the rng is not touched): score it once.
                if offer_value is None:
                    offer_value = search.value(state, a, depth, 1)
                v = offer_value
            elif a is end and not self.look_through_end:
                # Ending the turn scores the position as it stands. What ending sets off (the
                # knights' marches and battles of an end-of-turn rule) happens whatever the bot
                # does first, so crediting it to ending alone made ending look better than
                # building first; looking through it was also half of a Barbarian Attack bot's
                # time. The next player's roll was never looked through.
                v = evaluate(state, p)
            else:
                v = search.value(state, a, depth, 1)
            if a is end:
                v += 0.5   # ending the turn wins ties, so the bot never dithers
            values.append(v)
        return legal, values

"""Rules runtime + state after an action → special cards re-measured and re-awarded by policy;
the rules function reading a measure (``measured``)."""

from __future__ import annotations

from itertools import compress
from operator import itemgetter

from catan_dsl.engine import prompts
from catan_dsl.engine.base import awards
from catan_dsl.engine.events import SpecialCardAwarded, SpecialCardSetAside
from catan_dsl.engine.rules.measure_memo import LAYOUT_FUNCTIONS

# Prompts a development card's effect leaves open (while one is, the card is "resolving").
CARD_PROMPTS = frozenset({prompts.PLACE_FREE, prompts.MOVE_ROBBER, prompts.TAKE, prompts.MONOPOLY,
                          prompts.CHOOSE_VICTIM, prompts.STEAL})
# Off, counter-measured cards are awarded by ``award`` (the reference), which reads the counters
# again; on, from the measured columns after_action has just read (``counted``).
COUNTED_AWARDS = True


def weights_follow_pieces(rules, ir: dict) -> bool:
    """Can a piece placed or removed change a route weight? Not when every ``route_weight``
    rule reads only the layout, marks and chains ("a path with a chain piece on it counts
    twice"): the placing code re-measures the routes a piece touches, so after_action need
    re-measure every route only when a mark or chain changed."""
    def reads_pieces(expr) -> bool:
        if not isinstance(expr, list) or not expr:
            return False
        head = expr[0]
        if head == "occupied":              # a chain's name reads chains; a piece or unit's not
            if not (len(expr) == 3 and isinstance(expr[2], str) and expr[2] in rules.chains.index):
                return True
        elif isinstance(head, str) and head in rules.functions and head not in LAYOUT_FUNCTIONS \
                and head != "marked":
            return True
        return any(reads_pieces(x) for x in expr[1:])
    weights = [r for r in ir.get("rules") or []
               if r.get("kind") == "modifier" and r.get("what") == "route_weight"]
    return any(reads_pieces(r.get("when")) or reads_pieces(r.get("value")) for r in weights)


def after_action(rules, s) -> None:
    """After every action: a card's resolution ends with its prompts, and the special cards
    whose measures may have moved are awarded again (skipped when what they read is unchanged)."""
    rules_state = s.rules_state
    if rules_state.resolving and not any(pr.kind in CARD_PROMPTS for pr in s.prompts):
        rules_state.resolving = ""
    if not rules.dynamic_any:
        return
    if rules.counters_only:
        # Every dynamic award counts a counter: nothing else can move them (a trade of cards,
        # a road, a roll that pays no counter do not), nor a counter no card measures.
        # The measured columns alone, read and compared in C: no copy of every counter kept
        # to find first whether any moved (a step moves counters no card measures).
        key = tuple(map(rules.measured_columns, rules_state.counters))
        if key != rules_state.fingerprint:
            rules_state.fingerprint = key
            if rules.counted is not None:
                _award_counted(rules, s, key)
            else:
                for si, _, _ in rules.dynamic:
                    award(rules, s, si)
        return
    if rules.board_measures_only:
        key = (s.piece_moves, rules_state.shape_moves)   # pieces; marks and chains
        old = rules_state.fingerprint
        if key == old:
            return
        rules_state.fingerprint = key
        for si, _, _ in rules.dynamic:
            award(rules, s, si)
        if rules.route_weighted and (rules.weights_follow_pieces or not old or old[1:] != key[1:]):
            awards.route_changed(s, tuple(range(rules.n_total)))
        return
    if rules.counters_and_routes:
        _counters_and_routes(rules, s)
        return
    # Measures read the board, hands, counters, items and cards: skip the recomputation when
    # none of those moved (most actions), which keeps expression measures cheap.
    key = (s.turn, s.robber, tuple(s.board_vp), tuple(map(sum, s.supply)), tuple(map(sum, s.hand)),
           tuple(map(tuple, rules_state.counters)), tuple(sum(map(sum, d)) for d in rules_state.held),
           tuple(map(sum, s.dev_played)), rules_state.shape_moves, len(s.prompts),
           tuple(rules_state.chains[:rules.chains.n_specs]))
    if key == rules_state.fingerprint:
        return
    old = rules_state.fingerprint
    rules_state.fingerprint = key
    for si, _, _ in rules.dynamic:
        award(rules, s, si)
    # Route weights are read from the board: re-measure routes only when pieces, marks or
    # chain pieces changed, not on every change of a hand (the walk is the costly part).
    # shape_moves counts every mark put or taken, also where another mark already lies.
    if rules.route_weighted and (not old or old[3] != key[3] or old[8] != key[8]
                                or old[10] != key[10]):
        awards.route_changed(s, tuple(range(rules.n_total)))

def _counters_and_routes(rules, s) -> None:
    """Counter-measured cards and route weights together (two scenarios composed): each is done
    again only when what it reads moved, the cards when a counter did, the routes when a mark
    or chain did (and the VP on the board, when a weight reads the pieces: otherwise the placing
    code has re-measured the routes a piece touches, as board_measures_only's path assumes), in
    the general path's order, instead of both whenever a hand changes."""
    rules_state = s.rules_state
    old = rules_state.fingerprint
    raw = rules_state.counters
    # What the routes read, compared as one tuple in C: the marks' moves, the chain pieces and
    # (when a weight reads the pieces; else the placing code has re-measured the routes a piece
    # touches, as board_measures_only's path assumes) the VP on the board — live here, copied
    # when kept. The cards read only the counters they measure (rules.measured_columns),
    # worked out when some counter moved since the copy of them all kept beside.
    board = (rules_state.shape_moves, rules_state.chains[:rules.chains.n_specs],
             s.board_vp if rules.weights_follow_pieces else None)
    if old:
        same = old[2] == raw
        routes_moved = old[1] != board
        if same and not routes_moved:
            return                           # nothing either reads moved (most actions)
        counters = old[0] if same else tuple(map(rules.measured_columns, raw))
        cards_moved = not same and old[0] != counters
        if not (cards_moved or routes_moved):
            # A counter no card measures moved: copied anew.
            rules_state.fingerprint = (old[0], old[1], [*map(list.copy, raw)])
            return
    else:
        counters = tuple(map(rules.measured_columns, raw))
        cards_moved = routes_moved = True
    if routes_moved and board[2] is not None:
        board = (board[0], board[1], board[2][:])
    rules_state.fingerprint = (counters if cards_moved else old[0],
                               board if routes_moved else old[1], [*map(list.copy, raw)])
    if cards_moved:
        for si, _, _ in rules.dynamic:
            award(rules, s, si)
    if routes_moved:
        awards.route_changed(s, tuple(range(rules.n_total)))


def award(rules, s, si: int) -> None:
    """Recompute special card ``si``'s measure and holder(s) by its policy."""
    entry = rules.dynamic_of.get(si)
    if entry is None:
        awards.update_award(s, si)
        return
    _, policy, measure = entry
    m = (rules.measure_memo.measure(s, si, lambda: measure_now(rules, s, measure))
         if measure is not None else s.measure[si])
    s.measure[si] = m
    sp = rules.game.specials[si]
    if policy == "first_then_strictly_more":
        awards.update_award(s, si)
    elif policy == "sole_max":
        best = max(m[:rules.n_real])
        leaders = [p for p in range(rules.n_real) if m[p] == best]
        _hold(s, si, sp.name, leaders[0] if len(leaders) == 1 and best >= sp.min else -1)
    else:  # all_min
        low = min(m[:rules.n_real])
        copies = rules.copies_of[si] or rules.n_real
        _hold_all(s, si, sp.name, [p for p in range(rules.n_real) if m[p] == low][:copies])


def _hold(s, si: int, name: str, new: int) -> None:
    """A sole holder's card to ``new`` (-1: set aside), announced when it changes hands."""
    old = s.holders[si]
    if new != old:
        s.holders[si] = new
        s.emit(SpecialCardAwarded(name, new, old if old >= 0 else None) if new >= 0
               else SpecialCardSetAside(name, old))


def _hold_all(s, si: int, name: str, new: list[int]) -> None:
    """A shared card's holders to ``new``: the newcomers' awards, then the leavers' set-asides."""
    old = s.rules_state.multi[si]
    if new != old:
        s.rules_state.multi[si] = new
        for p in new:
            if p not in old:
                s.emit(SpecialCardAwarded(name, p, None))
        for p in old:
            if p not in new:
                s.emit(SpecialCardSetAside(name, p))


def counted(rules) -> tuple | None:
    """Per counter-measured card, what ``_award_counted`` needs, decided once: (card, sole_max?,
    the card's column in after_action's key (None: the key is that column), min, copies, name).
    None when a card's policy needs more than its measure (first_then_strictly_more)."""
    if not (COUNTED_AWARDS and rules.counters_only) or any(
            policy not in ("sole_max", "all_min") for _, policy, _ in rules.dynamic):
        return None
    columns = sorted({m[1] for _, _, m in rules.dynamic})
    return tuple((si, policy == "sole_max",
                  itemgetter(columns.index(m[1])) if len(columns) > 1 else None,
                  rules.game.specials[si].min, rules.copies_of[si] or rules.n_real,
                  rules.game.specials[si].name) for si, policy, m in rules.dynamic)


def _award_counted(rules, s, key: tuple) -> None:
    """``award`` for every counter-measured card, from the measured columns (``key``, one per
    seat) instead of the counters read again, and the holders found in C: the same measures and
    holders, in the same order, with the same events."""
    n_real = rules.n_real
    real = key[:n_real]
    tail = [0] * (rules.n_total - n_real)       # no one but a real player measures anything
    for si, sole, column, least, copies, name in rules.counted:
        values = real if column is None else tuple(map(column, real))
        s.measure[si] = [*values, *tail]
        if sole:
            best = max(values)
            _hold(s, si, name, values.index(best) if values.count(best) == 1 and best >= least
                  else -1)
        else:
            _hold_all(s, si, name, list(compress(range(n_real), map(min(values).__eq__, values)))
                      [:copies])

def measure_now(rules, s, measure) -> list[int]:
    """The values of an expression (or counter) measure for every seat, computed from ``s``."""
    var, fn = measure
    if var == "#c":
        return [s.rules_state.counters[p][fn] if p < rules.n_real else 0 for p in range(rules.n_total)]
    out = []
    for p in range(rules.n_total):
        out.append(fn(s, {var: p, "player": p}) if p < rules.n_real else 0)
    return out


def f_measured(ctx, a, raw):
    p, w, rules = a[0][0], a[1][0], ctx.rules

    def measured(s, env):
        si, q = rules.special_index.get(w(s, env), -1), p(s, env)
        if si < 0 or not isinstance(q, int) or not 0 <= q < len(s.measure[si]):
            return 0
        return s.measure[si][q]
    return measured, "int"


FUNCTIONS = {"measured": f_measured}

"""IR ``action`` rules → legal RuleActions (costs, limits, targets, minimal token payments) and their application."""

from __future__ import annotations

import functools
from operator import itemgetter, mul
from dataclasses import dataclass
from typing import Any

from catan_dsl.engine.events import RuleActionTaken
from catan_dsl.engine.rules import (executor, expressions, firing, loops, stocks, turns,
                                     vp_targets)
from catan_dsl.engine.rules.expressions import (Ctx, compile_cond, compile_domain, compile_expr,
                                                ordered)
from catan_dsl.engine.rules.measure_memo import board_only
from catan_dsl.engine.rules.queries import kept_kind, kept_memo
from catan_dsl.engine.rules.vp_memo import POSITION_FUNCTIONS

_MAIN = 2                   # State.phase after the roll (state.py's MAIN: state imports us)
# Off, least payments worked out per hand as held (the reference; on: _minimal_payments' cut).
CLAMP_HELD = True


@dataclass
class ActionSpec:
    name: str
    label: str
    phase: str
    res: tuple[tuple[int, int], ...]
    counters: tuple[tuple[int, int], ...]
    token: tuple[int, int] | None          # (deck, value)
    per_turn: int | None
    per_game: int | None
    key: str                               # what the limits count: the group, else the action
    group: str | None
    when: Any
    target: tuple | None                   # (var, set fn, set type, where fn, picks fn)
    do: list
    rule_index: int                        # its place in CompiledRules.compiled
    target_cost: int = 0                   # "cost r N" where the target r is a resource
    token_worth: tuple = ()                # what each item of the token deck pays (≥ 0)
    # The targets meeting "where" are kept until something on the board moves: the set and the
    # condition read only the board, its pieces, markers, units, marks and chains (and player).
    target_static: bool = False
    # Else, when they read the same plus the acting player's own resources or counters
    # ("count_of(player, mp) >= path_cost(e)"): (state, player) → the values of those, so the
    # targets are kept until something on the board moves or one of those values changes.
    target_counted: Any = None
    # Else, when they read the same plus the pieces built this turn, the open ends of routes
    # and where the robbers stand (a piece at an open end, not built this turn nor beside a
    # second robber): kept as target_static's, per robbers' places and built_now's emptiness.
    target_turned: bool = False
    # The turn phases after the roll it is offered in (0: trading and building, then the
    # declared phases from 1), None: all of them; it is listed while the last of them is not
    # past, and taking it moves the turn on to the first of them not behind it.
    phases: tuple[int, ...] | None = (0,)
    last_phase: int = 0


def compile_action(rules, r: dict, ri: int) -> ActionSpec:
    cost = r.get("cost") or {}
    lim = r.get("limit") or {}
    ctx = Ctx(rules, {"player": "player"})
    tgt = None
    t = r.get("target")
    if t:
        set_fn, set_t, ctx, where, where_ir = compile_domain(t["from"], t["var"], t.get("where"),
                                                             ctx)
        # The targets meeting "where" as one generated loop (loops.picked, a choose's picks).
        picks = loops.picked(t["var"], set_fn, set_t, where_ir, ctx.types,
                             rules.resource_index, lambda n: compile_expr(n, ctx), ordered) \
            if expressions.GENERATED_LOOPS and where is not None else None
        tgt = (t["var"], set_fn, set_t, where, vp_targets.kept_by_vp(picks, t, rules))
    tok = cost.get("tokens")
    phases = _phases(rules, r)
    return ActionSpec(
        name=r["name"], label=r.get("label", r["name"]), phase=r.get("phase", "after_roll"),
        res=tuple((rules.resource_index[k], int(n)) for k, n in (cost.get("resources") or {}).items()),
        counters=tuple((rules.counter_index[k], int(n)) for k, n in (cost.get("counters") or {}).items()),
        token=(rules.deck_index[tok["deck"]], int(tok["value"])) if tok else None,
        per_turn=lim.get("per_turn"), per_game=lim.get("per_game"),
        key=lim.get("group") or r["name"], group=lim.get("group"),
        when=compile_cond(r.get("when"), Ctx(rules, {"player": "player"})),
        target=tgt, do=executor.compile_effects(r.get("do") or [], ctx), rule_index=ri,
        target_cost=int(cost.get("target_resource", 0)),
        target_static=bool(t and t.get("where") is not None and not cost.get("target_resource")
                           and all(board_only(t.get(k), rules.functions, POSITION_FUNCTIONS)
                                   for k in ("from", "where"))),
        target_counted=_counted_key(rules, t) if t and not cost.get("target_resource") else None,
        target_turned=bool(t and t.get("where") is not None and not cost.get("target_resource")
                           and all(board_only(t.get(k), rules.functions, _TURNED_FUNCTIONS)
                                   for k in ("from", "where"))),
        token_worth=tuple(max(0, v) for v in rules.decks[rules.deck_index[tok["deck"]]].values)
        if tok else (),
        phases=phases, last_phase=_NEVER_PAST if phases is None else max(phases, default=-1))


_NEVER_PAST = 1 << 30
# built_now gains a place only with a piece moved (a new memo), empties as a turn starts: in one
# memo its emptiness tells it (a turn with nothing built yet finds the last's); route_end: pieces.
_TURNED_FUNCTIONS = POSITION_FUNCTIONS | {"built_this_turn", "route_end", "robber_hex"}
_LOOPS = frozenset({"any", "all", "count", "sum", "max", "min", "first"})


def _counted_key(rules, t: dict):
    """For a target whose set and ``where`` read only what a position memo is kept by (the
    board, pieces, markers, units, marks, chains) and ``count_of(player, NAME)`` of the acting
    player's resources or counters, but not only the former: (state, player) → those values.
    Else None."""
    nodes = (t.get("from"), t.get("where"))
    if t.get("where") is None or all(board_only(n, rules.functions, POSITION_FUNCTIONS)
                                     for n in nodes):
        return None                  # no target condition, or target_static covers it
    res: set[int] = set()
    ctr: set[int] = set()
    stack = list(nodes)
    while stack:
        n = stack.pop()
        if not isinstance(n, list) or not n:
            continue
        head = n[0]
        if head in _LOOPS and n[1:2] == ["player"]:
            return None                 # "player" bound again inside: not the acting one
        if head == "count_of":
            if len(n) != 3 or n[1] != ["var", "player"]:
                return None
            if n[2] in rules.resource_index:
                res.add(rules.resource_index[n[2]])
            elif n[2] in rules.counter_index:
                ctr.add(rules.counter_index[n[2]])
            else:
                return None
            continue
        if isinstance(head, str) and head in rules.functions and head not in POSITION_FUNCTIONS:
            return None
        stack.extend(n[1:])
    hand_of = itemgetter(*sorted(res)) if res else None
    counters_of = itemgetter(*sorted(ctr)) if ctr else None

    def key(s, p: int) -> tuple:
        return (hand_of(s.hand[p]) if hand_of is not None else None,
                counters_of(s.rules_state.counters[p]) if counters_of is not None else None)
    key.source = f"({_picked('hand', res)}, {_picked('mine', ctr)})"  # over hand, counters
    return key


def _picked(row: str, indices: set[int]) -> str:
    """Source of ``itemgetter(*sorted(indices))(row)`` (None without indices)."""
    got = [f"{row}[{i!r}]" for i in sorted(indices)]
    return "None" if not got else got[0] if len(got) == 1 else f"({', '.join(got)},)"


def _phases(rules, r: dict) -> tuple[int, ...] | None:
    """The turn phases after the roll an IR action is offered in (see ActionSpec.phases)."""
    phase = r.get("phase", "after_roll")
    if phase == "any":
        return None
    during = tuple(sorted(rules.phase_index[n] for n in r.get("during") or ()))
    return ((0,) if phase == "after_roll" else ()) + during


def minimal_payments(held: list[int], values: tuple[int, ...], cost: int
                     ) -> tuple[tuple[int, ...], ...]:
    """Multisets of held items worth ≥ ``cost`` from which no single item can be left out
    (memoised and shared: read it, don't change it)."""
    return _minimal_payments(tuple(held), values, cost)


@functools.lru_cache(maxsize=4096)
def _minimal_payments(held: tuple[int, ...], values: tuple[int, ...], cost: int
                      ) -> tuple[tuple[int, ...], ...]:
    if cost <= 0:     # (a pure function of a few small numbers, asked on every listing)
        return (tuple(0 for _ in held),)
    # No least payment holds more of an item than pay the cost alone: more held asks as that.
    enough = tuple([min(k, -(-cost // v)) if v > 0 else 0 for k, v in zip(held, values)])
    if enough != held and CLAMP_HELD:
        return _minimal_payments(enough, values, cost)
    kinds = [i for i, k in enumerate(held) if k and values[i] > 0]
    out: list[tuple[int, ...]] = []
    pick = [0] * len(held)

    def walk(j: int, total: int) -> None:
        if total >= cost:
            smallest = min(values[i] for i in kinds if pick[i])
            if total - smallest < cost:
                out.append(tuple(pick))
            return
        if j == len(kinds):
            return
        i = kinds[j]
        for k in range(held[i], -1, -1):
            pick[i] = k
            walk(j + 1, total + k * values[i])
        pick[i] = 0

    walk(0, 0)
    return tuple(sorted(out))


# minimal_payments of held items already made a tuple: the generated listing makes it once for
# a run of actions paid from one deck, and calls the memo itself.
payments_of = _minimal_payments


def _cost_modifiable(rules, spec: ActionSpec) -> tuple[bool, int | None, int | None]:
    """Can any cost modifier apply to this action, and by how much at most can they lower and
    raise each amount (None: not known, a modifier's value is an expression)? A modifier's
    filter names an action or group, known when the rules are compiled, so this is decided
    once per action."""
    known = rules.cost_modifiable.get(spec.name)
    if known is None:
        applicable = _cost_rules(rules, spec)
        consts = None if any(r.const is None for r in applicable) else [r.const for r in applicable]
        known = rules.cost_modifiable[spec.name] = (
            bool(applicable), None if consts is None else sum(min(0, c) for c in consts),
            None if consts is None else sum(max(0, c) for c in consts))
    return known


def _cost_rules(rules, spec: ActionSpec) -> list:
    """The cost modifiers whose filter can pass for this action (its name or group)."""
    static = {"action": spec.name, "group": spec.group}
    return [rule for rule in rules.modifiers.get("cost", ())
            if all(static.get(k, v) == v for k, v in rule.filter)]


def cost_delta(rules, s, spec: ActionSpec, p: int) -> int:
    """What the cost modifiers add to each amount of ``p``'s cost of ``spec``. Kept in the
    state's memo while what they read stays, when every one reads only the board (a harbor
    discount on a sale, asked in most listings of a hand holding 3 of something)."""
    kept = rules.cost_kept.get(spec.name, False)
    if kept is False:
        kept = rules.cost_kept[spec.name] = _delta_kept(_cost_rules(rules, spec))
    memo = kept_memo(s, kept) if kept is not None else None
    if memo is not None:
        delta = memo.get(("cost", spec.name, p))
        if delta is not None:
            return delta
    delta = rules.modified(s, "cost", p, {"action": spec.name, "group": spec.group, "p": p})
    if memo is not None:
        memo[("cost", spec.name, p)] = delta
    return delta


def _delta_kept(applicable: list) -> str | None:
    """memo_kind for modifiers: a constant without a condition reads nothing at all."""
    if not all(r.board_static or r.position_static or (r.when is None and r.const is not None)
               for r in applicable):
        return None
    return kept_kind([r for r in applicable if r.board_static or r.position_static])


def _short(s, p: int, res: tuple, counters: tuple, extra: int) -> bool:
    """``p`` holds fewer than ``n + extra`` of some resource or counter of a cost."""
    hand = s.hand[p]
    for r, n in res:                        # loops, not generators: asked per action and listing
        if hand[r] < n + extra:
            return True
    if counters:
        mine = s.rules_state.counters[p]
        for c, n in counters:
            if mine[c] < n + extra:
                return True
    return False


def _between(hand: list[int], lo: int, hi: int) -> bool:
    """Does ``hand`` hold an amount that meets a cost of ``lo`` but not one of ``hi`` (both
    floored at 0, as costs are)?"""
    lo, hi = max(0, lo), max(0, hi)
    return any(lo <= n < hi for n in hand)      # (the generated listing asks it written out)


def _surely_unaffordable(s, spec: ActionSpec, p: int, lowest: int) -> bool:
    """Short of the resources or counters even at the largest discount the modifiers can give:
    the exact cost need not be computed (most listings of a modified action end here)."""
    return _short(s, p, spec.res, spec.counters, lowest) or \
        bool(spec.target_cost) and max(s.hand[p]) < spec.target_cost + lowest   # "cost r N"


def _costs(rules, s, spec: ActionSpec, p: int):
    known = rules.cost_modifiable.get(spec.name) or _cost_modifiable(rules, spec)
    delta = cost_delta(rules, s, spec, p) if known[0] else 0
    token = spec.token
    res, counters, target_cost = spec.res, spec.counters, spec.target_cost
    if delta:
        # Added to each amount of the cost (docs/ir.md, modifier cost), the target's too.
        if token:
            token = (token[0], max(0, token[1] + delta))
        counters = tuple((c, max(0, n + delta)) for c, n in counters)
        res = tuple((r, max(0, n + delta)) for r, n in res)
        if target_cost:
            target_cost = max(0, target_cost + delta)
    return res, counters, token, target_cost


_NO_PAYMENT = ((),)                 # an action paid without deck items: one way to pay


def listed(rules) -> tuple[tuple, tuple]:
    """The actions a listing looks at, each with its cost bounds (_cost_modifiable), in rule
    order: (those after the roll, those before it), in runs (_runs). Decided once, when the
    rules are loaded."""
    out: tuple[list, list] = ([], [])
    for ar in rules.actions:
        spec: ActionSpec = ar.action
        # Flat, so the listing reads each field once without an attribute lookup.
        entry = (spec, *_cost_modifiable(rules, spec), spec.key, spec.per_turn, spec.per_game,
                 spec.res, spec.counters, spec.token, spec.target_cost)
        offered = (spec.phase == "any", spec.phase == "before_roll" or spec.phase == "any")
        for before in (False, True):
            if offered[before] or not before and spec.phases:
                out[before].append(entry)
    return _runs(out[0]), _runs(out[1])


def _token_floor(entry: tuple) -> int | None:
    """The least deck value an action paid in deck items can cost after any modifier, or None
    when it is not paid so or a modifier's change is not known in advance."""
    _, modifiable, lowest, *_, token, _ = entry
    if token is None or modifiable and lowest is None:
        return None
    return max(0, token[1] + lowest) if modifiable else token[1]


def _runs(entries: list) -> tuple:
    """Consecutive actions as runs of (deck, least cost, what its items are worth, actions).
    A run of actions all paid from one deck is skipped at one look when the player's items
    are worth less than the cheapest of them (five actions paid in tokens of one deck, say,
    in most listings); other actions form runs with no deck, which are always looked
    through."""
    runs: list[list] = []
    for entry in entries:
        floor = _token_floor(entry)
        deck = None if floor is None else entry[0].token[0]
        last = runs[-1] if runs else None
        if last is not None and last[0] == deck:
            last[3].append(entry)
            if deck is not None:
                last[1] = min(last[1], floor)
        else:
            runs.append([deck, floor or 0, entry[0].token_worth if deck is not None else (),
                         [entry]])
    return tuple((deck, floor, worth, tuple(run)) for deck, floor, worth, run in runs)


def legal(s, p: int, out: list, before_roll: bool) -> None:
    rules = s.game.rules
    generated = rules.listing_fns[before_roll]
    if generated is not None:           # the same listing written out (listing.py)
        generated(s, p, out)
        return
    rules_state = s.rules_state
    worths: dict[int, int] = {}
    uses_turn, uses_game = rules_state.uses_turn, rules_state.uses_game
    phase_now = 0 if before_roll else rules_state.turn_phase
    for deck, floor, deck_worth, run in rules.listed_actions[before_roll]:
        if deck is not None:
            worth = worths.get(deck)
            if worth is None:
                worth = worths[deck] = sum(map(mul, rules_state.held[deck][p], deck_worth))
            if worth < floor:
                continue        # too little for the cheapest: most listings end here
        for entry in run:
            spec, _, _, _, key, per_turn, per_game = entry[:7]
            if phase_now and spec.last_phase < phase_now:
                continue                    # its phases are over for this turn
            if per_turn is not None and uses_turn.get(key, 0) >= per_turn:
                continue
            if per_game is not None and uses_game.get(key, 0) >= per_game:
                continue
            offer(s, p, out, entry, worths)


def offer(s, p: int, out: list, entry: tuple, worths: dict) -> None:
    """Add to ``out`` the RuleActions of one listed action (``listed``'s entry) whose phase
    and limits allow it: its cost, condition and targets decide. ``worths``: what the
    player's items of each deck are worth, as far as worked out in this listing."""
    spec, modifiable, lowest, highest, _, _, _, res, counters, token, target_cost = entry
    rules = s.game.rules
    rules_state = s.rules_state
    hand = s.hand[p]
    # The cost first: it is cheap, and most listings fail on it (too few tokens); the
    # condition is a pure function of the state, so the order changes no result.
    if modifiable:
        if lowest is not None and _surely_unaffordable(s, spec, p, lowest):
            return
        if highest is not None and token is None and not target_cost \
                and not _surely_unaffordable(s, spec, p, highest):
            # Affordable whatever the modifiers add: the exact cost matters only
            # when paying.
            res = counters = ()
        elif highest is not None and token is None and not res and not counters \
                and not _between(hand, target_cost + lowest, target_cost + highest):
            # "cost r N" alone, and no hand holds an amount the modifiers could decide: the
            # same resources are affordable at any cost in the range (0 is in it).
            pass
        else:
            res, counters, token, target_cost = _costs(rules, s, spec, p)
    if token is not None:
        di = token[0]
        worth = worths.get(di)
        if worth is None:           # what the player's items of this deck are worth in all
            worth = worths[di] = sum(map(mul, rules_state.held[di][p], spec.token_worth))
        if worth < token[1]:
            return                  # most listings of a token action end here
    if (res or counters) and _short(s, p, res, counters, 0):
        return
    if token is None:
        pays = _NO_PAYMENT
    else:
        pays = minimal_payments(rules_state.held[di][p], rules.decks[di].values, token[1])
        if not pays:
            return
    env = {"player": p}
    if spec.when is not None and not spec.when(s, env):
        return
    ri = spec.rule_index
    targets = [-1] if spec.target is None else listed_targets(s, p, env, spec, target_cost, hand)
    for x in targets:
        for pay in pays:
            out.append(rules.rule_action(ri, x, pay))


def listed_targets(s, p: int, env: dict, spec: ActionSpec, target_cost: int, hand: list[int]
                   ) -> list:
    """The targets of ``spec`` that ``p`` may take it on now (``env``: its variables so far),
    kept in the position memo when what they read allows (target_static, target_counted,
    target_turned)."""
    if spec.target_static:
        # Asked on every listing (the markers next to a unit), changed by few actions.
        memo = s.rules_state.position_memo(s.piece_moves)
        mk = ("targets", spec.rule_index, p)
    elif spec.target_counted is not None:
        # The same, while the values of the player's own stocks it reads are unchanged
        # too (a piece's reach by a counter of its owner's, asked on every listing).
        memo = s.rules_state.position_memo(s.piece_moves)
        mk = ("targets", spec.rule_index, p, spec.target_counted(s, p))
    elif spec.target_turned:
        rs = s.rules_state      # the same, per robbers' places and pieces built this turn
        memo = rs.position_memo(s.piece_moves)
        mk = ("targets", spec.rule_index, p, not rs.built_now, s.robber, tuple(rs.robbers))
    else:
        return _targets(s, env, spec.target, target_cost, hand)
    targets = memo.get(mk)
    if targets is None:
        targets = memo[mk] = _targets(s, env, spec.target, 0, hand)
    return targets


def _targets(s, env: dict, target: tuple, target_cost: int, hand: list[int]) -> list:
    var, set_fn, set_t, where, picks = target
    if picks is not None and not target_cost:
        return picks(s, env)        # the loop below, written out with "where" in place
    if where is None:               # "target r in resources" with "cost r N": the hand decides
        items = ordered(s, set_fn(s, env), set_t, env)
        return [x for x in items if hand[x] >= target_cost] if target_cost else list(items)
    out = []
    for x in ordered(s, set_fn(s, env), set_t, env):
        env[var] = x
        if target_cost and hand[x] < target_cost:
            continue                 # "cost r N": N of this target resource
        if where is None or where(s, env):
            out.append(x)
    return out


def apply(s, a) -> None:
    rules = s.game.rules
    rules_state = s.rules_state
    p = s.cur
    ar = rules.compiled[a.rule]
    spec: ActionSpec = ar.action
    phases = spec.phases
    if phases is not None and s.phase == _MAIN and rules_state.turn_phase not in phases:
        turns.enter(s, min(k for k in phases if k > rules_state.turn_phase))
    known = rules.cost_modifiable.get(spec.name)     # no modifier can apply: the cost as written
    res, counters, token, target_cost = (spec.res, spec.counters, spec.token, spec.target_cost) \
        if known is not None and not known[0] else _costs(rules, s, spec, p)
    for r, n in res:
        s.hand[p][r] -= n
        s.bank[r] += n
    for c, n in counters:
        rules_state.counters[p][c] -= n
        if rules_state.supply[c] is not None:
            rules_state.supply[c] += n
    if token is not None and a.pay:
        stocks.pay_items(s, token[0], p, a.pay, a.rule)
    if target_cost and a.target >= 0:
        s.hand[p][a.target] -= target_cost
        s.bank[a.target] += target_cost
    rules_state.uses_turn[spec.key] = rules_state.uses_turn.get(spec.key, 0) + 1
    rules_state.uses_game[spec.key] = rules_state.uses_game.get(spec.key, 0) + 1
    executor.emit(s, a.rule, RuleActionTaken(p, spec.name, a.target if a.target >= 0 else None))
    env = {"player": p} if spec.target is None else {"player": p, spec.target[0]: a.target}
    rules.execution.enter(ar)               # a budget error names the action that ran away
    if rules.in_place:                      # its block run as its generated function
        firing.perform(s, rules, a.rule, env)
    else:
        executor.run(s, [("fx", a.rule, (), 0, executor.envt(env))])

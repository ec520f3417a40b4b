"""The rule actions a listing looks at (player_actions.listed's runs) → one generated Python
function per listing kind (after the roll, before it) with each action's checks written in place.

``player_actions.legal`` walks the runs entry by entry: it unpacks each entry's eleven fields
and tests its phase, limits and cost through fields that are known when the rules are loaded
(an action with no turn limit tests ``per_turn is not None`` in every listing). Written out,
an action's phase, limits and a cost no modifier changes become one ``if`` over literals
(``hand[2] >= 1 and uses_turn.get('oxen', 0) < 1``, or the worth of the deck items it is paid
in, summed once for its run), its condition written in place (a fused one: fused.py
keeps its source) or a direct call, its targets listed as
``player_actions.listed_targets`` lists them (written out when they are kept in the position
memo); an action whose cost a modifier changes is handed, after
its phase, limits and the largest discount's test, to ``player_actions.offer``, as the walk
does; the actions listed up to one turn phase test it once. The same actions are offered in
the same order. The source is built from the runs' structure alone: names and numbers enter it
as literals (``repr``), the specs and closures as named objects, never as code.
``GENERATED`` off leaves the walk (the reference, which a test plays side by side with this).
"""

from __future__ import annotations

import ast
import re
from operator import mul
from typing import Any, Callable

from catan_dsl.engine.rules import fused, player_actions

GENERATED = True
# A sale's targets (``target r in resources`` paid ``cost r N``) read from the hand in the
# listing itself; off, through player_actions.listed_targets (the reference).
INLINE_HAND_TARGETS = True
# An action's fused ``when`` written into the listing (fused.py's source), not called.
INLINE_WHEN = True
# Consecutive actions listed up to the same turn phase tested for it once (off: each its own).
GROUP_PHASES = True
# A target set kept in the position memo kept as its ready actions: a listing that finds them
# extends its list by them at once (off: the targets kept, each turned into its action per
# listing, and the variables' dict made before the memo is asked).
KEEP_ACTIONS = True
# A condition ``(True if X else False)`` tested as ``X``, and a sale's cost known to be above 0
# not tested for 0 again per target (off: as written).
LEAN_TESTS = True
# An action paid in deck items kept as its ready actions per items held (one per least
# payment, in the payments' order): a listing extends its list by them at once (off: the
# payments asked of their memo and each turned into its interned action, listing by listing).
KEEP_PAID = True
FILENAME = "<generated rule action listing>"
_NEVER_PAST = 1 << 30           # player_actions' last_phase of an action offered in every phase


def generated(listed: tuple[tuple, tuple], values: list[tuple[int, ...]]
              ) -> tuple[Callable | None, Callable | None]:
    """(after the roll, before it) → each listing as one function ``(s, p, out)``, or None
    (GENERATED off, no action in it, or the source would not compile). ``values``: what each
    deck's items are worth, by deck."""
    if not GENERATED:
        return None, None
    return _function(listed[0], False, values), _function(listed[1], True, values)


def _function(runs: tuple, before_roll: bool, values: list) -> Callable | None:
    if not any(run for *_, run in runs):
        return None
    names: dict[str, Any] = {"mul": mul, "offer": player_actions.offer,
                             "listed_targets": player_actions.listed_targets,
                             "minimal_payments": player_actions.minimal_payments,
                             "cost_delta": player_actions.cost_delta,
                             "payments_of": player_actions.payments_of}
    body: list[str] = []
    uses_counters = False
    summed: set[int] = set()
    for deck, floor, worth, run in runs:
        pad = "    "
        if deck is not None:
            # Too little of the deck for the cheapest of the run: most listings end here. (A
            # deck's worth summed once a listing: its runs stand apart when another action
            # comes between them, and nothing a listing does changes the items held.)
            if deck in summed:
                body.append(f"    worth = worth{deck!r}")
            else:
                body.append(f"    worth = worth{deck!r} = "
                            f"sum(map(mul, held[{deck!r}][p], {tuple(worth)!r}))")
                summed.add(deck)
            body.append(f"    if worth >= {floor!r}:")
            pad = "        "
            # The items held, as the payments' memo keys them: made once for the run.
            body.append(f"        items = tuple(held[{deck!r}][p])")
        # Actions listed up to the same turn phase in a row tested for it once, together.
        groups: list[tuple[str | None, list[str]]] = []
        for entry in run:
            lines, counters, phase = _entry(entry, before_roll, names, values, deck)
            uses_counters = uses_counters or counters
            if groups and phase is not None and groups[-1][0] == phase and GROUP_PHASES:
                groups[-1][1].extend(lines)
            else:
                groups.append((phase, list(lines)))
        for phase, lines in groups:
            body.extend(pad + line for line in _under([phase] if phase else [], lines))
    # The locals the body reads, each bound once per listing (a listing asks only some; an
    # attribute of the same name, ``rules_state.held``, is not one).
    locals_ = [("hand", "s.hand[p]"), ("uses_turn", "rules_state.uses_turn"),
               ("uses_game", "rules_state.uses_game"), ("held", "rules_state.held"),
               ("rule_action", "s.game.rules.rule_action"), ("worths", "{}"), ("kept", "None"),
               ("phase_now", "0" if before_roll else "rules_state.turn_phase"),
               ("mine", "rules_state.counters[p]")]
    text = "\n".join(body)
    head = ["def listing(s, p, out):", "    rules_state = s.rules_state"] + \
        [f"    {name} = {value}" for name, value in locals_
         if re.search(rf"(?<![\w.]){name}\b", text) and (name != "mine" or uses_counters)]
    text = "\n".join(head + body + ["    return None", ""])
    return fused.define(text, "listing", names, FILENAME)


def _entry(entry: tuple, before_roll: bool, names: dict, values: list, deck: int | None
           ) -> tuple[list[str], bool, str | None]:
    """One listed action's lines (unindented) under every test but its turn phase's, whether
    they read the player's counters, and that test (None: listed in every phase).
    ``deck``: the deck of its run, whose items' worth ``worth`` holds (None: no such run)."""
    spec, modifiable, lowest, _, key, per_turn, per_game, res, counters, token, target_cost = entry
    k = len(names)
    guards = []
    phase = None
    if not before_roll and spec.last_phase != _NEVER_PAST:
        # Listed while its last phase is not past (the walk: phase 0, or at most the last;
        # with a last phase of 0 or more the comparison alone says so for 0 too).
        phase = f"phase_now <= {spec.last_phase!r}" if spec.last_phase >= 0 \
            else f"(not phase_now or phase_now <= {spec.last_phase!r})"
    if per_turn is not None:
        guards.append(f"uses_turn.get({key!r}, 0) < {per_turn!r}")
    if per_game is not None:
        guards.append(f"uses_game.get({key!r}, 0) < {per_game!r}")
    if modifiable and _target_cost_only(entry):
        lines = _target_cost_lines(entry, guards, names, k)
        return lines, any("mine[" in line for line in lines), phase
    if modifiable or token is not None and token[0] != deck:
        # The cost is worked out per listing (the modifiers): the walk's own code, after the
        # test most listings of such an action end at — short even at the largest discount
        # (player_actions._surely_unaffordable) — written out when that discount is known.
        if modifiable and lowest is not None:
            guards += [f"hand[{r!r}] >= {n + lowest!r}" for r, n in res]
            guards += [f"mine[{c!r}] >= {n + lowest!r}" for c, n in counters]
            if target_cost:
                guards.append(f"max(hand) >= {target_cost + lowest!r}")
        names[f"E{k}"] = entry
        return _under(guards, [f"offer(s, p, out, E{k}, worths)"]), \
            bool(modifiable and lowest is not None and counters), phase
    guards += [f"hand[{r!r}] >= {n!r}" for r, n in res]
    guards += [f"mine[{c!r}] >= {n!r}" for c, n in counters]
    ri = spec.rule_index
    # (An action with no target: its payments alone make its actions.)
    keep_paid = KEEP_PAID and token is not None and spec.target is None
    if token is None:
        offered = _plain(ri, names)
    else:
        # Paid in deck items: its run's deck is this one and its worth is summed (_runs);
        # each least way to pay is offered.
        di, cost = token
        names[f"V{k}"] = values[di]
        guards.append(f"worth >= {cost!r}")
        offered = ["out.extend(pays)"] if keep_paid else \
            ["for pay in pays:", f"    out.append(rule_action({ri!r}, x, pay))"]
    cond = None if spec.when is None else _test(_condition(spec.when, k, names))
    ready = None if token is not None or spec.target is None else \
        _ready_actions(spec, k, target_cost, names, "env" in (cond or ""))
    if ready is not None:
        lines = ready
    elif spec.target is None:
        lines = offered if keep_paid else ["x = -1"] + offered
    else:
        names[f"S{k}"] = spec
        lines = _targets_loop(spec, k, target_cost, names) + ["    " + line for line in offered]
    # The variables' dict made once, where they are first read (a condition written in that
    # calls nothing reads p): the targets see it as the condition left it, as with the call.
    env = ["env = {'player': p}"] if any("env" in line for line in lines) else []
    if cond is not None:
        if "env" in cond:
            env, lines = ["env = {'player': p}"], [f"if {cond}:"] + ["    " + x for x in lines]
        else:
            lines = [f"if {cond}:"] + ["    " + x for x in env + lines]
            env = []
    lines = env + lines
    if token is not None:
        lines = _paid(ri, k, cost, names, keep_paid) + ["if pays:"] + ["    " + line for line in lines]
    # (A kept target set's key may read the counters too: _targets_loop.)
    return _under(guards, lines), bool(counters) or any("mine[" in line for line in lines), \
        phase


def _paid(ri: int, k: int, cost: int, names: dict, keep: bool) -> list[str]:
    """The lines binding ``pays`` to the least payments of ``cost`` from the items held
    (``items``), or, ``keep``, to rule ``ri``'s (no target) interned actions for them, kept
    in this game's table ``K{k}`` by the items held (few, and they repeat)."""
    if not keep:
        return [f"pays = payments_of(items, V{k}, {cost!r})"]
    names[f"K{k}"] = {}
    return [f"pays = K{k}.get(items)",
            "if pays is None:",
            f"    pays = K{k}[items] = tuple([rule_action({ri!r}, -1, pay)",
            f"                               for pay in payments_of(items, V{k}, {cost!r})])"]


def _target_cost_only(entry: tuple) -> bool:
    """Is the entry's cost a "cost r N" alone (no other resource, counter or deck item), with
    both bounds of what the modifiers add to it known? (a sale of 4 of one resource, 3 with a
    harbor: tested in most listings of a hand holding 3 of something.)"""
    spec, modifiable, lowest, highest, *_, res, counters, token, target_cost = entry
    return bool(modifiable and lowest is not None and highest is not None and token is None
                and not res and not counters and target_cost and spec.target is not None)


def _target_cost_lines(entry: tuple, guards: list[str], names: dict, k: int) -> list[str]:
    """``player_actions.offer`` for a _target_cost_only entry, written out: short of the cost
    at the largest discount ends it; the exact cost is worked out only when some hand holds
    an amount the modifiers decide (``offer``'s ``_between``), else the cost as written
    serves (every amount in the range admits the same targets)."""
    spec, _, lowest, highest, *_, target_cost = entry
    lo, hi = max(0, target_cost + lowest), max(0, target_cost + highest)
    names[f"E{k}"], names[f"S{k}"] = entry, spec
    ri = spec.rule_index
    exact = f"tc = max(0, {target_cost!r} + cost_delta(s.game.rules, s, S{k}, p))"
    if hi - lo == 1:                # one amount decides (a harbor's 3 of a 4): C's "in"
        lines = [f"tc = {target_cost!r}", f"if {lo!r} in hand:", "    " + exact]
    else:
        lines = [f"tc = {target_cost!r}", "for n in hand:", f"    if {lo!r} <= n < {hi!r}:",
                 "        " + exact, "        break"]
    offered = _hand_targets(spec, k, names, lo > 0) + ["    " + line for line in _plain(ri, names)]
    if spec.when is not None:
        offered = [f"if {_test(_condition(spec.when, k, names))}:"] + \
            ["    " + line for line in offered]
    # The variables' dict only when something reads it (a constant set and a condition
    # written in that calls nothing do not).
    lines += ["env = {'player': p}"] if any("env" in line for line in offered) else []
    return _under(guards + [f"max(hand) >= {target_cost + lowest!r}"], lines + offered)


def _condition(when, k: int, names: dict) -> str:
    """An action's ``when`` as the listing asks it: a fused expression's source written in
    place (its objects renamed ``W{k}_…``; when nothing in it is handed ``env``, the player
    read as ``p``, else every variable from ``env``, as for the call), else a call of its
    closure."""
    written = getattr(when, "written", None) if INLINE_WHEN else None
    if written is None:
        names[f"W{k}"] = when
        return f"W{k}(s, env)"
    src, objects = written
    # The rules' state from the listing's local; the player as the listing binds it when
    # nothing is handed env (a called comprehension may bind "player" again in it).
    src = re.sub(r"(?<![\w.'\"])s\.rules_state\b", "rules_state", src)
    if "env" not in src.replace("env['player']", ""):
        # The acting player's counters as the listing's local (bound once per listing).
        src = src.replace("env['player']", "p").replace("rules_state.counters[p]", "mine")
    for name, obj in objects.items():
        names[f"W{k}_{name}"] = obj
    # Its objects' names are identifiers outside its string literals (names and numbers
    # enter a fused source as repr literals), so a match not inside quotes is one of them.
    return re.sub(r"(?<![\w'\"])(" + "|".join(map(re.escape, objects)) + r")(?![\w'\"])",
                  lambda m: f"W{k}_{m.group(1)}", src) if objects else src


def _test(src: str) -> str:
    """A condition's source as an ``if`` asks it: ``(True if X else False)`` (a fused boolean
    as a value) tested is ``X`` tested, without the two steps that make the value."""
    if not LEAN_TESTS:
        return src
    node = ast.parse(src, mode="eval").body
    if isinstance(node, ast.IfExp) and isinstance(node.body, ast.Constant) \
            and node.body.value is True and isinstance(node.orelse, ast.Constant) \
            and node.orelse.value is False:
        return f"({ast.get_source_segment(src, node.test)})"
    return src


def _hand_targets(spec, k: int, names: dict, paid: bool) -> list[str]:
    """The lines up to ``for x in TARGETS:`` over a _target_cost_only action's targets at the
    cost ``tc``: its set's elements the hand holds ``tc`` of, read in place when nothing else
    decides them (no kept set, no "where", no players to put in turn order) — what
    ``player_actions._targets`` computes, without its three calls — else through
    ``listed_targets``."""
    var, set_fn, set_t, where, picks = spec.target
    if not INLINE_HAND_TARGETS or where is not None or picks is not None \
            or set_t == "set:player" or spec.target_static or spec.target_turned \
            or spec.target_counted is not None:
        return [f"for x in listed_targets(s, p, env, S{k}, tc, hand):"]
    written = getattr(set_fn, "written", None)
    if written is not None and written[0] in written[1] \
            and type(written[1][written[0]]) is tuple:
        # A set that is one constant ("resources": fused.inline's object) iterated itself,
        # not called per listing.
        names[f"F{k}"], head = written[1][written[0]], f"for x in F{k}:"
    else:
        names[f"F{k}"], head = set_fn, f"for x in F{k}(s, env):"
    # (``paid``: the least cost is above 0, so ``tc`` is never 0.)
    short = "hand[x] < tc" if paid and LEAN_TESTS else "tc and hand[x] < tc"
    return [head, f"    if {short}:", "        continue"]


def _ready_actions(spec, k: int, target_cost: int, names: dict, env_made: bool
                   ) -> list[str] | None:
    """The lines listing a paid-with-nothing action over a target set kept in the position
    memo (_memo_key) from that memo as its ready actions, one ``out.extend``; the set and its
    actions are made when the memo has none yet (with the variables' dict the condition made,
    ``env_made``, else a fresh one: nothing else reads it). None: KEEP_ACTIONS off, or the set
    is not kept so."""
    key = _memo_key(spec, "actions")
    if not KEEP_ACTIONS or key is None or spec.target[4] is None or target_cost:
        return None
    names[f"S{k}"], names[f"T{k}"] = spec, spec.target[4]
    env = "env" if env_made else "{'player': p}"
    return ["if kept is None:",
            "    kept = rules_state.position_memo(s.piece_moves)",
            f"mk = {key}",
            "acts = kept.get(mk)",
            "if acts is None:",
            "    acts = kept[mk] = []",
            f"    for x in T{k}(s, {env}):"] + \
        ["        " + line for line in _plain(spec.rule_index, names, "acts")] + \
        ["out.extend(acts)"]


def _memo_key(spec, kind: str) -> str | None:
    """The position memo's key of ``spec``'s targets (``kind``: "targets") or their actions
    ("actions") for the acting player ``p``, as source; None: they are not kept there."""
    ri = spec.rule_index
    if spec.target_static:
        return f"({kind!r}, {ri!r}, p)"
    if spec.target_counted is not None:                                 # over hand and mine
        if kind == "actions":
            # Its values laid flat in the key (one tuple made, not three: a key's shape is
            # the same for every listing of the action, so flat keys stay distinct).
            values = "".join(", " + x for x in _leaves(spec.target_counted.source))
            return f"({kind!r}, {ri!r}, p{values})"
        return f"({kind!r}, {ri!r}, p, {spec.target_counted.source})"
    if spec.target_turned:
        return (f"({kind!r}, {ri!r}, p, not rules_state.built_now, s.robber, "
                "tuple(rules_state.robbers))")
    return None


def _leaves(src: str) -> list[str]:
    """The sources of the values a tuple's source nests, in order, its ``None``s left out."""
    def walk(node) -> list[str]:
        if isinstance(node, ast.Tuple):
            return [x for e in node.elts for x in walk(e)]
        return [] if isinstance(node, ast.Constant) and node.value is None \
            else [ast.get_source_segment(src, node)]
    return walk(ast.parse(src, mode="eval").body)


def _targets_loop(spec, k: int, target_cost: int, names: dict) -> list[str]:
    """The lines up to ``for x in TARGETS:`` over the targets of ``spec`` (``S{k}``) that the
    player may take it on: player_actions.listed_targets written out when they are kept in
    the position memo — its key built in place, the memo looked up once per listing (nothing
    moves while one is made), the generated picking loop called directly — else called."""
    picks = spec.target[4]
    key = _memo_key(spec, "targets")
    if key is None or picks is None or target_cost:
        return [f"for x in listed_targets(s, p, env, S{k}, {target_cost!r}, hand):"]
    names[f"T{k}"] = picks
    return ["if kept is None:",
            "    kept = rules_state.position_memo(s.piece_moves)",
            f"mk = {key}",
            "targets = kept.get(mk)",
            "if targets is None:",
            f"    targets = kept[mk] = T{k}(s, env)",
            "for x in targets:"]


def _plain(ri: int, names: dict, to: str = "out") -> list[str]:
    """The lines appending rule ``ri``'s action on target ``x`` paid with nothing to the list
    ``to``: read from a table of this game's (``P{ri}``: target → the interned action, filled
    from ``rule_action``, read there: no listing binds it for the few that miss), so the same
    object is offered without building its interning key."""
    table = f"P{ri}"
    names.setdefault(table, {})
    return [f"a = {table}.get(x)",
            "if a is None:",
            f"    a = {table}[x] = s.game.rules.rule_action({ri!r}, x, ())",
            f"{to}.append(a)"]


def _under(guards: list[str], lines: list[str]) -> list[str]:
    """``lines`` run when every guard holds (all of them: no guard, no ``if``)."""
    if not guards:
        return lines
    return [f"if {' and '.join(guards)}:"] + ["    " + line for line in lines]

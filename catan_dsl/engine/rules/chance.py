"""IR naming, chance, repetition and shared-counter effects (let, roll, choose at random, repeat,
set) → effect records, and the chance prompt a die or a random pick opens (uniform, seeded by
the caller)."""

from __future__ import annotations

from typing import Callable

from catan_dsl.engine.events import RandomChosen, SharedCounterSet
from catan_dsl.engine.prompts import CHANCE, Prompt
from catan_dsl.engine.rules.executor import VIA, Eff, apply_choose, compile_effects, emit, envt, run
from catan_dsl.engine.rules.expressions import Ctx, compile_expr, compile_picks, elem_type

# chance: params (what, options, continuation, player, sides[, (weights, picks left)]); sides is
# a die's number of sides, or the name of a die with named faces.
RANDOM_CHOICE = "rule_random_choice"
MAX_SIDES = 1000                        # a die beyond this is a mistake, not a game (docs/limits.md)


def fx_let(node, ctx: Ctx) -> Eff:
    _, var, value_node, body = node
    value, typ = compile_expr(value_node, ctx)
    children = (compile_effects(body, ctx.bind(var, typ)),)

    def run_(s, env, ri, addr):
        inner = dict(env)
        inner[var] = value(s, env)          # evaluated once, read as often as the body likes
        return [("fx", ri, addr + (0,), 0, envt(inner))]
    return Eff("let", run_, children, inline=("let", var, value))


def fx_via(node, ctx: Ctx) -> Eff:
    _, name, call, at, body = node
    children = (compile_effects(body, ctx),)
    # The body runs as it is; a hidden name carries where it came from, for the log.
    tag = f"{call}|{name}() at {at}"

    def run_(s, env, ri, addr):
        inner = dict(env)
        inner[VIA] = tag
        return [("fx", ri, addr + (0,), 0, envt(inner))]
    return Eff("via", run_, children, inline=("via", tag))


def fx_roll(node, ctx: Ctx) -> Eff:
    _, var, sides_node, body = node
    if isinstance(sides_node, str) and sides_node in ctx.rules.dice:
        return _roll_named(var, sides_node, body, ctx)
    sides = compile_expr(sides_node, ctx)[0]
    children = (compile_effects(body, ctx.bind(var, "int")),)

    def run_(s, env, ri, addr):
        n = max(0, min(MAX_SIDES, int(sides(s, env) or 0)))
        if n <= 1:                          # nothing to roll: a d1 shows 1, a d0 shows 0
            inner = dict(env)
            inner[var] = n
            return [("fx", ri, addr + (0,), 0, envt(inner))]
        push_random(s, "die", tuple(range(1, n + 1)), ("fx", ri, addr, var, envt(env)),
              env.get("player"), n)
        return None
    return Eff("roll", run_, children)


def _roll_named(var: str, die: str, body: list, ctx: Ctx) -> Eff:
    """``roll(DIE)`` of a die with named faces: a chance node over its faces, binding ``var`` to
    the face shown (the prompt's ``sides`` slot carries the die's name)."""
    _, entries = ctx.rules.dice[die]
    children = (compile_effects(body, ctx.bind(var, "name:face")),)

    def run_(s, env, ri, addr):
        push_random(s, "die", entries, ("fx", ri, addr, var, envt(env)), env.get("player"), die)
        return None
    return Eff("roll", run_, children)


def fx_choose_random(node, ctx: Ctx) -> Eff:
    _, var, set_node, cond_node, body, other, *more = node
    candidates, set_t, inner = compile_picks(set_node, var, cond_node, ctx)
    what = elem_type(set_t)
    children = (compile_effects(body, inner), compile_effects(other, ctx))
    count = int(more[0]) if more else 1
    weight = compile_expr(more[1], inner)[0] if len(more) > 1 and more[1] is not None else None

    def run_(s, env, ri, addr):
        options = candidates(s, env)
        s.game.rules.execution.tick(len(options) + 1)
        weights = None
        if weight is not None:
            probe = dict(env)
            pairs = []
            for x in options:
                probe[var] = x
                w = int(weight(s, probe))
                if w > 0:
                    pairs.append((x, w))
            options, weights = [x for x, _ in pairs], tuple(w for _, w in pairs)
        if not options:
            return [("fx", ri, addr + (1,), 0, envt(env))]
        push_random(s, what, tuple(options), ("fx", ri, addr, var, envt(env)), env.get("player"), 0,
              weights, count - 1)
        return None
    return Eff("choose_random", run_, children)


def fx_set_counter(node, ctx: Ctx) -> Eff:
    _, name, value_node = node
    i = ctx.rules.counter_index[name]
    spec = ctx.rules.counters[i]
    value = compile_expr(value_node, ctx)[0]

    def run_(s, env, ri, addr):
        asked = int(value(s, env))
        top = asked if spec.max is None else min(asked, spec.max)
        now = max(0, top)
        s.rules_state.shared[i] = now
        emit(s, ri, SharedCounterSet(name, now, asked))
        return None
    return Eff("set_counter", run_)


def fx_repeat(node, ctx: Ctx) -> Eff:
    _, n_node, body, *cond_node = node
    times = compile_expr(n_node, ctx)[0]
    children = (compile_effects(body, ctx),)
    cond = compile_expr(cond_node[0], ctx)[0] if cond_node else None

    def run_(s, env, ri, addr):
        n = max(0, int(times(s, env) or 0))
        if cond is not None:
            # "while": one run at a time, COND asked before each (executor.run, "loop" items);
            # the budget is charged run by run, so a generous N costs only the runs made.
            return [("loop", ri, addr, n, envt(env))] if n else None
        s.game.rules.execution.tick(n)
        # Work items form a stack: n copies of the body run one after the other.
        return [("fx", ri, addr + (0,), 0, envt(env))] * n or None
    return Eff("repeat", run_, children, cond)


def push_random(s, what: str, options: tuple, cont: tuple, player, sides, weights: tuple | None = None,
          more: int = 0) -> None:
    params: tuple = (what, options, cont, player, sides)
    if weights is not None or more:
        # Only then: the prompts (and digests) of every other random choice stay as they were.
        params += ((weights, more),)
    s.prompts.append(Prompt(RANDOM_CHOICE, CHANCE, params))


def random_more(s, what: str, options: tuple, cont: tuple, player, weights, more: int) -> None:
    """The next pick of ``choose N … at random``, once the body has run for the previous one."""
    push_random(s, what, options, cont, player, 0, weights, more)


def random_outcomes(s, prompt: Prompt) -> list:
    what, options = prompt.params[0], prompt.params[1]
    rules = s.game.rules
    weights = prompt.params[5][0] if len(prompt.params) > 5 else None
    if weights is not None:
        total = sum(weights)
        return [(rules.choice(what, x), w / total) for x, w in zip(options, weights)]
    p = 1.0 / len(options)
    if len(set(options)) < len(options):
        # A named die lists a face once per side it is on: one outcome per face, weighted.
        shares: dict[int, float] = {}
        for x in options:
            shares[x] = shares.get(x, 0.0) + p
        return [(rules.choice(what, x), w) for x, w in shares.items()]
    return [(rules.choice(what, x), p) for x in options]


def apply_random(s, a, prompt: Prompt) -> None:
    what, options, cont, player, sides = prompt.params[:5]
    if len(prompt.params) > 5 and prompt.params[5][1] > 0:
        # One of N picks: the body runs with this one, then the next pick is offered from the
        # elements left (without this one).
        weights, more = prompt.params[5]
        emit(s, cont[1], RandomChosen(player, what, a.id, sides))
        s.prompts.pop()
        i = options.index(a.id)
        rest = options[:i] + options[i + 1:]
        left = weights[:i] + weights[i + 1:] if weights is not None else None
        _, ri, addr, var, et = cont
        env = dict(et)
        env[var] = a.id
        items: list = []
        if rest:
            items.append(("call", "random_more", (what, rest, cont, player, left, more - 1)))
        items.append(("fx", ri, addr + (0,), 0, envt(env)))
        run(s, items)
        return
    if isinstance(sides, str):              # a die with named faces: bind the face, not its index
        face = s.game.rules.dice[sides][0][a.id]
        emit(s, cont[1], RandomChosen(player, what, a.id, 0, sides, face))
        s.prompts.pop()
        _, ri, addr, var, et = cont
        env = dict(et)
        env[var] = face
        run(s, [("fx", ri, addr + (0,), 0, envt(env))])
        return
    # A continuation by name (a share's roll-off) carries its rule first among its arguments.
    emit(s, cont[2][0] if cont[0] == "call" else cont[1], RandomChosen(player, what, a.id, sides))
    apply_choose(s, a, Prompt(prompt.kind, prompt.player, (what, (), cont)))


CALLS: dict[str, Callable] = {"random_more": random_more}

EFFECTS: dict[str, Callable[[list, Ctx], Eff]] = {
    "let": fx_let, "roll": fx_roll, "choose_random": fx_choose_random, "repeat": fx_repeat,
    "set_counter": fx_set_counter, "via": fx_via,
}

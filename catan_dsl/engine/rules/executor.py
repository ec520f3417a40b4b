"""Compiled effect records → run as a work stack that suspends on prompts and resumes on answers."""

from __future__ import annotations

from typing import Callable

from catan_dsl.core import vocab
from catan_dsl.engine.events import EffectSkipped, Provenance
from catan_dsl.engine.prompts import RULE_CHOOSE, Prompt
from catan_dsl.engine.rules.execution import MAX_DEPTH, STEP_BUDGET, RuleBudgetExceeded
from catan_dsl.engine.rules.expressions import Ctx, check_effect_args, compile_expr

AUTO = -2                      # a prompt nobody answers: State._after runs it (a continuation)
RESUME = "rule_resume"         # params (work items,)
CHOOSE = RULE_CHOOSE           # params (what, options, continuation)
VIA = "@via"                   # hidden name: inside a procedure's body, "CALL_AT|NAME() at LINE"
# Answers and resumptions run their blocks in place (go_on), not through run's loop; off, run's
# loop is the reference. Read when a Game is built (Execution.resumes, firing.enabled).
IN_PLACE = True
OVER = 3            # State.phase once the game is over (state.py imports this package)
# A prompt made as Prompt's own __new__ makes it (the same tuple of the same class): calling
# the class enters its Python __new__ through C, a new interpreter frame; this builtin call
# does not (about 2,900 instructions a prompt → 1,700, in a loop by itself; a rule row asks a
# choice and suspends the stack below it some 0.4 times a decision).
_PROMPT = tuple.__new__



class Eff:
    """One compiled effect: ``run(s, env, ri, addr)`` returns work to do before the rest, or None.
    ``inline``: what a generated block needs to write the effect in place of the call
    (straight.py: ``("if", test)``, ``("let", name, value)``, ``("via", tag)``, ``("each",
    name, elements)``), or None."""

    __slots__ = ("head", "run", "children", "cond", "var", "inline")

    def __init__(self, head: str, run: Callable, children: tuple = (), cond=None, var=None,
                 inline: tuple | None = None):
        self.head, self.run, self.children, self.cond, self.var = head, run, children, cond, var
        self.inline = inline


def compile_effects(lst: list, ctx: Ctx) -> list[Eff]:
    """IR effect nodes → records, each by its head in the context's effect table."""
    out = []
    for node in lst:
        impl = ctx.effects.get(node[0]) if isinstance(node, list) and node else None
        if impl is None:
            raise ValueError(f"unknown effect {node!r}")
        check_effect_args(node)
        out.append(_none_guard(node, impl(node, ctx), ctx))
    return out


# A place or player no call found ("first(h in hexes where …)" of nothing, path_between of
# places that are not neighbours) is -1: an effect given one does nothing and says so, where
# it would otherwise act on the last place or player of a table.
GUARDED = {"hex": "hex", "vertex": "intersection", "edge": "path", "player": "player"}


def _none_guard(node: list, eff: Eff, ctx: Ctx) -> Eff:
    """``eff`` checking first that each argument of a place or player kind, when a call gives
    it (a variable of a loop or trigger always holds one), is not none."""
    entry = vocab.EFFECTS.get(node[0])
    checks = []
    for param, arg in zip(entry.params if entry else (), node[1:]):
        kinds = [k for k in param.type.split("|") if k in GUARDED]
        if kinds and isinstance(arg, list) and arg and arg[0] != "var":
            checks.append((param.name, compile_expr(arg, ctx)[0], GUARDED[kinds[0]]))
    if not checks:
        return eff
    inner, head = eff.run, node[0]

    def run_(s, env, ri, addr):
        for name, value, what in checks:
            x = value(s, env)
            if x is None or x < 0:
                emit(s, ri, EffectSkipped(head, f"no {what} to act on: its {name} is none"))
                return None
        return inner(s, env, ri, addr)
    return Eff(eff.head, run_, eff.children, eff.cond, eff.var)


def envt(env: dict) -> tuple:
    """A work item's frozen variables, in the order they were bound (the rule's parameters,
    then its loops and lets): a pure function of the rule and the run, so no sort is needed."""
    return tuple(env.items())


def via_prov(execution, p: Provenance, tag: str) -> Provenance:
    """A rule's provenance inside a procedure: the call's file:line, and the procedure's."""
    key = (p.rule_id, tag)
    got = execution.vias.get(key)
    if got is None:
        call, via = tag.split("|", 1)
        got = execution.vias[key] = Provenance(p.rule_id, call, via)
    return got


def emit(s, ri: int, event) -> None:
    """Emit ``event`` stamped with the rule that caused it (and the procedure, inside one).

    ``State.emit`` written out for an event a rule makes (most of a rule row's events): one
    pass stamps, records and dispatches it, where handing it on would stamp it twice."""
    rules = s.game.rules
    running = rules.execution.prov
    if ri >= 0:
        p = rules.compiled[ri].prov        # (always one: compiled._compile_rule makes it)
        if running is not None and running.via and running.rule_id == p.rule_id:
            p = running
    else:
        p = running                         # what State.emit stamps
    if event.rule is None:
        event.rule = p
    s._events.append(event)
    if type(event) in rules.heard:
        rules.dispatch(s, event)


# ---- the executor ---------------------------------------------------------------------------
def resolve(rules, ri: int, addr: tuple) -> list[Eff]:
    """The effect list at ``addr`` (pairs of effect index, child block) in rule ``ri``."""
    if not addr:
        return rules.compiled[ri].do
    key = (ri, addr)
    lst = rules.blocks.get(key)
    if lst is None:
        lst = rules.compiled[ri].do
        for k in range(0, len(addr), 2):
            lst = lst[addr[k]].children[addr[k + 1]]
        rules.blocks[key] = lst
    return lst


def rule_items(compiled: list, triggered, params: dict) -> list:
    """Work items for the rules (indices into ``compiled``, in order) whose filters fit an
    event's ``params``, their variables bound; reversed, as the stack runs the last first."""
    items = []
    for ri in reversed(triggered):
        rule = compiled[ri]
        hit = True
        for k, v in rule.filter:
            if params.get(k) != v:
                hit = False
                break
        if not hit:
            continue
        env = {"player": params["player"]}
        for param, var in rule.bind:
            env[var] = params.get(param)
            if "#" + param in params:
                env["#" + var] = params["#" + param]
        items.append(("rule", ri, envt(env)))
    return items


def suspend(s, items: list, n0: int, rule_work: bool = True) -> None:
    """Keep the remaining work below the prompts just pushed; it runs when they are answered.
    When a rule's own effect opened them the resume item is left even with nothing to resume:
    while one is on the stack a rule is still under way, and the victory check waits for it
    (``State._after`` looks for a resume item). A continuation of the engine's own turn (the robber after a roll) that
    opens a prompt with nothing left to run leaves none."""
    if items or rule_work:
        s.prompts.insert(n0, _PROMPT(Prompt, (RESUME, AUTO, (tuple(items),))))
        items.clear()


def run(s, items: list, first: Callable | None = None) -> None:
    """Run work items (a stack, top last) until done or until a prompt needs an answer.
    ``first``: what the top item's block runs as instead of its generated function (a block
    already run in place up to an effect that needed the stack, handing back where it
    stopped: firing.py)."""
    rules = s.game.rules
    execution = rules.execution
    straight = rules.straight
    if s._hlen != execution.stamp:      # execution.begin(s), inlined: a run per rule fired
        execution.reset(s._hlen)
    execution.depth += 1
    saved = execution.prov
    try:
        if execution.depth > MAX_DEPTH:
            raise RuleBudgetExceeded(execution.chain_names(), f"rules nested {MAX_DEPTH} deep",
                                     execution.origin())
        prompts = s.prompts
        while items:
            item = items.pop()
            # execution.tick(), inlined (the hottest line of a rule run); tick raises past it.
            execution.steps += 1
            if execution.steps > STEP_BUDGET:
                if item[0] != "call":          # the rule about to run is named, even first
                    execution.enter(rules.compiled[item[1]])
                execution.tick(0)
            kind = item[0]
            n0 = len(prompts)
            if kind == "fx":
                _, ri, addr, i, et = item
            elif kind == "rule":
                # A rule whose condition holds runs its block at once, as the "fx" item it
                # used to push would (that item's budget step is still counted).
                ri = item[1]
                rule = rules.compiled[ri]
                execution.chain.setdefault(id(rule), rule)      # execution.enter(rule)
                if rule.when is not None and not rule.when(s, dict(item[2])):
                    continue
                if execution.on_run is not None:
                    execution.on_run(s, ri)
                execution.steps += 1
                addr, i, et = (), 0, item[2]
            elif kind == "call":
                rules.calls[item[1]](s, *item[2])
            elif kind == "loop":
                # "repeat N while COND": COND now, then one run of the body, then ask again.
                _, ri, addr, left, et = item
                eff = resolve(rules, ri, addr[:-1])[addr[-1]]
                if eff.cond(s, dict(et)):
                    if left > 1:
                        items.append(("loop", ri, addr, left - 1, et))
                    items.append(("fx", ri, addr + (0,), 0, et))
                continue
            elif kind == "each":
                items.append(("fx", item[1], item[2] + (0,), 0, envt(each_next(item, items))))
                continue
            if kind != "call":
                lst = resolve(rules, ri, addr)
                env = dict(et)
                execution.prov = rules.compiled[ri].prov
                if VIA in env:
                    execution.prov = via_prov(execution, execution.prov, env[VIA])
                n = len(lst)
                # A block runs as its generated function from this effect on (straight.py)
                # when it has one, until an effect needs the stack.
                if first is None:
                    block = straight[ri, addr, i] if straight is not None else None
                else:
                    block, first = first, None
                while i < n:
                    if block is not None:
                        stop = block(s, env, items)
                        block = None
                        if stop is None:
                            break
                        # The block, position and variables it stopped in, with the
                        # effect's answer: carried on as the loop below would.
                        addr, i, env, sub, n0 = stop
                        lst = resolve(rules, ri, addr)
                        n = len(lst)
                    else:
                        eff = lst[i]
                        i += 1
                        execution.steps += 1
                        if execution.steps > STEP_BUDGET:
                            execution.tick(0)
                        n0 = len(prompts)
                        sub = eff.run(s, env, ri, addr + (i - 1,))
                    if sub or len(prompts) > n0:
                        if i == n and len(prompts) == n0 and len(sub) == 1 \
                                and sub[0][0] == "fx":
                            # A block ending in one nested block (let, if, a procedure's
                            # body): go straight into it, nothing is left here to come back to.
                            _, ri, addr, i, et = sub[0]
                            lst = resolve(rules, ri, addr)
                            n = len(lst)
                            env = dict(et)
                            if VIA in env:
                                execution.prov = via_prov(execution, execution.prov, env[VIA])
                            if straight is not None:
                                block = straight[ri, addr, i]
                            continue
                        if i < n:
                            items.append(("fx", ri, addr, i, envt(env)))
                        if sub:
                            items.extend(reversed(sub))
                        break
            if len(prompts) > n0:
                suspend(s, items, n0, kind != "call")
                return
    except RecursionError:
        raise execution.too_deep() from None
    finally:
        execution.depth -= 1
        execution.prov = saved


def each_next(item: tuple, items: list) -> dict:
    """An "each" item popped → the variables its body runs in for its next element, the
    elements after it pushed back as its item. Every element qualifies: the loop's condition
    is in its elements, picked when it started (effects.fx_each), and an item holds one or more."""
    _, ri, addr, var, rest, et = item
    env = dict(et)
    env[var] = rest[0]
    if len(rest) > 1:
        items.append(("each", ri, addr, var, rest[1:], et))
    return env


def go_on(s, items: list, top: tuple | None = None, settle: bool = False) -> None:
    """Run work items as ``run`` does (``top``: a block (rule, address, variables) to run from
    its start first, as its "fx" item would), each "fx" and "each" item's block entered as its
    generated function, as ``firing.perform`` enters one: no kind dispatch, no effect list
    looked up, no item pushed for an element's body only to be popped, and a block that opens
    a prompt suspended where it stopped without a second pass through run's loop. The first
    other item (a rule, a call, a repeat), or a block stopped by work it hands back (a roll, a
    share), hands the stack to run as it is then. The same steps are counted, the same
    provenance named, the same prompts and work left (``IN_PLACE`` off: run's loop).
    ``settle``: once the work is done, run on the resume items left below the answered prompt
    as ``State._after`` would next (while the game goes on), in the same pass."""
    rules = s.game.rules
    execution = rules.execution
    if s._hlen != execution.stamp:          # execution.begin(s), as run does on entry
        execution.reset(s._hlen)
    if execution.depth >= MAX_DEPTH:        # run stops the game before it pops an item
        if top is not None:
            items.append(("fx", top[0], top[1], 0, envt(top[2])))
        run(s, items)
        return
    straight, compiled, prompts = rules.straight, rules.compiled, s.prompts
    execution.depth += 1
    saved = execution.prov
    handed = None
    try:
        while True:
            if top is not None:
                (ri, addr, env), i, top = top, 0, None
            elif not items:
                if not (settle and prompts and prompts[-1].player == AUTO
                        and s.phase != OVER):
                    return
                items = list(prompts.pop().params[0])       # resume(s, prompt), in place
                execution.prov = saved
                continue
            else:
                item = items[-1]
                kind = item[0]
                if kind == "fx":
                    items.pop()
                    _, ri, addr, i, et = item
                    env = dict(et)
                elif kind == "each":
                    items.pop()
                    _, ri, addr, var, rest, et = item
                    execution.steps += 1            # the loop's item popped
                    if execution.steps > STEP_BUDGET:
                        execution.enter(compiled[ri])
                        execution.tick(0)
                    env = dict(et)                  # each_next, in place
                    env[var] = rest[0]
                    if len(rest) > 1:
                        items.append(("each", ri, addr, var, rest[1:], et))
                    addr, i = addr + (0,), 0
                else:
                    break
            execution.steps += 1                    # the block's item popped
            if execution.steps > STEP_BUDGET:
                execution.enter(compiled[ri])
                execution.tick(0)
            prov = compiled[ri].prov
            if VIA in env:                          # via_prov's kept answer, looked up here
                got = execution.vias.get((prov.rule_id, env[VIA]))
                prov = got if got is not None else via_prov(execution, prov, env[VIA])
            execution.prov = prov
            block = straight[ri, addr, i]
            if block is not None:
                stop = block(s, env, items)
                if stop is None:
                    continue
            else:
                lst = resolve(rules, ri, addr)
                if i >= len(lst):
                    continue
                if i + 1 < len(lst):                # too long to be written out: run's loop
                    execution.steps -= 1
                    items.append(("fx", ri, addr, i, envt(env)))
                    break
                # One plain effect, as run's loop runs it.
                execution.steps += 1
                if execution.steps > STEP_BUDGET:
                    execution.tick(0)
                n0 = len(prompts)
                sub = lst[i].run(s, env, ri, addr + (i,))
                if not sub and len(prompts) == n0:
                    continue
                stop = (addr, i + 1, env, sub, n0)
            handed = (ri, stop, execution.prov)
            break
    except RecursionError:
        raise execution.too_deep() from None
    finally:
        execution.depth -= 1
        execution.prov = saved
    if handed is None:
        run(s, items)
    else:
        stopped(s, rules, items, handed)


def stopped(s, rules, items: list, carried: tuple) -> None:
    """A block of rule ``ri`` written out stopped at an effect (``carried``: ``(ri, stop,
    prov)``, ``stop`` the block, position and variables to carry on from, the effect's answer
    and the prompts before it, ``prov`` the provenance then), ``items`` the work below it →
    the stack as run would leave it: a prompt opened with nothing handed back suspends the
    stack there, the rest of the block kept below the prompt (``IN_PLACE``); other work is
    handed to run, carried on from the stop. The three come as one tuple, not spread into
    the call (``f(*t)``): a spread call is not run in the caller's interpreter frame, a plain
    one is (fewer instructions a stop)."""
    ri, stop, prov = carried
    addr, i, env, sub, n0 = stop
    execution = rules.execution
    if not sub and execution.resumes:
        if i < len(resolve(rules, ri, addr)):
            items.append(("fx", ri, addr, i, envt(env)))
        suspend(s, items, n0)
        return
    execution.steps -= 1                # handing the block to run pops its item again
    items.append(("fx", ri, addr, 0, ()))

    def carry(s, env, items):
        execution.prov = prov           # as the block left it (inside a procedure's body)
        return stop
    run(s, items, carry)


def resume(s, prompt: Prompt) -> None:
    if s.game.rules.execution.resumes:
        go_on(s, list(prompt.params[0]))
    else:
        run(s, list(prompt.params[0]))


def push_choice(s, chooser: int, what: str, options: list, cont: tuple) -> None:
    s.prompts.append(_PROMPT(Prompt, (CHOOSE, chooser, (what, tuple(options), cont))))


def legal_choose(s, prompt: Prompt) -> list:
    what, options, _ = prompt.params
    rules = s.game.rules
    return rules.choices(what, options)


def apply_choose(s, a, prompt: Prompt) -> None:
    s.prompts.pop()
    cont = prompt.params[2]
    if cont[0] == "call":
        s.game.rules.calls[cont[1]](s, a.id, *cont[2])
        return
    _, ri, addr, var, et = cont
    env = dict(et)
    env[var] = a.id
    if s.game.rules.execution.resumes:
        go_on(s, [], (ri, addr + (0,), env), True)
    else:
        run(s, [("fx", ri, addr + (0,), 0, envt(env))])

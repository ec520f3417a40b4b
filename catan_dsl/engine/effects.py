"""IR effect lists → compiled effect records, and the executor that runs them and suspends on prompts."""

from __future__ import annotations

from typing import Any, Callable

from catan_dsl.engine.interp import (MAX_DEPTH, Ctx, RuleBudgetExceeded, compile_cond,
                                     compile_expr, elem_type, ordered)
from catan_dsl.engine.prompts import Prompt

AUTO = -2                      # a prompt nobody answers: State._after runs it (a continuation)
RESUME = "rule_resume"         # params (work items,)
CHOOSE = "rule_choose"         # params (what, options, continuation)

# Continuations named in plain data: name -> fn(state, *args) (choices pass the value first).
CALLS: dict[str, Callable] = {}


class Eff:
    """One compiled effect: ``run(s, env, ri, addr)`` returns work to do before the rest, or None."""

    __slots__ = ("head", "run", "children", "cond", "var")

    def __init__(self, head: str, run: Callable, children: tuple = (), cond=None, var=None):
        self.head, self.run, self.children, self.cond, self.var = head, run, children, cond, var


def compile_effects(lst: list, ctx: Ctx) -> list[Eff]:
    out = []
    for node in lst:
        impl = EFFECTS.get(node[0]) if isinstance(node, list) and node else None
        if impl is None:
            raise ValueError(f"unknown effect {node!r}")
        out.append(impl(node, ctx))
    return out


def envt(env: dict) -> tuple:
    return tuple(sorted(env.items()))


def prov(s, ri: int):
    return s.game.rx.rules[ri].prov if ri >= 0 else None


def emit(s, ri: int, event) -> None:
    """Emit ``event`` stamped with the rule that caused it."""
    p = prov(s, ri)
    if p is not None and event.rule is None:
        object.__setattr__(event, "rule", p)
    s.emit(event)


# ---- the executor ---------------------------------------------------------------------------
def _resolve(rg, ri: int, addr: tuple) -> list[Eff]:
    lst = rg.rules[ri].do
    for k in range(0, len(addr), 2):
        lst = lst[addr[k]].children[addr[k + 1]]
    return lst


def suspend(s, items: list, n0: int) -> None:
    """Keep the remaining work below the prompts just pushed; it runs when they are answered."""
    if items:
        s.prompts.insert(n0, Prompt(RESUME, AUTO, (tuple(items),)))
        items.clear()


def run(s, items: list) -> None:
    """Run work items (a stack, top last) until done or until a prompt needs an answer."""
    rg = s.game.rx
    rt = rg.rt
    rt.begin(s)
    rt.depth += 1
    saved = rt.prov
    try:
        if rt.depth > MAX_DEPTH:
            raise RuleBudgetExceeded(rt.chain_names(), f"rules nested {MAX_DEPTH} deep")
        prompts = s.prompts
        while items:
            item = items.pop()
            rt.tick()
            kind = item[0]
            n0 = len(prompts)
            if kind == "rule":
                rule = rg.rules[item[1]]
                rt.enter(rule.id)
                if rule.when is None or rule.when(s, dict(item[2])):
                    items.append(("fx", item[1], (), 0, item[2]))
                continue
            if kind == "call":
                CALLS[item[1]](s, *item[2])
            elif kind == "each":
                _, ri, addr, var, rest, et = item
                eff = _resolve(rg, ri, addr[:-1])[addr[-1]]
                env = dict(et)
                while rest:
                    x, rest = rest[0], rest[1:]
                    env[var] = x
                    if eff.cond is None or eff.cond(s, env):
                        if rest:
                            items.append(("each", ri, addr, var, rest, et))
                        items.append(("fx", ri, addr + (0,), 0, envt(env)))
                        break
                continue
            else:
                _, ri, addr, i, et = item
                lst = _resolve(rg, ri, addr)
                env = dict(et)
                rt.prov = rg.rules[ri].prov
                while i < len(lst):
                    eff = lst[i]
                    i += 1
                    rt.tick()
                    n0 = len(prompts)
                    sub = eff.run(s, env, ri, addr + (i - 1,))
                    if sub or len(prompts) > n0:
                        if i < len(lst):
                            items.append(("fx", ri, addr, i, envt(env)))
                        if sub:
                            items.extend(reversed(sub))
                        break
            if len(prompts) > n0:
                suspend(s, items, n0)
                return
    except RecursionError:
        raise RuleBudgetExceeded(rt.chain_names(), "rules nested too deep") from None
    finally:
        rt.depth -= 1
        rt.prov = saved


def resume(s, prompt: Prompt) -> None:
    run(s, list(prompt.params[0]))


def push_choice(s, chooser: int, what: str, options: list, cont: tuple) -> None:
    s.prompts.append(Prompt(CHOOSE, chooser, (what, tuple(options), cont)))


def legal_choose(s, prompt: Prompt) -> list:
    what, options, _ = prompt.params
    rx = s.game.rx
    return [rx.choice(what, x) for x in options]


def apply_choose(s, a, prompt: Prompt) -> None:
    s.prompts.pop()
    cont = prompt.params[2]
    if cont[0] == "call":
        n0 = len(s.prompts)
        CALLS[cont[1]](s, a.id, *cont[2])
        return
    _, ri, addr, var, et = cont
    env = dict(et)
    env[var] = a.id
    run(s, [("fx", ri, addr + (0,), 0, envt(env))])


# ---- effect implementations -----------------------------------------------------------------
def _x(node: Any, ctx: Ctx):
    return compile_expr(node, ctx)[0]


def _player(node: Any, ctx: Ctx):
    return _x(node if node is not None else ["var", "player"], ctx)


def fx_gain(node, ctx):
    return _stock_move(node, ctx, "gain")


def fx_lose(node, ctx):
    return _stock_move(node, ctx, "lose")


def fx_transfer(node, ctx):
    return _stock_move(node, ctx, "transfer")


def _stock_move(node, ctx, op: str) -> Eff:
    from catan_dsl.engine import stocks
    rg = ctx.rg
    if op == "transfer":
        frm, to, n, stock = _player(node[1], ctx), _player(node[2], ctx), _x(node[3], ctx), node[4]
    else:
        frm, to, n, stock = _player(node[1], ctx), None, _x(node[2], ctx), node[3]
    form = stocks.stock_form(rg, stock)

    def run_(s, env, ri, addr):
        p = frm(s, env)
        k = n(s, env)
        if p is None or p < 0 or k <= 0:
            return None
        q = to(s, env) if to is not None else None
        stocks.move(s, op, p, q, k, form, ri)
        return None
    return Eff(node[0], run_)


def fx_draw(node, ctx):
    from catan_dsl.engine import stocks
    p, n, di = _player(node[1], ctx), _x(node[2], ctx), ctx.rg.deck_index[node[3]]
    return Eff("draw", lambda s, env, ri, addr: stocks.push_draw(s, di, p(s, env), n(s, env), ri))


def fx_give_item(node, ctx):
    from catan_dsl.engine import stocks
    frm, to, item = _player(node[1], ctx), _player(node[2], ctx), ctx.rg.item_index[node[3]]
    return Eff("give_item",
               lambda s, env, ri, addr: stocks.give_item(s, frm(s, env), to(s, env), item, ri))


def fx_reveal(node, ctx):
    from catan_dsl.engine.events import ItemRevealed
    name = node[1]

    def run_(s, env, ri, addr):
        s.ext.revealed[name] = 1
        emit(s, ri, ItemRevealed(name))
    return Eff("reveal", run_)


def fx_choose(node, ctx):
    _, var, chooser, set_node, cond_node, body, *rest = node
    set_fn, set_t = compile_expr(set_node, ctx)
    what = elem_type(set_t)
    inner = ctx.bind(var, what)
    cond = compile_cond(cond_node, inner)
    who = _player(chooser, ctx)
    children = (compile_effects(body, inner), compile_effects(rest[0] if rest else [], ctx))

    def run_(s, env, ri, addr):
        options = []
        for x in ordered(s, set_fn(s, env), set_t, env):
            env[var] = x
            if cond is None or cond(s, env):
                options.append(x)
        env.pop(var, None)
        s.game.rx.rt.tick(len(options) + 1)
        if not options:
            return [("fx", ri, addr + (1,), 0, envt(env))]
        push_choice(s, who(s, env), what, options, ("fx", ri, addr, var, envt(env)))
        return None
    return Eff("choose", run_, children)


def fx_each(node, ctx):
    _, var, set_node, cond_node, body = node
    set_fn, set_t = compile_expr(set_node, ctx)
    inner = ctx.bind(var, elem_type(set_t))
    cond = compile_cond(cond_node, inner)

    def run_(s, env, ri, addr):
        # The elements are chosen when the loop starts ("each player who holds a card gives
        # one"): a body that changes the state can't add or drop later elements.
        items = ordered(s, set_fn(s, env), set_t, env)
        if cond is not None:
            probe = dict(env)
            chosen = []
            for x in items:
                probe[var] = x
                if cond(s, probe):
                    chosen.append(x)
            items = chosen
        items = tuple(items)
        return [("each", ri, addr, var, items, envt(env))] if items else None
    return Eff("each", run_, (compile_effects(body, inner),), None, var)


def fx_if(node, ctx):
    cond = _x(node[1], ctx)
    children = (compile_effects(node[2], ctx), compile_effects(node[3] if len(node) > 3 else [], ctx))
    return Eff("if", lambda s, env, ri, addr:
               [("fx", ri, addr + (0 if cond(s, env) else 1,), 0, envt(env))], children)


def _simple(fn_name: str):
    """Effects whose work lives in the board/turn modules: compiled args → that module's function."""
    def make(node, ctx):
        from catan_dsl.engine import board_ops
        impl = getattr(board_ops, fn_name)
        return Eff(node[0], impl(node, ctx))
    return make


EFFECTS: dict[str, Callable[[list, Ctx], Eff]] = {
    "gain": fx_gain, "lose": fx_lose, "transfer": fx_transfer, "draw": fx_draw,
    "give_item": fx_give_item, "reveal": fx_reveal, "choose": fx_choose, "each": fx_each,
    "if": fx_if, "move_robber": _simple("fx_move_robber"), "steal": _simple("fx_steal"),
    "discard_half": _simple("fx_discard_half"), "place": _simple("fx_place"),
    "remove": _simple("fx_remove"), "mark": _simple("fx_mark"), "unmark": _simple("fx_unmark"),
    "build_free": _simple("fx_build_free"), "take_development": _simple("fx_take_development"),
    "reroll": _simple("fx_reroll"), "reshuffle": _simple("fx_reshuffle"),
    "set_yield": _simple("fx_set_yield"), "award": _simple("fx_award"),
    "return_played": _simple("fx_return_played"), "set_aside": _simple("fx_set_aside"),
}

# Chains of pieces and votes live in their own modules (engine/chains.py, engine/votes.py).
from catan_dsl.engine import chains as _chains, votes as _votes  # noqa: E402
EFFECTS.update({"extend": _chains.fx_extend, "vote": _votes.fx_vote})

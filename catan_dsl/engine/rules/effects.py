"""IR flow and stock effects (gain, lose, transfer, draw, give, reveal, choose, each, if) → effect records."""

from __future__ import annotations

from typing import Any, Callable

from catan_dsl.engine.board import CHOICE
from catan_dsl.engine.events import (AlternativeChosen, EffectSkipped, ItemRevealed, StockChanged,
                                     StockTransferred)
from catan_dsl.engine.rules import stocks
from catan_dsl.engine.rules.executor import Eff, compile_effects, emit, envt, push_choice, run
from catan_dsl.engine.rules.expressions import (Ctx, compile_cond, compile_expr, compile_picks,
                                               elem_type)


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
    rules = ctx.rules
    if op == "transfer":
        frm, to, n, stock = _player(node[1], ctx), _player(node[2], ctx), _x(node[3], ctx), node[4]
    else:
        frm, to, n, stock = _player(node[1], ctx), None, _x(node[2], ctx), node[3]
    form = stocks.stock_form(rules, stock)
    given = _x(form[1], ctx) if form[0] == "expr" else None
    counter = stocks.counter_mover(op, form)        # a named counter gained or lost

    def run_(s, env, ri, addr):
        p = frm(s, env)
        k = n(s, env)
        if p is None or p < 0 or k <= 0:
            return None
        if counter is not None:
            counter(s, p, k, ri)
            return None
        q = to(s, env) if to is not None else None
        here = form
        if form[0] == "var":                 # a resource variable: the resource it holds now
            r = env[form[1]]
            here = ("resource", r, rules.game.resources[r])
        elif given is not None:              # "gain 1 produces(h)": what the call gives now
            r = given(s, env)
            if r == CHOICE:
                here = ("choice", "resource" if op == "gain" else "held")
            elif not isinstance(r, int) or not 0 <= r < len(rules.game.resources):
                emit(s, ri, EffectSkipped(op, "the resource is nothing (a hex that produces "
                                          "nothing)"))
                return None
            else:
                here = ("resource", r, rules.game.resources[r])
        stocks.move(s, op, p, q, k, here, ri)
        return None
    # A named counter or a fixed resource: the move opens no prompt and hands back no work
    # unless a rule hears its events; a generated block writes it in place (straight.py).
    if counter is not None:
        run_.direct = ("counter", _MOVED, frm, n, counter)
    elif form[0] == "resource":
        run_.direct = ("move", _MOVED, frm, n, to, op, form, stocks.move)
    return Eff(node[0], run_)


_MOVED = (StockChanged, StockTransferred, EffectSkipped)    # the events a stock move emits


def fx_draw(node, ctx):
    p, n, di = _player(node[1], ctx), _x(node[2], ctx), ctx.rules.deck_index[node[3]]
    return Eff("draw", lambda s, env, ri, addr: stocks.push_draw(s, di, p(s, env), n(s, env), ri))


def fx_give_item(node, ctx):
    frm, to, item = _player(node[1], ctx), _player(node[2], ctx), ctx.rules.item_index[node[3]]
    return Eff("give_item",
               lambda s, env, ri, addr: stocks.give_item(s, frm(s, env), to(s, env), item, ri))


def fx_reveal(node, ctx):
    name = node[1]

    def run_(s, env, ri, addr):
        s.rules_state.revealed[name] = 1
        emit(s, ri, ItemRevealed(name))
    return Eff("reveal", run_)


def fx_choose(node, ctx):
    _, var, chooser, set_node, cond_node, body, *rest = node
    candidates, set_t, inner = compile_picks(set_node, var, cond_node, ctx)
    what = elem_type(set_t)
    who = _player(chooser, ctx)
    children = (compile_effects(body, inner), compile_effects(rest[0] if rest else [], ctx))

    def run_(s, env, ri, addr):
        options = candidates(s, env)
        s.game.rules.execution.tick(len(options) + 1)
        if not options:
            return [("fx", ri, addr + (1,), 0, envt(env))]
        push_choice(s, who(s, env), what, options, ("fx", ri, addr, var, envt(env)))
        return None
    return Eff("choose", run_, children)


def fx_choose_one(node, ctx):
    """``["choose_one", CHOOSER, {"label", "when", "do"}, ...]``: a prompt whose options are
    the alternatives whose condition holds, numbered from 1 in the order written."""
    _, chooser, *alternatives = node
    who = _player(chooser, ctx)
    labels = tuple(a["label"] for a in alternatives)
    conds = tuple(compile_cond(a.get("when"), ctx) for a in alternatives)
    children = tuple(compile_effects(a.get("do") or [], ctx) for a in alternatives)

    def run_(s, env, ri, addr):
        options = [i + 1 for i, cond in enumerate(conds) if cond is None or cond(s, env)]
        s.game.rules.execution.tick(len(conds))
        if not options:
            emit(s, ri, EffectSkipped("choose_one", "no alternative's condition holds"))
            return None
        p = who(s, env)
        push_choice(s, p, "alternative", options,
                    ("call", "alternative_chosen", (p, labels, ri, addr, envt(env))))
        return None
    return Eff("choose_one", run_, children)


def alternative_chosen(s, k: int, p: int, labels: tuple, ri: int, addr: tuple, et: tuple) -> None:
    """The answer to ``choose one`` (alternative ``k``, from 1): the log names it, then its
    block runs."""
    emit(s, ri, AlternativeChosen(p, labels[k - 1]))
    run(s, [("fx", ri, addr + (k - 1,), 0, et)])


def fx_each(node, ctx):
    _, var, set_node, cond_node, body = node
    candidates, set_t, inner = compile_picks(set_node, var, cond_node, ctx)

    def run_(s, env, ri, addr):
        # The elements are chosen when the loop starts ("each player who holds a card gives
        # one"): a body that changes the state can't add or drop later elements.
        items = tuple(candidates(s, env))
        return [("each", ri, addr, var, items, envt(env))] if items else None
    return Eff("each", run_, (compile_effects(body, inner),), None, var,
               ("each", var, candidates))


def fx_if(node, ctx):
    cond = _x(node[1], ctx)
    children = (compile_effects(node[2], ctx), compile_effects(node[3] if len(node) > 3 else [], ctx))

    def run_(s, env, ri, addr):
        branch = 0 if cond(s, env) else 1
        # An empty branch (most "if"s have no else) is nothing to run: no work item for it.
        return [("fx", ri, addr + (branch,), 0, envt(env))] if children[branch] else None
    return Eff("if", run_, children, inline=("if", cond))


EFFECTS: dict[str, Callable[[list, Ctx], Eff]] = {
    "gain": fx_gain, "lose": fx_lose, "transfer": fx_transfer, "draw": fx_draw,
    "give_item": fx_give_item, "reveal": fx_reveal, "choose": fx_choose, "each": fx_each,
    "if": fx_if, "choose_one": fx_choose_one,
}
# Continuations named in prompts (tables.CALLS).
CALLS = {"alternative_chosen": alternative_chosen}

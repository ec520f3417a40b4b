"""IR marker effects and functions → marker counts moved between each kind's supply and hexes."""

from __future__ import annotations

from catan_dsl.engine.events import EffectSkipped, MarkersMoved
from catan_dsl.engine.rules.executor import Eff, emit
from catan_dsl.engine.rules.expressions import Ctx, compile_expr, constant_name, variable_name
from catan_dsl.engine.rules.fused import inline

UNLIMITED = 1_000_000   # what marker_supply reads for a supply without a limit


def fx_put_markers(node, ctx: Ctx) -> Eff:
    _, n_node, name, at_node = node
    i = ctx.rules.marker_index[name]
    where = "path" if ctx.rules.marker_on[i] == "edge" else "hex"
    _, _, most = ctx.rules.marker_specs[i]
    count, at = compile_expr(n_node, ctx)[0], compile_expr(at_node, ctx)[0]

    def run_(s, env, ri, addr):
        rules_state = s.rules_state
        h, asked = at(s, env), max(0, int(count(s, env)))
        on, supply = rules_state.markers[i], rules_state.marker_supply[i]
        room = asked if most is None else min(asked, max(0, most - on[h]))
        placed = room if supply is None else min(room, supply)
        if placed:
            on[h] += placed
            if supply is not None:
                rules_state.marker_supply[i] = supply - placed
            rules_state.markers_moved()
            emit(s, ri, MarkersMoved(name, h, placed, on[h]))
        if placed < asked:
            # Said, never silent: a full hex or an empty supply is for the rule to guard.
            why = (f"{where} {h} holds its maximum of {most}" if room < asked
                   else f"the {name} supply is empty")
            emit(s, ri, EffectSkipped("put_markers", f"{asked - placed} {name} not placed: {why}"))
        return None
    return Eff("put_markers", run_)


def fx_take_markers(node, ctx: Ctx) -> Eff:
    _, n_node, name, at_node = node
    i = ctx.rules.marker_index[name]
    where = "path" if ctx.rules.marker_on[i] == "edge" else "hex"
    returns = ctx.rules.marker_returns[i]       # no_return: taken markers leave the game
    count, at = compile_expr(n_node, ctx)[0], compile_expr(at_node, ctx)[0]

    def run_(s, env, ri, addr):
        rules_state = s.rules_state
        h, asked = at(s, env), max(0, int(count(s, env)))
        on = rules_state.markers[i]
        took = min(asked, on[h])
        if took:
            on[h] -= took
            if rules_state.marker_supply[i] is not None and returns:
                rules_state.marker_supply[i] += took
            rules_state.markers_moved()
            emit(s, ri, MarkersMoved(name, h, -took, on[h]))
        if took < asked:
            emit(s, ri, EffectSkipped("take_markers",
                                      f"{asked - took} {name} not taken: {where} {h} had {took}"))
        return None
    return Eff("take_markers", run_)


def fx_move_markers(node, ctx: Ctx) -> Eff:
    _, name, frm_node, to_node = node
    i = ctx.rules.marker_index[name]
    where = "path" if ctx.rules.marker_on[i] == "edge" else "hex"
    _, _, most = ctx.rules.marker_specs[i]
    frm, to = compile_expr(frm_node, ctx)[0], compile_expr(to_node, ctx)[0]

    def run_(s, env, ri, addr):
        on = s.rules_state.markers[i]
        a, b = frm(s, env), to(s, env)
        why = (f"{where} {a} has no {name}" if on[a] <= 0 else
               f"{where} {b} holds its maximum of {most}" if most is not None and on[b] >= most else "")
        if why:
            emit(s, ri, EffectSkipped("move_markers", f"1 {name} not moved: {why}"))
            return None
        if a != b:
            s.rules_state.markers_moved()
            on[a] -= 1
            on[b] += 1
            emit(s, ri, MarkersMoved(name, a, -1, on[a]))
            emit(s, ri, MarkersMoved(name, b, 1, on[b]))
        return None
    return Eff("move_markers", run_)


def f_markers(ctx: Ctx, a, raw):
    h, name, index = a[0][0], a[1][0], ctx.rules.marker_index
    known, hv = constant_name(raw[1], ctx), variable_name(raw[0], ctx)
    if known in index:                      # the usual "markers(h, M)": one lookup now
        i = index[known]
        if hv is not None:
            return inline(lambda s, env: s.rules_state.markers[i][env[hv]],
                          f"s.rules_state.markers[{i}][env[{hv!r}]]"), "int"
        return (lambda s, env: s.rules_state.markers[i][h(s, env)]), "int"
    return (lambda s, env: s.rules_state.markers[index[name(s, env)]][h(s, env)]), "int"


def f_marker_supply(ctx: Ctx, a, raw):
    name, index = a[0][0], ctx.rules.marker_index

    def supply(s, env):
        left = s.rules_state.marker_supply[index[name(s, env)]]
        return UNLIMITED if left is None else left
    return supply, "int"


EFFECTS = {"put_markers": fx_put_markers, "take_markers": fx_take_markers,
           "move_markers": fx_move_markers}
FUNCTIONS = {"markers": f_markers, "marker_supply": f_marker_supply}

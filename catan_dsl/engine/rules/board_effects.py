"""Board and turn effects of rules (robber, steal, place/remove/mark pieces, free builds, yields, awards)."""

from __future__ import annotations

from catan_dsl.engine.base import awards, building, networks, turn_flow
from catan_dsl.engine.events import (
    EffectSkipped,
    PieceMarked,
    PieceRemoved,
    PlayedCardReturned,
    RobberMoved,
    SpecialCardSetAside,
    YieldSet,
)
from catan_dsl.engine.prompts import CHANCE, CHOOSE_VICTIM, DISCARD, DRAW, MOVE_ROBBER, PLACE_FREE, Prompt
from catan_dsl.engine.rules import stocks
from catan_dsl.engine.rules.executor import Eff, emit, push_choice
from catan_dsl.engine.rules.expressions import compile_expr
from catan_dsl.engine.rules.functions import place_kind


def _x(node, ctx):
    return compile_expr(node if node is not None else ["var", "player"], ctx)


def fx_move_robber(node, ctx):
    to = node[1] if len(node) > 1 else "choice"
    rules = ctx.rules
    if to in ("choice", "off_board", "home"):
        dest = None
    else:
        dest = _x(to, ctx)[0]

    def run_(s, env, ri, addr):
        p = env.get("player", s.cur)
        if s.game.no_robber:
            if to == "choice":          # no robber to move: the player robs anyone instead
                s.prompts.append(Prompt(CHOOSE_VICTIM, p, (-1,)))
            else:
                emit(s, ri, EffectSkipped("move_robber", "there is no robber in this game"))
            return None
        if to == "choice":
            s.prompts.append(Prompt(MOVE_ROBBER, p))
            return None
        h = -1 if to == "off_board" else rules.home_hex(s) if to == "home" else dest(s, env)
        if h is None:
            return None
        old = s.robber
        s.robber = h
        emit(s, ri, RobberMoved(p, h, old))
        return None
    return run_


def fx_steal(node, ctx):
    p, (victims, _), n = _x(node[1], ctx)[0], _x(node[2], ctx), _x(node[3], ctx)[0]
    rules = ctx.rules

    def run_(s, env, ri, addr):
        thief = p(s, env)
        vs = [q for q in victims(s, env) if q != thief and any(s.hand[q])
              and not rules.forbidden(s, "steal", thief, {"from": q})]
        k = n(s, env)
        if len(vs) == 1:
            _steal(s, vs[0], thief, k)
        elif vs:
            push_choice(s, thief, "player", vs, ("call", "steal_from", (thief, k)))
        return None
    return run_


def _steal(s, victim: int, thief: int, k: int) -> None:
    for _ in range(min(k, sum(s.hand[victim]))):
        s.prompts.append(Prompt(turn_flow.STEAL, CHANCE, (victim, thief)))




def fx_discard_half(node, ctx):
    above = _x(node[1], ctx)[0] if len(node) > 1 else None

    def run_(s, env, ri, addr):
        limit = above(s, env) if above else s.game.discard_above
        n = s.game.n_real
        p = env.get("player", s.cur)
        for q in reversed([(p + i) % n for i in range(n)]):
            held = sum(s.hand[q])
            if held > limit:
                s.prompts.append(Prompt(DISCARD, q, (held // 2,)))
        return None
    return run_


def place_spots(s, p: int, k: int) -> list[int]:
    """Where ``p`` may put a free piece of kind ``k`` (the piece's own rules, then forbids)."""
    spots = building.free_spots(s, p, k)
    return spots


def fx_place(node, ctx):
    p = _x(node[1], ctx)[0]
    k = ctx.rules.piece_index[node[2]]
    at = node[3] if len(node) > 3 else "choice"
    chooser = _x(node[4] if len(node) > 4 else None, ctx)[0]
    at_fn = None if at == "choice" else _x(at, ctx)[0]
    on_edge = ctx.rules.game.piece_on_edge[k]

    name = node[2]

    def run_(s, env, ri, addr):
        owner = p(s, env)
        if owner is None or owner < 0:
            emit(s, ri, EffectSkipped("place", f"no player to place a {name} for"))
            return None
        if not s.supply[owner][k]:
            emit(s, ri, EffectSkipped("place", f"player {owner} has no {name} left in supply"))
            return None
        if at_fn is None:
            spots = place_spots(s, owner, k)
            who = chooser(s, env)
            if who is None or who < 0:      # "by owner(v)" of an empty place: nobody to choose
                emit(s, ri, EffectSkipped("place", f"no player to choose where the {name} goes"))
            elif spots:
                push_choice(s, who, "edge" if on_edge else "vertex", spots,
                            ("call", "place_at", (owner, k, ri)))
            else:
                emit(s, ri, EffectSkipped("place", f"no legal spot for a {name}"))
            return None
        x = at_fn(s, env)
        if x is not None and x >= 0 and (s.e_owner if on_edge else s.v_owner)[x] < 0:
            _place(s, x, owner, k, ri)
        else:
            emit(s, ri, EffectSkipped("place", f"the spot for the {name} is taken or missing"))
        return None
    return run_


def _place(s, at: int, owner: int, k: int, ri: int) -> None:
    execution = s.game.rules.execution
    saved = execution.prov
    if ri >= 0 and (saved is None or saved.rule_id != s.game.rules.compiled[ri].prov.rule_id):
        execution.prov = s.game.rules.compiled[ri].prov
    try:
        building.place(s, owner, k, at, free=True)
    finally:
        execution.prov = saved




def fx_remove(node, ctx):
    at, typ = _x(node[1], ctx)
    kind = place_kind(ctx, typ, node[1])

    def run_(s, env, ri, addr):
        x = at(s, env)
        if x is not None and x >= 0:
            remove_piece(s, kind(env) == "edge", x, ri)
        return None
    return run_


def remove_piece(s, edge: bool, at: int, ri: int) -> None:
    g = s.game
    owner = (s.e_owner if edge else s.v_owner)[at]
    if owner < 0:
        return
    k = (s.e_kind if edge else s.v_kind)[at]
    s.supply[owner][k] += 1
    s.piece_moves += 1
    networks.forget_route_ends(s, s.board.edge_vertices[at] if edge else (at,))
    if edge:
        s.e_owner[at] = s.e_kind[at] = -1
        if at in s.route_edges[owner]:
            s.route_edges[owner].remove(at)
    else:
        s.building_moves += 1
        s.v_owner[at] = s.v_kind[at] = -1
        s.board_vp[owner] -= g.piece_vp[k]
        s.buildings[owner].remove(at)
        for u in s.board.vertex_adjacent[at]:
            s.v_blocked[u] -= 1
        s.ratio[owner] = building.harbor_ratios(s, owner)
    if s.rules_state.marks.pop(("e" if edge else "v") + str(at), None) is not None:
        s.rules_state.shape_moves += 1
    rebuild_spots(s)
    awards.route_changed(s, tuple(range(g.num_players)))
    emit(s, ri, PieceRemoved(owner, g.piece_names[k], at))


def rebuild_spots(s) -> None:
    """Recompute the incremental building-spot caches from the board (after a removal)."""
    b = s.board
    building.own_spots(s)
    for p in range(s.game.num_players):
        s.edge_spots[p] = networks.all_codes(s, p)
        s.vertex_spots[p] = {v for v in range(b.n_vertices) if building.can_settle(s, p, v)}


def _mark(on: bool):
    def make(node, ctx):
        at, typ = _x(node[1], ctx)
        kind = place_kind(ctx, typ, node[1])
        mark = node[2]

        def run_(s, env, ri, addr):
            x = at(s, env)
            if x is None or x < 0:
                return None
            edge = kind(env) == "edge"
            key = ("e" if edge else "v") + str(x)
            marks = s.rules_state.marks.get(key, ())
            if on != (mark in marks):
                s.rules_state.shape_moves += 1
            if on and mark not in marks:
                s.rules_state.marks[key] = tuple(sorted(marks + (mark,)))
            elif not on and mark in marks:
                rest = tuple(m for m in marks if m != mark)
                if rest:
                    s.rules_state.marks[key] = rest
                else:
                    del s.rules_state.marks[key]
            else:
                return None
            emit(s, ri, PieceMarked(x, edge, mark, on))
            return None
        return run_
    return make


fx_mark, fx_unmark = _mark(True), _mark(False)


def fx_build_free(node, ctx):
    p, k, n = _x(node[1], ctx)[0], ctx.rules.piece_index[node[2]], _x(node[3], ctx)[0]

    def run_(s, env, ri, addr):
        q, m = p(s, env), n(s, env)
        if q is not None and q >= 0 and m > 0 and building.free_spots(s, q, k):
            s.prompts.append(Prompt(PLACE_FREE, q, (k, m)))
        return None
    return run_


def fx_take_development(node, ctx):
    p = _x(node[1], ctx)[0]

    def run_(s, env, ri, addr):
        if any(s.deck):
            s.prompts.append(Prompt(DRAW, CHANCE, (p(s, env),)))
        return None
    return run_


def fx_reroll(node, ctx):
    def run_(s, env, ri, addr):
        s.rules_state.rerolled = True
        return None
    return run_


def fx_reshuffle(node, ctx):
    di = ctx.rules.deck_index[node[1]]

    def run_(s, env, ri, addr):
        deck = s.game.rules.decks[di]
        if deck.kind == "cards":
            s.rules_state.pile[di] = list(deck.counts)
            s.rules_state.spent[di] = [0] * len(deck.items)
            s.rules_state.drawn[di] = -1
        stocks.reshuffle(s, di, ri)
        return None
    return run_


def fx_set_yield(node, ctx):
    k, n = ctx.rules.piece_index[node[1]], _x(node[2], ctx)[0]

    def run_(s, env, ri, addr):
        v = n(s, env)
        s.rules_state.yield_now[k] = v
        emit(s, ri, YieldSet(s.game.piece_names[k], v))
        return None
    return run_


def fx_award(node, ctx):
    si = ctx.rules.special_index[node[1]]

    def run_(s, env, ri, addr):
        s.game.rules.award(s, si)
        return None
    return run_


def fx_set_aside(node, ctx):
    si = ctx.rules.special_index[node[1]]

    def run_(s, env, ri, addr):
        old = s.holders[si]
        s.holders[si] = -1
        olds = s.rules_state.multi[si]
        s.rules_state.multi[si] = []
        for q in ([old] if old >= 0 else []) + olds:
            emit(s, ri, SpecialCardSetAside(s.game.specials[si].name, q))
        return None
    return run_


def fx_return_played(node, ctx):
    p, rules = _x(node[1], ctx)[0], ctx.rules
    cards = rules.cards_with(node[2])

    def run_(s, env, ri, addr):
        q = p(s, env)
        for c in cards:
            if s.dev_played[q][c]:
                s.dev_played[q][c] -= 1
                s.rules_state.box[c] += 1
                emit(s, ri, PlayedCardReturned(q, s.game.cards[c].name))
                for si, counts in enumerate(s.game.card_counts_for):
                    if counts[c]:
                        s.measure[si][q] -= 1
                        awards.update_award(s, si)
                break
        return None
    return run_


def _effect(make_run):
    """A factory of run closures → an effect factory (node, ctx) → Eff."""
    return lambda node, ctx: Eff(node[0], make_run(node, ctx))


EFFECTS = {
    "move_robber": _effect(fx_move_robber), "steal": _effect(fx_steal),
    "discard_half": _effect(fx_discard_half), "place": _effect(fx_place),
    "remove": _effect(fx_remove), "mark": _effect(fx_mark), "unmark": _effect(fx_unmark),
    "build_free": _effect(fx_build_free), "take_development": _effect(fx_take_development),
    "reroll": _effect(fx_reroll), "reshuffle": _effect(fx_reshuffle),
    "set_yield": _effect(fx_set_yield), "award": _effect(fx_award),
    "return_played": _effect(fx_return_played), "set_aside": _effect(fx_set_aside),
}
CALLS = {"steal_from": _steal, "place_at": _place}

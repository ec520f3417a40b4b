"""IR ``move_piece`` and the functions of pieces that move (``can_place_at``, ``can_move_to``,
``route_end``, ``built_this_turn``, ``robber_hex``) → closures: a built piece moved to a place
where its owner could place it once it has left, or a logged no-op."""

from __future__ import annotations

from catan_dsl.engine.base import awards, building, networks
from catan_dsl.engine.events import EffectSkipped, PieceMoved
from catan_dsl.engine.rules.board_effects import rebuild_spots
from catan_dsl.engine.rules.executor import Eff, emit
from catan_dsl.engine.rules.expressions import Ctx, compile_expr, variable_name
from catan_dsl.engine.rules.functions import place_kind
from catan_dsl.engine.rules.fused import inline



def placeable(s, p: int, k: int, x, lifted: int = -1) -> bool:
    """``p`` could place a piece of kind ``k`` at ``x`` now: by the piece's own rules (a path
    piece on its surface, joined to its network; a building on a free intersection by one of
    p's routes, apart from every building; an upgrade on p's piece it upgrades) and no forbid
    holding. ``lifted``: the place of a piece being moved, counted as empty. The supply is not
    asked."""
    g, b = s.game, s.board
    edge = g.piece_on_edge[k]
    n = b.n_edges if edge else b.n_vertices
    if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < n or x == lifted:
        return False
    if edge:
        ok = networks.path_ok(s, p, k, x, lifted)
    elif g.piece_upgrades[k] >= 0:
        ok = s.v_owner[x] == p and s.v_kind[x] == g.piece_upgrades[k]
    else:
        ok = _settle_ok(s, p, x, lifted)
    rules = g.rules
    return ok and not (rules.build_forbids and rules.build_forbidden(s, p, k, x))


def _settle_ok(s, p: int, v: int, lifted: int) -> bool:
    """``building.can_settle`` with the building at ``lifted`` (when any) taken away."""
    b, g = s.board, s.game
    if s.v_owner[v] >= 0 or v in b.vertex_closed:
        return False
    blocked = s.v_blocked[v] - (1 if lifted >= 0 and v in b.vertex_adjacent[lifted] else 0)
    if blocked:
        return False
    return any(s.e_owner[e] == p and g.net_joins[g.edge_net[s.e_kind[e]]]
               for e in b.vertex_edges[v])


def movable(s, edge: bool, x, y) -> tuple[int, int] | str:
    """(owner, kind) of the piece at ``x`` when it could move to ``y``; else why not."""
    got = _can_move(s, edge, x, y)
    if got is not None:
        return got
    owners, kinds = (s.e_owner, s.e_kind) if edge else (s.v_owner, s.v_kind)
    if not isinstance(x, int) or not 0 <= x < len(owners) or owners[x] < 0:
        return f"no piece on {'path' if edge else 'intersection'} {x}"
    return f"the {s.game.piece_names[kinds[x]]} on {x} cannot stand on {y}"


def _can_move(s, edge: bool, x, y) -> tuple[int, int] | None:
    """``movable`` without the reason (asked for every path of a choice, mostly a no)."""
    if edge:
        kept = networks.kept_destinations(s, x)
        if kept is not None:            # (the choice just listed them: nothing moved since)
            return (s.e_owner[x], s.e_kind[x]) if isinstance(y, int) and y in kept else None
    owners, kinds = (s.e_owner, s.e_kind) if edge else (s.v_owner, s.v_kind)
    if not isinstance(x, int) or not 0 <= x < len(owners) or owners[x] < 0:
        return None
    p, k = owners[x], kinds[x]
    # Lifting a path piece only takes spots away: a path its owner's network does not reach
    # now is not reached once it has left (the common no, asked for every path of a choice).
    reached = not edge or isinstance(y, int) and \
        networks.code(s, s.game.edge_net[k], y) in s.edge_spots[p]
    if not reached or not placeable(s, p, k, y, lifted=x):
        return None
    return p, k


def move(s, p: int, k: int, x: int, y: int, ri: int) -> None:
    """``p``'s piece of kind ``k`` goes from ``x`` to ``y`` (checked already): its marks and its
    day of building go with it, the spot caches are computed afresh and the routes measured."""
    g, b = s.game, s.board
    rules_state = s.rules_state
    s.piece_moves += 1
    building.own_spots(s)
    if g.piece_on_edge[k]:
        networks.forget_route_ends(s, (*b.edge_vertices[x], *b.edge_vertices[y]))
        s.e_owner[x] = s.e_kind[x] = -1
        s.e_owner[y], s.e_kind[y] = p, k
        if x in s.route_edges[p]:
            s.route_edges[p][s.route_edges[p].index(x)] = y
        building.carry_pieces(s, p, ((k, x, y),))
        prefix, shift = "e", b.n_vertices
    else:
        s.building_moves += 1
        networks.forget_route_ends(s, (x, y))
        s.v_owner[x] = s.v_kind[x] = -1
        s.v_owner[y], s.v_kind[y] = p, k
        s.buildings[p][s.buildings[p].index(x)] = y
        for u in b.vertex_adjacent[x]:
            s.v_blocked[u] -= 1
        for u in b.vertex_adjacent[y]:
            s.v_blocked[u] += 1
        s.ratio[p] = building.harbor_ratios(s, p)
        prefix, shift = "v", 0
    marks = rules_state.marks.pop(prefix + str(x), None)
    if marks is not None:
        rules_state.marks[prefix + str(y)] = marks
        rules_state.shape_moves += 1
    if rules_state.built_now is not None and x + shift in rules_state.built_now:
        rules_state.built_now.discard(x + shift)
        rules_state.built_now.add(y + shift)
    if g.piece_on_edge[k]:
        # Only the two paths, those sharing their ends and those ends can change: the caches
        # are brought up to date there (the invariants recompute them all and compare).
        if networks.MOVED_ONLY:
            networks.piece_moved(s, p, k, x, y)
        else:
            ends = {v for e in (x, y) for v in b.edge_vertices[e]}
            networks.recheck(s, {e for v in ends for e in b.vertex_edges[v]}, ends, p, (x, y))
        if not awards.pivoted(s, p, x, y):
            awards.route_changed(s, (p,), (x, y))  # a path piece ends no one else's route
        else:
            awards.turned(s, p, x, y)
    else:
        rebuild_spots(s)
        awards.route_changed(s, tuple(range(g.num_players)))
    emit(s, ri, PieceMoved(p, g.piece_names[k], x, y))


def fx_move_piece(node, ctx: Ctx) -> Eff:
    _, name, frm_node, to_node = node
    k = ctx.rules.piece_index[name]
    edge = ctx.rules.game.piece_on_edge[k]
    frm, to = compile_expr(frm_node, ctx)[0], compile_expr(to_node, ctx)[0]

    def run_(s, env, ri, addr):
        x, y = frm(s, env), to(s, env)
        if x == y:
            return None                              # staying put is no move
        kinds = s.e_kind if edge else s.v_kind
        if not isinstance(x, int) or not 0 <= x < len(kinds) or kinds[x] != k:
            emit(s, ri, EffectSkipped("move_piece", f"no {name} on {'path' if edge else 'intersection'} {x}"))
            return None
        got = movable(s, edge, x, y)
        if isinstance(got, str):
            emit(s, ri, EffectSkipped("move_piece", got))
            return None
        move(s, got[0], k, x, y, ri)
        return None
    return Eff("move_piece", run_)


def f_can_place_at(ctx: Ctx, a, raw):
    p, kf, x, rules = a[0][0], a[1][0], a[2][0], ctx.rules
    kind_of = place_kind(ctx, a[2][1], raw[2])

    def can_place_at(s, env):
        q = p(s, env)
        k = rules.piece_index.get(kf(s, env), -1)
        if q is None or not 0 <= q < rules.n_total or k < 0:
            return False
        if (kind_of(env) == "edge") != rules.game.piece_on_edge[k]:
            return False                             # a path piece never goes on a corner
        return placeable(s, q, k, x(s, env))
    return can_place_at, "bool"


def f_can_move_to(ctx: Ctx, a, raw):
    x, y = a[0][0], a[1][0]
    kind_x, kind_y = place_kind(ctx, a[0][1], raw[0]), place_kind(ctx, a[1][1], raw[1])

    def can_move_to(s, env):
        edge = kind_x(env) == "edge"
        if edge != (kind_y(env) == "edge"):
            return False
        frm, dest = x(s, env), y(s, env)
        if frm == dest:
            return False
        if edge and s is s.game.rules.listing_state and type(frm) is int:
            # Asked for every path a piece could go to while a choice is listed: the piece's
            # destinations worked out once, as a set (nothing moves while a state is listed).
            return type(dest) is int and dest in networks.destinations(s, frm)
        return _can_move(s, edge, frm, dest) is not None
    return can_move_to, "bool"


def route_end_at(s, x) -> bool:
    """Does the piece on path ``x`` end an open route (networks.route_end)? Asked of every
    moving piece on every listing, and read off its owner's pieces at its two ends alone: kept
    until a piece comes, goes or changes there (networks.forget_route_ends), not until any
    piece anywhere does."""
    if not (isinstance(x, int) and 0 <= x < s.board.n_edges):
        return False
    rules_state = s.rules_state
    kept = rules_state.route_ends
    if kept is None:
        kept = rules_state.route_ends = {}
    got = kept.get(x)
    if got is None:
        got = kept[x] = networks.route_end(s, x)
    return got


def f_route_end(ctx: Ctx, a, raw):
    e = a[0][0]
    ev = variable_name(raw[0], ctx)
    if ev is not None:
        # "route_end(e)" of a loop's variable (a rule action's targets, tested per piece): a
        # generated loop reads the kept answer in place (a key is a valid path: the look-up's
        # own tests passed when it was kept) and calls the look-up only without one.
        x = f"env[{ev!r}]"
        return inline(lambda s, env: route_end_at(s, env[ev]),
                      f"(_re if (_re := (_rk.get({x}) if (_rk := s.rules_state.route_ends) "
                      f"is not None else None)) is not None else @0(s, {x}))",
                      route_end_at), "bool"
    return (lambda s, env: route_end_at(s, e(s, env))), "bool"


def built_now_at(s, at, edge: bool) -> bool:
    """Was the piece on ``at`` (a path when ``edge``, else an intersection) built this turn?"""
    now = s.rules_state.built_now
    if now is None or not isinstance(at, int) or at < 0:
        return False
    return (at + s.board.n_vertices if edge else at) in now


def f_built_this_turn(ctx: Ctx, a, raw):
    x = a[0][0]
    kind = place_kind(ctx, a[0][1], raw[0])
    xv = variable_name(raw[0], ctx)
    if xv is not None and a[0][1] in ("vertex", "edge"):
        # The kind of place known now and the argument a variable: written in place in a
        # generated loop (a rule action's targets, tested per piece).
        edge = a[0][1] == "edge"
        x = f"env[{xv!r}]"
        shift = " + s.board.n_vertices" if edge else ""
        return inline(lambda s, env: built_now_at(s, env[xv], edge),
                      f"((_bn := s.rules_state.built_now) is not None and isinstance({x}, int) "
                      f"and {x} >= 0 and ({x}{shift}) in _bn)", built_now_at), "bool"

    def built_this_turn(s, env):
        return built_now_at(s, x(s, env), kind(env) == "edge")
    return built_this_turn, "bool"


def f_robber_hex(ctx: Ctx, a, raw):
    r, rules = a[0][0], ctx.rules

    def robber_hex(s, env):
        i = rules.robber_index.get(r(s, env), 0)
        return s.rules_state.robbers[i - 1] if i else -1
    return robber_hex, "hex"


EFFECTS = {"move_piece": fx_move_piece}
FUNCTIONS = {"can_place_at": f_can_place_at, "can_move_to": f_can_move_to,
             "route_end": f_route_end, "built_this_turn": f_built_this_turn,
             "robber_hex": f_robber_hex}

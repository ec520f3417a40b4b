"""IR ``units`` effects and functions → the players' own pieces on paths (one per path): put,
take, move, and the path geometry their rules read (paths within N steps, distance, parallel)."""

from __future__ import annotations

from collections import deque

from catan_dsl.engine.events import EffectSkipped, UnitMoved
from catan_dsl.engine.rules.executor import Eff, emit
from catan_dsl.engine.rules.expressions import Ctx, compile_expr

# Per game (RulesState): units[i][e] = owner + 1 of kind i's unit on path e (0: none), and
# unit_supply[i][p] = p's units of kind i not on the board.
_SIDE_CLASS = {"NE": 0, "SW": 0, "E": 1, "W": 1, "SE": 2, "NW": 2}


class PathGeometry:
    """Static per board topology: step distances between paths (BFS, memoised per start) and
    each path's direction class."""

    def __init__(self, ir: dict) -> None:
        edges = ir["board"]["edges"]
        self.n_edges = len(edges)
        self.adjacent = tuple(tuple(e.get("adjacent", ())) for e in edges)
        self.direction = tuple(_SIDE_CLASS.get(str(e.get("key", "")).rsplit(",", 1)[-1], -1)
                               for e in edges)
        self._dist: dict[int, dict[int, int]] = {}
        self._within: dict[tuple[int, int], tuple[int, ...]] = {}

    def distances(self, e: int) -> dict[int, int]:
        got = self._dist.get(e)
        if got is None:
            got = {e: 0}
            queue = deque((e,))
            while queue:
                x = queue.popleft()
                for y in self.adjacent[x]:
                    if y not in got:
                        got[y] = got[x] + 1
                        queue.append(y)
            self._dist[e] = got
        return got

    def within(self, e: int, n: int) -> tuple[int, ...]:
        """The paths at most ``n`` steps from ``e``, in id order (memoised: the board is fixed)."""
        key = (e, n)
        got = self._within.get(key)
        if got is None:
            got = self._within[key] = tuple(sorted(x for x, d in self.distances(e).items()
                                                   if d <= n))
        return got


def _kind(ctx: Ctx, name: str) -> int:
    return ctx.rules.unit_index[name]


def fx_put_unit(node, ctx: Ctx) -> Eff:
    _, name, at_node, p_node = node
    i = _kind(ctx, name)
    at, who = compile_expr(at_node, ctx)[0], compile_expr(p_node, ctx)[0]

    def run_(s, env, ri, addr):
        rules_state = s.rules_state
        e, p = at(s, env), who(s, env)
        on, supply = rules_state.units[i], rules_state.unit_supply[i]
        why = ("no player to put it for" if p is None or not 0 <= p < len(supply) else
               f"player {p} has no {name} left in the supply" if supply[p] <= 0 else
               f"a {name} already stands on path {e}" if on[e] else "")
        if why:
            emit(s, ri, EffectSkipped("put_unit", why))   # said, never silent
            return None
        on[e] = p + 1
        supply[p] -= 1
        rules_state.place_moves += 1
        emit(s, ri, UnitMoved(name, p, -1, e))
        return None
    return Eff("put_unit", run_)


def fx_take_unit(node, ctx: Ctx) -> Eff:
    _, name, at_node = node
    i = _kind(ctx, name)
    at = compile_expr(at_node, ctx)[0]

    def run_(s, env, ri, addr):
        rules_state = s.rules_state
        e = at(s, env)
        owner = rules_state.units[i][e] - 1
        if owner < 0:
            emit(s, ri, EffectSkipped("take_unit", f"no {name} on path {e}"))
            return None
        rules_state.units[i][e] = 0
        rules_state.unit_supply[i][owner] += 1
        rules_state.place_moves += 1
        emit(s, ri, UnitMoved(name, owner, e, -1))
        return None
    return Eff("take_unit", run_)


def fx_move_unit(node, ctx: Ctx) -> Eff:
    _, name, frm_node, to_node = node
    i = _kind(ctx, name)
    frm, to = compile_expr(frm_node, ctx)[0], compile_expr(to_node, ctx)[0]

    def run_(s, env, ri, addr):
        on = s.rules_state.units[i]
        a, b = frm(s, env), to(s, env)
        if a == b:
            return None                      # staying put is no move
        owner = on[a] - 1
        why = (f"no {name} on path {a}" if owner < 0 else
               f"a {name} already stands on path {b}" if on[b] else "")
        if why:
            emit(s, ri, EffectSkipped("move_unit", why))
            return None
        on[a], on[b] = 0, owner + 1
        s.rules_state.place_moves += 1
        emit(s, ri, UnitMoved(name, owner, a, b))
        return None
    return Eff("move_unit", run_)


def f_units(ctx: Ctx, a, raw):
    p, kind, index = a[0][0], a[1][0], ctx.rules.unit_index

    def units(s, env):
        mark = p(s, env) + 1
        return tuple(e for e, o in enumerate(s.rules_state.units[index[kind(s, env)]]) if o == mark)
    return units, "set:edge"


def f_unit_owner(ctx: Ctx, a, raw):
    e, kind, index = a[0][0], a[1][0], ctx.rules.unit_index
    return (lambda s, env: s.rules_state.units[index[kind(s, env)]][e(s, env)] - 1), "player"


def f_unit_supply(ctx: Ctx, a, raw):
    p, kind, index = a[0][0], a[1][0], ctx.rules.unit_index
    return (lambda s, env: s.rules_state.unit_supply[index[kind(s, env)]][p(s, env)]), "int"


def f_paths_within(ctx: Ctx, a, raw):
    e, n, geo = a[0][0], a[1][0], ctx.rules.paths

    return (lambda s, env: geo.within(e(s, env), n(s, env))), "set:edge"


def f_path_distance(ctx: Ctx, a, raw):
    e, f, geo = a[0][0], a[1][0], ctx.rules.paths
    # Paths the board does not join (another island) are a very long way apart.
    return (lambda s, env: geo.distances(e(s, env)).get(f(s, env), 1_000_000)), "int"


def f_neighbours(ctx: Ctx, a, raw):
    v = a[0][0]
    return (lambda s, env: s.board.vertex_adjacent[v(s, env)]), "set:vertex"


def f_path_between(ctx: Ctx, a, raw):
    v, w = a[0][0], a[1][0]

    def between(s, env):
        x, y = v(s, env), w(s, env)
        b = s.board
        # -1 when the two intersections are not joined by a path.
        return next((e for e in b.vertex_edges[x] if y in b.edge_vertices[e]), -1)
    return between, "edge"


def f_parallel(ctx: Ctx, a, raw):
    e, f, geo = a[0][0], a[1][0], ctx.rules.paths
    return (lambda s, env: geo.direction[e(s, env)] == geo.direction[f(s, env)] >= 0), "bool"


EFFECTS = {"put_unit": fx_put_unit, "take_unit": fx_take_unit, "move_unit": fx_move_unit}
FUNCTIONS = {"units": f_units, "unit_owner": f_unit_owner, "unit_supply": f_unit_supply,
             "paths_within": f_paths_within, "path_distance": f_path_distance,
             "parallel": f_parallel, "neighbours": f_neighbours, "path_between": f_path_between}

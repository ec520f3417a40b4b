"""IR ``units`` effects and functions → the players' own pieces on paths (one per path): put,
take, move, and the path geometry their rules read (paths within N steps, distance, parallel)."""

from __future__ import annotations

from bisect import insort
from collections import deque
from itertools import compress, repeat
from operator import eq

from catan_dsl.core.geometry import is_centre_key
from catan_dsl.engine.events import EffectSkipped, UnitMoved
from catan_dsl.engine.rules.executor import Eff, emit
from catan_dsl.engine.rules.expressions import Ctx, compile_expr, constant_name, variable_name
from catan_dsl.engine.rules.fused import inline

# Per game (RulesState): units[i] = where kind i's units stand (see UnitPlaces), and
# unit_supply[i][p] = p's units of kind i not on the board.
_SIDE_CLASS = {"NE": 0, "SW": 0, "E": 1, "W": 1, "SE": 2, "NW": 2}
# A unit put, taken or moved brings its owner's entry of the units memo up to date (the other
# entries are unchanged) instead of dropping the memo: a unit that moves every step is looked
# up after each. Off: the memo dropped, every entry found again by a scan (the reference).
KEEP_MOVED = True
# units(p, U) of a known kind and a player variable reads a kept answer without a call; off,
# through RulesState.units_memo (the reference).
READ_KEPT = True
# A unit moved (with KEEP_MOVED) writes its table, the move counts and its owner's memo entry in
# the effect itself, the layout known when the rule is compiled: units that march every turn
# moved through five helper calls a step. Off: through owner_at, add, _moved (the reference).
DIRECT_MOVE = True


class PathGeometry:
    """Static per board topology: step distances between paths (BFS, memoised per start) and
    each path's direction class."""

    def __init__(self, ir: dict) -> None:
        edges = ir["board"]["edges"]
        self.n_edges = len(edges)
        # The centres of hexes with an interior (a trade hex's plaza), by their key.
        self.centres = frozenset(v["id"] for v in ir["board"]["vertices"]
                                 if is_centre_key(str(v.get("key", ""))))
        self.adjacent = tuple(tuple(e.get("adjacent", ())) for e in edges)
        self.vertex_adjacent = tuple(tuple(v.get("adjacent", ())) for v in ir["board"]["vertices"])
        # (v, w) -> the path joining the two intersections, both ways round (path_between).
        self.between = {pair: e for e, edge in enumerate(edges)
                        for pair in (tuple(edge["vertices"]), tuple(edge["vertices"][::-1]))}
        self.direction = tuple(_SIDE_CLASS.get(str(e.get("key", "")).rsplit(",", 1)[-1], -1)
                               for e in edges)
        self._dist: dict[int, dict[int, int]] = {}
        self._steps: dict[int, dict[int, int]] = {}
        self._within: dict[tuple[int, int], tuple[int, ...]] = {}

    def distances(self, e: int) -> dict[int, int]:
        """Steps from path ``e`` to every path it is joined to."""
        got = self._dist.get(e)
        if got is None:
            got = self._dist[e] = _breadth_first(e, self.adjacent)
        return got

    def steps(self, v: int) -> dict[int, int]:
        """Paths from intersection ``v`` to every intersection it is joined to."""
        got = self._steps.get(v)
        if got is None:
            got = self._steps[v] = _breadth_first(v, self.vertex_adjacent)
        return got

    def within(self, e: int, n: int) -> tuple[int, ...]:
        """The paths at most ``n`` steps from ``e``, in id order (memoised: the board is fixed)."""
        key = (e, n)
        got = self._within.get(key)
        if got is None:
            got = self._within[key] = tuple(sorted(x for x, d in self.distances(e).items()
                                                   if d <= n))
        return got


def _breadth_first(start: int, adjacent: tuple) -> dict[int, int]:
    got = {start: 0}
    queue = deque((start,))
    while queue:
        x = queue.popleft()
        for y in adjacent[x]:
            if y not in got:
                got[y] = got[x] + 1
                queue.append(y)
    return got


class UnitPlaces:
    """Where one kind's units stand, over RulesState.units[i] — the one place that knows the
    layout: on paths one unit per path (the owner + 1 per path); on intersections any number,
    of any owners (a count per place and seat, at ``v * seats + p``)."""

    __slots__ = ("i", "vertex", "seats", "word")

    def __init__(self, rules, i: int) -> None:
        self.i = i
        self.vertex = rules.unit_on[i] == "vertex"
        self.seats = rules.n_total
        self.word = "intersection" if self.vertex else "path"

    def owner_at(self, table: list, x: int, prefer: int | None = None) -> int:
        """Whose unit a take or a move at ``x`` means: the only one on a path; on an
        intersection the acting player's when he has one there, else the lowest seat's
        (-1: none)."""
        if not self.vertex:
            return table[x] - 1
        base = x * self.seats
        if prefer is not None and 0 <= prefer < self.seats and table[base + prefer]:
            return prefer
        return next((p for p in range(self.seats) if table[base + p]), -1)

    def add(self, table: list, x: int, p: int, n: int) -> None:
        if self.vertex:
            table[x * self.seats + p] += n
        else:
            table[x] = p + 1 if n > 0 else 0

    def blocked(self, table: list, x: int) -> bool:
        return not self.vertex and table[x] > 0

    def places_of(self, table: list, p: int) -> tuple[int, ...]:
        """The places where ``p`` has a unit, in id order."""
        # Picked by compress (no Python loop): asked again after every unit or marker move.
        if self.vertex:
            column = table[p::self.seats]            # p's count on each vertex
            return tuple(compress(range(len(column)), column))
        return tuple(compress(range(len(table)), map(eq, table, repeat(p + 1))))

    def moved(self, places: tuple[int, ...], table: list, p: int, a: int, b: int
              ) -> tuple[int, ...]:
        """``places_of(table, p)`` after one of ``p``'s units went from ``a`` to ``b`` (-1: the
        supply), ``places`` being it before and ``table`` already changed."""
        got = list(places)
        if a >= 0 and not (table[a * self.seats + p] if self.vertex else table[a] == p + 1):
            got.remove(a)
        if b >= 0 and b not in got:
            insort(got, b)
        return tuple(got)

    def standing(self, table: list) -> list[tuple[int, int]]:
        """Every unit on the board as (place, owner), a unit per entry, in place order."""
        if self.vertex:
            n = self.seats
            return [(k // n, k % n) for k, c in enumerate(table) for _ in range(c)]
        return [(e, o - 1) for e, o in enumerate(table) if o]


def _places(ctx: Ctx, name: str) -> UnitPlaces:
    return ctx.rules.unit_places[ctx.rules.unit_index[name]]


def _moved(rules_state, k: UnitPlaces, p: int, a: int, b: int) -> None:
    """Say that ``p``'s unit of kind ``k`` went from ``a`` to ``b`` (-1: the supply), the
    table changed: the units memo keeps every entry, ``p``'s brought up to date."""
    kept = rules_state.units_moved(KEEP_MOVED)
    if kept is not None:
        old = kept.get((k.i, p))
        if old is not None:
            kept[(k.i, p)] = k.moved(old, rules_state.units[k.i], p, a, b)


def fx_put_unit(node, ctx: Ctx) -> Eff:
    _, name, at_node, p_node = node
    k = _places(ctx, name)
    at, who = compile_expr(at_node, ctx)[0], compile_expr(p_node, ctx)[0]

    def run_(s, env, ri, addr):
        rules_state = s.rules_state
        x, p = at(s, env), who(s, env)
        table, supply = rules_state.units[k.i], rules_state.unit_supply[k.i]
        why = ("no player to put it for" if p is None or not 0 <= p < len(supply) else
               f"player {p} has no {name} left in the supply" if supply[p] <= 0 else
               f"a {name} already stands on path {x}" if k.blocked(table, x) else "")
        if why:
            emit(s, ri, EffectSkipped("put_unit", why))   # said, never silent
            return None
        k.add(table, x, p, 1)
        supply[p] -= 1
        _moved(rules_state, k, p, -1, x)
        emit(s, ri, UnitMoved(name, p, -1, x))
        return None
    return Eff("put_unit", run_)


def fx_take_unit(node, ctx: Ctx) -> Eff:
    _, name, at_node = node
    k = _places(ctx, name)
    at = compile_expr(at_node, ctx)[0]

    def run_(s, env, ri, addr):
        rules_state = s.rules_state
        x = at(s, env)
        table = rules_state.units[k.i]
        owner = k.owner_at(table, x, env.get("player"))
        if owner < 0:
            emit(s, ri, EffectSkipped("take_unit", f"no {name} on {k.word} {x}"))
            return None
        k.add(table, x, owner, -1)
        rules_state.unit_supply[k.i][owner] += 1
        _moved(rules_state, k, owner, x, -1)
        emit(s, ri, UnitMoved(name, owner, x, -1))
        return None
    return Eff("take_unit", run_)


def fx_move_unit(node, ctx: Ctx) -> Eff:
    _, name, frm_node, to_node = node
    k = _places(ctx, name)
    frm, to = compile_expr(frm_node, ctx)[0], compile_expr(to_node, ctx)[0]

    def refused(s, ri, table, owner, a, b) -> bool:
        why = (f"no {name} on {k.word} {a}" if owner < 0 else
               f"a {name} already stands on path {b}" if k.blocked(table, b) else "")
        if why:
            emit(s, ri, EffectSkipped("move_unit", why))
        return bool(why)

    def run_(s, env, ri, addr):
        table = s.rules_state.units[k.i]
        a, b = frm(s, env), to(s, env)
        if a == b:
            return None                      # staying put is no move
        owner = k.owner_at(table, a, env.get("player"))
        if refused(s, ri, table, owner, a, b):
            return None
        k.add(table, a, owner, -1)
        k.add(table, b, owner, 1)
        _moved(s.rules_state, k, owner, a, b)
        emit(s, ri, UnitMoved(name, owner, a, b))
        return None
    if not (DIRECT_MOVE and KEEP_MOVED):
        return Eff("move_unit", run_)
    i, vertex, seats = k.i, k.vertex, k.seats

    def run_direct(s, env, ri, addr):
        # run_ with UnitPlaces.owner_at (on a path), add, RulesState.units_moved and
        # UnitPlaces.moved written in: the same table, counts and memo entry.
        rs = s.rules_state
        table = rs.units[i]
        a, b = frm(s, env), to(s, env)
        if a == b:
            return None
        if vertex:
            owner = k.owner_at(table, a, env.get("player"))
            if owner < 0:
                refused(s, ri, table, owner, a, b)
                return None
            table[a * seats + owner] -= 1
            table[b * seats + owner] += 1
            gone = a >= 0 and not table[a * seats + owner]
        else:
            owner = table[a] - 1
            if owner < 0 or table[b] > 0:
                refused(s, ri, table, owner, a, b)
                return None
            table[a] = 0
            table[b] = owner + 1
            gone = a >= 0
        rs.place_moves += 1
        rs.unit_moves += 1
        kept = rs.unit_memo
        if kept is not None:
            old = kept.get((i, owner))
            if old is not None:
                got = list(old)
                if gone:
                    got.remove(a)
                if b >= 0 and b not in got:
                    insort(got, b)
                kept[(i, owner)] = tuple(got)
        emit(s, ri, UnitMoved(name, owner, a, b))
        return None
    return Eff("move_unit", run_direct)


def f_units(ctx: Ctx, a, raw):
    p, kind, rules = a[0][0], a[1][0], ctx.rules

    known, pv = constant_name(raw[1], ctx), variable_name(raw[0], ctx)
    fixed = rules.unit_places[rules.unit_index[known]] if known in rules.unit_index else None

    def units(s, env):
        k = fixed if fixed is not None else rules.unit_places[rules.unit_index[kind(s, env)]]
        player = env[pv] if pv is not None else p(s, env)
        # Listing a player's units scans the whole table; asked again and again (a legal-action
        # listing may ask where a unit stands), the answer is kept in the state and brought up
        # to date when a unit moves (RulesState.units_memo, _moved; a clone starts afresh).
        memo = s.rules_state.units_memo()
        key = (k.i, player)
        got = memo.get(key)
        if got is None:
            got = memo[key] = k.places_of(s.rules_state.units[k.i], player)
        return got
    if fixed is None or pv is None or not READ_KEPT:
        return units, "set:vertex|edge"
    i = fixed.i

    def units_kept(s, env):
        # "units(player, U)", asked in every listing of a unit's move: a kept answer read with
        # units_memo's own test written here (no call), else as above.
        memo = s.rules_state.unit_memo
        if memo is not None:
            got = memo.get((i, env[pv]))
            if got is not None:
                return got
        return units(s, env)
    return units_kept, "set:vertex|edge"


def f_unit_owner(ctx: Ctx, a, raw):
    x, kind, rules = a[0][0], a[1][0], ctx.rules
    known, xv = constant_name(raw[1], ctx), variable_name(raw[0], ctx)
    if known in rules.unit_index and xv is not None:     # "unit_owner(e, knight)"
        k = rules.unit_places[rules.unit_index[known]]
        return (lambda s, env: k.owner_at(s.rules_state.units[k.i], env[xv])), "player"

    def owner(s, env):
        k = rules.unit_places[rules.unit_index[kind(s, env)]]
        return k.owner_at(s.rules_state.units[k.i], x(s, env))
    return owner, "player"


def f_unit_supply(ctx: Ctx, a, raw):
    p, kind, index = a[0][0], a[1][0], ctx.rules.unit_index
    known, pv = constant_name(raw[1], ctx), variable_name(raw[0], ctx)
    if known in index:
        i = index[known]
        if pv is not None:      # "unit_supply(player, U) == 0": in every listing
            return inline(lambda s, env: s.rules_state.unit_supply[i][env[pv]],
                          f"s.rules_state.unit_supply[{i}][env[{pv!r}]]"), "int"
        return (lambda s, env: s.rules_state.unit_supply[i][p(s, env)]), "int"
    return (lambda s, env: s.rules_state.unit_supply[index[kind(s, env)]][p(s, env)]), "int"


def f_paths_within(ctx: Ctx, a, raw):
    e, n, geo = a[0][0], a[1][0], ctx.rules.paths

    return (lambda s, env: geo.within(e(s, env), n(s, env))), "set:edge"


def f_path_distance(ctx: Ctx, a, raw):
    e, f, geo = a[0][0], a[1][0], ctx.rules.paths
    ev, fv = variable_name(raw[0], ctx), variable_name(raw[1], ctx)
    # Paths the board does not join (another island) are a very long way apart.
    if ev is not None and fv is not None:       # "path_distance(e, f)", asked of ~50 paths
        # Written in: the kept table read by dict.get (never empty: e is 0 steps from itself),
        # the method called only the first time, not once per path tested.
        return inline(lambda s, env: geo.distances(env[ev]).get(env[fv], 1_000_000),
                      f"(@1.get(env[{ev!r}]) or @0.distances(env[{ev!r}]))"
                      f".get(env[{fv!r}], 1000000)", geo, geo._dist), "int"
    return (lambda s, env: geo.distances(e(s, env)).get(f(s, env), 1_000_000)), "int"


def f_distance(ctx: Ctx, a, raw):
    v, w, geo = a[0][0], a[1][0], ctx.rules.paths
    return (lambda s, env: geo.steps(v(s, env)).get(w(s, env), 1_000_000)), "int"


def f_neighbours(ctx: Ctx, a, raw):
    v = a[0][0]
    return (lambda s, env: s.board.vertex_adjacent[v(s, env)]), "set:vertex"


def f_path_between(ctx: Ctx, a, raw):
    v, w, pairs = a[0][0], a[1][0], ctx.rules.paths.between
    xv, yv = variable_name(raw[0], ctx), variable_name(raw[1], ctx)
    if xv is not None and yv is not None:    # "path_between(v, w)": asked per candidate w
        return inline(lambda s, env: pairs.get((env[xv], env[yv]), -1),
                      f"@0.get((env[{xv!r}], env[{yv!r}]), -1)", pairs), "edge"
    # -1: the two intersections are not joined by a path (an intersection and itself neither).
    return (lambda s, env: pairs.get((v(s, env), w(s, env)), -1)), "edge"


def f_interior(ctx: Ctx, a, raw):
    v, centres = a[0][0], ctx.rules.paths.centres
    return (lambda s, env: v(s, env) in centres), "bool"


def f_parallel(ctx: Ctx, a, raw):
    e, f, geo = a[0][0], a[1][0], ctx.rules.paths
    return (lambda s, env: geo.direction[e(s, env)] == geo.direction[f(s, env)] >= 0), "bool"


EFFECTS = {"put_unit": fx_put_unit, "take_unit": fx_take_unit, "move_unit": fx_move_unit}
FUNCTIONS = {"units": f_units, "unit_owner": f_unit_owner, "unit_supply": f_unit_supply,
             "paths_within": f_paths_within, "path_distance": f_path_distance,
             "distance": f_distance,
             "parallel": f_parallel, "neighbours": f_neighbours, "path_between": f_path_between,
             "interior": f_interior}

"""vocab.FUNCTIONS of seats, turns, hands, pieces and stocks → closure factories → (closure, type)."""

from __future__ import annotations

from typing import Any, Callable

from catan_dsl.engine.base import building
from catan_dsl.engine.rules.expressions import constant_name, variable_name
from catan_dsl.engine.rules.fused import inline

Fn = Callable[[Any, dict], Any]


def place_kind(ctx, typ: str, raw: Any) -> Callable[[dict], str]:
    """Which board element an argument is: static when its type is known, else read the tag the
    binding stored beside an ambiguous variable (e.g. ``at`` of ``built``)."""
    for k in ("vertex", "edge", "hex"):
        if typ == k:
            return lambda env, k=k: k
    if isinstance(raw, list) and raw and raw[0] == "var":
        raw = raw[1]
    if isinstance(raw, str):
        tag = "#" + raw
        return lambda env: env.get(tag, "vertex")
    return lambda env: "vertex"


def kind_source(typ: str, raw: Any) -> str:
    """``place_kind`` as source over ``env``: the kind as a literal when the type says it."""
    if typ in ("vertex", "edge", "hex"):
        return repr(typ)
    if isinstance(raw, list) and raw and raw[0] == "var":
        raw = raw[1]
    return f"env.get({'#' + raw!r}, 'vertex')" if isinstance(raw, str) else "'vertex'"


def _const(raw: Any) -> str | None:
    return raw if isinstance(raw, str) else None


def f_vp(ctx, a, raw):
    p, pv = a[0][0], variable_name(raw[0], ctx)
    rules = ctx.rules
    execution = rules.execution

    def vp(s, env):
        q = env[pv] if pv is not None else p(s, env)
        # While one state's legal actions are listed nothing changes: a player's VP, asked per
        # target ("target p in opponents(player) where vp(p) >= vp(player)"), is worked out once.
        memo = rules.listing_memo if s is rules.listing_state else None
        if memo is None:
            return rules.total_vp(s, q)
        row = rules.vp_row
        # Every player's VP at once, kept across listings (victory.vp_row); not in a rule run,
        # where the piece modifiers count interpreter steps for the players asked.
        if row is not None and not execution.depth and q.__class__ is int and q >= 0:
            got = memo.get("vp row")
            if got is None:
                got = memo["vp row"] = row(s)
            if q < len(got):
                return got[q]
        got = memo.get(("vp", q))
        if got is None:
            got = memo[("vp", q)] = rules.total_vp(s, q)
        return got
    return vp, "int"


def f_public_vp(ctx, a, raw):
    p, vp = a[0][0], f_vp(ctx, a, raw)[0]        # vp(p), kept per listing, less p's VP cards
    return inline(lambda s, env: vp(s, env) - s.card_vp[p(s, env)],
                  "@0(s, env) - s.card_vp[@1(s, env)]", vp, p), "int"


def f_round(ctx, a, raw):
    n = ctx.rules.n_real
    return inline(lambda s, env: 0 if s.phase == 0 else s.turn // n + 1,
                  f"0 if s.phase == 0 else s.turn // {n} + 1"), "int"


def f_turn(ctx, a, raw):
    return inline(lambda s, env: s.turn, "s.turn"), "int"


def f_current(ctx, a, raw):
    return inline(lambda s, env: s.cur, "s.cur"), "player"


def f_left(ctx, a, raw):
    p, n = a[0][0], ctx.rules.n_real
    return inline(lambda s, env: (p(s, env) + 1) % n, f"(@0(s, env) + 1) % {n}", p), "player"


def f_players(ctx, a, raw):
    r = tuple(range(ctx.rules.n_real))
    return inline(lambda s, env: r, "@0", r), "set:player"


def f_opponents(ctx, a, raw):
    p, n = a[0][0], ctx.rules.n_real
    # Every real seat but one: made once per seat, as tuples (a loop copies what it sorts).
    others = [tuple(q for q in range(n) if q != me) for me in range(n)]

    def opponents(s, env):
        me = p(s, env)
        if me.__class__ is int and 0 <= me < n:
            return others[me]
        return [q for q in range(n) if q != me]
    return inline(opponents, f"@1[_m] if (_m := @0(s, env)).__class__ is int and 0 <= _m < {n} "
                  f"else [q for q in range({n}) if q != _m]", p, others), "set:player"


def f_neutrals(ctx, a, raw):
    r = tuple(range(ctx.rules.n_real, ctx.rules.n_total))
    return inline(lambda s, env: r, "@0", r), "set:player"


def f_seats(ctx, a, raw):
    r = tuple(range(ctx.rules.n_total))
    return inline(lambda s, env: r, "@0", r), "set:player"


def f_real(ctx, a, raw):
    p, n = a[0][0], ctx.rules.n_real
    return inline(lambda s, env: 0 <= p(s, env) < n, f"0 <= @0(s, env) < {n}", p), "bool"


def f_resources(ctx, a, raw):
    r = tuple(range(len(ctx.rules.game.resources)))      # a resource value is its index
    return inline(lambda s, env: r, "@0", r), "set:resource"


def f_shared_value(ctx, a, raw):
    i = ctx.rules.counter_index[raw[0]]
    return inline(lambda s, env: s.rules_state.shared[i], f"s.rules_state.shared[{i}]"), "int"


def f_owner(ctx, a, raw):
    x, kind = a[0][0], place_kind(ctx, a[0][1], raw[0])
    xv = variable_name(raw[0], ctx)
    if xv is not None and a[0][1] == "edge":         # the kind of place is known: one table
        return inline(lambda s, env: s.e_owner[env[xv]], f"s.e_owner[env[{xv!r}]]"), "player"
    if xv is not None and a[0][1] == "vertex":
        return inline(lambda s, env: s.v_owner[env[xv]], f"s.v_owner[env[{xv!r}]]"), "player"
    return inline(lambda s, env: (s.e_owner if kind(env) == "edge" else s.v_owner)[x(s, env)],
                  f"(s.e_owner if {kind_source(a[0][1], raw[0])} == 'edge' else s.v_owner)"
                  "[@0(s, env)]", x), "player"


def f_piece(ctx, a, raw):
    x, kind, names = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules.game.piece_names
    xv = variable_name(raw[0], ctx)
    if xv is not None and a[0][1] in ("vertex", "edge"):     # "piece(v)": one table, known now
        edge = a[0][1] == "edge"

        def piece_at(s, env):
            k = (s.e_kind if edge else s.v_kind)[env[xv]]
            return names[k] if k >= 0 else None
        return inline(piece_at, f"@0[_k] if (_k := s.{'e' if edge else 'v'}_kind[env[{xv!r}]]) "
                      ">= 0 else None", names), "name"

    def piece(s, env):
        k = (s.e_kind if kind(env) == "edge" else s.v_kind)[x(s, env)]
        return names[k] if k >= 0 else None
    return inline(piece, f"@0[_k] if (_k := (s.e_kind if {kind_source(a[0][1], raw[0])} == 'edge' "
                  "else s.v_kind)[@1(s, env)]) >= 0 else None", names, x), "name"


def _pieces(s, q, kk: int, g) -> tuple:
    if g.piece_on_edge[kk]:
        if g.piece_route[kk] and 0 <= q < len(s.route_edges):
            # A route piece is listed in its owner's route edges: no scan of every edge.
            return tuple(sorted(e for e in s.route_edges[q] if s.e_kind[e] == kk))
        return tuple(e for e in range(s.board.n_edges) if s.e_owner[e] == q and s.e_kind[e] == kk)
    return tuple(sorted(v for v in s.buildings[q] if s.v_kind[v] == kk))


def f_pieces(ctx, a, raw):
    p, rules = a[0][0], ctx.rules
    name = _const(raw[1])
    k = rules.piece_index[name] if name in rules.piece_index else -1
    on_edge = k >= 0 and rules.game.piece_on_edge[k]
    kf = a[1][0]

    def pieces(s, env):
        q = p(s, env)
        kk = k if k >= 0 else rules.piece_index[kf(s, env)]
        # Asked on every listing ("a player with a damaged road builds nothing"): the answer is
        # kept while no piece moves, shared, so it is a tuple.
        memo = s.rules_state.piece_memo(s.piece_moves)
        got = memo.get(("pieces", q, kk))
        if got is None:
            got = memo[("pieces", q, kk)] = _pieces(s, q, kk, rules.game)
        return got
    return pieces, ("set:edge" if on_edge else "set:vertex")


def f_occupied(ctx, a, raw):
    x, kind, rules = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules
    kf = a[1][0]

    chains = rules.chains
    known, xv = constant_name(raw[1], ctx), variable_name(raw[0], ctx)
    if known in rules.unit_index and a[0][1] in ("vertex", "edge"):
        # "occupied(e, knight)": the unit and the kind of place are known now; the answer for
        # a unit on the other kind of place is always no.
        k = rules.unit_places[rules.unit_index[known]]
        if a[0][1] != ("vertex" if k.vertex else "edge"):
            return (lambda s, env: False), "bool"
        i = k.i
        if not k.vertex and xv is not None:          # a path holds one unit: its owner + 1
            return inline(lambda s, env: s.rules_state.units[i][env[xv]] > 0,
                          f"s.rules_state.units[{i}][env[{xv!r}]] > 0"), "bool"
        return inline(lambda s, env: k.owner_at(s.rules_state.units[i], x(s, env)) >= 0,
                      f"@0(s.rules_state.units[{i}], @1(s, env)) >= 0", k.owner_at, x), "bool"
    if known is not None and known not in rules.unit_index and known not in rules.piece_index \
            and chains and known in chains.index and a[0][1] == "edge" and xv is not None:
        # "occupied(e, C)" of a chain: its pieces on paths (engine/chains.py), looked up now.
        d, n_specs, inst_spec = chains.index[known], chains.n_specs, chains.inst_spec

        def on_chain(s, env):
            i = s.rules_state.chains[n_specs + env[xv]] - 1
            return i >= 0 and inst_spec[i] == d
        return on_chain, "bool"

    def occupied(s, env):
        name = kf(s, env)
        if name in rules.unit_index:
            k = rules.unit_places[rules.unit_index[name]]
            return kind(env) == ("vertex" if k.vertex else "edge") \
                and k.owner_at(s.rules_state.units[k.i], x(s, env)) >= 0
        if name not in rules.piece_index and chains and name in chains.index:
            # A chain's pieces share paths with the players' pieces (engine/chains.py).
            return kind(env) == "edge" and chains.occupied(s.rules_state.chains, chains.index[name], x(s, env))
        kk = rules.piece_index.get(name, -2)
        return (s.e_kind if kind(env) == "edge" else s.v_kind)[x(s, env)] == kk
    return occupied, "bool"


def f_marked(ctx, a, raw):
    x, kind, m = a[0][0], place_kind(ctx, a[0][1], raw[0]), a[1][0]
    mark = constant_name(raw[1], ctx)
    if mark is not None and a[0][1] in ("vertex", "edge", "hex"):   # "marked(e, tried)"
        prefix = a[0][1][0]
        return inline(lambda s, env: mark in s.rules_state.marks.get(prefix + str(x(s, env)), ()),
                      f"{mark!r} in s.rules_state.marks.get({prefix!r} + str(@0(s, env)), ())",
                      x), "bool"
    return (lambda s, env: m(s, env) in s.rules_state.marks.get(kind(env)[0] + str(x(s, env)), ())), "bool"


def f_yield_of(ctx, a, raw):
    v, rules = a[0][0], ctx.rules
    return inline(lambda s, env: rules.yield_at(s, v(s, env)), "@0.yield_at(s, @1(s, env))", rules,
                  v), "int"


def f_vp_of(ctx, a, raw):
    x, kind, rules = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules
    return inline(lambda s, env: rules.vp_at(s, kind(env), x(s, env)),
                  f"@0.vp_at(s, {kind_source(a[0][1], raw[0])}, @1(s, env))", rules, x), "int"


def f_count_of(ctx, a, raw):
    p, st, rules = a[0][0], a[1][0], ctx.rules
    stock, pv = constant_name(raw[1], ctx), variable_name(raw[0], ctx)
    # The commonest call in every scenario ("count_of(player, ore)"): a named resource or
    # counter is looked up once here, as rules.count_of would on each call.
    if stock in rules.resource_index:
        r = rules.resource_index[stock]
        if pv is not None:
            return inline(lambda s, env: s.hand[env[pv]][r], f"s.hand[env[{pv!r}]][{r}]"), "int"
        return inline(lambda s, env: s.hand[p(s, env)][r], f"s.hand[@0(s, env)][{r}]", p), "int"
    if stock in rules.counter_index:
        c = rules.counter_index[stock]
        if pv is not None:
            return inline(lambda s, env: s.rules_state.counters[env[pv]][c],
                          f"s.rules_state.counters[env[{pv!r}]][{c}]"), "int"
        return inline(lambda s, env: s.rules_state.counters[p(s, env)][c],
                      f"s.rules_state.counters[@0(s, env)][{c}]", p), "int"
    if stock in rules.item_index:                           # one kind of a deck's items
        di, i = rules.item_index[stock]
        return inline(lambda s, env: s.rules_state.held[di][p(s, env)][i],
                      f"s.rules_state.held[{di}][@0(s, env)][{i}]", p), "int"
    return inline(lambda s, env: rules.count_of(s, p(s, env), st(s, env)),
                  "@0.count_of(s, @1(s, env), @2(s, env))", rules, p, st), "int"


def f_cards(ctx, a, raw):
    p = a[0][0]
    return inline(lambda s, env: sum(s.hand[p(s, env)]), "sum(s.hand[@0(s, env)])", p), "int"


def f_played(ctx, a, raw):
    p, flag, rules = a[0][0], a[1][0], ctx.rules
    named = constant_name(raw[1], ctx)
    if named is not None:                   # "played(p, knight)": which cards, decided now
        cards = rules.cards_with(named)
        if len(cards) == 1:
            c = cards[0]
            return inline(lambda s, env: s.dev_played[p(s, env)][c],
                          f"s.dev_played[@0(s, env)][{c}]", p), "int"
        return (lambda s, env: sum(s.dev_played[p(s, env)][c] for c in cards)), "int"

    def played(s, env):
        row = s.dev_played[p(s, env)]
        return sum(row[c] for c in rules.cards_with(flag(s, env)))
    return played, "int"


def f_holds(ctx, a, raw):
    p, w, rules = a[0][0], a[1][0], ctx.rules
    what = constant_name(raw[1], ctx)
    if what is not None and what not in rules.special_index:
        # A named stock, not a special card: holding one is a count above 0 (rules.holds).
        count = f_count_of(ctx, a, raw)[0]
        return inline(lambda s, env: count(s, env) > 0, "@0(s, env) > 0", count), "bool"
    return inline(lambda s, env: rules.holds(s, p(s, env), w(s, env)),
                  "@0.holds(s, @1(s, env), @2(s, env))", rules, p, w), "bool"


def f_holder(ctx, a, raw):
    w, rules = a[0][0], ctx.rules
    return inline(lambda s, env: rules.holder(s, w(s, env)), "@0.holder(s, @1(s, env))", rules,
                  w), "player"


def f_option(ctx, a, raw):
    name, opts = a[0][0], ctx.rules.options
    return inline(lambda s, env: bool(opts.get(name(s, env), False)),
                  "bool(@0.get(@1(s, env), False))", opts, name), "bool"


def f_setup(ctx, a, raw):
    # State.SETUP: the engine's phase 0.
    return inline(lambda s, env: s.phase == 0, "s.phase == 0"), "bool"


def f_robber_forced(ctx, a, raw):
    return inline(lambda s, env: s.rules_state.robber_forced, "s.rules_state.robber_forced"), "bool"


def f_num_players(ctx, a, raw):
    n = ctx.rules.n_real
    return inline(lambda s, env: n, repr(n)), "int"


PLACE_TRIES = 200      # look-ahead placements one can_place may try (docs/reference.md)


def f_can_place(ctx, a, raw):
    p, kf, n, rules = a[0][0], a[1][0], a[2][0], ctx.rules

    def fits(s, q: int, k: int, left: int, tries: list[int]) -> bool:
        spots = building.free_spots(s, q, k)
        if left <= 1 or not spots:
            return bool(spots) or left <= 0
        for x in spots[:12]:        # bounded search: a few first spots decide in practice
            if tries[0] <= 0:
                return False
            tries[0] -= 1
            c = s.clone()
            building.place_quiet(c, q, k, x)
            if fits(c, q, k, left - 1, tries):
                return True
        return False

    def can_place(s, env):
        q = p(s, env)
        if q is None or q < 0:
            return False
        k, left = rules.piece_index[kf(s, env)], n(s, env)
        if left > s.supply[q][k]:
            return False            # never more than the supply holds
        # The search tries orders of placement; where n cannot be reached it would try them
        # all (12 ** (n - 1) for a pocket of roads), so it gives up after PLACE_TRIES: a
        # sequence that exists is found on the first branches (a road only opens new spots).
        return fits(s, q, k, left, [PLACE_TRIES])
    return can_place, "bool"


def f_robber_on(ctx, a, raw):
    h = a[0][0]
    return inline(lambda s, env: s.robber == h(s, env), "s.robber == @0(s, env)", h), "bool"


def f_resolving(ctx, a, raw):
    card = a[0][0]
    return inline(lambda s, env: s.rules_state.resolving == card(s, env),
                  "s.rules_state.resolving == @0(s, env)", card), "bool"


FUNCTIONS: dict[str, Callable] = {
    "vp": f_vp, "public_vp": f_public_vp, "round": f_round, "turn": f_turn, "current": f_current,
    "left": f_left, "players": f_players, "opponents": f_opponents, "neutrals": f_neutrals,
    "seats": f_seats, "real": f_real, "shared_value": f_shared_value, "resources": f_resources,
    "setup": f_setup, "owner": f_owner, "piece": f_piece, "pieces": f_pieces,
    "occupied": f_occupied, "marked": f_marked, "yield_of": f_yield_of, "vp_of": f_vp_of,
    "count_of": f_count_of, "cards": f_cards, "played": f_played, "holds": f_holds,
    "holder": f_holder, "option": f_option, "robber_forced": f_robber_forced,
    "num_players": f_num_players, "can_place": f_can_place, "resolving": f_resolving,
    "robber_on": f_robber_on,
}

"""vocab.FUNCTIONS names → closure factories (ctx, compiled args, raw args) → ((state, env) -> value, type)."""

from __future__ import annotations

import math
from typing import Any, Callable

from catan_dsl.core import geometry
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


def _const(raw: Any) -> str | None:
    return raw if isinstance(raw, str) else None


def f_vp(ctx, a, raw):
    p = a[0][0]
    rules = ctx.rules

    def vp(s, env):
        q = p(s, env)
        # While one state's legal actions are listed nothing changes: a player's VP, asked per
        # target ("target p in opponents(player) where vp(p) >= vp(player)"), is worked out once.
        memo = rules.listing_memo if s is rules.listing_state else None
        if memo is None:
            return rules.total_vp(s, q)
        got = memo.get(("vp", q))
        if got is None:
            got = memo[("vp", q)] = rules.total_vp(s, q)
        return got
    return vp, "int"


def f_public_vp(ctx, a, raw):
    p, vp = a[0][0], f_vp(ctx, a, raw)[0]        # vp(p), kept per listing, less p's VP cards
    return (lambda s, env: vp(s, env) - s.card_vp[p(s, env)]), "int"


def f_round(ctx, a, raw):
    n = ctx.rules.n_real
    return (lambda s, env: 0 if s.phase == 0 else s.turn // n + 1), "int"


def f_turn(ctx, a, raw):
    return (lambda s, env: s.turn), "int"


def f_current(ctx, a, raw):
    return (lambda s, env: s.cur), "player"


def f_left(ctx, a, raw):
    p, n = a[0][0], ctx.rules.n_real
    return (lambda s, env: (p(s, env) + 1) % n), "player"


def f_players(ctx, a, raw):
    r = tuple(range(ctx.rules.n_real))
    return (lambda s, env: r), "set:player"


def f_opponents(ctx, a, raw):
    p, n = a[0][0], ctx.rules.n_real
    # Every real seat but one: made once per seat, as tuples (a loop copies what it sorts).
    others = [tuple(q for q in range(n) if q != me) for me in range(n)]

    def opponents(s, env):
        me = p(s, env)
        if me.__class__ is int and 0 <= me < n:
            return others[me]
        return [q for q in range(n) if q != me]
    return opponents, "set:player"


def f_neutrals(ctx, a, raw):
    r = tuple(range(ctx.rules.n_real, ctx.rules.n_total))
    return (lambda s, env: r), "set:player"


def f_seats(ctx, a, raw):
    r = tuple(range(ctx.rules.n_total))
    return (lambda s, env: r), "set:player"


def f_real(ctx, a, raw):
    p, n = a[0][0], ctx.rules.n_real
    return (lambda s, env: 0 <= p(s, env) < n), "bool"


def f_hexes(ctx, a, raw):
    r = tuple(range(ctx.rules.n_hexes))
    return (lambda s, env: r), "set:hex"


def f_clockwise_from(ctx, a, raw):
    h, ring = a[0][0], _coast_ring(ctx.rules.ir["board"]["hexes"])

    def clockwise(s, env):
        start = h(s, env)
        i = ring.index(start) if start in ring else 0
        return ring[i:] + ring[:i]
    return clockwise, "set:hex"


def _coast_ring(hexes: list[dict]) -> list[int]:
    """The coastal land hexes clockwise (on screen) around the land's centre, by angle."""
    centres = [geometry.hex_center((h["q"], h["r"])) for h in hexes]
    cx = sum(x for x, _ in centres) / len(centres)
    cy = sum(y for _, y in centres) / len(centres)
    coastal = [i for i, h in enumerate(hexes) if h.get("coast")]
    # y grows downward on screen, so a growing angle turns clockwise; ids break exact ties.
    return sorted(coastal, key=lambda i: (round(math.atan2(centres[i][1] - cy,
                                                           centres[i][0] - cx), 9), i))


def f_resources(ctx, a, raw):
    r = tuple(range(len(ctx.rules.game.resources)))      # a resource value is its index
    return (lambda s, env: r), "set:resource"


def f_shared_value(ctx, a, raw):
    i = ctx.rules.counter_index[raw[0]]
    return (lambda s, env: s.rules_state.shared[i]), "int"


def f_vertices(ctx, a, raw):
    r = tuple(range(len(ctx.rules.vertex_hexes_static)))
    return (lambda s, env: r), "set:vertex"


def f_edges(ctx, a, raw):
    r = tuple(range(len(ctx.rules.edge_hexes)))
    return (lambda s, env: r), "set:edge"


# A place that is none (-1: a second robber off the board, no path between two corners) has no
# corners, sides or hexes: read as an index, -1 would name the board's last place.
def f_vertices_of(ctx, a, raw):
    h = a[0][0]
    return (lambda s, env: s.board.hex_vertices[i] if (i := h(s, env)) >= 0 else ()), "set:vertex"


def f_edges_of(ctx, a, raw):
    x, kind, rules = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules

    def edges(s, env):
        if (i := x(s, env)) < 0:
            return ()
        return rules.hex_edges[i] if kind(env) == "hex" else s.board.vertex_edges[i]
    return edges, "set:edge"


def f_hexes_of(ctx, a, raw):
    x, kind, rules = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules

    def hexes(s, env):
        if (i := x(s, env)) < 0:
            return ()
        return rules.edge_hexes[i] if kind(env) == "edge" else s.board.vertex_hexes[i]
    return hexes, "set:hex"


def f_touching(ctx, a, raw):
    h = a[0][0]

    def touching(s, env):
        owners = {s.v_owner[v] for v in s.board.hex_vertices[h(s, env)]}
        return sorted(o for o in owners if o >= 0)
    return touching, "set:player"


def f_terrain(ctx, a, raw):
    h = a[0][0]
    return (lambda s, env: s.board.hex_terrain[h(s, env)]), "name"


def f_has_number(ctx, a, raw):
    h, n = a[0][0], a[1][0]
    return (lambda s, env: n(s, env) in s.board.hex_numbers[h(s, env)]), "bool"


def f_pips(ctx, a, raw):
    h, game = a[0][0], ctx.rules.game
    # Ways per total: a total's probability times the number of dice faces combinations.
    ways = {t: round(p * 6 ** game.dice) for t, p in game.roll_outcomes}
    return (lambda s, env: sum(ways.get(n, 0) for n in s.board.hex_numbers[h(s, env)])), "int"


def f_coast(ctx, a, raw):
    x, kind, coast = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules.coast
    return (lambda s, env: coast[kind(env)][x(s, env)]), "bool"


def f_harbor(ctx, a, raw):
    v = a[0][0]
    return (lambda s, env: s.board.vertex_harbor[v(s, env)] is not None), "bool"


def f_harbor_ratio(ctx, a, raw):
    v = a[0][0]

    def harbor_ratio(s, env):
        h = s.board.vertex_harbor[v(s, env)]
        return 0 if h is None else h[0]
    return harbor_ratio, "int"


def f_feature(ctx, a, raw):
    x, kind, feats = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules.features
    name = a[1][0]
    return (lambda s, env: x(s, env) in feats[kind(env)].get(name(s, env), ())), "bool"


def f_feature_number(ctx, a, raw):
    v, name, n = a[0][0], a[1][0], a[2][0]

    last: list = [None, {}]             # the board last asked about and its table as a dict

    def feature_number(s, env):
        # The board's own table: a shuffled frame deals its numbers differently per seed.
        board = s.board
        if board is not last[0]:
            last[0], last[1] = board, dict(board.feature_number_vertices)
        return v(s, env) in last[1].get((name(s, env), n(s, env)), ())
    return feature_number, "bool"


def f_owner(ctx, a, raw):
    x, kind = a[0][0], place_kind(ctx, a[0][1], raw[0])
    xv = variable_name(raw[0], ctx)
    if xv is not None and a[0][1] == "edge":         # the kind of place is known: one table
        return inline(lambda s, env: s.e_owner[env[xv]], f"s.e_owner[env[{xv!r}]]"), "player"
    if xv is not None and a[0][1] == "vertex":
        return inline(lambda s, env: s.v_owner[env[xv]], f"s.v_owner[env[{xv!r}]]"), "player"
    return (lambda s, env: (s.e_owner if kind(env) == "edge" else s.v_owner)[x(s, env)]), "player"


def f_piece(ctx, a, raw):
    x, kind, names = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules.game.piece_names
    xv = variable_name(raw[0], ctx)
    if xv is not None and a[0][1] in ("vertex", "edge"):     # "piece(v)": one table, known now
        edge = a[0][1] == "edge"

        def piece_at(s, env):
            k = (s.e_kind if edge else s.v_kind)[env[xv]]
            return names[k] if k >= 0 else None
        return piece_at, "name"

    def piece(s, env):
        k = (s.e_kind if kind(env) == "edge" else s.v_kind)[x(s, env)]
        return names[k] if k >= 0 else None
    return piece, "name"


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
        return (lambda s, env: k.owner_at(s.rules_state.units[i], x(s, env)) >= 0), "bool"
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
        return (lambda s, env: mark in s.rules_state.marks.get(prefix + str(x(s, env)), ())), "bool"
    return (lambda s, env: m(s, env) in s.rules_state.marks.get(kind(env)[0] + str(x(s, env)), ())), "bool"


def f_yield_of(ctx, a, raw):
    v, rules = a[0][0], ctx.rules
    return (lambda s, env: rules.yield_at(s, v(s, env))), "int"


def f_vp_of(ctx, a, raw):
    x, kind, rules = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules
    return (lambda s, env: rules.vp_at(s, kind(env), x(s, env))), "int"


def f_count_of(ctx, a, raw):
    p, st, rules = a[0][0], a[1][0], ctx.rules
    stock, pv = constant_name(raw[1], ctx), variable_name(raw[0], ctx)
    # The commonest call in every scenario ("count_of(player, ore)"): a named resource or
    # counter is looked up once here, as rules.count_of would on each call.
    if stock in rules.resource_index:
        r = rules.resource_index[stock]
        if pv is not None:
            return inline(lambda s, env: s.hand[env[pv]][r], f"s.hand[env[{pv!r}]][{r}]"), "int"
        return (lambda s, env: s.hand[p(s, env)][r]), "int"
    if stock in rules.counter_index:
        c = rules.counter_index[stock]
        if pv is not None:
            return inline(lambda s, env: s.rules_state.counters[env[pv]][c],
                          f"s.rules_state.counters[env[{pv!r}]][{c}]"), "int"
        return (lambda s, env: s.rules_state.counters[p(s, env)][c]), "int"
    if stock in rules.item_index:                           # one kind of a deck's items
        di, i = rules.item_index[stock]
        return (lambda s, env: s.rules_state.held[di][p(s, env)][i]), "int"
    return (lambda s, env: rules.count_of(s, p(s, env), st(s, env))), "int"


def f_cards(ctx, a, raw):
    p = a[0][0]
    return (lambda s, env: sum(s.hand[p(s, env)])), "int"


def f_played(ctx, a, raw):
    p, flag, rules = a[0][0], a[1][0], ctx.rules
    named = constant_name(raw[1], ctx)
    if named is not None:                   # "played(p, knight)": which cards, decided now
        cards = rules.cards_with(named)
        if len(cards) == 1:
            c = cards[0]
            return (lambda s, env: s.dev_played[p(s, env)][c]), "int"
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
        return (lambda s, env: count(s, env) > 0), "bool"
    return (lambda s, env: rules.holds(s, p(s, env), w(s, env))), "bool"


def f_holder(ctx, a, raw):
    w, rules = a[0][0], ctx.rules
    return (lambda s, env: rules.holder(s, w(s, env))), "player"


def f_option(ctx, a, raw):
    name, opts = a[0][0], ctx.rules.options
    return (lambda s, env: bool(opts.get(name(s, env), False))), "bool"


def f_setup(ctx, a, raw):
    return (lambda s, env: s.phase == 0), "bool"        # State.SETUP; the engine's phase 0


def f_robber_forced(ctx, a, raw):
    return (lambda s, env: s.rules_state.robber_forced), "bool"


def f_num_players(ctx, a, raw):
    n = ctx.rules.n_real
    return (lambda s, env: n), "int"


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
    return (lambda s, env: s.robber == h(s, env)), "bool"


def f_resolving(ctx, a, raw):
    card = a[0][0]
    return (lambda s, env: s.rules_state.resolving == card(s, env)), "bool"


FUNCTIONS: dict[str, Callable] = {
    "vp": f_vp, "public_vp": f_public_vp, "round": f_round, "turn": f_turn, "current": f_current,
    "left": f_left, "players": f_players, "opponents": f_opponents, "neutrals": f_neutrals,
    "seats": f_seats,
    "real": f_real, "hexes": f_hexes, "vertices": f_vertices, "edges": f_edges,
    "clockwise_from": f_clockwise_from, "pips": f_pips,
    "shared_value": f_shared_value, "resources": f_resources, "setup": f_setup,
    "vertices_of": f_vertices_of, "edges_of": f_edges_of,
    "hexes_of": f_hexes_of, "touching": f_touching, "terrain": f_terrain,
    "has_number": f_has_number, "coast": f_coast, "harbor": f_harbor, "feature": f_feature,
    "harbor_ratio": f_harbor_ratio,
    "feature_number": f_feature_number, "owner": f_owner, "piece": f_piece, "pieces": f_pieces,
    "occupied": f_occupied, "marked": f_marked, "yield_of": f_yield_of, "vp_of": f_vp_of,
    "count_of": f_count_of, "cards": f_cards, "played": f_played, "holds": f_holds,
    "holder": f_holder, "option": f_option, "robber_forced": f_robber_forced,
    "num_players": f_num_players, "can_place": f_can_place, "resolving": f_resolving,
    "robber_on": f_robber_on,
}

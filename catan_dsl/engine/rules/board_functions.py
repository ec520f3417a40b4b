"""vocab.FUNCTIONS that read the board (places, layout, numbered places) → closure factories."""

from __future__ import annotations

import math
from operator import attrgetter
from typing import Any, Callable

from catan_dsl.core import geometry
from catan_dsl.engine.board import NOTHING, resource_code
from catan_dsl.engine.rules.functions import kind_source, place_kind
from catan_dsl.engine.rules.fused import inline


def f_produces(ctx, a, raw):
    """The resource a hex yields now (an index, as a resource variable holds), ``CHOICE`` for a
    hex of choice, ``NOTHING`` (-1) otherwise; of a terrain name, what its hexes yield."""
    x, rules = a[0][0], ctx.rules
    ir, index = rules.ir, rules.resource_index
    if a[0][1] == "hex":
        return (lambda s, env: s.board.hex_resource[x(s, env)]), "resource"

    def produces(s, env):
        v = x(s, env)
        if isinstance(v, str):
            return resource_code(ir, index, v)
        ok = isinstance(v, int) and 0 <= v < s.board.n_hexes
        return s.board.hex_resource[v] if ok else NOTHING
    return produces, "resource"


def f_hidden(ctx, a, raw):
    h = a[0][0]
    return (lambda s, env: h(s, env) in s.board.hex_hidden), "bool"


def _numbered(table: Callable[[Any, int], tuple], h, k) -> Callable:
    def at(s, env):
        i = k(s, env)
        row = table(s, h(s, env))
        return row[i - 1] if isinstance(i, int) and 1 <= i <= len(row) else -1
    return at


def f_corner(ctx, a, raw):
    """Corner K (1..6) of a hex clockwise from the top (N); -1 for another K."""
    return _numbered(lambda s, h: s.board.hex_vertices[h], a[0][0], a[1][0]), "vertex"


def f_side(ctx, a, raw):
    """Side K (1..6) of a hex clockwise from the top right (NE); -1 for another K."""
    edges = ctx.rules.hex_edges
    return _numbered(lambda s, h: edges[h], a[0][0], a[1][0]), "edge"


def f_ends(ctx, a, raw):
    e = a[0][0]
    return (lambda s, env: s.board.edge_vertices[e(s, env)]), "set:vertex"


def f_terrains(ctx, a, raw):
    names = tuple(ctx.rules.ir["terrains"])
    return (lambda s, env: names), "set:name:terrain"


def f_piece_kinds(ctx, a, raw):
    names = tuple(ctx.rules.game.piece_names)
    return (lambda s, env: names), "set:name:piece"


def f_hexes(ctx, a, raw):
    r = tuple(range(ctx.rules.n_hexes))
    return inline(lambda s, env: r, "@0", r), "set:hex"


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


def f_vertices(ctx, a, raw):
    r = tuple(range(len(ctx.rules.vertex_hexes_static)))
    return inline(lambda s, env: r, "@0", r), "set:vertex"


def f_edges(ctx, a, raw):
    r = tuple(range(len(ctx.rules.edge_hexes)))
    return inline(lambda s, env: r, "@0", r), "set:edge"


# A place that is none (-1: a second robber off the board, no path between two corners) has no
# corners, sides or hexes: read as an index, -1 would name the board's last place.

def f_vertices_of(ctx, a, raw):
    h = a[0][0]
    return inline(lambda s, env: s.board.hex_vertices[i] if (i := h(s, env)) >= 0 else (),
                  "s.board.hex_vertices[_i] if (_i := @0(s, env)) >= 0 else ()", h), "set:vertex"


def _around(rules_table: str, board_table: str, kind_name: str, typ: str):
    """A function of one place that reads ``rules.<rules_table>`` when the place is of kind
    ``kind_name`` and ``board.<board_table>`` otherwise (edges_of, hexes_of)."""
    # Both tables read when asked, as the template reads them (a board may change in play).
    ours, board = attrgetter(rules_table), attrgetter(board_table)

    def f_around(ctx, a, raw):
        x, kind, rules = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules

        def around(s, env):
            if (i := x(s, env)) < 0:
                return ()
            return ours(rules)[i] if kind(env) == kind_name else board(s.board)[i]
        return inline(around, f"() if (_i := @0(s, env)) < 0 else @1.{rules_table}[_i] "
                      f"if {kind_source(a[0][1], raw[0])} == {kind_name!r} "
                      f"else s.board.{board_table}[_i]", x, rules), typ
    return f_around


f_edges_of = _around("hex_edges", "vertex_edges", "hex", "set:edge")
f_hexes_of = _around("edge_hexes", "vertex_hexes", "edge", "set:hex")


def f_touching(ctx, a, raw):
    h = a[0][0]

    def touching(s, env):
        owners = {s.v_owner[v] for v in s.board.hex_vertices[h(s, env)]}
        return sorted(o for o in owners if o >= 0)
    return touching, "set:player"


def f_terrain(ctx, a, raw):
    h = a[0][0]
    return inline(lambda s, env: s.board.hex_terrain[h(s, env)], "s.board.hex_terrain[@0(s, env)]",
                  h), "name"


def f_has_number(ctx, a, raw):
    h, n = a[0][0], a[1][0]
    return inline(lambda s, env: n(s, env) in s.board.hex_numbers[h(s, env)],
                  "@0(s, env) in s.board.hex_numbers[@1(s, env)]", n, h), "bool"


def f_pips(ctx, a, raw):
    h, game = a[0][0], ctx.rules.game
    # Ways per total: a total's probability times the number of dice faces combinations.
    ways = {t: round(p * 6 ** game.dice) for t, p in game.roll_outcomes}
    return (lambda s, env: sum(ways.get(n, 0) for n in s.board.hex_numbers[h(s, env)])), "int"


def f_coast(ctx, a, raw):
    x, kind, coast = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules.coast
    return inline(lambda s, env: coast[kind(env)][x(s, env)],
                  f"@0[{kind_source(a[0][1], raw[0])}][@1(s, env)]", coast, x), "bool"


def f_harbor(ctx, a, raw):
    v = a[0][0]
    return inline(lambda s, env: s.board.vertex_harbor[v(s, env)] is not None,
                  "s.board.vertex_harbor[@0(s, env)] is not None", v), "bool"


def f_harbor_ratio(ctx, a, raw):
    v = a[0][0]

    def harbor_ratio(s, env):
        h = s.board.vertex_harbor[v(s, env)]
        return 0 if h is None else h[0]
    return harbor_ratio, "int"


def f_feature(ctx, a, raw):
    x, kind, feats = a[0][0], place_kind(ctx, a[0][1], raw[0]), ctx.rules.features
    name = a[1][0]
    return inline(lambda s, env: x(s, env) in feats[kind(env)].get(name(s, env), ()),
                  f"@0(s, env) in @1[{kind_source(a[0][1], raw[0])}].get(@2(s, env), ())",
                  x, feats, name), "bool"


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


FUNCTIONS: dict[str, Callable] = {
    "produces": f_produces, "hidden": f_hidden, "corner": f_corner, "side": f_side,
    "ends": f_ends, "terrains": f_terrains, "piece_kinds": f_piece_kinds,
    "hexes": f_hexes, "vertices": f_vertices, "edges": f_edges, "clockwise_from": f_clockwise_from,
    "vertices_of": f_vertices_of, "edges_of": f_edges_of, "hexes_of": f_hexes_of,
    "touching": f_touching, "terrain": f_terrain, "has_number": f_has_number, "pips": f_pips,
    "coast": f_coast, "harbor": f_harbor, "harbor_ratio": f_harbor_ratio, "feature": f_feature,
    "feature_number": f_feature_number,
}

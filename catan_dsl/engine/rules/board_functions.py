"""vocab.FUNCTIONS of a board that changes and of numbered places (produces, hidden, corner, side,
ends, the declared terrains and pieces) → closure factories (ctx, compiled args, raw args)."""

from __future__ import annotations

from typing import Any, Callable

from catan_dsl.engine.board import NOTHING, resource_code


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


FUNCTIONS: dict[str, Callable] = {
    "produces": f_produces, "hidden": f_hidden, "corner": f_corner, "side": f_side,
    "ends": f_ends, "terrains": f_terrains, "piece_kinds": f_piece_kinds,
}

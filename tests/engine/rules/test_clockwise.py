"""`clockwise_from(h)`: the coastal land hexes in clockwise order around the island, starting at
h — the sweep Barbarian Attack's victory check makes from the hex beside the castle."""

from __future__ import annotations

from catan_dsl.core import geometry
from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.helpers import empty_main
from tests.variants.kit import game


def _sweep(g, s, start: int) -> list[int]:
    fn, typ = compile_expr(["clockwise_from", ["var", "h"]], Ctx(g.rules, {"h": "hex"}))
    assert typ == "set:hex"
    return list(fn(s, {"h": start}))


def _coord(g, h: int) -> tuple[int, int]:
    hx = g.ir["board"]["hexes"][h]
    return hx["q"], hx["r"]


def test_the_sweep_visits_every_coastal_hex_once_clockwise() -> None:
    g = game("friendly_robber")           # any game with rules; the beginner board
    s = empty_main(g, 0, 0)
    top_left = next(h for h in range(g.rules.n_hexes) if _coord(g, h) == (0, -2))
    sweep = [_coord(g, h) for h in _sweep(g, s, top_left)]
    assert sweep == [(0, -2), (1, -2), (2, -2), (2, -1), (2, 0), (1, 1), (0, 2), (-1, 2),
                     (-2, 2), (-2, 1), (-2, 0), (-1, -1)]
    # Clockwise on screen: from the top-left hex the sweep goes right along the top row.
    xs = [geometry.hex_center(c)[0] for c in sweep[:3]]
    assert xs == sorted(xs)


def test_it_starts_where_asked_and_an_inland_start_is_the_first_coastal_hex() -> None:
    g = game("friendly_robber")           # any game with rules; the beginner board
    s = empty_main(g, 0, 0)
    coastal = [h for h in range(g.rules.n_hexes) if g.rules.coast["hex"][h]]
    for h in coastal:
        sweep = _sweep(g, s, h)
        assert sweep[0] == h and sorted(sweep) == sorted(coastal)
    centre = next(h for h in range(g.rules.n_hexes) if _coord(g, h) == (0, 0))
    assert sorted(_sweep(g, s, centre)) == sorted(coastal)

"""Property tests of the hex geometry, the topology tables and board realisation."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from catan_dsl.core import geometry as g
from catan_dsl.core import topology
from catan_dsl.ir import realize

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
coords = st.tuples(st.integers(-20, 20), st.integers(-20, 20))
BASE_LAND = [h for row in g.rows_layout([3, 4, 5, 4, 3]) for h in row]


@given(coords)
def test_neighbours_are_symmetric_and_at_distance_one(h):
    for n in g.neighbors(h):
        assert g.distance(h, n) == 1
        assert h in g.neighbors(n)


@given(coords, coords, coords)
def test_distance_is_a_metric(a, b, c):
    assert g.distance(a, a) == 0
    assert g.distance(a, b) == g.distance(b, a)
    assert g.distance(a, c) <= g.distance(a, b) + g.distance(b, c)


@given(coords)
def test_every_corner_has_three_hexes_and_every_side_two(h):
    for c in g.corners(h):
        hexes = g.corner_hexes(c)
        assert h in hexes and len(set(hexes)) == 3
        assert all(c in g.corners(x) for x in hexes)
    for s in g.sides(h):
        a, b = g.side_hexes(s)
        assert h in (a, b) and g.distance(a, b) == 1
        ca, cb = g.side_corners(s)
        assert ca != cb and ca in g.corners(h) and cb in g.corners(h)


@given(coords)
def test_adjacent_hexes_share_exactly_one_side_and_two_corners(h):
    for n in g.neighbors(h):
        assert len(set(g.sides(h)) & set(g.sides(n))) == 1
        assert len(set(g.corners(h)) & set(g.corners(n))) == 2


@given(st.integers(0, 6), st.integers(0, 5), st.booleans())
def test_spiral_visits_every_hex_of_the_hexagon_once(radius, start, clockwise):
    walk = g.spiral((0, 0), radius, start, clockwise)
    assert sorted(walk) == sorted(g.hexagon(radius))
    for a, b in zip(walk, walk[1:]):
        assert g.distance(a, b) == 1  # the spiral never jumps


def test_spiral_runs_counter_clockwise_on_screen():
    """BASE-10: the lettered placement spirals counter-clockwise toward the centre (seed 004)."""
    walk = g.spiral((0, 0), 2, start=0)
    (x0, y0), (x1, y1) = g.hex_center(walk[0]), g.hex_center(walk[1])
    assert walk[0] == (2, 0)  # the east corner hex
    assert y1 < y0  # the second hex is above it on screen: counter-clockwise from east
    assert walk[-1] == (0, 0)


def test_base_island_rows_and_topology_counts():
    """BASE-01: 19 hexes in rows of 3, 4, 5, 4, 3 — 54 intersections, 72 paths, 18 frame hexes."""
    rows = g.rows_layout([3, 4, 5, 4, 3])
    assert [len(r) for r in rows] == [3, 4, 5, 4, 3]
    assert sorted(BASE_LAND) == sorted(g.hexagon(2))
    t = topology.build_topology(BASE_LAND)
    assert (len(t["hexes"]), len(t["vertices"]), len(t["edges"]), len(t["sea"])) == (19, 54, 72, 18)
    assert sum(v["coast"] for v in t["vertices"]) == 30
    assert sum(e["coast"] for e in t["edges"]) == 30
    assert sum(h["coast"] for h in t["hexes"]) == 12


def test_topology_tables_are_consistent():
    t = topology.build_topology(BASE_LAND)
    for v in t["vertices"]:
        assert 2 <= len(v["adjacent"]) <= 3 and len(v["edges"]) == len(v["adjacent"])
        for e in v["edges"]:
            assert v["id"] in t["edges"][e]["vertices"]
    for e in t["edges"]:
        a, b = e["vertices"]
        assert b in t["vertices"][a]["adjacent"]
        for f in e["adjacent"]:
            assert set(t["edges"][f]["vertices"]) & {a, b}
    for h in t["hexes"]:
        assert len(set(h["vertices"])) == 6 and len(set(h["edges"])) == 6


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_tournament_board_realisation_is_a_function_of_the_seed(seed):
    """TOUR-02: a random board — same seed, same board; the desert never gets a token."""
    ir = json.loads((FIXTURES / "base_tournament.ir.json").read_text())
    a, b = realize.realize_board(ir, seed), realize.realize_board(ir, seed)
    assert a == b
    assert sorted(t for t in a.terrain) == sorted(
        [k for k, n in ir["board"]["pools"][0]["tiles"].items() for _ in range(n)]
    )
    for t, nums in zip(a.terrain, a.numbers):
        assert (nums == ()) == (t == "desert")
    assert sorted(n for nums in a.numbers for n in nums) == sorted(
        ir["board"]["numbers"]["sequence"]
    )

"""A network's trails.Shape and a pendant path moved (taken off where nothing else ends, put on
with one end new to the network) → the moved Shape's longest trail equals the one measured
afresh, for networks grown on a board with rings, branches and opponents' buildings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.engine.base import trails


@pytest.fixture(scope="module")
def board():
    ir, report = api.compile_file("scenarios/base.catan", board="tournament")
    assert ir is not None, report
    return Game(ir, num_players=4).board(1)


def _pair(b, e: int, stops: set[int]) -> tuple[int, int]:
    """Path ``e`` as the trail's pair of nodes: a stop is cut into one end per path."""
    a, c = b.edge_vertices[e]
    return (-1 - 2 * e if a in stops else a, -2 - 2 * e if c in stops else c)


def _degrees(pairs: list[tuple[int, int]]) -> dict[int, int]:
    out: dict[int, int] = {}
    for a, c in pairs:
        out[a] = out.get(a, 0) + 1
        out[c] = out.get(c, 0) + 1
    return out


def _network(b, data, rings: int) -> tuple[dict[int, tuple[int, int]], set[int]]:
    """A network drawn on board ``b``: up to ``rings`` rings of hex sides, branches grown path by
    path, up to two opponents' buildings as stops → its paths as pairs by path id, the stops."""
    hexes = data.draw(st.lists(st.integers(0, b.n_hexes - 1), max_size=rings))
    mine = sorted({e for h in hexes for v in b.hex_vertices[h] for e in b.vertex_edges[v]
                   if set(b.edge_vertices[e]) <= set(b.hex_vertices[h])})
    if not mine:
        mine = [data.draw(st.integers(0, b.n_edges - 1))]
    for _ in range(data.draw(st.integers(0, 12))):
        ends = sorted({v for e in mine for v in b.edge_vertices[e]})
        free = [e for e in b.vertex_edges[data.draw(st.sampled_from(ends))] if e not in mine]
        if free:
            mine.append(data.draw(st.sampled_from(free)))
    corners = sorted({v for e in mine for v in b.edge_vertices[e]})
    stops = data.draw(st.sets(st.sampled_from(corners), max_size=2))
    return {e: _pair(b, e, stops) for e in mine}, stops


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_core_trail_from_its_table_is_the_one_walked(board, data) -> None:
    """BASE-66, BASE-69: a network with rings (up to three, touching or apart, with branches and
    opponents' buildings) measures the same from its core's trail table (`trails._TABLES`) as
    walked over its core for its depths (`KEEP_TABLES` off), and as the plain walk. A core met
    for the first time is walked, its table made the second time (`TABLE_ON_SECOND`), its rows
    walked as they are needed (`ROWS_WHEN_ASKED`)."""
    pairs, _ = _network(board, data, 3)
    ordered = [pairs[e] for e in sorted(pairs)]
    trails._TABLES.clear()
    trails._MET.clear()
    first = trails.shape(ordered)
    assert first.core_id not in trails._TABLES
    kept = trails.shape(ordered)
    trails.KEEP_TABLES = False
    try:
        walked = trails.shape(ordered)
    finally:
        trails.KEEP_TABLES = True
    assert (kept.core_val, kept.value) == (walked.core_val, walked.value) == \
        (first.core_val, first.value)
    assert kept.value == trails.longest(ordered, None)
    assert kept.core is None or trails._TABLES[kept.core_id] is not False
    if kept.core is not None:
        # Rows walked for the places a trail can start and the nodes with trees only
        # (`ROWS_WHEN_ASKED`): the same longest trail over the core as every node's rows.
        table = trails._TABLES[kept.core_id]
        trails.ROWS_WHEN_ASKED = False
        try:
            full = trails._trail_table(kept.core)
        finally:
            trails.ROWS_WHEN_ASKED = True
        assert full[0] == table[0]
        assert all(full[1][a] == row for a, row in table[1].items())


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_pendant_path_moved_again_and_again_measures_as_afresh(board, data) -> None:
    """BASE-66, BASE-69, SF-37 (a ship moved from a route's open end): a network grown path by
    path (one or two rings of hex sides, branches, opponents' buildings as stops) has pendant
    paths moved one after another — off any end, onto a free path at any node or apart from the
    network — and after every move the Shape's longest trail is the one measured afresh."""
    b = board
    pairs, stops = _network(b, data, 2)
    shape = trails.shape([pairs[e] for e in sorted(pairs)])
    assert shape.value == trails.longest([pairs[e] for e in sorted(pairs)], None)
    moves = 0
    for _ in range(data.draw(st.integers(1, 8))):
        degree = _degrees(list(pairs.values()))
        pendant = [e for e, (a, c) in sorted(pairs.items()) if degree[a] == 1 or degree[c] == 1]
        if len(pendant) < 2:
            break
        gone = data.draw(st.sampled_from(pendant))
        rest = {e: pc for e, pc in pairs.items() if e != gone}
        nodes = set(_degrees(list(rest.values())))
        # A free path with at least one end the rest of the network does not reach.
        options = [e for e in range(b.n_edges) if e not in pairs
                   and not set(_pair(b, e, stops)) <= nodes]
        near = [e for e in options if set(_pair(b, e, stops)) & nodes]
        new = data.draw(st.sampled_from(near if near and data.draw(st.booleans()) else options))
        got = trails.moved(shape, pairs[gone], _pair(b, new, stops))
        assert got is not None, (gone, new)
        rest[new] = _pair(b, new, stops)
        pairs, shape = rest, got
        assert shape.value == trails.longest([pairs[e] for e in sorted(pairs)], None), \
            (sorted(pairs), stops)
        moves += 1


def test_a_path_that_is_no_pendant_is_measured_afresh(board) -> None:
    """A path taken off from between two others, or put on between two nodes the network
    reaches, is no pendant move: `moved` declines it (None), and the route is measured afresh."""
    b = board
    ring = sorted({e for v in b.hex_vertices[0] for e in b.vertex_edges[v]
                   if set(b.edge_vertices[e]) <= set(b.hex_vertices[0])})
    pairs = [_pair(b, e, set()) for e in ring]
    shape = trails.shape(pairs)
    assert shape.value == 6
    outside = next(e for e in range(b.n_edges) if not set(b.edge_vertices[e]) &
                   set(b.hex_vertices[0]))
    assert trails.moved(shape, pairs[0], _pair(b, outside, set())) is None
    assert trails.moved(shape, None, pairs[0]) is None

"""The base game's harbors, checked on the compiled IR of scenarios/base.catan."""

from __future__ import annotations

import pytest

from catan_dsl import api
from catan_dsl.core import geometry as g


@pytest.mark.parametrize("board", ["beginner", "tournament"])
def test_base_04_every_harbor_points_as_far_toward_the_centre_as_it_can(board: str) -> None:
    """BASE-04: every harbour points as far toward the centre of the island as its position
    allows (seed 004) — its edge borders a land neighbour of its sea hex that lies nearest the
    centre, and both harbor intersections are on that edge."""
    ir, report = api.compile_file("scenarios/base.catan", board=board)
    assert ir is not None, report.render_text()
    b = ir["board"]
    hexes = {h["id"]: (h["q"], h["r"]) for h in b["hexes"]}
    assert len(b["harbors"]) == 9
    for harbor in b["harbors"]:
        sea = b["sea"][harbor["sea"]]
        edge = b["edges"][harbor["edge"]]
        assert sorted(harbor["vertices"]) == sorted(edge["vertices"])
        (land,) = edge["hexes"]  # a coast edge: one land hex, the other side is the sea
        assert land in sea["land_neighbors"]
        nearest = min(g.distance(hexes[h], (0, 0)) for h in sea["land_neighbors"])
        assert g.distance(hexes[land], (0, 0)) == nearest

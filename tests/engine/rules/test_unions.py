"""A loop with an ``any(X in S where … VAR in T …)`` conjunct looks only at the union of T over
S (unions.within_union): the same elements qualify, in the same order, as the full scan finds
and as the loop finds with the switch off; T&B's drive-off plays the same both ways."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import unions
from catan_dsl.engine.rules.expressions import Ctx, compile_expr, compile_picks
from tests.engine.rules.side_by_side import SCENARIOS, games_on_and_off, play_side_by_side
from tests.engine.rules.test_domains import full_scan, played

E, P, V = ["var", "e"], ["var", "player"], ["var", "v"]
NEAR = ["any", "x", ["neighbours", V], ["in", E, ["edges_of", ["var", "x"]]]]
WAGON = ["any", "x", ["units", P, "wagon"], ["and", ["<", ["owner", E], 0],
                                            ["in", E, ["edges_of", ["var", "x"]]]]]
# (edges, e, COND): the union names a few paths among every path or among the barbarians'.
FORMS = [
    NEAR,
    ["and", ["<", ["owner", E], 0], NEAR],
    ["and", [">", ["markers", E, "road_barbarian"], 0], WAGON],
    ["and", ["not", ["marked", E, "tried"]], ["or", ["coast", E], WAGON]],     # an or: no union
]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("form", range(len(FORMS)))
def test_the_union_finds_what_the_full_scan_finds(seed: int, form: int, monkeypatch) -> None:
    cond = FORMS[form]
    s = played(seed, 300)
    rules, rs = s.game.rules, s.rules_state
    wagons = rules.unit_places[rules.unit_index["wagon"]]
    for p in (0, 2):                    # a barbarian beside two wagons, for the drive-off
        v = wagons.places_of(rs.units[wagons.i], p)[0]
        rs.markers[rules.marker_index["road_barbarian"]][s.board.vertex_edges[v][0]] += 1
    rs.markers_moved()
    found = []
    for switched in (True, False):
        monkeypatch.setattr(unions, "UNIONS", switched)
        ctx = Ctx(s.game.rules, {"player": "player", "v": "vertex"})
        count = compile_expr(["count", "e", ["edges"], cond], ctx)[0]
        picks = compile_picks(["edges"], "e", cond, ctx)[0]
        got = []
        for v in range(0, len(s.board.vertex_adjacent), 5):
            for p in range(s.game.num_players):
                env = {"player": p, "v": v}
                want = full_scan(s, env, ["edges"], "e", cond)
                assert picks(s, dict(env)) == want
                assert count(s, dict(env)) == len(want)
                got.append(want)
        found.append(got)
    assert found[0] == found[1]
    assert any(found[0])                # the form finds something somewhere


def test_traders_and_barbarians_plays_the_same_with_unions_or_without(monkeypatch) -> None:
    games = games_on_and_off(SCENARIOS / "traders_barbarians.catan", (), monkeypatch, unions,
                             "UNIONS")
    play_side_by_side(games, seed=12, steps=900)

"""A vocabulary function's closure that says what it computes (fused.inline) has its arguments'
closures written into it (fused.EXPAND): every shipped row and three Seafarers boards play the
same with the arguments written in or called (EXPAND off), and a written-in function gives its
closure's value."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import fused
from tests.engine.rules.random_walks import seafarers_on_and_off
from tests.engine.rules.side_by_side import ROWS, games_on_and_off, play_side_by_side, row_id
from tests.engine.rules.test_domains import compiled_on_and_off


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_a_scenario_plays_the_same_with_arguments_written_in_or_called(path, with_,
                                                                      monkeypatch):
    written, called = games_on_and_off(path, with_, monkeypatch, fused, "EXPAND")
    states = play_side_by_side((written, called), seed=11, steps=700)
    assert states[0].to_dict() == states[1].to_dict()


@pytest.mark.parametrize("name", ("fog_islands", "new_shores", "wonders"))
def test_a_seafarers_game_plays_the_same_with_arguments_written_in_or_called(name, monkeypatch):
    written, called = seafarers_on_and_off(name, monkeypatch, fused, "EXPAND")
    states = play_side_by_side((written, called), seed=5, steps=900)
    assert states[0].to_dict() == states[1].to_dict()


TYPES = {"player": "player", "v": "vertex", "e": "edge", "h": "hex", "at": "any"}
P = ["var", "player"]
NODES = [
    ["count_of", ["left", P], "grain"],            # a written-in argument, itself written in
    ["holds", P, "ore"],
    ["terrain", ["var", "h"]],
    ["edges_of", ["var", "v"]],
    ["hexes_of", ["var", "e"]],
    ["vertices_of", ["var", "h"]],
    ["opponents", P],
    ["owner", ["var", "at"]],                      # the kind of place read from its tag
    ["piece", ["var", "at"]],
    ["real", ["left", P]],
    ["public_vp", P],
]


@pytest.mark.parametrize("node", NODES, ids=lambda n: n[0])
def test_a_written_in_function_gives_its_closures_value(node, monkeypatch):
    for s, fn, plain in compiled_on_and_off(node, TYPES, monkeypatch, fused, "EXPAND"):
        assert fn.__code__.co_filename == "<inlined rule function>", node
        assert plain.__code__.co_filename != "<inlined rule function>"
        for v, e, h, tag in ((20, 12, 3, "edge"), (31, 40, 0, "vertex"), (7, 3, 9, None)):
            env = {"player": s.cur, "v": v, "e": e, "h": h, "at": e if tag == "edge" else v}
            if tag is not None:
                env["#at"] = tag
            assert fn(s, dict(env)) == plain(s, dict(env)), (node, env)


def test_an_argument_that_says_nothing_stays_a_call():
    def opaque(s, env):
        return 1
    text, objects, saved = fused.expand("s.hand[@0(s, env)][2]", (opaque,))
    assert (text, objects, saved) == ("s.hand[@0(s, env)][2]", (opaque,), 0)
    inner = fused.inline(lambda s, env: env["p"], "env['p']")
    text, objects, saved = fused.expand("@1[@0(s, env)] + @1[@0(s, env)]", (inner, "row"))
    assert (text, objects, saved) == ("@0[(env['p'])] + @1[(env['p'])]", ("row", "row"), 2)

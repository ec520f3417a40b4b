"""Loops written out as generated functions (engine/rules/loops.py) → the games their closures
play: every shipped scenario and combination played side by side with the generated loops on
and off (the closures in expressions.py), the same legal actions and the same events at every
step; and each kind of comprehension gives the closure's value on played positions."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import expressions, loops
from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.rules.side_by_side import ROWS, games_on_and_off, play_side_by_side, row_id
from tests.engine.rules.test_domains import played


def _generated(fn) -> bool:
    """Is ``fn`` a generated loop, or a memo around one?"""
    if fn.__code__.co_filename == loops.FILENAME:
        return True
    return any(callable(c.cell_contents) and getattr(c.cell_contents, "__code__", None) is not None
               and c.cell_contents.__code__.co_filename == loops.FILENAME
               for c in fn.__closure__ or ())


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_a_scenario_plays_the_same_with_loops_generated_or_as_closures(path, with_, monkeypatch):
    generated, closures = games_on_and_off(path, with_, monkeypatch, expressions,
                                           "GENERATED_LOOPS")
    states = play_side_by_side((generated, closures), seed=11, steps=700)
    assert [states[0].vp(p) for p in range(generated.num_players)] == \
        [states[1].vp(p) for p in range(closures.num_players)]


RULE_LOOP_ROWS = [r for r in ROWS if r[0].stem in (
    "barbarian_attack", "traders_barbarians", "fishermen+barbarian_attack", "rivers+caravans")]


@pytest.mark.parametrize("flag", ["BIND_AT_EXIT", "HOIST_ROWS", "COUNT_IN_PLACE", "READ_ONCE"])
@pytest.mark.parametrize("path,with_", RULE_LOOP_ROWS, ids=row_id)
def test_loops_binding_once_and_reading_rows_once_play_as_per_element(path, with_, flag,
                                                                      monkeypatch):
    """loops.BIND_AT_EXIT: a loop whose condition cannot see ``env`` binds its variable as it
    leaves (a knight's march lists ~25 paths a turn without a dict write each); loops.HOIST_ROWS:
    the state's rows its condition indexes are read before the loop. Off, per element."""
    once, each = games_on_and_off(path, with_, monkeypatch, loops, flag)
    states = play_side_by_side((once, each), seed=11, steps=700)
    assert [states[0].vp(p) for p in range(once.num_players)] == \
        [states[1].vp(p) for p in range(each.num_players)]


TYPES = {"player": "player", "v": "vertex", "e": "edge"}
P = ["var", "player"]
NODES = [
    ["count", "f", ["edges_of", ["var", "v"]], ["<", ["owner", ["var", "f"]], 0]],
    ["any", "w", ["neighbours", ["var", "v"]], ["<", ["owner", ["var", "w"]], 0]],
    ["first", "f", ["edges"], ["and", [">", ["markers", ["var", "f"], "road_barbarian"], 0],
                               ["!=", ["var", "f"], ["var", "e"]]]],
    ["first", "q", ["players"], [">", ["count_of", ["var", "q"], "grain"], 0]],
    ["sum", "h", ["hexes_of", ["var", "v"]], ["not", ["robber_on", ["var", "h"]]],
     ["+", ["var", "h"], 1]],
    ["max", "f", ["edges"], ["==", ["owner", ["var", "f"]], P], ["-", 100, ["var", "f"]]],
    ["min", "w", ["vertices"], ["!=", ["owner", ["var", "w"]], P], ["var", "w"]],
    ["all", "w", ["neighbours", ["var", "v"]], ["<", ["var", "w"], 60]],
    ["count", "q", ["players"], ["and", ["!=", ["var", "q"], P],
                                 ["any", "f", ["edges"], ["==", ["owner", ["var", "f"]],
                                                          ["var", "q"]]]]],
    # The inner count binds f again (leaving the last path it tried in env): the outer test
    # reads that, not the loop's own element (loops.READ_LOCAL reads a local only where none does).
    ["count", "f", ["edges_of", ["var", "v"]],
     ["==", ["-", ["count", "f", ["edges"], [">", ["owner", ["var", "f"]], -9]], 1], ["var", "f"]]],
]


@pytest.mark.parametrize("node", NODES, ids=lambda n: n[0])
def test_each_comprehension_is_generated_and_gives_the_closures_value(node, monkeypatch):
    for seed, moves in ((1, 150), (2, 400), (3, 700)):
        s = played(seed, moves)
        ctx = Ctx(s.game.rules, TYPES)
        fn, typ = compile_expr(node, ctx)
        with monkeypatch.context() as m:
            m.setattr(expressions, "GENERATED_LOOPS", False)
            plain_fn, plain_t = compile_expr(node, ctx)
        assert _generated(fn) and not _generated(plain_fn)
        for v, e in ((20, 12), (31, 40), (7, 3)):
            env = {"player": s.cur, "v": v, "e": e}
            got_env, want_env = dict(env), dict(env)
            got, want = fn(s, got_env), plain_fn(s, want_env)
            assert (got, type(got), typ) == (want, type(want), plain_t), node
            # The variable is left in env as the closure's loop leaves it (BIND_AT_EXIT).
            assert got_env == want_env, node

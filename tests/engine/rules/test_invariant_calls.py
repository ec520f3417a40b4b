"""A generated loop's calls that read nothing the loop changes (loops.invariant_calls) are made
once a loop, not once an element: the Seafarers games play the same with them kept or made for
every element (loops.KEEP_INVARIANT off), and a call reading the loop's variable, or one a
comprehension inside the condition binds, is still made for every element."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import expressions, loops
from tests.engine.rules.random_walks import seafarers_on_and_off
from tests.engine.rules.side_by_side import play_side_by_side
from tests.engine.rules.test_domains import compiled_on_and_off

SEAFARERS = ("fog_islands", "new_shores", "wonders")


@pytest.mark.parametrize("name", SEAFARERS)
def test_a_seafarers_game_plays_the_same_with_invariant_calls_kept_or_made_each_time(
        name, monkeypatch):
    # The move-a-ship targets ask edges_of(robber_hex(pirate)) of every ship at a route's end.
    kept, each = seafarers_on_and_off(name, monkeypatch, loops, "KEEP_INVARIANT")
    states = play_side_by_side((kept, each), seed=5, steps=900)
    assert states[0].to_dict() == states[1].to_dict()


def test_which_calls_are_kept():
    inv = loops.invariant_calls("e", ["and", ["route_end", ["var", "e"]],
                                      ["any", "h", ["hexes"], ["==", ["var", "h"], 3]]], None)
    assert inv(["edges_of", ["robber_hex", "pirate"]])
    assert inv(["edges_of", ["var", "v"]])                  # an outer variable
    assert not inv(["route_end", ["var", "e"]])             # the loop's own
    assert not inv(["edges_of", ["var", "h"]])              # bound by the inner any
    assert not inv(["count", "f", ["edges"], ["==", ["var", "f"], 2]])     # ticks the budget
    assert not inv(["var", "v"])


TYPES = {"player": "player", "v": "vertex", "e": "edge"}
NODES = [
    # count_of(player, …) reads only an outer variable and the hands: kept once the loop.
    ["count", "f", ["edges"],
     ["<", ["owner", ["var", "f"]], ["count_of", ["var", "player"], "grain"]]],
    ["sum", "w", ["vertices"],
     [">", ["count_of", ["var", "player"], "ore"], ["owner", ["var", "w"]]],
     ["+", ["var", "w"], ["count_of", ["var", "player"], "wool"]]],
]


@pytest.mark.parametrize("node", NODES, ids=lambda n: n[0])
def test_a_loop_keeps_its_invariant_call_and_gives_the_closures_value(node, monkeypatch):
    for s, fn, plain in compiled_on_and_off(node, TYPES, monkeypatch, expressions,
                                            "GENERATED_LOOPS"):
        loop = next(c.cell_contents for c in fn.__closure__ or ()
                    if getattr(getattr(c.cell_contents, "__code__", None), "co_filename", "")
                    == loops.FILENAME) if fn.__code__.co_filename != loops.FILENAME else fn
        assert "_h0" in loop.__code__.co_varnames       # the call's value kept in a local
        for v, e in ((20, 12), (31, 40), (7, 3)):
            env = {"player": s.cur, "v": v, "e": e}
            assert fn(s, dict(env)) == plain(s, dict(env)), node

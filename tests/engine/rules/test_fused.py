"""Operator trees compiled as one generated function (engine/rules/fused.py) → the same value, of
the same type, as the closure per operator they replace, on positions of a played game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catan_dsl.engine.rules import expressions
from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.rules.test_domains import played

TYPES = {"player": "player", "x": "int", "y": "int", "b": "bool", "e": "edge", "v": "vertex",
         "r": "resource", "f": "edge"}
X, Y, B, P = ["var", "x"], ["var", "y"], ["var", "b"], ["var", "player"]
# Leaves: numbers, truth values, variables, and calls, some written inline (count_of, owner,
# markers, path_between, occupied on a path) and some called (cards, coast).
INT_LEAVES = [X, Y, 0, 3, -2, ["count_of", P, "grain"], ["count_of", P, "gold"],
              ["owner", ["var", "e"]], ["owner", ["var", "v"]], ["cards", P],
              ["markers", ["var", "e"], "road_barbarian"],
              ["path_between", ["var", "v"], ["var", "v"]],
              ["path_distance", ["var", "e"], ["var", "f"]]]
BOOL_LEAVES = [B, True, False, ["coast", ["var", "v"]], ["occupied", ["var", "v"], "wagon"],
               ["==", ["var", "r"], "ore"], ["!=", ["var", "r"], "wool"],
               ["count_of", P, "grain"], ["cards", P]]     # numbers read for their truth


def ints(bools):
    def grow(children):
        return st.one_of(
            st.tuples(st.sampled_from(["+", "-", "*", "/"]), children, children).map(list),
            children.map(lambda c: ["-", c]),
            st.tuples(st.just("if"), bools, children, children).map(list))
    return st.recursive(st.sampled_from(INT_LEAVES), grow, max_leaves=6)


def bools():
    def grow(children):
        numbers = st.recursive(st.sampled_from(INT_LEAVES), lambda c: st.tuples(
            st.sampled_from(["+", "-", "*", "/"]), c, c).map(list), max_leaves=3)
        return st.one_of(
            st.tuples(st.sampled_from(["and", "or"]), children, children).map(list),
            st.tuples(st.sampled_from(["and", "or"]), children, children, children).map(list),
            children.map(lambda c: ["not", c]),
            st.tuples(st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), numbers,
                      numbers).map(list),
            st.tuples(st.just("in"), numbers, st.just(["players"])).map(list))
    return st.recursive(st.sampled_from(BOOL_LEAVES), grow, max_leaves=8)


def both(s, node, monkeypatch):
    """``node`` compiled fused and as closures, each evaluated on ``s``."""
    env = {"player": s.cur, "x": 7, "y": 0, "b": True, "e": 12, "v": 20, "f": 40,
           "r": s.game.rules.resource_index["ore"]}
    ctx = Ctx(s.game.rules, TYPES)
    fused_fn, fused_t = compile_expr(node, ctx)
    fused = fused_fn(s, dict(env))
    with monkeypatch.context() as m:
        m.setattr(expressions, "FUSED", frozenset())
        plain_fn, plain_t = compile_expr(node, ctx)
        plain = plain_fn(s, dict(env))
    return (fused, type(fused), fused_t), (plain, type(plain), plain_t), fused_fn


@pytest.fixture(scope="module")
def position():
    return played(2, 400)


@settings(max_examples=150, deadline=None)
@given(node=st.one_of(bools(), ints(bools())))
def test_a_fused_tree_computes_what_its_closures_compute(node, position) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:   # hypothesis: no function fixtures
        fused, plain, _ = both(position, node, monkeypatch)
    assert fused == plain, node


def test_a_condition_of_several_operators_is_one_generated_function(position, monkeypatch):
    node = ["or", ["==", ["var", "x"], ["var", "y"]],
            ["not", ["<", ["owner", ["var", "e"]], ["count_of", ["var", "player"], "gold"]]]]
    fused, plain, fn = both(position, node, monkeypatch)
    assert fn.__name__ == "fused" and fused == plain
    # owner(e) and count_of(player, gold) are written inline: no other closure is called.
    assert not [n for n in fn.__code__.co_names if n.startswith("L")]


def test_a_resource_name_compares_as_the_resource(position, monkeypatch):
    """A resource variable holds the resource's index: "r == ore" names it, fused or not."""
    for node in (["and", ["==", ["var", "r"], "ore"], ["var", "b"]],
                 ["and", ["!=", ["var", "r"], "ore"], ["var", "b"]]):
        fused, plain, _ = both(position, node, monkeypatch)
        assert fused == plain
    assert both(position, ["and", ["==", ["var", "r"], "ore"], True], monkeypatch)[0][0] is True


def test_a_division_by_zero_is_zero(position, monkeypatch):
    fused, plain, _ = both(position, ["+", ["/", ["var", "x"], ["var", "y"]], 1], monkeypatch)
    assert fused == plain == (1, int, "int")


def test_a_tree_too_deep_for_one_expression_is_split(position, monkeypatch):
    """150 nested operators, 300 brackets written as one expression (Python's parser allows
    200), still compile fused: parts below a depth are functions of their own."""
    node = ["var", "b"]
    for k in range(150):
        node = ["and" if k % 2 else "or", ["<", ["var", "y"], k], node]
    fused, plain, fn = both(position, node, monkeypatch)
    assert fused == plain and fn.__name__ == "fused"


def test_and_and_or_give_a_truth_value(position, monkeypatch):
    """As their closures do: "b and cards(player)" is True or False, never the number."""
    for head in ("and", "or"):
        node = [head, ["not", ["not", ["var", "b"]]], ["cards", ["var", "player"]]]
        fused, plain, fn = both(position, [head, ["not", ["var", "y"]], node], monkeypatch)
        assert fn.__name__ == "fused" and fused == plain and fused[1] is bool

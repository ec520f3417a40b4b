"""Seats put in turn order from a table (turn_order.KEEP_TURN_ORDER) and a spiral's centre kept per board's slots (geometry.KEEP_CENTRES) change no game."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest

from catan_dsl.core import geometry
from catan_dsl.engine.rules import turn_order
from catan_dsl.engine.rules.turn_order import ordered
from tests.engine.rules.side_by_side import SCENARIOS, random_walk


def _every_order(n: int) -> dict:
    state = SimpleNamespace(cur=1, game=SimpleNamespace(num_players=n))
    seats = [t for k in range(n + 1) for t in itertools.combinations(range(n), k)]
    return {(t, start): tuple(ordered(state, t, "set:player", {} if start == "none" else
                                      {"player": start}))
            for t in seats for start in (*range(-1, n + 1), None, "none")}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_kept_turn_orders_are_those_worked_out(monkeypatch, n) -> None:
    monkeypatch.setattr(turn_order, "KEEP_TURN_ORDER", False)
    reference = _every_order(n)
    monkeypatch.setattr(turn_order, "KEEP_TURN_ORDER", True)
    assert _every_order(n) == reference
    assert _every_order(n) == reference                 # the second time read from the table
    # (Player 2's opponents come from the next seat round to the first.)
    assert reference[(tuple(q for q in range(n) if q != 2 % n), 2 % n)] == \
        tuple(range(2 % n + 1, n)) + tuple(range(2 % n))


def test_fishermen_plays_the_same_with_both_switches_off(monkeypatch) -> None:
    # The old boot's targets ("p in opponents(player)") and the dealt board's number spiral.
    path = SCENARIOS / "fishermen.catan"
    shipped = [random_walk(path, seed, 700) for seed in (5, 6)]
    monkeypatch.setattr(turn_order, "KEEP_TURN_ORDER", False)
    monkeypatch.setattr(geometry, "KEEP_CENTRES", False)
    assert [random_walk(path, seed, 700) for seed in (5, 6)] == shipped


def test_a_kept_centre_is_the_one_worked_out(monkeypatch) -> None:
    slots = tuple(geometry.spiral((0, 0), 2, 0, False)) + ((3, -1), (3, 0))
    monkeypatch.setattr(geometry, "KEEP_CENTRES", False)
    reference = [geometry.centre(slots[:k]) for k in range(1, len(slots) + 1)]
    monkeypatch.setattr(geometry, "KEEP_CENTRES", True)
    for _ in range(2):
        assert [geometry.centre(slots[:k]) for k in range(1, len(slots) + 1)] == reference
    assert geometry.centre(slots[:19]) == ((0, 0), 2)

"""A unit put, taken or moved brings its owner's entry of the units memo up to date instead of
dropping the memo (units.KEEP_MOVED) → every kept entry what a scan of the table finds, and
the same games as with the memo dropped, in every shipped row with units."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import units
from tests.engine.rules.side_by_side import ROWS, games_on_and_off, play_side_by_side, row_id

UNIT_ROWS = [r for r in ROWS if "traders_barbarians" in r[0].stem
             or "barbarian_attack" in r[0].stem]


def _kept_entries_match_a_scan(states: list) -> None:
    rs = states[0].rules_state
    if rs.unit_memo is None:
        return
    places = states[0].game.rules.unit_places
    for (i, p), got in rs.unit_memo.items():
        assert got == places[i].places_of(rs.units[i], p)


@pytest.mark.parametrize("path,with_", UNIT_ROWS, ids=row_id)
def test_a_units_memo_kept_over_moves_lists_what_a_scan_lists(path, with_, monkeypatch):
    monkeypatch.setattr(units, "DIRECT_MOVE", False)     # the moves through units_moved
    kept, dropped = games_on_and_off(path, with_, monkeypatch, units, "KEEP_MOVED")
    carried = []
    real = type(kept.new_initial_state(seed=0).rules_state).units_moved

    def counting(self, keep=False):
        got = real(self, keep)
        carried.append(got is not None)
        return got
    monkeypatch.setattr(type(kept.new_initial_state(seed=0).rules_state), "units_moved", counting)
    play_side_by_side((kept, dropped), seed=5, steps=1500, also=_kept_entries_match_a_scan)
    assert any(carried), "no move carried the memo over: the test saw nothing kept"


@pytest.mark.parametrize("path,with_", UNIT_ROWS, ids=row_id)
def test_a_unit_moved_directly_plays_as_through_the_helpers(path, with_, monkeypatch):
    """units.DIRECT_MOVE: the move written in the effect → the same games as through owner_at,
    add and _moved, every kept entry what a scan finds, the memo carried over some moves."""
    direct, helped = games_on_and_off(path, with_, monkeypatch, units, "DIRECT_MOVE")
    carried = []

    def kept_and_carried(states: list) -> None:
        _kept_entries_match_a_scan(states)
        rs = states[0].rules_state
        if rs.unit_memo is not None and carried and carried[-1][0] is rs.unit_memo \
                and carried[-1][1] < rs.unit_moves:
            carried.append(None)                   # the dict kept over a unit's move
        carried.append((rs.unit_memo, rs.unit_moves))
    play_side_by_side((direct, helped), seed=5, steps=1500, also=kept_and_carried)
    assert None in carried, "no move carried the memo over: the test saw nothing kept"


def test_a_moved_vertex_unit_leaves_a_place_only_when_its_last_unit_there_goes():
    """On intersections a player may have several units on one place: one of two leaving
    keeps the place; the last leaving drops it; a unit put where one stands adds nothing."""
    class Rules:
        unit_on, n_total = ["vertex"], 2
    k = units.UnitPlaces(Rules, 0)
    table = [0] * 10                      # 5 intersections, 2 seats: p's count at v * 2 + p
    table[3 * 2 + 1] = 1                  # player 1 had 2 on 3 and 1 on 4; one went 3 → 4
    table[4 * 2 + 1] = 2
    assert k.moved((3, 4), table, 1, 3, 4) == (3, 4)
    table[3 * 2 + 1] = 0                  # the last one on 3 went to 0
    table[0 * 2 + 1] = 1
    assert k.moved((3, 4), table, 1, 3, 0) == (0, 4)
    table[4 * 2 + 1] = 3                  # one more put on 4
    assert k.moved((0, 4), table, 1, -1, 4) == (0, 4)


@pytest.mark.parametrize("path,with_", UNIT_ROWS[:2], ids=row_id)
def test_a_kept_units_answer_read_without_a_call_plays_the_same(path, with_, monkeypatch):
    """units(player, U) reading the kept answer in place (units.READ_KEPT) → the same games as
    through RulesState.units_memo."""
    read, called = games_on_and_off(path, with_, monkeypatch, units, "READ_KEPT")
    play_side_by_side((read, called), seed=7, steps=1500)

"""A main listing in a turn phase after trading (engine/rules/turns.py) → the closed built-in
actions left out from the start (``turns.SKIP_CLOSED``) or listed and dropped
(``close_trading``, the reference): every shipped row with turn phases played both ways, the
same legal actions and events at every step."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import turns
from tests.engine.rules.side_by_side import ROWS, games_on_and_off, play_side_by_side, row_id

PHASED = [r for r in ROWS if "traders_barbarians" in r[0].stem]


@pytest.mark.parametrize("path,with_", PHASED, ids=row_id)
def test_a_later_turn_phase_lists_what_dropping_the_closed_actions_leaves(path, with_,
                                                                          monkeypatch):
    skipping, dropping = games_on_and_off(path, with_, monkeypatch, turns, "SKIP_CLOSED")
    assert skipping.rules.phases and skipping.rules.skips_closed
    assert not dropping.rules.skips_closed
    phased = []
    play_side_by_side((skipping, dropping), 5, 900,
                      also=lambda states: phased.append(states[0].rules_state.turn_phase))
    assert any(phased)          # the games reached a later turn phase

"""Least token payments worked out per hand cut to what pays alone (player_actions.CLAMP_HELD) are those of the hand as held."""

from __future__ import annotations

import itertools

import pytest

from catan_dsl.engine.rules import player_actions
from catan_dsl.engine.rules.player_actions import minimal_payments


def _all_answers(values: tuple[int, ...]) -> dict:
    player_actions._minimal_payments.cache_clear()
    return {(held, cost): minimal_payments(list(held), values, cost)
            for held in itertools.product(range(4), repeat=len(values)) for cost in range(8)}


@pytest.mark.parametrize("values", [(1, 2, 3, 0), (2, 2, 5), (1, 1, 1, 4)])
def test_cut_hands_pay_as_the_hands_held(monkeypatch, values) -> None:
    monkeypatch.setattr(player_actions, "CLAMP_HELD", False)
    reference = _all_answers(values)
    monkeypatch.setattr(player_actions, "CLAMP_HELD", True)
    assert _all_answers(values) == reference
    # (A hand of 3 items worth 1 each pays a cost of 2 with any two of them, not all three.)
    assert minimal_payments([3, 0, 0, 0], (1, 2, 3, 0), 2) == ((2, 0, 0, 0),)
    player_actions._minimal_payments.cache_clear()

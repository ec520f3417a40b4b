"""``route_end`` answers kept per path (RulesState.route_ends) and dropped where a piece comes,
goes or changes → along random games every kept answer is what the pieces say now."""

from __future__ import annotations

import pytest

from catan_dsl.engine.base import networks
from tests.engine.rules.random_walks import random_steps, seafarers_game


@pytest.mark.parametrize("name", ["new_shores", "fog_islands"])
def test_every_kept_open_route_answer_is_the_one_worked_out_afresh(name: str) -> None:
    """SF-20, SF-21 (a ship at an open end of a route may move): along random games with ships
    built, moved and settlements built at their ends, every kept route_end answer equals the
    answer worked out from the pieces after every action, and the cache was used."""
    game = seafarers_game(name)
    kept_seen = moves = 0
    for seed, s, a, _ in random_steps(game, (1, 2), 2500):
        moves += "move_ship" in repr(a)
        kept = s.rules_state.route_ends or {}
        for e, answer in kept.items():
            assert answer == networks.route_end(s, e), (seed, e)
        kept_seen += len(kept)
    assert kept_seen > 1000 and moves > 5

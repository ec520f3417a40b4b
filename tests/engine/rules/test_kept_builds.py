"""A main listing's builds kept while no piece moves (building.KEEP_BUILDS) → along random
games every listing's builds are those listed afresh, pieces built, moved and hexes revealed."""

from __future__ import annotations

import pytest

from catan_dsl.engine.base import building
from catan_dsl.engine.state import SETUP
from tests.engine.rules.random_walks import random_steps, seafarers_game


@pytest.mark.parametrize("name", ["fog_islands", "new_shores"])
def test_kept_builds_are_the_builds_listed_afresh(name: str, monkeypatch) -> None:
    """SF-01, SF-02 (roads on land paths, ships on sea paths, each joined to its own network):
    after every action of random games, each seat's builds with a hand that pays for anything
    are the same listed through the kept lists (twice: the second from the memo) as afresh,
    and the kept lists answered many of them."""
    game = seafarers_game(name)
    rich = [19] * len(game.resources)
    hits = 0
    for _, s, _, _ in random_steps(game, (3, 4), 1500):
        if s.phase == SETUP:
            continue                    # (its own listing)
        for p in range(game.num_players):
            hand, s.hand[p] = s.hand[p], rich
            try:
                kept, again, fresh = [], [], []
                memo = s.rules_state.piece_memo(s.piece_moves)
                hits += ("builds", p, game.piece_names.index("ship")) in memo
                building.legal_builds(s, p, kept)
                building.legal_builds(s, p, again)
                with monkeypatch.context() as m:
                    m.setattr(building, "KEEP_BUILDS", False)
                    building.legal_builds(s, p, fresh)
            finally:
                s.hand[p] = hand
            assert kept == again == fresh
    assert hits > 100

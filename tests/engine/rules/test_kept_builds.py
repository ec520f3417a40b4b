"""A main listing's builds kept while no piece moves (building.KEEP_BUILDS) → along random
games every listing's builds are those listed afresh, pieces built, moved and hexes revealed;
on a board of one surface and one network (no sea paths) they are always listed afresh."""

from __future__ import annotations

import pytest

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.engine.base import building
from catan_dsl.engine.state import SETUP
from tests.engine.rules.random_walks import random_steps, seafarers_game
from tests.engine.rules.side_by_side import SCENARIOS


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


def test_builds_of_one_surface_and_network_are_listed_afresh() -> None:
    """A rules game on the base board (Rivers): a kind's builds are one sorted set of spots, so
    keeping them would cost more than listing them (issue 42): along random games with hands
    that pay for everything, the listings leave no builds in the piece memo."""
    ir, report = api.compile_file(str(SCENARIOS / "rivers.catan"))
    assert ir is not None, report.render_text()
    game = Game(ir, num_players=4)
    rich = [19] * len(game.resources)
    listed = 0
    for _, s, _, _ in random_steps(game, (3,), 400):
        if s.phase == SETUP:
            continue
        p = s.cur
        hand, s.hand[p] = s.hand[p], rich
        try:
            out = []
            building.legal_builds(s, p, out)
        finally:
            s.hand[p] = hand
        listed += bool(out)
        assert not any(isinstance(key, tuple) and key[0] == "builds"
                       for key in s.rules_state.piece_memo(s.piece_moves))
    assert listed > 100

"""A path piece's destinations listed as one set (networks.path_destinations) and the spot
caches brought up to date around a moved piece (networks.recheck) → along random games with
ships moved, the set is exactly the paths the per-path check allows, and the caches are what a
computation afresh finds."""

from __future__ import annotations

import pytest

from catan_dsl.engine.base import networks
from catan_dsl.engine.rules import piece_moves
from tests.engine.rules.random_walks import random_steps, seafarers_game


@pytest.mark.parametrize("name", ["new_shores", "fog_islands"])
def test_destinations_as_a_set_are_the_paths_asked_one_by_one(name: str, monkeypatch) -> None:
    """SF-30, SF-31 (a ship moves from an open end to a path where its owner could build one
    once it has left, never beside the pirate): every set of destinations a choice listed is
    the paths the per-path check (``_can_move``, the piece lifted) allows, and after every move
    every player's path spots are those computed afresh."""
    game = seafarers_game(name)
    plain = networks.path_destinations
    sets = []

    def compared(s, x):
        got = plain(s, x)
        want = {y for y in range(s.board.n_edges)
                if y != x and piece_moves._can_move(s, True, x, y) is not None}
        assert got == want, (x, sorted(got ^ want))
        sets.append(len(got))
        return got
    monkeypatch.setattr(networks, "path_destinations", compared)
    moves = 0
    for seed, s, _, moved in random_steps(game, (1, 2), 1500):
        if moved:
            moves += 1
            for q in range(4):
                assert s.edge_spots[q] == networks.all_codes(s, q), (seed, q)
    assert moves > 20 and len(sets) > 20 and max(sets) > 1

"""A path piece's destinations listed as one set (networks.path_destinations) and the spot
caches brought up to date around a moved piece (networks.piece_moved) → along random games with
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
        s.game.rules.kept_destinations = None    # the paths asked one by one, not from a set
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
                assert s.vertex_spots[q] == {v for v in range(s.board.n_vertices)
                                             if networks.settles(s, q, v)}, (seed, q)
    assert moves > 20 and len(sets) > 20 and max(sets) > 1


def test_a_move_to_a_listed_destination_is_not_asked_again(monkeypatch) -> None:
    """SF-30, SF-31: a ship moved to one of the destinations its choice just listed (nothing
    moved since) is let go there from that set (`networks.kept_destinations`): along random
    Fog Islands games every such answer is the per-path check's, and the games are the same
    step for step with the set kept and without it (`networks.KEEP_DESTINATIONS`)."""
    game = seafarers_game("fog_islands")
    plain = piece_moves._can_move
    used = []

    def compared(s, edge, x, y):
        got = plain(s, edge, x, y)
        if edge and networks.kept_destinations(s, x) is not None:
            used.append(x)
            s.game.rules.kept_destinations, kept = None, s.game.rules.kept_destinations
            assert got == plain(s, edge, x, y), (x, y)
            s.game.rules.kept_destinations = kept
        return got

    def played(keep: bool) -> list:
        monkeypatch.setattr(networks, "KEEP_DESTINATIONS", keep)
        return [(seed, str(a), s.piece_moves) for seed, s, a, _ in random_steps(game, (3, 4), 1500)]
    monkeypatch.setattr(piece_moves, "_can_move", compared)
    on = played(True)
    assert len(used) > 20
    used.clear()
    assert played(False) == on and not used


def test_a_move_rechecks_only_what_it_can_change(monkeypatch) -> None:
    """SF-20..SF-27 (a ship at an open end moves; his network and everyone's spots follow):
    along random New Shores and Fog Islands games with ships moved, the spot caches brought up
    to date only where a move can change them (`networks.piece_moved`) and by rechecking every
    path round the two paths for every player (`networks.MOVED_ONLY` off, read on every move)
    give the same actions and the same caches after every step."""
    plain, moves = piece_moves.move, []

    def counted(s, *args):
        moves.append(args)
        return plain(s, *args)

    def played(name: str, only: bool) -> list:
        monkeypatch.setattr(networks, "MOVED_ONLY", only)
        return [(str(a), [set(x) for x in s.edge_spots], [set(x) for x in s.vertex_spots])
                for _, s, a, _ in random_steps(seafarers_game(name), (5,), 800)]
    monkeypatch.setattr(piece_moves, "move", counted)
    for name in ("new_shores", "fog_islands"):
        moves.clear()
        on = played(name, True)
        assert len(moves) > 20
        assert played(name, False) == on


def test_spots_from_the_kept_surface_codes_are_those_tested_one_by_one(monkeypatch) -> None:
    """SF-12, SF-13 (a ship only on a path beside the sea, a road beside land), SF-15 (each
    joined to its own network): along random Four Islands and Fog Islands games, every
    player's build spots and every piece's destinations found by one intersection with the
    kept codes of a surface (`networks._surface_codes`) are those found by testing each spot
    (`networks.KEEP_SURFACE_CODES` off)."""
    asked = 0
    for name in ("four_islands", "fog_islands"):
        game = seafarers_game(name)
        kinds = [k for k, edge in enumerate(game.piece_on_edge) if edge]
        for _, s, _, moved in random_steps(game, (6,), 600):
            if not moved:
                continue
            pieces = [x for x in range(s.board.n_edges) if s.e_owner[x] >= 0]
            got = [[networks.path_spots(s, p, k) for p in range(4) for k in kinds],
                   [networks.path_destinations(s, x) for x in pieces]]
            monkeypatch.setattr(networks, "KEEP_SURFACE_CODES", False)
            assert [[networks.path_spots(s, p, k) for p in range(4) for k in kinds],
                    [networks.path_destinations(s, x) for x in pieces]] == got
            monkeypatch.setattr(networks, "KEEP_SURFACE_CODES", True)
            asked += sum(map(len, got[0]))
    assert asked > 100

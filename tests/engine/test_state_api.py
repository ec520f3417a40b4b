"""Seeded random and greedy games on both fixture boards → invariants, clone, replay, legality."""

from __future__ import annotations

import random

import pytest

from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, TERMINAL, Game, IllegalActionError, parse_action

from .helpers import load_ir, play_game

BOARDS = ["base_beginner", "base_tournament"]


@pytest.fixture(scope="module", params=[(b, n) for b in BOARDS for n in (4, 2)],
                ids=lambda x: f"{x[0]}-{x[1]}p")
def game(request) -> Game:
    board, n = request.param
    return Game(load_ir(board), n)


@pytest.mark.parametrize("seed", range(8))
def test_random_games_keep_invariants(game: Game, seed: int) -> None:
    """Card conservation, piece limits, distance rule, connectivity, VP and cache consistency hold
    throughout random games (checked every 25 actions and at the end)."""
    s = play_game(game, seed, [make_bot("random")] * game.num_players, check_every=25)
    assert s.is_terminal(), "a random game should finish within 1000 turns"


@pytest.mark.parametrize("seed", range(3))
def test_greedy_games_keep_invariants(game: Game, seed: int) -> None:
    s = play_game(game, seed, [make_bot("greedy")] * game.num_players, check_every=10)
    assert s.is_terminal() and s.turn < 300


def test_replay_reproduces_final_state(game: Game) -> None:
    """Determinism: a game is a pure function of IR + seed + actions: replaying the history on a
    fresh state (no RNG) gives the identical state and events."""
    s = play_game(game, 11, [make_bot("random")] * game.num_players)
    events = s.drain_events()
    r = game.new_initial_state(11)
    for a in s.history():
        r.apply_action(parse_action(str(a), game))
    assert r.to_dict() == s.to_dict()
    assert r.drain_events() == events


def test_same_seed_same_game(game: Game) -> None:
    a = play_game(game, 5, [make_bot("random")] * game.num_players)
    b = play_game(game, 5, [make_bot("random")] * game.num_players)
    assert [str(x) for x in a.history()] == [str(x) for x in b.history()]


def test_clone_is_equal_and_independent(game: Game) -> None:
    s = game.new_initial_state(3)
    rng = random.Random(3)
    for i in range(400):
        p = s.current_player()
        s.apply_action(s.sample_chance(rng) if p == CHANCE else rng.choice(s.legal_actions()))
        if i % 50 == 0:
            c = s.clone()
            assert c.to_dict() == s.to_dict()
            before = s.to_dict()
            for _ in range(30):
                if c.is_terminal():
                    break
                q = c.current_player()
                c.apply_action(c.sample_chance(rng) if q == CHANCE else rng.choice(c.legal_actions()))
            assert s.to_dict() == before


def test_clone_copies_every_slot_and_shares_no_mutable_container(game: Game) -> None:
    """State.clone copies its fields one by one (for speed): a slot added to State and forgotten
    there, or a list shared between the copies, fails here."""
    from catan_dsl.engine import State

    s = game.new_initial_state(4)
    rng = random.Random(4)
    for _ in range(120):
        p = s.current_player()
        s.apply_action(s.sample_chance(rng) if p == CHANCE else rng.choice(s.legal_actions()))
    c = s.clone()
    for slot in State.__slots__:
        assert hasattr(c, slot), f"clone leaves {slot} unset"
        mine, theirs = getattr(s, slot), getattr(c, slot)
        # The legal list is shared on purpose: it is replaced, never changed in place; the spot
        # sets are shared until either side places a piece (copy on write, checked below).
        if isinstance(mine, (list, set, dict)) and slot not in ("_legal", "edge_spots",
                                                                "vertex_spots"):
            assert mine is not theirs, f"clone shares {slot}"
            if isinstance(mine, list) and mine and isinstance(mine[0], (list, set)):
                assert all(a is not b for a, b in zip(mine, theirs)), f"clone shares rows of {slot}"
        else:
            assert mine == theirs, slot
    assert c.history() == s.history() and len(s.history()) == 120
    # Copy on write: a piece placed on the clone changes no spot of the original, and back.
    before = (s.to_dict()["edge_spots"], s.to_dict()["vertex_spots"])
    from catan_dsl.engine.base import building
    p = c.cur
    road = next(k for k in range(len(game.piece_names)) if game.piece_on_edge[k])
    spot = min(c.edge_spots[p])
    building.place(c, p, road, spot, free=True)
    assert spot not in c.edge_spots[p] and spot in s.edge_spots[p]
    assert (s.to_dict()["edge_spots"], s.to_dict()["vertex_spots"]) == before
    c2 = s.clone()
    building.place(s, p, road, spot, free=True)
    assert spot in c2.edge_spots[p] and spot not in s.edge_spots[p]


def test_illegal_actions_raise_and_leave_state_unchanged(game: Game) -> None:
    s = game.new_initial_state(7)
    rng = random.Random(7)
    every = [parse_action(t, game) for t in
             ("end turn", "roll 7", "buy card", "build road 0", "build city 3", "discard ore",
              "move robber 0", "rob 1", "pick ore", "accept", "play knight", "roll")]
    for _ in range(600):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        for a in every:
            if a not in legal and s.current_player() != CHANCE:
                before = s.to_dict()
                with pytest.raises(IllegalActionError):
                    s.apply_action(a)
                assert s.to_dict() == before
        p = s.current_player()
        s.apply_action(s.sample_chance(rng) if p == CHANCE else rng.choice(legal))


def test_action_text_round_trips(game: Game) -> None:
    s = play_game(game, 2, [make_bot("random")] * game.num_players)
    for a in s.history():
        assert parse_action(str(a), game) == a


def test_terminal_state_api(game: Game) -> None:
    s = play_game(game, 4, [make_bot("random")] * game.num_players)
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    ret = s.returns()
    assert ret[s.winner()] == 1.0 and abs(sum(ret)) < 1e-9


def test_chance_outcomes_sum_to_one(game: Game) -> None:
    s = game.new_initial_state(0)
    rng = random.Random(0)
    seen = 0
    while not s.is_terminal() and seen < 200:
        if s.current_player() == CHANCE:
            outs = s.chance_outcomes()
            assert abs(sum(p for _, p in outs) - 1) < 1e-9
            assert [a for a, _ in outs] == s.legal_actions()
            seen += 1
            s.apply_action(s.sample_chance(rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))

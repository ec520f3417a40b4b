"""Hypothesis-drawn seeds, player counts and bot mixes → random legal play never breaks an invariant."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.events import Event, PieceBuilt

from .helpers import check_invariants, load_ir, play_game
from .rules_kit import ir_with, on

GAMES = {(b, n): Game(load_ir(b), n) for b in ("base_beginner", "base_tournament") for n in (2, 3, 4)}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), board=st.sampled_from(["base_beginner", "base_tournament"]),
       players=st.sampled_from([2, 3, 4]), steps=st.integers(50, 1500))
def test_random_play_keeps_invariants(seed: int, board: str, players: int, steps: int) -> None:
    s = GAMES[(board, players)].new_initial_state(seed)
    rng = random.Random(seed)
    for i in range(steps):
        if s.is_terminal():
            break
        p = s.current_player()
        s.apply_action(s.sample_chance(rng) if p == CHANCE else rng.choice(s.legal_actions()))
        if i % 97 == 0:
            check_invariants(s)
    check_invariants(s)


def test_greedy_beats_random() -> None:
    """The greedy bot (one ply, generic evaluation) wins most games against three random bots."""
    g = GAMES[("base_tournament", 4)]
    wins = 0
    for seed in range(4):
        bots = [make_bot("greedy")] + [make_bot("random")] * 3
        s = play_game(g, seed, bots)
        wins += s.winner() == 0
    assert wins >= 3


def test_make_bot_rejects_unknown_name() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clever")


def test_player_count_checked_against_ir() -> None:
    ir = load_ir("base_beginner")
    with pytest.raises(ValueError):
        Game(ir, ir["players"]["max"] + 1)


def test_rules_see_every_event_in_order() -> None:
    """Compiled rules hook typed events: the rules runtime is handed, as it is emitted, each
    event of a type some trigger listens to (the others are skipped before any work)."""
    ir = ir_with(rules=[on("t.1", "built", [])])
    g = Game(ir, 2)
    seen: list[Event] = []
    dispatch = g.rules.dispatch
    g.rules.dispatch = lambda state, ev: (seen.append(ev), dispatch(state, ev))
    s = play_game(g, 0, [make_bot("random")] * 2, cap=5)
    emitted = s.drain_events()
    heard = [e for e in emitted if g.rules.listened.get(type(e))]
    assert any(isinstance(e, PieceBuilt) for e in heard) and seen == heard
    assert len(heard) < len(emitted)     # e.g. the dice and production are not listened to
    assert Game(load_ir("base_beginner"), 2).rules is None     # the base game runs no rules

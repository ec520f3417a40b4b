"""A seeded all-greedy game → its first decision where a test's condition holds (the bots'
tests start their searches there)."""

from __future__ import annotations

import random

from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game


def greedy_position(game: Game, seed: int, wanted):
    """The first decision of a seeded all-greedy game where ``wanted(state)`` holds."""
    rng = random.Random(seed)
    s = game.new_initial_state(seed=seed)
    bot = make_bot("greedy")
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        if len(legal) > 1 and wanted(s):
            return s
        s.apply_action(legal[0] if len(legal) == 1 else bot.choose(s, legal, rng))
    raise AssertionError("no such position in this game")

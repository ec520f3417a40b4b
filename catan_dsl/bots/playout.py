"""A sampled world + the searching seat → moves by a quick policy up to a horizon, and the value reached there."""

from __future__ import annotations

import math
import random

from catan_dsl.bots.greedy import board_terms, evaluate
from catan_dsl.engine import CHANCE, Action, State

SETUP, MAIN = 0, 2        # State.phase: pieces placed before the first roll; a turn after its roll
VALUE_SCALE = 150.0       # evaluation points (100 a VP) that make a value of tanh(1) ≈ 0.76
SHORT = 3                 # others' prompts with this many options or fewer get the quick policy
STEP_LIMIT = 600          # moves a playout makes at most (a scenario's long chains of prompts)


class Horizon:
    """Where a look-ahead from ``root`` for seat ``p`` stops: at ``p``'s next turn, once its
    dice are rolled and what they set off is settled (its first free decision there), so every
    line of play is scored at the same point, with the production, robber and discards of a
    round in it; from a set-up position, after ``setup_steps`` more placements or when set-up
    is over. Always at the end of the game."""

    __slots__ = ("p", "in_setup", "turn", "last_setup_step")

    def __init__(self, root: State, p: int, setup_steps: int) -> None:
        self.p = p
        self.in_setup = root.phase == SETUP
        self.turn = root.turn
        self.last_setup_step = root.setup_i + setup_steps

    def reached(self, s: State) -> bool:
        if s.is_terminal():
            return True
        if self.in_setup:
            return s.phase != SETUP or s.setup_i >= self.last_setup_step
        return s.turn > self.turn and s.cur == self.p and s.phase == MAIN and not s.prompts


def leaf_value(s: State, p: int, base: float) -> float:
    """``p``'s value of ``s`` in [-1, 1]: a win 1, a loss -1, else the evaluation's gain over
    ``base`` (the root's evaluation), squashed."""
    if s.is_terminal():
        w = s.winner()
        return 0.0 if w is None else (1.0 if w == p else -1.0)
    return math.tanh((evaluate(s, p) - base) / VALUE_SCALE)


def quick_choice(s: State, legal: list[Action], who: int, rng: random.Random,
                 width: int) -> Action:
    """The move a quick policy makes for ``who``: of ``width`` options drawn from ``legal``
    (and ending the turn, which scores the position as it stands and wins ties, as the greedy
    bot does), the one whose position evaluates best for ``who`` one move ahead. A chance node
    the move opens is drawn once, not averaged: the search repeats the playout many times."""
    if len(legal) == 1:
        return legal[0]
    end = s.game.actions.end_turn
    board_terms(s)                 # shared by the clones below while no piece moves
    best = None
    best_value = -math.inf
    if legal[0] is end:            # the main phase lists ending the turn first
        best, best_value = end, evaluate(s, who) + 0.5
        options = legal[1:]
    else:
        options = legal
    if len(options) > width:
        options = rng.sample(options, width)
    for a in options:
        c = s.clone()
        c.apply_action(a)
        if c.is_chance_node():
            c.apply_action(c.sample_chance(rng))
        v = evaluate(c, who)
        if v > best_value:
            best, best_value = a, v
    return best


def lazy_choice(s: State, legal: list[Action], who: int, p: int, rng: random.Random,
                width: int) -> Action:
    """The move below the search tree, for any seat, with ``p`` the searching seat: a turn free
    to end ends (nobody builds in the rounds a playout looks through, so every line is
    compared with the same others' play). A prompt of ``p``'s (a discard, the robber) and a
    short one of the others' (an answer to an offer, a victim) get the quick policy; a long one
    of the others' (their discards, where their robber goes) a random option: what it changes
    for ``p`` is drawn anyway, and weighing it was two thirds of a playout's time."""
    if legal[0] is s.game.actions.end_turn:
        return legal[0]
    if who != p and len(legal) > SHORT:
        return legal[int(rng.random() * len(legal))]
    return quick_choice(s, legal, who, rng, width)

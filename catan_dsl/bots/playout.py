"""A sampled world + the searching seat → moves by a quick policy up to a horizon, and the value reached there."""

from __future__ import annotations

import math
import random

from catan_dsl.bots.greedy import board_terms, evaluate
from catan_dsl.engine import CHANCE, Action, State
from catan_dsl.engine.prompts import ROLL

SETUP = 0                 # State.phase while pieces are placed before the first roll
VALUE_SCALE = 150.0       # evaluation points (100 a VP) that make a value of tanh(1) ≈ 0.76
STEP_LIMIT = 600          # moves a playout makes at most (a scenario's long chains of prompts)


class Horizon:
    """Where a look-ahead from ``root`` stops: when the turn under way ends (the turn's own
    moves are all played, by the tree or the quick policy, so every line is scored at the same
    point), or, from a set-up position, after ``setup_steps`` more placements or when set-up is
    over; always at the end of the game. With ``more_turns``, that many turns later (the
    others' turns up to the seat's next: a full round). With ``settle``, a turn ends once the
    rules its end fires are played out too (no prompt or draw left pending): the engine counts
    the next turn before those rules run, so without it their prompts (a unit's march) and
    draws (a battle's die) fall past the horizon and what they yield is never scored."""

    __slots__ = ("in_setup", "now", "turn", "last_setup_step", "settle")

    def __init__(self, root: State, setup_steps: int, more_turns: int = 0,
                 settle: bool = False) -> None:
        self.in_setup = root.phase == SETUP
        self.now = root.turn                  # the turn under way at the root
        self.turn = root.turn + more_turns
        self.last_setup_step = root.setup_i + setup_steps
        self.settle = settle

    def reached(self, s: State) -> bool:
        if s.is_terminal():
            return True
        if self.in_setup:
            return s.phase != SETUP or s.setup_i >= self.last_setup_step
        return s.turn > self.turn and not (self.settle and ending(s))


def ending(s: State) -> bool:
    """Are rules the last turn's end fired still to play out? Once they are, the next turn
    waits at most for its dice (one ``roll`` prompt); a prompt beyond that is theirs."""
    prompts = s.prompts
    return bool(prompts) and (len(prompts) > 1 or prompts[0].kind != ROLL)


def leaf_value(s: State, p: int, base: float, value=evaluate) -> float:
    """``p``'s value of ``s`` in [-1, 1]: a win 1, a loss -1, else ``value``'s gain over
    ``base`` (the root's value), squashed."""
    if s.is_terminal():
        w = s.winner()
        return 0.0 if w is None else (1.0 if w == p else -1.0)
    return math.tanh((value(s, p) - base) / VALUE_SCALE)


def passive_choice(s: State, legal: list[Action], who: int, rng: random.Random,
                   width: int) -> Action:
    """The move of a seat that only waits: roll when asked, else end the turn; a prompt it
    cannot end that way (a discard, the robber, an answer) by ``quick_choice``. The cheap
    policy of the other seats in the turns a longer horizon adds: their dice and robbers come,
    their builds do not, and it draws nothing from ``rng`` while it rolls and ends (the scenes'
    dice stay shared between options)."""
    acts = s.game.actions
    for a in legal:
        if a is acts.roll_dice or a is acts.end_turn:
            return a
    return quick_choice(s, legal, who, rng, width)


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

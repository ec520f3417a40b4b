"""A game's states, action by action → the number of the turn being played: the one numbering
the game log, transcripts, playtest statistics and ``render --turn`` share."""

from __future__ import annotations

from typing import Any

from catan_dsl.engine.prompts import ROLL, START
from catan_dsl.engine.state import PRE_ROLL

# Prompts a new turn opens by itself (the roll, or the starting player's draw): waiting on them
# still counts as "between turns".
TURN_OPENERS = frozenset({ROLL, START})


def turn_over(state: Any, turn: int) -> bool:
    """True when turn ``turn`` is over and the next has not begun: the engine has counted it
    (``state.turn``), the next player is back before his roll and nothing a rule opened at the
    turn's end (a vote, a march, a draw) is still waiting. Turn 0 is the setup."""
    if state.turn < turn or state.phase != PRE_ROLL or state.is_terminal():
        return False
    for p in state.prompts:        # (a loop: the playtest driver asks this once a turn or more)
        if p.kind not in TURN_OPENERS:
            return False
    return True


class TurnCounter:
    """Numbers turns as a game is played: call ``after(state)`` once after every applied action;
    ``turn`` is then the number of the turn that action belonged to.

    Turn 0 is the setup; turn N is the N-th turn played and ends once turn N+1 is about to
    begin (:func:`turn_over`). So a game won during its 125th turn ends in turn 125, which the
    log prints, the transcript records and ``render --turn 125`` draws — even though the engine
    has completed only 124 turns (``state.turn``) when the game ends.
    """

    __slots__ = ("turn", "over")

    def __init__(self) -> None:
        self.turn = 0
        self.over = False        # the turn ``turn`` is over: the next action begins the next

    def begin(self) -> bool:
        """Account for an action about to be reported (before ``after``): True when it is the
        first of a new turn, whose number ``turn`` now is. Calling it twice for one action is
        harmless."""
        if self.over:
            self.over = False
            self.turn += 1
            return True
        return False

    def after(self, state: Any) -> int:
        """After each applied action: its turn's number (and whether that turn is now over)."""
        self.begin()
        self.over = turn_over(state, self.turn)
        return self.turn

"""A state at a seat's decision → the kind of decision it is (set-up, the turn's own moves, robber, discard, answer to an offer, another prompt), read from the phase and the prompt alone."""

from __future__ import annotations

from catan_dsl.bots.playout import SETUP as SETUP_PHASE
from catan_dsl.engine import State
from catan_dsl.engine.prompts import CHOOSE_VICTIM, DISCARD, MOVE_ROBBER, TRADE_RESPONSE

# The kinds, as a search bot's `only=` setting names them (docs/bots.md).
SETUP = "setup"           # any decision while set-up lasts (placements, a rule's set-up prompt)
MAIN = "main"             # the turn's free moves: roll or play a card first, build, buy, trade, end
ROBBER = "robber"         # where the robber goes and whom it robs
DISCARD_KIND = "discard"  # cards given up on a robber roll
ANSWER = "answer"         # accepting or declining another seat's trade offer
PROMPT = "prompt"         # any other prompt: free pieces, picks, monopoly, a rule's choices
KINDS = (SETUP, MAIN, ROBBER, DISCARD_KIND, ANSWER, PROMPT)

_BY_PROMPT = {MOVE_ROBBER: ROBBER, CHOOSE_VICTIM: ROBBER, DISCARD: DISCARD_KIND,
              TRADE_RESPONSE: ANSWER}


def decision_kind(s: State) -> str:
    """The kind of the decision ``s`` asks of the player to move (one of KINDS)."""
    if s.phase == SETUP_PHASE:
        return SETUP
    if not s.prompts:
        return MAIN
    return _BY_PROMPT.get(s.prompts[-1].kind, PROMPT)


NONE = "none"             # `only=none`: no kind searched (a screen's baseline: greedy moves)


def parse_kinds(text: str) -> frozenset[str]:
    """``"setup+robber"`` → those kinds (``"none"``: no kind); ValueError naming an unknown one."""
    if text.strip() == NONE:
        return frozenset()
    kinds = frozenset(k.strip() for k in text.split("+") if k.strip())
    unknown = sorted(kinds - set(KINDS))
    if unknown or not kinds:
        raise ValueError(f"unknown decision kind {unknown[0] if unknown else text!r}; "
                         f"known: {', '.join(KINDS)} (join several with +), or {NONE}")
    return kinds

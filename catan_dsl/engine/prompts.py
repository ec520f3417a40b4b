"""Pending decisions → small records on one stack; the top one decides who acts and what is legal."""

from __future__ import annotations

from typing import NamedTuple

CHANCE = -1
TERMINAL = -4

# Prompt kinds. Compiled rules add their own kinds by registering handlers under new names.
ROLL = "roll"                 # chance: dice total
DRAW = "draw"                 # chance: development card drawn; params ()
STEAL = "steal"               # chance: card taken; params (victim,)
DISCARD = "discard"           # params (cards still to discard,)
MOVE_ROBBER = "move_robber"   # params ()
CHOOSE_VICTIM = "choose_victim"   # params (hex,)
PLACE_FREE = "place_free"     # params (piece kind, pieces still to place)
TAKE = "take_resources"       # params (resources still to take,)
MONOPOLY = "monopoly"         # params ()
TRADE_RESPONSE = "trade_response"  # params (proposer, OfferTrade)
START = "rule_start"          # chance: the starting player (setup start_player roll)
RULE_CHOOSE = "rule_choose"   # a rule's prompt: params (what, options, continuation)


class Prompt(NamedTuple):
    """A pending decision: ``kind`` names its handler, ``player`` acts (or CHANCE)."""

    kind: str
    player: int
    params: tuple = ()

"""Development cards: buy (chance draw by remaining deck), play limits, and effects by IR ``effect`` kind."""

from __future__ import annotations

from catan_dsl.engine.base import awards, building
from catan_dsl.engine.events import (
    DevelopmentCardBought,
    DevelopmentCardPlayed,
    ResourcesCollected,
    ResourcesTaken,
)
from catan_dsl.engine.prompts import CHANCE, DRAW, MONOPOLY, MOVE_ROBBER, PLACE_FREE, TAKE, Prompt

PASSIVE = "vp"   # effect kinds that count while held and are never played


def legal_buy(s, p: int, out: list) -> None:
    g = s.game
    if g.cards and building.affordable(s.hand[p], g.dev_cost) and any(s.deck):
        out.append(g.actions.buy_card)


def apply_buy(s, a) -> None:
    p = s.cur
    building.pay(s, p, s.game.dev_cost)
    s.prompts.append(Prompt(DRAW, CHANCE, (p,)))


def draw_outcomes(s, prompt) -> list:
    deck = s.deck
    total = sum(deck)
    row = s.game.actions.draw
    return [(row[c], k / total) for c, k in enumerate(deck) if k]


def apply_draw(s, a, prompt) -> None:
    s.prompts.pop()
    p, c = prompt.params[0], a.card
    card = s.game.cards[c]
    s.deck[c] -= 1
    s.dev_hand[p][c] += 1
    s.dev_new[p][c] += 1
    if card.effect == PASSIVE:
        # Hidden VP cards count at once (BASE-62), so one bought this turn can win it.
        s.card_vp[p] += card.vp
    s.emit(DevelopmentCardBought(p, card.name))


def legal_play(s, p: int, out: list, before_roll: bool) -> None:
    g = s.game
    if s.played_this_turn >= g.dev_per_turn:
        return
    held, new = s.dev_hand[p], s.dev_new[p]
    if not any(held):
        return
    row = g.actions.play
    for c, card in enumerate(g.cards):
        if held[c] > new[c] and card.effect != PASSIVE and (card.any_time or not before_roll):
            out.append(row[c])


def can_play_before_roll(s, p: int) -> bool:
    g = s.game
    if s.played_this_turn >= g.dev_per_turn:
        return False
    held, new = s.dev_hand[p], s.dev_new[p]
    if not any(held):                  # asked at every turn's start; most hands hold no card
        return False
    for c, card in enumerate(g.cards):
        if card.any_time and held[c] > new[c] and card.effect != PASSIVE:
            return True
    return False


def apply_play(s, a) -> None:
    p, c = s.cur, a.card
    g = s.game
    card = g.cards[c]
    s.dev_hand[p][c] -= 1
    s.dev_played[p][c] += 1
    s.played_this_turn += 1
    if s.rules_state is not None:
        s.rules_state.resolving = card.name
    effect = card.effect
    if effect == "robber":
        s.prompts.append(Prompt(MOVE_ROBBER, p))
    elif effect == "free_pieces":
        s.prompts.append(Prompt(PLACE_FREE, p, (card.piece, card.n)))
    elif effect == "take_resources":
        s.prompts.append(Prompt(TAKE, p, (card.n,)))
    elif effect == "monopoly":
        s.prompts.append(Prompt(MONOPOLY, p))
    elif effect != "rules":        # "rules": what it does are its `on played` rules
        raise ValueError(f"unknown development card effect {effect!r}")
    # Emitted once the card's prompt is open, so rules on playing it can wait for its effect.
    s.emit(DevelopmentCardPlayed(p, card.name))
    awards.card_played(s, p, c)


def legal_place_free(s, prompt) -> list:
    """Where the free piece may go; a choice of kinds (``a|b`` in source: a tuple) lists each's."""
    k = prompt.params[0]
    kinds = k if isinstance(k, tuple) else (k,)
    table = s.game.actions.build
    return [table[kk][x] for kk in kinds for x in building.free_spots(s, prompt.player, kk)]


def apply_place_free(s, a, prompt) -> None:
    k, left = prompt.params
    s.prompts.pop()
    # Place first (rules reacting to the build may push prompts), then keep the remaining free
    # pieces on top so the player finishes his own pieces before those prompts.
    building.place(s, prompt.player, a.kind, a.at, free=True)
    if left > 1:
        s.prompts.append(Prompt(PLACE_FREE, prompt.player, (k, left - 1)))


def legal_take(s, prompt) -> list:
    row = s.game.actions.pick
    return [row[r] for r, k in enumerate(s.bank) if k]


def apply_take(s, a, prompt) -> None:
    p, r = prompt.player, a.resource
    s.bank[r] -= 1
    s.hand[p][r] += 1
    s.emit(ResourcesTaken(p, s.game.resources[r], 1))
    left = prompt.params[0] - 1
    if left:
        s.prompts[-1] = Prompt(TAKE, p, (left,))
    else:
        s.prompts.pop()


def legal_monopoly(s, prompt) -> list:
    return list(s.game.actions.pick)


def apply_monopoly(s, a, prompt) -> None:
    s.prompts.pop()
    p, r = prompt.player, a.resource
    taken = []
    for q, hand in enumerate(s.hand):
        if q != p and hand[r]:
            taken.append((q, hand[r]))
            s.hand[p][r] += hand[r]
            hand[r] = 0
    s.emit(ResourcesCollected(p, s.game.resources[r], tuple(taken)))


PROMPT_LEGAL = {PLACE_FREE: legal_place_free, TAKE: legal_take, MONOPOLY: legal_monopoly}
PROMPT_CHANCE = {DRAW: draw_outcomes}
PROMPT_APPLY = {DRAW: apply_draw, PLACE_FREE: apply_place_free, TAKE: apply_take,
                MONOPOLY: apply_monopoly}

"""State + seat + rng → a sampled world: a clone that agrees with all the seat may see, its hidden parts dealt again."""

from __future__ import annotations

import random

from catan_dsl.engine import State
from catan_dsl.engine.prompts import TRADE_RESPONSE

# The kind of development card that counts while held and is never played (engine/base/cards.py).
PASSIVE = "vp"


def sample_world(state: State, p: int, rng: random.Random) -> State:
    """A clone of ``state`` whose information hidden from seat ``p`` is dealt again at random.

    What ``p`` may not see (engine/observation.py) is the other seats' resource cards, their
    unplayed development cards and the development deck, and their items of a hidden deck with
    that deck's pile. Each of these is pooled (all the other seats' cards of a kind with the
    pile they could have come from) and dealt out again so every seat keeps the number of
    cards it is seen to hold. The pools and the counts are public (the bank, the deck size,
    the cards played and ``p``'s own hand fix them), so the world drawn depends on what ``p``
    sees and on ``rng`` alone: two states that differ only in what ``p`` cannot see give the
    same world for the same ``rng``. A search that plays in such worlds never reads a card it
    could not know.

    Args:
        state: the true position (left unchanged).
        p: the seat whose view is kept.
        rng: the search's generator; the only source of the deal.

    Returns:
        A new ``State``.
    """
    world = state.clone()
    others = [q for q in range(len(world.hand)) if q != p]
    if not others:
        return world
    shown = _offered(world, p)
    for q, row in shown.items():             # set aside: they are not dealt again
        world.hand[q] = [n - k for n, k in zip(world.hand[q], row)]
    _deal_rows(world.hand, others, None, rng)
    for q, row in shown.items():
        world.hand[q] = [n + k for n, k in zip(world.hand[q], row)]
    # The offerer's main listing, kept to be listed again if every seat declines, was worked
    # out from his true hand: in this world it is worked out afresh from the hand dealt (else
    # he could build with cards he was not dealt).
    world.forget_listings()
    if world.game.cards:
        _deal_development(world, others, rng)
    rules_state = world.rules_state
    if rules_state is not None:
        for di, deck in enumerate(world.game.rules.decks):
            if deck.hidden:
                keep = deck.revealed       # a revealed item lies open: it stays with its holder
                _deal_rows(rules_state.held[di], others, rules_state.pile[di], rng, keep)
    return world


def _offered(state: State, p: int) -> dict[int, tuple[int, ...]]:
    """The cards another seat is seen to hold because an offer of his is on the table (a trade
    prompt pending): what he gives, which he keeps in every world, so that accepting his offer
    never takes a card he was dealt away."""
    out: dict[int, tuple[int, ...]] = {}
    for prompt in state.prompts:
        if prompt.kind == TRADE_RESPONSE:
            proposer, offer = prompt.params
            if proposer != p and 0 <= proposer < len(state.hand):
                before = out.get(proposer, (0,) * len(offer.give))
                out[proposer] = tuple(map(max, before, offer.give))
    return out


def _deal_rows(rows: list[list[int]], seats: list[int], pile: list[int] | None,
               rng: random.Random, keep: tuple[bool, ...] | None = None) -> None:
    """Pool ``seats``' counts per kind (with ``pile``, the undealt rest, when given) and deal
    each seat as many as it held again; the rest goes back to ``pile``. Kinds marked in
    ``keep`` are left where they are."""
    kinds = [k for k in range(len(rows[seats[0]])) if keep is None or not keep[k]]
    sizes = [sum(rows[q][k] for k in kinds) for q in seats]
    if not any(sizes):
        return
    # By kind, never by seat: the pool is what the seat can work out from public counts.
    pool = [sum(rows[q][k] for q in seats) + (pile[k] if pile is not None else 0) for k in kinds]
    for q, size in zip(seats, sizes):
        row = rows[q]
        for k in kinds:
            row[k] = 0
        for i in _draw(pool, size, rng):
            row[kinds[i]] += 1
    if pile is not None:
        for i, k in enumerate(kinds):
            pile[k] = pool[i]


def _draw(pool: list[int], n: int, rng: random.Random) -> list[int]:
    """``n`` kinds drawn without replacement from ``pool`` (a count per kind, lowered in
    place): one random number per card drawn, not per card in the pool (a shuffle of the whole
    development deck cost more than the rest of a playout's bookkeeping)."""
    out = []
    left = sum(pool)
    uniform = rng.random
    for _ in range(n):
        x = int(uniform() * left)     # randrange is three times slower; the bias is < 1e-15
        i = 0
        while x >= pool[i]:
            x -= pool[i]
            i += 1
        pool[i] -= 1
        left -= 1
        out.append(i)
    return out


def _deal_development(world: State, others: list[int], rng: random.Random) -> None:
    """Development cards: the other seats' unplayed cards and the deck are one pool; each seat
    gets back as many cards, as many of them bought this turn (that count is public), and the
    VP its hidden VP cards are worth."""
    cards = world.game.cards
    hand, new, deck = world.dev_hand, world.dev_new, world.deck
    sizes = [sum(hand[q]) for q in others]
    if not any(sizes):
        return
    kinds = range(len(cards))
    pool = [deck[c] + sum(hand[q][c] for q in others) for c in kinds]
    for q, size in zip(others, sizes):
        row, row_new = hand[q], new[q]
        n_new = sum(row_new)
        for c in kinds:
            row[c] = row_new[c] = 0
        for i, c in enumerate(_draw(pool, size, rng)):
            row[c] += 1
            if i < n_new:
                row_new[c] += 1
        world.card_vp[q] = sum(card.vp * row[c] for c, card in enumerate(cards)
                               if card.effect == PASSIVE)
    deck[:] = pool

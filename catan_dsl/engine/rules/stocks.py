"""Resources, counters and deck items moved by rules (gain/lose/transfer/draw), with their prompts and chance nodes."""

from __future__ import annotations

from itertools import compress
from typing import Any

from catan_dsl.engine.events import (
    DeckReshuffled,
    EffectSkipped,
    ItemDrawn,
    ItemGiven,
    ItemReturned,
    StockChanged,
    StockTransferred,
)
from catan_dsl.engine.prompts import CHANCE, Prompt
from catan_dsl.engine.rules.executor import emit, push_choice

DRAW_ITEM = "rule_draw"        # chance: params (deck, player, n, rule)
RANDOM = "rule_random"         # chance: params (op, giver, receiver, n, rule)
# Off, a named counter gained or lost goes through ``move`` and its dispatch on the stock's kind
# and the operation; on, through its own closure made when the effect is compiled (counter_mover).
COUNTER_MOVERS = True


def stock_form(rules, stock: Any) -> tuple:
    """IR STOCK → ("resource"|"counter", index, name) | ("choice"|"random", what) | ("var", name)
    | ("expr", an expression giving a resource, as a resource variable holds it)."""
    if isinstance(stock, dict):
        (key, val), = stock.items()
        if key in ("choice", "random", "var", "expr"):
            return (key, val)
        stock = val
    if stock in rules.resource_index:
        return ("resource", rules.resource_index[stock], stock)
    if stock in rules.counter_index:
        return ("counter", rules.counter_index[stock], stock)
    raise ValueError(f"unknown stock {stock!r}")


def move(s, op: str, p: int, q: int | None, k: int, form: tuple, ri: int) -> None:
    """``op`` (gain | lose | transfer) ``k`` of ``form`` for ``p`` (giver) and ``q`` (receiver)."""
    kind = form[0]
    if kind in ("choice", "random"):
        hand = s.hand[p]
        if kind == "random":
            if sum(hand):
                s.prompts.append(Prompt(RANDOM, CHANCE, (op, p, q, k, ri)))
            return
        if op == "gain":
            options = [r for r, n in enumerate(s.bank) if n]
        else:
            options = [r for r, n in enumerate(hand) if n]
        if options:
            push_choice(s, p, "resource", options, ("call", "pick", (op, p, q, k, ri)))
        return
    _, i, name = form
    if kind == "resource":
        src_bank = s.bank
        have = src_bank[i] if op == "gain" else s.hand[p][i]
        amt = min(k, have)
        if amt < k and op == "gain":
            emit(s, ri, EffectSkipped(op, f"the bank holds {max(have, 0)} {name}, not {k}"))
        if amt <= 0:
            return
        if op == "gain":
            src_bank[i] -= amt
            s.hand[p][i] += amt
        elif op == "lose":
            s.hand[p][i] -= amt
            src_bank[i] += amt
        else:
            s.hand[p][i] -= amt
            s.hand[q][i] += amt
    else:
        rules_state = s.rules_state
        supply = rules_state.supply[i]
        have = (k if supply is None else supply) if op == "gain" else rules_state.counters[p][i]
        amt = min(k, have)
        if amt <= 0:
            return
        if op == "gain":
            rules_state.counters[p][i] += amt
            if supply is not None:
                rules_state.supply[i] -= amt
        elif op == "lose":
            rules_state.counters[p][i] -= amt
            if supply is not None:
                rules_state.supply[i] += amt
        else:
            rules_state.counters[p][i] -= amt
            rules_state.counters[q][i] += amt
    if op == "transfer":
        emit(s, ri, StockTransferred(p, q, name, amt))
    else:
        emit(s, ri, StockChanged(p, name, amt if op == "gain" else -amt))


def counter_mover(op: str, form: tuple):
    """``move(s, op, p, None, k, form, ri)`` as ``mover(s, p, k, ri)`` when ``form`` is a named
    counter and ``op`` gain or lose (most stock moves of a scenario's rules: movement points,
    tolls, deliveries), without the dispatch on kind and op; None otherwise."""
    if not COUNTER_MOVERS or form[0] != "counter" or op not in ("gain", "lose"):
        return None
    _, i, name = form
    if op == "gain":
        def gain(s, p: int, k: int, ri: int) -> None:
            rules_state = s.rules_state
            supply = rules_state.supply[i]
            amt = k if supply is None else min(k, supply)
            if amt <= 0:
                return
            rules_state.counters[p][i] += amt
            if supply is not None:
                rules_state.supply[i] -= amt
            emit(s, ri, StockChanged(p, name, amt))
        return gain

    def lose(s, p: int, k: int, ri: int) -> None:
        rules_state = s.rules_state
        row = rules_state.counters[p]
        amt = min(k, row[i])
        if amt <= 0:
            return
        row[i] -= amt
        if rules_state.supply[i] is not None:
            rules_state.supply[i] += amt
        emit(s, ri, StockChanged(p, name, -amt))
    return lose


def _pick(s, r: int, op: str, p: int, q: int | None, k: int, ri: int) -> None:
    name = s.game.resources[r]
    move(s, op, p, q, 1, ("resource", r, name), ri)
    if k > 1:
        move(s, op, p, q, k - 1, ("choice", "held" if op != "gain" else "resource"), ri)


CALLS = {"pick": _pick}


def random_outcomes(s, prompt: Prompt) -> list:
    giver = prompt.params[1]
    hand = s.hand[giver]
    total = sum(hand)
    row = s.game.actions.steal[giver]
    return [(row[r], n / total) for r, n in enumerate(hand) if n]


def apply_random(s, a, prompt: Prompt) -> None:
    s.prompts.pop()
    op, p, q, k, ri = prompt.params
    if k > 1:
        move(s, op, p, q, k - 1, ("random", "held"), ri)
    move(s, op, p, q, 1, ("resource", a.resource, s.game.resources[a.resource]), ri)


# ---- deck items ------------------------------------------------------------------------------
def push_draw(s, di: int, p: int, n: int, ri: int) -> None:
    if p is None or p < 0 or n <= 0:
        return None
    rules_state, deck = s.rules_state, s.game.rules.decks[di]
    if not any(rules_state.pile[di]) and not (deck.reshuffle_spent and any(rules_state.spent[di])):
        return None
    s.prompts.append(Prompt(DRAW_ITEM, CHANCE, (di, p, n, ri)))
    return None


def draw_outcomes(s, prompt: Prompt) -> tuple:
    di = prompt.params[0]
    pile = s.rules_state.pile[di]
    if not any(pile):
        pile = s.rules_state.spent[di]       # reshuffled when drawn from
    return s.game.rules.deck_outcomes(di, pile)


def reshuffle(s, di: int, ri: int) -> None:
    rules_state, deck = s.rules_state, s.game.rules.decks[di]
    pile, spent = rules_state.pile[di], rules_state.spent[di]
    for i, k in enumerate(spent):
        pile[i] += k
        spent[i] = 0
    rules_state.drawn[di] = 0
    emit(s, ri, DeckReshuffled(deck.name, deck.marker))


def apply_draw(s, a, prompt: Prompt) -> None:
    s.prompts.pop()
    di, p, n, ri = prompt.params
    rules_state, deck = s.rules_state, s.game.rules.decks[di]
    if not any(rules_state.pile[di]):
        reshuffle(s, di, ri)
    i = a.item
    rules_state.pile[di][i] -= 1
    held = rules_state.held[di][p]
    if n > 1:
        s.prompts.append(Prompt(DRAW_ITEM, CHANCE, (di, p, n - 1, ri)))
    if deck.at_once:
        # Carried out at once: its "on drew" rules run, and it lies on the discard pile.
        rules_state.spent[di][i] += 1
        emit(s, ri, ItemDrawn(p, deck.name, deck.items[i]))
        return
    # Revealed items lie open and are not held tokens: they never count toward max_held
    # (RULES.md Decision #21), whether drawn or handed over.
    if deck.max_held is not None and \
            sum(held) - sum(compress(held, deck.revealed)) >= deck.max_held:
        # A revealed item is public and bound by its own rules: a swap never sends it back.
        swappable = [x for x in range(len(held)) if held[x] and not deck.revealed[x]]
        if deck.when_full != "swap" or not swappable:
            rules_state.spent[di][i] += 1
            emit(s, ri, ItemReturned(p, deck.name, deck.items[i]))
            return
        # Swap: the least valuable held item goes back (no choice, so the game stays small).
        j = min(swappable, key=lambda x: (deck.values[x], x))
        held[j] -= 1
        rules_state.spent[di][j] += 1
        emit(s, ri, ItemReturned(p, deck.name, deck.items[j]))
    held[i] += 1
    if deck.revealed[i]:
        rules_state.revealed[deck.items[i]] = 1
    emit(s, ri, ItemDrawn(p, deck.name, deck.items[i]))


def give_item(s, frm: int, to: int, item: tuple[int, int], ri: int) -> None:
    di, i = item
    held = s.rules_state.held[di]
    if frm is None or to is None or frm < 0 or to < 0 or not held[frm][i]:
        return None
    held[frm][i] -= 1
    held[to][i] += 1
    emit(s, ri, ItemGiven(frm, to, s.game.rules.decks[di].items[i]))
    return None


def pay_items(s, di: int, p: int, pay: tuple[int, ...], ri: int) -> None:
    deck = s.game.rules.decks[di]
    held, spent = s.rules_state.held[di][p], s.rules_state.spent[di]
    for i, k in enumerate(pay):
        if k:
            held[i] -= k
            spent[i] += k
            for _ in range(k):
                emit(s, ri, ItemReturned(p, deck.name, deck.items[i]))

"""Trades: bank/harbor ratios (own turn only) and domestic offers answered clockwise, first acceptor trades."""

from __future__ import annotations

from catan_dsl.engine.events import BankTraded, TradeAccepted, TradeCancelled, TradeDeclined, TradeOffered
from catan_dsl.engine.prompts import TRADE_RESPONSE, Prompt


def legal_trades(s, p: int, out: list) -> None:
    g = s.game
    hand, bank, ratio = s.hand[p], s.bank, s.ratio[p]
    t = g.actions
    nr = g.n_resources
    for give in range(nr):
        n = ratio[give]
        if hand[give] >= n:
            for get in range(nr):
                if get != give and bank[get]:
                    out.append(t.bank(give, n, get))
    if g.domestic and s.offers_this_turn < g.offers_per_turn:
        # Offer only what some opponent could actually pay, so offers stay meaningful.
        total = g.bank_total
        gets = [r for r in range(nr) if total[r] - bank[r] - hand[r] > 0]
        offers = t.offer_grid
        for give in range(nr):
            k = hand[give]
            if not k:
                continue
            for n in (1, 2):
                if k < n:
                    break
                row = offers[give][n]
                out.extend(row[get] for get in gets if get != give)


def apply_bank_trade(s, a) -> None:
    p = s.cur
    hand, bank = s.hand[p], s.bank
    hand[a.give] -= a.n
    bank[a.give] += a.n
    hand[a.get] += 1
    bank[a.get] -= 1
    s.emit(BankTraded(p, a.give_name, a.n, a.get_name))


def offer_allowed(s, p: int, a) -> bool:
    """A domestic offer of held cards, something on each side, no resource on both sides."""
    g = s.game
    if not g.domestic or s.offers_this_turn >= g.offers_per_turn:
        return False
    give, get = a.give, a.get
    if len(give) != g.n_resources or len(get) != g.n_resources:
        return False
    if not any(give) or not any(get) or min(give) < 0 or min(get) < 0:
        return False
    hand = s.hand[p]
    return all(not (give[r] and get[r]) and hand[r] >= give[r] for r in range(g.n_resources))


def _pairs(s, counts: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    names = s.game.resources
    return tuple((names[r], k) for r, k in enumerate(counts) if k)


def _next_responder(s, proposer: int, after: int, a) -> int:
    n = s.game.num_players
    q = (after + 1) % n
    while q != proposer:
        hand = s.hand[q]
        if all(hand[r] >= k for r, k in enumerate(a.get)):
            return q
        q = (q + 1) % n
    return -1


def apply_offer(s, a) -> None:
    p = s.cur
    s.offers_this_turn += 1
    s.emit(TradeOffered(p, _pairs(s, a.give), _pairs(s, a.get)))
    q = _next_responder(s, p, p, a)
    if q < 0:
        s.emit(TradeCancelled(p))
    else:
        s.prompts.append(Prompt(TRADE_RESPONSE, q, (p, a)))


def legal_response(s, prompt) -> list:
    t = s.game.actions
    return [t.accept, t.decline]


def apply_response(s, a, prompt) -> None:
    s.prompts.pop()
    proposer, offer = prompt.params
    q = prompt.player
    if a == s.game.actions.accept:
        give_hand, get_hand = s.hand[proposer], s.hand[q]
        for r, k in enumerate(offer.give):
            give_hand[r] -= k
            get_hand[r] += k
        for r, k in enumerate(offer.get):
            get_hand[r] -= k
            give_hand[r] += k
        s.emit(TradeAccepted(proposer, q, _pairs(s, offer.give), _pairs(s, offer.get)))
        return
    s.emit(TradeDeclined(q))
    nxt = _next_responder(s, proposer, q, offer)
    if nxt < 0:
        s.emit(TradeCancelled(proposer))
    else:
        s.prompts.append(Prompt(TRADE_RESPONSE, nxt, (proposer, offer)))


PROMPT_LEGAL = {TRADE_RESPONSE: legal_response}
PROMPT_APPLY = {TRADE_RESPONSE: apply_response}

"""Trades: bank/harbor ratios (own turn only) and domestic offers answered clockwise, first acceptor trades.

A domestic offer's ``give``/``get`` count resources, followed (when the scenario declares
tradeable counters) by one entry per counter in IR order: "offer 1 wool for 1 token".
"""

from __future__ import annotations

from operator import add, ge, lt

from catan_dsl.engine.events import (
    BankTraded,
    TradeAccepted,
    TradeCancelled,
    TradeDeclined,
    TradeOffered,
)
from catan_dsl.engine.prompts import TRADE_RESPONSE, Prompt

# Off, each new offer menu is built from the offer grid afresh, not from its parts per give
# (`_offer_parts`: the reference for them).
KEEP_PARTS = True

# Prompt(kind, player, params) without the named tuple's generated __new__ (a Python frame): an
# answer prompt is made for every seat asked about every offer.
_new = tuple.__new__


def legal_trades(s, p: int, out: list) -> None:
    g = s.game
    rules = g.rules
    hand, bank = s.hand[p], s.bank
    t = g.actions
    ratio = s.ratio[p]
    # Both menus are memoised by the few facts they depend on (random bots list them ~1,800
    # times a game, nearly always with a signature seen before); the order is unchanged.
    if True in map(ge, hand, ratio):      # most listings have no bank trade: asked lazily
        if rules is not None and rules.harbor_forbids:
            # A rule may forbid a harbor for a while (a building lying down). That only raises
            # ratios above the harbors' (s.ratio), so they are read only past the test above.
            ratio = rules.trade_ratios(s, p)
        ok = tuple(map(ge, hand, ratio))
        key = (ok, tuple(ratio), tuple(map(bool, bank)))
        menu = t.bank_menus.get(key)
        if menu is None:
            menu = t.bank_menus[key] = _bank_menu(t, ok, ratio, bank)
        out.extend(menu)
    if g.domestic and s.offers_this_turn < g.offers_per_turn:
        counters = rules is not None and rules.tradeable_counters
        # The cards held and whether some opponent holds each resource, in C (map), find the
        # menu most times; the menu's own key below is the slower Python loop. (Keyed by the
        # hand capped at 2, what the menu reads, it misses a third less often but costs more
        # than it saves: map(min, ...) per listing, +1.2% of a game on a
        # multi-island board: bench/README.md, the offer menus joined from their parts.)
        seen = None if counters else (*hand, *map(lt, map(add, bank, hand), g.bank_total))
        menu = t.offer_by_hand.get(seen)
        if menu is None:
            # Offer only what some opponent could actually pay, so offers stay meaningful.
            # Per resource: cards held capped at 2, plus 3 when some opponent holds one.
            key = tuple([(h if h < 2 else 2) + 3 * (b + h < n)
                         for b, h, n in zip(bank, hand, g.bank_total)])
            menu = t.offer_menus.get(key)
            if menu is None:
                if len(t.offer_menus) > 100_000:
                    t.offer_menus.clear()
                menu = t.offer_menus[key] = _offer_menu(t, key)
            if counters:
                out.extend(menu)
                _counter_offers(s, p, key, out)
                return
            if len(t.offer_by_hand) > 100_000:
                t.offer_by_hand.clear()
            t.offer_by_hand[seen] = menu
        out.extend(menu)


def _bank_menu(t, ok: tuple, ratio: list, bank: list) -> tuple:
    """Bank trades: ``ratio[give]`` of a resource held in that number for 1 the bank has."""
    nr = len(ok)
    return tuple(t.bank(give, ratio[give], get) for give in range(nr) if ok[give]
                 for get in range(nr) if get != give and bank[get])


def _offer_menu(t, key: tuple) -> tuple:
    """Offers of 1 or 2 cards of a held resource for 1 of another that some opponent holds."""
    nr = len(key)
    gets = tuple([r for r in range(nr) if key[r] >= 3])
    if KEEP_PARTS:
        parts = t.offer_menus.get(("parts", gets))       # (kept beside the menus)
        if parts is None:
            parts = t.offer_menus[("parts", gets)] = _offer_parts(t, nr, gets)
        menu: tuple = ()
        for give in range(nr):
            menu += parts[give][key[give] % 3]
        return menu
    out: list = []
    for give in range(nr):
        for n in (1, 2):
            if key[give] % 3 < n:
                break
            row = t.offer_grid[give][n]
            out.extend(row[get] for get in gets if get != give)
    return tuple(out)


def _offer_parts(t, nr: int, gets: tuple) -> tuple:
    """Per give, its offers for ``gets`` (the resources some opponent holds) by the cards held
    up to 2: none, 1 for 1, then 1 and 2 for 1 — a menu is their concatenation in give order
    (random bots meet a new menu key in a sixth of the listings, the parts' keys seldom)."""
    out = []
    for give in range(nr):
        rows = [tuple([t.offer_grid[give][n][get] for get in gets if get != give]) for n in (1, 2)]
        out.append(((), rows[0], rows[0] + rows[1]))
    return tuple(out)


def stock_names(g) -> tuple[str, ...]:
    """Names of the entries of an offer vector: the resources, then the counters."""
    rules = g.rules
    return g.resources if rules is None else g.resources + tuple(c.name for c in rules.counters)


def _counter_offers(s, p: int, offer_key: tuple, out: list) -> None:
    """Offers of 1 or 2 units of a tradeable counter for 1 resource, and of 1 or 2 cards of a
    resource for 1 unit of the counter (the same bound as the resource offers).

    What they depend on is the resource menu's key (cards held up to 2, and which resources
    an opponent holds) and, per counter, the units held up to 2 and whether an opponent holds
    any. The menus are kept by the resource key alone, all six counter states of each counter
    built at once: keyed by both, half the listings of a scenario with one tradeable counter
    met a new key and built a menu."""
    rules = s.game.rules
    variants = rules.counter_offer_menus.get(offer_key)
    if variants is None:
        variants = _counter_menus(s.game, offer_key)
    counters = s.rules_state.counters
    mine = counters[p]
    n_real = rules.n_real
    for c, menus in zip(rules.tradeable_counters, variants):
        owned = 0
        for q in range(n_real):
            if q != p and counters[q][c]:
                owned = 1
                break
        held = mine[c]
        out.extend(menus[2 * held + owned if held < 2 else 4 + owned])


def _counter_menus(g, offer_key: tuple) -> tuple:
    """Per tradeable counter, its offers for each (units held up to 2, an opponent holds
    some) as ``menus[2 * held + owned]``: for n = 1, 2, the offers of n units if held ≥ n,
    then the offers paying n cards for a unit if an opponent holds some."""
    rules, nr = g.rules, g.n_resources
    menus = rules.counter_offer_menus
    if len(menus) > 100_000:
        menus.clear()
    # Built from parts kept by the little each reads (which resources an opponent holds,
    # which the player holds n of).
    cache = rules.counter_offer_cache
    gets = tuple(r for r, code in enumerate(offer_key) if code >= 3)
    per_counter = []
    for c in rules.tradeable_counters:
        parts = []
        for n in (1, 2):
            part = cache.get(("for", c, n, gets))
            if part is None:
                part = cache[("for", c, n, gets)] = tuple(
                    _counter_offer(g, cache, nr + c, n, get) for get in gets)
            paid = tuple(r for r in range(nr) if offer_key[r] % 3 >= n)
            pay = cache.get(("pay", c, n, paid))
            if pay is None:
                pay = cache[("pay", c, n, paid)] = tuple(
                    _counter_offer(g, cache, r, n, nr + c) for r in paid)
            parts.append((part, pay))
        (for1, pay1), (for2, pay2) = parts
        per_counter.append((
            (), pay1 + pay2,                                  # none held
            for1, for1 + pay1 + pay2,                         # one held
            for1 + for2, for1 + pay1 + for2 + pay2,           # two or more held
        ))
    variants = menus[offer_key] = tuple(per_counter)
    return variants


def _counter_offer(g, cache: dict, give: int, n: int, get: int):
    a = cache.get((give, n, get))
    if a is None:
        width = g.n_resources + len(g.rules.counters)
        gv = tuple(n if i == give else 0 for i in range(width))
        wv = tuple(1 if i == get else 0 for i in range(width))
        a = cache[(give, n, get)] = g.actions.offer(gv, wv, stock_names(g))
    return a


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
    if s.rules_state is not None and s.rules_state.turn_phase:
        return False                 # a later turn phase: trading is over (rules/runtime.py)
    give, get = a.give, a.get
    nr = g.n_resources
    width = len(stock_names(g))
    if len(give) != len(get) or len(give) not in (nr, width):
        return False
    if not any(give) or not any(get) or min(give) < 0 or min(get) < 0:
        return False
    hand = s.hand[p]
    if not all(not (give[r] and get[r]) and hand[r] >= give[r] for r in range(nr)):
        return False
    # Counter entries: only tradeable counters, held by the proposer, never on both sides.
    for c in range(len(give) - nr):
        if (give[nr + c] or get[nr + c]) and not g.rules.counters[c].tradeable:
            return False
        if (give[nr + c] and get[nr + c]) or s.rules_state.counters[p][c] < give[nr + c]:
            return False
    return True


def _nonzero(s, counts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The (entry, count) pairs of an offer side that are not zero, memoised per side."""
    memo = s.game.actions.offer_sides
    nz = memo.get(counts)
    if nz is None:
        if len(memo) > 10_000:
            memo.clear()
        nz = memo[counts] = tuple((r, k) for r, k in enumerate(counts) if k)
    return nz


def _pairs(s, counts: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    memo = s.game.actions.offer_pairs
    pairs = memo.get(counts)
    if pairs is None:
        if len(memo) > 10_000:
            memo.clear()
        names = stock_names(s.game)
        pairs = memo[counts] = tuple((names[r], k) for r, k in enumerate(counts) if k)
    return pairs


def _can_pay(s, q: int, counts: tuple[int, ...]) -> bool:
    hand, nr = s.hand[q], s.game.n_resources
    for r, k in _nonzero(s, counts):
        if (hand[r] if r < nr else s.rules_state.counters[q][r - nr]) < k:
            return False
    return True


def _move(s, frm: int, to: int, counts: tuple[int, ...]) -> None:
    nr = s.game.n_resources
    for r, k in _nonzero(s, counts):
        if r < nr:
            s.hand[frm][r] -= k
            s.hand[to][r] += k
        else:
            s.rules_state.counters[frm][r - nr] -= k
            s.rules_state.counters[to][r - nr] += k


def _next_responder(s, proposer: int, after: int, a) -> int:
    n, nr = s.game.num_players, s.game.n_resources
    need = _nonzero(s, a.get)
    q = (after + 1) % n
    while q != proposer:
        hand = s.hand[q]
        # _can_pay, inlined: asked once per seat per offer
        for r, k in need:
            if (hand[r] if r < nr else s.rules_state.counters[q][r - nr]) < k:
                break
        else:
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
        s.prompts.append(_new(Prompt, (TRADE_RESPONSE, q, (p, a))))


def legal_response(s, prompt) -> list:
    t = s.game.actions
    return [t.accept, t.decline]


def apply_response(s, a, prompt) -> None:
    s.prompts.pop()
    proposer, offer = prompt.params
    q = prompt.player
    t = s.game.actions
    accept = t.accept
    # Identity first, and a decline is never compared (dataclass __eq__ is slow).
    if a is accept or (a is not t.decline and a == accept):
        _move(s, proposer, q, offer.give)
        _move(s, q, proposer, offer.get)
        s.emit(TradeAccepted(proposer, q, _pairs(s, offer.give), _pairs(s, offer.get)))
        return
    s.emit(TradeDeclined(q))
    nxt = _next_responder(s, proposer, q, offer)
    if nxt < 0:
        s.emit(TradeCancelled(proposer))
    else:
        s.prompts.append(_new(Prompt, (TRADE_RESPONSE, nxt, (proposer, offer))))


PROMPT_LEGAL = {TRADE_RESPONSE: legal_response}
PROMPT_APPLY = {TRADE_RESPONSE: apply_response}

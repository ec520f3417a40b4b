"""Seeded random games of a scenario with a tradeable counter (gold) and a harbor forbid → the trade menu kept by what it reads (trade.legal_trades) is, in order, the one worked out directly."""

from __future__ import annotations

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.actions import BankTrade
from catan_dsl.engine.base import trade
from catan_dsl.engine.state import MAIN
from tests.engine.rules.random_walks import random_steps
from tests.engine.rules.side_by_side import SCENARIOS


def _reference(s, p: int, ratio: list) -> list:
    """The menu worked out directly: bank trades at ``ratio``, offers of 1 or 2 held cards for
    1 of a resource an opponent holds, then per tradeable counter, for n = 1, 2, n units for 1
    such resource (n held) and n cards for 1 unit (an opponent holds some)."""
    g, t, rules = s.game, s.game.actions, s.game.rules
    hand, bank, nr = s.hand[p], s.bank, g.n_resources
    out = [t.bank(give, ratio[give], get) for give in range(nr) if hand[give] >= ratio[give]
           for get in range(nr) if get != give and bank[get]]
    if not g.domestic or s.offers_this_turn >= g.offers_per_turn:
        return out
    gets = [r for r in range(nr) if g.bank_total[r] - bank[r] - hand[r] > 0]
    for give in range(nr):
        for n in (1, 2):
            if hand[give] >= n:
                out += [t.offer_grid[give][n][get] for get in gets if get != give]
    width = nr + len(rules.counters)

    def offer(give: int, n: int, get: int):
        return t.offer(tuple(n if i == give else 0 for i in range(width)),
                       tuple(int(i == get) for i in range(width)), trade.stock_names(g))
    held = s.rules_state.counters
    for c in rules.tradeable_counters:
        owned = any(held[q][c] for q in range(g.n_real) if q != p)
        for n in (1, 2):
            if held[p][c] >= n:
                out += [offer(nr + c, n, get) for get in gets]
            if owned:
                out += [offer(r, n, nr + c) for r in range(nr) if hand[r] >= n]
    return out


@pytest.mark.parametrize("seed", [1001])
def test_kept_trade_menu_is_the_menu_worked_out_directly(seed: int) -> None:
    """Along the games every listing's trades are the direct menu; where a forbid raises a
    ratio, a hand holding the harbor's ratio (on a clone) gets no trade at it."""
    ir, report = compile_file(str(SCENARIOS / "barbarian_attack.catan"))
    assert ir is not None, report.render_text()
    g = Game(ir, num_players=4)
    rules = g.rules
    assert rules.tradeable_counters and rules.harbor_forbids
    nr = g.n_resources
    listed = counter_offers = forbidden = 0
    for _, s, _, _ in random_steps(g, (seed,), 2500):
        if s.phase != MAIN or s.prompts or s.is_chance_node():
            continue
        p = s.cur
        kept: list = []
        trade.legal_trades(s, p, kept)
        assert kept == _reference(s, p, rules.trade_ratios(s, p)), s.turn
        listed += 1
        counter_offers += any(len(a.give) > nr for a in kept if type(a) is not BankTrade)
        ratio = rules.trade_ratios(s, p)
        if ratio != s.ratio[p]:
            c = s.clone()
            c.hand[p] = list(s.ratio[p])
            kept = []
            trade.legal_trades(c, p, kept)
            assert kept == _reference(c, p, ratio), s.turn
            forbidden += 1
    # The walk met the cases the keys tell apart (or it shows nothing).
    assert listed > 300 and counter_offers > 50 and forbidden > 0, (
        listed, counter_offers, forbidden)

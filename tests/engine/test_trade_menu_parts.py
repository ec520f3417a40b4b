"""Every offer-menu key of the base game → the menu built from its parts per give (trade.KEEP_PARTS) is the one built from the offer grid, in order."""

from __future__ import annotations

import itertools

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.engine.base import trade


def test_offer_menu_from_parts_is_the_menu_from_the_grid(monkeypatch) -> None:
    """BASE-51, BASE-52: per resource, cards held up to 2 plus 3 when an opponent holds one —
    all 6^5 keys give the same offers in the same order either way."""
    ir, report = api.compile_file("scenarios/base.catan")
    assert ir is not None, report
    t = Game(ir, num_players=4).actions
    keys = list(itertools.product(range(6), repeat=5))
    monkeypatch.setattr(trade, "KEEP_PARTS", False)
    plain = [trade._offer_menu(t, k) for k in keys]
    monkeypatch.setattr(trade, "KEEP_PARTS", True)
    parts = [trade._offer_menu(t, k) for k in keys]
    assert parts == plain
    assert max(map(len, plain)) == 40         # five gives, 1 and 2 cards, four gets each

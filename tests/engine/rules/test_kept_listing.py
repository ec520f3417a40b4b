"""A main listing kept across an offer every other player declines, in games with rules
(RulesRuntime.declines_keep_listing) → the listing worked out afresh: every shipped scenario,
combination and variant played side by side with it kept and not, the same legal actions and
events at every step, and the kept listing taken in each."""

from __future__ import annotations

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.actions import OfferTrade
from catan_dsl.engine.prompts import TRADE_RESPONSE
from tests.engine.rules.random_walks import decisions
from tests.engine.rules.side_by_side import ROWS, play_side_by_side, row_id


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_a_declined_offer_leaves_the_listing_a_rule_game_would_work_out(path, with_):
    ir, report = compile_file(str(path), with_=with_)
    assert ir is not None, report.render_text()
    players = 2 if "catan_for_two" in with_ else 4
    kept, fresh = Game(ir, num_players=players), Game(ir, num_players=players)
    if kept.rules is None:
        pytest.skip("no rules: the base game's own path")
    assert kept.rules.declines_keep_listing
    fresh.rules.declines_keep_listing = False
    offers_kept = []

    def note(states) -> None:
        offers_kept.append(states[0]._listing_at_offer is not None)
        assert states[1]._listing_at_offer is None
    play_side_by_side((kept, fresh), 7, 900, also=note)
    assert any(offers_kept)


def test_the_kept_listing_is_the_one_before_the_offer():
    """After an offer everyone declines, the listing is the list listed before it, as it was."""
    ir, _ = compile_file("scenarios/traders_barbarians.catan")
    for s, legal in decisions(Game(ir, num_players=4), 3, 5000):
        offer = next((a for a in legal if type(a) is OfferTrade), None)
        if offer is not None and not s.prompts:
            before = list(legal)
            s.apply_action(offer)
            while s.prompts and s.prompts[-1].kind == TRADE_RESPONSE and \
                    s.game.actions.decline in s.legal_actions():
                s.apply_action(s.game.actions.decline)
            if not s.prompts and s._listing_at_offer is not None:
                assert s.legal_actions() is legal and legal == before
                return
    pytest.fail("no offer declined by everyone in the game")

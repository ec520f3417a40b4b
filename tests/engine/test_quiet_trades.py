"""An offer or a decline moves nothing a score reads → the victory check after one is skipped
(``state.QUIET_TRADES``): the same games as with the check run after every action, and a state
changed outside ``apply_action`` (a bot's sampled world) is checked again after its next offer."""

from __future__ import annotations

import random

import pytest

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.engine import Game, state
from catan_dsl.engine.actions import OfferTrade
from tests.engine.rules.side_by_side import SCENARIOS, random_walk


@pytest.mark.parametrize("name", ["base", "traders_barbarians", "barbarian_attack", "rivers"])
def test_games_are_the_same_with_the_check_skipped_or_run(name, monkeypatch):
    path = SCENARIOS / f"{name}.catan"
    skipped = random_walk(path, 3, 600)
    monkeypatch.setattr(state, "QUIET_TRADES", False)
    assert random_walk(path, 3, 600) == skipped
    assert skipped[2] is not None or len(skipped[0]) >= 600


def test_a_state_changed_outside_apply_action_is_checked_after_an_offer():
    ir, _ = compile_file(str(SCENARIOS / "base.catan"))
    game = Game(ir, num_players=4)
    s, rng, bot = game.new_initial_state(seed=1), random.Random(1), make_bot("random")
    while True:     # to a main phase where an offer is listed, the check failed just before
        legal = [] if s.is_chance_node() else s.legal_actions()
        offers = [a for a in legal if type(a) is OfferTrade]
        if offers and not s.prompts and s.phase == state.MAIN:
            break
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else bot.choose(s, legal, rng))
    p = s.cur
    s.card_vp[p] += game.target           # a sampled world: hidden VP cards dealt to p
    s.forget_listings()
    offer = next(a for a in s.legal_actions() if type(a) is OfferTrade)
    s.apply_action(offer)
    assert s.winner() == p

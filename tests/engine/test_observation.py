"""A player's view of the game: own cards in full, everyone else's only as counts."""

from __future__ import annotations

import json
import random

from catan_dsl import api
from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game, observation


def _midgame(scenario: str = "scenarios/base.catan", turns: int = 40, seed: int = 4):
    game = Game(api.load_ir(scenario), num_players=4)
    s = game.new_initial_state(seed=seed)
    rng, bot = random.Random(seed), make_bot("random")
    while not s.is_terminal() and s.turn < turns:
        p = s.current_player()
        s.apply_action(s.sample_chance(rng) if p == CHANCE else bot.choose(s, s.legal_actions(), rng))
    return s


def test_base_24_resource_cards_are_hidden_from_the_other_players() -> None:
    """BASE-24: a player's resource cards are hidden from the other players (seed 001) — his
    own view names them, the others see only how many he holds."""
    s = _midgame()
    g = s.game
    for viewer in range(4):
        view = observation(s, viewer)
        for p, seat in enumerate(view["players"]):
            assert seat["cards"] == sum(s.hand[p])
            if p == viewer:
                assert seat["hand"] == dict(zip(g.resources, s.hand[p]))
            else:
                assert "hand" not in seat and "vp" not in seat


def test_base_43_a_bought_development_card_is_hidden() -> None:
    """BASE-43: a bought development card is kept face down — only its owner knows which it
    is (seed 001); a hidden VP card shows in its owner's VP, not in the public VP."""
    for seed in range(4, 40):
        s = _midgame(turns=80, seed=seed)
        holders = [p for p in range(4) if sum(s.dev_hand[p])]
        if holders:
            break
    p = holders[0]
    other = (p + 1) % 4
    mine, theirs = observation(s, p)["players"][p], observation(s, other)["players"][p]
    assert mine["development"] == dict(zip(s.game.card_names, s.dev_hand[p]))
    assert "development" not in theirs
    assert theirs["development_cards"] == mine["development_cards"] == sum(s.dev_hand[p])
    assert mine["vp"] == s.vp(p) and theirs["public_vp"] == s.vp(p) - s.card_vp[p]


def test_items_of_a_hidden_deck_are_counted_not_named_for_others() -> None:
    """FISH-20: fish tokens are drawn face down; the other players see how many, not which."""
    s = _midgame("scenarios/fishermen.catan", turns=60, seed=5)
    for p in range(4):
        mine = observation(s, p)["players"][p]["items"]["fish"]
        theirs = observation(s, (p + 1) % 4)["players"][p]["items"]["fish"]
        assert set(theirs) == {"count", "revealed"}
        assert theirs["count"] == sum(mine.values())


def test_the_observation_is_plain_json_with_cards_by_name() -> None:
    """The docstring's promise: a JSON-able dict (the browser page reads it), development cards
    keyed by their names, as the IR names them."""
    s = _midgame(turns=80, seed=6)
    for viewer in range(4):
        view = json.loads(json.dumps(observation(s, viewer)))
        seat = view["players"][viewer]
        assert set(seat["development"]) == set(s.game.card_names)
        assert set(seat["played"]) == set(s.game.card_names)

"""Seeded two-seat positions → the search bot's value with the rival's own terms (`mcts:rival=N`): a card the rival gains counts against the seat, nothing changes at N = 0."""

from __future__ import annotations

import random

import pytest

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.bots.greedy import CARD_WEIGHT, evaluate
from catan_dsl.bots.value import rival_rest
from catan_dsl.engine import Game
from catan_dsl.engine.actions import OfferTrade
from catan_dsl.play.playtest import play_game
from tests.bots.positions import greedy_position


@pytest.fixture(scope="module")
def two() -> Game:
    ir, report = compile_file("scenarios/catan_for_two.catan")
    assert ir is not None, report.render_text()
    return Game(ir, num_players=ir["players"]["default"])


_position = greedy_position


def _main(s) -> bool:
    return s.phase == 2 and not s.prompts and s.turn > 6


def test_a_card_the_rival_gains_counts_against_the_seat_only_with_the_setting(two: Game) -> None:
    """The greedy evaluation weighs the rival by its VP and production only, so a card in the
    rival's hand is worth nothing to the seat; ``rival_rest`` counts it (at least a card's
    weight), and ``mcts:rival=N`` takes N% of it off the seat's value. The default (0) values
    a position by the greedy evaluation exactly."""
    s = _position(two, 3, _main)
    p = s.current_player()
    q = 1 - p
    richer = s.clone()
    richer.hand[q][0] += 1
    assert evaluate(richer, p) == evaluate(s, p)
    assert rival_rest(richer, p) >= rival_rest(s, p) + CARD_WEIGHT
    assert make_bot("mcts").rival_weight == 0.0
    assert make_bot("mcts")._value(s, p) == evaluate(s, p)
    half = make_bot("mcts:rival=50")
    assert half._value(richer, p) == pytest.approx(evaluate(richer, p) - 0.5 * rival_rest(richer, p))
    assert half._value(richer, p) < half._value(s, p)


def test_an_offers_prior_counts_what_the_answer_gives_the_rival(two: Game) -> None:
    """With ``rival=N`` an offer's prior (the position once the rival has answered) loses N% of
    what the answer moved of the rival's own terms; offers it declines keep their prior."""
    def offers(s) -> bool:
        return _main(s) and any(type(a) is OfferTrade for a in s.legal_actions())

    s = _position(two, 3, offers)
    legal = s.legal_actions()
    values = [0.0] * len(legal)
    plain = make_bot("mcts:playouts=8")._answered_offers(s, legal, values, random.Random(1))
    rival = make_bot("mcts:playouts=8:rival=100")._answered_offers(s, legal, values,
                                                                  random.Random(1))
    moved = [a - b for a, b in zip(plain, rival)]
    assert all(m == 0.0 for a, m in zip(legal, moved) if type(a) is not OfferTrade)
    assert any(m != 0.0 for m in moved), "the rival accepts none of the offers here"


def test_two_seat_games_with_the_setting_are_legal_and_reproducible(two: Game) -> None:
    bots = ["mcts:playouts=6:rival=100", "greedy"]
    runs = [play_game(two, bots, 21, max_turns=12, record=True, ir=two.ir) for _ in range(2)]
    assert runs[0].transcript["steps"] == runs[1].transcript["steps"]


def test_a_played_knight_counts_linearly_in_the_race_only_with_the_setting(two: Game) -> None:
    """``mcts:race=N`` adds N% of the linear progress toward awards the seat does not hold:
    giving up the only played knight loses a third of Largest Army's progress weight (its
    minimum is 3), where the greedy evaluation's squared progress loses a ninth; at 0 (the
    default) the value is the greedy evaluation."""
    from catan_dsl.bots.greedy import PROGRESS_WEIGHT, VP_WEIGHT
    from catan_dsl.bots.value import award_race

    army = next(i for i, sp in enumerate(two.specials) if sp.name == "largest_army")
    s = _position(two, 3, lambda s: _main(s) and s.holders[army] < 0)
    p = s.current_player()
    one, none = s.clone(), s.clone()
    one.measure[army][p], none.measure[army][p] = 1, 0
    full = PROGRESS_WEIGHT * VP_WEIGHT * two.specials[army].vp
    assert award_race(one, p) - award_race(none, p) == pytest.approx(full / 3)
    assert make_bot("mcts")._value(one, p) == evaluate(one, p)
    assert make_bot("mcts:race=50")._value(one, p) == pytest.approx(
        evaluate(one, p) + 0.5 * award_race(one, p))

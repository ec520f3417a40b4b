"""Cards measured by a counter (Rivers' wealthiest and poor settlers) are awarded from the
measured columns after_action has read (``special_cards.COUNTED_AWARDS``): the same games, measures
and holders as with the reference ``award``, and a card whose policy needs more keeps it."""

from __future__ import annotations

import pytest

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.engine.rules import special_cards
from tests.engine.rules.side_by_side import SCENARIOS, games_on_and_off, play_side_by_side

ROWS = ("rivers", "combinations/rivers+traders_barbarians", "combinations/rivers+barbarian_attack")


def _same_cards(states) -> None:
    a, b = states
    assert a.measure == b.measure and a.holders == b.holders
    assert a.rules_state.multi == b.rules_state.multi


@pytest.mark.parametrize("name", ROWS)
def test_games_are_the_same_with_cards_awarded_from_the_columns(name: str, monkeypatch) -> None:
    games = games_on_and_off(SCENARIOS / f"{name}.catan", (), monkeypatch, special_cards,
                             "COUNTED_AWARDS")
    assert games[0].rules.counted is not None and games[1].rules.counted is None
    for seed in (3, 8):
        play_side_by_side(games, seed, 400, _same_cards)


def test_a_card_awarded_first_then_strictly_more_is_left_to_award() -> None:
    ir, report = api.compile_file(str(SCENARIOS / "rivers.catan"))
    assert ir is not None, report.render_text()
    assert Game(ir, num_players=4).rules.counted is not None
    ir["special_cards"]["wealthiest_settler"]["policy"] = "first_then_strictly_more"
    assert Game(ir, num_players=4).rules.counted is None

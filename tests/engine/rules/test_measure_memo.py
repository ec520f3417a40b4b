"""measure_memo: board-only expression measures memoised by position, others always recomputed."""

from __future__ import annotations

from catan_dsl.engine.rules import special_cards
from catan_dsl.engine.rules.functions import FUNCTIONS
from catan_dsl.engine.rules.measure_memo import board_only
from tests.engine.helpers import act, give, put
from tests.variants.kit import game, main_turn


def test_board_only_reads_the_called_functions() -> None:
    harbor_points = ["+", ["count", "v", ["pieces", ["var", "player"], "settlement"],
                           ["harbor", ["var", "v"]]], 1]
    assert board_only(harbor_points, FUNCTIONS)
    assert not board_only(["+", ["cards", ["var", "player"]], 1], FUNCTIONS)
    assert not board_only(["count", "e", ["pieces", ["var", "player"], "road"],
                           ["marked", ["var", "e"], "damaged"]], FUNCTIONS)


def test_memoised_measure_follows_every_piece_change_and_clone() -> None:
    """The harbor measure is memoised, yet always equals a fresh evaluation of the expression."""
    g = game("harbormaster")
    rules = g.rules
    si = rules.special_index["harbormaster"]
    assert si in rules.measure_memo.specials
    s = main_turn(g, 0)

    def fresh() -> list[int]:
        _, _, measure = next(d for d in rules.dynamic if d[0] == si)
        return special_cards.measure_now(rules, s, measure)

    put(s, 0, "settlement", 0)
    assert s.measure[si][0] == 1 == fresh()[0]
    c = s.clone()
    give(s, 0, grain=2, ore=3)
    act(s, "build city 0")
    assert s.measure[si][0] == 2 == fresh()[0]
    give(c, 0, grain=4)
    act(c, "bank 3 grain for ore")                   # the clone still has the settlement (3:1)
    assert c.measure[si][0] == 1
    act(s, "end turn")                               # nothing on the board moved
    assert s.measure[si][0] == 2


def test_measures_reading_more_than_the_board_are_not_memoised() -> None:
    for name in ("event_cards", "catan_for_two", "tournament"):
        assert not game(name).rules.measure_memo.specials

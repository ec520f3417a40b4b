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


FLAGS = """scenario flags "Flags" extends base {
  special flagged {
    vp 2
    measure = count(v in pieces(player, settlement) where marked(v, flag)) + cards(player) * 0
    min 1
    policy first_then_strictly_more
  }
  action tag "Tag" { target v in pieces(player, settlement) do { mark v tag } }
  action flag "Flag" { target v in pieces(player, settlement) do { mark v flag } }
}
"""


def test_a_second_mark_on_a_marked_place_re_measures_the_awards(tmp_path) -> None:
    """A measure that reads marks and hands is kept up to date by a fingerprint of what it may
    read; a mark added where another already lies changes no count of marked places, yet it
    must still re-award the card."""
    from catan_dsl.api import compile_file
    from catan_dsl.engine import Game
    from tests.engine.helpers import empty_main

    path = tmp_path / "flags.catan"
    path.write_text(FLAGS, encoding="utf-8")
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    g = Game(ir, num_players=4)
    si = g.rules.special_index["flagged"]
    assert not g.rules.counters_only and not g.rules.board_measures_only
    s = empty_main(g, 0, 0)
    put(s, 0, "settlement", 10)
    act(s, "do tag at 10")
    assert s.holders[si] == -1
    act(s, "do flag at 10")                          # the place was marked already
    assert s.holders[si] == 0

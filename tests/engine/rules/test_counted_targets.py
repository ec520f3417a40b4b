"""A rule action's targets that read the board and the acting player's own resources or counters
(the wagon's reach by its movement points) are kept while neither changes: the listing is the
one worked out afresh, and a change to a value the condition reads is seen at once."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import empty_main, texts
from tests.engine.rules.random_walks import listing_afresh, rule_listings

REPO = Path(__file__).resolve().parents[3]

SOURCE = """scenario reach "Reach" extends base {
  counter fuel "fuel" { reset each turn }
  on turn_started { gain 2 fuel }
  action hop "Hop" {
    after roll
    target e in edges where e < 6 and count_of(player, fuel) >= e and count_of(player, ore) >= 0
    do { lose 1 fuel }
  }
  action look "Look" { after roll; target e in edges where e < 3 and owner(e) < 0; do { } }
  action peek "Peek" {
    after roll
    target p in players where count_of(p, fuel) > 0
    do { }
  }
}
"""


def _game(tmp_path: Path) -> Game:
    p = tmp_path / "reach.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def _spec(g: Game, name: str):
    return next(ar.action for ar in g.rules.actions if ar.action.name == name)


def test_only_targets_reading_the_players_own_stocks_are_keyed_by_them(tmp_path: Path) -> None:
    g = _game(tmp_path)
    assert _spec(g, "hop").target_counted is not None
    look = _spec(g, "look")
    assert look.target_static and look.target_counted is None     # the board alone decides
    assert _spec(g, "peek").target_counted is None      # another player's counter: not kept


def test_a_kept_listing_sees_each_change_of_what_it_reads(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    fuel = g.rules.counter_index["fuel"]
    s.rules_state.counters[0][fuel] = 2
    hops = [t for t in texts(s) if t.startswith("do hop")]
    assert len(hops) == 3                               # paths 0, 1, 2
    s.rules_state.counters[0][fuel] = 4
    s._legal = None                                     # a new listing of the same position
    assert len([t for t in texts(s) if t.startswith("do hop")]) == 5


def _afresh(s) -> list:
    """The listing with no rule action's targets kept by counters."""
    return listing_afresh(s, "target_counted", None)


def test_traders_and_barbarians_listings_equal_the_ones_worked_out_afresh() -> None:
    """TB-50..58: the wagon's travel targets (movement points against each path's cost, and
    the gold for a toll) are the same whether kept or worked out afresh, over a random game."""
    ir, report = compile_file(str(REPO / "scenarios" / "traders_barbarians.catan"))
    assert ir is not None, report.render_text()
    g = Game(ir, num_players=4)
    assert _spec(g, "travel").target_counted is not None
    checked = 0
    for s, legal in rule_listings(g, 5, 2500):
        assert list(legal) == _afresh(s)
        checked += 1
    assert checked > 200

"""An action's cost modifiers are asked once while what they read stays: a harbor discount is
kept until a piece moves (test_board_memo), a toll on the board until a marker moves; a
modifier whose value reads a counter is asked on every listing. Each follows its input."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, set_hand, texts

SOURCE = """scenario pricey "Pricey" extends base {
  counter favour "favour" { start 0 }
  marker toll "toll" { on hex }
  action bribe "Bribe" { cost ore 3; after roll; do { gain 1 favour } }
  modifier cost - count_of(player, favour) for bribe
  action pass "Pass" { cost wool 2; after roll; do { gain 1 favour } }
  modifier cost + 1 for pass where any(h in hexes where markers(h, toll) > 0)
  action levy "Levy a toll" { after roll; target h in hexes where markers(h, toll) == 0; do { put 1 toll on h } }
  action lift "Lift a toll" { after roll; target h in hexes where markers(h, toll) > 0; do { take 1 toll from h } }
}
"""


def _game(tmp_path: Path) -> Game:
    p = tmp_path / "pricey.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def test_a_cost_read_off_a_counter_follows_the_counter(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    set_hand(s, 0, ore=2)
    assert "do bribe" not in texts(s)                  # 3 ore, no favour yet
    s.rules_state.counters[0][g.rules.counter_index["favour"]] = 1   # nothing on the board moves
    s._legal = None
    assert "do bribe" in texts(s)                      # 3 - 1 = 2 ore
    act(s, "do bribe")
    assert s.hand[0][g.resources.index("ore")] == 0    # paid at the lowered cost


def test_a_toll_on_the_board_follows_every_marker_move(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    set_hand(s, 0, wool=2)
    assert "do pass" in texts(s)                       # no toll: 2 wool
    act(s, next(t for t in texts(s) if t.startswith("do levy")))
    assert "do pass" not in texts(s)                   # a toll somewhere: 3 wool
    act(s, next(t for t in texts(s) if t.startswith("do lift")))
    assert "do pass" in texts(s)
    act(s, "do pass")
    assert s.hand[0][g.resources.index("wool")] == 0

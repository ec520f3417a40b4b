"""Resource-valued variables (issue 12 item 5): `resources` is a set; a variable bound to a
resource stands wherever a resource name can (gain, give, count_of), and `cost r 3` with
`target r in resources` makes "3 of any one resource" one action instead of five."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules import executor
from tests.engine.helpers import empty_main, res, set_hand, texts

SOURCE = """scenario rv extends base {
  counter gold "gold" { start 0 }
  action sell "Sell 3 of one resource for 1 gold" {
    target r in resources where r != ore
    cost r 3
    do { gain 1 gold }
  }
  on turn_ended {
    each r in resources where count_of(player, r) >= 2 { give 1 r to left(player) }
  }
}
"""


def _game(tmp_path: Path) -> Game:
    path = tmp_path / "rv.catan"
    path.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(path), seed=1)
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def test_one_action_offers_each_resource_the_player_has_three_of(tmp_path: Path) -> None:
    g = _game(tmp_path)
    action = next(r for r in g.ir["rules"] if r["kind"] == "action")
    assert action["cost"] == {"target_resource": 3}
    s = empty_main(g)
    set_hand(s, 0, wool=3, brick=2, ore=4)
    sells = [t for t in texts(s) if t.startswith("do sell")]
    assert len(sells) == 1                               # wool only: 2 brick, and never ore
    wool, gold = res(g, "wool"), g.rules.counter_index["gold"]
    bank = s.bank[wool]
    s.apply_action(next(a for a in s.legal_actions() if str(a) == sells[0]))
    assert s.hand[0][wool] == 0 and s.bank[wool] == bank + 3
    assert s.rules_state.counters[0][gold] == 1


def test_a_resource_variable_gives_and_counts_like_a_resource_name(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    set_hand(s, 0, lumber=2, grain=3, ore=1)
    turn_end = next(i for i, r in enumerate(g.rules.compiled) if r.kind == "on")
    executor.run(s, [("rule", turn_end, executor.envt({"player": 0}))])
    assert s.hand[1][res(g, "lumber")] == 1 and s.hand[1][res(g, "grain")] == 1
    assert s.hand[1][res(g, "ore")] == 0 and s.hand[0][res(g, "ore")] == 1

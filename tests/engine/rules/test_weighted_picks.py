"""`choose N x in SET at random [where COND] weighted by W { ... }` and `pips(h)` (issue 13 item 3:
Barbarian Attack rolls until 3 different numbers, which is 3 different coastal hexes picked in
proportion to the ways the dice show their numbers): N different elements, one after the other,
each with a chance in proportion to its weight; weight 0 is never picked; replayed bit-exact."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import check_file, compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.helpers import act, empty_main, give, put

SOURCE = """scenario land "Landing" extends base {
  marker barbarian "barbarian" { on hex; supply 30; max 3 }
  on built settlement at v where not setup {
    choose 3 h in hexes at random where coast(h) weighted by pips(h) { put 1 barbarian on h }
  }
}
"""


def _game(tmp_path: Path, text: str = SOURCE) -> Game:
    p = tmp_path / "land.catan"
    p.write_text(text, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    return Game(ir, num_players=4)


def _pips(g: Game, s, h: int) -> int:
    fn, _ = compile_expr(["pips", ["var", "h"]], Ctx(g.rules, {"h": "hex"}))
    return fn(s, {"h": h})


def _build(s, g: Game) -> None:
    v = next(u for u in range(s.board.n_vertices) if len(s.board.vertex_hexes[u]) == 3)
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    put(s, 0, "road", s.board.vertex_edges[v][0])
    act(s, f"build settlement {v}")


def test_pips_count_the_ways_two_dice_show_a_number(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    by_number = {}
    for h in range(s.board.n_hexes):
        nums = s.board.hex_numbers[h]
        by_number[nums[0] if nums else None] = _pips(g, s, h)
    assert by_number == {None: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def test_each_pick_is_weighted_and_the_three_are_different(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    _build(s, g)
    coastal = [h for h in range(s.board.n_hexes) if g.rules.coast["hex"][h] and _pips(g, s, h)]
    picked = []
    for step in range(3):
        assert s.is_chance_node()
        outcomes = {a.id: p for a, p in s.chance_outcomes()}
        left = [h for h in coastal if h not in picked]
        total = sum(_pips(g, s, h) for h in left)
        assert outcomes == pytest.approx({h: _pips(g, s, h) / total for h in left})
        h = max(outcomes, key=lambda x: (outcomes[x], -x))     # the likeliest, say
        act(s, f"choose hex {h}")
        picked.append(h)
        assert s.rules_state.markers[0][h] == 1                 # the body ran for this pick
    assert not s.is_chance_node() and len(set(picked)) == 3     # three different hexes, no more


def test_weight_zero_is_never_picked_and_nothing_left_runs_else(tmp_path: Path) -> None:
    text = SOURCE.replace("{ put 1 barbarian on h }",
                          "{ put 1 barbarian on h } else { gain 1 ore }").replace(
        "weighted by pips(h)", "weighted by 0")
    g = _game(tmp_path, text)
    s = empty_main(g, 0, 0)
    _build(s, g)
    assert not s.is_chance_node() and s.hand[0][g.resources.index("ore")] == 1


def test_landing_games_replay_bit_exact(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from catan_dsl.cli import main

    _game(tmp_path)
    src = str(tmp_path / "land.catan")
    r = CliRunner().invoke(main, ["play", src, "--seed", "5", "--bots", "random", "--json"])
    assert r.exit_code == 0
    (tmp_path / "g.json").write_text(r.output, encoding="utf-8")
    r = CliRunner().invoke(main, ["replay", str(tmp_path / "g.json")])
    assert r.exit_code == 0 and "verified" in r.output


@pytest.mark.parametrize("old, new, message", [
    ("at random where coast(h) weighted by pips(h)", "where coast(h)", "add 'at random'"),
    ("weighted by pips(h)", "weighted by terrain(h)", "a weight must be a number"),
])
def test_mistakes_are_located(tmp_path: Path, old: str, new: str, message: str) -> None:
    p = tmp_path / "bad.catan"
    p.write_text(SOURCE.replace(old, new), encoding="utf-8")
    errors = check_file(str(p)).errors
    assert errors and errors[0].code == "E406" and message in errors[0].message
    assert errors[0].span.line == 4

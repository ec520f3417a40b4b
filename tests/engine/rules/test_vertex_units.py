"""Units on intersections (`unit wagon { on vertex; each 1 }`: Traders & Barbarians' wagons,
issue 14): any number, of any players, share an intersection; a take or a move at a place
means the acting player's unit there; a wagon's trip corner to corner with a movement budget is
written with `neighbours`, `path_between`, a counter and `repeat`."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, put, texts

SOURCE = """scenario carts "Carts" extends base {
  unit wagon "wagon" { on vertex; each 1 }
  counter mp "movement points"
  action start "Put your wagon on the board" {
    target v in vertices
    when unit_supply(player, wagon) > 0
    do { put 1 wagon on v }
  }
  action travel "Travel (3 movement points)" {
    when unit_supply(player, wagon) == 0
    limit 1 per turn
    do {
      gain 3 mp
      repeat 3 {
        each v in units(player, wagon) {
          choose w in neighbours(v) by player
              where count_of(player, mp) >= (1 if owner(path_between(v, w)) == player else 2) {
            lose (1 if owner(path_between(v, w)) == player else 2) mp
            move wagon from v to w
          }
        }
      }
      lose count_of(player, mp) mp
    }
  }
}
"""


def _game(tmp_path: Path) -> Game:
    p = tmp_path / "carts.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    return Game(ir)


def _wagons(s) -> dict[int, list[int]]:
    n = s.game.num_players
    table = s.rules_state.units[0]
    out: dict[int, list[int]] = {}
    for k, c in enumerate(table):
        if c:
            out.setdefault(k // n, []).extend([k % n] * c)
    return out


def test_wagons_share_an_intersection(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    act(s, "do start vertex 20")
    s.cur = 1
    s._legal = None
    act(s, "do start vertex 20")
    assert _wagons(s) == {20: [0, 1]}
    assert not any(t.startswith("do start") for t in texts(s))     # one wagon each


def test_a_trip_pays_by_the_path_and_moves_the_players_own_wagon(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    act(s, "do start vertex 20")
    s.cur = 1
    s._legal = None
    act(s, "do start vertex 20")
    own = s.board.vertex_edges[20][0]
    put(s, 1, "road", own)                                    # player 1's road: 1 point
    target = next(v for v in s.board.edge_vertices[own] if v != 20)
    act(s, "do travel")
    assert f"choose vertex {target}" in texts(s)
    act(s, f"choose vertex {target}")
    assert _wagons(s) == {20: [0], target: [1]}                # player 0's wagon stayed
    assert s.rules_state.counters[1][0] == 2
    while not s.is_chance_node() and any(t.startswith("choose vertex") for t in texts(s)):
        act(s, next(t for t in texts(s) if t.startswith("choose vertex")))
    assert s.rules_state.counters[1][0] == 0                  # unused points are lost
    assert sum(len(p) for p in _wagons(s).values()) == 2

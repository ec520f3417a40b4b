"""Units — the players' own pieces on paths, one per path (issue 13 item 3, Barbarian Attack's
knights): `unit K { on edge; each N }`, `put 1 K on e [for p]`, `take 1 K from e`, `move K from
e to f`, `units(p, K)`, `unit_owner(e, K)`, `unit_supply(p, K)`, `occupied(e, K)`, and the path
geometry their rules read: `paths_within(e, N)`, `path_distance(e, f)`, `parallel(e, f)`."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catan_dsl.api import check_file, compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.helpers import act, empty_main, give, texts

SOURCE = """scenario guard "Guards" extends base {
  unit knight "knight" { on edge; each 2 }
  action recruit "Recruit a knight" {
    cost grain 1
    target e in edges where not occupied(e, knight)
    when unit_supply(player, knight) > 0
    do { put 1 knight on e }
  }
  action march "March a knight" {
    target e in units(player, knight)
    do {
      choose f in paths_within(e, 3) by player where not occupied(f, knight) {
        move knight from e to f
      }
    }
  }
  action dismiss "Dismiss a knight" {
    target e in units(player, knight)
    do { take 1 knight from e }
  }
}
"""


def _game(tmp_path: Path, text: str = SOURCE) -> Game:
    p = tmp_path / "guard.catan"
    p.write_text(text, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    return Game(ir, num_players=4)


def _value(g: Game, s, expr, **env):
    types = {k: ("edge" if isinstance(v, int) else "player") for k, v in env.items()}
    fn, _ = compile_expr(expr, Ctx(g.rules, types))
    return fn(s, env)


def test_a_unit_comes_from_its_owners_supply_and_goes_back(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    give(s, 0, grain=3)
    act(s, "do recruit edge 5")
    act(s, "do recruit edge 9")
    assert s.rules_state.unit_supply[0] == [0, 2, 2, 2]
    assert _value(g, s, ["units", ["var", "p"], "knight"], p=0) == (5, 9)
    assert _value(g, s, ["unit_owner", ["var", "e"], "knight"], e=5) == 0
    assert _value(g, s, ["unit_owner", ["var", "e"], "knight"], e=6) == -1
    # The supply is empty: the action is no longer offered.
    assert not any(t.startswith("do recruit") for t in texts(s))
    act(s, "do dismiss edge 5")
    assert s.rules_state.unit_supply[0][0] == 1 and s.rules_state.units[0][5] == 0


def test_one_unit_per_path_but_a_road_may_share_it(tmp_path: Path) -> None:
    from tests.engine.helpers import put
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    put(s, 1, "road", 5)                 # another player's road: no obstacle to a unit
    give(s, 0, grain=1)
    give(s, 1, grain=1)
    assert "do recruit edge 5" in texts(s)
    act(s, "do recruit edge 5")
    s.cur = 1
    s._legal = None
    assert "do recruit edge 5" not in texts(s) and "do recruit edge 6" in texts(s)


def test_paths_within_counts_steps_through_shared_intersections(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    b = s.board
    e = 20
    near = set(_value(g, s, ["paths_within", ["var", "e"], 1], e=e))
    touching = {x for v in b.edge_vertices[e] for x in b.vertex_edges[v]}
    assert near == touching                                     # e itself and its neighbours
    two = set(_value(g, s, ["paths_within", ["var", "e"], 2], e=e))
    assert two == {y for x in touching for v in b.edge_vertices[x] for y in b.vertex_edges[v]}
    for f in two - near:
        assert _value(g, s, ["path_distance", ["var", "e"], ["var", "f"]], e=e, f=f) == 2
    assert _value(g, s, ["path_distance", ["var", "e"], ["var", "f"]], e=e, f=e) == 0


def test_a_march_goes_at_most_three_paths_to_a_free_one(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    give(s, 0, grain=2)
    act(s, "do recruit edge 20")
    act(s, "do recruit edge 21")
    act(s, "do march edge 20")
    offered = {int(t.split()[-1]) for t in texts(s) if t.startswith("choose edge")}
    within = set(_value(g, s, ["paths_within", ["var", "e"], 3], e=20))
    assert offered == within - {20, 21}                         # 21 holds a knight
    target = max(offered)
    act(s, f"choose edge {target}")
    assert s.rules_state.units[0][target] == 1 and s.rules_state.units[0][20] == 0


def test_opposite_sides_of_a_hex_are_parallel(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    sides = {e["key"].rsplit(",", 1)[1]: e["id"] for e in g.ir["board"]["edges"]
             if e["key"].startswith("0,0,")}
    edges_of_centre = {e for e in range(s.board.n_edges) if 9 in g.rules.edge_hexes[e]}
    assert len(edges_of_centre) == 6
    par = lambda a, b: _value(g, s, ["parallel", ["var", "e"], ["var", "f"]], e=a, f=b)  # noqa: E731
    pairs = [(x, y) for x in edges_of_centre for y in edges_of_centre if x < y and par(x, y)]
    assert len(pairs) == 3                                      # three pairs of opposite sides
    assert all(par(x, x) for x in edges_of_centre)
    assert sides  # the keys name sides of hex 0,0


def test_games_with_units_replay_bit_exact(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from catan_dsl.cli import main

    _game(tmp_path)
    src = str(tmp_path / "guard.catan")
    r = CliRunner().invoke(main, ["play", src, "--seed", "4", "--bots", "random", "--json"])
    assert r.exit_code == 0
    (tmp_path / "g.json").write_text(r.output, encoding="utf-8")
    r = CliRunner().invoke(main, ["replay", str(tmp_path / "g.json")])
    assert r.exit_code == 0 and "verified" in r.output


@pytest.mark.parametrize("old, new, message", [
    ("do { put 1 knight on e }", "do { put 2 knight on e }", "put or take 1"),
    ("do { take 1 knight from e }", "do { take 1 knight from first(h in hexes where true) }",
     "stand on paths"),
    ("move knight from e to f", "move knight from e to player", "stand on paths"),
    ('unit knight "knight" { on edge; each 2 }', 'unit knight "knight" { on hex; each 2 }',
     "stand on paths"),
])
def test_mistakes_are_located(tmp_path: Path, old: str, new: str, message: str) -> None:
    p = tmp_path / "bad.catan"
    p.write_text(SOURCE.replace(old, new), encoding="utf-8")
    errors = check_file(str(p)).errors
    assert errors and message in errors[0].message
    assert errors[0].span.line == SOURCE.split(old)[0].count("\n") + 1


def test_where_a_players_units_stand_follows_every_move_and_each_clone(tmp_path: Path) -> None:
    """units(p, K) is kept per state between moves: a put, a move and a take each show at once,
    and a clone that moves a unit leaves the original's answer as it was."""
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    give(s, 0, grain=2)
    where = ["units", ["var", "p"], "knight"]
    assert _value(g, s, where, p=0) == ()
    act(s, "do recruit edge 5")
    assert _value(g, s, where, p=0) == (5,)
    c = s.clone()
    act(c, "do dismiss edge 5")
    assert _value(g, c, where, p=0) == () and _value(g, s, where, p=0) == (5,)
    act(s, "do march edge 5")
    act(s, "choose edge 8")
    assert _value(g, s, where, p=0) == (8,) and _value(g, s, where, p=1) == ()


@settings(max_examples=200, deadline=None)
@given(seats=st.integers(1, 6), data=st.data())
def test_a_players_units_are_read_off_the_table_in_place_order(seats: int, data) -> None:
    """units(p, U) lists the places where p has a unit, in id order: on intersections any
    count of any seat (a count per place and seat), on paths one owner per path."""
    from types import SimpleNamespace

    from catan_dsl.engine.rules.units import UnitPlaces
    for on in ("vertex", "edge"):
        k = UnitPlaces(SimpleNamespace(unit_on=[on], n_total=seats), 0)
        places = data.draw(st.integers(0, 30))
        if on == "vertex":
            table = data.draw(st.lists(st.integers(0, 3), min_size=places * seats,
                                       max_size=places * seats))
            want = {p: tuple(v for v in range(places) if table[v * seats + p]) for p in range(seats)}
        else:
            table = data.draw(st.lists(st.integers(0, seats), min_size=places, max_size=places))
            want = {p: tuple(e for e in range(places) if table[e] == p + 1) for p in range(seats)}
        assert {p: k.places_of(table, p) for p in range(seats)} == want

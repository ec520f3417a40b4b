"""`can_place(p, kind, n)`: p could place n pieces one after another, each legally. Found while
fuzzing scenarios: asked for more roads than a pocket of the board holds, the look-ahead tried
every order of placement (12 ** (n - 1) clones) and a game hung at that rule. It now says no at
once beyond the supply and gives up after a bounded number of look-ahead placements."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import empty_main, put, texts

SOURCE = """scenario reach "Reach" extends base {
  param want = 2 in 0..20
  counter probe "probe"
  action reach "Reach" { after roll; when can_place(player, road, want); do { gain 1 probe } }
}
"""


def _game(tmp_path: Path, want: int) -> Game:
    p = tmp_path / "reach.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p), params={"want": want})
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def _pocket(s, v0: int, e0: int, radius: int) -> set[int]:
    """The edges within ``radius`` steps of e0 (a step: to an edge sharing a corner)."""
    b = s.board
    seen, frontier = {e0}, {e0}
    for _ in range(radius):
        frontier = {f for e in frontier for v in b.edge_vertices[e] for f in b.vertex_edges[v]} - seen
        seen |= frontier
    return seen


def _boxed_in(g: Game):
    """Player 0 with a settlement and a road in a small pocket of the board whose way out is
    taken by opponents' roads: (state, the number of roads player 0 can still place)."""
    s = empty_main(g)
    b = s.board
    v0 = next(v for v in range(len(b.vertex_edges)) if len(b.vertex_edges[v]) == 3)
    e0 = b.vertex_edges[v0][0]
    put(s, 0, "settlement", v0)
    put(s, 0, "road", e0)
    pocket = _pocket(s, v0, e0, 2)
    corners = {v for e in pocket for v in b.edge_vertices[e]}
    way_out = sorted({f for v in corners for f in b.vertex_edges[v]} - pocket)
    for i, e in enumerate(way_out):       # a few roads each, so no network grows large
        put(s, 1 + i % 3, "road", e)
    return s, len(pocket) - 1


def _tries(monkeypatch) -> list[int]:
    """Counts the look-ahead placements can_place makes."""
    from catan_dsl.engine.base import building
    count = [0]
    quiet = building.place_quiet

    def counted(*args):
        count[0] += 1
        return quiet(*args)
    monkeypatch.setattr(building, "place_quiet", counted)
    return count


def test_a_few_roads_fit_on_an_open_board(tmp_path: Path) -> None:
    s = empty_main(_game(tmp_path, 2))
    b = s.board
    v0 = next(v for v in range(len(b.vertex_edges)) if len(b.vertex_edges[v]) == 3)
    put(s, 0, "settlement", v0)
    put(s, 0, "road", b.vertex_edges[v0][0])
    assert "do reach" in texts(s)


def test_no_more_than_the_supply(tmp_path: Path, monkeypatch) -> None:
    s, _ = _boxed_in(_game(tmp_path, 15))          # 14 roads left after the first
    tries = _tries(monkeypatch)
    assert "do reach" not in texts(s) and tries[0] == 0      # said without looking ahead


def test_no_more_than_the_room_after_a_bounded_look_ahead(tmp_path: Path, monkeypatch) -> None:
    from catan_dsl.engine.rules import functions
    _, room = _boxed_in(_game(tmp_path, 0))
    assert 3 <= room < 12
    assert "do reach" in texts(_boxed_in(_game(tmp_path, room))[0])      # exactly the room
    tries = _tries(monkeypatch)
    over = _boxed_in(_game(tmp_path, room + 1))[0]
    tries[0] = 0
    assert "do reach" not in texts(over)
    bound = functions.PLACE_TRIES
    assert 0 < tries[0] <= bound
    # Unbounded, the same question tries every order of placement in the pocket.
    monkeypatch.setattr(functions, "PLACE_TRIES", 10 ** 9)
    over = _boxed_in(_game(tmp_path, room + 1))[0]
    tries[0] = 0
    assert "do reach" not in texts(over)
    assert tries[0] > 5 * bound, tries[0]

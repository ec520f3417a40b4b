"""Markers on paths (`marker M { on edge; … }`: Traders & Barbarians' barbarians, issue 14) and
the corner-to-corner geometry a piece moving along paths reads (`neighbours`, `path_between`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import check_file, compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.helpers import act, empty_main

SOURCE = """scenario lurk "Lurking bandits" extends base {
  marker bandit "bandit" { on edge; supply 3; max 1 }
  action lurk "Put a bandit on a path" {
    target e in edges where markers(e, bandit) == 0
    when marker_supply(bandit) > 0
    do { put 1 bandit on e }
  }
  action chase "Chase a bandit to another path" {
    target e in edges where markers(e, bandit) > 0
    do { choose f in edges by player where markers(f, bandit) == 0 { move bandit from e to f } }
  }
}
"""


def _game(tmp_path: Path, text: str = SOURCE) -> Game:
    p = tmp_path / "lurk.catan"
    p.write_text(text, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    return Game(ir)


def test_markers_lie_on_paths_one_each_and_move_between_them(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    assert len(s.rules_state.markers[0]) == s.board.n_edges
    act(s, "do lurk edge 5")
    assert s.rules_state.markers[0][5] == 1 and s.rules_state.marker_supply[0] == 2
    assert "do lurk edge 5" not in [str(a) for a in s.legal_actions()]
    act(s, "do chase edge 5")
    act(s, "choose edge 9")
    assert s.rules_state.markers[0][5] == 0 and s.rules_state.markers[0][9] == 1


def test_the_paths_carrying_a_marker_follow_every_move_and_each_clone(tmp_path: Path) -> None:
    """`target e in edges where markers(e, bandit) > 0` lists only the carriers, kept per state
    until a marker moves: each put and move shows in the next listing, and a clone's move
    leaves the original's listing as it was."""
    g = _game(tmp_path)
    s = empty_main(g)

    def chases(state) -> list[str]:
        return [str(a) for a in state.legal_actions() if str(a).startswith("do chase")]
    assert chases(s) == []
    act(s, "do lurk edge 5")
    assert chases(s) == ["do chase edge 5"]
    c = s.clone()
    act(c, "do chase edge 5")
    act(c, "choose edge 9")
    assert chases(c) == ["do chase edge 9"] and chases(s) == ["do chase edge 5"]
    act(s, "do lurk edge 2")
    assert chases(s) == ["do chase edge 2", "do chase edge 5"]


def test_path_markers_are_drawn_on_their_paths(tmp_path: Path) -> None:
    from catan_dsl.render.figure import draw_board, save_figure
    from catan_dsl.render.state_view import state_view
    g = _game(tmp_path)
    s = empty_main(g)
    act(s, "do lurk edge 12")
    view = state_view(s)
    assert view.edge_markers == {12: (("bandit", 1),)} and not view.hex_markers
    out = tmp_path / "s.svg"
    save_figure(draw_board(g.ir, seed=0, state_view=view), str(out))
    assert 'id="markers-e12"' in out.read_text(encoding="utf-8")


def test_a_path_marker_put_on_a_hex_is_located(tmp_path: Path) -> None:
    p = tmp_path / "bad.catan"
    p.write_text(SOURCE.replace("do { put 1 bandit on e }",
                                "do { put 1 bandit on first(h in hexes where true) }"),
                 encoding="utf-8")
    errors = check_file(str(p)).errors
    assert errors and errors[0].code == "E406" and "lie on edges" in errors[0].message


@pytest.mark.parametrize("v", [0, 20, 40])
def test_neighbours_and_the_path_between_them(tmp_path: Path, v: int) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    near, _ = compile_expr(["neighbours", ["var", "v"]], Ctx(g.rules, {"v": "vertex"}))
    between, _ = compile_expr(["path_between", ["var", "v"], ["var", "w"]],
                              Ctx(g.rules, {"v": "vertex", "w": "vertex"}))
    ws = near(s, {"v": v})
    assert set(ws) == set(s.board.vertex_adjacent[v]) and 2 <= len(ws) <= 3
    for w in ws:
        e = between(s, {"v": v, "w": w})
        assert set(s.board.edge_vertices[e]) == {v, w}
    far = next(u for u in range(s.board.n_vertices) if u != v and u not in ws)
    assert between(s, {"v": v, "w": far}) == -1
    assert between(s, {"v": v, "w": v}) == -1          # no path joins an intersection to itself
    # Arguments that are expressions, not variables, take the other path through the table.
    found = ["first", "x", ["neighbours", ["var", "v"]], ["==", ["var", "x"], ["var", "w"]]]
    via_first, _ = compile_expr(["path_between", ["var", "v"], found],
                                Ctx(g.rules, {"v": "vertex", "w": "vertex"}))
    assert [via_first(s, {"v": v, "w": w}) for w in ws] == [between(s, {"v": v, "w": w}) for w in ws]

"""Markers on hexes (issue 13 item 3): `marker NAME { on hex; supply N; max N }`, `put N M on h`,
`take N M from h`, `markers(h, M)` and `marker_supply(M)` — counts move between the supply and
hexes, capped by the supply and the per-hex maximum, said in the log when capped, kept in the
state's digest, and drawn on a rendered game."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import check_file, compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.events import EffectSkipped, MarkersMoved
from catan_dsl.play.gamelog import describe_event
from tests.engine.helpers import act, empty_main, give, pre_roll, put, res, texts

SOURCE = """scenario landing "Landing" extends base {
  marker barbarian "barbarian" { on hex; supply 5; max 3 }
  on built settlement at v where not setup {
    each h in hexes_of(v) { put 2 barbarian on h }
  }
  forbid produce at h where markers(h, barbarian) >= 3
  action drive_off "Drive a barbarian off" {
    cost grain 1
    target h in hexes where markers(h, barbarian) > 0
    do { take 1 barbarian from h }
  }
}
"""


def _game(tmp_path: Path, text: str = SOURCE) -> Game:
    p = tmp_path / "landing.catan"
    p.write_text(text, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    return Game(ir, num_players=4)


def _counts(s) -> list[int]:
    return s.rules_state.markers[s.game.rules.marker_index["barbarian"]]


def _build_settlement(s, v: int) -> list:
    """Player 0 builds a settlement at ``v`` through the real action; the events it caused."""
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    for e in s.board.vertex_edges[v][:1]:
        put(s, 0, "road", e)
    s.drain_events()
    act(s, f"build settlement {v}")
    return s.drain_events()


def _vertex_on(s, hexes: int) -> int:
    return next(v for v in range(s.board.n_vertices) if len(s.board.vertex_hexes[v]) == hexes)


def test_markers_go_on_up_to_the_maximum_and_the_rest_is_said(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    v = _vertex_on(s, 3)
    events = _build_settlement(s, v)
    moved = [e for e in events if isinstance(e, MarkersMoved)]
    assert [(e.hex, e.n, e.now) for e in moved][:2] == [(h, 2, 2) for h in s.board.vertex_hexes[v]][:2]
    # 3 hexes x 2 asked, but the supply holds 5: the third hex gets 1 and the log says why.
    assert sorted(_counts(s)[h] for h in s.board.vertex_hexes[v]) == [1, 2, 2]
    assert s.rules_state.marker_supply[0] == 0
    skipped = [e for e in events if isinstance(e, EffectSkipped)]
    assert len(skipped) == 1 and "the barbarian supply is empty" in skipped[0].reason


def test_a_hex_holds_at_most_its_maximum(tmp_path: Path) -> None:
    g = _game(tmp_path, SOURCE.replace("supply 5", "supply 30"))
    s = empty_main(g, 0, 0)
    v = _vertex_on(s, 3)
    _build_settlement(s, v)
    h = s.board.vertex_hexes[v][0]
    other = next(u for u in s.board.hex_vertices[h] if u not in s.board.vertex_adjacent[v]
                 and u != v and s.v_blocked[u] == 0)
    events = _build_settlement(s, other)
    assert _counts(s)[h] == 3                              # 2 + 2 asked, 3 at most
    skipped = [e for e in events if isinstance(e, EffectSkipped)]
    assert any(f"hex {h} holds its maximum of 3" in e.reason for e in skipped)


def _roll_on(g: Game, markers_on_h: int) -> int:
    """Cards a settlement beside hex 0 (mountains 10 on the beginner board) gets from a 10 when
    ``markers_on_h`` barbarians lie on that hex (its only 10)."""
    s = empty_main(g, 0, 0)
    h = 0
    v = next(u for u in s.board.hex_vertices[h]
             if all(x == h or 10 not in s.board.hex_numbers[x] for x in s.board.vertex_hexes[u]))
    put(s, 1, "settlement", v)            # (its 'on built' rule puts barbarians around it)
    _counts(s)[h] = markers_on_h
    pre_roll(s, 0)
    before = s.hand[1][res(g, "ore")]
    act(s, "roll 10")
    return s.hand[1][res(g, "ore")] - before


def test_a_rule_reads_the_count_three_barbarians_stop_production(tmp_path: Path) -> None:
    g = _game(tmp_path, SOURCE.replace("supply 5", "supply 30"))
    assert _roll_on(g, 2) == 1 and _roll_on(g, 3) == 0


def test_an_action_takes_a_marker_back_to_the_supply(tmp_path: Path) -> None:
    g = _game(tmp_path, SOURCE.replace("supply 5", "supply 30"))
    s = empty_main(g, 0, 0)
    h = 4
    _counts(s)[h] = 2
    give(s, 0, grain=1)
    assert f"do drive_off hex {h}" in texts(s)
    act(s, f"do drive_off hex {h}")
    assert _counts(s)[h] == 1 and s.rules_state.marker_supply[0] == 31
    assert f"do drive_off hex {h}" not in texts(s)          # no grain left


def test_the_log_and_the_digest_carry_markers(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    events = _build_settlement(s, _vertex_on(s, 3))
    moved = next(e for e in events if isinstance(e, MarkersMoved))
    line = describe_event(moved, ["Red", "Blue", "White", "Orange"], g.ir)
    assert line.startswith(f"2 barbarians placed on hex {moved.hex} (") and "(now 2)  [" in line
    assert line.endswith("landing.catan:3]")                 # the rule that put them
    assert s.rules_state.to_dict()["markers"][0][moved.hex] == 2
    base = Game(compile_file("scenarios/fishermen.catan")[0], num_players=4).new_initial_state(0)
    assert "markers" not in base.rules_state.to_dict()     # other games' digests unchanged


def test_a_rendered_game_shows_the_markers(tmp_path: Path) -> None:
    from catan_dsl.render.figure import draw_board, figure_bytes
    from catan_dsl.render.state_view import state_view

    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    _counts(s)[4] = 3
    view = state_view(s)
    assert view.hex_markers == {4: (("barbarian", 3),)}
    svg = figure_bytes(draw_board(g.ir, state_view=view), "svg").decode("utf-8")
    assert 'id="markers-h4"' in svg and "3 × barbarian" in svg


@pytest.mark.parametrize("line, code, col", [
    ('  marker barbarian "barbarian" { on vertex; supply 5; max 3 }', "E206", 37),
    ("    each h in hexes_of(v) { put 2 barbarians on h }", "E407", 35),
    ("    each h in hexes_of(v) { put 2 barbarian on v }", "E406", 48),
])
def test_mistakes_are_located(tmp_path: Path, line: str, code: str, col: int) -> None:
    lines = SOURCE.splitlines()
    i = next(k for k, x in enumerate(lines) if x.split()[:2] == line.split()[:2])
    lines[i] = line
    p = tmp_path / "bad.catan"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    errors = check_file(str(p)).errors
    assert [(e.code, e.span.line, e.span.col) for e in errors][:1] == [(code, i + 1, col)]

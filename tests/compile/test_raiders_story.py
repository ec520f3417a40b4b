"""docs/examples/stories/raiders.catan — the mechanisms Barbarian Attack needs, used together as
a designer would: landings picked by pips, an overrun hex that yields nothing, buildings that lose
their VP and harbor, a colour die, an action taking a marker back. Checks clean, plays, replays,
and each rule happens when set up."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main
from catan_dsl.engine import Game
from catan_dsl.engine.events import MarkersMoved
from catan_dsl.play.playtest import run_games
from tests.engine.helpers import act, empty_main, give, pre_roll, put, texts

STORY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "stories" / "raiders.catan"


def _game() -> Game:
    ir, report = compile_file(str(STORY))
    assert ir is not None and not report.diagnostics, report.render_text()
    return Game(ir, num_players=4)


def test_it_plays_to_the_end_and_replays(tmp_path: Path) -> None:
    summary = run_games(_game().ir, ["random"] * 4, 4, seed=3)
    assert summary.cap_share == 0 and summary.mean_actions.get("drive_off", 0) > 0
    r = CliRunner().invoke(main, ["play", str(STORY), "--seed", "4", "--bots", "random", "--json"])
    (tmp_path / "g.json").write_text(r.output, encoding="utf-8")
    r = CliRunner().invoke(main, ["replay", str(tmp_path / "g.json")])
    assert r.exit_code == 0 and "verified" in r.output


def test_building_lands_two_raiders_on_different_coastal_hexes() -> None:
    g = _game()
    s = empty_main(g, 0, 0)
    v = next(u for u in range(s.board.n_vertices) if len(s.board.vertex_hexes[u]) == 3)
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    put(s, 0, "road", s.board.vertex_edges[v][0])
    act(s, f"build settlement {v}")
    landed = []
    while s.is_chance_node():
        a = s.chance_outcomes()[0][0]
        s.drain_events()
        s.apply_action(a)
        landed += [e.hex for e in s.drain_events() if isinstance(e, MarkersMoved)]
    assert len(landed) == 2 == len(set(landed)) and all(g.rules.coast["hex"][h] for h in landed)


def test_an_overrun_corner_yields_nothing_scores_nothing_and_loses_its_harbor() -> None:
    g = _game()
    s = empty_main(g, 0, 0)
    harbor = next(h for h in g.ir["board"]["harbors"] if h["ratio"] == 2)
    v = harbor["vertices"][0]
    put(s, 1, "settlement", v)
    assert s.vp(1) == 1
    raiders = s.rules_state.markers[0]
    for h in s.board.vertex_hexes[v]:
        raiders[h] = 3
    s.rules_state.markers_moved()             # as the marker effects do (caches compare it)
    assert s.vp(1) == 0                                       # lying down: no VP
    assert g.rules.trade_ratios(s, 1) == [g.bank_ratio] * len(g.resources)
    h = s.board.vertex_hexes[v][0]
    number = s.board.hex_numbers[h][0] if s.board.hex_numbers[h] else None
    if number is not None and number != 7:
        pre_roll(s, 0)
        before = sum(s.hand[1])
        act(s, f"roll {number}")
        assert sum(s.hand[1]) == before                      # the overrun hex yields nothing
    s2 = empty_main(g, 0, 0)
    s2.rules_state.markers[0][h] = 3
    give(s2, 0, grain=1)
    act(s2, f"do drive_off hex {h}")
    assert s2.rules_state.markers[0][h] == 2 and "do drive_off" not in " ".join(texts(s2))

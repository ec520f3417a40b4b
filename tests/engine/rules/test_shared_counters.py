"""Shared counters (issue 12 item 4): one value for the whole game, read by bare name, changed
with `set` and clamped to 0..max with a warning, shown once in the log, playtest and picture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main
from catan_dsl.engine import Game
from catan_dsl.engine.invariants import violations
from catan_dsl.play.gamelog import describe_event
from catan_dsl.play.playtest import shared_values
from tests.engine.helpers import empty_main

OIL = """scenario oil "Oil" extends base {
  counter pollution "pollution" { shared; start 1; max 5 }
  on turn_ended { set pollution = pollution + 2 }
  on turn_started where pollution >= 5 { gain 1 ore }
}
"""


def _oil(tmp_path: Path) -> tuple[Path, Game]:
    path = tmp_path / "oil.catan"
    path.write_text(OIL, encoding="utf-8")
    ir, report = compile_file(str(path), seed=1)
    assert ir is not None, report.render_text()
    return path, Game(ir, num_players=4)


def test_one_value_for_the_game_across_every_players_turn(tmp_path: Path) -> None:
    """Each player's turn end adds 2 to the same track (not to his own), clamped at 5."""
    _, g = _oil(tmp_path)
    assert g.ir["counters"]["pollution"] == {"label": "pollution", "start": 1, "supply": None,
                                             "tradeable": False, "shared": True, "max": 5}
    s = empty_main(g)
    assert shared_values(s) == {"pollution": 1}
    from catan_dsl.engine import parse_action

    seen = []
    for _ in range(3):                   # three players end their turns in a row
        s.drain_events()
        s.apply_action(parse_action("end turn", g))
        seen.append(shared_values(s)["pollution"])
        while s.current_player() < 0:    # the next turn's roll
            s.apply_action(s.chance_outcomes()[0][0])
        from catan_dsl.engine.state import MAIN
        s.phase, s.prompts = MAIN, []
        s._legal = None
    assert seen == [3, 5, 5]
    assert all(row[0] == 0 for row in s.rules_state.counters)     # nobody holds the track
    assert violations(s) == []


def test_a_clamped_value_is_logged_as_a_warning(tmp_path: Path) -> None:
    from catan_dsl.engine.events import SharedCounterSet

    _, g = _oil(tmp_path)
    line = describe_event(SharedCounterSet("pollution", 5, 7), ["Red"], g.ir)
    assert line == "pollution is now 5 (warning: 7 is outside 0..5, clamped)"
    assert describe_event(SharedCounterSet("pollution", 3, 3), ["Red"], g.ir) == "pollution is now 3"


def test_playtest_and_the_picture_show_it_once(tmp_path: Path) -> None:
    path, _ = _oil(tmp_path)
    r = CliRunner().invoke(main, ["playtest", str(path), "--games", "3", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["mean_shared"] == {"pollution": 5.0}
    assert all("pollution" not in json.dumps(seat) for seat in doc["seats"])
    r = CliRunner().invoke(main, ["play", str(path), "--seed", "1", "--max-turns", "4"])
    assert "pollution is now 3" in r.output
    from catan_dsl.render.state_view import state_view

    _, g = _oil(tmp_path)
    view = state_view(empty_main(g))
    assert view.shared_labels == ("pollution 1 of 5",)
    assert not any("pollution" in label for label in view.player_labels)


@pytest.mark.parametrize("rule, needle", [
    ("on turn_ended { gain 1 pollution }", "pollution is a shared counter"),
    ("counter gold { start 0 }\n  on turn_ended { set gold = 1 }", "only a shared counter is set"),
])
def test_shared_and_player_counters_are_not_mixed_up(tmp_path: Path, rule: str, needle: str) -> None:
    path = tmp_path / "bad.catan"
    path.write_text(OIL.replace("  on turn_ended { set pollution = pollution + 2 }", "  " + rule),
                    encoding="utf-8")
    ir, report = compile_file(str(path))
    assert ir is None and any(needle in d.message for d in report.errors), report.render_text()

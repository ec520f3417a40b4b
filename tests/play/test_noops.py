"""No silent no-ops (issue 12 item 10, run-time part): a rule effect that does nothing in full
says why in the log, playtest counts such effects per rule, and `play --strict` stops at the
first with its rule's file:line."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from catan_dsl.cli import main

GREEDY = """scenario n extends base {
  on turn_started { gain 30 ore }
}
"""
NO_SPOT = """scenario n extends base {
  on turn_ended { place city for player at choice }
}
"""


def _file(tmp_path: Path, text: str) -> str:
    p = tmp_path / "n.catan"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_the_log_says_why_an_effect_did_nothing_in_full(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["play", _file(tmp_path, GREEDY), "--seed", "1",
                                  "--max-turns", "2"])
    assert r.exit_code == 0
    assert "'gain' did nothing in full: the bank holds 17 ore, not 30" in r.output
    assert "n.catan:2]" in r.output


def test_strict_play_stops_at_the_first_with_its_location(tmp_path: Path) -> None:
    path = _file(tmp_path, GREEDY)
    r = CliRunner().invoke(main, ["play", path, "--seed", "1", "--strict"])
    assert r.exit_code == 1
    assert f"{path}:2: --strict: 'gain' did nothing in full" in r.output
    assert "turn 3" not in r.output


def test_playtest_counts_no_ops_per_rule(tmp_path: Path) -> None:
    path = _file(tmp_path, NO_SPOT)
    r = CliRunner().invoke(main, ["playtest", path, "--games", "3", "--json"])
    assert r.exit_code == 0, r.output
    noops = json.loads(r.output)["mean_noops"]
    assert list(noops) == [f"n.1 at {path}:2"] or list(noops) == [f"{path}:2"]
    assert next(iter(noops.values())) > 1        # every city placed: the rest did nothing
    r = CliRunner().invoke(main, ["playtest", path, "--games", "3", "--strict"])
    assert r.exit_code == 1 and "--strict: a rule effect did nothing in full" in r.output
    assert f"{path}:2" in r.output and "game 0 (seed 0)" in r.output

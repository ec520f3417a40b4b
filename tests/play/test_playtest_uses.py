"""Playtest summary of rule use: RuleActionTaken / card / rule-placed-piece events → mean uses per game."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main as cli_main
from catan_dsl.engine import Game
from catan_dsl.play.playtest import play_game, run_games

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "scenarios" / "base.catan"


def c42_ir() -> dict:
    ir, report = compile_file(str(BASE), with_=("catan_for_two",))
    assert ir is not None, report.render_text()
    return ir


def test_a_games_action_counts_match_its_transcript() -> None:
    ir = c42_ir()
    r = play_game(Game(ir), ["random", "random"], seed=4, max_turns=80, record=True, ir=ir)
    steps = [st["action"] for st in r.transcript["steps"]]
    assert r.actions == dict(Counter(a.split()[1] for a in steps if a.startswith("do ")))
    assert r.cards == dict(Counter(a.split()[1] for a in steps if a.startswith("play ")))
    assert r.actions, "80 turns of random play use some token action"
    # Every road or settlement a real player builds outside the setup mirrors one neutral piece.
    assert r.placed.get("road", 0) + r.placed.get("settlement", 0) > 0


def test_summary_means_over_all_games_and_worker_independent() -> None:
    ir = c42_ir()
    one = run_games(ir, ["random", "random"], games=4, seed=2, workers=1, max_turns=40)
    two = run_games(ir, ["random", "random"], games=4, seed=2, workers=2, max_turns=40)
    assert one.stats() == two.stats()
    for name, mean in one.mean_actions.items():
        assert mean == sum(r.actions.get(name, 0) for r in one.results) / 4
    assert set(one.stats()["mean_actions"]) <= {"forced_trade", "robber_to_desert", "return_knight"}


def test_base_game_reports_no_rule_actions(base_ir: dict) -> None:
    s = run_games(base_ir, ["random"] * 4, games=2, seed=1, max_turns=30)
    assert s.mean_actions == {} and s.mean_placed == {}


def test_cli_prints_and_exports_the_uses() -> None:
    runner = CliRunner()
    args = ["playtest", str(BASE), "--with", "catan_for_two", "--games", "2", "--bots", "random",
            "--players", "2", "--max-turns", "40"]
    text = runner.invoke(cli_main, args)
    assert text.exit_code == 0, text.output
    assert "uses per game" in text.output and "action forced_trade" in text.output
    data = json.loads(runner.invoke(cli_main, args + ["--json"]).output)
    assert "forced_trade" in data["mean_actions"] and "road" in data["mean_placed"]

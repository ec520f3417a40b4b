"""Bot lists, seatings and bot specs → the bot in each seat of each game, results per seat and per bot, in text, JSON and reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.bots import make_bot, parse_spec, with_settings
from catan_dsl.bots.mcts import THINK_MS
from catan_dsl.cli import main
from catan_dsl.cli.common import EXIT_USAGE
from catan_dsl.play.playtest import run_games
from catan_dsl.play.seats import FIXED, ROTATED, seat_bots

BASE = str(Path(__file__).resolve().parents[1] / "fixtures" / "base_beginner.ir.json")


def _run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_rotated_seats_shift_the_list_by_the_game_index() -> None:
    bots = ["a", "b", "c", "d"]
    assert seat_bots(bots, 0, ROTATED) == ("a", "b", "c", "d")
    assert seat_bots(bots, 1, ROTATED) == ("d", "a", "b", "c")     # a moved to seat 1
    assert seat_bots(bots, 6, ROTATED) == ("c", "d", "a", "b")
    assert seat_bots(bots, 6, FIXED) == ("a", "b", "c", "d")
    # Over any n consecutive games, every bot sits in every seat exactly once.
    for seat in range(4):
        assert sorted(seat_bots(bots, i, ROTATED)[seat] for i in range(5, 9)) == bots
    with pytest.raises(ValueError, match="seating"):
        seat_bots(bots, 0, "shuffled")


def test_a_rotated_run_reports_each_game_seating_and_results_per_bot(base_ir: dict) -> None:
    """Each result names its own seating; a seat that held several bots says so; the per-bot
    wins add up to the games won, and the greedy bot, whichever seat it held, beats random."""
    bots = ["greedy", "random", "random", "random"]
    s = run_games(base_ir, bots, games=8, seed=3, max_turns=200, seating=ROTATED)
    assert [r.bots for r in s.results] == [seat_bots(bots, i, ROTATED) for i in range(8)]
    assert [seat.bot for seat in s.seats] == ["rotated"] * 4
    per_bot = {b.bot: b for b in s.per_bot}
    assert set(per_bot) == {"greedy", "random"}
    assert per_bot["greedy"].seats == 1 and per_bot["random"].seats == 3
    assert per_bot["greedy"].equal_share == 0.25 and per_bot["random"].equal_share == 0.75
    assert per_bot["greedy"].wins + per_bot["random"].wins == 8 - s.no_winner
    assert per_bot["greedy"].wins >= 6
    stats = s.stats()
    assert stats["seating"] == "rotated" and len(stats["per_bot"]) == 2
    fixed = run_games(base_ir, bots, games=2, seed=3, max_turns=20)
    assert [seat.bot for seat in fixed.seats] == bots and fixed.seating == FIXED


def test_playtest_rotates_by_default_and_fixed_keeps_the_order() -> None:
    rotated = json.loads(_run("playtest", BASE, "--games", "4", "--bots", "greedy,random",
                              "--max-turns", "30", "--json", "--workers", "1").output)
    assert rotated["seating"] == "rotated"
    assert [s["bot"] for s in rotated["seats"]] == ["rotated", "rotated"]
    assert [b["bot"] for b in rotated["per_bot"]] == ["greedy", "random"]
    fixed = json.loads(_run("playtest", BASE, "--games", "4", "--bots", "greedy,random",
                            "--max-turns", "30", "--json", "--seats", "fixed",
                            "--workers", "1").output)
    assert [s["bot"] for s in fixed["seats"]] == ["greedy", "random"]


def test_default_seats_hold_one_bot_everywhere_and_speak_of_seats() -> None:
    r = _run("playtest", BASE, "--games", "3", "--max-turns", "20", "--workers", "1")
    assert r.exit_code == 0, r.output
    assert r.output.count(" greedy ") == 4 and "per bot" not in r.output


def test_the_text_table_has_a_per_bot_section_when_bots_differ() -> None:
    r = _run("playtest", BASE, "--games", "4", "--bots", "greedy,random,random,random",
             "--max-turns", "40", "--workers", "1")
    assert r.exit_code == 0, r.output
    assert "per bot (seats rotated: game i shifts the bot list by i)" in r.output
    assert "equal share" in r.output and "Red      rotated" in r.output


def test_the_report_speaks_of_the_first_seat_only_with_one_bot_everywhere(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.md"
    _run("playtest", BASE, "--games", "4", "--bots", "greedy,random", "--max-turns", "30",
         "--report", str(mixed), "--workers", "1")
    text = mixed.read_text(encoding="utf-8")
    assert "Win rate per bot" in text and "Seats were rotated" in text
    assert "play one bot in every seat" in text and "first seat wins more" not in text
    same = tmp_path / "same.md"
    _run("playtest", BASE, "--games", "4", "--bots", "random", "--max-turns", "30",
         "--report", str(same), "--workers", "1")
    text = same.read_text(encoding="utf-8")
    assert "Win rate per bot" not in text and "the interval:" in text


def test_bot_specs_carry_settings_and_bad_ones_are_usage_errors() -> None:
    assert parse_spec("mcts:playouts=40") == ("mcts", {"playouts": 40})
    assert make_bot("mcts:think_ms=30").think_ms == 30
    assert with_settings("mcts", think_ms=50, playouts=None) == "mcts:think_ms=50"
    assert with_settings("mcts:playouts=9", playouts=3) == "mcts:playouts=9"   # its own wins
    assert with_settings("greedy", playouts=3) == "greedy"
    for bad, why in (("mcts:depth=2", "no setting 'depth'"), ("mcts:playouts=0", "at least 1"),
                     ("greedy:playouts=3", "no setting 'playouts'"), ("clever", "unknown bot")):
        with pytest.raises(ValueError, match=why):
            parse_spec(bad)
        r = _run("play", BASE, "--bots", bad, "--max-turns", "1")
        assert r.exit_code == EXIT_USAGE and why.split("'")[0] in r.output


def test_budget_options_reach_every_search_seat_and_the_help_names_the_default() -> None:
    r = _run("play", BASE, "--bots", "mcts,greedy", "--playouts", "2", "--max-turns", "2")
    assert r.exit_code == 0, r.output
    assert "Red (mcts:playouts=2), Blue (greedy)" in r.output
    assert f"(default {THINK_MS})" in _run("playtest", "--help").output


def test_replay_recomputes_a_playout_budget_and_checks_a_time_budget_for_legality(
        tmp_path: Path) -> None:
    for spec, full in (("mcts:playouts=2", True), ("mcts:think_ms=5", False)):
        r = _run("play", BASE, "--bots", f"{spec},greedy", "--seed", "2", "--max-turns", "6",
                 "--json")
        path = tmp_path / "game.json"
        path.write_text(r.output, encoding="utf-8")
        out = _run("replay", str(path)).output
        assert out.startswith("verified") and ("legality only" not in out) == full

"""`catan-dsl play / replay / playtest` through click's CliRunner: output, exit codes, errors."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from catan_dsl.cli import main
from catan_dsl.cli.common import EXIT_ERRORS, EXIT_MISMATCH, EXIT_USAGE
from catan_dsl.play.transcript import FORMAT

BASE = str(Path(__file__).resolve().parents[1] / "fixtures" / "base_beginner.ir.json")


def _run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_play_prints_a_readable_log() -> None:
    r = _run("play", BASE, "--seed", "3", "--max-turns", "30")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "players: Red (greedy), Blue (greedy), White (greedy), Orange (greedy)" in out
    assert "== setup ==" in out and "== turn 1: " in out
    assert "rolled" in out and "built a settlement" in out and "built a road" in out
    assert "VP by source" in out and "total" in out
    assert "Traceback" not in out


def test_play_players_default_to_the_bots_given() -> None:
    r = _run("play", BASE, "--bots", "random,random", "--max-turns", "5")
    assert r.exit_code == 0, r.output
    assert "players: Red (random), Blue (random)\n" in r.output


def test_play_json_is_a_transcript_that_replays(tmp_path: Path) -> None:
    r = _run("play", BASE, "--seed", "4", "--max-turns", "25", "--json")
    assert r.exit_code == 0
    doc = json.loads(r.output)
    assert doc["format"] == FORMAT and doc["seed"] == 4 and doc["source"] == BASE
    path = tmp_path / "game.json"
    path.write_text(r.output)
    ok = _run("replay", str(path))
    assert ok.exit_code == 0 and ok.output == f"verified {len(doc['steps'])} steps\n"

    doc["steps"][30]["legal"] += 5
    path.write_text(json.dumps(doc))
    bad = CliRunner().invoke(main, ["replay", str(path), "--scenario", BASE])
    assert bad.exit_code == EXIT_MISMATCH
    assert "step 30: legal action count" in bad.output


def test_playtest_json_is_identical_for_one_and_two_workers() -> None:
    args = ["playtest", BASE, "--games", "4", "--seed", "9", "--max-turns", "30", "--json"]
    a = json.loads(_run(*args, "--workers", "1").output)
    b = json.loads(_run(*args, "--workers", "2").output)
    a.pop("timing"), b.pop("timing")
    assert a == b and a["games"] == 4 and len(a["seats"]) == 4


def test_playtest_table() -> None:
    r = _run("playtest", BASE, "--games", "3", "--max-turns", "20", "--bots", "random")
    assert r.exit_code == 0, r.output
    assert "95% CI" in r.output and "games/s" in r.output and "median" in r.output


def test_bad_bot_name_is_a_usage_error_naming_the_valid_bots() -> None:
    r = CliRunner().invoke(main, ["play", BASE, "--bots", "greedy,smart"])
    assert r.exit_code == EXIT_USAGE
    assert "unknown bot 'smart'" in r.output and "greedy" in r.output and "random" in r.output
    assert "Traceback" not in r.output


def test_unreadable_files_exit_1_without_traceback(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["play", str(tmp_path / "missing.catan")])
    assert r.exit_code == EXIT_ERRORS and "cannot read" in r.output
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    r = CliRunner().invoke(main, ["replay", str(junk)])
    assert r.exit_code == EXIT_ERRORS and "not valid JSON" in r.output
    r = CliRunner().invoke(main, ["replay", BASE])
    assert r.exit_code == EXIT_ERRORS and "not a catan-dsl-transcript" in r.output


def test_replay_rebuilds_a_named_board_from_source(tmp_path: Path) -> None:
    """A transcript without its IR replays against the scenario the user names, rebuilt with the
    transcript's board; the path the transcript names is never opened."""
    source = str(Path(__file__).resolve().parents[2] / "scenarios" / "base.catan")
    r = _run("play", source, "--board", "tournament", "--seed", "6", "--max-turns", "15", "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["board"] == "tournament" and doc["source"] == source
    del doc["ir"]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["replay", str(path)])
    assert r.exit_code == EXIT_ERRORS and "carries no IR" in r.output
    assert "pass --scenario FILE" in r.output
    assert _run("replay", str(path), "--scenario", source).exit_code == 0


def test_replay_reads_the_ir_the_transcript_carries_not_its_source(tmp_path: Path) -> None:
    """Issue 18 item 6: the transcript carries its rules; 'source' is informational, so a
    transcript naming a file elsewhere (or nowhere) replays from its own IR, and an edited IR is
    caught by the header's hash before any step."""
    r = _run("play", BASE, "--seed", "3", "--max-turns", "10", "--json")
    doc = json.loads(r.output)
    doc["source"] = "/etc/passwd.catan"
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["replay", str(path)])
    assert r.exit_code == 0 and "passwd" not in r.output
    doc["ir"]["victory"]["target"] = 3
    path.write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["replay", str(path)])
    assert r.exit_code == EXIT_ERRORS and "/ir does not match the header's ir_sha256" in r.output


def test_an_engine_failure_is_one_error_line_not_a_traceback(monkeypatch) -> None:
    import catan_dsl.play.playtest

    def boom(*args, **kwargs):
        raise KeyError("unsupported rule")

    monkeypatch.setattr(catan_dsl.play.playtest, "play_game", boom)
    r = CliRunner().invoke(main, ["play", BASE])
    assert r.exit_code == EXIT_ERRORS
    assert "the engine could not play this scenario: KeyError" in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)

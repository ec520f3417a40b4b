"""Hostile command lines and files (issue 18, first part): refused with one clear line and a
non-zero exit, never a hang, a traceback or a silent default."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.check.load import MAX_SOURCE_BYTES
from catan_dsl.cli import main

ROOT = Path(__file__).resolve().parents[2]
BASE = str(ROOT / "scenarios" / "base.catan")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """E108: reading a FIFO would wait forever; it is named and refused at once."""
    fifo = tmp_path / "game.catan"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-c", "from catan_dsl.cli import main; main()",
                           "check", str(fifo)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "error[E108]" in proc.stdout and "named pipe (FIFO)" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


def test_a_folder_where_a_file_is_expected_is_named(tmp_path: Path) -> None:
    r = run("compile", str(tmp_path))
    assert r.exit_code == 1 and "error[E108]" in r.output and "it is a folder" in r.output


def test_file_diagnostics_carry_their_codes_in_json(tmp_path: Path) -> None:
    big = tmp_path / "big.catan"
    big.write_text("#" * (MAX_SOURCE_BYTES + 1))
    r = run("check", "--format", "json", str(big), str(tmp_path))
    codes = [d["code"] for d in json.loads(r.output)["diagnostics"]]
    assert codes == ["E107"]
    r = run("compile", str(tmp_path))
    assert "E108" in r.output and r.exit_code == 1


def test_a_huge_source_file_is_refused_with_the_limit(tmp_path: Path) -> None:
    """E107: the limit is in the message (docs/limits.md)."""
    big = tmp_path / "big.catan"
    big.write_text("#" * (MAX_SOURCE_BYTES + 10) + "\n")
    r = run("check", str(big))
    assert r.exit_code == 1 and "error[E107]" in r.output
    assert f"limit of {MAX_SOURCE_BYTES:,} bytes" in r.output


def test_checking_a_folder_without_scenarios_fails(tmp_path: Path) -> None:
    r = run("check", str(tmp_path))
    assert r.exit_code == 1 and "no .catan files found" in r.output


@pytest.mark.parametrize("args, message", [
    (("play", BASE, "--players", "0"), "0 is not in the range x>=1"),
    (("play", BASE, "--players", "7"), "this scenario is for 2–4 players, not 7"),
    (("play", BASE, "--max-turns", "-5"), "-5 is not in the range x>=1"),
    (("playtest", BASE, "--games", "0"), "0 is not in the range 1<=x<=1000000"),
    # Refused before a game: a pool's chunks are listed up front, and 10**12 filled the memory.
    (("playtest", BASE, "--games", str(10**12)), "is not in the range 1<=x<=1000000"),
    (("compare", BASE, "--with-b", "harbormaster", "--games", str(10**12)), "1<=x<=1000000"),
    (("sweep", BASE, "--set", "vp_target=8,9", "--games", str(10**12)), "1<=x<=1000000"),
    (("playtest", BASE, "--games", "2", "--workers", "0"), "0 is not in the range x>=1"),
])
def test_numeric_options_are_validated(args: tuple[str, ...], message: str) -> None:
    r = run(*args)
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output


def test_workers_beyond_the_games_change_nothing() -> None:
    """--workers is capped at the number of games and CPUs; results never depend on it."""
    one = json.loads(run("playtest", BASE, "--games", "2", "--seed", "3", "--json").output)
    many = json.loads(run("playtest", BASE, "--games", "2", "--seed", "3", "--json",
                          "--workers", "32").output)
    for d in (one, many):
        d.pop("timing")
    assert one == many


def test_compiled_ir_is_written_with_the_users_umask(tmp_path: Path) -> None:
    out = tmp_path / "base.json"
    old = os.umask(0o022)
    try:
        assert run("compile", BASE, "-o", str(out)).exit_code == 0
    finally:
        os.umask(old)
    assert out.stat().st_mode & 0o777 == 0o644


def test_a_transcript_cannot_make_replay_open_another_file(tmp_path: Path) -> None:
    r = run("play", BASE, "--seed", "1", "--json", "--max-turns", "3")
    doc = json.loads(r.output)
    secret = tmp_path / "secret.txt"
    secret.write_text("the first line is private\n")
    doc["source"] = str(secret)
    evil = tmp_path / "evil.json"
    evil.write_text(json.dumps(doc))
    r = run("replay", str(evil))                  # its own IR: 'source' is never opened
    assert r.exit_code == 0 and "private" not in r.output, r.output
    del doc["ir"]
    evil.write_text(json.dumps(doc))
    r = run("replay", str(evil))
    assert r.exit_code == 1 and "carries no IR" in r.output and "private" not in r.output
    r = run("replay", str(evil), "--scenario", BASE)       # naming the scenario still works
    assert r.exit_code == 0, r.output


RUNAWAY = """scenario runaway "Runaway" extends base {
  counter tick "tick"
  on turn_ended { repeat 100 { repeat 100 { repeat 100 { gain 1 tick } } } }
}
"""


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_runaway_rule_stops_the_game_at_its_line_with_a_hint(tmp_path: Path, workers: str) -> None:
    """A rule that does more than one action may (a million steps at each turn's end) stops the
    playtest with its file:line and what to change, in this process and from worker processes
    alike (where the error once could not travel back, and the run hung)."""
    (tmp_path / "runaway.catan").write_text(RUNAWAY, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-c", "from catan_dsl.cli import main; main()",
                           "playtest", "runaway.catan", "--games", "2", "--bots", "random",
                           "--workers", workers],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.startswith("error: runaway.catan:3: the game stopped: rule step budget")
    assert "help: a rule that never stops" in proc.stderr and "bug in catan-dsl" not in proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr


def test_a_rule_that_rerolls_every_roll_stops_play_at_its_line(tmp_path: Path) -> None:
    """`on rolled { reroll }` once printed rolls without end (the budget began again at every
    roll); re-rolls now count against it, so `play` stops with the rule's line and exit 1."""
    (tmp_path / "rr.catan").write_text("scenario rr extends base {\n  on rolled { reroll }\n}\n",
                                       encoding="utf-8")
    r = CliRunner().invoke(main, ["play", str(tmp_path / "rr.catan"), "--seed", "1"])
    assert r.exit_code == 1
    assert "rr.catan:2: the game stopped: rule step budget exceeded" in r.output
    assert "re-rolls and other chance steps count" in r.output
    assert r.output.count("does not count: roll again") < 2_000

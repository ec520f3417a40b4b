"""Output paths a user gets wrong: never a lost source file, never a long run lost to a report
path that was wrong from the start."""

from __future__ import annotations

import errno
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.cli import main

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "scenarios" / "base.catan"
SHORT = ["--games", "1", "--max-turns", "3", "--workers", "1"]


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("target", ["same", "other.catan"])
def test_compile_never_writes_ir_over_a_scenario_source(tmp_path: Path, target: str) -> None:
    """`compile my.catan -o my.catan` used to replace the designer's source with JSON."""
    src = tmp_path / "my.catan"
    shutil.copy(BASE, src)
    out = src if target == "same" else tmp_path / target
    out.write_text(src.read_text()) if target != "same" else None
    before = out.read_text()
    r = run("compile", src, "-o", out)
    assert r.exit_code == 2 and "'-o'" in r.output and "name a .json file" in r.output
    assert out.read_text() == before and "Traceback" not in r.output


@pytest.mark.parametrize("command", [["playtest", BASE], ["compare", BASE, BASE,
                                                          "--with-b", "harbormaster"],
                                     ["sweep", BASE, "--set", "vp_target=8,10"]])
@pytest.mark.parametrize("report, says", [("out.txt", "name an .html or .md file"),
                                          ("missing/out.md", "does not exist")])
def test_a_wrong_report_path_stops_before_any_game(tmp_path: Path, monkeypatch, command,
                                                    report: str, says: str) -> None:
    """A typo in --report used to surface only after every game was played, and the run's
    results were not printed at all."""
    import catan_dsl.play.playtest as playtest

    def no_games(*a, **k):  # type: ignore[no-untyped-def]
        raise AssertionError("a game was played")

    monkeypatch.setattr(playtest, "run_games", no_games)
    r = run(*command, *SHORT, "--report", tmp_path / report)
    assert r.exit_code == 2 and "'--report'" in r.output and says in r.output


@pytest.mark.parametrize("command", [["playtest", BASE], ["compare", BASE, BASE,
                                                          "--with-b", "harbormaster"],
                                     ["sweep", BASE, "--set", "vp_target=8,10"]])
def test_a_report_that_cannot_be_written_keeps_the_printed_results(tmp_path: Path, monkeypatch,
                                                                    command) -> None:
    def refuse(*a, **k):  # type: ignore[no-untyped-def]
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    out = tmp_path / "r.md"
    r = run(*command, *SHORT, "--report", out)
    assert r.exit_code == 1 and f"error: cannot write {out}: Permission denied" in r.output
    assert "turn" in r.output.split("error:")[0]       # the table came first


def _stopped_at_second_call(monkeypatch, kept: int = 0) -> None:
    """Ctrl-C during the second run: it returns with ``kept`` games finished, marked partial."""
    import dataclasses

    import catan_dsl.play.playtest as playtest

    real, calls = playtest.run_games, []

    def run_games(ir, bots, games, seed=0, **k):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 2:
            if not kept:
                return playtest.summarize([], tuple(bots), seed, k.get("max_turns"), 0.0,
                                          requested=games, seating=k.get("seating", "fixed"))
            return dataclasses.replace(real(ir, bots, kept, seed, **k), requested=games)
        return real(ir, bots, games, seed, **k)

    monkeypatch.setattr(playtest, "run_games", run_games)


@pytest.mark.parametrize("as_json", [False, True])
def test_a_sweep_stopped_before_a_points_first_game_says_where(monkeypatch, as_json) -> None:
    """It used to end in a KeyError traceback (text) or say nothing of the lost point (JSON)."""
    import json

    _stopped_at_second_call(monkeypatch)
    r = run("sweep", BASE, "--set", "vp_target=8,10", *SHORT, *(["--json"] if as_json else []))
    assert r.exit_code == 130, r.output
    said = "stopped by Ctrl-C at vp_target=10 (2/2): 0 of 1 games there"
    if as_json:
        assert json.loads(r.output)["inputs"]["partial"] == said
    else:
        assert f"(partial: {said})" in r.output and "what follows" not in r.output


def test_a_comparison_stopped_by_ctrl_c_says_so_in_its_table(monkeypatch) -> None:
    """The text said "2 games per side" when B had 1 (only --json and the report said)."""
    _stopped_at_second_call(monkeypatch, kept=1)
    r = run("compare", BASE, BASE, "--with-b", "harbormaster", "--games", "2", "--max-turns",
            "3", "--workers", "1")
    assert r.exit_code == 130, r.output
    assert "partial: stopped by Ctrl-C: B has 1 of 2 games" in r.output


@pytest.mark.parametrize("as_json", [False, True])
def test_ctrl_c_during_a_game_exits_130_and_writes_no_transcript(monkeypatch, as_json) -> None:
    """play stopped by Ctrl-C said "Aborted!" and exited 1, the code for errors in the input;
    a stopped playtest already exited 130."""
    import catan_dsl.play.playtest as playtest

    def interrupted(*a, **k):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(playtest, "play_game", interrupted)
    r = run("play", BASE, *(["--json"] if as_json else []))
    assert r.exit_code == 130 and r.output.rstrip().endswith("stopped by Ctrl-C")
    assert "Aborted!" not in r.output and "{" not in r.output


def test_reports_name_a_packs_scenario_as_the_user_did(tmp_path: Path) -> None:
    """They named core:base by the file it resolves to, a path of this machine (for an
    installed pack, deep in the user's data folder)."""
    out = tmp_path / "r.md"
    r = run("playtest", "core:base", "--with", "core:harbormaster", *SHORT, "--report", out)
    assert r.exit_code == 0, r.output
    assert "| scenario | core:base |" in out.read_text()
    assert "| variants | core:harbormaster |" in out.read_text()
    r = run("compare", "core:base", "--with-b", "core:harbormaster", *SHORT)
    assert r.exit_code == 0 and "A: core:base\nB: core:base --with core:harbormaster\n" in r.output


def test_the_playtest_header_counts_one_game_in_the_singular() -> None:
    r = run("playtest", BASE, *SHORT)
    assert r.exit_code == 0 and r.output.startswith("base: 1 game, seed 0, turn cap 3\n")


@pytest.mark.parametrize("args", [["pack", "list"], ["reference"]])
def test_a_reader_that_goes_away_ends_the_command_quietly(args) -> None:
    """`pack list | head -1` exited 1 (click's answer to a broken pipe); play already exited 0."""
    import subprocess
    import sys

    p = subprocess.Popen([sys.executable, "-m", "catan_dsl", *args], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    p.stdout.close()                       # the reader is gone before the first line
    err = p.stderr.read()
    assert p.wait(timeout=60) == 0 and err == b""


def test_a_comparison_of_different_player_counts_says_which_seats_it_compares() -> None:
    """base (4 players) against Catan for Two showed Red and Blue only, without a word."""
    r = run("compare", "core:base", "core:catan_for_two", *SHORT)
    assert r.exit_code == 0, r.output
    assert "note: A has 4 players, B 2: the per-seat metrics compare the first 2 seats only" \
        in r.output

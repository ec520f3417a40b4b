"""Inputs of the wrong kind: one message saying what the file is and what reads it, exit 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.cli import main

ROOT = Path(__file__).resolve().parents[2]
BASE = str(ROOT / "scenarios" / "base.catan")


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def transcript(tmp_path_factory) -> Path:
    r = run("play", BASE, "--max-turns", "1", "--json")
    assert r.exit_code == 0
    path = tmp_path_factory.mktemp("game") / "game.json"
    path.write_text(r.stdout)
    return path


@pytest.mark.parametrize("command", [["check"], ["play"], ["playtest", "--games", "1"]])
def test_a_transcript_where_a_scenario_goes_is_named_once(transcript: Path, command) -> None:
    """It used to print 17 schema errors, one per field an IR has and a transcript lacks."""
    r = run(command[0], transcript, *command[1:])
    said = r.output
    assert r.exit_code == 1 and "Traceback" not in said
    assert said.count("error[") == 1 and "'catan-dsl-transcript' document" in said
    assert "read by replay, render and serve" in said


@pytest.mark.parametrize("command", [["replay"], ["render", "-o", "out.svg"]])
@pytest.mark.parametrize("named", [True, False])
def test_a_scenario_without_the_transcripts_board_is_the_transcripts_mismatch(
        transcript: Path, tmp_path: Path, command, named: bool) -> None:
    """It used to print E204 with a caret under the scenario's name, as if the file were wrong.
    A transcript that names its scenario is told the scenario differs; one that does not (an
    older file) that its board is not in the scenario given."""
    other = tmp_path / "other.catan"
    other.write_text('scenario other extends base {\n  without board beginner\n}\n')
    given = transcript
    if not named:
        doc = json.loads(transcript.read_text())
        del doc["scenario"]
        given = tmp_path / "unnamed.json"
        given.write_text(json.dumps(doc))
    args = [a.replace("out.svg", str(tmp_path / "out.svg")) for a in command[1:]]
    r = run(command[0], given, *args, "--scenario", other)
    assert r.exit_code == 1 and "^" not in r.output
    if named:
        assert r.output.startswith(f"error: {given} was played with scenario 'base', and {other} "
                                   "is 'other': pass the scenario it was played with")
    else:
        assert r.output.startswith(f"error: {given} does not fit --scenario: unknown board "
                                   f'"beginner" in {other}')


def test_a_scenario_that_withdraws_the_default_board_plays_the_one_left(tmp_path: Path) -> None:
    """'without board beginner' checked clean, then every command that compiled it raised
    KeyError: 'beginner' (the withdrawn board stayed the default)."""
    other = tmp_path / "other.catan"
    other.write_text('scenario other extends base {\n  without board beginner\n}\n')
    r = run("play", other, "--max-turns", "1")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("other — board tournament")


@pytest.mark.parametrize("bots", ["greedy,random,", "greedy,,random", ",,", ""])
def test_a_stray_comma_in_bots_is_a_usage_error_not_a_lost_seat(bots: str) -> None:
    """'greedy,random,' used to play two seats, ',,' the default four, without a word."""
    r = run("play", BASE, "--bots", bots, "--max-turns", "1")
    assert r.exit_code == 2 and "'--bots'" in r.output and "empty entry" in r.output


@pytest.mark.parametrize("sets, says", [(["vp_target=8", "vp_target=9"], "given twice"),
                                        (["vp_target=8,8"], "a value is given twice")])
def test_a_sweep_grid_naming_a_point_twice_is_a_usage_error(sets, says: str) -> None:
    """'--set vp_target=8 --set vp_target=9' played only 9 (8 silently dropped); '8,8' played 8
    twice."""
    args = [a for s in sets for a in ("--set", s)]
    r = run("sweep", BASE, *args, "--games", "1", "--max-turns", "2", "--workers", "1")
    assert r.exit_code == 2 and "'--set'" in r.output and says in r.output


def test_a_parameter_set_to_two_values_is_a_usage_error() -> None:
    r = run("compile", BASE, "--set", "vp_target=8", "--set", "vp_target=9")
    assert r.exit_code == 2 and "vp_target is given two values, 8 and 9" in r.output


def test_a_scenario_with_other_rules_says_why_replay_fails_and_what_works(
        transcript: Path, tmp_path: Path) -> None:
    copy = tmp_path / "base.catan"
    copy.write_text(Path(BASE).read_text())
    r = run("replay", transcript, "--scenario", copy)
    assert r.exit_code == 3 and "mismatch at header: ir_sha256" in r.output
    assert f"help: {copy} does not compile to the rules this game was played with" in r.output
    assert run("replay", transcript).exit_code == 0


def test_explain_reads_a_compiled_ir_as_its_source_and_compile_refuses_one(tmp_path) -> None:
    """Both printed E100 "found '{'" with a caret under the IR's first brace."""
    ir = tmp_path / "base.json"
    assert run("compile", BASE, "-o", ir).exit_code == 0
    r = run("explain", ir)
    assert r.exit_code == 0 and r.output == run("explain", BASE).output
    r = run("compile", ir)
    assert r.exit_code == 2 and "compile takes a .catan source" in r.output
    r = run("explain", ir, "--with", "harbormaster")
    assert r.exit_code == 2 and "applies to a .catan source" in r.output


def test_fmt_of_a_missing_file_does_not_call_it_a_syntax_error(tmp_path: Path) -> None:
    r = run("fmt", tmp_path / "missing.catan")
    assert r.exit_code == 1 and "E106" in r.output and "syntax" not in r.output
    assert "0 of 1 file; 1 not formatted (errors above)" in r.output


def test_a_scenario_combined_with_another_says_its_board_is_not_played() -> None:
    """`play core:fishermen --with rivers` played Fishermen's rules on the Rivers board, its
    lake and fishing grounds silently gone (W403 caught only a variant's 'use board')."""
    r = run("check", "core:fishermen", "--with", "rivers")
    assert r.exit_code == 0 and "warning[W403]: the default board rivers of rivers replaces " \
        'board "fishermen" of scenario fishermen' in r.output
    r = run("play", "core:fishermen", "--with", "rivers", "--max-turns", "1")
    assert r.exit_code == 0 and "warning[W403]" in r.output
    r = run("play", "core:fishermen", "--with", "harbormaster", "--max-turns", "1")
    assert r.exit_code == 0 and "warning" not in r.output


def test_render_says_the_board_it_draws_is_not_the_scenarios(tmp_path: Path) -> None:
    r = run("render", "core:fishermen", "--with", "rivers", "-o", tmp_path / "b.svg")
    assert r.exit_code == 0 and "warning[W403]" in r.output and (tmp_path / "b.svg").is_file()


@pytest.mark.parametrize("args, option", [
    (["--with-b", "nope"], "'--with-b'"),
    (["--with", "nope", "--with-b", "harbormaster"], "'--with'"),
    (["--option-a", "zzz", "--with-b", "harbormaster"], "'--option-a'"),
    (["--set-b", "vp_target=99"], "'--set-b'"), (["--set-b", "nope=3"], "'--set-b'")])
def test_a_compare_sides_mistake_names_that_sides_option(args, option: str) -> None:
    """'--with-b nope' was reported as "Invalid value for '--with'", an option not given."""
    r = run("compare", BASE, *args, "--games", "1")
    assert r.exit_code == 2 and f"Invalid value for {option}:" in r.output

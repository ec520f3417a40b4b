"""A folder where a scenario file goes, and search budgets beyond their bounds: one line, exit code."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("command", [["play"], ["playtest", "--games", "1"],
                                     ["serve", "--port", "0"]])
def test_a_folder_given_as_the_scenario_is_called_a_folder(command: list[str]) -> None:
    """play, playtest and serve say a folder is a folder (they said 'no such file')."""
    folder = ROOT / "scenarios"
    r = run(command[0], folder, *command[1:])
    assert r.exit_code == 1, r.output
    assert r.output.strip().splitlines() == [
        f"error: cannot read {folder}: it is a folder: give a scenario file (.catan or compiled "
        f".json), or check every file in it with 'catan-dsl check {folder}'"]


def test_a_missing_scenario_is_still_no_such_file(tmp_path: Path) -> None:
    r = run("play", tmp_path / "nope.catan")
    assert r.exit_code == 1 and "cannot read" in r.output and "no such file" in r.output

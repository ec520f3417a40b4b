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


@pytest.mark.parametrize("args, says", [
    (["--think-ms", "99999999999999999999"], "'--think-ms': 99999999999999999999 is not in the range 1<=x<=60000"),
    (["--playouts", "10001"], "'--playouts': 10001 is not in the range 1<=x<=10000"),
    (["--bots", "mcts:think_ms=60001"], "think_ms may be at most 60,000"),
    (["--bots", "mcts:playouts=99999999999999999999"], "playouts may be at most 10,000"),
])
def test_a_search_budget_past_its_bound_is_a_usage_error(args: list[str], says: str) -> None:
    """--think-ms 99999999999999999999 --bots mcts was taken, and the bot then thought forever:
    the budget has documented bounds (docs/limits.md), refused before any game starts."""
    r = run("playtest", ROOT / "scenarios" / "base.catan", "--games", "1", "--bots", "mcts", *args)
    assert r.exit_code == 2 and says in r.output, r.output


def test_the_budget_bounds_of_the_options_and_of_a_bot_spec_agree() -> None:
    from catan_dsl.bots import MOST
    from catan_dsl.cli.bot_options import MAX_PLAYOUTS, MAX_THINK_MS

    assert MOST["mcts"] == {"think_ms": MAX_THINK_MS, "playouts": MAX_PLAYOUTS}

"""Named options are chosen at play time: --option on compile, play and playtest, kept by replay."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from catan_dsl import api
from catan_dsl.cli import main

FR = "scenarios/friendly_robber.catan"


def test_choose_options_records_the_choice_and_leaves_the_input_alone() -> None:
    """FR-06: the Czech reading is an option of the same file (decision #2)."""
    ir = api.load_ir(FR)
    chosen = api.choose_options(ir, ["czech_reading"])
    assert chosen["meta"]["options"] == {"czech_reading": True}
    assert ir["meta"]["options"] == {}


def test_an_unknown_option_is_refused_with_a_suggestion() -> None:
    with pytest.raises(api.OptionError, match='did you mean "czech_reading"'):
        api.choose_options(api.load_ir(FR), ["czech_readin"])


def test_compile_option_writes_it_into_the_ir_and_bad_names_are_usage_errors() -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["compile", FR, "--option", "czech_reading"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["meta"]["options"] == {"czech_reading": True}
    res = runner.invoke(main, ["compile", FR, "--option", "nope"])
    assert res.exit_code == 2 and "unknown option" in res.output


def test_a_game_played_with_an_option_replays_with_it(tmp_path) -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["play", FR, "--option", "czech_reading", "--seed", "2",
                               "--bots", "random", "--max-turns", "30", "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["options"] == ["czech_reading"]
    path = tmp_path / "game.json"
    path.write_text(res.output, encoding="utf-8")
    res = runner.invoke(main, ["replay", str(path)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(main, ["playtest", FR, "--games", "2", "--option", "typo",
                               "--bots", "random"])
    assert res.exit_code == 2 and "unknown option" in res.output     # the command line's mistake

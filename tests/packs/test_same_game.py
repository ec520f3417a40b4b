"""One game per seed, packs included (issue 18 item 5): a scenario played from an installed
pack, from its source file and from its compiled IR with the same seed is the same game."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from catan_dsl.cli import main

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "first-pack"


def _play(target: str) -> dict:
    r = CliRunner().invoke(main, ["play", target, "--seed", "11", "--bots", "random",
                                  "--max-turns", "40", "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_pack_source_and_ir_play_the_same_game(home: Path, built: Path, tmp_path: Path) -> None:
    assert CliRunner().invoke(main, ["pack", "install", str(built)]).exit_code == 0
    source = str(EXAMPLE / "scenarios" / "short_game.catan")
    ir_file = tmp_path / "short.ir.json"
    assert CliRunner().invoke(main, ["compile", source, "-o", str(ir_file)]).exit_code == 0
    games = [_play("first-pack:short_game"), _play(source), _play(str(ir_file))]
    assert len(games[0]["steps"]) > 100
    for other in games[1:]:
        assert other["steps"] == games[0]["steps"]
        assert other["final"] == games[0]["final"]

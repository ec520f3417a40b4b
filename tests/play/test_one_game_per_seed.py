"""One game per seed (issue 18 item 5): every shipped scenario played from its source and from
its compiled IR file with the same seed gives the identical game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.cli import main

SHIPPED = Path(__file__).resolve().parents[2] / "scenarios"
SCENARIOS = sorted(SHIPPED.rglob("*.catan"))


def _play(path: str, extra: tuple[str, ...]) -> dict:
    r = CliRunner().invoke(main, ["play", path, "--seed", "7", "--bots", "random",
                                  "--max-turns", "40", "--json", *extra])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_source_and_compiled_ir_play_the_same_game(scenario: Path, tmp_path: Path) -> None:
    # A variant is played on the base game; a scenario on its own.
    kind = scenario.read_text(encoding="utf-8").lstrip()
    is_variant = any(line.startswith("variant ") for line in kind.splitlines())
    # (A pack's variant, e.g. seafarers/scenarios/seafarers.catan, goes with the shipped base.)
    beside = (scenario.parent / "base.catan").is_file()
    base = scenario.parent / "base.catan" if beside else SHIPPED / "base.catan"
    src = str(base) if is_variant else str(scenario)
    extra = ("--with", scenario.stem if beside else str(scenario)) if is_variant else ()
    ir_file = tmp_path / "game.ir.json"
    args = ["compile", src, "-o", str(ir_file), *extra]
    assert CliRunner().invoke(main, args).exit_code == 0
    from_source, from_ir = _play(src, extra), _play(str(ir_file), ())
    assert from_source["ir_sha256"] == from_ir["ir_sha256"]
    assert from_source["steps"] == from_ir["steps"]
    assert from_source["final"] == from_ir["final"]

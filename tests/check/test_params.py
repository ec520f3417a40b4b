"""Scenario parameters (issue 17 item 3): `param NAME = VALUE [in LO..HI]` stands wherever a
number goes and in rules, `--set NAME=V` overrides it on every command, unknown names and
values out of range are located errors, and the IR records the values it was built with."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from catan_dsl import api
from catan_dsl.cli import main

SOURCE = """scenario p extends base {
  param reward = 2 in 1..5
  param wall_limit = 3
  piece wall { on edge; limit wall_limit; cost lumber reward }
  on built road where not setup { gain reward wool }
}
"""


def _file(tmp_path: Path, text: str = SOURCE) -> str:
    p = tmp_path / "p.catan"
    p.write_text(text, encoding="utf-8")
    return str(p)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_parameter_stands_for_its_number_in_components_and_rules(tmp_path: Path) -> None:
    ir, report = api.compile_file(_file(tmp_path))
    assert ir is not None, report.render_text()
    wall = ir["pieces"]["wall"]
    assert wall["limit"] == 3 and wall["cost"] == {"lumber": 2}
    rule = next(r for r in ir["rules"] if r.get("event") == "built")
    assert rule["do"][0][2] == 2
    assert ir["meta"]["params"] == {"reward": 2, "wall_limit": 3, "vp_target": 10}


def test_set_overrides_on_compile_and_check(tmp_path: Path) -> None:
    ir, _ = api.compile_file(_file(tmp_path), params={"reward": 4, "vp_target": 12})
    assert ir["pieces"]["wall"]["cost"] == {"lumber": 4} and ir["victory"]["target"] == 12
    r = run("compile", _file(tmp_path), "--set", "reward=5", "--set", "wall_limit=9")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["pieces"]["wall"]["limit"] == 9


def test_out_of_range_and_unknown_names_are_located_errors(tmp_path: Path) -> None:
    report = api.check_file(_file(tmp_path), params={"reward": 7})
    (d,) = report.errors
    assert d.code == "E220" and d.message == "parameter reward = 7 is outside 1..5"
    assert d.span.line == 2
    report = api.check_file(_file(tmp_path), params={"rewrd": 1})
    (d,) = report.errors
    assert d.code == "E219" and d.hint == 'did you mean "reward"?'
    report = api.check_file(_file(tmp_path, SOURCE.replace("limit wall_limit", "limit wal_limit")))
    (d,) = report.errors
    assert d.code == "E219" and (d.span.line, d.span.col) == (4, 31)
    r = run("check", _file(tmp_path), "--set", "reward=lots")
    assert r.exit_code == 2 and "write NAME=INTEGER" in r.output


def test_the_shipped_scenarios_declare_their_victory_target_as_a_parameter() -> None:
    base, _ = api.compile_file("scenarios/base.catan", params={"vp_target": 8})
    assert base["victory"]["target"] == 8
    caravans, _ = api.compile_file("scenarios/caravans.catan")
    assert caravans["meta"]["params"]["vp_target"] == 12 and caravans["victory"]["target"] == 12


def test_sweep_plays_every_point_of_the_grid(tmp_path: Path) -> None:
    r = run("sweep", "scenarios/base.catan", "--set", "vp_target=5,12", "--games", "6",
            "--bots", "random", "--json", "--report", str(tmp_path / "s.html"))
    assert r.exit_code == 0, r.output
    grid = json.loads(r.output)["grid"]
    assert [p["params"] for p in grid] == [{"vp_target": 5}, {"vp_target": 12}]
    assert grid[1]["metrics"]["mean turns"] > grid[0]["metrics"]["mean turns"]
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    # One chart per measure with every seat on it: win rate, mean VP, game length, capped share.
    assert page.count("<svg") == 4 and "<td>12</td>" in page
    assert all(f"win rate {seat}" in grid[0]["metrics"] for seat in ("Red", "Blue", "Orange"))

"""`catan-dsl compare`: the same seeds on two versions; a real change is detected with a small
p-value, a null change is flagged no more often than the 5% level allows, and --json and
--report carry the same metrics."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from catan_dsl import api
from catan_dsl.cli import main
from catan_dsl.play.playtest import run_games
from catan_dsl.report.compare import compare


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_higher_victory_target_makes_games_longer(tmp_path: Path) -> None:
    v14 = tmp_path / "v14.catan"
    v14.write_text("scenario v14 extends base {\n  victory 14\n}\n", encoding="utf-8")
    r = run("compare", "scenarios/base.catan", str(v14), "--games", "40", "--bots", "random",
            "--json", "--report", str(tmp_path / "c.html"))
    assert r.exit_code == 0, r.output
    metrics = {m["name"]: m for m in json.loads(r.output)["metrics"]}
    length = metrics["game length (turns)"]
    assert set(length) >= {"name", "a", "b", "diff", "ci_low", "ci_high", "p_value"}
    assert length["b"] > length["a"] and length["p_value"] < 0.01 and length["ci_low"] > 0
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert "<td>game length (turns)</td>" in page and f"{length['p_value']:.3g}" in page


def test_one_file_with_an_option_per_side() -> None:
    r = run("compare", "scenarios/base.catan", "--with-b", "harbormaster", "--games", "6",
            "--bots", "random", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["inputs"]["B"].endswith("--with harbormaster")
    r = run("compare", "scenarios/base.catan", "--games", "6")
    assert r.exit_code == 2 and "A and B are the same" in r.output   # a usage error


def test_one_file_with_a_parameter_value_per_side() -> None:
    r = run("compare", "scenarios/base.catan", "--set-a", "vp_target=6", "--set-b", "vp_target=12",
            "--games", "8", "--bots", "random", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["inputs"]["A"] != data["inputs"]["B"]
    length = next(m for m in data["metrics"] if m["name"] == "game length (turns)")
    assert length["b"] > length["a"]


def test_a_null_change_is_rarely_flagged() -> None:
    """The same rules on independent seeds: with Holm's correction any metric is flagged in
    at most 5% of comparisons in expectation; allow 1 of 6 (the chance of 2 or more is ~3%)."""
    ir = api.load_ir("scenarios/base.catan")
    flagged = 0
    for rep in range(6):
        a = run_games(ir, ["random"] * 4, 30, seed=100 + rep)
        b = run_games(ir, ["random"] * 4, 30, seed=200 + rep)
        flagged += any(m.significant for m in compare(a, b))
    assert flagged <= 1


def test_two_games_a_side_never_make_a_constant_difference_certain() -> None:
    """Sides whose per-game values were each constant but different got p = 0 (flagged at 5%
    from two games a side); the test's own answer is far from that."""
    from catan_dsl.report.compare import _values

    m = _values("VP settlement Red", [2, 2], [3, 3], "VP")
    assert 0.1 < m.p_raw < 1
    assert _values("same", [2, 2], [2, 2], "VP").p_raw == 1.0
    assert _values("one side empty", [], [2, 3], "VP").p_raw == 1.0
    assert _values("many games", [1] * 50, [2] * 50, "VP").p_raw < 1e-10


def test_rules_of_a_packs_scenario_are_named_by_file_not_by_this_machines_path() -> None:
    """core:base is compiled from an absolute path: every rule's name was that path, and the
    table 130 columns wide."""
    root = str(Path(__file__).resolve().parents[2])
    r = run("compare", "core:fishermen", "--with-b", "harbormaster", "--games", "1",
            "--max-turns", "30", "--workers", "1")
    assert r.exit_code == 0 and "\nrule fishermen.catan:" in r.output
    assert root not in r.output.split("\n\n", 1)[1]

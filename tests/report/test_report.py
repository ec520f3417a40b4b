"""`playtest --report`: one self-contained HTML file (or Markdown) with every section, whose
numbers are the run's `--json` statistics, and rule coverage that flags rules never fired."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from catan_dsl.cli import main

REPO = Path(__file__).resolve().parents[2]
SECTIONS = ["Run", "Win rate per seat", "First-seat advantage", "Game length (turns)",
            "VP by source (mean at the end)", "Winners against losers",
            "Actions and cards used (mean per game)",
            "Rule coverage", "Resource income per seat (cards per game)"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def _playtest(tmp_path: Path, scenario: str, report: str, *extra: str) -> tuple[dict, str]:
    out = tmp_path / report
    r = run("playtest", scenario, "--games", "12", "--bots", "random", "--json",
            "--report", str(out), *extra)
    assert r.exit_code == 0, r.output
    return json.loads(r.output), out.read_text(encoding="utf-8")


def test_the_html_report_is_self_contained_and_has_every_section(tmp_path: Path) -> None:
    stats, page = _playtest(tmp_path, "scenarios/fishermen.catan", "r.html")
    for heading in SECTIONS:
        assert f">{heading}</h2>" in page
    assert stats["balance"]["games_won"] > 0             # (else no winners-against-losers)
    assert page.count("<svg") == 5               # win rates, lengths, VP, winners' lead, income
    assert not re.search(r"<script|<link|src=\"http|@import|url\(http", page)
    seats = re.findall(r"<tr><td>(\w+)</td><td>random</td><td>(\d+)</td>", page)
    assert [int(w) for _, w in seats] == [s["wins"] for s in stats["seats"]]
    assert f"<td>{stats['games']}</td>" in page and "fishermen" in page


def test_rule_coverage_lists_every_rule_with_its_line_and_flags_the_silent_ones(
        tmp_path: Path) -> None:
    src = tmp_path / "cov.catan"
    src.write_text("scenario cov extends base {\n"
                   "  on rolled n where n == 13 { gain 1 wool }\n"
                   "  on built road { gain 1 ore }\n"
                   "  forbid robber_move to h where terrain(h) == desert\n}\n", encoding="utf-8")
    stats, md = _playtest(tmp_path, str(src), "r.md")
    # Named by file:line (relative to the scenario's folder, which the run's inputs name) and
    # label.
    rows = [ln for ln in md.splitlines() if ln.startswith("| cov.catan:")]
    assert len(rows) == 3
    assert "cov.catan:2 | on rolled |" in rows[0] and "NEVER FIRED" in rows[0]  # no 13 on 2 dice
    assert "cov.catan:3 | on built road |" in rows[1] and "NEVER FIRED" not in rows[1]
    assert f"{stats['mean_fired']['cov.2']:.2f}" in rows[1]
    assert "consulted" in rows[2] and "NEVER FIRED" not in rows[2]
    assert "1 of 3 rules never fired: cov.catan:2 (on rolled)" in md


def test_a_report_of_another_kind_is_refused(tmp_path: Path) -> None:
    r = run("playtest", "scenarios/base.catan", "--games", "1", "--report", str(tmp_path / "r.pdf"))
    assert r.exit_code == 2 and "name an .html or .md file" in r.output  # usage error

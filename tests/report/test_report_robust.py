"""Reports never lose a run: every interval holds its rate within [0, 1], every plot is drawn for
the runs that broke it before (no wins, all wins, one game, a stopped run, a seat that never
moves), a plot that cannot be drawn leaves a note instead of a crash, and the README's quick
start with `--report` writes its report."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.api import load_ir
from catan_dsl.cli import main
from catan_dsl.play.intervals import mean_interval, rate_difference, wilson_interval
from catan_dsl.play.playtest import GameResult, run_games, summarize
from catan_dsl.report import render
from catan_dsl.report.data import build
from catan_dsl.report.render import to_html, to_markdown

REPO = Path(__file__).resolve().parents[2]
BASE = str(REPO / "scenarios" / "base.catan")


@pytest.fixture(scope="module")
def base_ir() -> dict:
    return load_ir(BASE)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 33, 100, 1000])
def test_wilson_bounds_hold_the_rate_and_stay_in_0_1(n: int) -> None:
    """The issue's crash: 0 of 10 gave a lower bound of 3.5e-18 and 10 of 10 an upper bound of
    0.9999999999999999, so an error bar from the rate came out negative."""
    for k in range(n + 1):
        lo, hi = wilson_interval(k, n)
        assert 0.0 <= lo <= k / n <= hi <= 1.0
    assert wilson_interval(0, n)[0] == 0.0 and wilson_interval(n, n)[1] == 1.0


def test_differences_and_means_stay_within_what_they_can_be() -> None:
    for ka, kb in ((0, 0), (10, 10), (0, 10), (10, 0), (3, 7)):
        d, lo, hi = rate_difference(ka, 10, kb, 10)
        assert -1.0 <= lo <= d <= hi <= 1.0
    m, lo, hi = mean_interval([0, 0, 3], low=0.0)
    assert m == 1.0 and lo == 0.0 and hi > 1.0
    assert mean_interval([]) == (0.0, 0.0, 0.0)


def _result(i: int, winner: int | None, seats: int = 4, still: int | None = None) -> GameResult:
    """A finished game; seat ``still`` never moved: no VP, no income, no VP source."""
    vp = tuple(0 if p == still else (10 if p == winner else 3) for p in range(seats))
    breakdown = tuple({} if p == still else {"settlement": 2, "city": v - 2, "penalty": -1}
                      if v > 3 else {"settlement": 3} for p, v in enumerate(vp))
    income = tuple({} if p == still else {"ore": 4, "wool": 2} for p in range(seats))
    return GameResult(index=i, seed=i, winner=winner, turns=40 + i, capped=winner is None,
                      vp=vp, vp_breakdown=breakdown, decisions=100, steps=150, seconds=0.1,
                      income=income)


RUNS = {
    "no seat ever wins": [_result(i, None) for i in range(10)],
    "one seat wins every game": [_result(i, 0) for i in range(10)],
    "one game": [_result(0, 2)],
    "a seat that never moves": [_result(i, i % 2, still=3) for i in range(6)],
}


@pytest.mark.parametrize("results", RUNS.values(), ids=list(RUNS))
def test_every_plot_is_drawn_for_the_runs_that_used_to_break_it(base_ir: dict,
                                                                 results: list) -> None:
    summary = summarize(results, ["greedy", "random", "random", "random"], seed=1,
                        max_turns=500)
    rep = build(base_ir, summary, source=BASE)
    page = to_html(rep)
    plots = 4 + (summary.balance.games > 0)     # winners against losers: only with a winner
    assert page.count("<svg") == plots and 'class="plot-missing"' not in page
    for s in rep.seats:
        assert 0.0 <= s["ci_low"] <= s["win_rate"] <= s["ci_high"] <= 1.0
    assert "## Win rate per seat" in to_markdown(rep)


def test_a_stopped_run_reports_the_games_it_finished(base_ir: dict) -> None:
    """Ctrl-C during a run: the summary of the finished games is partial, and its report says
    so and is drawn in full."""
    seen = []

    def stop_after_two(n: int) -> None:
        seen.append(n)
        if len(seen) == 2:
            raise KeyboardInterrupt

    summary = run_games(base_ir, ["random"] * 4, games=6, seed=1, max_turns=30,
                        progress=stop_after_two)
    assert summary.partial and summary.games == 2
    rep = build(base_ir, summary, source=BASE)
    assert rep.inputs["games"] == "2 of 6 (partial: stopped by Ctrl-C)"
    page = to_html(rep)
    assert page.count("<svg") == 4 and "2 of 6 (partial" in page


def test_a_plot_that_cannot_be_drawn_leaves_a_note_and_the_report_is_written(
        base_ir: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(rep) -> str:  # type: ignore[no-untyped-def]
        raise ValueError("'yerr' must not contain negative values")

    monkeypatch.setitem(render._PLOTS, "seats", (broken, "win rate"))
    rep = build(base_ir, summarize(RUNS["one game"], ["random"] * 4, 1, 500), source=BASE)
    page = to_html(rep)
    assert ('<p class="plot-missing">The win rate plot could not be drawn (ValueError: '
            "&#x27;yerr&#x27; must not contain negative values)") in page
    assert '<table id="t-seats">' in page and page.count("<svg") == 4    # the other four plots


def _quick_start_playtest() -> list[str]:
    """The README quick start's playtest command, as arguments after ``catan-dsl``."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    line = re.search(r"^pip install \. && (.*)$", text, re.M).group(1)
    command = next(c.strip() for c in line.split("&&") if "catan-dsl playtest" in c)
    return shlex.split(command)[1:]


@pytest.mark.parametrize("report", ["r.html", "r.md"])
def test_the_quick_start_playtest_writes_its_report(tmp_path: Path, report: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37 "done when": the quick start plus --report works (the issue's crash was this
    very command); fewer games, the same seats, seed and scenario."""
    args = _quick_start_playtest()
    assert args[:2] == ["playtest", "scenarios/base.catan"] and "--games" in args
    args[args.index("--games") + 1] = "3"
    monkeypatch.chdir(REPO)
    out = tmp_path / report
    r = CliRunner().invoke(main, [*args, "--workers", "1", "--report", str(out)])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert f"report: {out}" in r.output
    if report.endswith(".html"):
        assert text.count("<svg") == 5 and 'class="plot-missing"' not in text
    else:
        assert "## Rule coverage" in text and "| Red | greedy |" in text

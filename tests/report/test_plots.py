"""Plots that read: negative VP sources below the axis, a sweep's chart per metric with every
seat and its 95% intervals on integer ticks, and compare's forest plot of B − A."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from matplotlib.patches import Rectangle

from catan_dsl.cli import main
from catan_dsl.report import plots
from catan_dsl.report.compare import Metric
from catan_dsl.report.data import Report
from catan_dsl.report.render import compare_html
from catan_dsl.report.sweep import charts


def _report(vp_by_source: list[dict[str, float]]) -> Report:
    seats = [{"colour": c, "bot": "random", "wins": 0, "win_rate": 0.0, "ci_low": 0.0,
              "ci_high": 0.5, "mean_vp": sum(row.values())}
             for c, row in zip(("Red", "Blue"), vp_by_source)]
    return Report(title="t", inputs={}, seats=seats, lengths=[], length_stats={},
                  vp_sources=sorted({k for row in vp_by_source for k in row}),
                  vp_by_source=vp_by_source, first_seat={}, uses=[], coverage=[], income=[],
                  resources=[])


def test_negative_vp_sources_stack_below_the_axis() -> None:
    """The stacked bars hid a penalty (a conquered building's −1) inside the positive stack."""
    rep = _report([{"settlement": 3.0, "city": 2.0, "conquered": -1.5}, {"settlement": 4.0}])
    fig = plots.vp_figure(rep)
    ax = fig.axes[0]
    bars = {c.get_label(): c for c in ax.containers}
    red_penalty = bars["conquered"].patches[0]
    assert isinstance(red_penalty, Rectangle)
    assert red_penalty.get_y() == 0.0 and red_penalty.get_height() == -1.5   # from 0 down
    assert bars["settlement"].patches[0].get_y() == 2.0                     # on top of city
    assert ax.get_ylim()[0] < -1.4
    net = next(ln for ln in ax.lines if ln.get_label() == "net mean VP")
    assert list(net.get_ydata()) == [3.5, 4.0]


def _grid() -> list[dict]:
    seats = ("Red", "Blue", "White")
    grid = []
    for x in (8, 10, 12):
        metrics = {"mean turns": 60.0 + x, "median turns": 60.0 + x, "capped share": 0.0,
                   **{f"win rate {c}": 0.0 for c in seats},
                   **{f"mean VP {c}": 5.0 for c in seats}}
        intervals = {"mean turns": [55.0 + x, 65.0 + x], "capped share": [0.0, 0.3],
                     **{f"win rate {c}": [0.0, 0.3] for c in seats},
                     **{f"mean VP {c}": [5.0, 5.0] for c in seats}}
        grid.append({"params": {"vp_target": x}, "metrics": metrics, "intervals": intervals})
    return grid


def test_a_sweep_draws_one_chart_per_metric_with_every_seat_and_its_intervals() -> None:
    """The issue: no intervals, a win-rate axis of ±0.04 when every value is 0, fractional ticks
    for an integer parameter, one line per seat on separate charts."""
    found = {c["title"]: c for c in charts(_grid())}
    assert list(found) == ["win rate per seat", "mean VP at the end per seat",
                           "game length (turns)", "games stopped at the turn cap"]
    win = found["win rate per seat"]
    assert [s["label"] for s in win["series"]] == ["Red", "Blue", "White"]
    assert all(s["low"] == [0.0] * 3 and s["high"] == [0.3] * 3 for s in win["series"])
    fig = plots.sweep_figure(**win)
    ax = fig.axes[0]
    assert ax.get_ylim() == (0.0, 1.0)                      # a rate's whole range, all zeros
    assert list(ax.get_xticks()) == [8, 10, 12]             # the parameter's own values
    assert len(ax.containers) == 3                          # an error bar set per seat
    vp = plots.sweep_figure(**found["mean VP at the end per seat"]).axes[0]
    low, high = vp.get_ylim()
    assert low <= 4.0 and high >= 6.0                        # every value 5.0: not a 1e-9 zoom
    length = plots.sweep_figure(**found["game length (turns)"]).axes[0]
    assert len(length.collections) == 1                     # the mean's band; the median has none


def test_compare_html_has_a_forest_plot_of_the_differences() -> None:
    metrics = [Metric("win rate Red", 0.2, 0.3, 0.1, -0.05, 0.25, 0.2, 0.4, unit="rate"),
               Metric("game length (turns)", 60, 70, 10, 4, 16, 0.001, 0.004, unit="turns",
                      significant=True)]
    fig = plots.forest_figure(metrics)
    assert [ax.get_title(loc="left") for ax in fig.axes] == [
        "rates (B − A, percentage points)", "game length (B − A, turns)"]
    page = compare_html("A vs B", {"A": "a", "B": "b"}, metrics)
    assert "<h2>B − A with 95% intervals</h2>" in page and page.count("<svg") == 1


def test_sweep_json_and_report_carry_the_intervals(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["sweep", "scenarios/base.catan", "--set", "vp_target=5,6",
                                  "--games", "2", "--bots", "random", "--max-turns", "30",
                                  "--workers", "1", "--json", "--report", str(tmp_path / "s.html")])
    assert r.exit_code == 0, r.output
    for point in json.loads(r.output)["grid"]:
        for name, (lo, hi) in point["intervals"].items():
            assert lo <= point["metrics"][name] <= hi
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 4 and 'class="plot-missing"' not in page


@pytest.mark.parametrize("n", [0, 1])
def test_a_seat_with_nothing_still_plots(n: int) -> None:
    rep = _report([{}, {"settlement": float(n)}])
    assert plots.vp_sources(rep).startswith("<svg")

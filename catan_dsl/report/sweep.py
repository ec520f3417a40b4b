"""Playtest summaries at the points of a parameter grid → one row of metrics per point (win
rate per seat, game length, capped share, mean VP per seat) with their 95% intervals, as text,
JSON, HTML with a chart per metric (every seat on it), or Markdown."""

from __future__ import annotations

import html

from catan_dsl.play.intervals import mean_interval, wilson_interval
from catan_dsl.play.playtest import PlaytestSummary
from catan_dsl.report.plots import figure_html, seat_colour, sweep_chart
from catan_dsl.report.render import CSS


def point_metrics(summary: PlaytestSummary) -> dict[str, float]:
    out: dict[str, float] = {"mean turns": summary.mean_turns,
                             "median turns": summary.median_turns,
                             "capped share": summary.cap_share}
    for s in summary.seats:
        out[f"win rate {s.colour}"] = s.win_rate
    for s in summary.seats:
        out[f"mean VP {s.colour}"] = s.mean_vp
    if len(summary.per_bot) > 1:         # the seats held different bots: each one's share too
        for b in summary.per_bot:
            out[f"win rate {b.bot}"] = b.win_rate
    return out


def point_intervals(summary: PlaytestSummary) -> dict[str, list[float]]:
    """95% intervals of the metrics that have one (the median has none), from the same
    functions as every other output (play.intervals)."""
    results = summary.results
    n = len(results)
    _, lo, hi = mean_interval([r.turns for r in results], low=0.0)
    out = {"mean turns": [lo, hi],
           "capped share": list(wilson_interval(sum(1 for r in results if r.capped), n))}
    for s in summary.seats:
        out[f"win rate {s.colour}"] = [s.ci_low, s.ci_high]
    for s in summary.seats:
        _, lo, hi = mean_interval([r.vp[s.seat] for r in results])
        out[f"mean VP {s.colour}"] = [lo, hi]
    return out


def sweep_rows(grid: list[dict]) -> tuple[list[str], list[list[str]]]:
    names = list(grid[0]["params"]) if grid else []
    metrics = list(grid[0]["metrics"]) if grid else []
    rows = [[str(p["params"][n]) for n in names] + [f"{p['metrics'][m]:.3f}" for m in metrics]
            for p in grid]
    return names + metrics, rows


def _seats(grid: list[dict], prefix: str) -> list[str]:
    return [m[len(prefix):] for m in grid[0]["metrics"] if m.startswith(prefix)]


def _series(points: list[dict], metric: str, label: str, colour: str, **style: str) -> dict:
    ci = [p.get("intervals", {}).get(metric) for p in points]
    band = all(c is not None for c in ci)
    return {"label": label, "colour": colour, **style,
            "values": [p["metrics"][metric] for p in points],
            "low": [c[0] for c in ci] if band else None,
            "high": [c[1] for c in ci] if band else None}


def charts(grid: list[dict]) -> list[dict]:
    """The charts of a sweep as ``plots.sweep_chart`` arguments (title, param, xs, series,
    rate): win rate, mean VP, game length and capped share against the first parameter, every
    seat on one chart; with more parameters, one set per combination of the others' values
    (named in the title)."""
    if not grid:
        return []
    names = list(grid[0]["params"])
    first, rest = names[0], names[1:]
    groups: dict[tuple, list[dict]] = {}
    for p in grid:
        groups.setdefault(tuple(p["params"][n] for n in rest), []).append(p)
    out = []
    for key, points in groups.items():
        points = sorted(points, key=lambda p: p["params"][first])
        xs = [p["params"][first] for p in points]
        where = ", ".join(f"{n}={v}" for n, v in zip(rest, key))
        at = f" ({where})" if where else ""
        seats = _seats(grid, "win rate ")
        specs = [
            (f"win rate per seat{at}", True,
             [_series(points, f"win rate {c}", c, seat_colour(c)) for c in seats]),
            (f"mean VP at the end per seat{at}", False,
             [_series(points, f"mean VP {c}", c, seat_colour(c))
              for c in _seats(grid, "mean VP ")]),
            (f"game length (turns){at}", False,
             [_series(points, "mean turns", "mean", "#5c6bc0"),
              _series(points, "median turns", "median", "#5c6bc0", style="--")]),
            (f"games stopped at the turn cap{at}", True,
             [_series(points, "capped share", "capped share", "#6d4c41")]),
        ]
        out += [{"title": title, "param": first, "xs": xs, "series": series, "rate": rate}
                for title, rate, series in specs]
    return out


def sweep_html(inputs: dict, grid: list[dict]) -> str:
    cols, rows = sweep_rows(grid)
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             "<title>Sweep</title>", f"<style>{CSS}</style>", "</head><body>", "<h1>Sweep</h1>",
             "<table>" + "".join(f"<tr><td>{html.escape(str(k))}</td><td>{html.escape(str(v))}"
                                 "</td></tr>" for k, v in inputs.items()) + "</table>",
             "<h2>Metrics per point</h2>", f"<table><thead><tr>{head}</tr></thead><tbody>{body}"
             "</tbody></table>", "<h2>Plots</h2>",
             '<p class="note">Bands are 95% intervals (Wilson for rates, normal for means); '
             "every point plays the same seeds.</p>"]
    parts += [figure_html(lambda c=c: sweep_chart(**c), c["title"]) for c in charts(grid)]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def sweep_markdown(inputs: dict, grid: list[dict]) -> str:
    cols, rows = sweep_rows(grid)
    out = ["# Sweep", "", "| input | value |", "|---|---|"]
    out += [f"| {k} | {v} |" for k, v in inputs.items()]
    out += ["", "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out) + "\n"


"""Playtest summaries at the points of a parameter grid → one row of metrics per point (win
rate per seat, game length, capped share, mean VP per seat), as text, JSON, HTML with a plot
per metric, or Markdown."""

from __future__ import annotations

import html

from matplotlib.figure import Figure

from catan_dsl.play.playtest import PlaytestSummary
from catan_dsl.report.plots import svg
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


def sweep_rows(grid: list[dict]) -> tuple[list[str], list[list[str]]]:
    names = list(grid[0]["params"]) if grid else []
    metrics = list(grid[0]["metrics"]) if grid else []
    rows = [[str(p["params"][n]) for n in names] + [f"{p['metrics'][m]:.3f}" for m in metrics]
            for p in grid]
    return names + metrics, rows


def _plots(grid: list[dict]) -> list[str]:
    """One line plot per metric against the first parameter (one line per value of the others)."""
    if not grid:
        return []
    names = list(grid[0]["params"])
    first, rest = names[0], names[1:]
    out = []
    for metric in grid[0]["metrics"]:
        fig = Figure(figsize=(5, 2.6))
        ax = fig.subplots()
        groups: dict[tuple, list[tuple[int, float]]] = {}
        for p in grid:
            key = tuple(p["params"][n] for n in rest)
            groups.setdefault(key, []).append((p["params"][first], p["metrics"][metric]))
        for key, pts in groups.items():
            pts.sort()
            label = ", ".join(f"{n}={v}" for n, v in zip(rest, key)) or None
            ax.plot([x for x, _ in pts], [y for _, y in pts], marker="o", label=label)
        ax.set_xlabel(first)
        ax.set_ylabel(metric)
        if rest:
            ax.legend(fontsize=7)
        out.append(svg(fig))
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
             "</tbody></table>", "<h2>Plots</h2>"]
    parts += [f'<figure class="plot">{p}</figure>' for p in _plots(grid)]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def sweep_markdown(inputs: dict, grid: list[dict]) -> str:
    cols, rows = sweep_rows(grid)
    out = ["# Sweep", "", "| input | value |", "|---|---|"]
    out += [f"| {k} | {v} |" for k, v in inputs.items()]
    out += ["", "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out) + "\n"

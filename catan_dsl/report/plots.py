"""Report data → matplotlib figures (Agg) → SVG text to embed: win rates with their CIs, the
game-length histogram, VP by source per seat and resource income per seat."""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")  # noqa: E402 - a report is drawn off-screen, with no display
from matplotlib.figure import Figure  # noqa: E402

from catan_dsl.report.data import Report  # noqa: E402

_SEAT_COLOURS = {"Red": "#c62828", "Blue": "#1565c0", "White": "#9e9e9e", "Orange": "#ef6c00",
                 "Green": "#2e7d32", "Brown": "#6d4c41"}


def svg(fig: Figure) -> str:
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "catan-dsl", "svg.fonttype": "none"}):
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg"):]                # inline: no XML prolog inside HTML


def _colour(name: str) -> str:
    return _SEAT_COLOURS.get(name, "#607d8b")


def win_rates(rep: Report) -> str:
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    xs = range(len(rep.seats))
    rates = [s["win_rate"] for s in rep.seats]
    err = [[s["win_rate"] - s["ci_low"] for s in rep.seats],
           [s["ci_high"] - s["win_rate"] for s in rep.seats]]
    ax.bar(xs, rates, yerr=err, capsize=6, color=[_colour(s["colour"]) for s in rep.seats])
    if rep.seats:
        ax.axhline(1 / len(rep.seats), ls="--", color="#444", lw=1, label="fair share")
        ax.legend(loc="upper right", fontsize=8)
    ax.set_xticks(list(xs), [f"{s['colour']}\n({s['bot']})" for s in rep.seats])
    ax.set_ylabel("win rate (95% CI)")
    ax.set_ylim(0, 1)
    return svg(fig)


def lengths(rep: Report) -> str:
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    if rep.lengths:
        bins = min(30, max(5, len(set(rep.lengths))))
        ax.hist(rep.lengths, bins=bins, color="#5c6bc0", edgecolor="white")
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    return svg(fig)


def vp_sources(rep: Report) -> str:
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    xs = list(range(len(rep.seats)))
    bottom = [0.0] * len(xs)
    for src in rep.vp_sources:
        vals = [row.get(src, 0.0) for row in rep.vp_by_source]
        ax.bar(xs, vals, bottom=bottom, label=src)
        bottom = [b + v for b, v in zip(bottom, vals)]
    ax.set_xticks(xs, [s["colour"] for s in rep.seats])
    ax.set_ylabel("mean VP at the end")
    if rep.vp_sources:
        ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1, 0.5))
    return svg(fig)


def income(rep: Report) -> str:
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    xs = list(range(len(rep.seats)))
    width = 0.8 / max(1, len(rep.resources))
    for k, res in enumerate(rep.resources):
        ax.bar([x + k * width for x in xs], [row.get(res, 0.0) for row in rep.income],
               width=width, label=res)
    ax.set_xticks([x + 0.4 - width / 2 for x in xs], [s["colour"] for s in rep.seats])
    ax.set_ylabel("cards produced per game")
    if rep.resources:
        ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1, 0.5))
    return svg(fig)

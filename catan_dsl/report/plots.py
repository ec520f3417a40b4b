"""Report data → matplotlib figures (Agg) → SVG text to embed: win rates with their CIs, the
game-length histogram, VP by source per seat, resource income per seat, a forest plot of a
comparison's differences and a sweep's metrics against its parameter."""

from __future__ import annotations

import html
import io
import re
from typing import Callable

import matplotlib

matplotlib.use("Agg")  # noqa: E402 - a report is drawn off-screen, with no display
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from catan_dsl.report.data import Report  # noqa: E402

_SEAT_COLOURS = {"Red": "#c62828", "Blue": "#1565c0", "White": "#9e9e9e", "Orange": "#ef6c00",
                 "Green": "#2e7d32", "Brown": "#6d4c41"}
# Colours for stacked sources and grouped bars (matplotlib's tab10, which reads in print).
_SERIES = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")


def svg(fig: Figure) -> str:
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "catan-dsl", "svg.fonttype": "none"}):
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg"):]                # inline: no XML prolog inside HTML


def figure_html(draw: Callable[[], str], what: str) -> str:
    """One plot as an HTML ``<figure>``; a plot that cannot be drawn leaves a note in its place
    saying why (the table beside it still has the numbers), so a report is never lost to it."""
    try:
        return f'<figure class="plot">{draw()}</figure>'
    except Exception as exc:  # noqa: BLE001 — any drawing failure, reported where the plot was
        return (f'<p class="plot-missing">The {html.escape(what)} plot could not be drawn '
                f'({html.escape(type(exc).__name__)}: {html.escape(str(exc))}); the table has '
                "its numbers.</p>")


def seat_colour(name: str) -> str:
    return _SEAT_COLOURS.get(name, "#607d8b")


def _bars_below(low: float, value: float) -> float:
    # An interval's bounds hold its value (play.intervals); max() only guards a hand-made one.
    return max(0.0, value - low)


def win_rates(rep: Report) -> str:
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    xs = range(len(rep.seats))
    rates = [s["win_rate"] for s in rep.seats]
    err = [[_bars_below(s["ci_low"], s["win_rate"]) for s in rep.seats],
           [_bars_below(s["win_rate"], s["ci_high"]) for s in rep.seats]]
    ax.bar(xs, rates, yerr=err, capsize=6, color=[seat_colour(s["colour"]) for s in rep.seats],
           edgecolor="#212121", linewidth=0.6)
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
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    return svg(fig)


def vp_sources(rep: Report) -> str:
    return svg(vp_figure(rep))


def vp_figure(rep: Report) -> Figure:
    """Stacked bars per seat: sources that add VP stack up from the axis, sources that take VP
    away stack down below it, and a black tick marks each seat's net mean VP."""
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    xs = list(range(len(rep.seats)))
    up = [0.0] * len(xs)
    down = [0.0] * len(xs)
    for k, src in enumerate(rep.vp_sources):
        vals = [row.get(src, 0.0) for row in rep.vp_by_source]
        bottom = [d if v < 0 else u for v, u, d in zip(vals, up, down)]
        ax.bar(xs, vals, bottom=bottom, label=src, color=_SERIES[k % len(_SERIES)],
               edgecolor="white", linewidth=0.5)
        up = [u + max(0.0, v) for u, v in zip(up, vals)]
        down = [d + min(0.0, v) for d, v in zip(down, vals)]
    if any(d < 0 for d in down):
        ax.axhline(0, color="#212121", lw=0.8)
    net = [u + d for u, d in zip(up, down)]
    ax.plot(xs, net, linestyle="", marker="_", markersize=22, markeredgewidth=2.5,
            color="#212121", label="net mean VP")
    ax.set_xticks(xs, [s["colour"] for s in rep.seats])
    ax.set_ylabel("mean VP at the end")
    ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1, 0.5))
    return fig


def income(rep: Report) -> str:
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    xs = list(range(len(rep.seats)))
    width = 0.8 / max(1, len(rep.resources))
    for k, res in enumerate(rep.resources):
        ax.bar([x + k * width for x in xs], [row.get(res, 0.0) for row in rep.income],
               width=width, label=res, color=_SERIES[k % len(_SERIES)])
    ax.set_xticks([x + 0.4 - width / 2 for x in xs], [s["colour"] for s in rep.seats])
    ax.set_ylabel("cards produced per game")
    if rep.resources:
        ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1, 0.5))
    return svg(fig)


_UNIT_TITLES = {"rate": "rates (B − A, percentage points)",
                "turns": "game length (B − A, turns)", "VP": "VP by source (B − A, mean VP)",
                "per game": "uses and firings (B − A, per game)"}


def _short(name: str) -> str:
    """A metric's name for a plot's margin: ``rule scenarios/x.catan:12 on built per game`` →
    ``x.catan:12 on built`` (the panel's title says "per game")."""
    name = re.sub(r"(?:\S*/)?([^/\s]+\.catan:\d+)", r"\1", name)
    name = name.removesuffix(" per game")
    return name.removeprefix("rule ")


def balance_leads(rep: Report) -> str:
    """The winner's lead over its game's losers, with its 95% interval, for each action or card
    used and each VP source (two panels: counts of uses and VP do not share a scale)."""
    b = rep.stats.get("balance") or {}
    groups = [(t, b.get(k) or []) for t, k in (("uses per game", "uses"), ("VP at the end", "vp"))]
    groups = [(t, gs) for t, gs in groups if gs]
    heights = [len(gs) for _, gs in groups]
    fig = Figure(figsize=(7, 0.9 + 0.24 * sum(heights) + 0.5 * len(groups)))
    axes = fig.subplots(len(groups), 1, squeeze=False,
                        gridspec_kw={"height_ratios": heights})[:, 0] if groups else []
    for ax, (title, gs) in zip(axes, groups):
        ys = list(range(len(gs)))[::-1]
        for y, g in zip(ys, gs):
            colour = "#2e7d32" if g["ci_low"] > 0 else "#c62828" if g["ci_high"] < 0 else "#37474f"
            ax.errorbar([g["lead"]], [y], xerr=[[max(0.0, g["lead"] - g["ci_low"])],
                                                 [max(0.0, g["ci_high"] - g["lead"])]],
                        fmt="o", color=colour, ecolor=colour, capsize=3, markersize=4)
        ax.axvline(0, color="#212121", lw=0.8)
        ax.set_yticks(ys, [g["what"] for g in gs], fontsize=7)
        ax.set_ylim(-0.7, len(gs) - 0.3)
        ax.set_title(f"winner minus losers, {title} (95% CI)", fontsize=8, loc="left")
        ax.tick_params(axis="x", labelsize=7)
    fig.tight_layout()
    return svg(fig)


def forest(metrics: list) -> str:
    return svg(forest_figure(metrics))


def forest_figure(metrics: list) -> Figure:
    """B − A for every metric of a comparison with its 95% interval, one panel per unit (a
    rate's difference and a game length's do not share a scale); significant ones in red."""
    groups: dict[str, list] = {}
    for m in metrics:
        groups.setdefault(m.unit or "per game", []).append(m)
    heights = [max(1, len(ms)) for ms in groups.values()]
    fig = Figure(figsize=(8, 0.9 + 0.24 * sum(heights) + 0.5 * len(groups)))
    axes = fig.subplots(len(groups), 1, squeeze=False,
                        gridspec_kw={"height_ratios": heights})[:, 0] if groups else []
    for ax, (unit, ms) in zip(axes, groups.items()):
        scale = 100.0 if unit == "rate" else 1.0
        ys = list(range(len(ms)))[::-1]
        for y, m in zip(ys, ms):
            colour = "#c62828" if m.significant else "#37474f"
            ax.errorbar([m.diff * scale], [y],
                        xerr=[[max(0.0, (m.diff - m.ci_low) * scale)],
                              [max(0.0, (m.ci_high - m.diff) * scale)]],
                        fmt="o", color=colour, ecolor=colour, capsize=3, markersize=4)
        ax.axvline(0, color="#212121", lw=0.8)
        ax.set_yticks(ys, [_short(m.name) for m in ms], fontsize=7)
        ax.set_ylim(-0.7, len(ms) - 0.3)
        ax.set_title(_UNIT_TITLES.get(unit, unit), fontsize=8, loc="left")
        ax.tick_params(axis="x", labelsize=7)
        lo = min(min(m.ci_low, 0.0) for m in ms) * scale
        hi = max(max(m.ci_high, 0.0) for m in ms) * scale
        pad = (hi - lo) * 0.08 or 1.0
        ax.set_xlim(lo - pad, hi + pad)
    fig.tight_layout()
    return fig


def sweep_chart(title: str, param: str, xs: list[int], series: list[dict], *,
                rate: bool = False) -> str:
    return svg(sweep_figure(title, param, xs, series, rate=rate))


def sweep_figure(title: str, param: str, xs: list[int], series: list[dict], *,
                 rate: bool = False) -> Figure:
    """One metric against a parameter: a line per series (``label``, ``colour``, ``values``,
    ``low``, ``high``; a seat, or the game length) with its 95% interval — a band for a lone
    series, error bars set a little apart when several share the chart (overlapping bands hide
    each other) —, integer ticks on the parameter's values, and an axis that still reads when
    every value is equal."""
    fig = Figure(figsize=(5.2, 2.8))
    ax = fig.subplots()
    with_ci = [s for s in series if s.get("low") is not None]
    step = min((b - a for a, b in zip(sorted(set(xs)), sorted(set(xs))[1:])), default=1)
    for k, s in enumerate(series):
        if s.get("low") is not None and len(with_ci) > 1:
            shift = (k - (len(series) - 1) / 2) * step * 0.06
            sx = [x + shift for x in xs]
            below = [max(0.0, v - lo) for v, lo in zip(s["values"], s["low"])]
            above = [max(0.0, hi - v) for v, hi in zip(s["values"], s["high"])]
            ax.errorbar(sx, s["values"], yerr=[below, above], marker="o", markersize=4,
                        capsize=3, color=s["colour"], label=s["label"],
                        linestyle=s.get("style", "-"), linewidth=1.2)
            continue
        ax.plot(xs, s["values"], marker="o", markersize=4, color=s["colour"], label=s["label"],
                linestyle=s.get("style", "-"))
        if s.get("low") is not None:
            ax.fill_between(xs, s["low"], s["high"], color=s["colour"], alpha=0.15, linewidth=0,
                            label=f"{s['label']}: 95% interval")
    ax.set_title(title, fontsize=9, loc="left")
    ax.set_xlabel(param)
    if len(set(xs)) <= 12:
        ax.set_xticks(sorted(set(xs)))
    else:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if rate:
        ax.set_ylim(0, 1)
    else:
        values = [v for s in series for v in (*s["values"], *(s.get("low") or ()),
                                                *(s.get("high") or ()))]
        lo, hi = min(values, default=0.0), max(values, default=0.0)
        if hi - lo < 1e-9:                  # every value equal: centre it, do not zoom on noise
            pad = max(1.0, abs(hi) * 0.1)
            ax.set_ylim(lo - pad, hi + pad)
    ax.grid(axis="y", color="#e0e0e0", linewidth=0.6)
    ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1, 0.5))
    return fig

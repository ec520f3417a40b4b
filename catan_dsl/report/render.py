"""Report sections → one self-contained HTML file (plots inline as SVG, no scripts, no fonts or
files fetched) or a Markdown file with the same tables."""

from __future__ import annotations

import html

from catan_dsl.report import plots
from catan_dsl.report.data import Report, Section, sections

CSS = """body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;max-width:980px;margin:2em auto;
padding:0 1em;color:#222}h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left}
th{background:#f5f5f5}tr.never td{background:#fff3e0}.note{color:#555}
svg{max-width:100%;height:auto}
.plot-missing{color:#b71c1c;border:1px dashed #b71c1c;padding:.5em}"""

_PLOTS = {"seats": (plots.win_rates, "win rate"), "lengths": (plots.lengths, "game length"),
          "vp": (plots.vp_sources, "VP by source"), "income": (plots.income, "income"),
          "balance": (plots.balance_leads, "winners' lead")}


def to_html(rep: Report) -> str:
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>Playtest: {html.escape(rep.title)}</title>", f"<style>{CSS}</style>",
           "</head><body>", f"<h1>Playtest: {html.escape(rep.title)}</h1>"]
    for sec in sections(rep):
        out.append(f'<h2 id="{sec.key}">{html.escape(sec.heading)}</h2>')
        if sec.key in _PLOTS:
            draw, what = _PLOTS[sec.key]
            out.append(plots.figure_html(lambda d=draw: d(rep), what))
        out.append(_html_table(sec))
        if sec.note:
            out.append(f'<p class="note">{html.escape(sec.note)}</p>')
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_table(sec: Section) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in sec.columns)
    rows = []
    for row in sec.rows:
        cls = ' class="never"' if sec.key == "coverage" and row and row[-1] == "NEVER FIRED" else ""
        rows.append(f"<tr{cls}>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>")
    return f'<table id="t-{sec.key}"><thead><tr>{head}</tr></thead><tbody>' + "".join(rows) + \
        "</tbody></table>"


def to_markdown(rep: Report) -> str:
    out = [f"# Playtest: {rep.title}", ""]
    for sec in sections(rep):
        out += [f"## {sec.heading}", "", "| " + " | ".join(map(str, sec.columns)) + " |",
                "|" + "---|" * len(sec.columns)]
        out += ["| " + " | ".join(str(c).replace("|", "\\|") for c in row) + " |" for row in sec.rows]
        if sec.note:
            out += ["", sec.note]
        out.append("")
    return "\n".join(out)


def compare_rows(metrics: list) -> tuple[list[str], list[list[str]]]:
    """The comparison table: one row per metric, significant ones starred."""
    cols = ["metric", "A", "B", "B − A", "95% CI", "p (Holm)", ""]
    rows = [[m.name, f"{m.a:.3f}", f"{m.b:.3f}", f"{m.diff:+.3f}",
             f"{m.ci_low:+.3f} … {m.ci_high:+.3f}", f"{m.p_value:.3g}",
             "*" if m.significant else ""] for m in metrics]
    return cols, rows


def compare_html(title: str, inputs: dict, metrics: list) -> str:
    cols, rows = compare_rows(metrics)
    sec = Section("compare", "Metrics", cols, rows)
    flagged = [m.name for m in metrics if m.significant]
    lines = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>Compare: {html.escape(title)}</title>", f"<style>{CSS}</style>",
             "</head><body>", f"<h1>Compare: {html.escape(title)}</h1>",
             _html_table(Section("inputs", "Run", ["input", "value"],
                                 [[k, v] for k, v in inputs.items()])),
             "<h2>Metrics</h2>", _html_table(sec),
             f'<p class="note">{html.escape(_verdict(flagged, len(metrics)))}</p>',
             "<h2>B − A with 95% intervals</h2>",
             plots.figure_html(lambda: plots.forest(metrics), "differences"),
             '<p class="note">Each dot is B − A, its bar the 95% interval; red ones differ '
             "significantly after the Holm correction. An interval that does not cross the "
             "line at 0 alone is not enough: many metrics are tested at once.</p>",
             "</body></html>"]
    return "\n".join(lines) + "\n"


def compare_markdown(title: str, inputs: dict, metrics: list) -> str:
    cols, rows = compare_rows(metrics)
    out = [f"# Compare: {title}", "", "| input | value |", "|---|---|"]
    out += [f"| {k} | {v} |" for k, v in inputs.items()]
    out += ["", "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    out += ["", _verdict([m.name for m in metrics if m.significant], len(metrics)), ""]
    return "\n".join(out)


def _verdict(flagged: list[str], total: int) -> str:
    if not flagged:
        return (f"No difference among the {total} metrics is significant at 5% after the Holm "
                "correction.")
    return (f"{len(flagged)} of {total} metrics differ significantly at 5% after the Holm "
            "correction: " + ", ".join(flagged) + ".")

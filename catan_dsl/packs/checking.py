"""A folder of pack scenarios → the rendered diagnostics of those that do not check (empty: all do)."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api


def check_scenarios(folder: Path) -> str:
    """Check every ``*.catan`` below ``folder`` as ``catan-dsl check`` would; errors only."""
    out = []
    for path in sorted(folder.rglob("*.catan")):
        report = api.check_file(str(path))
        if report.has_errors:
            out.append(report.render_text())
    return "".join(out)

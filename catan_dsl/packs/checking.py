"""A folder of pack scenarios → the rendered diagnostics of those that do not check (empty: all do)."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api


SHOWN_FAILURES = 10      # scenarios whose diagnostics a refusal shows; the rest are counted


def check_scenarios(folder: Path, *, as_members: bool = False) -> str:
    """Check every ``*.catan`` below ``folder`` as ``catan-dsl check`` would; errors only.

    The checks share the files they read (a pack's scenarios extend one another), so checking
    a pack is linear in its files. ``as_members``: diagnostics name each file as the pack member
    it is (``scenarios/x.catan``), never the temporary folder it was unpacked into."""
    paths = sorted(folder.rglob("*.catan"))
    shown = {p: f"{folder.name}/{p.relative_to(folder).as_posix()}" for p in paths} \
        if as_members else {}
    cache = api.ParsedFiles(shown)
    out = []
    failed = 0
    for path in paths:
        report = api.check_file(str(path), cache=cache)
        if report.has_errors:
            failed += 1
            if failed <= SHOWN_FAILURES:
                out.append(report.render_text())
    if failed > SHOWN_FAILURES:
        out.append(f"... and {failed - SHOWN_FAILURES:,} more scenarios do not check\n")
    return "".join(out)

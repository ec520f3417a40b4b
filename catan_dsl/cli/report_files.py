"""Report files for the CLI: a playtest summary or comparison → FILE.html or FILE.md, chosen
by the suffix and written atomically (a wrong suffix or a missing folder is a usage error before
the run; an unwritable path is one error line after the results are printed)."""

from __future__ import annotations

import os
from typing import Callable

from catan_dsl.cli.common import check_output, fail, usage_error
from catan_dsl.core.files import write_atomic

REPORT_SUFFIXES = (".html", ".htm", ".md")


def check_report_path(path: str | None) -> None:
    """--report checked before any game is played, so a typo never costs a run: a suffix that
    names no report format or a folder that does not exist is a usage error (exit 2)."""
    if path is None:
        return
    if os.path.splitext(path)[1].lower() not in REPORT_SUFFIXES:
        usage_error("--report", f"{path}: name an .html or .md file")
    check_output("--report", path)


def write_report(path: str, ir: dict, summary, **inputs) -> None:  # type: ignore[no-untyped-def]
    """The playtest report as HTML or Markdown, by the file's suffix."""
    from catan_dsl.report.data import build
    from catan_dsl.report.render import to_html, to_markdown

    rep = build(ir, summary, **inputs)
    write_text(path, lambda md: to_markdown(rep) if md else to_html(rep))


def write_text(path: str, make: Callable[[bool], str]) -> None:
    """``make(markdown?)`` written to ``path`` (checked by check_report_path before the run);
    a failure is one error line, exit 1."""
    suffix = os.path.splitext(path)[1].lower()
    try:
        write_atomic(path, make(suffix == ".md").encode("utf-8"))
    except OSError as e:              # core.files.CannotWrite: "cannot write PATH: reason"
        fail(str(e))

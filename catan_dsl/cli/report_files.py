"""Report files for the CLI: a playtest summary or comparison → FILE.html or FILE.md, chosen
by the suffix and written atomically (a wrong suffix or an unwritable path is one error line)."""

from __future__ import annotations

import os
from typing import Callable

from catan_dsl.cli.common import fail
from catan_dsl.core.files import write_atomic


def write_report(path: str, ir: dict, summary, **inputs) -> None:  # type: ignore[no-untyped-def]
    """The playtest report as HTML or Markdown, by the file's suffix."""
    from catan_dsl.report.data import build
    from catan_dsl.report.render import to_html, to_markdown

    rep = build(ir, summary, **inputs)
    write_text(path, lambda md: to_markdown(rep) if md else to_html(rep))


def write_text(path: str, make: Callable[[bool], str]) -> None:
    """``make(markdown?)`` written to ``path``; only .html/.htm/.md are accepted."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix not in (".html", ".htm", ".md"):
        fail(f"--report {path}: name an .html or .md file")
    try:
        write_atomic(path, make(suffix == ".md").encode("utf-8"))
    except OSError as e:              # core.files.CannotWrite: "cannot write PATH: reason"
        fail(str(e))

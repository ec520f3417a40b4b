"""Source text + positions → `SourceFile` and 1-based `Span`s shared by every diagnostic."""

from __future__ import annotations

from catan_dsl.core.frozen import Frozen, frozen_record


@frozen_record
class Span(Frozen):
    """A region of one source file: 1-based line/column of its first and last-but-one character.

    ``end_col`` is exclusive, like a Python slice, so a one-character span has
    ``end_col == col + 1``. ``start``/``end`` are 0-based character offsets.
    """

    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    start: int = 0
    end: int = 0

    def __str__(self) -> str:
        if self.line == 0:  # a whole file (e.g. missing), or no file at all
            return self.path
        return f"{self.path}:{self.line}:{self.col}"


def file_span(path: str) -> Span:
    """A diagnostic about a file as a whole (it is missing, or not a scenario at all)."""
    return Span(path, 0, 0, 0, 0)


NO_SPAN = file_span("catan-dsl")


@frozen_record
class SourceFile(Frozen):
    """The text of one ``.catan`` file, with line lookup for rendering carets."""

    path: str
    text: str

    def line(self, n: int) -> str:
        """Line ``n`` (1-based) without its newline; empty when out of range."""
        lines = self.__dict__.get("_lines")
        if lines is None:       # split on the first look-up (kept: not a field, so not compared)
            lines = self.__dict__["_lines"] = tuple(self.text.split("\n"))
        if 1 <= n <= len(lines):
            return lines[n - 1].rstrip("\r")
        return ""

    def span_at(self, offset: int, length: int = 1) -> Span:
        """A span starting at 0-based character ``offset`` covering ``length`` characters."""
        offset = max(0, min(offset, len(self.text)))
        line = self.text.count("\n", 0, offset) + 1
        col = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        end = min(offset + max(length, 1), len(self.text) + 1)
        return Span(self.path, line, col, line, col + max(end - offset, 1), offset, end)

    def eof_span(self) -> Span:
        return self.span_at(len(self.text.rstrip()), 1)


def span_from_meta(meta: object, path: str) -> Span:
    """Build a Span from a lark ``Meta`` (propagate_positions=True); tolerate empty rules."""
    if getattr(meta, "empty", True):
        return Span(path, 1, 1, 1, 2)
    return Span(
        path,
        meta.line,  # type: ignore[attr-defined]
        meta.column,  # type: ignore[attr-defined]
        meta.end_line,  # type: ignore[attr-defined]
        meta.end_column,  # type: ignore[attr-defined]
        meta.start_pos,  # type: ignore[attr-defined]
        meta.end_pos,  # type: ignore[attr-defined]
    )


def span_from_token(tok: object, path: str) -> Span:
    """Build a Span from a lark ``Token``."""
    line = getattr(tok, "line", None) or 1
    col = getattr(tok, "column", None) or 1
    end_line = getattr(tok, "end_line", None) or line
    end_col = getattr(tok, "end_column", None) or col + 1
    start = getattr(tok, "start_pos", None) or 0
    end = getattr(tok, "end_pos", None) or start + 1
    return Span(path, line, col, end_line, end_col, start, end)

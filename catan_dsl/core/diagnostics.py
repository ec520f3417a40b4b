"""Codes + spans → `Diagnostic`s collected in a `Report`, rendered as compiler-style text or JSON."""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass, field

from catan_dsl.core.codes import CODES
from catan_dsl.core.frozen import Frozen, frozen_record
from catan_dsl.core.source import NO_SPAN, SourceFile, Span


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@frozen_record
class Diagnostic(Frozen):
    """One finding: a stable code, a message, where it is, and how to fix it."""

    code: str
    severity: Severity
    message: str
    span: Span
    hint: str | None = None
    notes: tuple[tuple[str, Span | None], ...] = ()
    pointer: str | None = None  # JSON pointer, for IR schema errors

    def to_dict(self) -> dict:
        d: dict = {
            "code": self.code,
            "slug": CODES[self.code].slug if self.code in CODES else None,
            "severity": self.severity.value,
            "message": self.message,
            "path": self.span.path,
            "line": self.span.line,
            "col": self.span.col,
            "end_line": self.span.end_line,
            "end_col": self.span.end_col,
            "hint": self.hint,
            "notes": [{"message": m, "path": s.path if s else None,
                       "line": s.line if s else None, "col": s.col if s else None}
                      for m, s in self.notes],
        }
        if self.pointer is not None:
            d["pointer"] = self.pointer
        return d


def make(code: str, span: Span | None, *, hint: str | None = None,
         notes: tuple[tuple[str, Span | None], ...] = (), pointer: str | None = None,
         **args: object) -> Diagnostic:
    """Build a diagnostic from the catalogue entry ``code`` and its template arguments."""
    c = CODES[code]
    sev = Severity.WARNING if c.is_warning else Severity.ERROR
    return Diagnostic(code, sev, c.format(**args), span or NO_SPAN, hint, notes, pointer)


@dataclass
class Report:
    """Every diagnostic of one run, plus the sources needed to render them."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, SourceFile] = field(default_factory=dict)

    def add(self, d: Diagnostic) -> None:
        self.diagnostics.append(d)

    def error(self, code: str, span: Span | None, **kw: object) -> None:
        self.add(make(code, span, **kw))  # type: ignore[arg-type]

    def extend(self, ds: "list[Diagnostic] | Report") -> None:
        if isinstance(ds, Report):
            self.sources.update(ds.sources)
            ds = ds.diagnostics
        self.diagnostics.extend(ds)

    def add_source(self, src: SourceFile) -> None:
        self.sources[src.path] = src

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.sorted() if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.sorted() if d.severity is Severity.WARNING]

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.diagnostics)

    def sorted(self) -> list[Diagnostic]:
        """Deduplicated, ordered by file, position and code (stable output for tests)."""
        seen: set = set()
        out = []
        for d in self.diagnostics:
            key = (d.code, d.message, d.span.path, d.span.line, d.span.col)
            if key not in seen:
                seen.add(key)
                out.append(d)
        return sorted(out, key=lambda d: (d.span.path, d.span.line, d.span.col, d.code))

    def render_text(self) -> str:
        return "".join(render_text(d, self.sources.get(d.span.path)) for d in self.sorted())

    def to_json(self) -> list[dict]:
        return [d.to_dict() for d in self.sorted()]


SHOWN_LINE = 120        # characters of a source line shown under a diagnostic


def visible(ch: str) -> str:
    """A control, format or line-separator character (BEL, ESC, U+202E …) as its escape
    (``\\x07``, ``\\u202e``): raw, it rings, recolours or reorders the line. A tab stays."""
    if ch == "\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp"):
        return ch
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"


def _shown(text: str) -> str:
    return "".join(map(visible, text))


def _columns(text: str) -> int:
    """Terminal columns ``text`` takes once shown: a wide (CJK, emoji) character two, a
    combining mark none, an escaped one its escape's length."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF"
               else len(visible(ch)) for ch in text)


def render_text(d: Diagnostic, src: SourceFile | None) -> str:
    """``path:line:col: error[E201]: message``, gutter + source line, caret, notes and help."""
    s = d.span
    out = [f"{s}: {d.severity.value}[{d.code}]: {_shown(d.message)}\n"]
    if src is not None and s.line > 0:
        text = src.line(s.line)
        if text or s.line <= len(src.text.split("\n")):
            gutter = str(s.line)
            pad = " " * len(gutter)
            width = (s.end_col - s.col) if s.end_line == s.line else len(text) - s.col + 1
            width = max(1, min(width, max(1, len(text) - s.col + 1)))
            col = s.col
            if len(text) > SHOWN_LINE:
                # A very long line is shown as a window around the span, marked with "…".
                start = max(0, min(col - 1 - SHOWN_LINE // 2, len(text) - SHOWN_LINE))
                text = ("…" if start else "") + text[start:start + SHOWN_LINE] + \
                    ("…" if start + SHOWN_LINE < len(text) else "")
                col = col - start + (1 if start else 0)
                width = min(width, SHOWN_LINE // 2)
            # Tabs keep their width in the caret line, and any other character its columns on a
            # terminal (wide, combining, escaped), so the caret stays under the span.
            lead = "".join(ch if ch == "\t" else " " * _columns(ch) for ch in text[: col - 1])
            width = max(1, _columns(text[col - 1: col - 1 + width]))
            out.append(f"{pad} |\n")
            out.append(f"{gutter} | {_shown(text)}\n")
            out.append(f"{pad} | {lead}^{'~' * (width - 1)}\n")
    for msg, nspan in d.notes:
        where = f"{nspan.path}:{nspan.line}:{nspan.col}: " if nspan else ""
        out.append(f"  = note: {where}{_shown(msg)}\n")
    if d.hint:
        out.append(f"  = help: {_shown(d.hint)}\n")
    return "".join(out)


def report_json(report: Report) -> str:
    import json         # here: `check` of a .catan file needs no JSON (start-up)
    return json.dumps(report.to_json(), indent=2, sort_keys=True) + "\n"

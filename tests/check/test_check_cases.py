"""Data-driven checker tests: every tests/check/cases/*.catan carries inline expectations.

A line ending in ``# E: E201@38`` must produce error E201 at that line, column 38 (``@*``: any
column); ``W:`` marks warnings the same way. A file must produce exactly the annotated
diagnostics, so a file without annotations must be clean.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.core.codes import CODES

CASES = sorted((Path(__file__).parent / "cases").glob("*.catan"))
_ANNOT = re.compile(r"([EW]\d{3})@(\d+|\*)")


def expectations(path: Path) -> set[tuple[int, str, str]]:
    out = set()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if "#" in line and re.search(r"#\s*[EW]:", line):
            for code, col in _ANNOT.findall(line.split("#", 1)[1]):
                out.add((n, code, col))
    return out


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_check_case(path: Path) -> None:
    report = api.check_file(str(path))
    got = {(d.span.line, d.code, str(d.span.col)) for d in report.sorted()
           if Path(d.span.path).resolve() == path.resolve()}
    want = expectations(path)
    loose = {(ln, code) for ln, code, col in want if col == "*"}
    got_cmp = {g if (g[0], g[1]) not in loose else (g[0], g[1], "*") for g in got}
    assert got_cmp == want, "\n" + report.render_text()
    # A designer is told what to do, not only what is wrong: every diagnostic has a hint.
    bare = [d for d in report.sorted() if not d.hint]
    assert not bare, "without a hint:\n" + "\n".join(f"{d.code} {d.message}" for d in bare)


def test_every_code_has_a_case_or_a_dedicated_test() -> None:
    """Each catalogued code is triggered somewhere in tests/ (a check case or a test)."""
    annotated = {code for p in CASES for _, code, _ in expectations(p)}
    dedicated = set()
    for test in Path(__file__).resolve().parents[1].rglob("test_*.py"):
        dedicated |= set(re.findall(r"\"([EW]\d{3})\"", test.read_text(encoding="utf-8")))
    missing = sorted(set(CODES) - annotated - dedicated)
    assert not missing, f"codes without a test: {missing}"

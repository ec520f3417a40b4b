"""extends / import / with chains are bounded (E230), a loop of ``with`` is E210, and loading is
linear: every file of a composition is read and parsed once, however many paths reach it."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.check import reading
from catan_dsl.check.load import MAX_COMPOSITION_DEPTH, ParsedFiles, load_model
from catan_dsl.core.diagnostics import Report


def _write(d: Path, name: str, text: str) -> Path:
    p = d / f"{name}.catan"
    p.write_text(text, encoding="utf-8")
    return p


def _chain(d: Path, n: int, link: str = "extends") -> Path:
    """v0 … v{n}, each v{i} naming v{i-1} with ``link``; returns the last one."""
    _write(d, "v0", 'variant v0 "V0" { victory 8 }\n')
    for i in range(1, n + 1):
        _write(d, f"v{i}", f'variant v{i} "V{i}" {link} v{i - 1} {{ victory {8 + i % 3} }}\n')
    return d / f"v{n}.catan"


def _codes(report: Report) -> list[str]:
    return [d.code for d in report.sorted()]


def test_a_chain_at_the_depth_limit_loads(tmp_path: Path) -> None:
    report = api.check_file(str(_chain(tmp_path, MAX_COMPOSITION_DEPTH)))
    assert _codes(report) == [], report.render_text()


@pytest.mark.parametrize("link", ["extends", "with"])
def test_one_file_past_the_depth_limit_is_E230_at_the_reference_that_goes_too_deep(
        tmp_path: Path, link: str) -> None:
    """A pack of 1,500 chained files once stalled an install for minutes and then failed with a
    misleading "rules nested too deep"; now the 33rd reference is named, nothing further is read."""
    report = api.check_file(str(_chain(tmp_path, MAX_COMPOSITION_DEPTH + 1, link)))
    (d,) = report.sorted()
    assert (d.code, Path(d.span.path).name, d.span.line) == ("E230", "v1.catan", 1)
    assert d.message == (f'{link} "v0" reaches a file {MAX_COMPOSITION_DEPTH + 1} references '
                         f"deep (limit {MAX_COMPOSITION_DEPTH})")


def test_extends_and_with_alternating_count_together(tmp_path: Path) -> None:
    """``with`` starts a fresh extends chain (a variant may extend the file naming it), but the
    depth still counts every reference, so alternating them cannot recurse without bound."""
    _write(tmp_path, "v0", 'variant v0 "V0" { victory 8 }\n')
    for i in range(1, 200):
        link = "extends" if i % 2 else "with"
        _write(tmp_path, f"v{i}", f'variant v{i} "V{i}" {link} v{i - 1} {{ }}\n')
    report = api.check_file(str(tmp_path / "v199.catan"))
    assert _codes(report) == ["E230"], report.render_text()


def test_a_lattice_of_imports_reads_each_file_once(tmp_path: Path, monkeypatch) -> None:
    """20 levels of two files, each importing both files of the level below: 2**20 paths reach
    the bottom, but each of the 41 files is parsed once and merged once."""
    levels = 20
    for side in "ab":
        _write(tmp_path, f"l{levels}{side}", f'variant l{levels}{side} {{ victory 9 }}\n')
    for i in range(levels - 1, -1, -1):
        for side in "ab":
            _write(tmp_path, f"l{i}{side}",
                   f"import l{i + 1}a\nimport l{i + 1}b\nvariant l{i}{side} {{ }}\n")
    parsed: list[str] = []
    real = reading.parse_source
    monkeypatch.setattr(reading, "parse_source",
                        lambda src, report: parsed.append(src.path) or real(src, report))
    model, report = load_model(str(tmp_path / "l0a.catan"))
    assert _codes(report) == [] and model is not None
    assert len(parsed) == len(set(parsed)) == 2 * levels + 1
    assert len(model.units) == 2 * levels + 1


def test_checks_sharing_parsed_files_read_each_once_and_keep_their_diagnostics(
        tmp_path: Path, monkeypatch) -> None:
    """A pack's scenarios are checked with one ParsedFiles: a file several scenarios extend is
    parsed once, and its syntax error still appears in every report that reaches it; names in
    diagnostics are the ones ParsedFiles was given (a pack member, not a temporary folder)."""
    broken = _write(tmp_path, "common", 'variant common { victory = 8 }\n')
    a = _write(tmp_path, "a", 'variant a extends common { }\n')
    b = _write(tmp_path, "b", 'variant b extends common { }\n')
    parsed: list[str] = []
    real = reading.parse_source
    monkeypatch.setattr(reading, "parse_source",
                        lambda src, report: parsed.append(src.path) or real(src, report))
    cache = ParsedFiles({broken: "mypack:scenarios/common.catan", a: "mypack:scenarios/a.catan"})
    first = api.check_file(str(a), cache=cache)
    second = api.check_file(str(b), cache=cache)
    assert sorted(parsed) == sorted(["mypack:scenarios/common.catan",
                                     "mypack:scenarios/a.catan", str(b)])
    for report in (first, second):
        assert _codes(report) == ["E100"]
        assert report.render_text().startswith("mypack:scenarios/common.catan:1:26: error[E100]")


def test_variants_that_name_each_other_with_with_are_E210(tmp_path: Path) -> None:
    """Issue 38: two variants that each say ``with`` the other used to compile."""
    _write(tmp_path, "one", 'variant one "One" with two { victory 8 }\n')
    _write(tmp_path, "two", 'variant two "Two" with three { victory 9 }\n')
    _write(tmp_path, "three", 'variant three "Three" with one { }\n')
    main = _write(tmp_path, "s", 'scenario s "S" extends base with one { }\n')
    ir, report = api.compile_file(str(main))
    assert ir is None
    (d,) = [d for d in report.sorted() if d.code == "E210"]
    assert d.message == "with cycle: one -> two -> three -> one"
    assert Path(d.span.path).name == "one.catan"


def test_a_variant_extending_the_file_that_names_it_is_no_cycle(tmp_path: Path) -> None:
    """``with`` restarts the extends chain: variant v extends s, and s says ``with v``."""
    _write(tmp_path, "v", 'variant v "V" extends s { victory 8 }\n')
    main = _write(tmp_path, "s", 'scenario s "S" extends base with v { }\n')
    ir, report = api.compile_file(str(main))
    assert ir is not None, report.render_text()
    assert ir["victory"]["target"] == 8

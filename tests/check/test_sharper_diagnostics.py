"""Sharper diagnostics (issue 12 item 11): an unknown function is matched by meaning as well as
spelling and the functions taking the same argument types are listed; `setup` reads the same in
a prohibition's condition as in 'on built where setup'."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api


def _check(tmp_path: Path, body: str):
    p = tmp_path / "d.catan"
    p.write_text("scenario d extends base {\n" + body + "\n}\n", encoding="utf-8")
    return api.check_file(str(p))


def test_an_unknown_function_is_matched_by_meaning_and_by_argument_types(tmp_path: Path) -> None:
    report = _check(tmp_path, "  on built settlement at v { each c in corners(v) { gain 1 wool } }")
    (d,) = report.errors
    assert d.code == "E402"
    assert d.hint.startswith('did you mean "vertices_of"?')
    assert "functions taking (vertex): " in d.hint and "hexes_of" in d.hint and "owner" in d.hint


def test_setup_reads_the_same_in_a_prohibition(tmp_path: Path) -> None:
    report = _check(tmp_path, "  forbid build road at e where setup and coast(e)\n"
                              "  on built road at e where setup { gain 1 wool }")
    assert report.diagnostics == [], report.render_text()
    ir, _ = api.compile_file(str(tmp_path / "d.catan"))
    forbid = next(r for r in ir["rules"] if r["kind"] == "forbid")
    assert forbid["when"][1] == ["setup"]


def test_an_undeclared_name_lists_the_sets(tmp_path: Path) -> None:
    report = _check(tmp_path, "  on turn_ended { each x in zzz { gain 1 wool } }")
    (d,) = report.errors
    assert d.code == "E407" and "the sets are" in d.hint and "vertices" in d.hint

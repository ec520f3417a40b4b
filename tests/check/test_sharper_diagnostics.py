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


def test_one_unknown_name_is_one_error_however_often_it_is_used(tmp_path: Path) -> None:
    report = _check(tmp_path, "  on turn_started { zork gains 1 brick; zork gains 2 ore }\n"
                              "  on turn_ended { each p in players where foo(p) > 1 and foo(p) < 3"
                              " { p gains 1 wool } }")
    got = sorted((d.code, d.span.line) for d in report.errors)
    assert got == [("E402", 3), ("E407", 2)], report.render_text()


def test_a_modifier_variable_of_the_wrong_kind_says_what_it_binds(tmp_path: Path) -> None:
    report = _check(tmp_path, "  modifier yield + 1 for hex h where owner(h) == 0")
    (d,) = report.errors
    assert d.code == "E406" and d.message == ("modifier yield binds the intersection of a "
                                              "producing building, not a hex")
    assert d.hint == "write 'for h'" and d.span.col == 26

    report = _check(tmp_path, "  modifier vp + 1 for v where terrain(v) == hills")
    (d,) = report.errors
    assert d.code == "E406" and "(v is what modifier vp binds: the place of a piece" in d.message


def test_for_player_fits_the_target_modifier_too(tmp_path: Path) -> None:
    report = _check(tmp_path, "  modifier target + 1 for player p where vp(p) > 3")
    assert report.errors == [], report.render_text()
    report = _check(tmp_path, "  modifier route_weight + 1 for player p where vp(p) > 3")
    (d,) = report.errors
    assert d.message == "modifier route_weight binds a path, not a player"

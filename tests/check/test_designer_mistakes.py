"""One mistake, one diagnostic: a board without tiles is one E314 naming its hexes, and an
action declared twice in one file is E205 alone (not E205 and E225 at one place)."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api


def _check(tmp_path: Path, body: str) -> list[tuple[str, str]]:
    p = tmp_path / "s.catan"
    p.write_text(f"scenario t extends base {{\n{body}\n}}\n", encoding="utf-8")
    return [(d.code, d.message) for d in api.check_file(str(p)).sorted()]


def test_a_board_without_tiles_is_one_error_naming_its_hexes(tmp_path: Path) -> None:
    got = _check(tmp_path, "  board c { layout rows 2 3 2 }")
    assert got == [("E314", "7 hexes get no terrain: 0,-1, 1,-1, -1,0, 0,0, 1,0, -1,1, 0,1")]


def test_an_action_declared_twice_in_one_file_is_one_error(tmp_path: Path) -> None:
    action = '  action a "A" { after roll; cost ore 1; do { gain 1 wool } }\n'
    assert [c for c, _ in _check(tmp_path, action + action)] == ["E205"]


def test_a_misspelt_board_name_is_told_the_board_it_is_close_to(tmp_path: Path) -> None:
    """`use board beginer` and `board b extends beginer` name "beginner", as a misspelt terrain
    or piece is told its declared name (they listed every board, or none)."""
    for body in ("  use board beginer", "  board b extends beginer default { hex 0,0 forest 6 }"):
        p = tmp_path / "s.catan"
        p.write_text(f"scenario t extends base {{\n{body}\n}}\n", encoding="utf-8")
        (d,) = api.check_file(str(p)).errors
        assert (d.code, d.hint) == ("E204", 'did you mean "beginner"?')

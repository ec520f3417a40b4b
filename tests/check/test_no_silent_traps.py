"""Issue 39 item 7(b) and 7(d): an argument of the wrong kind of place is a located error naming
both kinds and the way to write it (no well-typed expression is silently always false), and the
messages a designer met in the issue say what they mean."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import compile_file


def diagnostics(tmp_path: Path, text: str) -> list:
    path = tmp_path / "t.catan"
    path.write_text(text, encoding="utf-8")
    _, report = compile_file(str(path))
    return report.sorted()


def one(tmp_path: Path, text: str, code: str):
    found = [d for d in diagnostics(tmp_path, text) if d.code == code]
    assert len(found) == 1, [(d.code, d.message) for d in diagnostics(tmp_path, text)]
    return found[0]


def test_a_corner_asked_about_a_set_of_hexes_names_both_kinds_and_the_way_to_write_it(tmp_path):
    """7(b): the forbid of the issue, which let 45 of 90 set-up settlements land where they
    were forbidden, is now an error at the argument."""
    d = one(tmp_path, """variant t extends rivers {
  forbid build settlement at x where feature(x, river)
}""", "E406")
    assert d.message == "feature(): x is an intersection, river is a set of hexes: never true"
    assert d.hint == "use any(h in hexes_of(x) where feature(h, river))"
    assert (d.span.line, d.span.col) == (2, 46)


@pytest.mark.parametrize("cond, says", [
    ("occupied(e, settlement)", "occupied(): e is a path, and a settlement stands on "
                                "intersections"),
    ("piece(e) == city", "piece() of a path is never a city"),
    ("any(h in hexes_of(e) where h in ends(e))", "h is a hex and the set holds intersections"),
    ("terrain(first(h in hexes_of(e) where true)) == road", "'==' compares a terrain with a piece"),
    ("feature(e, river)", "feature(): e is a path, river is a set of hexes"),
])
def test_conditions_that_could_never_hold_are_errors(tmp_path, cond, says):
    """7(b): a path asked for a settlement, a path's piece compared with a city, a hex looked
    for among intersections, a terrain compared with a piece."""
    d = one(tmp_path, f"variant t extends rivers {{\n  on built road at e where {cond} "
                      "{ gain 1 ore }\n}", "E406")
    assert says in d.message


def test_the_right_kinds_pass(tmp_path):
    """7(b): the same questions asked of the right kinds check clean."""
    assert not diagnostics(tmp_path, """variant t extends rivers {
  forbid build settlement at x where any(h in hexes_of(x) where feature(h, river))
  on built road at e where any(v in ends(e) where occupied(v, settlement)) { gain 1 ore }
  on built road at e where feature(e, bridge_site) and piece(e) == road { gain 1 ore }
  on built settlement at v where any(e in pieces(player, road) where v in ends(e)) { gain 1 ore }
}""")


def test_count_of_a_shared_counter_says_to_read_it_by_its_bare_name(tmp_path):
    """7(d)."""
    d = one(tmp_path, """variant t extends base {
  counter pollution "pollution" { shared; max 5 }
  on turn_ended where count_of(player, pollution) > 2 { gain 1 ore }
}""", "E406")
    assert "pollution is a shared counter" in d.message
    assert d.hint == "read it by its bare name: 'pollution >= 3'"


def test_gaining_what_is_not_a_resource_names_what_it_got(tmp_path):
    """7(d): `gain 1 terrain(h)` gets a terrain; the hint names produces(h)."""
    d = one(tmp_path, """variant t extends base {
  on built settlement at v { choose h in hexes_of(v) { gain 1 terrain(h) } }
}""", "E406")
    assert d.message == "gain: terrain() gives a terrain, not a resource"
    assert "produces(h)" in d.hint


def test_roll_outside_an_effect_carries_the_hint_of_the_docs(tmp_path):
    """7(d): E414 says how to write it, as docs/diagnostics.md does."""
    d = one(tmp_path, """variant t extends base {
  on rolled n where roll(6) > 3 { gain 1 wool }
}""", "E414")
    assert "let d = roll(6)" in d.hint
    docs = (Path(__file__).resolve().parents[2] / "docs" / "diagnostics.md").read_text()
    assert "let d = roll(6)" in docs


def test_a_numbered_corner_says_corners_are_named(tmp_path):
    """7(d): `0,0 3` in a corners set: corners are N NE SE S SW NW; corner(h, K) numbers them."""
    d = one(tmp_path, """scenario t extends base {
  board b extends beginner default {
    corners spots { 0,0 3 }
  }
}""", "E100")
    assert d.message == "a corner is named, not numbered: found '3'"
    assert "N NE SE S SW NW" in d.hint and "corner(h, K)" in d.hint


COASTAL = """scenario t extends base {{
  board b default {{
    layout rows 3 4 5 4 3
    pool c on coast {{ forest 4, pasture 4, fields 3, desert 1 }}
    pool i on inner {{ hills 3, mountains 3, fields 1 }}
    numbers random on coast {{ 2 3 4 5 6 8 9 10 11 12 3 }}{inner}
    {tokens}
  }}
}}"""


def test_number_groups_with_a_desert_count_the_hexes_that_take_a_token(tmp_path):
    """7(d): E306 used to say "18 number tokens for -1 token-bearing hexes" when the groups
    covered every hex and a pool of one held a desert: the board is fine."""
    assert not diagnostics(tmp_path, COASTAL.format(inner=" on inner { 3 4 5 6 8 9 10 }",
                                                    tokens=""))


def test_e306_counts_the_hexes_no_group_covers(tmp_path):
    """7(d): with a coast group only, the board's tokens go to the 7 inner hexes: E306 says 7,
    never a number below 0, and that these are the hexes outside the groups."""
    d = one(tmp_path, COASTAL.format(inner="", tokens="tokens 3 4 5 6 8 9 10 11"), "E306")
    assert d.message == "8 number tokens for 7 token-bearing hexes"
    assert "no number group covers" in d.hint
    assert not diagnostics(tmp_path, COASTAL.format(inner="", tokens="tokens 3 4 5 6 8 9 10"))

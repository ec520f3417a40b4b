"""The sea and ships (issue 39 item 4) at `check` time: each new form's mistakes are located
errors that say what was expected — networks on path pieces only, a declared robber that says
where it stands and starts on its sea, set-up alternatives of one kind of place, and functions
and moves given the wrong kind of place."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api

ROOT = Path(__file__).resolve().parents[2]
SEA = ROOT / "tests" / "fixtures" / "sea_routes.catan"


def _errors(tmp_path: Path, old: str, new: str) -> list:
    text = SEA.read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "sea.catan"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return api.check_file(str(p)).errors


def test_the_fixture_checks_clean() -> None:
    report = api.check_file(str(SEA))
    assert report.diagnostics == [], report.render_text()


def test_a_network_on_a_building_is_an_error(tmp_path: Path) -> None:
    (d,) = _errors(tmp_path, "robber pirate {", "piece hut { on vertex; network road }\n  robber pirate {")
    assert d.code == "E206" and "only path pieces join a network" in d.message
    assert (d.span.line, d.span.col) == (8, 26)


def test_a_piece_on_an_unknown_place_names_sea_edge(tmp_path: Path) -> None:
    (d,) = _errors(tmp_path, "on sea_edge", "on sea_path")
    assert d.code == "E206" and "sea_edge" in (d.hint or "")


def test_a_second_robber_says_where_it_stands(tmp_path: Path) -> None:
    (d,) = _errors(tmp_path, "robber pirate { on sea; robs ship }", "robber pirate { robs ship }")
    assert d.code == "E207" and "does not say where it stands" in d.message and d.hint == "add 'on sea'"
    (d,) = _errors(tmp_path, "robber pirate { on sea; robs ship }", "robber pirate { on land }")
    assert d.code == "E206" and '"land" is not a valid place for a robber' in d.message
    (d,) = _errors(tmp_path, "robs ship }", "robs shipp }")
    assert d.code == "E203" and d.hint == 'did you mean "ship"?'
    errors = _errors(tmp_path, "robber pirate { on sea; robs ship }", "robber robber { on sea }")
    assert any(e.code == "E206" and "land robber" in e.message for e in errors)


def test_a_second_robber_starts_on_its_sea(tmp_path: Path) -> None:
    (d,) = _errors(tmp_path, "robber pirate starts at 2,0", "robber pirate starts at 0,0")
    assert d.code == "E206" and "0,0 is a land hex" in d.message
    assert (d.span.line, d.span.col) == (19, 29)
    (d,) = _errors(tmp_path, "robber pirate starts at 2,0", "robber pirat starts at 2,0")
    assert d.code == "E407" and d.hint == 'did you mean "pirate"?'


def test_setup_alternatives_are_pieces_of_one_kind_of_place(tmp_path: Path) -> None:
    (d,) = _errors(tmp_path, "road|ship", "road|settlement")
    assert d.code == "E206" and "pieces on different kinds of place" in d.message
    (d,) = _errors(tmp_path, "road|ship", "road|shp")
    assert d.code == "E203"


def test_functions_and_moves_take_places_of_the_right_kind(tmp_path: Path) -> None:
    """A place of the wrong kind is a located error naming both kinds."""
    (d,) = _errors(tmp_path, "can_move_to(e, f)", "can_move_to(e, player)")
    assert d.code == "E406" and "can_move_to" in d.message and "player" in d.message
    (d,) = _errors(tmp_path, "move ship from e to f", "move ship from e to player")
    assert d.code == "E406" and "ship stands on paths" in d.message and "got player" in d.message
    (d,) = _errors(tmp_path, "robber_hex(pirate)))", "robber_hex(ship)))")
    assert d.code == "E407" and 'robber "ship"' in d.message
    (d,) = _errors(tmp_path, "robber_hex(pirate)))", "robber_hex(parrot)))")
    assert d.code == "E407" and "pirate" in (d.hint or "")
    # The robber's name is unknown, and its target, a hex, can never be one of the paths.
    d, kind = _errors(tmp_path, "forbid build ship at e", "forbid robber_move parrot to e")
    assert d.code == "E407" and kind.code == "E406" and "e is a hex" in kind.message

"""The stories of docs/examples → `explain` sentences a rule-book reader meets without stumbling:
no doubled article before a label, a single special harbor named by its resource, the chance of a
random pick said beside the pick."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.explain import explain

ROOT = Path(__file__).resolve().parents[2]
STORIES = ROOT / "docs" / "examples" / "stories"


@pytest.fixture(scope="module")
def base() -> dict:
    ir, report = api.compile_file(str(ROOT / "scenarios" / "base.catan"))
    assert ir is not None, report.render_text()
    return ir


def _said(name: str, base: dict) -> str:
    ir, report = api.compile_file(str(STORIES / f"{name}.catan"))
    assert ir is not None, report.render_text()
    return " ".join(explain(ir, base).split())


def test_a_shared_counter_with_its_own_article_is_not_doubled(base: dict) -> None:
    """The granary's label is "the village granary": the shared value reads once with "the"."""
    text = _said("harvest", base)
    assert "Only when the shared village granary is at least 2." in text
    assert "the shared the" not in text


def test_one_special_harbor_is_named_by_its_resource(base: dict) -> None:
    """Atoll has one wool 2:1: never "one 2:1 for each of wool"."""
    text = _said("atoll", base)
    assert "2 harbors: 1 generic 3:1 and one wool 2:1." in text
    assert "for each of wool" not in text


def test_a_random_pick_says_at_random_beside_the_pick(base: dict) -> None:
    """Drought's pick: "at random" right after the hex, not after its long where-clause."""
    text = _said("drought", base)
    assert "Pick a hex H at random where H is a fields hex and" in text
    assert "on a harbor at random" not in text


def test_the_players_own_pieces_read_with_their() -> None:
    """"some settlement of the player" (Rivers' gold sale) reads as a rule book says it."""
    from catan_dsl.explain.text import tidy

    assert tidy("1 less if some city of the player is on a 3:1 harbor") == \
        "1 less if one of their cities is on a 3:1 harbor"
    assert tidy("for each knight of the player") == "for each of their knights"
    assert tidy("a path touching the first wagon of the player") == "a path touching their first wagon"


def test_a_revealed_hex_is_named_where_the_rule_begins(base: dict) -> None:
    """Fog Islands (SF-FOG-10): the rule said "H produces" and "the player" with neither
    introduced; the trigger names the player who reveals the hex and the hex."""
    ir, report = api.compile_file(str(ROOT / "scenarios" / "seafarers" / "scenarios" / "fog_islands.catan"))
    assert ir is not None, report.render_text()
    text = " ".join(explain(ir, base).split())
    assert "When a player reveals a face-down hex H and H produces something, the player gains 1 " \
           "card of what H produces." in text


def test_a_weighted_random_pick_says_at_random_beside_the_pick(base: dict) -> None:
    """Raiders' landing: "2 different hexes H at random that are on the coast", as for one hex."""
    text = _said("raiders", base)
    assert "Pick 2 different hexes H at random that are on the coast, each with a chance" in text


def test_a_bulk_resource_has_no_plural(base: dict) -> None:
    """Salt is counted like grain: "it costs 2 salt", never "2 salts"."""
    text = _said("salt", base)
    assert "it costs 2 salt;" in text and "salts" not in text


def test_a_robber_that_may_never_move_reads_so(base: dict) -> None:
    """Wonders (SF-WON-02): `forbid robber_move pirate to h` with no condition read "The pirate
    may not be moved to a hex.", as if some other place were allowed."""
    ir, report = api.compile_file(str(ROOT / "scenarios" / "seafarers" / "scenarios" / "wonders.catan"))
    assert ir is not None, report.render_text()
    text = " ".join(explain(ir, base).split())
    assert "The pirate may not be moved. [wonders.catan:" in text


def test_a_shared_counter_named_like_a_person_reads_bare(base: dict) -> None:
    """Oil's "Pollution": no "the shared Pollution", and adding a count to it reads as a sum."""
    text = _said("oil", base)
    assert "Pollution is set to what it was plus the number of intersections that hold a city" in text
    assert "If Pollution is at least 4," in text
    assert "the shared Pollution" not in text


def test_a_counter_named_by_a_clause_puts_its_noun_in_the_plural() -> None:
    """T&B's "trip ended at a plaza": "no trips ended at a plaza", never "no trip ended at a
    plazas"."""
    from catan_dsl.explain.text import plural

    assert plural("trip ended at a plaza") == "trips ended at a plaza"
    assert plural("path moved this turn") == "paths moved this turn"
    assert plural("harvest brought in") == "harvests brought in"


def test_a_new_terrain_is_counted_in_the_plural(base: dict) -> None:
    """Fog Islands' face-down tiles: "2 gold fields", while the base terrains read "2 hills"."""
    ir, report = api.compile_file(str(ROOT / "scenarios" / "seafarers" / "scenarios" / "fog_islands.catan"))
    assert ir is not None, report.render_text()
    text = " ".join(explain(ir, base).split())
    assert "1 forest, 2 gold fields, 2 hills, 2 mountains, 1 pasture and 2 sea." in text


def test_the_pirates_hex_reads_as_a_possessive(base: dict) -> None:
    """Seafarers: "a sea path E that touches the pirate's hex", not "that is one of the paths
    touching the hex of the pirate"."""
    ir, report = api.compile_file(str(ROOT / "scenarios" / "seafarers" / "scenarios" / "seafarers.catan"))
    assert ir is not None, report.render_text()
    text = " ".join(explain(ir, base).split())
    assert "No ship may be built on a sea path E that touches the pirate's hex." in text
    assert "E does not touch the pirate's hex." in text and "hex of the pirate" not in text


def test_a_hex_given_or_stripped_of_its_number_reads_so(base: dict, tmp_path: Path) -> None:
    """Drought's irrigation: "H now carries the number 6"; `set number h = none` once read
    "H carries None"."""
    assert "d. H now carries the number 6." in explain(api.compile_file(
        str(STORIES / "drought.catan"))[0], base)
    p = tmp_path / "t.catan"
    p.write_text("scenario t extends base {\n  on rolled 12 { choose h in hexes at random where "
                 "terrain(h) == fields { set number h = none } }\n}\n", encoding="utf-8")
    ir, report = api.compile_file(str(p))
    assert ir is not None, report.render_text()
    text = " ".join(explain(ir, base).split())
    assert "then H loses its number token." in text and "None" not in text

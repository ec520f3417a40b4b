"""`explain` of the forms of issue 39: a rule that ends the game, a rule replacing the robber on
a 7, and produces(h) compared with `nothing`, as a rule book says them."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api
from catan_dsl.explain import explain

STORIES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "stories"


def english(name: str) -> str:
    ir, report = api.compile_file(str(STORIES / f"{name}.catan"))
    assert ir is not None, report.render_text()
    return " ".join(explain(ir).split())


def test_end_game_says_who_wins_and_how_a_tie_is_broken() -> None:
    assert ("the game ends at once and the player with the most VP wins (a tie goes to the one "
            "with the most roads, then to a roll-off)") in english("race")


def test_instead_of_robber_says_when_it_runs_and_what_it_replaces() -> None:
    assert ("When a 7 is rolled, after the discards and instead of the robber's move and steal, "
            "the player chooses a hex") in english("frontier")


def test_produces_compared_with_nothing_reads_as_meaning() -> None:
    text = english("exploration")
    assert "H produces something" in text and "minus 1" not in text

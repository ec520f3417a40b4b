"""The two designer stories of issue 12, shipped in docs/examples/stories/, say their rule as
directly as English does, check clean and play: "roll a die; the corner with that number
erupts" and "a shared pollution track that floods a random coastal settlement"."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.events import PieceRemoved, RandomChosen, SharedCounterSet
from catan_dsl.play.playtest import play_game

STORIES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "stories"


def _events(name: str, seeds: range) -> list:
    ir, report = compile_file(str(STORIES / f"{name}.catan"))
    assert ir is not None and not report.diagnostics, report.render_text()
    seen: list = []
    for seed in seeds:
        result = play_game(Game(ir, num_players=4), ["random"] * 4, seed, 120,
                           on_events=seen.extend)
        assert result.winner is not None or result.capped
    return seen


@pytest.mark.parametrize("name", ["volcano", "oil"])
def test_a_story_is_short(name: str) -> None:
    rules = [ln for ln in (STORIES / f"{name}.catan").read_text().splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    assert len(rules) <= 12


def test_the_volcano_rolls_a_die_every_turn_and_destroys_what_stands_on_the_hex() -> None:
    seen = _events("volcano", range(2))
    dice = [e for e in seen if isinstance(e, RandomChosen) and e.sides == 6]
    assert dice and {e.value for e in dice} == set(range(1, 7))   # a fair d6: every face shows
    removed = [e for e in seen if isinstance(e, PieceRemoved)]
    assert removed and all(e.rule is not None and e.rule.via.startswith("erupt() at ")
                           for e in removed)


def test_the_pollution_track_is_shared_and_floods_a_random_coastal_settlement() -> None:
    seen = _events("oil", range(6))
    track = [e for e in seen if isinstance(e, SharedCounterSet)]
    assert track and all(0 <= e.value <= 4 for e in track)
    floods = [e for e in seen if isinstance(e, RandomChosen) and e.what == "vertex"]
    assert floods, "no flood in six games: the track never filled"

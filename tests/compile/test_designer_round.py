"""Four scenarios a designer new to catan-dsl wrote from the docs alone (docs/examples/stories/:
a new resource and a trade rule, a victory by a deed, a board that changes in play, a sea
scenario on the Seafarers pack's rules) check clean, compile and play to an end."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.events import GameEnded, HexChanged
from catan_dsl.play.playtest import play_game

STORIES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "stories"


def _play(name: str, seeds: range, bots: str = "random") -> tuple[list, list]:
    ir, report = compile_file(str(STORIES / f"{name}.catan"))
    assert ir is not None and not report.diagnostics, report.render_text()
    seen: list = []
    results = [play_game(Game(ir, num_players=4), [bots] * 4, seed, 400, on_events=seen.extend)
               for seed in seeds]
    return seen, results


@pytest.mark.parametrize("name", ["salt", "drought", "atoll"])
def test_a_designer_s_scenario_plays_to_a_winner(name: str) -> None:
    _, results = _play(name, range(1), "greedy")
    assert all(r.winner is not None for r in results)


def test_a_win_by_a_deed_at_the_end_of_a_turn_ends_the_game_there() -> None:
    """`end game winner player` in `on turn_ended`: the engine used to start the next turn over
    the ended game and fail (KeyError: 'game_over')."""
    seen, results = _play("harvest", range(3))
    ends = [e for e in seen if isinstance(e, GameEnded)]
    assert any(e.how == "winner" for e in ends)
    assert all(r.winner is not None for r in results)


def test_the_drought_dries_fields_out() -> None:
    """A 12 turns a fields hex beside a city into desert, irrigation turns it back: the board
    changes in play (random bots, whose long games roll 12s near cities)."""
    seen, _ = _play("drought", range(4))
    assert any(isinstance(e, HexChanged) for e in seen)

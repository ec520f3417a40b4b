"""Shared fixtures for play/replay/playtest tests: the base IR and a short recorded game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BASE_JSON = FIXTURES / "base_beginner.ir.json"


@pytest.fixture(scope="session")
def base_ir() -> dict:
    return json.loads(BASE_JSON.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def short_transcript(base_ir: dict) -> dict:
    """A 4-player game cut at 30 turns, recorded (built once: several tests tamper with copies)."""
    from catan_dsl.engine import Game
    from catan_dsl.play.playtest import play_game

    game = Game(base_ir, num_players=4)
    result = play_game(game, ["greedy", "random", "random", "random"], seed=5, max_turns=30,
                       record=True, source=str(BASE_JSON), ir=base_ir)
    assert result.transcript is not None
    return result.transcript

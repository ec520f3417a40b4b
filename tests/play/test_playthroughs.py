"""Golden playthroughs: tests/playthroughs/base__seed<N>.json replay step by step and re-record byte for byte.

Rewrite them on purpose only: ``pytest tests/play --update-golden``, then review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catan_dsl.engine import Game
from catan_dsl.play.playtest import play_game
from catan_dsl.play.transcript import dumps, replay

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "playthroughs"
# The compiled fixture, not scenarios/base.catan: these pin the engine's rules, so they must not
# move when the compiler's output does.
SOURCE = "tests/fixtures/base_beginner.ir.json"
# Random bots only: their choice is one rng draw over the legal list, so tuning the greedy bot
# does not move these files; they change when the rules (or legal-action order) do.
BOTS = ["random", "random", "random", "random"]
MAX_TURNS = 40


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_golden_playthrough(seed: int, request: pytest.FixtureRequest) -> None:
    ir = json.loads((REPO / SOURCE).read_text(encoding="utf-8"))
    path = GOLDEN / f"base__seed{seed}.json"
    fresh = dumps(play_game(Game(ir, num_players=len(BOTS)), BOTS, seed, MAX_TURNS, record=True,
                            source=SOURCE, ir=ir).transcript)
    if request.config.getoption("--update-golden", default=False):
        path.write_text(fresh, encoding="utf-8")
    assert path.exists(), f"{path.name} missing: run pytest --update-golden"
    stored = path.read_text(encoding="utf-8")
    result = replay(json.loads(stored), ir)
    assert result.ok, f"{path.name}: {result.mismatch}"
    assert fresh == stored, f"{path.name}: same seed, different game (bots or rules changed)"

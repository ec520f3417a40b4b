"""scenarios/base.catan compiled by the front end → engine games that keep every invariant."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.bots import make_bot
from catan_dsl.engine import Game

from .helpers import play_game

BASE = Path(__file__).resolve().parents[2] / "scenarios" / "base.catan"


def _compiled(board: str | None) -> dict:
    api = pytest.importorskip("catan_dsl.api")
    ir, report = api.compile_file(str(BASE), board=board)
    assert ir is not None, report
    return ir


@pytest.mark.parametrize("board", [None, "tournament"])
@pytest.mark.parametrize("players", [2, 4])
def test_compiled_base_plays_to_a_winner(board: str | None, players: int) -> None:
    """The engine reads only the IR: the compiled base scenario plays like the fixtures."""
    g = Game(_compiled(board), players)
    for seed in range(3):
        s = play_game(g, seed, [make_bot("random")] * players, check_every=50)
        assert s.is_terminal() and s.vp(s.winner()) >= g.target
    s = play_game(g, 0, [make_bot("greedy")] * players, check_every=20)
    assert s.is_terminal()

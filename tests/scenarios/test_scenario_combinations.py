"""Each scenario alone and with each variant → 50 seeded games played to a winner (issue 5 item 5)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.rules_kit import conserved
from tests.variants.test_combinations import CAP, VARIANTS, play_eager

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ("fishermen", "rivers", "caravans")
GAMES = 50
CASES = [(sc, w) for sc in SCENARIOS for w in ((), *((v,) for v in VARIANTS))]


@lru_cache(maxsize=None)
def _game(scenario: str, with_: tuple[str, ...]) -> Game:
    ir, report = compile_file(str(ROOT / "scenarios" / f"{scenario}.catan"), with_=with_)
    assert ir is not None, report.render_text()
    return Game(ir)


@pytest.mark.parametrize("scenario,with_", CASES,
                         ids=lambda x: x if isinstance(x, str) else "+".join(x) or "alone")
def test_scenario_plays_fifty_seeded_games_to_a_winner(scenario: str, with_: tuple[str, ...]) -> None:
    """COMBO-FR-ALL-01, COMBO-EV-ALL-01, COMBO-HM-ALL-01, COMBO-C42-ALL-01: every variant combines
    with every scenario (seed 000) — each scenario alone and with each variant compiles and plays
    50 seeded games to a winner who reaches the (possibly raised) target, with every resource,
    card, counter and token conserved (the eager random bot of test_combinations)."""
    g = _game(scenario, with_)
    for seed in range(GAMES):
        s = play_eager(g, seed)
        assert s.is_terminal(), f"{scenario}+{'+'.join(with_)} seed {seed}: cap of {CAP} turns"
        w = s.winner()
        assert w is not None and w < g.n_real
        assert s.vp(w) >= g.rules.target(s, w)
        conserved(s)

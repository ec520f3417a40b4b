"""Bank-trade ratios under harbor forbids that read only buildings and markers (a conquered
hex's harbor) are kept while only roads and knights move (queries.kept_kind → the buildings'
memo): along random games every kept ratio equals one worked out afresh, and some change."""

from __future__ import annotations

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.rules.random_walks import random_steps
from tests.engine.rules.side_by_side import SCENARIOS


# Seeds and lengths whose games conquer the hexes round a harbor building after its ratios were
# kept (a memo blind to the markers keeps the harbor in use there).
@pytest.mark.parametrize("name,seed,steps", [("barbarian_attack", 1001, 2500),
                                             ("combinations/rivers+barbarian_attack", 1000, 1000)])
def test_every_kept_ratio_equals_one_worked_out_afresh(name: str, seed: int, steps: int) -> None:
    ir, report = compile_file(str(SCENARIOS / f"{name}.catan"))
    assert ir is not None, report.render_text()
    rules = Game(ir, num_players=4).rules
    assert rules.ratios_kept == "buildings_unit_blind"
    seen: set = set()
    for _, s, _, _ in random_steps(rules.game, (seed,), steps):
        for p in range(rules.n_real):
            kept = rules.trade_ratios(s, p)
            assert kept == rules._harbor_ratios(s.clone(), p), (p, s.turn)
            seen.add(tuple(kept))
    assert len(seen) > 1, "no harbor came into use along the games (this shows nothing)"

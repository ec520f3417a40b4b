"""Special cards are re-measured after an action only when what they read moved: the split gate
for counter-measured cards beside route weights (Rivers + Caravans), and the gate of cards that
measure counters alone, which compares only the counters they measure (Rivers + T&B, whose
wagon moves other counters at every step), award exactly as the general gate, which
re-measures everything whenever a hand, a counter or the board changes."""

from __future__ import annotations

import random
from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import CHANCE, Game

COMBOS = Path(__file__).resolve().parents[3] / "scenarios" / "combinations"
COMBO = COMBOS / "rivers+caravans.catan"


def _awards(s) -> tuple:
    return (tuple(s.holders), tuple(map(tuple, s.measure)),
            tuple(map(tuple, s.rules_state.multi)))


def test_counter_cards_beside_routes_award_as_the_general_gate() -> None:
    ir, report = compile_file(str(COMBO))
    assert ir is not None, [d.message for d in report.diagnostics]
    split, general = Game(ir), Game(ir)
    assert split.rules.counters_and_routes
    general.rules.counters_and_routes = False           # the general path, as before the split
    _same_awards(split, general)


def test_counter_cards_award_as_the_general_gate() -> None:
    ir, report = compile_file(str(COMBOS / "rivers+traders_barbarians.catan"))
    assert ir is not None, [d.message for d in report.diagnostics]
    gated, general = Game(ir), Game(ir)
    assert gated.rules.counters_only
    assert len(gated.rules.counters) > 1                # counters no card measures move too
    general.rules.counters_only = False                 # the general path
    _same_awards(gated, general)


def _same_awards(split: Game, general: Game) -> None:
    for seed in (1, 2):
        a, b = split.new_initial_state(seed=seed), general.new_initial_state(seed=seed)
        chance_a, chance_b, pick = random.Random(seed), random.Random(seed), random.Random(seed)
        for step in range(2500):
            if a.is_terminal():
                break
            if a.current_player() == CHANCE:
                a.apply_action(a.sample_chance(chance_a))
                b.apply_action(b.sample_chance(chance_b))
            else:
                legal_a, legal_b = a.legal_actions(), b.legal_actions()
                assert [str(x) for x in legal_a] == [str(x) for x in legal_b]
                i = pick.randrange(len(legal_a))
                a.apply_action(legal_a[i])
                b.apply_action(legal_b[i])
            assert _awards(a) == _awards(b), f"seed {seed}, step {step}"
        assert b.is_terminal() == a.is_terminal()
        assert any(h >= 0 for h in a.holders) or any(a.rules_state.multi)   # cards were held

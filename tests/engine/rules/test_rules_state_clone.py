"""RulesState.clone copies its fields one by one (for speed): every slot is copied, no table is
shared between the copies, and a clone played on leaves the original as it was. Played on the
scenarios that fill the most tables: Barbarian Attack (markers, units, a deck, counters) and
Traders & Barbarians (vertex units, marks, edge markers)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl.api import load_ir
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.rules.rules_state import RulesState

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
# Memos are replaced, never changed in place, or start empty in a clone: sharing them is safe.
SHARED_ON_PURPOSE = {"fingerprint", "vp_cache", "board_memo", "position_memo_",
                     "unit_blind_memo_", "unit_memo", "marker_memo", "markers_kept_",
                     "route_ends"}


def _played(name: str, steps: int, seed: int):
    game = Game(load_ir(str(SCENARIOS / f"{name}.catan")), num_players=4)
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        p = s.current_player()
        s.apply_action(s.sample_chance(rng) if p == CHANCE else rng.choice(s.legal_actions()))
    return s, rng


@pytest.mark.parametrize("name", ["barbarian_attack", "traders_barbarians"])
def test_clone_copies_every_slot_and_shares_no_table(name: str) -> None:
    s, _ = _played(name, 600, 11)
    original, copy = s.rules_state, s.rules_state.clone()
    for slot in RulesState.__slots__:
        assert hasattr(copy, slot), f"clone leaves {slot} unset"
        mine, theirs = getattr(original, slot), getattr(copy, slot)
        if slot in SHARED_ON_PURPOSE:
            continue
        assert mine == theirs, slot
        if isinstance(mine, (list, dict)):
            assert mine is not theirs, f"clone shares {slot}"
        if isinstance(mine, list):
            for a, b in zip(mine, theirs):
                if isinstance(a, list):
                    assert a is not b, f"clone shares rows of {slot}"
                    for x, y in zip(a, b):
                        assert not isinstance(x, list) or x is not y, f"clone shares {slot}"


@pytest.mark.parametrize("name", ["barbarian_attack", "traders_barbarians"])
def test_a_clone_played_on_leaves_the_original_as_it_was(name: str) -> None:
    s, rng = _played(name, 400, 5)
    before = s.to_dict()
    c = s.clone()
    assert c.to_dict() == before
    for _ in range(300):
        if c.is_terminal():
            break
        q = c.current_player()
        c.apply_action(c.sample_chance(rng) if q == CHANCE else rng.choice(c.legal_actions()))
    assert c.to_dict() != before          # the clone did move on
    assert s.to_dict() == before

"""Board realisation: inland-only tiles in pools, set-aside tokens that join another number, and
shuffled frame-feature numbers."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from catan_dsl.ir import realize

TOURNAMENT = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "base_tournament.ir.json").read_text(encoding="utf-8")
)


def _with_inland_lake() -> dict:
    ir = copy.deepcopy(TOURNAMENT)
    ir["terrains"]["lake"] = {"produces": None, "token": False, "robber_start": False,
                              "never_on_coast": True, "numbers": [2, 3, 11, 12]}
    tiles = ir["board"]["pools"][0]["tiles"]
    del tiles["desert"]
    tiles["lake"] = 1
    return ir


@pytest.mark.parametrize("seed", range(40))
def test_a_never_on_coast_tile_is_always_dealt_inland(seed: int) -> None:
    """FISH-05: the lake never lies on the island's edge — even when drawn from a pool."""
    ir = _with_inland_lake()
    rb = realize.realize_board(ir, seed)
    lake = rb.terrain.index("lake")
    assert not ir["board"]["hexes"][lake]["coast"]
    assert rb.numbers[lake] == (2, 3, 11, 12)  # a hex kind with several numbers keeps them


def test_inland_tiles_that_cannot_fit_are_an_error() -> None:
    ir = _with_inland_lake()
    pool = ir["board"]["pools"][0]
    pool["tiles"] = {"lake": 8, "forest": 11}
    with pytest.raises(realize.BoardGenError, match="inland"):
        realize.realize_board(ir, 1)


@pytest.mark.parametrize("seed", range(20))
def test_a_set_aside_token_joins_the_hex_of_another_number(seed: int) -> None:
    """RIV-07, RIV-09, RIV-10: B (the 2) is set aside, the spiral skips it, then it joins the 12."""
    ir = copy.deepcopy(TOURNAMENT)
    # One token fewer is laid by the spiral, so one more hex goes without: use two deserts.
    tiles = ir["board"]["pools"][0]["tiles"]
    tiles["desert"], tiles["forest"] = 2, 3
    ir["board"]["numbers"]["aside"] = [{"letter": "B", "joins": 12}]
    rb = realize.realize_board(ir, seed)
    assert "B" not in rb.letters
    both = [nums for nums in rb.numbers if 12 in nums]
    assert both == [(12, 2)]
    assert sum(1 for nums in rb.numbers if 2 in nums) == 1


def test_frame_feature_numbers_are_shuffled_only_when_asked() -> None:
    """FISH-09: the fishing-ground numbers are assigned to their frame spots at random."""
    ir = copy.deepcopy(TOURNAMENT)
    ir["board"]["feature_numbers"] = {"grounds": [[4], [5], [6], [8], [9], [10]]}
    fixed = {realize.realize_board(ir, s).feature_numbers for s in range(10)}
    assert fixed == {(("grounds", ((4,), (5,), (6,), (8,), (9,), (10,))),)}
    ir["board"]["feature_shuffle"] = ["grounds"]
    seen = {realize.realize_board(ir, s).feature_numbers for s in range(10)}
    assert len(seen) > 1
    for (name, entries), in seen:
        assert name == "grounds" and sorted(entries) == [(4,), (5,), (6,), (8,), (9,), (10,)]
    fixed_ir = realize.realize(ir, 3)
    assert fixed_ir["board"]["feature_shuffle"] == []
    assert not realize.needs_realization(fixed_ir)

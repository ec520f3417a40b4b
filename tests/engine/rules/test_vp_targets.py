"""A rule action's targets chosen by VP alone, kept per acting player and VP row (vp_targets.KEEP_VP_TARGETS), are those picked afresh."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import vp_targets
from tests.engine.rules.side_by_side import SCENARIOS, games_on_and_off, play_side_by_side


def _boot_picks(game):
    spec = next(ar.action for ar in game.rules.actions if ar.action.name == "pass_boot")
    return spec.target[4]


@pytest.mark.parametrize("row", ["fishermen", "combinations/fishermen+traders_barbarians"])
def test_boot_targets_kept_by_vp_are_those_picked(monkeypatch, row) -> None:
    games = games_on_and_off(SCENARIOS / f"{row}.catan", (), monkeypatch, vp_targets,
                             "KEEP_VP_TARGETS")
    assert _boot_picks(games[0]).__name__ == "kept" != _boot_picks(games[1]).__name__
    for seed in (3, 4):
        play_side_by_side(games, seed=seed, steps=900)


def test_only_conditions_on_vp_are_kept() -> None:
    assert vp_targets._vp_only([">=", ["vp", ["var", "p"]], ["+", ["vp", ["var", "player"]], 1]],
                               "p")
    assert not vp_targets._vp_only([">=", ["vp", ["var", "p"]], ["cards", ["var", "p"]]], "p")
    assert not vp_targets._vp_only([">=", ["vp", ["var", "q"]], 3], "p")

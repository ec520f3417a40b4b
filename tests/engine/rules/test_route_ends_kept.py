"""``route_end`` answers kept per path (RulesState.route_ends) and dropped where a piece comes,
goes or changes → along random games every kept answer is what the pieces say now."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.base import networks
from catan_dsl.packs.sources import seafarers_pack


@pytest.mark.parametrize("name", ["new_shores", "fog_islands"])
def test_every_kept_open_route_answer_is_the_one_worked_out_afresh(name: str) -> None:
    """SF-20, SF-21 (a ship at an open end of a route may move): along random games with ships
    built, moved and settlements built at their ends, every kept route_end answer equals the
    answer worked out from the pieces after every action, and the cache was used."""
    path = Path(seafarers_pack()["scenarios"]) / f"{name}.catan"
    ir, report = api.compile_file(str(path))
    assert ir is not None, report.render_text()
    game = Game(ir, num_players=4)
    kept_seen = moves = 0
    for seed in (1, 2):
        s, rng = game.new_initial_state(seed), random.Random(seed)
        bots = [make_bot("random") for _ in range(4)]
        for _ in range(2500):
            if s.is_terminal():
                break
            p = s.current_player()
            a = s.sample_chance(rng) if p == CHANCE else bots[p].choose(s, s.legal_actions(), rng)
            s.apply_action(a)
            moves += "move_ship" in repr(a)
            kept = s.rules_state.route_ends or {}
            for e, answer in kept.items():
                assert answer == networks.route_end(s, e), (seed, e)
            kept_seen += len(kept)
    assert kept_seen > 1000 and moves > 5

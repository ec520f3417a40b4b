"""Longest routes not re-measured where a change provably leaves them (a path piece turned about
an end, a building where one network's pieces already met) and cores' walks kept → along random
games every route measure is what a plain walk over the pieces finds after every action."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.base import awards
from catan_dsl.engine.events import PieceMoved
from catan_dsl.packs.sources import seafarers_pack


def _plain_route(s, p: int, kinds: tuple[int, ...]) -> int:
    """The longest trail walked from every place one can start, with no peeling and no memo."""
    mine = sorted(e for e in s.route_edges[p] if s.e_owner[e] == p and s.e_kind[e] in kinds)
    if not mine:
        return 0
    return awards._walk_all(awards._links(awards._route_pairs(s, p, mine), None))


@pytest.mark.parametrize("name", ["new_shores", "through_the_desert"])
def test_every_route_measure_is_the_one_walked_afresh(name: str) -> None:
    """SF-37, SF-38 (the longest trade route over roads and ships, joined only at a building):
    along random games with ships built, moved (some turned about an end, which re-measures
    nothing) and settlements built where routes meet, every player's measure equals a plain walk
    over his pieces after every action."""
    path = Path(seafarers_pack()["scenarios"]) / f"{name}.catan"
    ir, report = api.compile_file(str(path))
    assert ir is not None, report.render_text()
    game = Game(ir, num_players=4)
    specials = [(si, sp.route_kinds) for si, sp in enumerate(game.specials)
                if sp.measure == "longest_route"]
    assert specials
    awards._CORES.clear()
    pivots = checked = 0
    for seed in (1, 2):
        s, rng = game.new_initial_state(seed), random.Random(seed)
        bots = [make_bot("random") for _ in range(4)]
        for _ in range(2500):
            if s.is_terminal():
                break
            p = s.current_player()
            a = s.sample_chance(rng) if p == CHANCE else bots[p].choose(s, s.legal_actions(), rng)
            before = s.piece_moves
            s.apply_action(a)
            events = s.drain_events()
            if s.piece_moves == before:
                continue
            pivots += any(awards.pivoted(s, ev.player, ev.from_at, ev.at)
                          for ev in events if isinstance(ev, PieceMoved))
            for si, kinds in specials:
                for q in range(4):
                    assert s.measure[si][q] == _plain_route(s, q, kinds), (seed, q)
                    checked += 1
    assert checked > 500 and pivots > 3 and awards._CORES

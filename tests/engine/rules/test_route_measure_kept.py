"""Longest routes not re-measured where a change provably leaves them (a path piece turned about
an end, a building where one network's pieces already met) and cores' walks kept → along random
games every route measure is what a plain walk over the pieces finds after every action."""

from __future__ import annotations

import pytest

from catan_dsl.engine.base import awards, trails
from catan_dsl.engine.events import PieceMoved
from tests.engine.rules.random_walks import random_steps, seafarers_game


def _route_specials(game) -> list[tuple[int, tuple[int, ...]]]:
    """(special card index, the piece kinds its route counts) of each longest-route card."""
    return [(si, sp.route_kinds) for si, sp in enumerate(game.specials)
            if sp.measure == "longest_route"]


def _calls(monkeypatch, module, name: str, record=lambda got: 1) -> list:
    """``module.name`` wrapped to append ``record(its answer)`` to the list returned, per call."""
    calls: list = []
    real = getattr(module, name)

    def counted(*args):
        got = real(*args)
        calls.append(record(got))
        return got
    monkeypatch.setattr(module, name, counted)
    return calls


def _plain_route(s, p: int, kinds: tuple[int, ...]) -> int:
    """The longest trail walked from every place one can start, with no peeling and no memo."""
    mine = sorted(e for e in s.route_edges[p] if s.e_owner[e] == p and s.e_kind[e] in kinds)
    if not mine:
        return 0
    return trails.walk_all(trails.links(awards._route_pairs(s, p, mine), None))


@pytest.mark.parametrize("name", ["new_shores", "four_islands", "fog_islands",
                                  "through_the_desert"])
def test_every_route_measure_is_the_one_walked_afresh(name: str, monkeypatch) -> None:
    """SF-37, SF-38 (the longest trade route over roads and ships, joined only at a building):
    along random games with ships built, moved (some turned about an end, which re-measures
    nothing) and settlements built where routes meet, every player's measure equals a plain walk
    over his pieces after every action — most ships moved or built measured from the Shape of
    the route before (trails.moved), and from its pieces as last measured, not afresh."""
    game = seafarers_game(name)
    specials = _route_specials(game)
    assert specials
    trails._CORES.clear()
    awards._SHAPES.clear()
    incremental = _calls(monkeypatch, trails, "moved", lambda got: got is not None)
    kept = _calls(monkeypatch, awards, "_after_change")
    pivots = checked = 0
    for seed, s, _, moved in random_steps(game, (1, 2), 2500):
        events = s.drain_events()
        if not moved:
            continue
        pivots += any(awards.pivoted(s, ev.player, ev.from_at, ev.at)
                      for ev in events if isinstance(ev, PieceMoved))
        for si, kinds in specials:
            for q in range(4):
                assert s.measure[si][q] == _plain_route(s, q, kinds), (seed, q)
                checked += 1
    assert checked > 500 and pivots > 3
    assert sum(incremental) > 50 and sum(incremental) > 0.8 * len(incremental)
    # Most ships and roads moved or built are measured from the route measured just before
    # (awards._LAST), not from all of the player's pieces again.
    assert len(kept) > 0.8 * len(incremental)

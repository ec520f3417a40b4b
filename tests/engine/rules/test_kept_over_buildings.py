"""A building placed or upgraded where no piece of a route ends keeps the route measured before
it (awards.buildings_changed), a piece placed or moved carries the kept answers of ``pieces``
over (building.carry_pieces), and the land robber's moves are kept per board and place under
forbids that read only the layout (robbers.KEEP_LAND_MOVES) → random Wonders games play the
same, action for action and event for event, with each switch off, every route measure is the
plain walk's, and the kept answers are used."""

from __future__ import annotations

import pytest

from catan_dsl.engine.base import awards, building
from catan_dsl.engine.rules import functions, robbers
from tests.engine.rules.random_walks import random_steps, seafarers_game
from tests.engine.rules.test_route_measure_kept import _calls, _plain_route, _route_specials


def _played(game, module, flag: str, keep: bool, counted: tuple, monkeypatch):
    """(actions and events of two seeded random games, calls of ``counted`` (module, name and
    what a call counts for))
    with ``module.flag`` set to ``keep``; after every step that moved a piece every route
    measure is checked against the plain walk."""
    monkeypatch.setattr(module, flag, keep)
    awards._LAST.clear()
    calls = _calls(monkeypatch, *counted)
    specials = _route_specials(game)
    played = []
    for seed, s, a, moved in random_steps(game, (3, 4), 3000):
        played.append((seed, str(a), s.drain_events()))
        if moved:
            for si, kinds in specials:
                for q in range(game.num_players):
                    assert s.measure[si][q] == _plain_route(s, q, kinds), (seed, q)
    monkeypatch.undo()
    return played, sum(calls)


@pytest.mark.parametrize("module,flag,counted", [
    # SF-37 with settlements and cities built away from routes: more measures follow from the
    # route kept (one path piece's pairs) instead of every piece's pairs afresh.
    (awards, "KEEP_OVER_BUILDINGS", (awards, "_route_pairs", len)),
    # SF-20 (a ship at a route's open end moved): the ships listed after a move or build are
    # not gathered again from the route edges.
    (building, "KEEP_PIECES", (functions, "_pieces")),
    # SF-WON-02 (a forbid naming the pirate alone): the robber's moves on a 7 or a Knight are
    # not listed again, hex by hex, for a place it stood on before.
    (robbers, "KEEP_LAND_MOVES", (robbers.RobberMoves, "_move_actions")),
], ids=["routes", "pieces", "robber"])
def test_kept_answers_play_as_afresh(module, flag, counted, monkeypatch) -> None:
    game = seafarers_game("wonders")
    on, used_on = _played(game, module, flag, True, counted, monkeypatch)
    off, used_off = _played(game, module, flag, False, counted, monkeypatch)
    assert on == off
    assert used_on < used_off, (used_on, used_off)

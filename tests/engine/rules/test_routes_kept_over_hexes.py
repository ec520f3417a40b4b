"""A revealed hex keeps the routes measured before it (awards.hexes_changed) → along random Fog
Islands games every route measure is the plain walk's, and more builds after a reveal are
measured from the route kept than with the switch off."""

from __future__ import annotations

from catan_dsl.engine.base import awards
from catan_dsl.engine.events import HexRevealed
from tests.engine.rules.random_walks import random_steps, seafarers_game
from tests.engine.rules.test_route_measure_kept import _calls, _plain_route, _route_specials


def _kept_after_reveals(game, keep: bool, monkeypatch) -> tuple[int, int]:
    """(route measures that followed from the kept route, hexes revealed) along two games,
    every measure checked against the plain walk after every step that moved a piece or hex."""
    monkeypatch.setattr(awards, "KEEP_OVER_HEXES", keep)
    awards._LAST.clear()
    kept = _calls(monkeypatch, awards, "_after_change")
    specials = _route_specials(game)
    reveals = 0
    for seed, s, _, moved in random_steps(game, (5, 6), 2500):
        reveals += sum(isinstance(ev, HexRevealed) for ev in s.drain_events())
        if moved:
            for si, kinds in specials:
                for q in range(game.num_players):
                    assert s.measure[si][q] == _plain_route(s, q, kinds), (seed, q)
    return len(kept), reveals


def test_routes_kept_over_a_revealed_hex(monkeypatch) -> None:
    """SF-37 (the longest trade route) with SF-05's face-down hexes revealed as ships reach
    them: a reveal changes no building, so the next ship built is measured from the route
    kept before it — the same measures, more of them from the kept route."""
    game = seafarers_game("fog_islands")
    on, reveals = _kept_after_reveals(game, True, monkeypatch)
    off, _ = _kept_after_reveals(game, False, monkeypatch)
    assert reveals >= 5
    assert on > off, (on, off)

"""Forbids that read only the board's layout and what they bind ("no robber on the desert", "no
road on a bridge site") are decided once per board and parameters: the kept verdicts are the
ones the rules give, per board, and a forbid reading anything else is asked every time."""

from __future__ import annotations

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import empty_main


def _game(path: str, *with_: str) -> Game:
    ir, report = compile_file(path, with_=with_)
    assert ir is not None, report.render_text()
    return Game(ir)


def test_the_tournament_robber_ban_is_kept_per_board_and_matches_the_rule() -> None:
    g = _game("scenarios/base.catan", "tournament")
    assert set(g.rules.layout_forbids) == {"robber_move"}
    for seed in (1, 2):
        s = empty_main(g, 0, seed)
        desert = s.board.hex_terrain.index("desert")
        verdicts = {h: g.rules.forbidden(s, "robber_move", 0, {"to": h}) is not None
                    for h in range(s.board.n_hexes)}
        assert verdicts == {h: h == desert for h in range(s.board.n_hexes)}
        # Asked again (the kept verdicts) and asked of the rules themselves: the same answers.
        assert all((g.rules.forbidden(s, "robber_move", 1, {"to": h}) is not None) == banned
                   == (g.rules._first_forbid(s, "robber_move", 1, {"to": h}) is not None)
                   for h, banned in verdicts.items())


def test_bridge_site_bans_follow_the_features_of_each_path() -> None:
    g = _game("scenarios/rivers.catan")
    assert "build" in g.rules.layout_forbids
    s = empty_main(g, 0, 3)
    site = set(g.rules.features["edge"]["bridge_site"])
    road, bridge = g.piece_names.index("road"), g.piece_names.index("bridge")
    for e in range(s.board.n_edges):
        assert g.rules.build_forbidden(s, 0, road, e) == (e in site)
        assert g.rules.build_forbidden(s, 0, bridge, e) == (e not in site)


def test_a_forbid_reading_the_player_or_the_state_is_not_kept() -> None:
    # Traders & Barbarians bans building during a trip (a counter of the player): asked anew.
    g = _game("scenarios/traders_barbarians.catan")
    assert "build" not in g.rules.layout_forbids
    # Friendly Robber reads VP: its steal ban is not kept either.
    assert "steal" not in _game("scenarios/base.catan", "friendly_robber").rules.layout_forbids

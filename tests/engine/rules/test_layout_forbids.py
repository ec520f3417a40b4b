"""Forbids that read only the board's layout and what they bind ("no robber on the desert", "no
road on a bridge site") are decided once per board and parameters: the kept verdicts are the
ones the rules give, per board, and a forbid reading anything else is asked every time."""

from __future__ import annotations

import random

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.state import MAIN
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
    # Event Cards' Earthquake bans building while a player's road is damaged: asked anew.
    g = _game("scenarios/traders_barbarians.catan", "event_cards")
    assert "build" not in g.rules.layout_forbids
    # Friendly Robber reads VP: its steal ban is not kept either.
    assert "steal" not in _game("scenarios/base.catan", "friendly_robber").rules.layout_forbids


def test_a_loops_own_variable_does_not_keep_a_layout_forbid_from_being_kept() -> None:
    # "no road on a trade hex's sea side" loops over the path's hexes: it reads only the layout.
    g = _game("scenarios/traders_barbarians.catan")
    layout, spot_free, rest, _ = g.rules.build_bans[0]["road"]
    assert len(layout) == 1 and spot_free == () and rest == ()
    assert all(r.reads == ("#e", "e") for r in layout)


@pytest.mark.parametrize("scenario, groups", [
    ("traders_barbarians", (True, True, False)),   # trade hexes; a damaged road
    ("barbarian_attack", (False, True, True)),     # a damaged road; a conquered hex
])
def test_build_bans_asked_by_group_give_the_rules_own_verdicts(scenario: str, groups) -> None:
    """With Event Cards, builds are banned by forbids of the three groups: the layout (T&B's
    trade hexes), the player's state whatever the spot (a damaged road), and
    the state at the spot (BA's conquered hexes). Along a random game, inside a listing and
    outside one, every spot of every piece kind gets the verdict of the rules asked in order."""
    g = _game(f"scenarios/{scenario}.catan", "event_cards")
    rules = g.rules
    assert tuple(any(kinds) for kinds in list(zip(*rules.build_bans[0].values()))[:3]) == groups
    s = g.new_initial_state(7)
    rng = random.Random(7)
    banned_seen, states = set(), 0
    while not s.is_terminal() and s.turn < 300:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        if s.phase == MAIN and not s.prompts and s.turn % 7 == 0:
            states += 1
            for inside in (True, False):
                rules.listing_memo, rules.listing_state = ({}, s) if inside else (None, None)
                for p in range(g.num_players):
                    for k, name in enumerate(g.piece_names):
                        n = s.board.n_edges if g.piece_on_edge[k] else s.board.n_vertices
                        tag = "edge" if g.piece_on_edge[k] else "vertex"
                        for at in range(n):
                            want = rules._first_forbid(
                                s, "build", p, {"kind": name, "at": at, "#at": tag})
                            assert rules.build_forbidden(s, p, k, at) == (want is not None)
                            if want is not None:
                                banned_seen.add(want.id.split(".")[0])
            rules.listing_memo = rules.listing_state = None
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    assert states >= 10
    # The walk met bans from both files, not only the ones that hold everywhere.
    assert banned_seen == {scenario, "event_cards"}

"""Robber targets kept per board and robber position when every ``forbid robber_move`` reads
only the layout → along random games they are the hexes the forbids, asked hex by hex, allow."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.prompts import MOVE_ROBBER, Prompt
from catan_dsl.engine.rules import robbers
from catan_dsl.packs.sources import seafarers_pack

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


@pytest.mark.parametrize("path, with_", [
    (Path(seafarers_pack()["scenarios"]) / "wonders.catan", ()),        # the pirate never moves
    (SCENARIOS / "caravans.catan", ()),                                 # no robber on the oasis
    (SCENARIOS / "base.catan", ("tournament",)),                        # nor on the desert
])
def test_kept_robber_targets_are_the_hexes_the_forbids_allow(path: Path, with_) -> None:
    """SF-30, SF-33 (the pirate goes to another sea hex; the robber keeps to land), BASE-38
    (the robber moves to another hex): the land robber's and each declared robber's targets,
    asked twice (the second answer kept), are the hexes a plain reading of the forbids allows."""
    ir, report = api.compile_file(str(path), with_=with_)
    assert ir is not None, report.render_text()
    game = Game(ir, num_players=4)
    rules = game.rules
    assert "robber_move" in rules.layout_forbids
    s, rng = game.new_initial_state(4), random.Random(4)
    bot = make_bot("random")
    checked = 0
    for step in range(1500):
        if s.is_terminal():
            break
        if step % 20 == 0 and s.phase != 0:
            p = s.cur
            shut = s.board.hex_hidden | s.board.hex_water
            land = [h for h in range(s.board.n_hexes) if h != s.robber and h not in shut
                    and rules._first_forbid(s, "robber_move", p, rules._land_query(h)) is None]
            for _ in range(2):
                assert rules.robber_targets(s, p)[0] == land
            for r, spec in enumerate(rules.robbers, 1):
                here = s.rules_state.robbers[r - 1]
                sea = [h for h in robbers.water(s) if h != here and rules._first_forbid(
                    s, "robber_move", p, {"to": h, "robber": spec.name}) is None]
                for _ in range(2):
                    assert robbers.targets(rules, s, p, r) == sea
            checked += 1
        s.apply_action(s.sample_chance(rng) if s.current_player() == CHANCE
                       else bot.choose(s, s.legal_actions(), rng))
    assert checked >= 20


@pytest.mark.parametrize("name, every", [("fog_islands", True), ("fog_islands", False),
                                         ("new_shores", True), ("wonders", True)])
def test_kept_pirate_moves_are_a_move_to_each_hex_allowed(name: str, every: bool,
                                                          monkeypatch) -> None:
    """SF-30 (the pirate goes to another sea hex): the moves listed for each declared robber on
    a 7 or a Knight, kept per board and place (asked twice, the second answer kept), are its
    moves to the hexes a plain reading of the forbids allows, in order, after the land robber's
    (kept likewise when no forbid exists) — with no forbid at all (the Fog Islands, whose
    board changes as hexes are revealed, and New Shores: the moves to every sea hex kept per
    board and the one it stands on cut out, `robbers.ALL_SEA_MOVES`, or with that off per
    board and place) and with layout-only ones."""
    monkeypatch.setattr(robbers, "ALL_SEA_MOVES", every)
    ir, report = api.compile_file(f"seafarers:{name}")
    assert ir is not None, report.render_text()
    game = Game(ir, num_players=4)
    rules = game.rules
    s, rng = game.new_initial_state(5), random.Random(5)
    bot = make_bot("random")
    checked, boards = 0, set()
    for step in range(2500):
        if s.is_terminal():
            break
        if step % 10 == 0 and s.phase != 0:
            p = s.cur
            shut = s.board.hex_hidden | s.board.hex_water
            every = [game.actions.move_robber[h] for h in range(s.board.n_hexes)
                     if h != s.robber and h not in shut and rules._first_forbid(
                         s, "robber_move", p, rules._land_query(h)) is None]
            for r, spec in enumerate(rules.robbers, 1):
                here = s.rules_state.robbers[r - 1]
                want = [robbers.move_action(rules, r, h) for h in robbers.water(s) if h != here
                        and rules._first_forbid(s, "robber_move", p,
                                                {"to": h, "robber": spec.name}) is None]
                every += want
                for _ in range(2):
                    got = []
                    robbers.legal(rules, s, p, r, got)
                    assert got == want
            # The whole prompt's moves, the land robber's kept per board and place too.
            for _ in range(2):
                assert rules.legal_move_robber(s, Prompt(MOVE_ROBBER, p, ())) == every
            checked += 1
            boards.add(id(s.board))
        s.apply_action(s.sample_chance(rng) if s.current_player() == CHANCE
                       else bot.choose(s, s.legal_actions(), rng))
    assert checked >= 50 and (name != "fog_islands" or len(boards) > 1)

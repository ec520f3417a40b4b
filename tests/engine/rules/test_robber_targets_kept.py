"""Robber targets kept per board and robber position when every ``forbid robber_move`` reads
only the layout → along random games they are the hexes the forbids, asked hex by hex, allow."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game
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

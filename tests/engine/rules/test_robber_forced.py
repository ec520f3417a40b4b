"""Robber moves under forbids that read players' VP, along random games → the targets listed
and whether a move was forced are those of a plain hex-by-hex reading of the forbids."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.actions import MoveRobber
from catan_dsl.engine.rules import robbers

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
# Forced while the mover has at most 3 VP (every hex forbidden), free later: both kinds of move.
EARLY_FORCED = """scenario t "T" extends base {
  forbid robber_move to h where public_vp(player) <= 3
      or any(p in touching(h) where public_vp(p) <= 2)
    else desert, off_board
}
"""


def _forced_seen(game: Game, seeds: tuple[int, ...]) -> set[bool]:
    """Play seeded random games; at every land robber move check the targets and the flag."""
    rules, bot, seen = game.rules, make_bot("random"), set()
    for seed in seeds:
        s, rng = game.new_initial_state(seed), random.Random(seed)
        for _ in range(700):
            if s.is_terminal():
                break
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(s.sample_chance(rng))
                continue
            a = bot.choose(s, s.legal_actions(), rng)
            if type(a) is MoveRobber and not a.robber:
                shut = s.board.hex_hidden | s.board.hex_water
                allowed = [h for h in range(s.board.n_hexes) if h != s.robber and h not in shut
                           and rules._first_forbid(s, "robber_move", p,
                                                   rules._land_query(h)) is None]
                targets, forced = rules.robber_targets(s, p)
                assert forced == (not allowed)
                if allowed:
                    assert targets == allowed
                s.apply_action(a)
                assert s.rules_state.robber_forced == forced
                seen.add(forced)
            else:
                s.apply_action(a)
    return seen


@pytest.mark.parametrize("listed", [True, False])
def test_robber_targets_and_forced_moves_match_a_plain_reading(listed: bool, monkeypatch,
                                                              tmp_path: Path) -> None:
    """FR-01..FR-04 (no robber beside a player with at most 2 VP; with no hex left it is forced
    onto the desert, where only players above 2 VP are robbed): at every land robber move the
    hexes listed (with the listing memos live, and without: ``robbers.LISTED_TARGETS``) are
    those no forbid holds for asked hex by hex, and the move counts as forced exactly when
    none is (the flag is found by asking the hex moved to first)."""
    monkeypatch.setattr(robbers, "LISTED_TARGETS", listed)
    ir, report = api.compile_file(str(SCENARIOS / "base.catan"), with_=("friendly_robber",))
    assert ir is not None, report.render_text()
    assert _forced_seen(Game(ir, num_players=4), (1, 2, 3)) == {False}
    (tmp_path / "t.catan").write_text(EARLY_FORCED)
    ir, report = api.compile_file(str(tmp_path / "t.catan"))
    assert ir is not None, report.render_text()
    assert _forced_seen(Game(ir, num_players=4), (1, 2, 3)) == {True, False}

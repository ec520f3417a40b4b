"""A game that cannot go on ends there (issue 18 item 3): a state that is not over but offers
its player no legal action — no set-up spot left, every settlement forbidden — becomes terminal
without a winner, names who was stuck and when, and never hands a bot an empty list."""

from __future__ import annotations

import copy
from pathlib import Path

from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main
from catan_dsl.engine import TERMINAL, Game
from catan_dsl.engine.events import GameStalled
from catan_dsl.play.playtest import play_game

ROOT = Path(__file__).resolve().parents[2]


def test_running_out_of_set_up_spots_ends_the_game_without_a_winner() -> None:
    ir, _ = compile_file(str(ROOT / "scenarios" / "base.catan"), seed=1)
    ir = copy.deepcopy(ir)
    ir["setup"]["rounds"] = 6            # 24 settlements do not fit on 54 intersections
    seen: list = []
    result = play_game(Game(ir, 4), ["random"] * 4, 1, on_events=seen.extend)
    assert result.winner is None and not result.capped
    stalls = [e for e in seen if isinstance(e, GameStalled)]
    assert len(stalls) == 1 and stalls[0].phase == "set-up"


def test_a_stalled_state_is_terminal_for_every_query() -> None:
    ir, _ = compile_file(str(ROOT / "scenarios" / "base.catan"), seed=1)
    ir = copy.deepcopy(ir)
    ir["setup"]["rounds"] = 10           # 40 settlements cannot fit however they are packed
    g = Game(ir, 4)
    s = g.new_initial_state(1)
    for _ in range(200):                 # set-up has at most 80 placements
        if s.is_terminal():
            break
        s.apply_action(s.legal_actions()[0] if s.current_player() >= 0 else s.chance_outcomes()[0][0])
    assert s.current_player() == TERMINAL and s.legal_actions() == [] and s.winner() is None
    assert s.stalled is not None and s.stalled[1] == "set-up"
    assert s.to_dict()["stalled"] == list(s.stalled)
    assert s.clone().stalled == s.stalled


def test_a_scenario_forbidding_every_settlement_plays_to_a_clear_end(tmp_path: Path) -> None:
    src = tmp_path / "no_settlements.catan"
    src.write_text("scenario no_settlements extends base {\n"
                   "  forbid build settlement at v\n}\n")
    r = CliRunner().invoke(main, ["play", str(src), "--bots", "random"])
    assert r.exit_code == 0, r.output
    assert "the game cannot go on: Red has no legal action during set-up" in r.output
    assert "no winner: the game stalled in turn 0" in r.output
    assert "the engine could not play" not in r.output

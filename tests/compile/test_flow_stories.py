"""Issue 39 item 8: the designer stories of issue 39 in docs/examples/stories/ say their rule as
directly as English does, check clean, render, and play 50 games each (random bots, a turn cap):
"the game ends the moment the last stone is laid" (race.catan), "a 7 brings a raider instead of
the robber" and "the Knight either moves the robber or drives a raider off" (frontier.catan),
and an exploration of face-down hexes (exploration.catan; its ships wait for the sea)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main
from catan_dsl.engine import Game
from catan_dsl.engine.events import (AlternativeChosen, DevelopmentCardPlayed, DiceRolled,
                                     GameEnded, HexRevealed, MarkersMoved, RobberMoved,
                                     StockChanged)
from catan_dsl.play.playtest import play_game, run_games

STORIES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "stories"


def _ir(name: str) -> dict:
    ir, report = compile_file(str(STORIES / f"{name}.catan"))
    assert ir is not None and not report.diagnostics, report.render_text()
    return ir


@pytest.mark.parametrize("name", ["race", "frontier", "exploration"])
def test_a_story_checks_clean_renders_and_is_short(name: str, tmp_path: Path) -> None:
    _ir(name)
    out = tmp_path / f"{name}.svg"
    r = CliRunner().invoke(main, ["render", str(STORIES / f"{name}.catan"), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_text(encoding="utf-8").lstrip().startswith(("<?xml", "<svg"))
    rules = [ln for ln in (STORIES / f"{name}.catan").read_text().splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    assert len(rules) <= 20


def test_the_race_ends_when_the_wall_is_built_with_the_most_vp_winning() -> None:
    """5, 8: 50 games; each one that reaches its 12th stone ends there, by the rule, and its
    winner has the most VP (ties: the most roads)."""
    summary = run_games(_ir("race"), ["random"] * 4, 50, seed=1, max_turns=80)
    by_rule = [r for r in summary.results if r.ended.startswith("rule")]
    assert len(by_rule) >= 40 and summary.ends[by_rule[0].ended] == len(by_rule)
    assert all(r.vp[r.winner] == max(r.vp) for r in by_rule)


def test_a_seven_brings_raiders_and_the_knight_chooses() -> None:
    """5, 8: in 50 games no 7 moves the robber (it brings a raider to a hex of the roller's
    choice instead), and every Knight played is followed by the choice of what it does."""
    game = Game(_ir("frontier"), num_players=4)
    sevens_moved_robber = raids = knights = choices = 0
    for seed in range(50):
        seen: list = []
        play_game(game, ["random"] * 4, seed, 40, on_events=seen.extend)
        last_roll = None
        for e in seen:
            if isinstance(e, DiceRolled):
                last_roll = e.total
            elif isinstance(e, DevelopmentCardPlayed):
                last_roll, knights = "knight", knights + (e.card == "knight")
            elif isinstance(e, RobberMoved) and last_roll == 7:
                sevens_moved_robber += 1
            elif isinstance(e, MarkersMoved) and last_roll == 7:
                raids += 1
            elif isinstance(e, AlternativeChosen):
                choices += 1
            assert not isinstance(e, GameEnded)
    assert sevens_moved_robber == 0 and raids > 20
    assert knights > 0 and choices == knights


def test_a_road_along_a_face_down_hex_turns_it_up_and_the_explorer_takes_its_yield() -> None:
    """1, 8: in 50 games hexes are revealed by the roads built beside them, each at most once,
    and a revealed hex that produces gives its explorer a card of it."""
    game = Game(_ir("exploration"), num_players=4)
    reveals = finds = 0
    for seed in range(50):
        seen: list = []
        play_game(game, ["random"] * 4, seed, 40, on_events=seen.extend)
        shown = [e for e in seen if isinstance(e, HexRevealed)]
        assert len({e.hex for e in shown}) == len(shown) <= 4
        reveals += len(shown)
        finds += sum(1 for e in seen if isinstance(e, StockChanged) and e.rule is not None)
    assert reveals >= 25 and finds > 0

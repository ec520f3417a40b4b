"""Every shipped file, played (issue 38 item 5b): no two legal actions of a position read the
same — a transcript records actions by their text, so two would make it ambiguous, as the
combinations' two `buy_with_gold` once did — and every combination's transcript replays."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.actions import Build, BuyCard, OfferTrade, RuleAction

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").glob("*.catan")) + \
    sorted((ROOT / "scenarios" / "combinations").glob("*.catan"))
COMBINATIONS = sorted((ROOT / "scenarios" / "combinations").glob("*.catan"))
TURNS = 40


def _pick(legal: list, rng: random.Random):
    """Builds and buys first, a scenario action half of the time, never a domestic offer."""
    options = [a for a in legal if type(a) in (Build, BuyCard)] or \
        ([a for a in legal if type(a) is RuleAction] if rng.random() < 0.5 else []) or \
        [a for a in legal if type(a) is not OfferTrade] or legal
    return options[rng.randrange(len(options))]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_no_two_legal_actions_read_the_same(path: Path) -> None:
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    g = Game(ir)
    s = g.new_initial_state(1)
    rng = random.Random(1)
    while not s.is_terminal() and s.turn < TURNS:
        if s.current_player() == CHANCE:
            legal = [a for a, _ in s.chance_outcomes()]
            a = s.sample_chance(rng)
        else:
            legal = s.legal_actions()
            a = _pick(legal, rng)
        seen = [str(x) for x in legal]
        assert len(set(seen)) == len(seen), sorted(t for t in seen if seen.count(t) > 1)
        s.apply_action(a)


@pytest.mark.parametrize("path", COMBINATIONS, ids=lambda p: p.stem)
def test_every_combination_transcript_replays(path: Path, tmp_path: Path) -> None:
    """`catan-dsl play FILE --seed 7 --json` then `catan-dsl replay` verifies every step."""
    runner = CliRunner()
    played = runner.invoke(main, ["play", str(path), "--seed", "7", "--json",
                                  "--max-turns", str(TURNS)])
    assert played.exit_code == 0, played.output
    out = tmp_path / "g.json"
    out.write_text(played.output, encoding="utf-8")
    replayed = runner.invoke(main, ["replay", str(out)])
    steps = len(json.loads(played.output)["steps"])
    assert replayed.exit_code == 0 and replayed.output == f"verified {steps} steps\n", replayed.output

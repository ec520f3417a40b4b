"""Counts that agree everywhere: a use is one action taken, a firing one run of a rule's body, the
same numbers in `playtest` text, `--json`, the report and `compare`; turns are numbered alike in
the log, the transcript and `render --turn`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.api import load_ir
from catan_dsl.cli import main
from catan_dsl.engine import Game
from catan_dsl.play.playtest import play_game
from catan_dsl.report.data import rule_names

REPO = Path(__file__).resolve().parents[2]
BA = "scenarios/barbarian_attack.catan"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def ba_ir() -> dict:
    return load_ir(BA)          # as the command line names it (the spans say this path)


def _rule_id(ir: dict, kind: str, head: str) -> str:
    return next(r["id"] for r in ir["rules"]
                if r["kind"] == kind and head in (r.get("name"), r.get("event")))


def test_an_action_fires_once_per_use_and_turn_ended_once_per_turn_end(ba_ir: dict) -> None:
    """The issue's counts: `buy_card` had 23.26 uses but 46.52 firings (its body runs on over
    the card's prompts), and `on turn_ended` "fired" on every action its body spanned. A firing
    is one run of a rule's body: an action's equal its uses, and a rule on every turn's end
    fires once per turn ended — 20 in a game stopped after 20 turns."""
    game = Game(ba_ir, num_players=4)
    used = 0
    for seed in (1, 2, 3):
        r = play_game(game, ["random"] * 4, seed, max_turns=20)
        assert r.capped and r.turns == 20
        assert r.fired[_rule_id(ba_ir, "on", "turn_ended")] == 20
        for name, n in r.actions.items():
            assert r.fired[_rule_id(ba_ir, "action", name)] == n
            used += n
    assert used > 0, "60 turns of random play use some action"


def test_a_bot_looking_ahead_fires_nothing(ba_ir: dict) -> None:
    """The greedy bot runs rules on clones to weigh its options: those runs are not the game's."""
    r = play_game(Game(ba_ir, num_players=2), ["greedy", "greedy"], 4, max_turns=6)
    assert r.fired[_rule_id(ba_ir, "on", "turn_ended")] == 6


def test_uses_and_firings_agree_in_text_json_report_and_compare(tmp_path: Path,
                                                                ba_ir: dict) -> None:
    common = ["--games", "3", "--bots", "random", "--max-turns", "40", "--workers", "1"]
    md = tmp_path / "r.md"
    data = json.loads(run("playtest", BA, *common, "--json", "--report", str(md)).output)
    text = run("playtest", BA, *common).output
    buy = _rule_id(ba_ir, "action", "buy_card")
    uses = data["mean_actions"]["buy_card"]
    assert uses > 0 and data["mean_fired"][buy] == uses
    assert re.search(rf"action buy_card\s+{uses:.2f}", text)
    report = md.read_text(encoding="utf-8")
    assert f"| action buy_card | {uses:.2f} |" in report
    where = rule_names(ba_ir)[buy]              # "scenarios/barbarian_attack.catan:135 action …"
    assert where.startswith(f"{BA}:135 action buy_card")
    assert re.search(rf"\| {BA}:135 \| action buy_card [^|]*\| {uses:.2f} \|", report)
    cmp = json.loads(run("compare", BA, "--with-b", "harbormaster", *common, "--json").output)
    metrics = {m["name"]: m for m in cmp["metrics"]}
    assert metrics["action buy_card per game"]["a"] == pytest.approx(uses)
    assert metrics[f"rule {where} per game"]["a"] == pytest.approx(uses)


def test_the_winning_turn_of_the_log_is_the_transcripts_and_renders(tmp_path: Path) -> None:
    """The log said "Red wins … in turn 125" and `render --turn 125` answered that the game had
    turns 0..124. Now the turn a game is won in is one number everywhere."""
    args = ["play", "scenarios/base.catan", "--seed", "1", "--bots", "greedy,random"]
    log = run(*args).output
    won = re.search(r"^(\w+) wins with \d+ VP in turn (\d+)$", log, re.M)
    assert won, log[-400:]
    winner, turn = won.group(1), int(won.group(2))
    headers = re.findall(r"^== turn (\d+): (\w+) ==$", log, re.M)
    assert headers[-1] == (str(turn), winner)                 # the last turn is the winner's
    game = tmp_path / "game.json"
    game.write_text(run(*args, "--json").output, encoding="utf-8")
    doc = json.loads(game.read_text(encoding="utf-8"))
    assert doc["final"]["turn"] == turn and doc["final"]["terminal"]
    r = run("render", str(game), "--turn", str(turn), "-o", str(tmp_path / "end.svg"))
    assert r.exit_code == 0, r.output
    svg = (tmp_path / "end.svg").read_text(encoding="utf-8")
    assert f"{winner} wins in turn {turn}" in svg
    r = run("render", str(game), "--turn", str(turn + 1), "-o", str(tmp_path / "x.svg"))
    assert r.exit_code == 1 and f"it has turns 0..{turn} " in r.output
    assert run("replay", str(game)).exit_code == 0


def test_a_version_1_transcript_still_replays_and_renders(tmp_path: Path) -> None:
    """Version 1 recorded the turns completed (one fewer for a won game); it still reads."""
    doc = json.loads(run("play", "scenarios/base.catan", "--seed", "1", "--json").output)
    turn = doc["final"]["turn"]
    old = {**doc, "version": 1, "final": {**doc["final"], "turn": turn - 1}}
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    assert run("replay", str(path)).exit_code == 0
    r = run("render", str(path), "--turn", str(turn), "-o", str(tmp_path / "v1.svg"))
    assert r.exit_code == 0, r.output


def test_each_turn_of_the_log_is_its_players_and_a_march_stays_in_its_turn() -> None:
    """A turn's block holds what happened in it: its header names the player who rolls in
    it, and the knights' march a rule runs at a turn's end is logged before the next header."""
    log = run("play", BA, "--seed", "2", "--max-turns", "20", "--bots", "random").output
    assert log.count("in march()") >= 1, "seed 2 has a knight marching within 20 turns"
    blocks = re.split(r"^== turn (\d+): (\w+) ==$", log, flags=re.M)[1:]
    assert [int(n) for n in blocks[0::3]] == list(range(1, 21))
    for who, body in zip(blocks[1::3], blocks[2::3]):
        rolls = re.findall(r"^  (\w+) rolled \d+$", body, re.M)
        assert rolls and rolls[0] == who, body[:300]
        # The march (scenarios/barbarian_attack.catan:244, on turn_ended) follows the roll.
        for m in re.finditer(rf"in march\(\) at {BA}", body):
            assert body.index(f"  {who} rolled") < m.start()

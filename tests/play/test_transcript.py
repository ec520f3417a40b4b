"""Transcripts: a played game round-trips through JSON and replays; tampering is caught at its step."""

from __future__ import annotations

import copy
import json

import pytest

from catan_dsl.engine import CHANCE
from catan_dsl.play.transcript import (
    FORMAT,
    TranscriptError,
    check_format,
    dumps,
    ir_sha256,
    replay,
)


def test_header_names_the_rules_and_seeds(short_transcript: dict, base_ir: dict) -> None:
    t = short_transcript
    assert t["format"] == FORMAT and t["version"] == 2   # final.turn: the turn it ended in
    assert t["scenario"] == base_ir["meta"]["id"]
    assert t["ir_sha256"] == ir_sha256(base_ir)
    assert (t["seed"], t["board_seed"], t["players"], t["max_turns"]) == (5, 5, 4, 30)
    assert t["bots"] == ["greedy", "random", "random", "random"]
    assert any(s["player"] == CHANCE for s in t["steps"]), "chance outcomes are recorded"
    assert all(s["legal"] >= 1 for s in t["steps"])
    assert set(t["final"]) == {"terminal", "winner", "turn", "vp", "digest"}


def test_round_trip_through_json_replays(short_transcript: dict, base_ir: dict) -> None:
    doc = json.loads(dumps(short_transcript))
    assert doc == short_transcript
    result = replay(doc, base_ir)
    assert result.ok, result.mismatch
    assert result.steps_verified == len(short_transcript["steps"])


def test_same_seed_gives_byte_identical_transcript(short_transcript: dict, base_ir: dict) -> None:
    from catan_dsl.engine import Game
    from catan_dsl.play.playtest import play_game

    again = play_game(Game(base_ir, num_players=4), short_transcript["bots"], 5, 30, record=True,
                      source=short_transcript["source"], ir=base_ir).transcript
    assert dumps(again) == dumps(short_transcript)


def _first_step(t: dict, chance: bool) -> int:
    # Skip the opening: tamper with a step that has real alternatives.
    return next(i for i, s in enumerate(t["steps"])
                if i > 20 and (s["player"] == CHANCE) == chance and s["legal"] > 1)


def test_changed_action_is_rejected_at_its_step(short_transcript: dict, base_ir: dict) -> None:
    t = copy.deepcopy(short_transcript)
    k = _first_step(t, chance=True)
    assert t["steps"][k]["action"].startswith("roll ")
    total = int(t["steps"][k]["action"].split()[1])
    t["steps"][k]["action"] = f"roll {7 if total != 7 else 8}"
    result = replay(t, base_ir)
    assert not result.ok
    # A different roll is legal too, so the divergence shows at or after step k, never before.
    assert result.mismatch.step is None or result.mismatch.step >= k
    assert result.steps_verified >= k


def test_unparseable_action_is_reported_with_step_number(short_transcript: dict,
                                                         base_ir: dict) -> None:
    t = copy.deepcopy(short_transcript)
    k = _first_step(t, chance=False)
    t["steps"][k]["action"] = "build castle 3"
    result = replay(t, base_ir)
    assert result.mismatch is not None and result.mismatch.step == k
    assert result.mismatch.what == "action" and result.steps_verified == k
    assert f"step {k}" in str(result.mismatch)


def test_wrong_legal_count_and_player_are_caught(short_transcript: dict, base_ir: dict) -> None:
    t = copy.deepcopy(short_transcript)
    k = _first_step(t, chance=False)
    t["steps"][k]["legal"] += 1
    m = replay(t, base_ir).mismatch
    assert (m.step, m.what, m.expected, m.got) == (k, "legal action count",
                                                   short_transcript["steps"][k]["legal"] + 1,
                                                   short_transcript["steps"][k]["legal"])
    t = copy.deepcopy(short_transcript)
    t["steps"][k]["player"] = (t["steps"][k]["player"] + 1) % 4
    m = replay(t, base_ir).mismatch
    assert (m.step, m.what) == (k, "player to move")


def test_final_digest_and_ir_hash_are_checked(short_transcript: dict, base_ir: dict) -> None:
    t = copy.deepcopy(short_transcript)
    t["final"]["digest"] = "0" * 64
    m = replay(t, base_ir).mismatch
    assert m.what == "final digest" and "final state" in str(m)
    other = copy.deepcopy(base_ir)
    other["victory"]["target"] += 1
    m = replay(short_transcript, other).mismatch
    assert m.what == "ir_sha256" and m.step is None


@pytest.mark.parametrize("doc", [[], {"format": "x"}, {"format": FORMAT, "version": 99},
                                 {"format": FORMAT, "version": 1}])
def test_non_transcripts_are_refused(doc: object) -> None:
    with pytest.raises(TranscriptError):
        check_format(doc)

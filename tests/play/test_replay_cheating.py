"""Replay catches cheating (issue 18 item 6): chance outcomes and bot choices are recomputed
from the seed, so an edited die roll is reported at its step even when the rest of the
transcript (legal counts, final digest) was made consistent with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import load_ir
from catan_dsl.engine import CHANCE, Game, State
from catan_dsl.engine.actions import Roll
from catan_dsl.play.playtest import play_game
from catan_dsl.play.transcript import replay

BASE = str(Path(__file__).resolve().parents[2] / "scenarios" / "base.catan")


def _forged(monkeypatch: pytest.MonkeyPatch, nth_roll: int) -> tuple[dict, dict, int]:
    """A transcript whose ``nth_roll``-th dice roll is another outcome than the seed gives, with
    every later step played on from there (so legal counts and the digest all agree)."""
    ir = load_ir(BASE)
    real = State.sample_chance
    seen = {"rolls": 0, "step": None, "steps": 0}

    def rigged(self, rng):  # type: ignore[no-untyped-def]
        a = real(self, rng)
        if isinstance(a, Roll):
            seen["rolls"] += 1
            if seen["rolls"] == nth_roll:
                seen["step"] = seen["steps"]
                return next(o for o, _ in self.chance_outcomes() if o != a)
        return a

    def count(state, player, action):  # type: ignore[no-untyped-def]
        seen["steps"] += 1

    monkeypatch.setattr(State, "sample_chance", rigged)
    result = play_game(Game(ir, 4), ["random"] * 4, 3, record=True, source=BASE, ir=ir,
                       observer=count)
    monkeypatch.undo()
    assert seen["step"] is not None
    return result.transcript, ir, seen["step"]


def test_an_edited_die_roll_is_reported_at_its_step(monkeypatch: pytest.MonkeyPatch) -> None:
    doc, ir, step = _forged(monkeypatch, nth_roll=5)
    assert doc["steps"][step]["player"] == CHANCE
    result = replay(doc, ir)
    assert not result.ok
    assert result.mismatch.step == step
    assert result.mismatch.what == "chance outcome (recomputed from the seed)"
    assert result.mismatch.expected == doc["steps"][step]["action"]


def test_without_our_bots_only_legality_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The forged game is self-consistent: told the players were people, replay can only check
    legality, and says so (recomputed is False)."""
    doc, ir, _ = _forged(monkeypatch, nth_roll=5)
    doc["bots"] = ["human"] * 4
    result = replay(doc, ir)
    assert result.ok and not result.recomputed


def test_an_honest_transcript_replays_with_everything_recomputed() -> None:
    ir = load_ir(BASE)
    res = play_game(Game(ir, 4), ["greedy", "random", "random", "random"], 4, max_turns=30,
                    record=True, source=BASE, ir=ir)
    result = replay(res.transcript, ir)
    assert result.ok and result.recomputed and result.steps_verified == len(res.transcript["steps"])

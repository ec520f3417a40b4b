"""A played game → a JSON transcript (every action, chance included, with legal counts) and back → a verified replay."""

from __future__ import annotations

import functools
import hashlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game, IllegalActionError, parse_action
from catan_dsl.ir import IRLoadError, check_loaded
from catan_dsl.play.turns import TurnCounter

FORMAT = "catan-dsl-transcript"
# Version 2: ``final.turn`` is the turn the game ended in (play.turns: a game won during its
# 125th turn says 125, as its log does); version 1 said the turns completed (124). Both are read.
VERSION = 2
READABLE = (1, 2)


def canonical_json(obj: Any) -> str:
    """The one byte form hashed everywhere: sorted keys, no whitespace."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def ir_sha256(ir: dict) -> str:
    """Hash of the canonical IR JSON, so a transcript names the exact rules it was played with."""
    return hashlib.sha256(canonical_json(ir).encode("utf-8")).hexdigest()


def final_dump(state: Any, num_players: int) -> Any:
    """A canonical dump of the final state: the engine's full ``to_dict()`` when it offers one.

    Without ``to_dict`` a stable summary stands in; it catches fewer divergences (two games
    with the same VP, turn and length but different boards would hash alike).
    """
    to_dict = getattr(state, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    return {
        "vp": [state.vp(p) for p in range(num_players)],
        "turn": state.turn,
        "winner": state.winner(),
        "history": len(state.history()),
    }


def final_summary(state: Any, num_players: int, turn: int | None = None) -> dict:
    """The ``final`` block of a transcript: terminal flag, winner, the turn the game ended in
    (``turn``, counted by play.turns as it was played; the engine's completed turns when not
    given), VP per seat and digest."""
    return {
        "terminal": bool(state.is_terminal()),
        "winner": state.winner(),
        "turn": state.turn if turn is None else turn,
        "vp": [state.vp(p) for p in range(num_players)],
        "digest": hashlib.sha256(
            canonical_json(final_dump(state, num_players)).encode("utf-8")
        ).hexdigest(),
    }


class Recorder:
    """Collects the steps of one game while it is played; ``finish`` returns the transcript dict."""

    def __init__(self, ir: dict, *, source: str | None, seed: int, board_seed: int,
                 players: int, bots: list[str], max_turns: int | None) -> None:
        meta = ir.get("meta", {})
        self.players = players
        self.steps: list[dict] = []
        self.header: dict = {
            "format": FORMAT,
            "version": VERSION,
            "scenario": meta.get("id"),
            "ir_sha256": ir_sha256(ir),
            "source": source if source is not None else meta.get("source"),
            "with": list(meta.get("with", [])),
            "options": sorted(k for k, on in (meta.get("options") or {}).items() if on),
            # Not in the minimal header list, but replay needs it to rebuild the same IR
            # when the game was played on a non-default named board.
            "board": meta.get("board"),
            "board_seed": board_seed,
            "seed": seed,
            "players": players,
            "bots": list(bots),
            "max_turns": max_turns,
            # The rules themselves: replay and render read them from here, so a transcript never
            # makes the tool open a path it names ("source" is informational only).
            "ir": ir,
        }

    def step(self, player: int, action: Any, legal: int) -> None:
        """Record one applied action: who moved (CHANCE for chance), its text, how many were legal."""
        self.steps.append({"player": player, "action": str(action), "legal": legal})

    def finish(self, state: Any, turn: int | None = None) -> dict:
        """The complete transcript, ending with the final state's summary and digest; ``turn``
        is the turn the game ended in (play.turns.TurnCounter)."""
        return {**self.header, "steps": self.steps,
                "final": final_summary(state, self.players, turn)}


def record(ir: dict, *, source: str | None = None, seed: int, board_seed: int | None = None,
           players: int, bots: list[str], max_turns: int | None = None) -> Recorder:
    """Start recording a game; call ``.step`` for every applied action and ``.finish`` at the end.

    Args:
        ir: the validated IR the game is played with (hashed into the header).
        source: path of the scenario file, so ``replay`` can find it again.
        seed: the seed of the game's ``random.Random`` (chance and bots).
        board_seed: the seed given to ``new_initial_state`` (defaults to ``seed``).
        players: number of seats.
        bots: bot name per seat.
        max_turns: the turn cap the game ran under, or None.
    """
    return Recorder(ir, source=source, seed=seed,
                    board_seed=seed if board_seed is None else board_seed,
                    players=players, bots=bots, max_turns=max_turns)


@dataclass(frozen=True)
class Mismatch:
    """Where a replay first diverged: step index (None for header/final), what, expected vs got."""

    step: int | None
    what: str
    expected: Any
    got: Any

    def __str__(self) -> str:
        where = "header" if self.step is None else f"step {self.step}"
        if self.what.startswith("final"):
            where = "final state"
        return f"{where}: {self.what}: expected {self.expected!r}, got {self.got!r}"


@dataclass
class ReplayResult:
    """Outcome of ``replay``: how many steps were re-applied and the first mismatch, if any."""

    steps_verified: int
    mismatch: Mismatch | None = None
    final: dict = field(default_factory=dict)
    # True when every chance outcome and bot choice was recomputed from the seed (the bots are
    # ours); False when the transcript's players are unknown, so only legality was checked.
    recomputed: bool = False

    @property
    def ok(self) -> bool:
        return self.mismatch is None


class TranscriptError(ValueError):
    """The document is not a readable catan-dsl transcript (wrong format, version or shape)."""


_REQUIRED = ("format", "version", "ir_sha256", "board_seed", "players", "steps", "final")


def check_format(transcript: Any) -> None:
    """Raise ``TranscriptError`` unless ``transcript`` looks like a transcript of a version this
    build reads (``READABLE``)."""
    if not isinstance(transcript, dict):
        raise TranscriptError("a transcript is a JSON object")
    if transcript.get("format") != FORMAT:
        raise TranscriptError(f"not a {FORMAT} document (format={transcript.get('format')!r})")
    if transcript.get("version") not in READABLE:
        raise TranscriptError(f"unsupported transcript version {transcript.get('version')!r} "
                              f"(this build reads versions {', '.join(map(str, READABLE))})")
    missing = [k for k in _REQUIRED if k not in transcript]
    if missing:
        raise TranscriptError(f"transcript lacks {', '.join(missing)}")
    steps = transcript["steps"]
    if not isinstance(steps, list) or not all(
            isinstance(s, dict) and {"player", "action", "legal"} <= s.keys() for s in steps):
        raise TranscriptError("'steps' must be a list of {player, action, legal} objects")
    # Then every field's type and range (transcript.schema.json), named by its JSON path.
    error = next(iter(sorted(_validator().iter_errors(transcript),
                             key=lambda e: list(map(str, e.absolute_path)))), None)
    if error is not None:
        where = "/" + "/".join(str(p) for p in error.absolute_path)
        raise TranscriptError(f"{where}: {error.message[:200]}")


@functools.lru_cache(maxsize=1)
def _validator():  # type: ignore[no-untyped-def]
    from jsonschema import Draft202012Validator

    schema = json.loads((Path(__file__).parent / "transcript.schema.json").read_text("utf-8"))
    return Draft202012Validator(schema)


def replay(transcript: dict, ir: dict) -> ReplayResult:
    """Re-apply every step of ``transcript`` to a fresh game of ``ir`` and verify it.

    At each step the player to move and the number of legal actions must match the record,
    and the recorded action must parse and be legal; at the end the final block (terminal,
    winner, turn, VP, digest) must match. When the transcript's bots are this build's bots, the
    game is also re-played from its seed as ``play`` plays it, so an edited die roll, card draw
    or choice is reported at its step whatever digests the file carries.

    Returns:
        A ``ReplayResult``; ``mismatch`` holds the first divergence (step index is 0-based).

    Raises:
        TranscriptError: the document is not a transcript this version can read.
    """
    check_format(transcript)
    digest = ir_sha256(ir)
    if transcript["ir_sha256"] != digest:
        return ReplayResult(0, Mismatch(None, "ir_sha256", transcript["ir_sha256"], digest))
    players = transcript["players"]
    game = Game(ir, num_players=players)
    state = game.new_initial_state(seed=transcript["board_seed"])
    rng, bots = _recompute(transcript)
    turns = TurnCounter()
    for i, step in enumerate(transcript["steps"]):
        who = state.current_player()
        if who != step["player"]:
            return ReplayResult(i, Mismatch(i, "player to move", step["player"], who))
        legal = state.legal_actions()
        if len(legal) != step["legal"]:
            return ReplayResult(i, Mismatch(i, "legal action count", step["legal"], len(legal)))
        try:
            action = parse_action(step["action"], game)
        except (ValueError, KeyError, TypeError) as exc:
            # parse_action rejects text it cannot read; report it as a step mismatch, not a crash.
            return ReplayResult(i, Mismatch(i, "action", step["action"], f"unreadable: {exc}"))
        if rng is not None:
            # The same draws in the same order as play_game: one generator for chance and bots.
            if who == CHANCE:
                expected = state.sample_chance(rng)
            else:
                expected = legal[0] if len(legal) == 1 else bots[who].choose(state, legal, rng)
            if str(expected) != step["action"]:
                try:                     # an illegal record says more than "not what was drawn"
                    state.clone().apply_action(action)
                except IllegalActionError as exc:
                    return ReplayResult(i, Mismatch(i, "action", step["action"], f"illegal: {exc}"))
                what = "chance outcome" if who == CHANCE else "bot choice"
                return ReplayResult(i, Mismatch(i, f"{what} (recomputed from the seed)",
                                                step["action"], str(expected)))
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            return ReplayResult(i, Mismatch(i, "action", step["action"], f"illegal: {exc}"))
        turns.after(state)
    got = final_summary(state, players, turns.turn if transcript["version"] >= 2 else None)
    for key in ("terminal", "winner", "turn", "vp", "digest"):
        if transcript["final"].get(key) != got[key]:
            return ReplayResult(len(transcript["steps"]),
                                Mismatch(None, f"final {key}", transcript["final"].get(key),
                                         got[key]), got)
    return ReplayResult(len(transcript["steps"]), None, got, rng is not None)


def embedded_ir(transcript: dict, path: str = "<transcript>") -> dict | None:
    """The IR a transcript carries (its ``ir`` field), checked like an IR file: the schema, the
    semantic checks, and the header's ``ir_sha256``; None for a transcript that carries none.

    Raises:
        TranscriptError: the embedded IR is invalid or does not match the header's hash.
    """
    ir = transcript.get("ir")
    if ir is None:
        return None
    if ir_sha256(ir) != transcript.get("ir_sha256"):
        raise TranscriptError("/ir does not match the header's ir_sha256 (the rules were edited)")
    try:
        return check_loaded(ir, f"{path}#/ir")
    except IRLoadError as exc:
        first = exc.diagnostics[0]
        more = f" (and {len(exc.diagnostics) - 1} more)" if len(exc.diagnostics) > 1 else ""
        raise TranscriptError(f"/ir is not a valid IR: {first.message}{more}") from None


def _recompute(transcript: dict) -> tuple[random.Random | None, list]:
    """The generator and bots that played the game, when they can be rebuilt (our bots, one per
    seat, each choosing the same moves on any machine, an integer seed); else (None, [])."""
    names, seed = transcript.get("bots"), transcript.get("seed")
    if not isinstance(names, list) or len(names) != transcript.get("players") \
            or not isinstance(seed, int) or isinstance(seed, bool):
        return None, []
    try:
        bots = [make_bot(n) for n in names]
    except (ValueError, KeyError, TypeError):
        return None, []
    if not all(getattr(b, "reproducible", True) for b in bots):
        return None, []     # a search bot on a CPU-time budget: its moves follow the machine
    return random.Random(seed), bots


def dumps(transcript: dict) -> str:
    """Transcript → JSON text: header keys sorted and indented, one step per line (diff-friendly)."""
    lines = ["{"]
    keys = sorted(transcript)
    for n, key in enumerate(keys):
        end = "," if n < len(keys) - 1 else ""
        if key == "steps":
            steps = transcript["steps"]
            if not steps:
                lines.append('  "steps": []' + end)
                continue
            lines.append('  "steps": [')
            lines.extend("    " + canonical_json(s) + ("," if i < len(steps) - 1 else "")
                         for i, s in enumerate(steps))
            lines.append("  ]" + end)
        else:
            lines.append(f"  {json.dumps(key)}: {canonical_json(transcript[key])}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def is_chance(player: int) -> bool:
    """True for the chance pseudo-player (kept here so readers of steps need not import engine)."""
    return player == CHANCE

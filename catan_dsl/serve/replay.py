"""A transcript + its IR → the read-only viewer: the state after any step (from snapshots kept
while the game is replayed once), the log up to that step, and the step's actions."""

from __future__ import annotations

from catan_dsl.engine import Game, IllegalActionError, parse_action
from catan_dsl.play.playtest import seat_name
from catan_dsl.play.transcript import check_format, final_summary, ir_sha256
from catan_dsl.play.turns import TurnCounter
from catan_dsl.render.state_view import state_view
from catan_dsl.serve.board_svg import BoardDrawing
from catan_dsl.serve.log import GameLog, entries_for
from catan_dsl.serve.session import Refused
from catan_dsl.serve.sources import SourceLines
from catan_dsl.serve.view import COLORS, prompt_of, seat_rows, shared_counters, turn_of

SNAPSHOT_EVERY = 32            # a step is at most 31 applied actions away from a kept state


class ReplayError(ValueError):
    """The transcript does not replay on its rules; the message says at which step and why."""


class ReplaySession:
    """A recorded game the page steps through; every seat's hand is shown (it is a replay)."""

    mode = "replay"

    def __init__(self, transcript: dict, ir: dict, sources: SourceLines | None = None) -> None:
        check_format(transcript)
        if transcript["ir_sha256"] != ir_sha256(ir):
            raise ReplayError("the transcript was played with other rules than this scenario "
                              "(IR hash differs)")
        self.transcript, self.ir = transcript, ir
        self.players = int(transcript["players"])
        self.seats = [str(b) for b in transcript.get("bots") or []] or ["?"] * self.players
        self.game = Game(ir, num_players=self.players)
        state = self.game.new_initial_state(seed=transcript["board_seed"])
        self.log = GameLog(ir, self.game.num_players)
        self.log.add(state.drain_events(), 0, 0)
        self.actions = [str(s["action"]) for s in transcript["steps"]]
        self.movers = [s["player"] for s in transcript["steps"]]
        self.snapshots = {0: state.clone()}
        turns = TurnCounter()          # the transcript's turn numbering, as `replay` checks it
        for i, text in enumerate(self.actions):
            try:
                state.apply_action(parse_action(text, self.game))
            except IllegalActionError as exc:
                raise ReplayError(f"step {i} ({text!r}) is illegal here: {exc}") from None
            except (ValueError, KeyError, TypeError, IndexError) as exc:
                raise ReplayError(f"step {i} ({text!r}) cannot be read: {exc}") from None
            turns.after(state)
            self.log.add(state.drain_events(), i + 1, state.turn)
            if (i + 1) % SNAPSHOT_EVERY == 0:
                self.snapshots[i + 1] = state.clone()
        got = final_summary(state, self.players,
                            turns.turn if transcript["version"] >= 2 else None)
        self.mismatch = next((f"final {k}: recorded {transcript['final'].get(k)!r}, "
                              f"replayed {got[k]!r}" for k in ("terminal", "winner", "turn", "vp",
                                                                 "digest")
                              if transcript["final"].get(k) != got[k]), None)
        self.final = state
        self.sources = sources or SourceLines(ir, trusted=False)
        self.drawing = BoardDrawing(ir, state.board, transcript["board_seed"])
        self.version = 0
        self.error = None

    @property
    def total(self) -> int:
        return len(self.actions)

    def state_at(self, step: int):  # type: ignore[no-untyped-def]
        """The state after ``step`` actions (0 = the start)."""
        if step == self.total:
            return self.final
        base = step - step % SNAPSHOT_EVERY
        state = self.snapshots[base].clone()
        for text in self.actions[base:step]:
            state.apply_action(parse_action(text, self.game))
        state.drain_events()
        return state

    def view(self, seat: int | None = None, since: int = 0, step: int | None = None) -> dict:
        """The page's data at ``step`` (None: the end); the log holds the entries up to it."""
        if step is None:
            step = self.total
        if not 0 <= step <= self.total:
            raise Refused(400, f"step {step} is not in this game: it has steps 0..{self.total}")
        state = self.state_at(step)
        meta = self.ir.get("meta", {})
        upto = self.log.count_until(step)
        since = max(0, min(since, upto))
        w = state.winner()
        return {
            "mode": self.mode, "version": self.version,
            "title": meta.get("title") or meta.get("id"), "scenario": meta.get("id"),
            "board": meta.get("board"), "with": meta.get("with", []),
            "seed": self.transcript.get("seed"), "target": self.game.target,
            "seat": None, **turn_of(state), "steps": step, "step": step, "total": self.total,
            "to_move": None, "chance": False, "over": step == self.total,
            "result": (f"{seat_name(w)} wins with {state.vp(w)} VP in turn {state.turn + 1}"
                       if w is not None else None) if state.is_terminal() else None,
            "error": self.mismatch, "prompt": prompt_of(state),
            "next": self._step(step), "last": self._step(step - 1),
            "actions": [],
            "seats": seat_rows(state, self.seats, None, omniscient=True),
            "shared": shared_counters(state),
            "svg": self.drawing.svg(state_view(state), self.game, {}, COLORS),
            "log": entries_for(self.log.entries[since:upto], None, omniscient=True),
            "log_total": upto,
        }

    def _step(self, i: int) -> dict | None:
        if not 0 <= i < self.total:
            return None
        p = self.movers[i]
        return {"index": i, "player": p, "name": seat_name(p) if p >= 0 else "chance",
                "action": self.actions[i]}

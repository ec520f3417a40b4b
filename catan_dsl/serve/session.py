"""IR + seats (humans and bots) + seed → one game served to the page: the seats' actions, the bots'
and chance steps one at a time, the transcript, and the view of the game each seat may see."""

from __future__ import annotations

import random
from typing import Any

from catan_dsl import bots
from catan_dsl.bots import BOTS, make_bot
from catan_dsl.engine import CHANCE, Game, IllegalActionError, parse_action
from catan_dsl.play.playtest import DEFAULT_MAX_TURNS, seat_name
from catan_dsl.play.transcript import record
from catan_dsl.play.turns import TurnCounter
from catan_dsl.render.state_view import state_view
from catan_dsl.serve.board_svg import BoardDrawing
from catan_dsl.serve.log import GameLog, entries_for
from catan_dsl.serve.sources import SourceLines
from catan_dsl.serve.view import (COLORS, action_list, prompt_of, seat_rows, shared_counters,
                                  turn_of)

HUMAN = "human"
MAX_ACTION_TEXT = 400          # the longest action text is a trade offer of a few dozen words


class Refused(Exception):
    """A request the game turns down, with the HTTP status that says why; nothing changed."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def seat_kinds(text: str | None, ir: dict) -> list[str]:
    """``--seats`` → one kind per seat: ``human`` or any name the bot registry knows.

    Default: one human, then greedy bots up to the scenario's default player count; one name
    alone means every seat. Raises ValueError with the message to show."""
    valid = sorted({HUMAN, *(getattr(bots, "BOT_NAMES", None) or BOTS)})
    names = [t.strip() for t in (text or "").split(",") if t.strip()]
    bad = [n for n in names if n not in valid]
    if bad:
        raise ValueError(f"unknown seat {bad[0]!r} (valid: {', '.join(valid)})")
    players = ir.get("players", {})
    lo, hi = players.get("min", 1), players.get("max", 6)
    default = players.get("default", hi)
    if not names:
        names = [HUMAN] + ["greedy"] * (default - 1)
    elif len(names) == 1:
        names = names * default
    if not lo <= len(names) <= hi:
        raise ValueError(f"this scenario is for {lo}–{hi} players, not {len(names)}")
    return names


class GameSession:
    """One live game. Not thread-safe: the server calls it from its event loop only."""

    mode = "play"

    def __init__(self, ir: dict, seats: list[str], *, seed: int = 0, source: str | None = None,
                 max_turns: int | None = DEFAULT_MAX_TURNS,
                 sources: SourceLines | None = None) -> None:
        self.ir, self.seats, self.seed = ir, list(seats), seed
        self.game = Game(ir, num_players=len(seats))
        self.state = self.game.new_initial_state(seed=seed)
        # One generator for chance and bots, drawn in the order `play` draws: a game without a
        # human seat replays from its seed exactly (`catan-dsl replay` recomputes it).
        self.rng = random.Random(seed)
        self.bots = {p: make_bot(k) for p, k in enumerate(seats) if k != HUMAN}
        self.cap = max_turns
        self.recorder = record(ir, source=source, seed=seed, players=len(seats), bots=self.seats,
                               max_turns=max_turns)
        self.log = GameLog(ir, self.game.num_players)
        self.log.add(self.state.drain_events(), 0, 0)
        self.steps = 0
        self.turns = TurnCounter()  # the transcript's turn numbering, as `play` records it
        self.version = 0            # bumped on every change: the websockets send on a new one
        self.error: str | None = None
        self.sources = sources or SourceLines(ir, trusted=False)
        self.drawing = BoardDrawing(ir, self.state.board, seed)
        self._drawn: dict[tuple, str] = {}
        humans = [p for p, k in enumerate(seats) if k == HUMAN]
        self.last_human = humans[0] if humans else None

    # ---- whose move ---------------------------------------------------------------------------
    def over(self) -> bool:
        return self.state.is_terminal() or (self.cap is not None and self.state.turn >= self.cap)

    def to_move(self) -> int | None:
        """The seat to move, CHANCE, or None when the game is over."""
        return None if self.over() else self.state.current_player()

    def default_seat(self) -> int | None:
        """Whose eyes a page without a seat looks through: the human to move (hot-seat), else
        the last human who moved; None (a spectator) in a game of bots."""
        p = self.to_move()
        if p is not None and p >= 0 and self.seats[p] == HUMAN:
            return p
        return self.last_human

    def waiting_for_human(self) -> bool:
        p = self.to_move()
        return p is not None and p >= 0 and self.seats[p] == HUMAN

    # ---- moves --------------------------------------------------------------------------------
    def step_automatic(self) -> str | None:
        """Play one chance or bot step: "chance", "bot", or None when a human (or nobody) is to
        move. A bot or engine failure stops the game with ``error`` set (the page shows it)."""
        if self.error is not None:
            return None
        p = self.to_move()
        if p is None or (p >= 0 and self.seats[p] == HUMAN):
            return None
        legal = self.state.legal_actions()
        if p == CHANCE:
            action, kind = self.state.sample_chance(self.rng), "chance"
        else:
            try:
                action = legal[0] if len(legal) == 1 else self.bots[p].choose(self.state, legal,
                                                                                self.rng)
            except Exception as exc:  # noqa: BLE001 — any bot failure stops the game, not the server
                self._stop(f"{seat_name(p)}'s bot ({self.seats[p]}) failed: "
                           f"{type(exc).__name__}: {exc}")
                return None
            kind = "bot"
        try:
            self._apply(p, action, len(legal))
        except Refused as exc:
            self._stop(exc.message)
            return None
        return kind

    def act(self, seat: int | None, text: Any) -> None:
        """A human seat plays the action written ``text`` (the transcript's form).

        Args:
            seat: the seat asking (None: whichever human is to move, for a local page).
        Raises:
            Refused: 409 when it is not this seat's move or the game is over or stopped; 422
                when the text is not an action or not a legal one (the engine's message).
        """
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_ACTION_TEXT:
            raise Refused(422, "an action is a non-empty text such as \"end turn\" "
                               f"(at most {MAX_ACTION_TEXT} characters)")
        if self.over():
            raise Refused(409, "the game is over")
        if self.error is not None:
            raise Refused(409, f"the game stopped: {self.error}")
        p = self.state.current_player()
        if p < 0:
            raise Refused(409, "nobody may act now: chance is being drawn")
        if self.seats[p] != HUMAN:
            raise Refused(409, f"it is {seat_name(p)}'s move ({self.seats[p]} bot)")
        if seat is not None and seat != p:
            raise Refused(409, f"it is {seat_name(p)}'s move, not {seat_name(seat)}'s")
        try:
            action = parse_action(text.strip(), self.game)
        except KeyError as exc:
            raise Refused(422, f"not an action of this game: {text.strip()!r} (no "
                               f"{exc.args[0]!r} here)") from None
        except (ValueError, TypeError, IndexError) as exc:
            raise Refused(422, f"not an action of this game: {exc}") from None
        self._apply(p, action, len(self.state.legal_actions()))
        self.last_human = p

    def _apply(self, player: int, action: Any, n_legal: int) -> None:
        """Apply, record and log one step; an engine failure restores the state before it."""
        before = self.state.clone()
        try:
            self.state.apply_action(action)
            self.state.current_player()             # a position with no action ends here
        except IllegalActionError:
            self.state = before
            raise Refused(422, self._not_legal(player, action)) from None
        except Exception as exc:  # noqa: BLE001 — the engine's failure, reported, not raised
            self.state = before
            where = getattr(exc, "where", None)
            raise Refused(500, f"the engine could not play {str(action)!r}"
                               + (f" ({where})" if where else "")
                               + f": {type(exc).__name__}: {exc}") from None
        self.recorder.step(player, action, n_legal)
        self.turns.after(self.state)
        self.steps += 1
        self.log.add(self.state.drain_events(), self.steps, self.state.turn)
        self.version += 1

    def _not_legal(self, player: int, action: Any) -> str:
        """Why an action is refused, in a player's words: what is asked now and what the seat
        may play instead (the engine's message speaks of "player 0")."""
        legal = [str(a) for a in self.state.legal_actions()]
        prompt = prompt_of(self.state)
        asked = f" ({prompt['text']})" if prompt else ""
        some = ", ".join(legal[:4]) + (f", … ({len(legal)} in all)" if len(legal) > 4 else "")
        return f"{action} is not legal now{asked}: {seat_name(player)} may play {some}"

    def _stop(self, message: str) -> None:
        self.error = message
        self.version += 1

    def transcript(self) -> dict:
        """The transcript so far (``final`` describes the position now, finished or not)."""
        return self.recorder.finish(self.state, self.turns.turn)

    # ---- what a seat sees ---------------------------------------------------------------------
    def view(self, seat: int | None, since: int = 0) -> dict:
        """The page's data for ``seat`` (None: a spectator): see docs/serve.md, GET /api/game."""
        state, game = self.state, self.game
        mover = self.to_move()
        acting = (seat is not None and mover == seat and self.seats[seat] == HUMAN
                  and self.error is None)
        rows, targets = action_list(state) if acting else ([], {})
        entries = self.log.entries
        since = max(0, min(since, len(entries)))
        return {
            "mode": self.mode, "version": self.version, **self._header(),
            "seat": seat, **turn_of(state), "steps": self.steps,
            "to_move": mover if mover is not None and mover >= 0 else None,
            "chance": mover is not None and mover < 0,
            "over": self.over(), "result": self._result(), "error": self.error,
            "prompt": prompt_of(state) if mover is not None else None,
            "actions": rows,
            # At the end every hand is turned over, as at the table (hidden VP cards count).
            "seats": seat_rows(state, self.seats, seat, omniscient=self.over()),
            "shared": shared_counters(state),
            "svg": self._svg(targets),
            "log": entries_for(entries[since:], seat, omniscient=self.over()),
            "log_total": len(entries),
        }

    def _svg(self, targets: dict) -> str:
        """The board at this version; the picture without clickable places is drawn once for
        every seat that is not to move (pages poll and push it often)."""
        key = (self.version, tuple(sorted((k, tuple(v)) for k, v in targets.items())))
        cached = self._drawn.get(key)
        if cached is None:
            if len(self._drawn) > 8:
                self._drawn.clear()
            cached = self._drawn[key] = self.drawing.svg(state_view(self.state), self.game,
                                                         targets, COLORS)
        return cached

    def _header(self) -> dict:
        meta = self.ir.get("meta", {})
        return {"title": meta.get("title") or meta.get("id"), "scenario": meta.get("id"),
                "board": meta.get("board"), "with": meta.get("with", []), "seed": self.seed,
                "target": self.game.target}

    def _result(self) -> str | None:
        s = self.state
        if s.is_terminal():
            w = s.winner()
            if w is not None:
                return f"{seat_name(w)} wins with {s.vp(w)} VP in turn {s.turn + 1}"
            return "the game stalled: nobody could move (see the log)"
        if self.cap is not None and s.turn >= self.cap:
            return f"no winner: stopped at the turn cap after {s.turn} turns"
        return None

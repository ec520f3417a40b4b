"""Engine events → the page's log entries: a sentence per event, the rule's ``file:line`` apart,
turn headers, and a public wording for what only some seats may read (a card bought or stolen)."""

from __future__ import annotations

import dataclasses
from typing import Any

from catan_dsl.engine.events import CardStolen, DevelopmentCardBought, ItemDrawn
from catan_dsl.play.gamelog import describe_event
from catan_dsl.play.playtest import seat_name


def _actor(ev: Any) -> int | None:
    for name in ("player", "thief", "proposer"):
        v = getattr(ev, name, None)
        if isinstance(v, int):
            return v
    return None


def _secret(ev: Any, names: list[str], ir: dict) -> tuple[tuple[int, ...], str] | None:
    """(the seats that may read ``ev`` in full, what the others read), or None when it is public.

    The observation hides cards in hand (BASE-24, BASE-43); the log must not tell them either."""
    def who(p: int) -> str:
        return names[p] if 0 <= p < len(names) else f"player {p}"

    if isinstance(ev, DevelopmentCardBought):
        return (ev.player,), f"{who(ev.player)} bought a development card"
    if isinstance(ev, CardStolen):
        return (ev.thief, ev.victim), f"{who(ev.thief)} stole a card from {who(ev.victim)}"
    if isinstance(ev, ItemDrawn) and ((ir.get("decks") or {}).get(ev.deck) or {}).get("hidden"):
        return (ev.player,), describe_event(dataclasses.replace(ev, rule=None), names, ir)
    return None


def _private_text(ev: Any, names: list[str], ir: dict) -> str:
    """What the seats allowed to know read: a hidden draw names the item for its drawer."""
    if isinstance(ev, ItemDrawn):
        who = names[ev.player] if 0 <= ev.player < len(names) else f"player {ev.player}"
        return f"{who} drew {ev.item.replace('_', ' ')} from {ev.deck}"
    return describe_event(dataclasses.replace(ev, rule=None), names, ir)


class GameLog:
    """Accumulates log entries as a game is played (or replayed); ``entries`` is the whole log.

    An entry is a dict: ``n`` (its index), ``step`` (transcript steps applied when it happened),
    ``turn``, ``kind`` ("event" or "turn"), ``text``, ``rule`` (``{"id", "where", "via"}`` of the
    rule that caused it, else None), and for a secret ``private`` (seats that read ``text``) with
    ``public`` (what the others read)."""

    def __init__(self, ir: dict, players: int) -> None:
        self.ir = ir
        self.names = [seat_name(p) for p in range(players)]
        self.entries: list[dict] = []
        self.in_setup = True
        self.new_turn = False
        self.turn_no = 0

    def add(self, events: list, step: int, turn: int) -> None:
        """Log the events of one applied action (``step`` = steps applied so far)."""
        for ev in events:
            kind = type(ev).__name__
            # As `play` prints it: setup ends with the first roll; a turn starts with the first
            # event after TurnEnded (which may be a card played before rolling).
            if (self.in_setup and kind == "DiceRolled") or (not self.in_setup and self.new_turn):
                self.in_setup = self.new_turn = False
                self.turn_no += 1
                who = _actor(ev)
                head = f"turn {self.turn_no}" + (f": {self.names[who]}" if who is not None
                                                 and 0 <= who < len(self.names) else "")
                self._append(step, turn, "turn", head)
            if kind == "TurnEnded":
                self.new_turn = True
                continue
            rule = ev.rule
            secret = _secret(ev, self.names, self.ir)
            text = _private_text(ev, self.names, self.ir) if secret else \
                describe_event(dataclasses.replace(ev, rule=None), self.names, self.ir)
            entry = self._append(step, turn, "event", text)
            if rule is not None:
                entry["rule"] = {"id": rule.rule_id, "where": rule.where, "via": rule.via or None}
            if secret is not None:
                entry["private"], entry["public"] = list(secret[0]), secret[1]

    def _append(self, step: int, turn: int, kind: str, text: str) -> dict:
        entry = {"n": len(self.entries), "step": step, "turn": turn, "kind": kind, "text": text,
                 "rule": None}
        self.entries.append(entry)
        return entry

    def count_until(self, step: int) -> int:
        """How many entries happened within the first ``step`` steps (the viewer's cursor)."""
        lo, hi = 0, len(self.entries)
        while lo < hi:                       # entries are in step order: bisect on it
            mid = (lo + hi) // 2
            if self.entries[mid]["step"] <= step:
                lo = mid + 1
            else:
                hi = mid
        return lo


def entries_for(entries: list[dict], seat: int | None, omniscient: bool = False) -> list[dict]:
    """The entries as ``seat`` may read them (None: a spectator; ``omniscient``: the viewer)."""
    out = []
    for e in entries:
        private = e.get("private")
        shown = e if private is None or omniscient or seat in private else \
            {**e, "text": e["public"]}
        out.append({k: v for k, v in shown.items() if k not in ("private", "public")})
    return out

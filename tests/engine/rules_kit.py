"""Base IR + hand-written counters/decks/rules → games for the interpreter and mechanism tests."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

from catan_dsl.engine import CHANCE, Game, State, parse_action

BASE = Path(__file__).resolve().parents[1] / "golden" / "ir" / "base.json"


def base_ir() -> dict:
    return json.loads(BASE.read_text())


def ir_with(**parts) -> dict:
    """The base IR with top-level keys replaced or added (``rules=[...]``, ``counters={...}``)."""
    ir = copy.deepcopy(base_ir())
    for k, v in parts.items():
        ir[k] = v
    return ir


def on(rid: str, event: str, do: list, when=True, filter=None, bind=None) -> dict:
    return {"kind": "on", "id": rid, "span": f"t.catan:{rid}", "event": event,
            "filter": filter or {}, "bind": bind or {}, "when": when, "do": do}


def action(rid: str, name: str, do: list, cost=None, limit=None, when=True, target=None,
           phase="after_roll") -> dict:
    return {"kind": "action", "id": rid, "span": f"t.catan:{rid}", "name": name, "label": name,
            "phase": phase, "cost": cost or {}, "limit": limit or {}, "when": when,
            "target": target, "do": do}


P = ["var", "player"]


def v(name: str) -> list:
    return ["var", name]


def play_random(game: Game, seed: int, cap: int = 400) -> State:
    """A seeded random game that also round-trips every action through its text form."""
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal() and s.turn < cap:
        if s.current_player() == CHANCE:
            a = s.sample_chance(rng)
        else:
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
        assert parse_action(str(a), game) == a, str(a)
        s.apply_action(a)
    return s


def conserved(s: State) -> None:
    """Resources, development cards (the box of returned cards included), counters and deck items."""
    g = s.game
    n = g.num_players
    for r in range(g.n_resources):
        assert s.bank[r] + sum(s.hand[p][r] for p in range(n)) == g.bank_total[r]
    rules_state = s.rules_state
    for c in range(len(g.cards)):
        held = sum(s.dev_hand[p][c] + s.dev_played[p][c] for p in range(n))
        assert s.deck[c] + held + rules_state.box[c] == g.card_count[c]
    rules = g.rules
    for i, spec in enumerate(rules.counters):
        held = sum(rules_state.counters[p][i] for p in range(n))
        assert min(rules_state.counters[p][i] for p in range(n)) >= 0
        if spec.supply is not None:
            assert rules_state.supply[i] + held == spec.supply
    for di, d in enumerate(rules.decks):
        for i in range(len(d.items)):
            total = rules_state.pile[di][i] + rules_state.spent[di][i] + sum(rules_state.held[di][p][i] for p in range(n))
            assert total == d.counts[i], (d.name, d.items[i])

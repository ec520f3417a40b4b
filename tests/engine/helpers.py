"""Fixture IRs + scripted positions → engine states for tests (direct placement, cards, invariants)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from catan_dsl.core import geometry as g
from catan_dsl.engine import CHANCE, Game, State
from catan_dsl.engine.base import building
from catan_dsl.engine.invariants import violations
from catan_dsl.engine.state import MAIN, PRE_ROLL

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def load_ir(name: str = "base_beginner") -> dict:
    """A fixture IR; later the compiled scenarios/base.catan can replace these."""
    return json.loads((FIXTURES / f"{name}.ir.json").read_text())


def empty_main(game: Game, seed: int = 0, player: int = 0) -> State:
    """A state past setup with an empty board, in ``player``'s turn after the roll."""
    s = game.new_initial_state(seed)
    s.setup_i = len(game.setup_steps)
    s.phase = MAIN
    s.cur = player
    s.prompts.clear()
    s._legal = None
    return s


def pre_roll(s: State, player: int) -> State:
    """Put ``s`` at the start of ``player``'s turn, before the roll."""
    s.phase = PRE_ROLL
    s.cur = player
    s.prompts.clear()
    s._after()
    s._legal = None
    return s


def kind(game: Game, piece: str) -> int:
    return game.piece_names.index(piece)


def res(game: Game, name: str) -> int:
    return game.resources.index(name)


def put(s: State, player: int, piece: str, at: int) -> None:
    """Place a piece without paying or checking legality (keeps every cache consistent)."""
    building.place(s, player, kind(s.game, piece), at, free=True)
    s._legal = None


def give(s: State, player: int, **cards: int) -> None:
    """Move resource cards from the bank to ``player``."""
    for name, n in cards.items():
        r = res(s.game, name)
        s.bank[r] -= n
        s.hand[player][r] += n
    s._legal = None


def set_hand(s: State, player: int, **cards: int) -> None:
    """Return ``player``'s hand to the bank, then give exactly ``cards``."""
    for r, n in enumerate(s.hand[player]):
        s.bank[r] += n
        s.hand[player][r] = 0
    give(s, player, **cards)


def give_card(s: State, player: int, card: str, new: bool = False) -> None:
    """Move a development card from the deck to ``player`` (``new``: bought this turn)."""
    c = s.game.card_names.index(card)
    s.deck[c] -= 1
    s.dev_hand[player][c] += 1
    if new:
        s.dev_new[player][c] += 1
    if s.game.cards[c].effect == "vp":
        s.card_vp[player] += s.game.cards[c].vp
    s._legal = None


def act(s: State, text: str) -> None:
    """Apply an action given in its text form."""
    from catan_dsl.engine import parse_action
    s.apply_action(parse_action(text, s.game))


def texts(s: State) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def edge_between(s: State, a: int, b: int) -> int:
    for e in s.board.vertex_edges[a]:
        if b in s.board.edge_vertices[e]:
            return e
    raise ValueError(f"no edge between {a} and {b}")


def path_edges(s: State, vertices: list[int]) -> list[int]:
    return [edge_between(s, u, v) for u, v in zip(vertices, vertices[1:])]


def play_game(game: Game, seed: int, bots, cap: int = 1000, check_every: int = 0) -> State:
    """Play one seeded game; optionally check invariants every ``check_every`` actions."""
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    i = 0
    while not s.is_terminal() and s.turn < cap:
        p = s.current_player()
        a = s.sample_chance(rng) if p == CHANCE else bots[p].choose(s, s.legal_actions(), rng)
        s.apply_action(a)
        i += 1
        if check_every and i % check_every == 0:
            check_invariants(s)
    check_invariants(s)
    return s


def check_invariants(s: State) -> None:
    """Every conservation law, recount, limit and cache the engine must keep (the IR-driven
    checker of catan_dsl/engine/invariants.py); raises AssertionError naming each broken one."""
    broken = violations(s)
    assert not broken, "\n".join(broken)


def vid(ir: dict, h: tuple[int, int], corner: str) -> int:
    """The id of hex ``h``'s corner ("N", "NE", …) on the IR's board."""
    key = g.fmt_key(g.corner(h, corner))
    return next(v["id"] for v in ir["board"]["vertices"] if v["key"] == key)


def eid(ir: dict, h: tuple[int, int], side: str) -> int:
    """The id of hex ``h``'s side ("NE", "E", …) on the IR's board."""
    key = g.fmt_key(g.side(h, side))
    return next(e["id"] for e in ir["board"]["edges"] if e["key"] == key)

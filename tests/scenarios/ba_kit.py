"""scenarios/barbarian_attack.catan (+ variants) → compiled Games and scripted positions for the
Barbarian Attack tests: barbarians and knights set directly, cards dealt by name."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.core import geometry
from catan_dsl.engine import Game, State
from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.helpers import act, empty_main

BA = Path(__file__).resolve().parents[2] / "scenarios" / "barbarian_attack.catan"
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")


@lru_cache(maxsize=None)
def compiled(*with_: str) -> dict:
    ir, report = compile_file(str(BA), with_=with_)
    assert ir is not None, [str(d.message) for d in report.diagnostics]
    return ir


@lru_cache(maxsize=None)
def game(*with_: str) -> Game:
    return Game(compiled(*with_))


def main(g: Game | None = None, player: int = 0, seed: int = 0) -> State:
    """An empty board after setup (no barbarian yet), ``player``'s turn after the roll."""
    return empty_main(g or game(), seed, player)


def hex_at(s: State, q: int, r: int) -> int:
    return next(h["id"] for h in s.game.ir["board"]["hexes"] if (h["q"], h["r"]) == (q, r))


def castle(s: State) -> int:
    return s.board.hex_terrain.index("castle")


def coastal(s: State) -> list[int]:
    """The coastal hexes with a number: where barbarians land."""
    return [h for h in range(s.board.n_hexes) if s.game.rules.coast["hex"][h] and s.board.hex_numbers[h]]


def pips(s: State, h: int) -> int:
    fn, _ = compile_expr(["pips", ["var", "h"]], Ctx(s.game.rules, {"h": "hex"}))
    return fn(s, {"h": h})


def barbarians(s: State, h: int) -> int:
    return s.rules_state.markers[0][h]


def set_barbarians(s: State, h: int, n: int) -> None:
    """Put exactly ``n`` barbarians on ``h``, from (or back to) the supply."""
    rs = s.rules_state
    rs.marker_supply[0] -= n - rs.markers[0][h]
    rs.markers[0][h] = n
    rs.markers_moved()           # as the marker effects do: caches keyed by the moves see it
    s._legal = None


def knight(s: State, p: int, e: int) -> None:
    """One of ``p``'s knights onto path ``e`` from his supply."""
    rs = s.rules_state
    assert not rs.units[0][e]
    rs.units[0][e] = p + 1
    rs.unit_supply[0][p] -= 1
    rs.units_moved()
    s._legal = None


def knights(s: State) -> dict[int, int]:
    """Path → owner of every knight on the board."""
    return {e: o - 1 for e, o in enumerate(s.rules_state.units[0]) if o}


def counter(s: State, p: int, name: str) -> int:
    return s.rules_state.counters[p][s.game.rules.counter_index[name]]


def set_counter(s: State, p: int, name: str, n: int) -> None:
    s.rules_state.counters[p][s.game.rules.counter_index[name]] = n
    s._legal = None


def deal(s: State, card: str) -> None:
    """Answer the card draw's chance node with ``card``."""
    assert s.is_chance_node()
    act(s, f"deal barbarian_cards {card}")


def hex_edges(s: State, h: int) -> list[int]:
    return list(s.game.rules.hex_edges[h])


def side(s: State, h: int, name: str) -> int:
    """The path on side ``name`` (NE, E, SE, SW, W, NW) of hex ``h``."""
    hx = s.game.ir["board"]["hexes"][h]
    key = geometry.fmt_key(geometry.side((hx["q"], hx["r"]), name))
    return next(e["id"] for e in s.game.ir["board"]["edges"] if e["key"] == key)


def finish_prompts(s: State, pick=min) -> None:
    """Answer every pending own prompt with ``pick`` of the offered ids (chance nodes excluded)."""
    while not s.is_chance_node() and s.prompts and s.prompts[-1].player >= 0:
        ids = [a for a in s.legal_actions()]
        if not ids:
            break
        s.apply_action(pick(ids, key=str))

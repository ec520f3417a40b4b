"""Traders & Barbarians test kit: the compiled scenario and positions set up through the Python
API (counters, wagons, barbarians, plazas, a turn begun as the engine begins one)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game

TB = Path(__file__).resolve().parents[2] / "scenarios" / "traders_barbarians.catan"
TRADE = ("council_castle", "quarry", "glassworks")
COMBINATIONS = ("rivers+traders_barbarians", "caravans+traders_barbarians",
                "fishermen+traders_barbarians", "barbarian_attack+traders_barbarians")


@lru_cache(maxsize=None)
def game(*with_: str) -> Game:
    ir, report = compile_file(str(TB), with_=with_)
    assert ir is not None, report.render_text()
    return Game(ir)


@lru_cache(maxsize=None)
def scenario(name: str) -> Game:
    """Traders & Barbarians itself or one of its COMBINATIONS, by file name."""
    path = TB if name == "traders_barbarians" else TB.parent / "combinations" / f"{name}.catan"
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    return Game(ir)


def counter(s, p: int, name: str) -> int:
    return s.rules_state.counters[p][s.game.rules.counter_index[name]]


def set_counter(s, p: int, name: str, n: int) -> None:
    s.rules_state.counters[p][s.game.rules.counter_index[name]] = n
    s._legal = None


def key_of(s, kind: str, key: str) -> int:
    return next(x["id"] for x in s.game.ir["board"][kind] if x["key"] == key)


def wagon_at(s, p: int, v: int) -> None:
    n = s.game.num_players
    u = s.game.rules.unit_index["wagon"]
    table = s.rules_state.units[u]
    for k in range(p, len(table), n):
        table[k] = 0
    table[v * n + p] = 1
    s.rules_state.unit_supply[u][p] = 0
    s.rules_state.units_moved()
    s._legal = None


def wagon_of(s, p: int) -> int:
    n = s.game.num_players
    table = s.rules_state.units[s.game.rules.unit_index["wagon"]]
    return next(k // n for k, c in enumerate(table) if c and k % n == p)


def plaza(s, terrain: str) -> int:
    h = s.board.hex_terrain.index(terrain)
    hx = s.game.ir["board"]["hexes"][h]
    return key_of(s, "vertices", f"{hx['q']},{hx['r']},C")


def barbarian(s, e: int, n: int = 1) -> None:
    """``n`` barbarians (0 or 1) on path ``e``."""
    rs = s.rules_state
    m = s.game.rules.marker_index["road_barbarian"]
    rs.marker_supply[m] -= n - rs.markers[m][e]
    rs.markers[m][e] = n
    rs.markers_moved()
    s._legal = None


def begin_turn(s) -> None:
    """Start the current player's turn as the engine does (its `on turn_started` rules run: the
    active baggage card's movement points), staying after the roll."""
    s.game.rules.turn_started(s)
    s._legal = None


def path(s, v: int, w: int) -> int:
    """The path between two neighbouring intersections."""
    return next(e for e in s.board.vertex_edges[v] if w in s.board.edge_vertices[e])


def enter(s, target: int) -> None:
    """Begin player 0's turn with his wagon next to ``target`` and travel one path into it."""
    from tests.engine.helpers import act
    beside = s.board.vertex_adjacent[target][0]
    wagon_at(s, 0, beside)
    begin_turn(s)
    act(s, f"do travel edge {path(s, beside, target)}")

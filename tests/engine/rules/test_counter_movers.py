"""A named counter gained or lost by a rule moves through its own closure, made when the effect
is compiled (``stocks.COUNTER_MOVERS``): the same games as through ``stocks.move``, and the same
limits — a gain up to the counter's supply, a loss up to what the player holds, each said by
one StockChanged event of the amount moved."""

from __future__ import annotations

import pytest

from catan_dsl.engine.events import StockChanged
from catan_dsl.engine.rules import stocks
from tests.engine.rules.side_by_side import SCENARIOS, games_on_and_off, play_side_by_side


ROWS = ("traders_barbarians", "combinations/fishermen+traders_barbarians")


@pytest.mark.parametrize("name", ROWS)
def test_games_are_the_same_through_the_closure_or_move(name: str, monkeypatch) -> None:
    games = games_on_and_off(SCENARIOS / f"{name}.catan", (), monkeypatch, stocks, "COUNTER_MOVERS")
    play_side_by_side(games, 7, 500)


class _Rules:
    def __init__(self) -> None:
        self.compiled, self.execution = [], type("X", (), {"prov": None})()
        self.heard = frozenset()            # no rule hears an event: none is dispatched


class _State:
    """What a mover reads and writes: the counters, their supply, and the events (recorded
    where ``State.emit`` and ``executor.emit`` record them)."""

    def __init__(self, held: int, supply: int | None) -> None:
        self.rules_state = type("R", (), {})()
        self.rules_state.counters = [[0, held], [0, 0]]
        self.rules_state.supply = [None, supply]
        self.game = type("G", (), {"rules": _Rules()})()
        self._events: list = []

    def emit(self, event) -> None:
        self._events.append(event)


@pytest.mark.parametrize("op, held, supply, k", [
    ("gain", 0, None, 3), ("gain", 1, 2, 5), ("gain", 1, 0, 2),
    ("lose", 4, None, 3), ("lose", 2, 6, 5), ("lose", 0, 6, 1)])
def test_the_closure_moves_what_move_moves(op: str, held: int, supply, k: int) -> None:
    form = ("counter", 1, "coins")
    mine, ref = _State(held, supply), _State(held, supply)
    stocks.counter_mover(op, form)(mine, 0, k, -1)
    stocks.move(ref, op, 0, None, k, form, -1)
    assert mine.rules_state.counters == ref.rules_state.counters
    assert mine.rules_state.supply == ref.rules_state.supply
    assert mine._events == ref._events
    assert all(type(e) is StockChanged for e in mine._events)


def test_other_stocks_and_transfers_go_through_move() -> None:
    assert stocks.counter_mover("transfer", ("counter", 1, "coins")) is None
    assert stocks.counter_mover("gain", ("resource", 0, "brick")) is None
    assert stocks.counter_mover("lose", ("choice", "held")) is None

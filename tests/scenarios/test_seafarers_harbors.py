"""The Seafarers harbor types dealt at random over the printed positions ('harbors shuffled'):
New Shores on its 4-player board and Wonders deal them per game; the other boards keep them as
printed (SF-50, SF-NS-03, SF-WON-04)."""

from __future__ import annotations

from collections import Counter

import pytest

from catan_dsl.engine import Game
from tests.scenarios.seafarers_kit import compiled

SEEDS = range(12)


def dealt(name: str, board: str | None, seed: int) -> list[tuple[int, int]]:
    """Each printed harbor position's (ratio, resource index or -1) in the game of ``seed``."""
    ir = compiled(name, board)
    b = Game(ir, 4).board(seed)
    return [b.vertex_harbor[h["vertices"][0]] for h in ir["board"]["harbors"]]


def printed(name: str, board: str | None) -> list[tuple[int, int]]:
    ir = compiled(name, board)
    index = {r: i for i, r in enumerate(ir["resources"])}
    return [(h["ratio"], index[h["resource"]] if h["resource"] else -1)
            for h in ir["board"]["harbors"]]


@pytest.mark.parametrize("name,board", [("new_shores", "new_shores_4"), ("wonders", None)])
def test_the_harbor_types_are_dealt_over_the_printed_positions(name, board) -> None:
    """SF-50, SF-NS-03, SF-WON-04: the 9 harbor types (5 of 2:1, one per resource, and 4 of 3:1)
    are dealt at random onto the printed positions at the start of each game: the same types
    every game, a different layout from game to game, the same one for the same seed."""
    deals = [dealt(name, board, s) for s in SEEDS]
    for d in deals:
        assert Counter(d) == Counter(printed(name, board))
        assert Counter(r for r, _ in d) == Counter({2: 5, 3: 4})
    assert len({tuple(d) for d in deals}) > len(deals) // 2      # not the printed layout each time
    assert dealt(name, board, 5) == deals[5]                     # a pure function of the seed


@pytest.mark.parametrize("name,board", [("new_shores", "new_shores_3"), ("four_islands", None),
                                        ("fog_islands", None), ("through_the_desert", None)])
def test_other_boards_keep_their_printed_harbors(name, board) -> None:
    """SF-50: where the scenario does not say so, each harbor's type is as printed."""
    assert all(dealt(name, board, s) == printed(name, board) for s in SEEDS)

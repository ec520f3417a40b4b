"""A build ban blind to the spot that reads the builder's counters (Wonders' ship ban: no 15th
ship for a wonder builder) is kept in the position memo keyed by those counters
(queries.COUNTED_KEPT), not worked out on every listing: games play alike with it off."""

from __future__ import annotations

from catan_dsl.engine.rules import queries
from tests.engine.rules.side_by_side import SCENARIOS, random_walk, row_game

WONDERS = SCENARIOS / "seafarers" / "scenarios" / "wonders.catan"


def test_the_ship_ban_is_kept_by_the_wonder_counter() -> None:
    kept = row_game("seafarers/scenarios/wonders").rules.build_bans[0]["ship"][3]
    assert type(kept) is tuple and len(kept) == 1


def test_games_play_alike_with_the_counted_verdict_kept_or_not(monkeypatch) -> None:
    for seed in (3, 11):
        shipped = random_walk(WONDERS, seed, 700)
        with monkeypatch.context() as m:
            m.setattr(queries, "COUNTED_KEPT", False)
            off = random_walk(WONDERS, seed, 700)
        assert shipped == off

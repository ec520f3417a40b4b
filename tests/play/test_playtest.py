"""Playtest runs: the summary is a pure function of (IR, bots, games, seed, cap), whatever the workers."""

from __future__ import annotations

from catan_dsl.play.playtest import run_games


def test_same_numbers_with_one_or_two_workers(base_ir: dict) -> None:
    bots = ["greedy", "random", "random", "random"]
    ticks: list[int] = []
    one = run_games(base_ir, bots, games=6, seed=11, workers=1, max_turns=40)
    two = run_games(base_ir, bots, games=6, seed=11, workers=2, max_turns=40,
                    progress=ticks.append)
    assert one.stats() == two.stats()
    assert [r.index for r in two.results] == list(range(6))
    assert one.results == two.results
    assert sum(ticks) == 6
    assert one.timing["games_per_second"] > 0


def test_statistics_are_consistent(base_ir: dict) -> None:
    s = run_games(base_ir, ["random", "random"], games=4, seed=2, max_turns=25)
    assert s.games == 4 and len(s.seats) == 2
    assert sum(seat.wins for seat in s.seats) + s.no_winner == 4
    for r in s.results:
        assert r.turns <= 25 and r.capped == (r.winner is None)
        for p in range(2):
            assert sum(r.vp_breakdown[p].values()) == r.vp[p]


def test_the_collector_settings_are_restored_after_a_playtest(base_ir: dict, monkeypatch) -> None:
    """Games run with the loaded objects frozen and fewer young collections; a playtest in a
    user's own process leaves the collector as it found it, also when a game raises."""
    import gc

    import pytest

    from catan_dsl.play import playtest

    before = gc.get_threshold()
    run_games(base_ir, ["random"] * 4, games=2, seed=3)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    seen = []

    def broken(*args, **kwargs):
        seen.append((gc.get_threshold()[0], gc.get_freeze_count() > 0))
        raise RuntimeError("a game went wrong")
    monkeypatch.setattr(playtest, "play_game", broken)
    with pytest.raises(RuntimeError):
        run_games(base_ir, ["random"] * 4, games=1)
    assert seen == [(max(10_000, before[0]), True)]     # the games ran with the settings
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0

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


def _jobs_seen(monkeypatch) -> list[list[int]]:
    """The games handed to map_chunks (a pool, when there is more than one job)."""
    from catan_dsl.play import playtest
    seen: list[list[int]] = []
    real = playtest.map_chunks

    def spy(fn, jobs, workers, *rest):
        seen.extend(job[3] for job in jobs)
        return real(fn, jobs, workers, *rest)
    monkeypatch.setattr(playtest, "map_chunks", spy)
    return seen


def test_an_adaptive_run_hands_the_rest_to_the_pool_once_it_looks_long(base_ir: dict,
                                                                       monkeypatch) -> None:
    """`--workers auto`: the first game is played here; a run that looks longer than
    POOL_AFTER sends the others to the pool, and the numbers are those of one process."""
    from catan_dsl.play import playtest
    bots = ["random"] * 4
    one = run_games(base_ir, bots, games=6, seed=5, workers=1, max_turns=40)
    seen = _jobs_seen(monkeypatch)
    monkeypatch.setattr(playtest, "POOL_AFTER", 0.0)
    ticks: list[int] = []
    auto = run_games(base_ir, bots, games=6, seed=5, workers=2, max_turns=40, adaptive=True,
                     progress=ticks.append)
    assert sorted(i for chunk in seen for i in chunk) == [1, 2, 3, 4, 5]
    assert auto.results == one.results and auto.stats() == one.stats()
    assert sum(ticks) == 6


def test_a_short_adaptive_run_starts_no_pool(base_ir: dict, monkeypatch) -> None:
    """A run that looks shorter than POOL_AFTER is played in this process from start to end."""
    from catan_dsl.play import playtest
    seen = _jobs_seen(monkeypatch)
    monkeypatch.setattr(playtest, "POOL_AFTER", 1e9)
    auto = run_games(base_ir, ["random"] * 4, games=4, seed=5, workers=2, max_turns=40,
                     adaptive=True)
    assert seen == [] and [r.index for r in auto.results] == [0, 1, 2, 3]

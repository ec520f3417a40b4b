"""Statistics of a playtest: Wilson intervals on known values and the summary of synthetic results."""

from __future__ import annotations

import pytest

from catan_dsl.play.playtest import GameResult, game_seed, summarize, wilson_interval


@pytest.mark.parametrize(
    ("wins", "n", "lo", "hi"),
    [
        # Reference values: Wilson score interval, z = 1.96 (e.g. statsmodels proportion_confint).
        (5, 10, 0.236593, 0.763407),
        (0, 10, 0.0, 0.277533),
        (10, 10, 0.722467, 1.0),
        (50, 100, 0.403832, 0.596168),
        (1, 4, 0.045587, 0.699358),
        (25, 100, 0.175452, 0.343045),
    ],
)
def test_wilson_interval_matches_reference_values(wins: int, n: int, lo: float, hi: float) -> None:
    got = wilson_interval(wins, n)
    assert got == pytest.approx((lo, hi), abs=1e-5)


def test_wilson_interval_with_no_games_is_uninformative() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_game_seeds_depend_only_on_base_and_index() -> None:
    seeds = [game_seed(7, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert seeds == [game_seed(7, i) for i in range(100)]
    assert game_seed(8, 0) not in seeds


def _result(i: int, winner: int | None, turns: int, capped: bool = False) -> GameResult:
    vp = tuple(10 if p == winner else 4 for p in range(2))
    breakdown = tuple({"settlement": v - 2, "longest_road": 2} if p == winner else {"settlement": v}
                      for p, v in enumerate(vp))
    return GameResult(index=i, seed=i, winner=winner, turns=turns, capped=capped, vp=vp,
                      vp_breakdown=breakdown, decisions=100, steps=150, seconds=0.5)


def test_summary_of_known_results() -> None:
    results = [_result(0, 0, 50), _result(1, 0, 70), _result(2, 1, 60), _result(3, None, 100, True)]
    s = summarize(results, ["greedy", "random"], seed=3, max_turns=100, seconds=2.0)
    red, blue = s.seats
    assert (red.wins, blue.wins, s.no_winner) == (2, 1, 1)
    assert red.win_rate == 0.5 and (red.ci_low, red.ci_high) == wilson_interval(2, 4)
    assert s.mean_turns == 70.0 and s.median_turns == 65.0 and s.cap_share == 0.25
    assert red.mean_vp_by_source == {"longest_road": 1.0, "settlement": 6.0}
    assert blue.mean_vp_by_source == {"longest_road": 0.5, "settlement": 5.0}
    assert red.mean_vp == 7.0
    assert s.timing["games_per_second"] == 2.0 and s.timing["decisions_per_second"] == 200.0
    assert "timing" not in s.stats() and s.to_dict()["timing"] == s.timing

"""Roll-off odds (engine/rules/rolloffs.py): a die each or a fixed number, the k highest win,
the tied at the edge roll again — checked against exact cases, a simulation of the dice, and
the one-at-a-time draw the share effect makes from them."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from catan_dsl.engine.rules.rolloffs import next_winner_weights, winner_sets


def test_a_die_against_a_fixed_3() -> None:
    # 4, 5, 6 beat the 3; 1, 2 lose to it; a 3 is rolled again.
    assert winner_sets((0, 3), 1) == {frozenset({0}): Fraction(3, 5), frozenset({1}): Fraction(2, 5)}


@pytest.mark.parametrize("n, k", [(2, 1), (3, 1), (3, 2), (4, 2), (5, 3)])
def test_dice_alone_give_every_winner_set_the_same_chance(n: int, k: int) -> None:
    sets = winner_sets((0,) * n, k)
    assert len(sets) == len(list(itertools.combinations(range(n), k)))
    assert set(sets.values()) == {Fraction(1, len(sets))}


def test_equal_fixed_rolls_can_never_differ_so_they_split_evenly() -> None:
    assert winner_sets((3, 3), 1) == {frozenset({0}): Fraction(1, 2), frozenset({1}): Fraction(1, 2)}
    assert winner_sets((1, 0), 1) == {frozenset({1}): Fraction(1)}    # a fixed 1 never wins


def _simulate(rolls: tuple[int, ...], k: int, rng: random.Random) -> frozenset[int]:
    """The dice as players throw them: the k highest win, the tied at the edge throw again."""
    pool, won = list(range(len(rolls))), set()
    while True:
        shown = {i: rolls[i] or rng.randint(1, 6) for i in pool}
        edge = sorted(shown.values(), reverse=True)[k - 1]
        sure = [i for i in pool if shown[i] > edge]
        tied = [i for i in pool if shown[i] == edge]
        won |= set(sure)
        k -= len(sure)
        if len(tied) == k:
            return frozenset(won | set(tied))
        pool = tied


@pytest.mark.parametrize("rolls, k", [((0, 0, 3), 1), ((0, 0, 3), 2), ((0, 4, 3, 0), 2)])
def test_the_exact_chances_match_thrown_dice(rolls: tuple[int, ...], k: int) -> None:
    rng = random.Random(7)
    n = 40_000
    counts: dict[frozenset[int], int] = {}
    for _ in range(n):
        w = _simulate(rolls, k, rng)
        counts[w] = counts.get(w, 0) + 1
    exact = winner_sets(rolls, k)
    assert set(counts) <= set(exact)
    for w, p in exact.items():
        assert abs(counts.get(w, 0) / n - float(p)) < 0.01, (w, counts.get(w, 0) / n, float(p))


@pytest.mark.parametrize("rolls, k", [((0, 3), 1), ((0, 0, 3), 2), ((0, 4, 3, 0), 2),
                                      ((2, 0, 5, 0), 3)])
def test_drawing_winners_one_at_a_time_gives_each_set_its_chance(rolls, k) -> None:
    """Every order of drawing a set, step by step with the weights, adds up to the set's chance."""
    got: dict[frozenset[int], Fraction] = {}
    for order in itertools.permutations(range(len(rolls)), k):
        p, chosen = Fraction(1), frozenset()
        for i in order:
            weights = next_winner_weights(rolls, k, chosen)
            p *= Fraction(weights[i], sum(weights))
            chosen |= {i}
        got[chosen] = got.get(chosen, Fraction(0)) + p
    assert {w: p for w, p in got.items() if p} == winner_sets(rolls, k)

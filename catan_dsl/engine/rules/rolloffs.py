"""Roll-off rolls (a die each, or a fixed number) + how many win → exact chances of each winner
set, and the integer weights that draw those winners one at a time (shares.py)."""

from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

SIDES = 6           # a roll-off uses one ordinary die per player
DIE = 0             # a roll of 0 (or anything outside 1..SIDES): the player rolls the die


def winner_sets(rolls: tuple[int, ...], k: int) -> dict[frozenset[int], Fraction]:
    """Everyone rolls once (a fixed number always shows that number); the ``k`` highest win;
    players tied at the edge of the winners roll again among themselves for the places left.
    → P(winner set) for each set of ``k`` indices into ``rolls``."""
    return dict(_winner_sets(tuple(r if 1 <= r <= SIDES else DIE for r in rolls), k))


@functools.lru_cache(maxsize=1024)
def _winner_sets(rolls: tuple[int, ...], k: int) -> tuple[tuple[frozenset[int], Fraction], ...]:
    n = len(rolls)
    everyone = frozenset(range(n))
    if k <= 0:
        return ((frozenset(), Fraction(1)),)
    if k >= n:
        return ((everyone, Fraction(1)),)
    faces = [range(1, SIDES + 1) if r == DIE else (r,) for r in rolls]
    weight = Fraction(1, math.prod(len(f) for f in faces))
    out: dict[frozenset[int], Fraction] = {}
    again = Fraction(0)                     # all tied at the edge: the same roll-off once more
    for shown in itertools.product(*faces):
        edge = sorted(shown, reverse=True)[k - 1]
        sure = frozenset(i for i in range(n) if shown[i] > edge)
        tied = tuple(i for i in range(n) if shown[i] == edge)
        places = k - len(sure)
        if len(tied) == places:
            out[sure | frozenset(tied)] = out.get(sure | frozenset(tied), Fraction(0)) + weight
        elif len(tied) == n:
            again += weight
        else:
            for inner, p in _winner_sets(tuple(rolls[i] for i in tied), places):
                won = sure | frozenset(tied[i] for i in inner)
                out[won] = out.get(won, Fraction(0)) + weight * p
    if again == 1:                          # fixed numbers, all equal: they can never differ
        subsets = list(itertools.combinations(range(n), k))
        return tuple((frozenset(c), Fraction(1, len(subsets))) for c in subsets)
    ordered = sorted(out.items(), key=lambda e: sorted(e[0]))
    return tuple((won, p / (1 - again)) for won, p in ordered)


def next_winner_weights(rolls: tuple[int, ...], k: int, chosen: frozenset[int]) -> tuple[int, ...]:
    """The winners drawn one at a time, each next one by these integer weights (one per index
    of ``rolls``; 0 for the ``chosen`` already and for who cannot win): drawing a uniformly
    ordered winner set this way gives every set exactly its chance in ``winner_sets``."""
    sets = winner_sets(rolls, k)
    shares = [sum((p for won, p in sets.items() if i in won and chosen <= won), Fraction(0))
              if i not in chosen else Fraction(0) for i in range(len(rolls))]
    scale = math.lcm(*(f.denominator for f in shares)) if shares else 1
    return tuple(int(f * scale) for f in shares)

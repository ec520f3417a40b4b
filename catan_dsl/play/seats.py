"""Bot list + game index + seating → the bot in each seat of that game; game results → win rates per bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

ROTATED = "rotated"
FIXED = "fixed"
SEATINGS = (ROTATED, FIXED)
MIXED = "rotated"   # a seat's bot label when different bots sat there in a run


def seat_bots(bots: Sequence[str], index: int, seating: str = FIXED) -> tuple[str, ...]:
    """The bot in each seat of game ``index``.

    ``fixed``: the list as given, every game. ``rotated``: game i shifts the list by i, so the
    bot listed k-th sits in seat (k + i) mod n; over any n consecutive games every bot sits in
    every seat once, and seat (board position and turn order) and bot are no longer tied.
    """
    if seating not in SEATINGS:
        raise ValueError(f"unknown seating {seating!r}; known: {', '.join(SEATINGS)}")
    n = len(bots)
    shift = index % n if seating == ROTATED and n else 0
    return tuple(bots[(p - shift) % n] for p in range(n))


def seat_label(game_bots: Sequence[Sequence[str]], seat: int) -> str:
    """The bot of ``seat`` in every game of a run, or ``rotated`` when it changed."""
    names = {bots[seat] for bots in game_bots if seat < len(bots)}
    return next(iter(names)) if len(names) == 1 else MIXED


def same_bot_everywhere(bots: Sequence[str]) -> bool:
    """True when every seat holds the same bot: then seats differ only by board position and
    turn order, and a seat's win rate measures the seat."""
    return len(set(bots)) <= 1


@dataclass(frozen=True)
class BotStats:
    """One bot's results over a run, whatever seats it sat in."""

    bot: str
    seats: int            # seats it held in each game
    games: int
    wins: int
    win_rate: float       # share of the games it won, in any of its seats
    ci_low: float
    ci_high: float
    equal_share: float    # seats / players: what it wins if it plays as well as the others
    mean_vp: float        # per seat and game


def bot_stats(results: Sequence, bots: Sequence[str], interval) -> list[BotStats]:
    """Per distinct bot of ``bots`` (in first-listed order): the games it won and its mean VP,
    read from each result's own seating (``result.bots``, else ``bots``); ``interval(wins, n)``
    gives the 95% interval of its win rate."""
    out = []
    n_seats = len(bots)
    for name in dict.fromkeys(bots):
        wins = vp = held = 0
        for r in results:
            seated = getattr(r, "bots", None) or bots
            mine = [p for p, b in enumerate(seated) if b == name]
            held += len(mine)
            wins += r.winner in mine
            vp += sum(r.vp[p] for p in mine)
        n = len(results)
        lo, hi = interval(wins, n)
        k = bots.count(name)
        out.append(BotStats(bot=name, seats=k, games=n, wins=wins,
                            win_rate=wins / n if n else 0.0, ci_low=lo, ci_high=hi,
                            equal_share=k / n_seats if n_seats else 0.0,
                            mean_vp=round(vp / held, 9) if held else 0.0))
    return out

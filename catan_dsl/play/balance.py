"""Game results → balance answers: each seat's advantage over its fair share, and what the
winners of the games did that their losers did not (actions and cards used, VP by source)."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Sequence

from catan_dsl.play.intervals import mean_interval, wilson_interval


@dataclass(frozen=True)
class SeatAdvantage:
    """One seat's share of the games won above (+) or below (−) the fair share 1/seats, with
    the 95% interval of that difference (the Wilson interval of its rate, shifted)."""

    seat: int
    wins: int
    advantage: float
    ci_low: float
    ci_high: float


@dataclass(frozen=True)
class WinnerGap:
    """One thing a seat can do or score, in the games someone won: its mean per game for the
    winner and for a losing seat, the winner's lead (winner minus the mean of that game's
    losers, averaged over the games) with its 95% interval, and the share of winners and of
    losing seats that did it at least once."""

    what: str
    winners: float
    losers: float
    lead: float
    ci_low: float
    ci_high: float
    winners_used: float
    losers_used: float


@dataclass
class Balance:
    """The balance answers of a run. ``equal_bots``: every seat held the same bot in every game,
    so the answers are about the scenario, not about which bot sat where."""

    equal_bots: bool
    games: int                       # games someone won (the others have no winner to compare)
    seats: list[SeatAdvantage] = field(default_factory=list)
    # p-value of "every seat wins equally often" (chi-square over the seats' wins).
    seats_p: float = 1.0
    uses: list[WinnerGap] = field(default_factory=list)
    vp: list[WinnerGap] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"equal_bots": self.equal_bots, "games_won": self.games,
                "seats": [asdict(s) for s in self.seats], "seats_equal_p": self.seats_p,
                "uses": [asdict(u) for u in self.uses], "vp": [asdict(v) for v in self.vp]}


def balance(results: Sequence, seats: int) -> Balance:
    """The balance answers of ``results`` (play.playtest.GameResult, each with its ``bots``,
    ``winner``, ``seat_uses`` and ``vp_breakdown``) for ``seats`` seats."""
    bots = {tuple(r.bots) for r in results}
    equal = all(len(set(b)) <= 1 for b in bots)
    won = [r for r in results if r.winner is not None and 0 <= r.winner < seats]
    n = len(results)
    fair = 1 / seats if seats else 0.0
    wins = [sum(1 for r in won if r.winner == p) for p in range(seats)]
    rows = []
    for p in range(seats):
        lo, hi = wilson_interval(wins[p], n)
        rows.append(SeatAdvantage(seat=p, wins=wins[p], advantage=_r(wins[p] / n - fair if n else 0.0),
                                  ci_low=_r(lo - fair), ci_high=_r(hi - fair)))
    uses = [r.seat_uses if len(r.seat_uses) >= seats else ({},) * seats for r in won]
    return Balance(equal_bots=equal, games=len(won), seats=rows, seats_p=_uniform_p(wins),
                   uses=_gaps(won, uses, seats),
                   vp=_gaps(won, [r.vp_breakdown for r in won], seats))


def _gaps(won: Sequence, per_seat: Sequence[Sequence[dict]], seats: int) -> list[WinnerGap]:
    """Per name counted in ``per_seat`` (one dict per seat and game), the winners' lead."""
    names = sorted({k for game in per_seat for d in game for k in d})
    out = []
    for name in names:
        win_vals, lose_vals, leads, win_used, lose_used = [], [], [], 0, 0
        for r, game in zip(won, per_seat):
            mine = game[r.winner].get(name, 0)
            theirs = [game[q].get(name, 0) for q in range(seats) if q != r.winner]
            win_vals.append(mine)
            lose_vals.extend(theirs)
            leads.append(mine - sum(theirs) / max(1, len(theirs)))
            win_used += mine > 0
            lose_used += sum(1 for x in theirs if x > 0)
        lead, lo, hi = mean_interval(leads)
        out.append(WinnerGap(what=name, winners=_r(sum(win_vals) / len(win_vals)),
                             losers=_r(sum(lose_vals) / max(1, len(lose_vals))), lead=_r(lead),
                             ci_low=_r(lo), ci_high=_r(hi),
                             winners_used=_r(win_used / len(win_vals)),
                             losers_used=_r(lose_used / max(1, len(lose_vals)))))
    return out


def _uniform_p(wins: list[int]) -> float:
    """The chi-square test's p-value for "each seat wins 1/seats of the won games"."""
    total, k = sum(wins), len(wins)
    if total == 0 or k < 2:
        return 1.0
    expected = total / k
    x = sum((w - expected) ** 2 for w in wins) / expected
    return _r(_chi2_sf(x, k - 1))


def _chi2_sf(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-square with ``df`` degrees of freedom (closed form: raised from
    df 1 or 2 by two at a time), so no statistics package is loaded to play games."""
    h = x / 2
    if df % 2:
        q, k = math.erfc(math.sqrt(h)), 1
        term = math.sqrt(h) * math.exp(-h) / math.gamma(1.5) if df > 1 else 0.0
    else:
        q, k = math.exp(-h), 2
        term = h * math.exp(-h)
    while k < df:
        q += term
        k += 2
        term *= h / (k / 2)
    return max(0.0, min(1.0, q))


def _z(x: float) -> float:
    """``x`` to two decimals, with no minus sign on a zero (-0.004 prints as +0.00)."""
    return round(x, 2) + 0.0


def _r(x: float) -> float:
    # Rounded so float summation order can never leak into compared output.
    return round(x, 9)


def balance_text(b: Balance, colours: Sequence[str]) -> list[str]:
    """The balance answers as the lines `playtest` prints (after its other tables)."""
    who = ("one bot in every seat, so these speak of the scenario" if b.equal_bots else
           "the seats held different bots, so winners and losers differ by bot as well")
    out = ["", f"balance ({who}; {b.games} games won)"]
    fair = "seat advantage (share of games won minus the fair share, 95% CI):"
    out.append(fair)
    for s in b.seats:
        name = colours[s.seat] if s.seat < len(colours) else f"seat {s.seat + 1}"
        out.append(f"  {name:<8}{s.advantage:>+8.1%}  [{s.ci_low:+.1%}, {s.ci_high:+.1%}]")
    out.append(f"  every seat equal: p = {b.seats_p:.3g} (chi-square over the wins)")
    for title, rows in (("used per game", b.uses), ("VP by source at the end", b.vp)):
        if not rows:
            continue
        width = max(len(title), *(len(r.what) for r in rows))
        out += ["", f"{title:<{width}}  {'winner':>7} {'loser':>7} {'lead':>7}  {'95% CI':<17}"
                    f"{'with any: winners / losers':>28}"]
        out += [f"{r.what:<{width}}  {r.winners:>7.2f} {r.losers:>7.2f} {_z(r.lead):>+7.2f}  "
                f"{f'[{_z(r.ci_low):+.2f}, {_z(r.ci_high):+.2f}]':<17}"
                f"{f'{r.winners_used:.0%} / {r.losers_used:.0%}':>28}" for r in rows]
    return out

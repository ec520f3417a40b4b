"""Two playtest runs on the same seeds → per metric A, B, the difference with its 95% CI and a
p-value (Fisher's exact test for rates, Mann–Whitney U for per-game values), Holm-corrected
for the number of metrics compared."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from scipy import stats as sps

from catan_dsl.play.intervals import mean_difference, rate_difference, variance
from catan_dsl.play.playtest import PlaytestSummary

ALPHA = 0.05


@dataclass
class Metric:
    name: str
    a: float
    b: float
    diff: float
    ci_low: float
    ci_high: float
    p_raw: float
    p_value: float = 1.0           # Holm-adjusted over every metric of the comparison
    test: str = ""
    significant: bool = False
    unit: str = ""                 # what the values count: "rate", "turns", "VP", "per game"

    def to_dict(self) -> dict:
        return asdict(self)


def _rate(name: str, ka: int, kb: int, n_a: int, n_b: int) -> Metric:
    """A proportion on each side: Newcombe's interval for the difference (from the two Wilson
    intervals) and Fisher's exact test."""
    pa, pb = ka / n_a if n_a else 0.0, kb / n_b if n_b else 0.0
    d, lo, hi = rate_difference(ka, n_a, kb, n_b)
    p = float(sps.fisher_exact([[ka, n_a - ka], [kb, n_b - kb]])[1]) if n_a and n_b else 1.0
    return Metric(name, pa, pb, d, lo, hi, p, test="Fisher exact", unit="rate")


def _values(name: str, xa: list[float], xb: list[float], unit: str) -> Metric:
    """Per-game values on each side: the difference of means with a normal (Welch) interval,
    and the Mann–Whitney U test (no assumption about the shape of the distribution)."""
    ma = sum(xa) / len(xa) if xa else 0.0
    mb = sum(xb) / len(xb) if xb else 0.0
    d, lo, hi = mean_difference(xa, xb)
    if not xa or not xb or (ma == mb and variance(xa) == 0 and variance(xb) == 0):
        p = 1.0                         # nothing to test, or every value the same
    else:
        # Constant but different sides go to the test too: they used to get p = 0, so two
        # games a side flagged a difference "at 5%" (the test's answer for 2 against 2 is 0.19).
        p = float(sps.mannwhitneyu(xa, xb, alternative="two-sided").pvalue)
    return Metric(name, ma, mb, d, lo, hi, p, test="Mann-Whitney U", unit=unit)


def compare(a: PlaytestSummary, b: PlaytestSummary,
            rule_names: dict[str, str] | None = None) -> list[Metric]:
    """Every metric both runs have, in a stable order, Holm-corrected; ``rule_names`` (rule id
    → ``file:line`` and label, ``report.data.rule_names``) names the rule firings."""
    names_of = rule_names or {}
    order = {k: i for i, k in enumerate(names_of)}
    ra, rb = a.results, b.results
    n_a, n_b = len(ra), len(rb)
    out: list[Metric] = []
    for p in range(min(len(a.seats), len(b.seats))):
        out.append(_rate(f"win rate {a.seats[p].colour}", a.seats[p].wins, b.seats[p].wins,
                         n_a, n_b))
    if len(a.per_bot) > 1:               # the seats held different bots: each one's share too
        for x, y in zip(a.per_bot, b.per_bot):
            if x.bot == y.bot:
                out.append(_rate(f"win rate {x.bot} (its seats)", x.wins, y.wins, n_a, n_b))
    out.append(_rate("no winner (capped)", a.no_winner, b.no_winner, n_a, n_b))
    out.append(_values("game length (turns)", [r.turns for r in ra], [r.turns for r in rb],
                       "turns"))
    for p in range(min(len(a.seats), len(b.seats))):
        sources = sorted({k for r in (*ra, *rb) for k in r.vp_breakdown[p]})
        for src in sources:
            out.append(_values(f"VP {src} {a.seats[p].colour}",
                               [r.vp_breakdown[p].get(src, 0) for r in ra],
                               [r.vp_breakdown[p].get(src, 0) for r in rb], "VP"))
    for what, label in (("actions", "action"), ("cards", "card"), ("placed", "free"),
                        ("fired", "rule")):
        # Rules in the order they are written (their ids sort "x.10" before "x.2").
        names = sorted({k for r in (*ra, *rb) for k in getattr(r, what)},
                       key=lambda k: (order.get(k, len(order)), k))
        for name in names:
            shown = names_of.get(name, name) if what == "fired" else name
            out.append(_values(f"{label} {shown} per game",
                               [getattr(r, what).get(name, 0) for r in ra],
                               [getattr(r, what).get(name, 0) for r in rb], "per game"))
    _holm(out)
    return out


def _holm(metrics: list[Metric]) -> None:
    """Holm–Bonferroni: the k-th smallest of m p-values is multiplied by (m − k + 1), made
    monotone; controls the chance of any false alarm among all metrics at ALPHA."""
    m = len(metrics)
    order = sorted(range(m), key=lambda i: metrics[i].p_raw)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * metrics[i].p_raw))
        metrics[i].p_value = running
        metrics[i].significant = running < ALPHA

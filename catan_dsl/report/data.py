"""A playtest summary + its IR → the report's sections as plain data (tables and series), so
the HTML and Markdown versions say the same numbers as ``playtest --json``."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field

from catan_dsl.play.intervals import wilson_interval
from catan_dsl.play.playtest import PlaytestSummary

# Rules that act by being consulted, not by firing: coverage cannot count them.
CONSULTED = {"forbid", "modifier"}


@dataclass
class Report:
    """Every section of a playtest report."""

    title: str
    inputs: dict[str, object]
    seats: list[dict]                     # colour, bot, wins, win_rate, ci_low, ci_high, mean_vp
    lengths: list[int]                    # turns per game, in game order
    length_stats: dict[str, float]
    vp_sources: list[str]
    vp_by_source: list[dict[str, float]]  # per seat
    first_seat: dict[str, float]
    uses: list[tuple[str, float]]         # ("action chase_robber", mean per game)
    coverage: list[dict]                  # id, name, kind, where, mean_fired, never, consulted
    income: list[dict[str, float]]        # per seat
    resources: list[str]
    stats: dict = field(default_factory=dict)   # the run's `playtest --json` statistics
    # One row per distinct bot (bot, seats, wins, win_rate, ci_low, ci_high, equal_share,
    # mean_vp); the seats' bots differ when there are two or more.
    bots: list[dict] = field(default_factory=list)
    seating: str = "fixed"


def rule_label(rule: dict) -> str:
    """An IR rule in a few words, as written: ``on drew knighthood``, ``action buy_card "Buy a
    scenario card"``, ``forbid build road``, ``modifier vp "conquered buildings"``."""
    kind = rule.get("kind", "rule")
    head = rule.get("event") or rule.get("name") or rule.get("what") or ""
    words = [kind, str(head)] + [str(v) for v in (rule.get("filter") or {}).values()]
    label = rule.get("label")
    return " ".join(w for w in words if w) + (f' "{label}"' if label else "")


def rule_names(ir: dict) -> dict[str, str]:
    """Rule id → how reports and ``compare`` name the rule: where it is written
    (``file:line``) and its label, e.g. ``scenarios/barbarian_attack.catan:244 on turn_ended``."""
    return {r.get("id", "?"): " ".join(x for x in (shown_span(r.get("span", ""), ir),
                                                    rule_label(r)) if x)
            for r in ir.get("rules", [])}


def shown_span(span: str, ir: dict) -> str:
    """A rule's ``file:line`` relative to the played scenario's folder when the file lies in it:
    a pack's scenario (``core:base``) is compiled from an absolute path, which made every rule's
    name a path of this machine and ``compare``'s table 130 columns wide."""
    source = ir.get("meta", {}).get("source") or ""
    folder = os.path.dirname(source)
    if not folder or not os.path.isabs(span) or not span.startswith(folder + os.sep):
        return span
    return span[len(folder) + 1:]


def ir_hash(ir: dict) -> str:
    return hashlib.sha256(json.dumps(ir, sort_keys=True).encode()).hexdigest()[:16]


def build(ir: dict, summary: PlaytestSummary, *, source: str, variants: tuple[str, ...] = (),
          options: tuple[str, ...] = ()) -> Report:
    """The report of one run of ``summary.games`` games of ``ir``."""
    meta = ir.get("meta", {})
    n = summary.games
    seats = [{"colour": s.colour, "bot": s.bot, "wins": s.wins, "win_rate": s.win_rate,
              "ci_low": s.ci_low, "ci_high": s.ci_high, "mean_vp": s.mean_vp}
             for s in summary.seats]
    sources = sorted({k for s in summary.seats for k in s.mean_vp_by_source})
    lengths = [r.turns for r in summary.results]
    wins0 = summary.seats[0].wins if summary.seats else 0
    lo, hi = wilson_interval(wins0, n)
    fair = 1 / len(summary.seats) if summary.seats else 0.0
    per_bot = [asdict(b) for b in getattr(summary, "per_bot", [])]
    uses = [(f"action {k}", v) for k, v in summary.mean_actions.items()] + \
        [(f"card {k}", v) for k, v in summary.mean_cards.items()] + \
        [(f"free {k}", v) for k, v in summary.mean_placed.items()] + \
        [(f"built {k}", v) for k, v in getattr(summary, "mean_built", {}).items()] + \
        [(f"event {k}", v) for k, v in getattr(summary, "mean_events", {}).items()
         if k in ("PieceMoved", "HexRevealed", "RobberMoved")]
    coverage = []
    for r in ir.get("rules", []):
        kind = r.get("kind", "?")
        fired = summary.mean_fired.get(r.get("id", ""), 0.0)
        coverage.append({"id": r.get("id", "?"), "kind": kind,
                         "where": shown_span(r.get("span", ""), ir),
                         "what": rule_label(r), "mean_fired": fired,
                         "never": kind not in CONSULTED and fired == 0.0,
                         "consulted": kind in CONSULTED})
    return Report(
        title=str(meta.get("title") or meta.get("id") or source),
        inputs={"scenario": source, "ir_sha256": ir_hash(ir), "board": meta.get("board"),
                "variants": ", ".join(variants) or "none", "options": ", ".join(options) or "none",
                "parameters": ", ".join(f"{k}={v}" for k, v in (meta.get("params") or {}).items())
                or "none",
                "bots": ", ".join(summary.bots), "seed": summary.seed,
                "games": n if not summary.partial else
                f"{n} of {summary.requested} (partial: stopped by Ctrl-C)",
                "turn cap": summary.max_turns},
        seats=seats, lengths=lengths,
        length_stats={"mean": summary.mean_turns, "median": summary.median_turns,
                      "min": float(min(lengths, default=0)), "max": float(max(lengths, default=0)),
                      "capped share": summary.cap_share, "no winner": summary.no_winner},
        vp_sources=sources,
        vp_by_source=[{k: s.mean_vp_by_source.get(k, 0.0) for k in sources} for s in summary.seats],
        first_seat={"win_rate": summary.seats[0].win_rate if summary.seats else 0.0,
                    "ci_low": lo, "ci_high": hi, "fair_share": fair,
                    "advantage": (summary.seats[0].win_rate - fair) if summary.seats else 0.0},
        uses=uses, coverage=coverage, income=summary.mean_income,
        resources=list(ir.get("resources", [])), stats=summary.stats(), bots=per_bot,
        seating=getattr(summary, "seating", "fixed"))


@dataclass
class Section:
    """One section of a report: a heading, a table and a sentence that reads it."""

    key: str
    heading: str
    columns: list[str]
    rows: list[list[object]]
    note: str = ""


def sections(rep: Report) -> list[Section]:
    """The report's sections in order; both renderers lay out exactly these."""
    pct = "{:.1%}".format
    out = [Section("inputs", "Run", ["input", "value"],
                   [[k, v] for k, v in rep.inputs.items()])]
    out.append(Section("seats", "Win rate per seat", ["seat", "bot", "wins", "win rate",
                                                      "95% CI", "mean VP"],
                       [[s["colour"], s["bot"], s["wins"], pct(s["win_rate"]),
                         f"{pct(s['ci_low'])} – {pct(s['ci_high'])}", f"{s['mean_vp']:.2f}"]
                        for s in rep.seats]))
    if len(rep.bots) > 1:
        out.append(_bots_section(rep))
    out.append(_first_seat_section(rep))
    out.append(Section("lengths", "Game length (turns)", list(rep.length_stats),
                       [[pct(v) if k == "capped share" else f"{v:.2f}" if isinstance(v, float)
                         else v for k, v in rep.length_stats.items()]]))
    ends = rep.stats.get("ends") or {}
    out.append(Section("ends", "How the games ended", ["way", "games", "share"],
                       [[way, k, pct(k / max(1, sum(ends.values())))] for way, k in ends.items()],
                       "A rule's `end game` is counted as its own way, by where it is written."))
    out.append(Section("vp", "VP by source (mean at the end)", ["seat", *rep.vp_sources],
                       [[s["colour"], *[f"{row.get(k, 0.0):.2f}" for k in rep.vp_sources]]
                        for s, row in zip(rep.seats, rep.vp_by_source)]))
    if (rep.stats.get("balance") or {}).get("games_won"):
        out.append(_balance_section(rep))
    out.append(Section("uses", "Actions and cards used (mean per game)", ["what", "per game"],
                       [[k, f"{v:.2f}"] for k, v in rep.uses],
                       "" if rep.uses else "No scenario action, development card or free piece "
                       "was used."))
    never = [c for c in rep.coverage if c["never"]]
    out.append(Section("coverage", "Rule coverage", ["where", "rule", "fired per game", ""],
                       [[c["where"] or c["id"], c["what"],
                         "consulted" if c["consulted"] else f"{c['mean_fired']:.2f}",
                         "NEVER FIRED" if c["never"] else ""] for c in rep.coverage],
                       (f"{len(never)} of {len(rep.coverage)} rules never fired: "
                        + ", ".join(f"{c['where'] or c['id']} ({c['what']})" for c in never) + "."
                        if never else "Every rule that can fire did.")
                       + " A firing is one run of a rule's body (for an action, one use); "
                       "prohibitions and modifiers act when they are consulted and are not "
                       "counted."))
    out.append(Section("income", "Resource income per seat (cards per game)",
                       ["seat", *rep.resources, "total"],
                       [[s["colour"], *[f"{row.get(r, 0.0):.1f}" for r in rep.resources],
                         f"{sum(row.values()):.1f}"] for s, row in zip(rep.seats, rep.income)]))
    return out


def _bots_section(rep: Report) -> Section:
    """Each bot's wins over all the seats it held."""
    pct = "{:.1%}".format
    how = ("Seats were rotated (game i shifts the bot list by i), so every bot sat in every "
           "seat: these rates compare the bots, not the seats." if rep.seating == "rotated" else
           "Seats were fixed: each bot's rate includes its seat's advantage or handicap.")
    return Section("bots", "Win rate per bot", ["bot", "seats", "wins", "win rate", "95% CI",
                                                "equal share", "mean VP"],
                   [[b["bot"], b["seats"], b["wins"], pct(b["win_rate"]),
                     f"{pct(b['ci_low'])} – {pct(b['ci_high'])}", pct(b["equal_share"]),
                     f"{b['mean_vp']:.2f}"] for b in rep.bots], how)


def _first_seat_section(rep: Report) -> Section:
    """The first seat's share against a fair one: a verdict about the seat only when every
    seat held the same bot, since otherwise it measures the bots as much as the seat."""
    pct = "{:.1%}".format
    fs = rep.first_seat
    row = [[pct(fs["win_rate"]), f"{pct(fs['ci_low'])} – {pct(fs['ci_high'])}",
            pct(fs["fair_share"]), f"{fs['advantage']:+.1%}"]]
    columns = ["first seat wins", "95% CI", "fair share", "difference"]
    if len(rep.bots) > 1:
        return Section("first_seat", "First-seat advantage", columns, row,
                       "The seats held different bots, so the first seat's share says as much "
                       "about the bots as about the seat: play one bot in every seat (the "
                       "default) to measure the seats.")
    p = (rep.stats.get("balance") or {}).get("seats_equal_p")
    equal = "" if p is None else (f" Every seat against an equal share of the wins (chi-square): "
                                    f"p = {p:.3g}.")
    verdict = ("no evidence of a first-seat advantage" if fs["ci_low"] <= fs["fair_share"] <= fs["ci_high"]
               else "the first seat wins more than its share" if fs["ci_low"] > fs["fair_share"]
               else "the first seat wins less than its share")
    return Section("first_seat", "First-seat advantage", columns, row,
                   f"The fair share lies {'inside' if 'no evidence' in verdict else 'outside'} "
                   f"the interval: {verdict}.{equal}")


def _balance_section(rep: Report) -> Section:
    """What the winners of the games did that their losers did not: each rule action and card
    used, and each VP source, per game for the winner and a losing seat, with the winner's lead."""
    b = rep.stats["balance"]
    rows = [[kind, g["what"], f"{g['winners']:.2f}", f"{g['losers']:.2f}", f"{round(g['lead'], 2) + 0.0:+.2f}",
             f"{round(g['ci_low'], 2) + 0.0:+.2f} … {round(g['ci_high'], 2) + 0.0:+.2f}",
             f"{g['winners_used']:.0%} / {g['losers_used']:.0%}"]
            for kind, key in (("used", "uses"), ("VP", "vp")) for g in b[key]]
    who = ("Every seat held the same bot, so the gaps speak of the scenario: what won." if
           b["equal_bots"] else "The seats held different bots, so a gap also says which bot "
           "won more: play one bot in every seat to read it as the scenario's.")
    return Section("balance", "Winners against losers",
                   ["", "what", "winner", "loser", "lead", "95% CI", "with any: winners / losers"],
                   rows, f"Over the {b['games_won']} games someone won: the winner's count per "
                   "game, a losing seat's, and the winner's lead over the mean of its game's "
                   f"losers. {who}")

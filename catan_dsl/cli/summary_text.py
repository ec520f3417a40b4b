"""A `PlaytestSummary` → the text `playtest` prints: seats, per-bot results, game length and how
games ended, VP by source, uses per game, the balance block, timing."""

from __future__ import annotations

from typing import Any

from catan_dsl.play.balance import balance_text


def summary_table(summary: Any, title: str) -> str:
    """A ``PlaytestSummary`` → the text report: seats, game length, VP sources, then timing."""
    games = f"{summary.games} game{'s' if summary.games != 1 else ''}"
    out = [f"{title}: {games}, seed {summary.seed}, turn cap {summary.max_turns}", ""]
    if summary.partial:
        out[0] += f" — PARTIAL: stopped by Ctrl-C after {summary.games} of {summary.requested}"
    bw = max([8] + [len(s.bot) for s in summary.seats])
    out.append(f"{'seat':<8} {'bot':<{bw}} {'wins':>5} {'win rate':>9} {'95% CI':>15} "
               f"{'mean VP':>8}")
    for s in summary.seats:
        ci = f"[{s.ci_low:5.1%}, {s.ci_high:5.1%}]"
        out.append(f"{s.colour:<8} {s.bot:<{bw}} {s.wins:>5} {s.win_rate:>9.1%} {ci:>15} "
                   f"{s.mean_vp:>8.2f}")
    out.append(f"{'none':<8} {'':<{bw}} {summary.no_winner:>5} "
               f"{summary.no_winner / max(1, summary.games):>9.1%}")
    out.extend(_per_bot_table(summary))
    out.append("")
    out.append(f"game length: mean {summary.mean_turns:.1f} turns, median "
               f"{summary.median_turns:g}; hit the turn cap: {summary.cap_share:.1%}")
    ends = getattr(summary, "ends", {})
    if ends:
        out.append("how the games ended: " + ", ".join(f"{n} by {way(how)}"
                                                       for how, n in ends.items()))
    sources = sorted({k for s in summary.seats for k in s.mean_vp_by_source})
    if sources:
        out.append("")
        width = max(8, *(len(k) for k in sources))
        out.append(f"{'mean VP by source':<{width + 2}}" + "".join(f"{s.colour:>8}" for s in summary.seats))
        for k in sources:
            out.append(f"  {k:<{width}}" + "".join(f"{s.mean_vp_by_source.get(k, 0.0):>8.2f}"
                                                   for s in summary.seats))
    out.extend(_uses_table(summary))
    if getattr(summary, "balance", None) is not None:
        out.extend(balance_text(summary.balance, [s.colour for s in summary.seats]))
    t = summary.timing
    out.append("")
    out.append(f"time: {t.get('seconds', 0.0):.2f} s, {t.get('games_per_second', 0.0):.1f} games/s, "
               f"{t.get('decisions_per_second', 0.0):,.0f} decisions/s")
    return "\n".join(out)


def _per_bot_table(summary: Any) -> list[str]:
    """Each bot's wins over the seats it held (only when the seats held different bots): with
    seats rotated, the fair comparison of the bots."""
    per_bot = getattr(summary, "per_bot", [])
    if len(per_bot) < 2:
        return []
    how = ("rotated: game i shifts the bot list by i" if summary.seating == "rotated"
           else "fixed: each bot kept its seat, so its seat's advantage is part of its figures")
    bw = max([8] + [len(b.bot) for b in per_bot])
    out = ["", f"per bot (seats {how})",
           f"{'bot':<{bw}} {'seats':>5} {'wins':>5} {'win rate':>9} {'95% CI':>15} "
           f"{'equal share':>11} {'mean VP':>8}"]
    for b in per_bot:
        ci = f"[{b.ci_low:5.1%}, {b.ci_high:5.1%}]"
        out.append(f"{b.bot:<{bw}} {b.seats:>5} {b.wins:>5} {b.win_rate:>9.1%} {ci:>15} "
                   f"{b.equal_share:>11.1%} {b.mean_vp:>8.2f}")
    return out


def way(ended: str) -> str:
    """A way a game ends (GameResult.ended) in words: "the victory target", "`end game` at
    race.catan:12", "a stall", "the turn cap"."""
    if ended.startswith("rule"):
        return f"`end game` at {ended[5:]}" if len(ended) > 5 else "`end game`"
    return {"stalled": "a stall"}.get(ended, f"the {ended}")


# Events the text table names (all kinds are in --json's mean_events): what moved on the board.
BOARD_EVENTS = ("PieceMoved", "HexRevealed", "RobberMoved")


def _uses_table(summary: Any) -> list[str]:
    """How often the bots used what the rules offer: mean uses per game, by name."""
    rows = [(f"action {k}", v) for k, v in getattr(summary, "mean_actions", {}).items()]
    rows += [(f"card {k}", v) for k, v in getattr(summary, "mean_cards", {}).items()]
    rows += [(f"placed by rules: {k}", v) for k, v in getattr(summary, "mean_placed", {}).items()]
    rows += [(f"built: {k}", v) for k, v in getattr(summary, "mean_built", {}).items()]
    events = getattr(summary, "mean_events", {})
    rows += [(f"event {k}", events[k]) for k in BOARD_EVENTS if k in events]
    shared = [(f"{k} (shared counter)", v) for k, v in getattr(summary, "mean_shared", {}).items()]
    noops = [(k, v) for k, v in getattr(summary, "mean_noops", {}).items()]
    out: list[str] = []
    for title, table in (("uses per game", rows), ("at the end, once per game", shared),
                         ("effects that did nothing in full, per game", noops)):
        if table:
            width = max(len(k) for k, _ in table)
            out += ["", f"{title:<{width + 2}}{'mean':>8}"] + [
                f"  {k:<{width}}{v:>8.2f}" for k, v in table]
    return out

"""How strong is the search bot? Seeded games of one `mcts` seat against three other bots, seats
rotated (game i shifts the bot list by i, so each bot sits in each seat equally often), in one
process: per scenario, the search bot's wins with a 95% Wilson interval against its equal share,
and how often each bot used what the scenario offers (its own actions, cards, pieces), per game.

    python bench/bot_strength.py --games 400 scenarios/base.catan        # at the default budget
    python bench/bot_strength.py --games 100 --log runs.jsonl             # every shipped scenario
    python bench/bot_strength.py --bot mcts --rivals mcts:think_ms=50     # against a 4x smaller budget
    python bench/bot_strength.py --bot mcts:playouts=200 --rivals greedy --no-hints
    python bench/bot_strength.py --summarize runs.jsonl                   # the table of a log
    python bench/bot_strength.py --summarize new.jsonl --paired old.jsonl # two versions, same games

Each game's seed is derived from --seed and its index (as `playtest` does), so a run with
`--playouts`-style specs repeats exactly; with a CPU-time budget (`think_ms`, the default) the
moves follow the machine's speed. `--log` appends one JSON line per game as it finishes, so a long
run stopped early still counts what it played (`--summarize` reads it back; `--skip N` resumes).
`--paired OLD` compares a log game by game with another on the same seeds and indices (a quick
screen of a change: where both versions face the same dice, only the games they end differently
count, and an exact sign test says how likely that split is by luck).
`--no-hints` removes the scenario's bot hints (`modifier bot_value`, `param bot_*`) for every bot.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from catan_dsl import api  # noqa: E402
from catan_dsl.bots.hints import without_hints  # noqa: E402
from catan_dsl.engine import Game  # noqa: E402
from catan_dsl.engine.events import DevelopmentCardPlayed, PieceBuilt, RuleActionTaken  # noqa: E402
from catan_dsl.play.playtest import game_seed, play_game, wilson_interval  # noqa: E402
from catan_dsl.play.seats import ROTATED, seat_bots  # noqa: E402

SHIPPED = ("base", "barbarian_attack", "caravans", "fishermen", "rivers", "traders_barbarians")


def play_one(game: Game, bots: list[str], seed: int, index: int) -> dict:
    """One game with seats rotated; what each seat used, counted from the engine's events."""
    seated = seat_bots(bots, index, ROTATED)
    uses: list[dict[str, int]] = [{} for _ in seated]
    in_setup = [True]

    def count(events: list) -> None:
        for e in events:
            t = type(e)
            if t is RuleActionTaken:
                key = f"action {e.action}"
            elif t is DevelopmentCardPlayed:
                key = f"card {e.card}"
            elif t is PieceBuilt and not in_setup[0] and e.player >= 0:
                key = f"built {e.piece}"
            else:
                continue
            if 0 <= e.player < len(uses):
                uses[e.player][key] = uses[e.player].get(key, 0) + 1

    def observe(state, player, action) -> None:
        in_setup[0] = state.phase == 0

    t = time.process_time()
    r = play_game(game, seated, game_seed(seed, index), observer=observe, on_events=count)
    return {"index": index, "seats": list(seated), "winner": r.winner, "turns": r.turns,
            "vp": list(r.vp), "uses": uses, "cpu": round(time.process_time() - t, 2),
            "vp_sources": [dict(b) for b in r.vp_breakdown]}


def summarize(rows: list[dict], bot: str) -> dict:
    """Per scenario: games, the search bot's wins and interval, its equal share, and per bot the
    mean uses per game of each thing used (over the seats it held)."""
    out: dict = {}
    for scen in dict.fromkeys(r["scenario"] for r in rows):
        mine = [r for r in rows if r["scenario"] == scen]
        n = len(mine)
        seats = len(mine[0]["seats"])
        held = mine[0]["seats"].count(bot)
        wins = sum(1 for r in mine if _won(r))
        lo, hi = wilson_interval(wins, n)
        uses: dict[str, dict[str, float]] = {}
        for name in dict.fromkeys(b for r in mine for b in r["seats"]):
            tally: dict[str, int] = {}
            seat_games = 0
            for r in mine:
                for p, b in enumerate(r["seats"]):
                    if b == name:
                        seat_games += 1
                        for k, v in r["uses"][p].items():
                            tally[k] = tally.get(k, 0) + v
                        # VP by source at the end (a scenario's deliveries: what trips earn).
                        for k, v in (r.get("vp_sources") or [{}] * len(r["seats"]))[p].items():
                            tally[f"VP from {k}"] = tally.get(f"VP from {k}", 0) + v
            uses[name] = {k: round(v / seat_games, 3) for k, v in sorted(tally.items())}
        out[scen] = {"games": n, "wins": wins, "win_rate": wins / n, "ci": [lo, hi],
                     "equal_share": held / seats, "no_winner": sum(r["winner"] is None for r in mine),
                     "mean_turns": sum(r["turns"] for r in mine) / n,
                     "cpu_per_game": sum(r["cpu"] for r in mine) / n, "uses": uses}
    return out


def measured_seat(row: dict) -> int:
    """The seat the measured bot held: listed first, rotated by the game's index (so a log of
    `--bot greedy` against greedy rivals still names one seat, the baseline of a screen)."""
    return row["index"] % len(row["seats"])


def _won(row: dict) -> bool:
    return row["winner"] is not None and row["winner"] == measured_seat(row)


def sign_test(a: int, b: int) -> float:
    """Two-sided exact p-value that ``a`` against ``b`` discordant games split this unevenly or
    more by luck (each game either way with probability one half)."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def paired(rows: list[dict], old: list[dict]) -> list[str]:
    """Per scenario, the games of ``rows`` whose index (and seed) ``old`` also played: each
    version's wins, the games only one of them won, and the sign test of that split."""
    lines = ["| scenario | games in both | wins (this) | wins (paired) | only this | only paired | "
             "sign test p |", "| --- | --- | --- | --- | --- | --- | --- |"]
    before = {(r["scenario"], r["seed"], r["index"]): r for r in old}
    for scen in dict.fromkeys(r["scenario"] for r in rows):
        pairs = [(r, before[key]) for r in rows if r["scenario"] == scen
                 and (key := (scen, r["seed"], r["index"])) in before]
        new_wins = sum(_won(r) for r, _ in pairs)
        old_wins = sum(_won(o) for _, o in pairs)
        only_new = sum(_won(r) and not _won(o) for r, o in pairs)
        only_old = sum(_won(o) and not _won(r) for r, o in pairs)
        lines.append(f"| {scen} | {len(pairs)} | {new_wins} | {old_wins} | {only_new} | "
                     f"{only_old} | {sign_test(only_new, only_old):.2f} |")
    return lines


def print_table(summary: dict, bot: str) -> None:
    print(f"| scenario | games | {bot} wins | 95% CI | equal share | no winner | turns | CPU s a game |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for scen, s in summary.items():
        print(f"| {scen} | {s['games']} | {s['wins']} ({s['win_rate']:.1%}) | "
              f"{s['ci'][0]:.1%}–{s['ci'][1]:.1%} | {s['equal_share']:.0%} | {s['no_winner']} | "
              f"{s['mean_turns']:.0f} | {s['cpu_per_game']:.1f} |")
    for scen, s in summary.items():
        names = list(s["uses"])
        keys = sorted({k for u in s["uses"].values() for k in u})
        if not keys:
            continue
        print(f"\n{scen}: uses per game and seat")
        print("| what | " + " | ".join(names) + " |")
        print("| --- |" + " --- |" * len(names))
        for k in keys:
            print(f"| {k} | " + " | ".join(f"{s['uses'][b].get(k, 0.0):.2f}" for b in names) + " |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenarios", nargs="*", help="files (default: every shipped scenario)")
    ap.add_argument("--games", type=int, default=100, help="games per scenario")
    ap.add_argument("--bot", default="mcts", help="the bot measured (a spec)")
    ap.add_argument("--rivals", default="greedy", help="the bot in the other seats (a spec)")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--skip", type=int, default=0, help="start at this game index")
    ap.add_argument("--no-hints", action="store_true", help="take the bots' hints out")
    ap.add_argument("--log", help="append one JSON line per game to this file")
    ap.add_argument("--summarize", metavar="LOG", help="print the table of a log and stop")
    ap.add_argument("--paired", metavar="LOG", help="with --summarize: compare game by game "
                    "with this log of the same seeds")
    args = ap.parse_args(argv)
    if args.summarize:
        rows = [json.loads(x) for x in Path(args.summarize).read_text().splitlines() if x.strip()]
        bot = rows[0]["bot"] if rows else args.bot
        print_table(summarize(rows, bot), bot)
        if args.paired:
            old = [json.loads(x) for x in Path(args.paired).read_text().splitlines() if x.strip()]
            print("\n" + "\n".join(paired(rows, old)))
        return 0
    paths = args.scenarios or [str(REPO / "scenarios" / f"{s}.catan") for s in SHIPPED]
    rows = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    for path in paths:
        ir, report = api.compile_file(path)
        if ir is None:
            raise SystemExit(report.render_text())
        if args.no_hints:
            ir = without_hints(ir)
        game = Game(ir, num_players=ir["players"]["default"])
        bots = [args.bot] + [args.rivals] * (game.n_real - 1)
        for i in range(args.skip, args.games):
            row = {"scenario": Path(path).stem, "bot": args.bot, "hints": not args.no_hints,
                   "seed": args.seed, **play_one(game, bots, args.seed, i)}
            rows.append(row)
            if log is not None:
                log.write(json.dumps(row, sort_keys=True) + "\n")
                log.flush()
    if log is not None:
        log.close()
    print_table(summarize(rows, args.bot), args.bot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

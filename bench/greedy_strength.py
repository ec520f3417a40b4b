"""Is the greedy bot as strong as a variant of itself? It plays N games of a scenario against a
greedy bot with other settings (--other: GreedyBot class attributes, e.g. own_decisions=2, the
number of its own follow-up prompts it looks through, which otherwise comes from the scenario's
`param bot_look_ahead` or is 3; look_past_turn=1, the bot before 2026-12-03; look_through_end=1
or after_chance=3, the bot before two changes of 2026-12-04), half the seats each (one each with
--players 2), seats alternating, and prints its win share with a 95% Wilson interval, and both
bots' speed.

    python bench/greedy_strength.py --other look_past_turn=1 --games 400     # base, ~2 minutes
    python bench/greedy_strength.py scenarios/traders_barbarians.catan --other own_decisions=3
    python bench/greedy_strength.py scenarios/base.catan --with event_cards --other own_decisions=2
    python bench/greedy_strength.py --with catan_for_two --players 2 --other after_chance=3

Each game's seed is derived from --seed and its index, so a run can be repeated exactly.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from catan_dsl import api  # noqa: E402
from catan_dsl.bots import BOTS, GreedyBot  # noqa: E402
from catan_dsl.engine import Game  # noqa: E402
from catan_dsl.play.playtest import play_game, wilson_interval  # noqa: E402


def variant(settings: str) -> type:
    """A GreedyBot subclass with the class attributes ``settings`` ("name=int,name=int") set."""
    attrs = {}
    for item in filter(None, settings.split(",")):
        name, _, value = item.partition("=")
        if not hasattr(GreedyBot, name):
            raise SystemExit(f"GreedyBot has no setting {name!r}")
        attrs[name] = int(value)
    return type("OtherGreedy", (GreedyBot,), attrs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario", nargs="?", default=str(REPO / "scenarios" / "base.catan"))
    ap.add_argument("--with", dest="with_", default="", help="variants, comma-separated")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--other", default="own_decisions=2",
                    help="the other bot's settings, e.g. own_decisions=2 or look_past_turn=1")
    ap.add_argument("--players", type=int, choices=(2, 4), default=4,
                    help="seats: half play each bot (2: Catan for Two)")
    ap.add_argument("--speed-games", type=int, default=10,
                    help="all-greedy games per bot for the speed line (0: none)")
    args = ap.parse_args(argv)
    BOTS["greedy_other"] = variant(args.other)
    with_ = tuple(v for v in args.with_.split(",") if v)
    ir, report = api.compile_file(args.scenario, with_=with_)
    if ir is None:
        raise SystemExit(report.render_text())
    game = Game(ir, num_players=args.players)
    pairs = args.players // 2
    wins = {"greedy": 0, "greedy_other": 0, None: 0}
    for i in range(args.games):
        seats = (["greedy", "greedy_other"] if i % 2 == 0 else ["greedy_other", "greedy"]) * pairs
        r = play_game(game, seats, args.seed * 1_000_003 + i)
        wins[seats[r.winner] if r.winner is not None else None] += 1
    decided = wins["greedy"] + wins["greedy_other"]
    lo, hi = wilson_interval(wins["greedy"], decided)
    print(f"{Path(args.scenario).name}{' with ' + args.with_ if with_ else ''}: {args.games} "
          f"games, {decided} won: greedy {wins['greedy']} ({wins['greedy'] / max(1, decided):.1%}"
          f", 95% CI {lo:.1%}-{hi:.1%}), other {wins['greedy_other']}, no winner "
          f"{wins[None]} (other: {args.other})")
    if args.speed_games:
        cpu = {}
        for name in ("greedy", "greedy_other"):
            t = time.process_time()
            for i in range(args.speed_games):
                play_game(game, [name] * args.players, 500 + i)
            cpu[name] = time.process_time() - t
        print(f"all-greedy games per CPU s: greedy {args.speed_games / cpu['greedy']:.2f}, "
              f"other {args.speed_games / cpu['greedy_other']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

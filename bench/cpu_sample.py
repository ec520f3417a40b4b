"""Seeded random games in-process → where their CPU time goes, sampled on CPU time (not wall).

A SIGPROF timer fires every INTERVAL seconds of the process's own CPU time and records the
Python stack, so a run on a loaded machine gives the same shares as on a quiet one (cProfile's
wall clock counts the time another process held the core, and its per-call overhead swells
small functions). Each function is listed with the share of samples it was on the stack
(``incl``) and on top of it (``self``); the kernel delivers the timer at its tick (~4 ms here),
so 30 T&B games give ~900 samples, a share within ~1.5 points:

    python bench/cpu_sample.py scenarios/traders_barbarians.catan --games 30
"""

from __future__ import annotations

import argparse
import collections
import signal

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.play.playtest import games_heap, play_game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1000, help="games use seeds SEED, SEED+1, …")
    ap.add_argument("--top", type=int, default=40, help="functions listed")
    ap.add_argument("--interval", type=float, default=0.0003, help="CPU seconds between samples")
    args = ap.parse_args()
    ir, report = compile_file(args.scenario)
    if ir is None:
        raise SystemExit(report.render_text())
    game = Game(ir, num_players=args.players)
    play_game(game, ["random"] * args.players, args.seed - 1)    # generated code compiled first
    incl: collections.Counter = collections.Counter()
    own: collections.Counter = collections.Counter()
    total = 0

    def sample(signum, frame) -> None:
        nonlocal total
        total += 1
        seen = set()
        top = True
        while frame is not None:
            code = frame.f_code
            key = f"{code.co_filename.split('catan_dsl/')[-1]}:{code.co_name}"
            if top:
                own[key] += 1
                top = False
            if key not in seen:
                incl[key] += 1
                seen.add(key)
            frame = frame.f_back

    signal.signal(signal.SIGPROF, sample)
    signal.setitimer(signal.ITIMER_PROF, args.interval, args.interval)
    with games_heap():
        for i in range(args.games):
            play_game(game, ["random"] * args.players, args.seed + i)
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    print(f"{total} samples")
    for key, n in incl.most_common(args.top):
        print(f"{100 * n / total:5.1f}% incl {100 * own[key] / total:5.1f}% self  {key}")


if __name__ == "__main__":
    main()

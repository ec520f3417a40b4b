"""Seeded random games in-process → the share of their CPU time spent inside chosen functions.

A share of one run does not move with the machine's drift (which on a shared 2-core VM moves
a whole run by 20%), so it tells whether a change to one function paid off; run it before
and after, alternating, e.g.

    python bench/share.py scenarios/fishermen.catan catan_dsl.engine.rules.effects:qualifying
    python bench/share.py scenarios/base.catan --with catan_for_two --players 2 \\
        catan_dsl.engine.rules.runtime:RulesRuntime.produce catan_dsl.engine.state:State._after

A target is ``module:function`` or ``module:Class.method``, looked up where it is called from
(a function imported by name into another module is wrapped in that module). The wrapper's own
cost (~0.3 µs a call) is in the figures; nested targets each count their own time.
"""

from __future__ import annotations

import argparse
import importlib
import time

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.play.playtest import play_game


def _wrap(target: str, totals: dict) -> None:
    module, _, attr = target.partition(":")
    holder = importlib.import_module(module)
    if "." in attr:
        cls, attr = attr.split(".", 1)
        holder = getattr(holder, cls)
    original = getattr(holder, attr)
    acc = totals[target] = [0.0, 0]
    clock = time.perf_counter

    def timed(*args, **kwargs):
        start = clock()
        got = original(*args, **kwargs)
        acc[0] += clock() - start
        acc[1] += 1
        return got
    setattr(holder, attr, timed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("targets", nargs="+", help="module:function or module:Class.method")
    ap.add_argument("--with", dest="with_", default="", help="variants, comma-separated")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1000, help="games use seeds SEED, SEED+1, …")
    args = ap.parse_args()
    ir, report = compile_file(args.scenario, with_=tuple(w for w in args.with_.split(",") if w))
    if ir is None:
        raise SystemExit(report.render_text())
    game = Game(ir, num_players=args.players)
    totals: dict[str, list] = {}
    for target in args.targets:
        _wrap(target, totals)
    start = time.process_time()
    for i in range(args.games):
        play_game(game, ["random"] * args.players, args.seed + i)
    cpu = time.process_time() - start
    print(f"{args.games} games, {cpu:.2f} CPU s ({1000 * cpu / args.games:.1f} ms a game)")
    for target, (spent, calls) in totals.items():
        print(f"{100 * spent / cpu:5.1f}%  {1000 * spent / args.games:7.2f} ms/game  "
              f"{calls / args.games:8.0f} calls/game  {1e6 * spent / max(calls, 1):7.2f} µs/call  "
              f"{target}")


if __name__ == "__main__":
    main()

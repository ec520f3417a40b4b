"""One scenario, seeded random games in-process → CPU µs a decision, one number on stdout.

For pairs of commits run at the same time (each a copy of the tree first on PYTHONPATH),
which meet the same load where two runs one after the other drift apart by 5-10%:

    PYTHONPATH=OLD python bench/cpu_per_decision.py ROW --games 6 --seed 1100 &
    PYTHONPATH=NEW python bench/cpu_per_decision.py ROW --games 6 --seed 1100 & wait

Or counting instructions, which the load does not move (``--warmup`` plays seed SEED-1 first,
so the generated code is compiled before the games counted; subtract the run with no games):

    valgrind --tool=cachegrind --cache-sim=no python bench/cpu_per_decision.py ROW --games 3 --warmup
    valgrind --tool=cachegrind --cache-sim=no python bench/cpu_per_decision.py ROW --games 0 --warmup
"""

from __future__ import annotations

import argparse
import time

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.play.playtest import games_heap, play_game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1000, help="games use seeds SEED, SEED+1, …")
    ap.add_argument("--warmup", action="store_true", help="play seed SEED-1 first, not counted")
    args = ap.parse_args()
    ir, report = compile_file(args.scenario)
    if ir is None:
        raise SystemExit(report.render_text())
    game = Game(ir, num_players=args.players)
    if args.warmup:
        play_game(game, ["random"] * args.players, args.seed - 1)
    decisions = 0
    with games_heap():
        start = time.process_time()
        for i in range(args.games):
            decisions += play_game(game, ["random"] * args.players, args.seed + i).decisions
        spent = time.process_time() - start
    print(f"{1e6 * spent / decisions:.1f}" if decisions else "no games")


if __name__ == "__main__":
    main()

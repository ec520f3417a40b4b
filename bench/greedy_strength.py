"""Is the greedy bot still as strong? It plays N base games against the previous greedy bot
(the one that also averaged the next player's roll after ending its turn), two seats each,
seats alternating, and prints its win share with a 95% Wilson interval, and both bots' speed.

    python bench/greedy_strength.py --games 400      # ~3 minutes on one core
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


class PreviousGreedy(GreedyBot):
    look_past_turn = True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    BOTS["greedy_previous"] = PreviousGreedy
    ir = api.load_ir(str(REPO / "scenarios" / "base.catan"))
    game = Game(ir, num_players=4)
    wins = {"greedy": 0, "greedy_previous": 0, None: 0}
    cpu = {"greedy": 0.0, "greedy_previous": 0.0}
    for i in range(args.games):
        seats = ["greedy", "greedy_previous"] * 2 if i % 2 == 0 else ["greedy_previous", "greedy"] * 2
        r = play_game(game, seats, args.seed * 1_000_003 + i)
        wins[seats[r.winner] if r.winner is not None else None] += 1
    decided = wins["greedy"] + wins["greedy_previous"]
    lo, hi = wilson_interval(wins["greedy"], decided)
    print(f"{args.games} games, {decided} won: new greedy {wins['greedy']} "
          f"({wins['greedy'] / max(1, decided):.1%}, 95% CI {lo:.1%}-{hi:.1%}), previous "
          f"{wins['greedy_previous']}, no winner {wins[None]}")
    for name in ("greedy", "greedy_previous"):
        t = time.process_time()
        for i in range(10):
            play_game(game, [name] * 4, 500 + i)
        cpu[name] = time.process_time() - t
    print(f"all-greedy base games per CPU s: new {10 / cpu['greedy']:.2f}, "
          f"previous {10 / cpu['greedy_previous']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

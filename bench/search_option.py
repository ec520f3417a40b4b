"""Where the greedy bot plays an action, what does the search play instead, and why? At the
decisions of seeded all-greedy games where the greedy bot's move is the named action (a
scenario's own: `do buy_card`), the search's move, and that action's visits and mean leaf value
at its root against the move it chose.

    python bench/search_option.py scenarios/barbarian_attack.catan --action "do buy_card" --no-hints
    python bench/search_option.py scenarios/barbarian_attack.catan --action "do buy_card" --no-hints --bot mcts:playouts=160:ends=0

A game screen counts how often each bot uses an action; this asks the search at the greedy bot's
own uses: an action tried once and dropped lost on its first scenes' values, one never tried was
ranked too low by the prior to be opened (progressive widening).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from catan_dsl import api  # noqa: E402
from catan_dsl.bots import make_bot  # noqa: E402
from catan_dsl.bots.hints import without_hints  # noqa: E402
from catan_dsl.engine import CHANCE, Game  # noqa: E402

MAX_TURNS = 300


def greedy_uses(game: Game, action: str, count: int, seed: int, after: int):
    """(seed, state, the action) at each decision of seeded all-greedy games (seeds from
    ``seed`` on) past turn ``after`` where the greedy bot plays ``action`` (its text)."""
    while count > 0:
        rng = random.Random(seed)
        s = game.new_initial_state(seed=seed)
        bot = make_bot("greedy")
        while not s.is_terminal() and s.turn < MAX_TURNS and count > 0:
            if s.current_player() == CHANCE:
                s.apply_action(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            a = legal[0] if len(legal) == 1 else bot.choose(s, legal, rng)
            if len(legal) > 1 and s.turn > after and str(a) == action:
                count -= 1
                yield seed, s.clone(), a
            s.apply_action(a)
        seed += 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("--action", required=True, help='the move as printed, e.g. "do buy_card"')
    ap.add_argument("--bot", default="mcts:playouts=160")
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--seed", type=int, default=2000)
    ap.add_argument("--after", type=int, default=8, help="only decisions past this turn")
    ap.add_argument("--no-hints", action="store_true", help="take the bots' hints out")
    args = ap.parse_args()
    ir, report = api.compile_file(args.scenario)
    if ir is None:
        raise SystemExit(report.render_text())
    if args.no_hints:
        ir = without_hints(ir)
    game = Game(ir, num_players=ir["players"]["default"])
    same = tried = 0
    share = gap = 0.0
    for seed, s, a in greedy_uses(game, args.action, args.positions, args.seed, args.after):
        bot = make_bot(args.bot)
        move = bot.choose(s, s.legal_actions(), random.Random(seed))
        root = bot.last_root
        i = next(j for j, x in enumerate(root.actions) if x is a)
        c = root.choice()
        n = bot.last_playouts

        def mean(j: int) -> float:
            return root.totals[j] / root.visits[j] if root.visits[j] else math.nan
        same += move is a
        share += root.visits[i] / max(1, n)
        if root.visits[i]:
            tried += 1
            gap += mean(c) - mean(i)
        print(f"seed {seed} turn {s.turn}: search {move} ({root.visits[c]}/{n}, {mean(c):+.3f});"
              f" {args.action} {root.visits[i]}/{n}, {mean(i):+.3f}, prior rank {i}")
    k = args.positions
    print(f"{args.bot}: the search played {args.action} at {same} of {k} of the greedy bot's uses;"
          f" its share of the root's visits {share / k:.3f}; tried at {tried}, where the move"
          f" chosen was worth {gap / max(1, tried):+.3f} more (mean leaf value)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Where does the search gain and lose? At decisions of seeded all-greedy games, the search bot's
move against the greedy bot's, each followed by greedy play to the game's end on the same dice:
per kind of decision (bots/kinds.py), how often the search moves differently, and what that one
move is worth in games won by the seat that made it.

    python bench/search_decisions.py --positions 300 --rollouts 32              # mcts:playouts=40
    python bench/search_decisions.py --bot mcts:playouts=160 --positions 200
    python bench/search_decisions.py --bot mcts:playouts=40:offers=0 scenarios/base.catan

A game screen (bench/bot_strength.py) measures a whole game's worth of decisions at once, so on
100 games it cannot tell a few points; here each decision where the two bots part is valued
alone: from the position after each move, --rollouts games of four greedy bots (the k-th of
both moves on the same seed: common random numbers), the seat's wins after the search's move
minus its wins after the greedy bot's. The rollouts play the true position (nothing hidden):
what a move is worth if every seat plays greedy after it. The gain per decision of a kind is
the mean over all its decisions (0 where both bots agree), with its standard error over the
decisions where they part.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from catan_dsl import api  # noqa: E402
from catan_dsl.bots import make_bot  # noqa: E402
from catan_dsl.bots.kinds import decision_kind  # noqa: E402
from catan_dsl.engine import CHANCE, Game  # noqa: E402
from search_speed import positions  # noqa: E402  (a sibling script: the same sampled positions)

MAX_TURNS = 300


def greedy_win(s, seat: int, seed: int) -> float:
    """1 if ``seat`` wins the game from ``s`` with four greedy bots (seeded), 0 otherwise."""
    s = s.clone()
    rng = random.Random(seed)
    bot = make_bot("greedy")
    while not s.is_terminal() and s.turn < MAX_TURNS:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        s.apply_action(legal[0] if len(legal) == 1 else bot.choose(s, legal, rng))
    return 1.0 if s.is_terminal() and s.winner() == seat else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario", nargs="?", default=str(REPO / "scenarios" / "base.catan"))
    ap.add_argument("--bot", default="mcts:playouts=40", help="the search bot (a spec)")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--every", type=int, default=5, help="take every N-th decision")
    ap.add_argument("--rollouts", type=int, default=32, help="greedy games after each move")
    ap.add_argument("--seed", type=int, default=3000, help="first seed of the source games")
    ap.add_argument("--verbose", action="store_true", help="one line per differing decision")
    args = ap.parse_args(argv)
    ir, report = api.compile_file(args.scenario)
    if ir is None:
        raise SystemExit(report.render_text())
    game = Game(ir, num_players=ir["players"]["default"])
    states = positions(game, args.positions, args.every, args.seed)
    greedy, search = make_bot("greedy"), make_bot(args.bot)
    per_kind: dict[str, dict] = {}
    t = time.process_time()
    for n, s in enumerate(states):
        kind, seat, legal = decision_kind(s), s.current_player(), s.legal_actions()
        row = per_kind.setdefault(kind, {"decisions": 0, "gains": []})
        row["decisions"] += 1
        g = greedy.choose(s, legal, random.Random(n))
        m = search.choose(s, legal, random.Random(n))
        if m is g:
            continue
        after_g, after_m = s.clone(), s.clone()
        after_g.apply_action(g)
        after_m.apply_action(m)
        seeds = [n * 1000 + k for k in range(args.rollouts)]
        gain = sum(greedy_win(after_m, seat, k) - greedy_win(after_g, seat, k)
                   for k in seeds) / args.rollouts
        row["gains"].append(gain)
        if args.verbose:
            print(f"{kind:8} turn {s.turn:3} {g} -> {m}: {gain:+.3f}", flush=True)
    print(f"{args.bot} on {Path(args.scenario).stem}: {len(states)} decisions, "
          f"{args.rollouts} rollouts a move, {time.process_time() - t:.0f} CPU s\n")
    print("| kind | decisions | search moves differently | gain where it differs (± s.e.) "
          "| gain per decision of the kind |")
    print("| --- | --- | --- | --- | --- |")
    for kind, row in sorted(per_kind.items(), key=lambda kv: -kv[1]["decisions"]):
        gains, d = row["gains"], row["decisions"]
        if gains:
            mean = sum(gains) / len(gains)
            se = math.sqrt(sum((x - mean) ** 2 for x in gains) / (len(gains) - 1)
                           / len(gains)) if len(gains) > 1 else float("nan")
            where = f"{mean:+.3f} ± {se:.3f}"
        else:
            mean, where = 0.0, "—"
        print(f"| {kind} | {d} | {len(gains)} ({len(gains) / d:.0%}) | {where} | "
              f"{mean * len(gains) / d:+.4f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Seeded random games of a scenario and of the base game, in-process → where each game's time
goes by kind of decision, and how the speed ratio splits into game length × cost per decision.

The speed issue's ratio (scenario games per CPU second over base games per CPU second) is the
product of two factors this script prints apart: how many decisions a game takes (a rule that
makes games longer costs in proportion, however fast the engine) and what one decision costs.
Each step is timed from the end of the previous one, so a step's figure holds the listing of
its legal actions, the bot's choice and applying it; the games are the playtest's own (same
loop, same collector settings), e.g.

    python bench/by_decision.py scenarios/barbarian_attack.catan
    python bench/by_decision.py scenarios/base.catan --with event_cards --games 20
    python bench/by_decision.py scenarios/base.catan --with catan_for_two --players 2

A wall-clock timer is read once per step (~0.1 µs); the figures are best compared between
scenarios in one run, as the VM's drift moves whole runs.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from catan_dsl.api import compile_file
from catan_dsl.engine import CHANCE, Game
from catan_dsl.play.playtest import games_heap, play_game


def profile(path: str, with_: tuple[str, ...], players: int, games: int, seed: int) -> dict:
    """{"ms": per game, "decisions": per game, "turns": per game, "steps": {kind: [s, n]}}."""
    ir, report = compile_file(path, with_=with_)
    if ir is None:
        raise SystemExit(report.render_text())
    game = Game(ir, num_players=players)
    steps: dict[str, list] = defaultdict(lambda: [0.0, 0])
    clock = time.perf_counter
    last = [0.0]

    def observe(state, player, action) -> None:
        now = clock()
        kind = ("chance: " if player == CHANCE else "") + type(action).__name__
        acc = steps[kind]
        acc[0] += now - last[0]
        acc[1] += 1
        last[0] = now

    total = decisions = turns = 0
    with games_heap():
        for i in range(games):
            start = last[0] = clock()
            result = play_game(game, ["random"] * players, seed + i, observer=observe)
            total += clock() - start
            decisions += result.decisions
            turns += result.turns
    return {"ms": 1000 * total / games, "decisions": decisions / games, "turns": turns / games,
            "steps": dict(steps), "games": games}


def _table(name: str, got: dict, rows: int) -> None:
    games, total = got["games"], got["ms"] * got["games"] / 1000
    print(f"\n{name}: {got['ms']:.1f} ms a game, {got['decisions']:.0f} decisions and "
          f"{got['turns']:.0f} turns a game, {1000 * got['ms'] / got['decisions']:.1f} µs a decision")
    print(f"  {'step':24s} {'share':>6s} {'a game':>9s} {'each':>9s}")
    ranked = sorted(got["steps"].items(), key=lambda kv: -kv[1][0])
    for kind, (spent, n) in ranked[:rows]:
        print(f"  {kind:24s} {100 * spent / total:5.1f}% {n / games:9.1f} {1e6 * spent / n:7.1f} µs")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("--with", dest="with_", default="", help="variants, comma-separated")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1000, help="games use seeds SEED, SEED+1, …")
    ap.add_argument("--base", default="scenarios/base.catan", help="what the ratio is taken against")
    ap.add_argument("--rows", type=int, default=12, help="step kinds shown per table")
    args = ap.parse_args()
    with_ = tuple(w for w in args.with_.split(",") if w)
    base = profile(args.base, (), args.players, args.games, args.seed)
    scen = profile(args.scenario, with_, args.players, args.games, args.seed)
    _table(args.base, base, args.rows)
    _table(args.scenario + (f" --with {args.with_}" if with_ else ""), scen, args.rows)
    length = base["decisions"] / scen["decisions"]
    cost = (base["ms"] / base["decisions"]) / (scen["ms"] / scen["decisions"])
    print(f"\nratio {base['ms'] / scen['ms']:.2f} = game length {length:.2f} "
          f"× cost per decision {cost:.2f}")


if __name__ == "__main__":
    main()

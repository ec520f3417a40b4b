"""Seeded random games of a scenario and of the base game, in-process → where each game's time
goes by kind of decision, and how the speed ratio splits into game length × cost per decision.

The speed issue's ratio (scenario games per CPU second over base games per CPU second) is the
product of two factors this script prints apart: how many decisions a game takes (a rule that
makes games longer costs in proportion, however fast the engine) and what one decision costs.
Its last line, the ceiling, is the ratio the scenario would reach if its rules cost nothing.
Each step is timed from the end of the previous one, so a step's figure holds the listing of
its legal actions, the bot's choice and applying it; the games are the playtest's own (same
loop, same collector settings), e.g.

    python bench/by_decision.py scenarios/barbarian_attack.catan
    python bench/by_decision.py scenarios/base.catan --with event_cards --games 20
    python bench/by_decision.py scenarios/base.catan --with catan_for_two --players 2

A wall-clock timer is read once per step (~0.1 µs). Base and scenario games alternate, game
by game, so the VM's drift moves both sides alike; the game-length factor is exact (it counts
decisions), the cost factor good to a few hundredths.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from catan_dsl.api import compile_file
from catan_dsl.engine import CHANCE, Game
from catan_dsl.play.playtest import games_heap, play_game


class Profile:
    """One scenario's games, timed step by step (see the module docstring)."""

    def __init__(self, path: str, with_: tuple[str, ...], players: int) -> None:
        ir, report = compile_file(path, with_=with_)
        if ir is None:
            raise SystemExit(report.render_text())
        self.game, self.players = Game(ir, num_players=players), players
        self.steps: dict[str, list] = defaultdict(lambda: [0.0, 0])
        self.seconds = 0.0
        self.games = self.decisions = self.turns = 0
        self._last = 0.0

    def _observe(self, state, player, action) -> None:
        now = time.perf_counter()
        kind = ("chance: " if player == CHANCE else "") + type(action).__name__
        acc = self.steps[kind]
        acc[0] += now - self._last
        acc[1] += 1
        self._last = now

    def play(self, seed: int) -> None:
        start = self._last = time.perf_counter()
        result = play_game(self.game, ["random"] * self.players, seed, observer=self._observe)
        self.seconds += time.perf_counter() - start
        self.games += 1
        self.decisions += result.decisions
        self.turns += result.turns

    @property
    def ms(self) -> float:
        return 1000 * self.seconds / self.games


def _table(name: str, got: Profile, rows: int) -> None:
    games = got.games
    print(f"\n{name}: {got.ms:.1f} ms a game, {got.decisions / games:.0f} decisions and "
          f"{got.turns / games:.0f} turns a game, {1e6 * got.seconds / got.decisions:.1f} µs a "
          f"decision")
    print(f"  {'step':24s} {'share':>6s} {'a game':>9s} {'each':>9s}")
    ranked = sorted(got.steps.items(), key=lambda kv: -kv[1][0])
    for kind, (spent, n) in ranked[:rows]:
        print(f"  {kind:24s} {100 * spent / got.seconds:5.1f}% {n / games:9.1f} "
              f"{1e6 * spent / n:7.1f} µs")


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
    base = Profile(args.base, (), args.players)
    scen = Profile(args.scenario, with_, args.players)
    # Game by game, alternating: the VM's drift then moves both sides alike.
    with games_heap():
        for i in range(args.games):
            base.play(args.seed + i)
            scen.play(args.seed + i)
    _table(args.base, base, args.rows)
    _table(args.scenario + (f" --with {args.with_}" if with_ else ""), scen, args.rows)
    length = base.decisions / scen.decisions
    cost = (base.seconds / base.decisions) / (scen.seconds / scen.decisions)
    print(f"\nratio {base.seconds / scen.seconds:.2f} = game length {length:.2f} "
          f"× cost per decision {cost:.2f}")
    print(f"ceiling {_ceiling(base, scen):.2f}: the ratio if the scenario's rules cost nothing "
          f"(each step at its kind's base-game cost)")


def _ceiling(base: Profile, scen: Profile) -> float:
    """The ratio if the rules cost nothing: every scenario step at what a step of its kind costs
    in the base game; a kind the base game never takes (a rule's choice or action, a card
    drawn instead of a roll) at the base game's cheapest kind. So it overestimates: no engine
    speed-up of the rules alone can take the ratio above it, since the base game's steps would
    not get cheaper."""
    each = {kind: spent / n for kind, (spent, n) in base.steps.items()}
    cheapest = min(each.values())
    ideal = sum(n * each.get(kind, cheapest) for kind, (_, n) in scen.steps.items())
    return (base.seconds / base.games) / (ideal / scen.games)


if __name__ == "__main__":
    main()

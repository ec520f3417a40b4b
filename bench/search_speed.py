"""How fast does the search bot search? Playouts per CPU second of `mcts` at the decisions of
seeded all-greedy games (the same positions for every run), per scenario, and where the time
goes when --profile is given.

    python bench/search_speed.py                               # base, Barbarian Attack, T&B
    python bench/search_speed.py scenarios/base.catan --positions 40 --playouts 100
    python bench/search_speed.py scenarios/base.catan --profile | head -40
    python bench/search_speed.py seafarers:new_shores             # a scenario of a pack
    python bench/search_speed.py scenarios/base.catan --bot mcts:fitted=1   # a setting of the bot
    python bench/search_speed.py scenarios/traders_barbarians.catan --no-hints  # hints taken out

Positions: every 7th decision of a seat with two or more options, in games played by four greedy
bots (seeds 1000, 1001, ...), until --positions are collected. At each, one `mcts` decision with
--playouts playouts is timed in CPU time (`time.process_time`), so other load on the machine
does not count. The figure is playouts / CPU seconds over all positions, and the CPU time of a
decision at the default budget follows from it (bots/mcts.py THINK_MS is a time, not a count).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from catan_dsl import api  # noqa: E402
from catan_dsl.bots import make_bot, with_settings  # noqa: E402
from catan_dsl.bots.hints import without_hints  # noqa: E402
from catan_dsl.engine import CHANCE, Game  # noqa: E402

DEFAULT = ("scenarios/base.catan", "scenarios/barbarian_attack.catan",
           "scenarios/traders_barbarians.catan")


def positions(game: Game, count: int, every: int = 7, seed: int = 1000) -> list:
    """Every ``every``-th state where a seat chooses among two or more options, from seeded
    all-greedy games (seeds from ``seed`` on, each to turn 300 at most)."""
    out = []
    while len(out) < count:
        rng = random.Random(seed)
        s = game.new_initial_state(seed=seed)
        bot = make_bot("greedy")
        k = 0
        while not s.is_terminal() and s.turn < 300 and len(out) < count:
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            if len(legal) > 1:
                k += 1
                if k % every == 0:
                    out.append(s.clone())
            s.apply_action(legal[0] if len(legal) == 1 else bot.choose(s, legal, rng))
        seed += 1
    return out


def measure(path: str, count: int, playouts: int, profile: bool, spec: str = "mcts",
            hints: bool = True) -> tuple[float, float]:
    """(playouts per CPU second, CPU ms per decision) of ``spec`` with `playouts=N` at ``count``
    positions of ``path`` (a decision that settles early runs fewer playouts); ``hints``
    False: the scenario's bot hints taken out, as `bot_strength.py --no-hints` does."""
    ir, report = api.compile_file(path)
    if ir is None:
        raise SystemExit(report.render_text())
    if not hints:
        ir = without_hints(ir)
    game = Game(ir, num_players=ir.get("players", {}).get("default", 4))
    states = positions(game, count)
    bot = make_bot(with_settings(spec, playouts=playouts))
    prof = cProfile.Profile() if profile else None
    t = time.process_time()
    if prof is not None:
        prof.enable()
    done = 0
    for i, s in enumerate(states):
        bot.choose(s, s.legal_actions(), random.Random(i))
        done += bot.last_playouts          # fewer than asked when the decision settled early
    if prof is not None:
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
    cpu = time.process_time() - t
    return done / cpu, 1000 * cpu / len(states)


def _located(path: str) -> str:
    """A file named relative to the repository, an absolute one, or ``PACK:SCENARIO`` as given."""
    if ":" in path and not Path(path).exists():
        return path
    return path if Path(path).is_absolute() else str(REPO / path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenarios", nargs="*", default=list(DEFAULT))
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--playouts", type=int, default=100)
    ap.add_argument("--profile", action="store_true", help="print a cProfile of the searches")
    ap.add_argument("--bot", default="mcts", help="the search bot's spec (its settings)")
    ap.add_argument("--no-hints", action="store_true", help="take the scenario's bot hints out")
    args = ap.parse_args(argv)
    print(f"| scenario | playouts per CPU s | CPU ms per decision at {args.playouts} playouts |")
    print("| --- | --- | --- |")
    for path in args.scenarios:
        rate, ms = measure(_located(path), args.positions, args.playouts, args.profile, args.bot,
                            not args.no_hints)
        print(f"| {Path(path).stem} | {rate:.0f} | {ms:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The long invariant soak (issue 18 item 10): every shipped scenario alone and with each
variant, N seeded random-bot games each, every invariant of catan_dsl/engine/invariants.py
checked after every action; prints one line per combination and the findings.

    python bench/soak.py --games 100        # ~15 minutes on one core
    python bench/soak.py --games 20 --bots greedy
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from catan_dsl.api import compile_file  # noqa: E402
from catan_dsl.play.soak import soak  # noqa: E402

SCENARIOS = ("base", "fishermen", "rivers", "caravans")
VARIANTS = (None, "tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per combination")
    ap.add_argument("--bots", default="random", choices=("random", "greedy"))
    ap.add_argument("--every", type=int, default=1, help="check after every N-th action")
    ap.add_argument("--first-seed", type=int, default=1000)
    args = ap.parse_args()
    total_games = total_actions = 0
    findings = []
    start = time.process_time()
    print(f"{'combination':34} {'games':>6} {'actions':>10} {'CPU s':>7} findings")
    for scenario in SCENARIOS:
        for variant in VARIANTS:
            ir, report = compile_file(str(REPO / "scenarios" / f"{scenario}.catan"),
                                      with_=(variant,) if variant else ())
            if ir is None:
                print(report.render_text())
                return 1
            t0 = time.process_time()
            seeds = range(args.first_seed, args.first_seed + args.games)
            r = soak(ir, seeds, players=2 if variant == "catan_for_two" else 4, bots=args.bots,
                     every=args.every)
            name = scenario + (f" + {variant}" if variant else "")
            print(f"{name:34} {r.games:6} {r.actions:10,} {time.process_time() - t0:7.1f} "
                  f"{len(r.findings)}", flush=True)
            total_games += r.games
            total_actions += r.actions
            findings += [(name, f) for f in r.findings]
    print(f"{'total':34} {total_games:6} {total_actions:10,} {time.process_time() - start:7.1f} "
          f"{len(findings)}")
    for name, f in findings:
        print(f"{name}: game seed {f.seed}, step {f.step} ({f.action}): {f.message}")
    return 1 if findings else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The long invariant soak (issue 18 item 10, issue 38): every shipped scenario file (the
combinations too) alone and with each shipped variant, N seeded bot games each, every invariant
of catan_dsl/engine/invariants.py checked after every action; one line per combination, then
the findings by kind.

    python bench/soak.py --games 2                  # every file, ~12 CPU minutes
    python bench/soak.py --games 10 --only barbarian
    python bench/soak.py --games 20 --bots greedy --only base

A combination the checker refuses (variants that cannot go together) is listed as skipped, with
the reason, not counted as a finding. Exit 1 when anything is found.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from catan_dsl.api import compile_file  # noqa: E402
from catan_dsl.play.soak import soak  # noqa: E402

SHIPPED = REPO / "scenarios"


def shipped() -> tuple[list[Path], list[str]]:
    """The shipped scenario files (combinations included) and the variants' names, by the
    word that heads each file."""
    scenarios, variants = [], []
    for path in sorted(SHIPPED.rglob("*.catan")):
        head = re.search(r"^\s*(scenario|variant)\s+(\w+)", path.read_text(encoding="utf-8"), re.M)
        if head is None:
            continue
        if head.group(1) == "variant":
            variants.append(path.stem)
        else:
            scenarios.append(path)
    return scenarios, variants


def kind_of(message: str) -> str:
    """A finding's kind: its message with the numbers and quoted names taken out."""
    return re.sub(r"'[^']*'", "'…'", re.sub(r"-?\d+", "N", message))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2, help="games per combination")
    ap.add_argument("--bots", default="random", choices=("random", "greedy"))
    ap.add_argument("--every", type=int, default=1, help="check after every N-th action")
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--max-turns", type=int, default=400, help="turns before a game is cut off")
    ap.add_argument("--only", default="", help="only combinations whose name holds this text")
    args = ap.parse_args()
    scenarios, variants = shipped()
    total_games = total_actions = 0
    findings = []
    skipped = []
    start = time.process_time()
    print(f"{'combination':66} {'games':>6} {'actions':>10} {'CPU s':>7} findings", flush=True)
    for path in scenarios:
        for variant in (None, *variants):
            name = str(path.relative_to(SHIPPED).with_suffix("")) + (f" + {variant}" if variant else "")
            if args.only not in name:
                continue
            ir, report = compile_file(str(path), with_=(variant,) if variant else ())
            if ir is None:
                skipped.append((name, report.errors[0].message if report.errors else "refused"))
                continue
            t0 = time.process_time()
            seeds = range(args.first_seed, args.first_seed + args.games)
            r = soak(ir, seeds, players=2 if variant == "catan_for_two" else None, bots=args.bots,
                     every=args.every, max_turns=args.max_turns)
            print(f"{name:66} {r.games:6} {r.actions:10,} {time.process_time() - t0:7.1f} "
                  f"{len(r.findings)}", flush=True)
            total_games += r.games
            total_actions += r.actions
            findings += [(name, f) for f in r.findings]
    print(f"{'total':66} {total_games:6} {total_actions:10,} {time.process_time() - start:7.1f} "
          f"{len(findings)}")
    for name, why in skipped:
        print(f"skipped {name}: {why}")
    by_kind = Counter(kind_of(f.message) for _, f in findings)
    for kind, n in by_kind.most_common():
        print(f"{n:5} × {kind}")
    for name, f in findings:
        print(f"{name}: game seed {f.seed}, step {f.step} ({f.action}): {f.message}")
    return 1 if findings else 0


if __name__ == "__main__":
    raise SystemExit(main())

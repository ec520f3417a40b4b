"""Every shipped scenario, variant and combination → a digest of its `playtest --json` statistics
with random and with greedy bots, one line each, so a speed change can show it changed nothing
but time (issue 42, item 5).

    python bench/fingerprint.py > /tmp/before.txt     # ~2 minutes on one core
    ... change the engine ...
    python bench/fingerprint.py | diff /tmp/before.txt -

Each line is `ROW BOTS DIGEST`: the SHA-256 (first 16 hex digits) of the JSON statistics of a
seeded `catan-dsl playtest` run in a child process, its timing block left out. The statistics
hold every seat's wins, VP by source, income by resource, cards, rule firings, turns and
decisions, averaged to nine places, so a game that took one other step changes the digest.
Rows are the shipped scenario files (the combinations and `scenarios/seafarers/` too, when it
exists), and the base game with each variant.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# Relative to REPO (the child's working folder): a game that ends by a rule's `end game` is
# counted under that rule's FILE:LINE as the command line gave it, and an absolute path would
# make the digest depend on where the checkout lives.
S = Path("scenarios")
CATAN = [sys.executable, "-c", "import sys; from catan_dsl.cli import main; sys.argv[0] = "
         "'catan-dsl'; main()"]
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")
TWO_SEATS = {"catan_for_two"}


def rows() -> list[tuple[str, list[str], int]]:
    """(label, playtest arguments, seats) for every row to fingerprint."""
    out = [("base", [str(S / "base.catan")], 4)]
    for v in VARIANTS:
        out.append((f"base+{v}", [str(S / "base.catan"), "--with", v], 2 if v in TWO_SEATS else 4))
    for path in sorted((REPO / S).glob("*.catan")):
        if path.stem not in VARIANTS and path.stem != "base":
            out.append((path.stem, [str(path.relative_to(REPO))], 4))
    for path in sorted((REPO / S / "combinations").glob("*.catan")):
        out.append((f"combinations/{path.stem}", [str(path.relative_to(REPO))], 4))
    for path in sorted((REPO / S / "seafarers").glob("**/*.catan")):     # the pack, once it is there
        if path.stem != "seafarers":         # the general rules its scenarios extend
            out.append((f"seafarers:{path.stem}", [str(path.relative_to(REPO))], 4))
    return out


def digest(args: list[str], seats: int, bot: str, games: int, seed: int) -> str:
    cmd = CATAN + ["playtest", *args, "--games", str(games), "--seed", str(seed), "--bots",
                   ",".join([bot] * seats), "--json", "--workers", "1"]
    if seats == 2:
        cmd += ["--players", "2"]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO,
                          env={k: v for k, v in os.environ.items()})
    if proc.returncode not in (0, 1):
        return "FAILED " + (proc.stderr.strip().splitlines() or ["?"])[-1][:120]
    stats = json.loads(proc.stdout)
    stats.pop("timing", None)
    return hashlib.sha256(json.dumps(stats, sort_keys=True).encode()).hexdigest()[:16]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6, help="random-bot games a row")
    ap.add_argument("--greedy-games", type=int, default=2, help="greedy games a row")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rows", help="comma-separated labels (default: every row)")
    a = ap.parse_args()
    only = set(a.rows.split(",")) if a.rows else None
    for label, args, seats in rows():
        if only is not None and label not in only:
            continue
        for bot, games in (("random", a.games), ("greedy", a.greedy_games)):
            print(f"{label} {bot} {digest(args, seats, bot, games, a.seed)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Two commits, one scenario → its speed ratio to the base game under each, measured in turn.

A change worth 1-3% is lost in this VM's drift between two runs of the speed table. A ratio is
not: `by_decision.py` plays the scenario's and the base game's games alternately in one
process. This script runs it under a checkout of each commit (a git worktree, put first on
PYTHONPATH), the commits taking turns, and prints each pair's ratios to three places:

    python bench/ab_ratio.py HEAD~1 HEAD scenarios/barbarian_attack.catan --pairs 3
    python bench/ab_ratio.py main WORKTREE scenarios/base.catan --with event_cards

WORKTREE stands for the files as they are now, uncommitted changes included. Each run plays
--games games a side (30); a pair takes 5-15 s for most scenarios.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LINE = re.compile(r": ([0-9.]+) ms a game")


def checkout(rev: str, into: Path) -> Path:
    """A worktree of ``rev`` under ``into`` (the repository itself for WORKTREE)."""
    if rev == "WORKTREE":
        return REPO
    where = into / re.sub(r"[^A-Za-z0-9_.-]", "_", rev)
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(where), rev],
                   check=True)
    return where


def ratio(tree: Path, args: list[str]) -> tuple[float, float, float]:
    """(ratio, base ms a game, scenario ms a game) from one by_decision run under ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, str(tree / "bench" / "by_decision.py"), *args],
                         cwd=tree, env=env, capture_output=True, text=True, check=True).stdout
    base, scenario = (float(m) for m in LINE.findall(out)[:2])
    return base / scenario, base, scenario


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("scenario")
    ap.add_argument("--with", dest="with_", action="append", default=[])
    ap.add_argument("--players", type=int)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--pairs", type=int, default=3)
    a = ap.parse_args()
    args = [a.scenario, "--games", str(a.games)]
    for v in a.with_:
        args += ["--with", v]
    if a.players:
        args += ["--players", str(a.players)]
    with tempfile.TemporaryDirectory() as tmp:
        trees = {rev: checkout(rev, Path(tmp)) for rev in (a.old, a.new)}
        try:
            got: dict[str, list[float]] = {a.old: [], a.new: []}
            for k in range(a.pairs):
                line = []
                for rev in (a.new, a.old) if k % 2 else (a.old, a.new):
                    r, b, sc = ratio(trees[rev], args)
                    got[rev].append(r)
                    line.append(f"{rev} {r:.3f} ({b:.1f}/{sc:.1f} ms)")
                print("   ".join(line), flush=True)
            for rev in (a.old, a.new):
                print(f"{rev}: best {max(got[rev]):.3f}, mean {sum(got[rev]) / len(got[rev]):.3f}")
        finally:
            for rev, tree in trees.items():
                if tree != REPO:
                    subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force",
                                    str(tree)], check=False)


if __name__ == "__main__":
    main()

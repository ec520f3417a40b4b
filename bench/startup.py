"""Start-up of `catan-dsl check scenarios/base.catan` under two commits, runs alternating.

The issue's figure (≤ 0.25 CPU s, best of 5) is a whole process, so this VM's drift between two
sessions hides a change of a few hundredths: the two commits take turns here, and `python -c
pass` is measured beside them (this sandbox's Python imports certifi at start-up, ~0.07 CPU s
no user pays), so each figure is printed raw and net of it:

    python bench/startup.py main HEAD --runs 6

Both commits are unpacked with `git archive` into temporary folders and run from there, so
neither is favoured by where its files lie. Each commit's parser cache is warmed by one run
first (its cache file is named by its own format).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed_table import CATAN, CHILD_ENV, REPO  # noqa: E402


def child_cpu(cmd: list[str], tree: Path) -> float:
    """CPU seconds (user + system) of ``cmd`` run in ``tree``: `python -c` puts the working
    folder first on sys.path, so the folder decides which commit's package is imported."""
    env = dict(CHILD_ENV, PYTHONPATH=str(tree))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tree)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} in {tree} failed: {proc.stderr.strip()[-400:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def unpack(rev: str, into: Path) -> Path:
    """The files of ``rev`` under ``into``, byte-compiled by their first run."""
    where = into / rev.replace("/", "_").replace("~", "_")
    where.mkdir()
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    return where


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--runs", type=int, default=6, help="runs of each, alternating")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {rev: unpack(rev, Path(tmp)) for rev in (a.old, a.new)}
        cmd = CATAN + ["check", "scenarios/base.catan"]
        bare = [sys.executable, "-c", "pass"]
        times: dict[str, list[float]] = {rev: [] for rev in trees}
        times["python -c pass"] = []
        for rev in trees:
            child_cpu(cmd, trees[rev])                            # warm its parser cache
        for _ in range(a.runs):
            for rev in trees:
                times[rev].append(child_cpu(cmd, trees[rev]))
            times["python -c pass"].append(child_cpu(bare, REPO))
    floor = min(times["python -c pass"])
    print(f"load average {os.getloadavg()[0]:.1f}; CPU s of `catan-dsl check "
          f"scenarios/base.catan`, {a.runs} runs each, alternating")
    for name, ts in times.items():
        net = "" if name == "python -c pass" else \
            f"   net of python -c pass: best {min(ts) - floor:.3f}"
        print(f"{name:>16}: best {min(ts):.3f}  median {statistics.median(ts):.3f}{net}")


if __name__ == "__main__":
    main()

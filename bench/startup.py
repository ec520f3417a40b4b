"""Start-up of `catan-dsl check scenarios/base.catan` under two commits, runs alternating.

The issue's figure (≤ 0.25 CPU s, best of 5) is a whole process, so this VM's drift between two
sessions hides a change of a few hundredths: the two commits take turns here, and `python -c
pass` is measured beside them (this sandbox's Python imports certifi at start-up, ~0.07 CPU s
no user pays), so each figure is printed raw and net of it:

    python bench/startup.py main HEAD --runs 6

Both commits are unpacked with `git archive` into temporary folders and run from there, so
neither is favoured by where its files lie. Each commit's parser cache is warmed by one run
first (its cache file is named by its own format).

`--phases` splits each commit's best and median by phase instead: Python's own start, the
imports of the CLI and `api`, loading the cached parser, the first parse, the rest of the
command, and the exit (what the process spent after the command returned), each the CPU time
between two marks the child takes itself.
"""

from __future__ import annotations

import argparse
import ast
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


# Run in the child instead of the plain command: marks the CPU time at each phase's end and
# prints the marks when the command has returned (the last exit handler to register runs first).
PHASES = r"""
import atexit, functools, resource, sys
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
marks = [("python", cpu())]
from catan_dsl.cli import main
import catan_dsl.api, catan_dsl.cli.frontend
from lark import Lark
from catan_dsl.syntax import parser as P
marks.append(("imports", cpu()))
atexit.register(lambda: sys.stderr.write("PHASES " + repr(marks + [("command", cpu())]) + "\n"))
build = P.get_parser.__wrapped__
def get_parser():
    parser = build()
    marks.append(("load parser", cpu()))
    return parser
P.get_parser = functools.lru_cache(maxsize=1)(get_parser)
parse = Lark.parse
def first_parse(self, *a, **k):
    tree = parse(self, *a, **k)
    if marks[-1][0] != "parse":
        marks.append(("parse", cpu()))
    return tree
Lark.parse = first_parse
sys.argv[0] = "catan-dsl"
main()
"""
PHASE_NAMES = ("python", "imports", "load parser", "parse", "command", "exit")


def child_phases(cmd: list[str], tree: Path) -> dict[str, float]:
    """CPU seconds of each phase of ``cmd`` (the `catan-dsl` arguments) run in ``tree``."""
    env = dict(CHILD_ENV, PYTHONPATH=str(tree))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([sys.executable, "-c", PHASES, *cmd], capture_output=True, text=True,
                          env=env, cwd=tree)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    line = next((x for x in proc.stderr.splitlines() if x.startswith("PHASES ")), None)
    if line is None:
        raise RuntimeError(f"no phases from {tree}: {proc.stderr.strip()[-400:]}")
    marks = ast.literal_eval(line[len("PHASES "):])
    out = {"python": marks[0][1]}
    out.update({name: t1 - t0 for (_, t0), (name, t1) in zip(marks, marks[1:])})
    out["exit"] = total - marks[-1][1]
    out["total"] = total
    return out


def unpack(rev: str, into: Path, slot: int) -> Path:
    """The files of ``rev`` under ``into`` (in folder ``slot``, so one commit can be unpacked
    twice: ``HEAD HEAD`` measures the noise), byte-compiled by their first run."""
    where = into / f"{slot}_{rev.replace('/', '_').replace('~', '_')}"
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
    ap.add_argument("--phases", action="store_true", help="each commit's time by phase")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        labels = [a.old, a.new if a.new != a.old else f"{a.new} (again)"]
        trees = {label: unpack(rev, Path(tmp), slot)
                 for slot, (label, rev) in enumerate(zip(labels, (a.old, a.new)))}
        if a.phases:
            print_phases(trees, a.runs)
            return
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


def print_phases(trees: dict[str, Path], runs: int) -> None:
    args = ["check", "scenarios/base.catan"]
    for tree in trees.values():
        child_phases(args, tree)                              # warm its parser cache
    rows: dict[str, list[dict[str, float]]] = {rev: [] for rev in trees}
    for _ in range(runs):
        for rev, tree in trees.items():
            rows[rev].append(child_phases(args, tree))
    print(f"load average {os.getloadavg()[0]:.1f}; CPU s of each phase of `catan-dsl check "
          f"scenarios/base.catan`, {runs} runs each, alternating: best (median)")
    print(f"{'':>12}" + "".join(f"{rev:>18}" for rev in trees))
    for name in (*PHASE_NAMES, "total"):
        cells = "".join(f"{min(r[name] for r in rs):>10.3f} "
                        f"({statistics.median(r[name] for r in rs):.3f})" for rs in rows.values())
        print(f"{name:>12}{cells}")


if __name__ == "__main__":
    main()

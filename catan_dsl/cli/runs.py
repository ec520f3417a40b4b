"""Run options (--workers, --backend, --scheduler) + an IR → a playtest summary, with a progress
bar on a terminal and Ctrl-C turned into a partial summary (playtest, compare and sweep)."""

from __future__ import annotations

import os
import sys
import time
from typing import Any, Callable

import click

from catan_dsl.cli.common import fail

EXIT_INTERRUPTED = 130   # the shell's code for a run stopped by Ctrl-C (128 + SIGINT)

# Every game's result is kept for the summary (a few KB each) and a pool's chunks are listed up
# front: a million games is days of play already, and --games 10**12 filled the memory.
MAX_GAMES = 1_000_000


def games_option(help_text: str) -> Callable:
    """--games: 1 to MAX_GAMES (playtest, compare, sweep)."""
    return click.option("--games", type=click.IntRange(min=1, max=MAX_GAMES), required=True,
                        help=help_text)


class _Workers(click.ParamType):
    """A number of processes (1 or more), or "auto": this machine's CPUs, used only once a run
    looks long enough to repay starting them (playtest.POOL_AFTER)."""

    name = "N|auto"

    def convert(self, value: Any, param: Any, ctx: Any) -> int | None:
        if value is None or value == "auto":
            return None
        try:
            n = int(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of processes or 'auto'", param, ctx)
        if n < 1:
            self.fail(f"{n} is not in the range x>=1 (or 'auto')", param, ctx)
        return n


_options = [
    click.option("--workers", type=_Workers(), default="auto", show_default=True,
                 help="Processes to play on: a number, or auto (the CPUs, once the run looks "
                      "longer than a few seconds); with dask, the local cluster's size. Results "
                      "do not depend on it."),
    click.option("--backend", type=click.Choice(["local", "dask"]), default="local",
                 show_default=True,
                 help="local: this machine's processes; dask: a Dask cluster (pip install "
                      "'catan-dsl[dask]'), the same numbers."),
    click.option("--scheduler", metavar="ADDRESS",
                 help="With --backend dask: a running scheduler (e.g. tcp://host:8786) instead "
                      "of a local cluster."),
]


def run_options(f: Callable) -> Callable:
    """Add --workers, --backend and --scheduler to a command that plays many games."""
    for opt in reversed(_options):
        f = opt(f)
    return f


class _Rate:
    """Counts finished games and says how fast they come (shown beside the bar's count)."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.done = 0

    def tick(self, n: int) -> str:
        self.done += n
        elapsed = time.perf_counter() - self.start
        return f"{self.done / elapsed:.1f} games/s" if elapsed > 0 else ""


def play_many(ir: dict, bots: list[str], games: int, seed: int, max_turns: int | None, *,
              workers: int | None, backend: str, scheduler: str | None, label: str = "playing",
              quiet: bool = False, seating: str = "fixed") -> Any:
    """Play ``games`` games with a progress bar (games done, rate, time left; only when stderr
    is a terminal and not ``quiet``); returns the ``PlaytestSummary``, ``partial`` when Ctrl-C
    stopped the run. ``workers`` None: as many as the CPUs, started only for a long run;
    ``seating``: fixed or rotated (play/seats.py)."""
    from catan_dsl.play.backends import BackendError
    from catan_dsl.play.playtest import run_games

    if scheduler is not None and backend != "dask":
        fail("--scheduler needs --backend dask", 2)
    adaptive = workers is None
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if adaptive:
        workers = cpus or 1
    if backend == "local":
        # More processes than games or cores only costs start-up time.
        workers = max(1, min(workers, games, cpus or 1))
    rate = _Rate()
    hidden = quiet or not sys.stderr.isatty()
    with click.progressbar(length=games, label=label, file=sys.stderr, hidden=hidden,
                           show_pos=True, show_eta=True,
                           item_show_func=lambda text: text) as bar:
        try:
            summary = run_games(ir, bots, games, seed, workers=workers, max_turns=max_turns,
                                progress=lambda n: bar.update(n, rate.tick(n)),
                                backend=backend, scheduler=scheduler, adaptive=adaptive,
                                seating=seating)
        except BackendError as exc:
            fail(str(exc))
    if summary.partial and summary.games:     # none finished: the caller says what it lost
        click.echo(f"stopped by Ctrl-C: {summary.games} of {summary.requested} games finished; "
                   "what follows is from those games only (marked partial)", err=True)
    return summary

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

_options = [
    click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
                 help="Processes to play on (with dask: local cluster size); results do not "
                      "depend on it."),
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
              workers: int, backend: str, scheduler: str | None, label: str = "playing",
              quiet: bool = False) -> Any:
    """Play ``games`` games with a progress bar (games done, rate, time left; only when stderr
    is a terminal and not ``quiet``); returns the ``PlaytestSummary``, ``partial`` when Ctrl-C
    stopped the run."""
    from catan_dsl.play.backends import BackendError
    from catan_dsl.play.playtest import run_games

    if scheduler is not None and backend != "dask":
        fail("--scheduler needs --backend dask", 2)
    if backend == "local":
        # More processes than games or cores only costs start-up time.
        workers = max(1, min(workers, games, os.cpu_count() or 1))
    rate = _Rate()
    hidden = quiet or not sys.stderr.isatty()
    with click.progressbar(length=games, label=label, file=sys.stderr, hidden=hidden,
                           show_pos=True, show_eta=True,
                           item_show_func=lambda text: text) as bar:
        try:
            summary = run_games(ir, bots, games, seed, workers=workers, max_turns=max_turns,
                                progress=lambda n: bar.update(n, rate.tick(n)),
                                backend=backend, scheduler=scheduler)
        except BackendError as exc:
            fail(str(exc))
    if summary.partial:
        click.echo(f"stopped by Ctrl-C: {summary.games} of {summary.requested} games finished; "
                   "what follows is from those games only (marked partial)", err=True)
    return summary

"""A chunk function + jobs → lists of results as chunks finish: in this process, a local process
pool, or a Dask cluster (local or at a scheduler's address)."""

from __future__ import annotations

import logging
import multiprocessing
import pickle
import signal
from typing import Any, Callable, Iterator, Sequence

BACKENDS = ("local", "dask")


class BackendError(Exception):
    """The backend cannot run here (e.g. dask is not installed, or the scheduler is unreachable)."""


def map_chunks(fn: Callable[[tuple], list], jobs: Sequence[tuple], workers: int,
               backend: str = "local", scheduler: str | None = None) -> Iterator[list]:
    """Yield ``fn(job)`` for every job, in the order chunks finish (callers re-order by index).

    ``jobs`` hold plain data (the IR as a dict, never live objects) so any process can play them.
    The first element of every job is the IR; the Dask backend ships it to each worker once.
    """
    if backend == "dask":
        yield from _map_dask(fn, jobs, workers, scheduler)
    elif workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield fn(job)
    else:
        yield from _map_pool(fn, jobs, workers)


def _ignore_sigint() -> None:
    # Ctrl-C reaches every process of the terminal's group: workers leave it to the parent, which
    # stops the pool and reports what finished, instead of each printing a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _map_pool(fn: Callable[[tuple], list], jobs: Sequence[tuple], workers: int) -> Iterator[list]:
    # spawn: the same behaviour on every OS, and no inherited state from the parent.
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(processes=workers, initializer=_ignore_sigint) as pool:
        yield from pool.imap_unordered(_portably, [(fn, job) for job in jobs])


def _portably(fn_job: tuple) -> list:
    """``fn(job)`` in a worker, whose error must travel back to the parent pickled. One that
    cannot be rebuilt there would stop the pool's result thread and leave the parent waiting
    for ever, so it travels as a RuntimeError saying what it was."""
    fn, job = fn_job
    try:
        return fn(job)
    except Exception as exc:  # noqa: BLE001 — re-raised, as itself whenever it can travel
        try:
            pickle.loads(pickle.dumps(exc))
        except Exception:  # noqa: BLE001 — whatever stops the round trip
            raise RuntimeError(f"{type(exc).__name__}: {exc}") from None
        raise


def _map_dask(fn: Callable[[tuple], list], jobs: Sequence[tuple], workers: int,
              scheduler: str | None) -> Iterator[list]:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError as exc:
        raise BackendError("--backend dask needs dask.distributed: "
                           "pip install 'catan-dsl[dask]'") from exc
    cluster = None
    try:
        if scheduler is None:
            # One single-threaded process per worker: games are pure Python, threads would
            # only contend for the GIL. No dashboard: nothing listens on a port unasked.
            cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1,
                                   processes=True, dashboard_address=None,
                                   silence_logs=logging.ERROR)
            client = Client(cluster)
        else:
            client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        # ValueError: an address dask cannot parse ("nonsense": no port), not an engine bug.
        if cluster is not None:
            cluster.close()
        raise BackendError(f"cannot reach the Dask scheduler {scheduler or '(local)'}: {exc}") \
            from exc
    futures: list[Any] = []
    try:
        # A list, not the dict itself: scatter would take a dict's keys for task names.
        ir = client.scatter([jobs[0][0]], broadcast=True)[0] if jobs else None
        futures = [client.submit(fn, (ir, *job[1:]), pure=False) for job in jobs]
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()
        client.close()
        if cluster is not None:
            cluster.close()

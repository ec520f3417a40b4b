"""Running many games (issue 17 items 4 and 5): Ctrl-C keeps the finished games and marks the
summary partial; the progress bar appears only on a terminal; the Dask backend gives the same
numbers as this process."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from catan_dsl import api
from catan_dsl.cli import main
from catan_dsl.play.playtest import run_games

BOTS = ["random"] * 4


@pytest.fixture(scope="module")
def base_ir() -> dict:
    return api.load_ir("scenarios/base.catan")


def _interrupt_after(games: int):
    done = [0]

    def progress(n: int) -> None:
        done[0] += n
        if done[0] >= games:
            raise KeyboardInterrupt
    return progress


def test_ctrl_c_keeps_the_games_finished_and_says_partial(base_ir: dict) -> None:
    stopped = run_games(base_ir, BOTS, 50, seed=4, progress=_interrupt_after(3))
    assert stopped.partial and (stopped.games, stopped.requested) == (3, 50)
    stats = stopped.stats()
    assert stats["partial"] is True and stats["games_requested"] == 50
    # The three games are the first three of the run, with the numbers they always have.
    full = run_games(base_ir, BOTS, 3, seed=4)
    assert not full.partial and "partial" not in full.stats()
    assert {k: v for k, v in stats.items() if k not in ("partial", "games_requested")} \
        == full.stats()


def test_ctrl_c_stops_a_process_pool_without_waiting_for_the_rest(base_ir: dict) -> None:
    t0 = time.perf_counter()
    stopped = run_games(base_ir, BOTS, 400, seed=1, workers=2, progress=_interrupt_after(1))
    assert stopped.partial and 0 < stopped.games < 400
    assert time.perf_counter() - t0 < 60   # 400 games would take minutes


def _default_sigint() -> None:
    # A command started from a script in the background inherits SIGINT *ignored* (POSIX), and
    # Python then never raises KeyboardInterrupt: give the child a terminal's default, so the
    # test does not depend on how the test run itself was started.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _cli(*args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "catan_dsl", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint, **kw)


def _read_pty(master: int, until: str | None, timeout: float) -> str:
    """What a command wrote to its terminal, read until ``until`` shows (or it closes)."""
    seen, deadline = b"", time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 1)
        if not ready:
            continue
        try:
            chunk = os.read(master, 4096)
        except OSError:   # the other end closed: the command has finished
            break
        if not chunk:
            break
        seen += chunk
        if until is not None and until.encode() in seen:
            break
    return seen.decode("utf-8", "replace")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_playtest_interrupted_by_ctrl_c_reports_what_finished(workers: str) -> None:
    # A new session, signalled as a group: what a terminal's Ctrl-C does to the command and
    # every worker it started. The signal goes once the progress bar shows finished games (its
    # rate appears with the first), so a slow or busy machine cannot interrupt a run that has
    # not started yet.
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "catan_dsl", "playtest", "scenarios/base.catan",
                             "--games", "100000", "--bots", "random", "--workers", workers],
                            stdout=subprocess.PIPE, stderr=slave, text=True,
                            preexec_fn=_default_sigint, start_new_session=True)
    os.close(slave)
    try:
        started = _read_pty(master, "games/s", 240)
        assert "games/s" in started, started
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=120)
        err = started + _read_pty(master, None, 10)
    except BaseException:
        os.killpg(proc.pid, signal.SIGKILL)       # never leave 100000 games running behind
        raise
    finally:
        os.close(master)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "stopped by Ctrl-C" in err
    # The table says it is partial and counts only finished games: wins + none = games.
    head = re.match(r"base: (\d+) games?, .* PARTIAL: stopped by Ctrl-C after \1 of 100000\n",
                    out)
    assert head, out
    games = int(head.group(1))
    counted = [int(m.group(1)) for m in re.finditer(r"^\w+ +(?:random +)?(\d+) ", out, re.M)]
    assert 0 < games < 100000 and sum(counted[:5]) == games, out


def test_progress_bar_only_on_a_terminal() -> None:
    args = ["playtest", "scenarios/base.catan", "--games", "3", "--bots", "random"]
    piped = CliRunner().invoke(main, args)
    assert piped.exit_code == 0 and "games/s" in piped.output   # the summary's timing line
    assert "playing" not in piped.output
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "catan_dsl", *args],
                            stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    text = _read_pty(master, None, 120)
    proc.communicate(timeout=60)
    os.close(master)
    assert proc.returncode == 0 and "playing" in text and "3/3" in text
    with_json = _cli(*args, "--json")
    out, err = with_json.communicate(timeout=60)
    assert with_json.returncode == 0 and err == "" and json.loads(out)["games"] == 3


def test_scheduler_needs_the_dask_backend() -> None:
    r = CliRunner().invoke(main, ["playtest", "scenarios/base.catan", "--games", "2",
                                  "--scheduler", "tcp://127.0.0.1:8786"])
    assert r.exit_code == 2 and "--scheduler needs --backend dask" in r.output


def test_a_scheduler_address_dask_cannot_read_is_one_line_not_an_engine_bug() -> None:
    """'--scheduler nonsense' was reported as "the engine could not play this scenario ...
    this is a bug in catan-dsl"."""
    pytest.importorskip("distributed")
    r = CliRunner().invoke(main, ["playtest", "scenarios/base.catan", "--games", "2",
                                  "--backend", "dask", "--scheduler", "nonsense"])
    assert r.exit_code == 1 and "engine" not in r.output
    assert r.output.startswith("error: cannot reach the Dask scheduler nonsense: ")


def test_dask_backend_gives_the_numbers_of_this_process(base_ir: dict) -> None:
    pytest.importorskip("distributed")
    here = run_games(base_ir, BOTS, 10, seed=7)
    on_dask = run_games(base_ir, BOTS, 10, seed=7, workers=2, backend="dask")
    assert on_dask.stats() == here.stats() and [r.index for r in on_dask.results] == list(range(10))


class _Unrebuildable(Exception):
    """An error whose pickle cannot be loaded again (its __init__ takes two arguments)."""

    def __init__(self, a: str, b: str) -> None:
        super().__init__(f"{a} and {b}")


def _fail_unrebuildably(job: tuple) -> list:
    raise _Unrebuildable("this", "that")


def test_an_error_that_cannot_travel_back_from_a_worker_still_ends_the_run() -> None:
    """A worker's error is pickled back to the parent; one that cannot be rebuilt there used to
    stop the pool's result thread and leave the run waiting for ever. It now ends the run as a
    RuntimeError naming it."""
    import threading

    from catan_dsl.play.backends import map_chunks
    got: list = []

    def consume() -> None:
        try:
            list(map_chunks(_fail_unrebuildably, [(None,), (None,)], workers=2))
        except Exception as exc:  # noqa: BLE001 — the test looks at what arrived
            got.append(exc)
    t = threading.Thread(target=consume, daemon=True)
    t.start()
    t.join(90)
    assert not t.is_alive(), "the run hung"
    assert len(got) == 1 and type(got[0]) is RuntimeError
    assert str(got[0]) == "_Unrebuildable: this and that"

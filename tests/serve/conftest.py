"""Shared pieces of the serve tests: short Fishermen games, a real server on loopback, Chromium."""

from __future__ import annotations

import functools
import os
import shutil
import threading
import time
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")

from catan_dsl import api  # noqa: E402  (after the skip: these tests need the web extra)

with warnings.catch_warnings():
    # Starlette 1.x prefers httpx2 for its test client; httpx works the same here.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

FISHERMEN = "scenarios/fishermen.catan"
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run"]


@functools.lru_cache(maxsize=None)
def short_fishermen(vp: int = 5) -> dict:
    """Fishermen of Catan played to ``vp`` VP: a whole game in a few seconds."""
    ir, report = api.compile_file(FISHERMEN, params={"vp_target": vp})
    assert ir is not None, report.render_text()
    return ir


class LiveServer:
    """A uvicorn server on a free loopback port, in a thread, for the browser and load tests."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        import uvicorn

        from catan_dsl.serve.server import listen

        sock = listen("127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}/"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False,
                                                    lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]},
                                       daemon=True)

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        assert not self.thread.is_alive(), "the server did not stop"


def chromium() -> str:
    """The system's Chromium (never a downloaded one); the tests skip, saying why, without it."""
    path = os.environ.get("CATAN_DSL_CHROMIUM") or shutil.which("chromium") or \
        shutil.which("chromium-browser")
    if not path or not Path(path).exists():
        pytest.skip("no system Chromium (apt-get install chromium; .ci/run installs it)")
    return path


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    """One headless Chromium for a test module (Playwright drives it; it is never downloaded)."""
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright is not installed: pip install -e '.[test]'")
    path = chromium()
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, args=BROWSER_ARGS)
        yield b
        b.close()

"""Draws the README's pictures of the page (docs/img/serve_*.png) in headless system Chromium:
``python -m tests.serve.make_screenshots [OUT_DIR]`` (not a test: pytest does not collect it)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from catan_dsl import api
from catan_dsl.bots import make_bot
from catan_dsl.serve.app import create_app
from catan_dsl.serve.replay import ReplaySession
from catan_dsl.serve.session import HUMAN, GameSession
from catan_dsl.serve.sources import SourceLines
from tests.serve.conftest import BROWSER_ARGS, FISHERMEN, LiveServer, chromium

VIEW = {"width": 1360, "height": 960}


def game_in_progress(ir: dict) -> GameSession:
    """Red (the human) played by a greedy bot until a turn of his where he can build a road."""
    s = GameSession(ir, [HUMAN, "greedy", "greedy", "greedy"], seed=21, source=FISHERMEN,
                    sources=SourceLines(ir, trusted=True))
    stand_in, rng = make_bot("greedy"), random.Random(21)
    while not s.over():
        while s.step_automatic():
            pass
        legal = s.state.legal_actions()
        if s.state.turn >= 24 and any(str(a).startswith("build road") for a in legal):
            return s
        s.act(0, str(legal[0] if len(legal) == 1 else stand_in.choose(s.state, legal, rng)))
    raise SystemExit("the game ended before the picture")


def main(out: Path) -> None:
    ir = api.load_ir(FISHERMEN)
    live = game_in_progress(ir)
    finished = GameSession(ir, ["greedy"] * 4, seed=3)
    while finished.step_automatic():
        pass
    viewer = ReplaySession(finished.transcript(), ir, SourceLines(ir, trusted=True))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), args=BROWSER_ARGS)
        with LiveServer(create_app(live, pace_ms=0)) as server:
            page = browser.new_page(viewport=VIEW)
            page.goto(server.url)
            page.wait_for_selector("body[data-your-turn='1']")
            page.locator("#log a.rule").last.click()
            page.wait_for_selector("#source .hit")
            page.locator("header").scroll_into_view_if_needed()
            page.screenshot(path=str(out / "serve_game.png"))
        with LiveServer(create_app(viewer)) as server:
            page = browser.new_page(viewport=VIEW)
            page.goto(server.url + f"?step={viewer.total * 2 // 3}")
            page.wait_for_selector("#viewer:not([hidden])")
            page.screenshot(path=str(out / "serve_viewer.png"))
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img"))

"""The page in a real browser (headless system Chromium driven by Playwright): a human plays a
whole game against three bots by clicking the board and the buttons; the viewer steps to the end."""

from __future__ import annotations

import json
import re
import urllib.request

from catan_dsl.play.transcript import replay
from catan_dsl.serve.app import create_app
from catan_dsl.serve.replay import ReplaySession
from catan_dsl.serve.session import HUMAN, GameSession
from catan_dsl.serve.sources import SourceLines
from tests.serve.conftest import FISHERMEN, LiveServer, short_fishermen

MAX_CLICKS = 600


def _watch(page, origin: str) -> tuple[list[str], list[str]]:  # type: ignore[no-untyped-def]
    """Every URL the page asks for and every script error it raises."""
    urls: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    page.on("websocket", lambda ws: urls.append(ws.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    return urls, errors


ON_TOP = """e => { const r = e.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top === e || e.contains(top); }"""


def _play_by_clicking(page) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Until the game ends: click a place on the board when one is offered, else roll, else end
    the turn, else the first button (a discard, an answer to an offer …)."""
    clicks = {"board": 0, "menu": 0, "button": 0}
    for _ in range(MAX_CLICKS):
        page.wait_for_selector("body[data-your-turn='1'], body[data-over='1']", timeout=30_000)
        if page.get_attribute("body", "data-over") == "1":
            return clicks
        version = page.get_attribute("body", "data-version")
        place = page.locator("#board [data-action]")
        several = page.locator("#board [data-actions]")
        if place.count():
            # a piece drawn over a place would swallow a player's click on it
            assert all(place.nth(k).evaluate(ON_TOP) for k in range(place.count()))
            place.first.click()
            clicks["board"] += 1
        elif several.count():
            several.first.click()
            page.locator("#menu button[data-action]").first.click()
            clicks["menu"] += 1
        else:
            buttons = page.locator("#actions button[data-action]")
            for text in ("roll", "end turn"):
                if page.locator(f"#actions button[data-action='{text}']").count():
                    buttons = page.locator(f"#actions button[data-action='{text}']")
                    break
            buttons.first.click()
            clicks["button"] += 1
        page.wait_for_selector(f"body:not([data-version='{version}'])", timeout=30_000)
    raise AssertionError(f"no end after {MAX_CLICKS} clicks")


def test_a_human_plays_a_whole_game_against_three_bots_by_clicking(browser) -> None:  # type: ignore[no-untyped-def]
    ir = short_fishermen()
    session = GameSession(ir, [HUMAN, "greedy", "greedy", "greedy"], seed=7, source=FISHERMEN,
                          sources=SourceLines(ir, trusted=True))
    with LiveServer(create_app(session, pace_ms=0)) as server:
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        urls, errors = _watch(page, server.url)
        page.goto(server.url)
        # A click where nothing can be played says why (it did nothing at all).
        page.wait_for_selector("body[data-your-turn='1']")
        page.locator("#board [data-hex]").first.click()
        assert page.locator("#why").inner_text() == "Nothing to play there (place a " \
            "settlement): the places you can play are highlighted (54)."
        # Any action can be typed (an offer of one's own making); a refusal says what may be played.
        page.fill("#typed-text", "end turn")
        page.click("#typed button")
        page.wait_for_selector("#banner:not([hidden])")
        assert page.locator("#banner").inner_text().startswith(
            "end turn is not legal now (place a settlement): Red may play build settlement")
        clicks = _play_by_clicking(page)
        assert clicks["board"] >= 4 and clicks["button"] >= 1      # set-up is all board clicks

        # Every rule-caused line links to its file:line; a click shows that line of the file.
        links = page.locator("#log a.rule")
        assert links.count() > 0
        where = links.first.get_attribute("data-where")
        assert re.fullmatch(re.escape(FISHERMEN) + r":\d+", where)
        links.first.click()
        page.wait_for_selector("#source .hit")
        line = int(where.rsplit(":", 1)[1])
        wanted = open(FISHERMEN, encoding="utf-8").read().splitlines()[line - 1]
        assert page.locator("#source .hit").inner_text().rstrip("\n").endswith(wanted)

        # The VP on the page are the engine's, as a replay of the served transcript finds them.
        with urllib.request.urlopen(server.url + "api/game/transcript") as got:
            transcript = json.loads(got.read())
        result = replay(transcript, ir)
        assert result.ok, result.mismatch
        shown = [int(page.locator(f".seat[data-seat='{p}'] .vp").get_attribute("data-vp"))
                 for p in range(4)]
        assert shown == result.final["vp"] == [session.state.vp(p) for p in range(4)]
        winner = result.final["winner"]
        assert page.locator("#result").inner_text().startswith(
            f"{session.view(None)['seats'][winner]['name']} wins with {shown[winner]} VP")
    # The server stops (Ctrl-C): the page says so in words, not the browser's "Failed to fetch".
    page.wait_for_selector("#banner:not([hidden])")
    assert page.locator("#banner").inner_text().startswith("cannot reach the server")
    page.close()
    assert errors == []
    assert all(u.startswith((server.url, server.url.replace("http", "ws", 1))) for u in urls), urls


def test_the_viewer_steps_through_a_transcript_to_the_end(browser) -> None:  # type: ignore[no-untyped-def]
    ir = short_fishermen()
    played = GameSession(ir, ["greedy"] * 4, seed=6)
    while played.step_automatic():
        pass
    doc = json.loads(json.dumps(played.transcript()))
    viewer = ReplaySession(doc, ir, SourceLines(ir, trusted=True))
    total = viewer.total
    with LiveServer(create_app(viewer)) as server:
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        urls, errors = _watch(page, server.url)
        page.goto(server.url + "?step=0")
        page.wait_for_selector("body[data-step='0']")
        assert page.locator("#stepinfo").inner_text() == f"step 0 of {total}"
        assert page.locator("#actions-wrap").is_hidden()
        for want in (1, 2, 3):
            page.click("[data-step='next']")
            page.wait_for_selector(f"body[data-step='{want}']")
        page.click("[data-step='prev']")
        page.wait_for_selector("body[data-step='2']")
        assert doc["steps"][2]["action"] in page.locator("#nextstep").inner_text()
        page.click("[data-step='last']")
        page.wait_for_selector(f"body[data-step='{total}']")
        shown = [int(page.locator(f".seat[data-seat='{p}'] .vp").get_attribute("data-vp"))
                 for p in range(4)]
        assert shown == doc["final"]["vp"]
        assert page.locator("#log li").count() == len(played.log.entries)
        assert " won with " in page.locator("#log li").last.inner_text()
        link = page.locator("#permalink").get_attribute("href")
        assert link.endswith(f"?step={total}")
        # Stepping back shortens the log to what had happened by then; the link opens that step.
        page.click("[data-step='first']")
        page.wait_for_selector("body[data-step='0']")
        assert page.locator("#log li").count() == played.log.count_until(0)
        page.goto(server.url.rstrip("/") + link)
        page.wait_for_selector(f"body[data-step='{total}']")
        page.close()
    assert errors == []
    assert all(u.startswith(server.url) for u in urls), urls

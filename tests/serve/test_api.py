"""The JSON API of docs/serve.md without a browser (Starlette's TestClient): the page, the view,
actions and their refusals, join tokens, the transcript, rule lines, the websocket, the viewer."""

from __future__ import annotations

import json
import re

import pytest

from catan_dsl.play.transcript import replay
from catan_dsl.serve.app import create_app, new_tokens
from catan_dsl.serve.replay import ReplaySession
from catan_dsl.serve.session import HUMAN, GameSession
from catan_dsl.serve.sources import SourceLines
from tests.serve.conftest import FISHERMEN, TestClient, short_fishermen


def _session(seats=(HUMAN, "greedy", "greedy", "greedy"), seed: int = 2) -> GameSession:
    ir = short_fishermen()
    return GameSession(ir, list(seats), seed=seed, source=FISHERMEN,
                       sources=SourceLines(ir, trusted=True))


def _client(session, **kw) -> TestClient:  # type: ignore[no-untyped-def]
    return TestClient(create_app(session, pace_ms=0, **kw))


def _wait_for(client: TestClient, test, params=None, tries: int = 400) -> dict:  # type: ignore[no-untyped-def]
    """GET /api/game until ``test(view)`` holds (the bots play in the server's own task)."""
    for _ in range(tries):
        view = client.get("/api/game", params=params or {}).json()
        if test(view):
            return view
    raise AssertionError("the game did not get there")


def test_the_page_is_one_self_contained_document() -> None:
    """Nothing is fetched from the network: style and script are inline, and the CSP says so."""
    with _client(_session()) as client:
        page = client.get("/")
    assert page.status_code == 200
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert "connect-src 'self'" in page.headers["content-security-policy"]
    assert "/*SCRIPT*/" not in page.text and "function draw(view)" in page.text
    assert not re.search(r'(src|href)="(https?:)?//', page.text)


def test_the_view_draws_every_hex_intersection_and_path() -> None:
    s = _session()
    with _client(s) as client:
        view = client.get("/api/game").json()
    board = s.ir["board"]
    svg = view["svg"]
    assert set(re.findall(r'data-hex="(-?\d+,-?\d+)"', svg)) == \
        {f"{h['q']},{h['r']}" for h in board["hexes"]}
    assert sorted(map(int, re.findall(r'data-vertex="(\d+)"', svg))) == list(range(len(board["vertices"])))
    assert sorted(map(int, re.findall(r'data-edge="(\d+)"', svg))) == list(range(len(board["edges"])))
    assert view["seat"] == 0 and view["to_move"] == 0                  # the human sets up first
    assert {a["text"] for a in view["actions"]} == \
        set(re.findall(r'data-action="([^"]+)"', svg))


def test_an_action_by_its_text_then_the_bots_answer_one_by_one() -> None:
    s = _session()
    with _client(s) as client:
        got = client.post("/api/game/actions", json={"action": "build settlement 12"})
        assert got.status_code == 200, got.text
        assert got.json()["steps"] == 1 and s.state.v_owner[12] == 0
        road = next(a["text"] for a in got.json()["actions"] if a["text"].startswith("build road"))
        assert client.post("/api/game/actions", json={"action": road}).status_code == 200
        view = _wait_for(client, lambda v: v["to_move"] == 0 and v["steps"] > 2)
        assert view["actions"] and view["log_total"] == len(s.log.entries)
        assert client.get("/api/game", params={"since": 5}).json()["log"][0]["n"] == 5


@pytest.mark.parametrize("body, status, words", [
    ('{"action": "fly away"}', 422, "not an action of this game"),
    ('{"action": "build settlement 99999"}', 422, "cannot parse"),
    ('{"action": "end turn"}', 422, "not legal now"),
    ('{"action": "build settlement 12", "seat": 2}', 409, "Red's move, not White's"),
    ('{"action": "build settlement 12", "seat": "x"}', 400, "seat must be a seat number"),
    ('{"action": "build settlement 12", "seat": 9}', 400, "seat 9 is not in this game"),
    ('{"action": ', 400, "must be JSON"),
    ('["end turn"]', 400, "a JSON object"),
    ('{"act": "end turn"}', 400, 'a JSON object with "action"'),
    ('{"action": "' + "x" * 20_000 + '"}', 413, "over 16,384 bytes"),
])
def test_bad_requests_get_a_clear_4xx_and_change_nothing(body: str, status: int, words: str) -> None:
    s = _session()
    before = s.state.to_dict()
    with _client(s) as client:
        got = client.post("/api/game/actions", content=body,
                          headers={"content-type": "application/json"})
    assert got.status_code == status
    assert words in got.json()["error"]
    assert s.state.to_dict() == before and s.steps == 0


def test_bad_query_values_are_400s() -> None:
    with _client(_session()) as client:
        assert client.get("/api/game", params={"since": "x"}).status_code == 400
        assert client.get("/api/game", params={"seat": "-1"}).status_code == 400
        assert client.get("/api/nothing").status_code == 404


def test_a_wrong_address_is_a_page_that_says_so_and_a_json_error_under_the_api() -> None:
    """A mistyped address got a bare "Not Found" in text, also under /api/ (all JSON there)."""
    with _client(_session()) as client:
        page = client.get("/games/1")
        api_404 = client.get("/api/games")
        api_405 = client.get("/api/game/actions")
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "no page at <code>/games/1</code>" in page.text and '<a href="/">' in page.text
    assert api_404.status_code == 404
    assert api_404.json()["error"].startswith("no such address: /api/games")
    assert api_405.status_code == 405
    assert api_405.json()["error"].startswith("GET is not allowed on /api/game/actions")


def test_a_lan_game_wants_its_token_and_the_token_names_the_seat() -> None:
    s = _session(seats=(HUMAN, HUMAN, "greedy"))
    tokens = new_tokens([0, 1])
    red = next(t for t, p in tokens.items() if p == 0)
    blue = next(t for t, p in tokens.items() if p == 1)
    watch = next(t for t, p in tokens.items() if p is None)
    with _client(s, tokens=tokens) as client:
        assert client.get("/").status_code == 401
        assert client.get("/", params={"token": red}).status_code == 200
        for path in ("/api/game", "/api/game/transcript", "/api/source"):
            assert client.get(path).status_code == 401
            assert client.get(path, params={"token": "guess"}).status_code == 401
        assert client.post("/api/game/actions", json={"action": "build settlement 12"}).status_code == 401
        # Blue may not play Red's move, whatever seat he claims; a spectator plays nothing.
        got = client.post("/api/game/actions", json={"action": "build settlement 12", "seat": 0},
                          headers={"X-Catan-Token": blue})
        assert got.status_code == 409 and "not Blue's" in got.json()["error"]
        assert client.post("/api/game/actions", json={"action": "build settlement 12"},
                           params={"token": watch}).status_code == 403
        assert s.steps == 0
        view = client.get("/api/game", params={"token": blue, "seat": 0}).json()
        assert view["seat"] == 1 and view["actions"] == []
        assert view["seats"][0]["hand"] is None and view["seats"][1]["you"]
        assert client.post("/api/game/actions", json={"action": "build settlement 12"},
                           headers={"X-Catan-Token": red}).status_code == 200
        # The transcript names every hidden card: not before the game is over.
        assert client.get("/api/game/transcript", params={"token": red}).status_code == 409
    with pytest.raises(Exception):
        with TestClient(create_app(s, tokens=tokens)).websocket_connect("/api/game/ws"):
            pass


def test_the_transcript_replays_and_downloads_with_a_name() -> None:
    s = _session(seats=(HUMAN, "random", "greedy"))
    with _client(s) as client:
        road = client.post("/api/game/actions", json={"action": "build settlement 12"}).json()
        client.post("/api/game/actions", json={"action": road["actions"][0]["text"]})
        _wait_for(client, lambda v: v["steps"] > 5)
        got = client.get("/api/game/transcript", params={"download": "1"})
    assert got.status_code == 200
    assert 'filename="fishermen-seed2.json"' in got.headers["content-disposition"]
    doc = json.loads(got.text)
    result = replay(doc, s.ir)
    assert result.ok, result.mismatch
    assert result.steps_verified == len(doc["steps"]) >= 6


def test_rule_lines_are_served_only_from_the_scenario() -> None:
    s = _session()
    where = next(r["span"] for r in s.ir["rules"])
    with _client(s) as client:
        got = client.get("/api/source", params={"where": where})
        assert got.status_code == 200 and got.json()["line"] == int(where.rsplit(":", 1)[1])
        for bad in ("/etc/passwd:1", "../../etc/shadow.catan:1", "", f"{FISHERMEN}:0"):
            assert client.get("/api/source", params={"where": bad}).status_code == 404
        # the message quotes what was asked, whole (a stray quote was left of it)
        assert client.get("/api/source", params={"where": "/etc/passwd:1"}).json()["error"] == \
            "'/etc/passwd:1' is not a FILE.catan:LINE of this game"


def test_the_websocket_pushes_every_change_and_a_closed_one_breaks_nothing() -> None:
    s = _session(seats=(HUMAN, "greedy", "greedy"))
    with _client(s) as client:
        with client.websocket_connect("/api/game/ws?seat=0") as ws:
            first = json.loads(ws.receive_text())
            assert first["steps"] == 0 and first["seat"] == 0
            client.post("/api/game/actions", json={"action": "build settlement 12"})
            pushed = json.loads(ws.receive_text())
            assert pushed["steps"] >= 1 and pushed["log"] and pushed["log"][0]["n"] == 0
        with client.websocket_connect("/api/game/ws") as ws:
            ws.receive_text()
            ws.close()                                  # the page went away mid-game
        road = next(a for a in client.get("/api/game").json()["actions"])["text"]
        assert client.post("/api/game/actions", json={"action": road}).status_code == 200
        view = _wait_for(client, lambda v: v["to_move"] == 0 and v["steps"] > 2)
        assert view["error"] is None


def test_the_viewer_steps_through_a_transcript_read_only() -> None:
    ir = short_fishermen()
    played = GameSession(ir, ["greedy"] * 4, seed=6)
    while played.step_automatic():
        pass
    viewer = ReplaySession(played.transcript(), ir)
    total = viewer.total
    with _client(viewer) as client:
        start = client.get("/api/game", params={"step": 0}).json()
        assert start["mode"] == "replay" and start["step"] == 0 and start["total"] == total
        assert start["next"] == {"index": 0, "player": 0, "name": "Red",
                                 "action": played.transcript()["steps"][0]["action"]}
        end = client.get("/api/game", params={"step": total, "since": 0}).json()
        assert end["result"] == played.view(None)["result"]
        # a served game's own transcript replays without a banner (its final turn was counted
        # as the engine's completed turns, one short of the recorded turn the game ended in)
        assert viewer.mismatch is None and end["error"] is None
        assert [r["vp"] for r in end["seats"]] == [played.state.vp(p) for p in range(4)]
        assert end["log_total"] == len(played.log.entries)
        assert [e["text"] for e in end["log"]] == [e["text"] for e in played.log.entries]
        mid = client.get("/api/game", params={"step": total // 2, "since": 0}).json()
        assert mid["log_total"] == sum(e["step"] <= total // 2 for e in played.log.entries)
        assert client.get("/api/game", params={"step": total + 1}).status_code == 400
        got = client.post("/api/game/actions", json={"action": "end turn"})
        assert got.status_code == 409 and "replay viewer" in got.json()["error"]
        assert json.loads(client.get("/api/game/transcript").text)["steps"] == \
            played.transcript()["steps"]
        missing = client.get("/api/source", params={"where": next(r["span"] for r in ir["rules"])})
        assert missing.status_code == 404


def test_hot_seat_a_local_page_follows_the_human_to_move() -> None:
    """Two humans at one screen: the page without a seat sees through the mover's eyes and its
    actions are played for him."""
    s = _session(seats=(HUMAN, HUMAN, "greedy"), seed=3)
    with _client(s) as client:
        for seat in (0, 1):
            view = client.get("/api/game").json()
            assert view["seat"] == view["to_move"] == seat
            assert view["seats"][seat]["you"] and view["actions"]
            settle = next(a["text"] for a in view["actions"])
            road = client.post("/api/game/actions", json={"action": settle}).json()
            assert road["seat"] == seat
            client.post("/api/game/actions", json={"action": road["actions"][0]["text"]})
        assert s.state.v_owner.count(0) == 1 and s.state.v_owner.count(1) == 1


def test_a_bot_failure_is_shown_and_the_server_keeps_answering(monkeypatch) -> None:
    from catan_dsl.bots import BOTS

    class Broken:
        name = "broken"

        def choose(self, state, legal, rng):  # type: ignore[no-untyped-def]
            raise ValueError("no move found")

    monkeypatch.setitem(BOTS, "broken", Broken)
    s = _session(seats=("broken", HUMAN, "greedy"))
    with _client(s) as client:
        view = _wait_for(client, lambda v: v["error"] is not None)
        assert view["error"] == "Red's bot (broken) failed: ValueError: no move found"
        got = client.post("/api/game/actions", json={"action": "end turn"})
        assert got.status_code == 409 and "the game stopped" in got.json()["error"]
        assert client.get("/").status_code == 200
        assert client.get("/api/game/transcript").status_code == 200

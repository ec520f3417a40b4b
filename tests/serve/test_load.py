"""Robust as a server: 2,000 mixed good and bad requests from 20 concurrent clients on loopback,
while two human seats and two bots play; nothing crashes and the transcript still replays."""

from __future__ import annotations

import collections
import http.client
import json
import threading
from urllib.parse import urlsplit

from websockets.sync.client import connect

from catan_dsl.play.transcript import replay
from catan_dsl.serve.app import create_app, new_tokens
from catan_dsl.serve.session import HUMAN, GameSession
from catan_dsl.serve.sources import SourceLines
from tests.serve.conftest import LiveServer, short_fishermen

CLIENTS, PER_CLIENT = 20, 100

# Request kind → the answers it may get (the game moves on under the clients' feet).
EXPECTED = {
    "view": {200}, "play": {200, 409, 422}, "nonsense": {409, 422}, "malformed": {400},
    "no token": {401}, "wrong token": {401}, "source": {404}, "transcript": {200, 409},
    "bad since": {400}, "websocket": {101},
}
KINDS = list(EXPECTED)


class _Http:
    """A keep-alive HTTP/1.1 connection (the standard library's: the clients share the server's
    process and its GIL, so the lightest client leaves the server the most time)."""

    def __init__(self, url: str) -> None:
        self.conn = http.client.HTTPConnection(urlsplit(url).hostname, urlsplit(url).port,
                                               timeout=60)

    def __call__(self, method: str, path: str, body: bytes | None = None,
                 token: str | None = None) -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["X-Catan-Token"] = token
        self.conn.request(method, path, body=body, headers=headers)
        got = self.conn.getresponse()
        return got.status, got.read()


def _client_run(url: str, token: str, index: int, results: list) -> None:
    call = _Http(url)
    view_path = "/api/game?since=1000000"
    for i in range(PER_CLIENT):
        kind = KINDS[(index + i) % len(KINDS)]
        if kind == "view":
            status = call("GET", view_path, token=token)[0]
        elif kind == "play":
            view = json.loads(call("GET", view_path, token=token)[1])
            legal = [a["text"] for a in view["actions"]] or ["end turn"]
            pick = "end turn" if "end turn" in legal else legal[(index * 7 + i) % len(legal)]
            status = call("POST", "/api/game/actions", json.dumps({"action": pick}).encode(),
                          token)[0]
            if status == 200:
                results.append(("played", pick))
        elif kind == "nonsense":
            status = call("POST", "/api/game/actions", b'{"action": "teleport 9"}', token)[0]
        elif kind == "malformed":
            status = call("POST", "/api/game/actions", b'{"action": ', token)[0]
        elif kind == "no token":
            status = call("GET", view_path)[0]
        elif kind == "wrong token":
            status = call("POST", "/api/game/actions", b'{"action": "end turn"}',
                          "not-the-token")[0]
        elif kind == "source":
            status = call("GET", "/api/source?where=/etc/passwd:1", token=token)[0]
        elif kind == "transcript":
            status = call("GET", "/api/game/transcript", token=token)[0]
        elif kind == "bad since":
            status = call("GET", "/api/game?since=soon", token=token)[0]
        else:                      # a websocket opened, read once and dropped mid-stream
            ws_url = url.replace("http", "ws", 1) + f"api/game/ws?token={token}"
            with connect(ws_url, open_timeout=60) as ws:
                ws.recv(timeout=60)
            status = 101
        results.append((kind, status))


def test_2000_mixed_requests_from_20_clients_leave_a_consistent_game() -> None:
    ir = short_fishermen(10)
    session = GameSession(ir, [HUMAN, "greedy", HUMAN, "greedy"], seed=11,
                          sources=SourceLines(ir, trusted=True))
    tokens = new_tokens([0, 2])
    seat_tokens = [t for t, p in tokens.items() if p is not None]
    results: list = []
    with LiveServer(create_app(session, tokens=tokens, pace_ms=0)) as server:
        threads = [threading.Thread(target=_client_run,
                                    args=(server.url, seat_tokens[c % 2], c, results))
                   for c in range(CLIENTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=240)
        assert not any(t.is_alive() for t in threads)
        # Still serving, and the page still loads after all of it.
        assert _Http(server.url)("GET", f"/?token={seat_tokens[0]}")[0] == 200
    # Read once the server has stopped: its driver plays the bots' turns after the last client
    # is done, and a transcript taken from this thread meanwhile could hold a step without the
    # turn count it brought (the final turn one behind its own steps' replay).
    doc = session.transcript()
    answers = [r for r in results if r[0] != "played"]
    assert len(answers) == CLIENTS * PER_CLIENT
    wrong = collections.Counter((k, s) for k, s in answers if s not in EXPECTED[k])
    assert not wrong, wrong
    played = [text for kind, text in results if kind == "played"]
    assert played, "no human action got through"
    assert session.steps > len(played)                   # and the bots and chance moved on
    # Every accepted action, and only those, is in the transcript, which replays step by step.
    assert sum(1 for st in doc["steps"] if st["player"] in (0, 2)) == len(played)
    result = replay(doc, ir)
    assert result.ok, result.mismatch
    assert result.steps_verified == session.steps == len(doc["steps"])

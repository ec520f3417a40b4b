"""`catan-dsl lsp` spoken to over stdio as an editor does (JSON-RPC with Content-Length
headers): diagnostics on open and change (cleared when fixed), hover, completion, definition,
the outline and formatting."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


class Client:
    """A minimal LSP client over a child process's pipes."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "catan_dsl", "lsp"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.notes: list[dict] = []

    def send(self, msg: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **msg}).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]

    def read(self) -> dict:
        headers = {}
        while True:
            line = self.proc.stdout.readline().decode()  # type: ignore[union-attr]
            if line in ("\r\n", ""):
                break
            k, v = line.split(":", 1)
            headers[k.strip().lower()] = v.strip()
        return json.loads(self.proc.stdout.read(int(headers["content-length"])))  # type: ignore[union-attr]

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            msg = self.read()
            if msg.get("id") == self.next_id and "method" not in msg:
                return msg
            self.notes.append(msg)

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def diagnostics(self, uri: str) -> list[dict]:
        """The next diagnostics published for ``uri``."""
        while True:
            for i, msg in enumerate(self.notes):
                if msg.get("method") == "textDocument/publishDiagnostics" and \
                        msg["params"]["uri"] == uri:
                    del self.notes[: i + 1]
                    return msg["params"]["diagnostics"]
            self.notes.append(self.read())

    def close(self) -> None:
        self.request("shutdown", {})
        self.notify("exit", {})
        self.proc.wait(timeout=10)


@pytest.fixture()
def client(tmp_path: Path):
    c = Client()
    c.request("initialize", {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}})
    c.notify("initialized", {})
    yield c
    c.close()


GOOD = 'scenario isle "Isle" extends base {\n  victory 12\n  procedure pay(p) { p gains 1 wool }\n' \
       '  on turn_started { pay(player) }\n}\n'


def _open(client: Client, path: Path, text: str) -> str:
    uri = path.as_uri()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "catan", "version": 1, "text": text}})
    return uri


def test_diagnostics_on_open_and_change_and_cleared_when_fixed(client: Client, tmp_path: Path) -> None:
    path = tmp_path / "isle.catan"
    path.write_text(GOOD, encoding="utf-8")
    uri = _open(client, path, GOOD.replace("p gains 1 wool", "p gains 1 wol"))
    (d,) = client.diagnostics(uri)
    assert d["code"] == "E407" and d["severity"] == 1 and d["source"] == "catan-dsl"
    assert d["range"]["start"] == {"line": 2, "character": 31}
    assert 'did you mean "wool"?' in d["message"]
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": GOOD}]})
    assert client.diagnostics(uri) == []


def test_hover_completion_definition_symbols_and_formatting(client: Client, tmp_path: Path) -> None:
    path = tmp_path / "isle.catan"
    path.write_text(GOOD, encoding="utf-8")
    uri = _open(client, path, GOOD)
    client.diagnostics(uri)
    doc = {"textDocument": {"uri": uri}}

    hover = client.request("textDocument/hover", {**doc, "position": {"line": 3, "character": 6}})
    assert "trigger" in hover["result"]["contents"]["value"]        # on turn_started …
    hover = client.request("textDocument/hover", {**doc, "position": {"line": 2, "character": 4}})
    assert "procedure" in hover["result"]["contents"]["value"]

    items = client.request("textDocument/completion",
                           {**doc, "position": {"line": 1, "character": 2}})["result"]["items"]
    labels = {i["label"] for i in items}
    assert {"terrain", "on", "procedure", "victory"} <= labels and "where" not in labels

    where = client.request("textDocument/definition", {**doc, "position": {"line": 3, "character": 21}})
    assert where["result"]["uri"] == uri and where["result"]["range"]["start"]["line"] == 2
    base = client.request("textDocument/definition", {**doc, "position": {"line": 0, "character": 30}})
    assert base["result"]["uri"].endswith("/base.catan")

    outline = client.request("textDocument/documentSymbol", doc)["result"]
    assert outline[0]["name"] == "isle"
    assert [c["name"] for c in outline[0]["children"]] == ["pay", "on turn_started"]

    messy = GOOD.replace("  victory 12", "      victory    12")
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                             "contentChanges": [{"text": messy}]})
    edits = client.request("textDocument/formatting",
                           {**doc, "options": {"tabSize": 2, "insertSpaces": True}})["result"]
    assert len(edits) == 1 and edits[0]["newText"] == GOOD

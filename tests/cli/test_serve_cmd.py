"""`catan-dsl serve`: the address it prints, LAN join links, usage errors, a transcript opened in
the viewer, and a whole served game saved on Ctrl-C that `catan-dsl replay` verifies."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.cli import main

pytest.importorskip("starlette", reason="the web extra is not installed")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")             # Starlette 1.x would rather have httpx2
    from starlette.testclient import TestClient  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FISHERMEN = str(ROOT / "scenarios" / "fishermen.catan")


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def served(monkeypatch):  # type: ignore[no-untyped-def]
    """Instead of serving until Ctrl-C, hand the app to the test and return at once."""
    from catan_dsl.serve import server

    got: dict = {}

    def fake_run(app, sock):  # type: ignore[no-untyped-def]
        got["app"], got["port"] = app, sock.getsockname()[1]

    monkeypatch.setattr(server, "run", fake_run)
    return got


def test_serve_prints_its_local_address(served) -> None:
    r = run("serve", FISHERMEN, "--port", "0", "--seats", "human,greedy,greedy")
    assert r.exit_code == 0, r.output
    assert f"serving The Fishermen of Catan at http://127.0.0.1:{served['port']}/" in r.output
    assert "token" not in r.output and "server stopped" in r.output

    with TestClient(served["app"]) as client:
        view = client.get("/api/game").json()
    assert [s["kind"] for s in view["seats"]] == ["human", "greedy", "greedy"]


def test_three_seats_sit_at_the_scenarios_three_player_board(served) -> None:
    """Seafarers: `serve --seats` with 3 players drew the 4-player board (`play` seats 3 at
    the 3-player one, as `board NAME for players 3` says)."""
    r = run("serve", "seafarers:fog_islands", "--port", "0", "--seats", "human,greedy,greedy")
    assert r.exit_code == 0, r.output
    with TestClient(served["app"]) as client:
        assert client.get("/api/game").json()["board"] == "fog_islands_3"
    run("serve", "seafarers:fog_islands", "--port", "0", "--seats", "human,greedy,greedy,greedy")
    with TestClient(served["app"]) as client:
        assert client.get("/api/game").json()["board"] == "fog_islands_4"


def test_a_lan_game_warns_and_prints_a_link_per_human_seat(served) -> None:
    r = run("serve", FISHERMEN, "--host", "0.0.0.0", "--port", "0", "--seats",
            "human,greedy,human")
    assert r.exit_code == 0, r.output
    assert "warning: listening on 0.0.0.0: anyone on this network can reach the server" in r.output
    links = dict(re.findall(r"  (Red \(human\)|White \(human\)|to watch): (\S+)", r.output))
    assert set(links) == {"Red (human)", "White (human)", "to watch"}
    assert len({link.split("token=")[1] for link in links.values()}) == 3

    with TestClient(served["app"]) as client:
        assert client.get("/api/game").status_code == 401
        token = links["White (human)"].split("token=")[1]
        assert client.get("/api/game", params={"token": token}).json()["seat"] == 2


@pytest.mark.parametrize("args, words", [
    (["--seats", "human,wizard"], "unknown seat 'wizard'"),
    (["--seats", ",".join(["greedy"] * 9)], "not 9"),
    (["--port", "70000"], "70000"),
    (["--seats", "human,greedy,"], "has an empty entry"),     # it played two seats
])
def test_usage_errors_exit_2(args: list[str], words: str) -> None:
    r = run("serve", FISHERMEN, *args)
    assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("target, words", [("scenario", "the scenario being read"),
                                           ("other.catan", "a .catan source"),
                                           ("missing/game.json", "does not exist")])
def test_a_save_path_that_would_lose_a_file_or_the_game_is_refused_first(
        served, tmp_path: Path, target: str, words: str) -> None:
    """--save over the scenario replaced it with the transcript when the game ended, and a
    folder that does not exist was found only then: the game was lost with a warning."""
    src = tmp_path / "f.catan"
    src.write_text(Path(FISHERMEN).read_text())
    out = src if target == "scenario" else tmp_path / target
    r = run("serve", str(src), "--port", "0", "--save", str(out))
    assert r.exit_code == 2 and "'--save'" in r.output and words in r.output
    assert "app" not in served and src.read_text() == Path(FISHERMEN).read_text()


def test_a_busy_port_is_one_clear_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = run("serve", FISHERMEN, "--port", str(port))
    assert r.exit_code == 1
    assert r.output.strip() == f"error: cannot listen on 127.0.0.1:{port}: Address already in " \
        "use: pass --port N, or --port 0 for any free port"


def test_without_the_web_extra_it_says_what_to_install(served, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "starlette", None)      # as if it were not installed
    r = run("serve", FISHERMEN)
    assert r.exit_code == 1
    assert "catan-dsl serve needs the web extra" in r.output and "catan-dsl[web]" in r.output
    assert "app" not in served


def test_a_transcript_opens_in_the_viewer(served, tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    r = run("play", FISHERMEN, "--seed", "3", "--bots", "greedy", "--json")
    game.write_text(r.output, encoding="utf-8")
    r = run("serve", str(game), "--port", "0")
    assert r.exit_code == 0, r.output
    assert f"replay of The Fishermen of Catan at http://127.0.0.1:{served['port']}/" in r.output

    steps = len(json.loads(game.read_text())["steps"])
    with TestClient(served["app"]) as client:
        view = client.get("/api/game").json()
        assert view["mode"] == "replay" and view["step"] == view["total"] == steps
        rule = next(e["rule"]["where"] for e in view["log"] if e["rule"])
        # A transcript's paths are never opened; --scenario names the file to read lines from.
        assert "pass --scenario" in client.get("/api/source", params={"where": rule}).json()["error"]
    r = run("serve", str(game), "--port", "0", "--scenario", FISHERMEN)
    assert r.exit_code == 0, r.output
    with TestClient(served["app"]) as client:
        log = client.get("/api/game").json()["log"]
        where = next(e["rule"]["where"] for e in log if e["rule"])
        assert client.get("/api/source", params={"where": where}).status_code == 200


def test_a_transcript_with_another_scenario_says_so(tmp_path: Path) -> None:
    """--scenario naming the wrong scenario reported "unknown board" at a line of that file."""
    game = tmp_path / "game.json"
    game.write_text(run("play", FISHERMEN, "--seed", "3", "--bots", "greedy", "--json").output,
                    encoding="utf-8")
    r = run("serve", str(game), "--port", "0", "--scenario", str(ROOT / "scenarios" / "rivers.catan"))
    assert r.exit_code == 1
    assert r.output.strip() == f"error: {game} was played with scenario 'fishermen', and " \
        f"{ROOT / 'scenarios' / 'rivers.catan'} is 'rivers': pass the scenario it was played with"


def test_a_broken_transcript_is_one_error_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "catan-dsl-transcript", "version": 1}', encoding="utf-8")
    r = run("serve", str(bad))
    assert r.exit_code == 1 and "error:" in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_a_served_game_is_saved_on_ctrl_c_and_replays(tmp_path: Path, stop: int) -> None:
    """The real command in its own process: bots play to the end, Ctrl-C (or `kill`: SIGTERM
    once ended the process before it saved) stops the server, the transcript it saves is the
    game's and `catan-dsl replay` verifies it."""
    out = tmp_path / "served.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "catan_dsl", "serve", FISHERMEN, "--seats", "greedy,greedy,greedy",
         "--seed", "4", "--port", "0", "--pace-ms", "0", "--set", "vp_target=5",
         "--save", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        url = re.search(r"http://\S+", proc.stdout.readline()).group(0)
        deadline = time.monotonic() + 60
        while True:
            with urllib.request.urlopen(url + "api/game") as got:
                view = json.loads(got.read())
            if view["over"]:
                break
            assert time.monotonic() < deadline, "the served game did not end"
            time.sleep(0.2)
        assert out.exists()                            # written when the game ended
        out.unlink()                                   # and written again on the way out
        proc.send_signal(stop)
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, stderr
    assert f"transcript saved to {out}" in stdout and "Traceback" not in stderr
    r = run("replay", str(out))
    assert r.exit_code == 0 and r.output.startswith("verified ") and "legality only" not in r.output
    assert json.loads(out.read_text())["final"]["vp"] == [s["vp"] for s in view["seats"]]


def test_the_command_list_has_serve() -> None:
    assert re.search(r"^  serve\b", run("--help").output, re.M)

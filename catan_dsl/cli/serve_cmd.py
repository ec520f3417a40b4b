"""`serve` command: scenario (or transcript) + seats → a local web server to play (or watch) it in
the browser; prints the address(es) and, on a LAN, the join links."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from catan_dsl.cli.bot_options import seat_list
from catan_dsl.cli.common import (EXIT_USAGE, ScenarioArg, check_output, engine_guard, fail,
                                  resolve_variants, set_option)
from catan_dsl.cli.game import board_for_seats, load_scenario, read_transcript, transcript_ir

WEB_EXTRA = "pip install 'catan-dsl[web]'"


def _is_transcript(path: str) -> bool:
    """A ``.json`` file holding a transcript (``play --json``, ``playtest``, a served game); an
    IR or a broken file is left to the scenario loader, which says what is wrong with it."""
    if Path(path).suffix != ".json" or not Path(path).is_file():
        return False
    from catan_dsl.play.transcript import FORMAT

    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(doc, dict) and doc.get("format") == FORMAT


@click.command()
@click.argument("file", type=ScenarioArg())
@click.option("--seats", "seats_text", metavar="LIST",
              help="Comma-separated seat kinds: human or a bot name (greedy, random, …), e.g. "
                   "human,greedy,greedy,greedy; one name for every seat. Default: one human, "
                   "then greedy bots.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for the board, chance and bots.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 for players on the local network (each gets a "
                   "join link with a token).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
@click.option("--pace-ms", type=click.IntRange(min=0), default=400, show_default=True,
              help="Pause after each bot move, in milliseconds, so people can follow.")
@click.option("--max-turns", type=click.IntRange(min=1), default=None,
              help="Stop the game after this many turns (default 500).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False),
              help="Write the game's transcript to this file when it ends and when the server stops.")
@click.option("--scenario", type=ScenarioArg(),
              help="With a transcript: the scenario it was played with, so the page can show the "
                   "rule lines (a transcript's own paths are never opened).")
@click.option("--board", metavar="NAME", help="Play on this named board of the scenario.")
@click.option("--with", "with_", metavar="NAME", multiple=True, callback=resolve_variants,
              help="Combine a variant (repeatable), e.g. --with harbormaster or PACK:VARIANT.")
@click.option("--option", "options", metavar="NAME", multiple=True,
              help="Turn on a named option of the scenario (repeatable).")
@set_option()
def serve(file: str, seats_text: str | None, seed: int, host: str, port: int, open_browser: bool,
          pace_ms: int, max_turns: int | None, save_path: str | None, scenario: str | None,
          board: str | None, with_: tuple[str, ...], options: tuple[str, ...],
          params: dict[str, int]) -> None:
    """Play FILE in the browser against bots or friends, or watch a transcript (FILE.json)."""
    try:
        import starlette  # noqa: F401  (the web extra, asked for by name: a clear message)
        import uvicorn  # noqa: F401
    except ImportError as exc:
        fail(f"catan-dsl serve needs the web extra ({exc.name} is missing): {WEB_EXTRA}")
    if save_path is not None:          # before the game: a wrong path lost it at its end
        check_output("--save", save_path, file)
    from catan_dsl.serve import app as web
    from catan_dsl.serve import server
    from catan_dsl.serve.sources import SourceLines

    if _is_transcript(file):
        session = _viewer(file, scenario)
        seats: list[str] = []
    else:
        from catan_dsl.play.playtest import DEFAULT_MAX_TURNS
        from catan_dsl.serve.session import GameSession, seat_kinds

        ir = load_scenario(file, board, with_, options, params or None)
        try:
            seat_list(seats_text, "--seats", "human,greedy,greedy")    # no stray comma
            seats = seat_kinds(seats_text, ir)
        except ValueError as exc:
            click.echo(f"error: --seats: {exc}", err=True)
            sys.exit(EXIT_USAGE)
        ir = board_for_seats(ir, len(seats), file, board, with_, options, params)
        # Rule lines are read from the files we compiled; a compiled IR's paths are data.
        source = Path(file).suffix != ".json"
        sources = SourceLines(ir, trusted=source, reason="an IR file's paths are not opened; "
                              "serve the .catan source to see the rule lines")
        with engine_guard(file):
            session = GameSession(ir, seats, seed=seed, source=file, sources=sources,
                                  max_turns=max_turns or DEFAULT_MAX_TURNS)
    lan = not server.is_loopback(host)
    humans = [p for p, k in enumerate(seats) if k == "human"]
    tokens = web.new_tokens(humans) if lan else None

    def save(doc: dict) -> None:
        if save_path is None:
            return
        from catan_dsl.play.transcript import dumps

        try:
            server.write_transcript(save_path, dumps(doc))
        except OSError as exc:
            click.echo(f"warning: cannot save the transcript to {save_path}: "
                       f"{exc.strerror or exc}", err=True)

    try:
        sock = server.listen(host, port)
    except OSError as exc:
        busy = ": pass --port N, or --port 0 for any free port" if exc.errno == 98 else ""
        # socket.create_server appends "(while attempting to bind on address …)": said already
        why = os.strerror(exc.errno) if exc.errno else str(exc)
        fail(f"cannot listen on {host}:{port}: {why}{busy}")
    actual = sock.getsockname()[1]
    base = f"http://{server.url_host(host)}:{actual}/"
    first = _announce(session, base, tokens, lan, host)
    app = web.create_app(session, tokens=tokens, pace_ms=pace_ms, save=save)
    if open_browser:
        import webbrowser

        webbrowser.open(first)
    server.run(app, sock)
    sock.close()
    if save_path is not None and session.mode == "play":
        save(session.transcript())
        if Path(save_path).is_file():
            click.echo(f"transcript saved to {save_path}")
    click.echo("server stopped")


def _viewer(file: str, scenario: str | None):  # type: ignore[no-untyped-def]
    """A transcript → the replay session; its source lines only from a scenario named here."""
    from catan_dsl.serve.replay import ReplayError, ReplaySession
    from catan_dsl.serve.sources import SourceLines

    doc = read_transcript(file)
    ir = transcript_ir(doc, file, scenario)
    sources = SourceLines(ir, trusted=scenario is not None,
                          reason="a transcript's paths are not opened; pass --scenario FILE "
                                 "to see the rule lines")
    try:
        with engine_guard(file):
            return ReplaySession(doc, ir, sources)
    except ReplayError as exc:
        fail(f"{file}: {exc}")


def _announce(session, base: str, tokens: dict | None, lan: bool, host: str) -> str:  # type: ignore[no-untyped-def]
    """Print where to point the browser (one link per seat on a LAN); returns the first link."""
    title = session.ir.get("meta", {}).get("title") or session.ir.get("meta", {}).get("id")
    what = "replay of" if session.mode == "replay" else "serving"
    if not lan:
        click.echo(f"{what} {title} at {base}   (Ctrl-C stops)")
        return base
    from catan_dsl.play.playtest import seat_name

    click.echo(f"warning: listening on {host}: anyone on this network can reach the server; "
               "each link below carries its own join token — give each player only his", err=True)
    click.echo(f"{what} {title} at {base}   (Ctrl-C stops)")
    first = None
    for token, seat in sorted(tokens.items(), key=lambda t: -1 if t[1] is None else t[1]):
        link = f"{base}?token={token}"
        who = "to watch" if seat is None else f"{seat_name(seat)} (human)"
        click.echo(f"  {who}: {link}")
        if seat is not None and first is None:
            first = link
    return first or next(f"{base}?token={t}" for t, s in tokens.items() if s is None)


COMMANDS = [serve]

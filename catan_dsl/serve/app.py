"""A game or replay session → the Starlette app: the page, the JSON API of docs/serve.md, the
websocket that pushes each change, join tokens for a LAN game, and the task that plays the bots."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import re
import secrets
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from catan_dsl.play.transcript import dumps
from catan_dsl.serve.session import Refused

PAGE = Path(__file__).parent / "page"
MAX_BODY = 16_384               # an action is one short line of text
TOKEN_HEADER = "x-catan-token"
# The page loads nothing from anywhere: its script and style are inline, its data comes from here.
CSP = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
       "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'")


def page_html() -> str:
    """index.html with its style and script written in (one request, no other file)."""
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    return html.replace("/*STYLE*/", (PAGE / "page.css").read_text(encoding="utf-8")) \
               .replace("/*SCRIPT*/", (PAGE / "page.js").read_text(encoding="utf-8"))


def new_tokens(humans: list[int]) -> dict[str, int | None]:
    """A LAN game's join tokens: one per human seat (it names the seat) and one to watch."""
    tokens: dict[str, int | None] = {secrets.token_urlsafe(12): None}
    for p in humans:
        tokens[secrets.token_urlsafe(12)] = p
    return tokens


class Hub:
    """Wakes whoever waits for the game to change (websockets, the bot driver)."""

    def __init__(self) -> None:
        self.event = asyncio.Event()

    def changed(self) -> None:
        self.event.set()
        self.event = asyncio.Event()


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message, "status": status}, status_code=status)


def create_app(session: Any, *, tokens: dict[str, int | None] | None = None, pace_ms: int = 400,
               save: Callable[[dict], None] | None = None) -> Starlette:
    """The server of one session (a ``GameSession`` or ``ReplaySession``).

    Args:
        tokens: None for a local game (no token; the page picks its seat); else every request
            must carry one of these (``?token=`` or the ``X-Catan-Token`` header), which also
            fixes the seat it speaks for (None: a spectator).
        pace_ms: the pause after each bot move, so people can follow the game.
        save: called with the transcript when the game ends (``serve --save``).
    """
    hub = Hub()
    html = page_html()
    replay = session.mode == "replay"

    def token_seat(conn: Request | WebSocket) -> tuple[bool, int | None]:
        """(allowed, the seat the token names); always allowed in a local game."""
        if tokens is None:
            return True, None
        given = conn.query_params.get("token") or conn.headers.get(TOKEN_HEADER) or ""
        for token, seat in tokens.items():
            if secrets.compare_digest(token.encode(), given.encode()):
                return True, seat
        return False, None

    def seat_of(conn: Request | WebSocket, body_seat: Any = None) -> int | None:
        allowed, seat = token_seat(conn)
        if not allowed:
            raise Refused(401, "this game needs its join token: open the address the server "
                               "printed (it ends with ?token=…)")
        if tokens is not None:
            return seat
        asked = body_seat if body_seat is not None else conn.query_params.get("seat")
        if asked in (None, ""):
            return None if replay else session.default_seat()
        try:
            seat = int(asked)
        except (TypeError, ValueError):
            raise Refused(400, f"seat must be a seat number, not {asked!r}") from None
        if not 0 <= seat < len(session.seats):
            raise Refused(400, f"seat {seat} is not in this game (0..{len(session.seats) - 1})")
        return seat

    def number(request: Request, name: str, default: int | None) -> int | None:
        text = request.query_params.get(name)
        if text in (None, ""):
            return default
        try:
            return int(text)
        except ValueError:
            raise Refused(400, f"{name} must be a whole number, not {text!r}") from None

    def save_if_ended(was_over: bool) -> None:
        """Hand the transcript to ``save`` once, as the game ends; a failure to write it is the
        saver's to report and never stops the game or the server."""
        if save is not None and not was_over and session.over():
            with contextlib.suppress(Exception):
                save(session.transcript())

    def guarded(handler: Callable) -> Callable:
        """A refusal becomes its 4xx; any other failure a 500 with its message — never a crash."""
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except Refused as exc:
                return _error(exc.status, exc.message)
            except Exception as exc:  # noqa: BLE001 — the server answers, whatever went wrong
                return _error(500, f"internal error: {type(exc).__name__}: {exc}")
        return endpoint

    async def index(request: Request) -> Response:
        if not token_seat(request)[0]:
            return HTMLResponse("<!doctype html><title>catan-dsl</title><p>This game needs its "
                                "join token: open the address the server printed.", 401)
        return HTMLResponse(html, headers={"Content-Security-Policy": CSP,
                                           "Cache-Control": "no-store"})

    async def game(request: Request) -> Response:
        seat = seat_of(request)
        since = number(request, "since", 0)
        if replay:
            return JSONResponse(session.view(seat, since, number(request, "step", None)))
        return JSONResponse(session.view(seat, since))

    async def actions(request: Request) -> Response:
        seat_of(request)                                   # the token first
        if replay:
            raise Refused(409, "this is a replay viewer: nothing can be played here")
        body = await _read_body(request)
        try:
            data = json.loads(body)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            raise Refused(400, 'the body must be JSON: {"action": "end turn"}') from None
        if not isinstance(data, dict) or "action" not in data:
            raise Refused(400, 'the body must be a JSON object with "action": {"action": "end turn"}')
        seat = seat_of(request, data.get("seat"))
        if tokens is not None and seat is None:
            raise Refused(403, "a spectator's token cannot play")
        # A local page that names no seat plays for whichever human is to move (hot-seat).
        named = tokens is not None or data.get("seat") is not None or \
            bool(request.query_params.get("seat"))
        was_over = session.over()
        session.act(seat if named else None, data["action"])
        hub.changed()
        save_if_ended(was_over)
        return JSONResponse(session.view(seat if named else session.default_seat()))

    async def transcript(request: Request) -> Response:
        seat_of(request)
        if tokens is not None and not session.over():
            raise Refused(409, "the transcript names every hidden card: it is served when the "
                               "game is over")
        doc = session.transcript if replay else session.transcript()
        headers = {}
        if request.query_params.get("download"):
            stem = f"{doc.get('scenario') or 'game'}-seed{doc.get('seed')}"
            name = re.sub(r"[^\w.+-]", "_", stem) + ".json"
            headers["Content-Disposition"] = f'attachment; filename="{name}"'
        return Response(dumps(doc), media_type="application/json", headers=headers)

    async def source(request: Request) -> Response:
        seat_of(request)
        try:
            return JSONResponse(session.sources.lookup(request.query_params.get("where", "")))
        except LookupError as exc:
            raise Refused(404, str(exc)) from None

    async def websocket(ws: WebSocket) -> None:
        allowed, _ = token_seat(ws)
        if not allowed:
            await ws.close(code=4401)
            return
        try:
            seat = seat_of(ws)
            cursor = int(ws.query_params.get("since") or 0)
        except (Refused, ValueError):
            await ws.close(code=4400)
            return
        follow = tokens is None and not ws.query_params.get("seat")   # hot-seat: the mover
        await ws.accept()
        with contextlib.suppress(Exception):   # a closed socket ends this handler, nothing else
            await _push(ws, session, hub, seat, cursor, follow)

    async def drive() -> None:
        """Play chance and the bots one step at a time, pausing after each bot move; when a
        human is to move (or the game is over or stopped), wait for the next change."""
        pace = max(0, pace_ms) / 1000
        while True:
            was_over = session.over()
            try:
                kind = session.step_automatic()
            except Exception as exc:  # noqa: BLE001 — the driver outlives any failure
                session.error = f"internal error: {type(exc).__name__}: {exc}"
                session.version += 1
                kind = None
            save_if_ended(was_over)
            hub.changed()
            if kind is None:
                await hub.event.wait()
            else:
                await asyncio.sleep(pace if kind == "bot" else 0)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = None if replay else asyncio.create_task(drive())
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    routes = [
        Route("/", index),
        Route("/api/game", guarded(game)),
        Route("/api/game/actions", guarded(actions), methods=["POST"]),
        Route("/api/game/transcript", guarded(transcript)),
        Route("/api/source", guarded(source)),
        WebSocketRoute("/api/game/ws", websocket),
    ]
    return Starlette(routes=routes, lifespan=lifespan,
                     exception_handlers={HTTPException: _not_here})


async def _not_here(request: Request, exc: Exception) -> Response:
    """An address or method the server does not have: JSON under /api/ (as every API answer),
    else a page that says so and links to the game — never a bare "Not Found"."""
    status = getattr(exc, "status_code", 500)
    what = "no such address" if status == 404 else getattr(exc, "detail", "") or "refused"
    if request.url.path.startswith("/api/"):
        if status == 405:
            what = f"{request.method} is not allowed on {request.url.path}"
        return _error(status, f"{what}: {request.url.path} (docs/serve.md lists the API)")
    page = (f"<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>{status} — catan-dsl"
            f"</title><body style=\"font:16px system-ui,sans-serif;margin:2em\"><h1>{status}: "
            f"{html.escape(what)}</h1><p>This server has no page at <code>"
            f"{html.escape(request.url.path)}</code>. <a href=\"/\">The game is here.</a></p>")
    return HTMLResponse(page, status, headers={"Content-Security-Policy": CSP})


async def _read_body(request: Request) -> bytes:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refused(413, f"the body is over {MAX_BODY:,} bytes; an action is one line")
        chunks.append(chunk)
    return b"".join(chunks)


async def _push(ws: WebSocket, session: Any, hub: Hub, seat: int | None, cursor: int,
                follow: bool) -> None:
    """Send the seat's view at every change until the page goes away."""
    receiver = asyncio.ensure_future(ws.receive())
    sent = -1
    try:
        while True:
            event = hub.event
            if session.version != sent:
                sent = session.version
                view = session.view(session.default_seat() if follow else seat, cursor)
                cursor = view["log_total"]
                await ws.send_text(json.dumps(view))
                continue
            waiter = asyncio.ensure_future(event.wait())
            done, _ = await asyncio.wait({receiver, waiter}, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                waiter.cancel()
                if receiver.result().get("type") == "websocket.disconnect":
                    return
                receiver = asyncio.ensure_future(ws.receive())   # the page's pings: ignored
    finally:
        receiver.cancel()

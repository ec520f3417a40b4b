"""Host + port → a listening socket, the address to give players, and uvicorn serving an app on it
until Ctrl-C; a transcript written to a file without ever leaving half of it."""

from __future__ import annotations

import ipaddress
import os
import socket
import tempfile
from pathlib import Path
from typing import Any

LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (no join token needed there)."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` (port 0: any free one). Raises OSError."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=128)


def lan_address() -> str:
    """This machine's address on its network, for the links printed to LAN players. A UDP
    socket's ``connect`` picks the outgoing interface without sending anything."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def url_host(host: str) -> str:
    """The host part of a printed URL: the LAN address for a wildcard, IPv6 in brackets."""
    if host in ("0.0.0.0", "::", ""):
        return lan_address()
    return f"[{host}]" if ":" in host else host


class _Terminated(Exception):
    """SIGTERM (``kill``), raised where uvicorn hands back the signal it caught."""


def _terminated(signum: int, frame: Any) -> None:
    raise _Terminated


def run(app: Any, sock: socket.socket) -> None:
    """Serve ``app`` on ``sock`` until Ctrl-C (or SIGTERM); returns once the server has shut down."""
    import signal

    import uvicorn

    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            ws_ping_interval=20, ws_ping_timeout=20)
    # uvicorn shuts down gracefully, then raises the signal it caught again under the handler
    # it found: Ctrl-C's KeyboardInterrupt, and for SIGTERM the default, which killed the
    # process before the transcript was saved. Both are how a server is stopped, not errors.
    before = signal.signal(signal.SIGTERM, _terminated)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except (KeyboardInterrupt, _Terminated):
        pass
    finally:
        signal.signal(signal.SIGTERM, before)


def write_transcript(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, so a reader never
    sees half a transcript and an old one is replaced only by a whole new one."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or Path("."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        # mkstemp makes the file private (0600); the saved game gets the mode any new file gets
        # here (or the one it replaces keeps its own), so others can read what a player shares.
        os.chmod(tmp, target.stat().st_mode & 0o7777 if target.exists() else 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask

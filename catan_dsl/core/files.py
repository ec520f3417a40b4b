"""Files in and out: a path and a size limit → a regular file's bytes, or a refusal saying why
(decided before anything is read); bytes → a file written atomically with the user's umask."""

from __future__ import annotations

import os
import stat


class FileRefused(Exception):
    """A path that is not read: ``code`` is E107 (too large) or E108 (not a regular file)."""

    def __init__(self, code: str, **args: object) -> None:
        super().__init__(code)
        self.code, self.args_ = code, args


class CannotWrite(OSError):
    """A file the tool was asked to write could not be written: ``path`` is the target as the
    user named it (never the temporary file beside it), ``reason`` the system's words. Its text
    is the one line the CLI prints: "cannot write PATH: reason"."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"cannot write {path}: {reason}")
        self.path, self.reason = path, reason


def kind_of(mode: int) -> str | None:
    """What a non-regular file is, in words (None for a regular file)."""
    for test, words in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
                        (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                        (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return None if stat.S_ISREG(mode) else "not a regular file"


def read_limited(path: str, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; OSError when it cannot be read."""
    info = os.stat(path)
    kind = kind_of(info.st_mode)
    if kind is not None:
        raise FileRefused("E108", path=path, kind=kind)
    if info.st_size > limit:
        raise FileRefused("E107", path=path, size=info.st_size, limit=limit)
    with open(path, "rb") as fh:
        data = fh.read(limit + 1)            # the file may have grown since the stat
    if len(data) > limit:
        raise FileRefused("E107", path=path, size=len(data), limit=limit)
    return data


def umask() -> int:
    """The process's file-creation mask (read by setting it and putting it back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | os.PathLike, data: bytes, mode: int | None = None) -> None:
    """Write beside the target, then rename: readers see the old file or the whole new one,
    never half of it; the file gets ``mode`` (a rewritten file keeps its own), else the mode
    the user's umask gives (mkstemp's is 0600). CannotWrite when any step fails (no folder,
    no permission, a read-only disk, a folder in the way, a full disk), naming ``path``."""
    import tempfile
    from pathlib import Path

    p = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp",
                                   dir=p.parent if str(p.parent) else ".")
    except OSError as e:
        raise CannotWrite(str(path), _reason(e)) from e
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, mode if mode is not None else 0o666 & ~umask())
        os.replace(tmp, p)
    except BaseException as e:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise CannotWrite(str(path), _reason(e)) from e
        raise


def _reason(e: OSError) -> str:
    """The system's words for ``e`` ("Permission denied"), not its text, which names the
    temporary file."""
    return e.strerror or type(e).__name__

"""Exit codes and the small output helpers shared by every CLI command."""

from __future__ import annotations

import contextlib
import sys
from typing import Iterator, NoReturn

import click

EXIT_OK = 0
EXIT_ERRORS = 1  # the input has errors (diagnostics were printed)
EXIT_USAGE = 2  # the command line itself is wrong (click uses 2 as well)
EXIT_MISMATCH = 3  # replay: the transcript does not reproduce


def fail(message: str, code: int = EXIT_ERRORS) -> NoReturn:
    """One ``error: ...`` line on stderr, then exit with ``code``."""
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


@contextlib.contextmanager
def engine_guard(path: str) -> Iterator[None]:
    """A valid IR the engine still cannot play is an error message and exit 1, not a traceback."""
    try:
        yield
    except BrokenPipeError:
        # The reader went away (e.g. `play ... | head`): stop quietly like other Unix tools.
        sys.stderr.close()
        raise SystemExit(0) from None
    except Exception as exc:  # noqa: BLE001 — any engine failure, reported as one line
        fail(f"{path}: the engine could not play this scenario: {type(exc).__name__}: {exc}\n"
             f"  = help: this is a bug in catan-dsl if 'catan-dsl check {path}' reports nothing")

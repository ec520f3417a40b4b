"""Exit codes and the small output helpers shared by every CLI command."""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn

import click

if TYPE_CHECKING:
    from catan_dsl.core.diagnostics import Report

EXIT_OK = 0
EXIT_ERRORS = 1  # the input has errors (diagnostics were printed)
EXIT_USAGE = 2  # the command line itself is wrong (click uses 2 as well)
EXIT_MISMATCH = 3  # replay: the transcript does not reproduce


def fail(message: str, code: int = EXIT_ERRORS) -> NoReturn:
    """One ``error: ...`` line on stderr, then exit with ``code``."""
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


def reader_gone() -> NoReturn:
    """The reader went away (``pack list | head``): stop quietly, exit 0, like other Unix tools
    (the stdout still buffered would fail again at exit: nothing is said of it)."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):    # a stdout without a file (a test's)
        pass
    raise SystemExit(0)


@contextlib.contextmanager
def engine_guard(path: str) -> Iterator[None]:
    """A valid IR the engine still cannot play is an error message and exit 1, not a traceback."""
    try:
        yield
    except BrokenPipeError:
        reader_gone()
    except Exception as exc:  # noqa: BLE001 — any engine failure, reported as one line
        from catan_dsl.engine import STEP_BUDGET, RuleBudgetExceeded
        if isinstance(exc, RuleBudgetExceeded):
            # The scenario's own rules ran away: say where, and what to change, not "a bug".
            fail(f"{exc.where or path}: the game stopped: {exc}\n"
                 f"  = help: a rule that never stops, or more than {STEP_BUDGET:,} steps of rules "
                 f"between two choices of a player (re-rolls and other chance steps count): "
                 f"bound its loops (repeat N, a 'where' that turns it off) or "
                 f"spread the work over several actions; 'catan-dsl check {path}' warns of a rule "
                 f"that fires itself again (W402)")
        fail(f"{path}: the engine could not play this scenario: {type(exc).__name__}: {exc}\n"
             f"  = help: this is a bug in catan-dsl if 'catan-dsl check {path}' reports nothing")


def playable_diagnostics(ir: dict, path: str) -> list:
    """What only building the game can find in a loaded IR (a rule whose expressions do not fit
    together), as E505 diagnostics naming the rule by JSON path; empty when the engine takes it."""
    from catan_dsl.core.diagnostics import make
    from catan_dsl.core.source import Span
    from catan_dsl.engine import Game

    try:
        Game(ir)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        return [make("E505", Span(path, 1, 1, 1, 2), message=str(exc).strip("'\""),
                     hint="recompile the scenario; a hand-edited IR must keep its rules well typed")]
    return []


# The hints the checker gives a mistake it was handed by the command line, not found in a file
# (check/load.py for --with, check/params.py for a --set value out of range).
_WITH_HINT = "--with names a variant file in scenarios/"
_SET_RANGE_HINT = "--set it within the range, or widen the range"


def command_line_mistakes(report: Report, path: str, *, board: str | None = None,
                          with_: tuple[str, ...] = (), params: dict[str, int] | None = None
                          ) -> list[tuple[str, str]]:
    """The errors of a compile ``report`` that the command line made, not the file: (option,
    message) for a ``--set`` name no file declares or a value outside its range, a ``--with``
    naming no variant, a ``--board`` naming no board."""
    from catan_dsl.core.codes import CODES

    out = []
    params = params or {}
    for d in report.errors:
        if d.code == "E219":
            name = next((n for n in params if d.message == CODES["E219"].format(name=n)), None)
            # A file's own unknown parameter is reported where it is used, never at 1:1.
            if name is not None and (d.span.line, d.span.col) == (1, 1):
                out.append(("--set", f"{name}={params[name]}: {d.message} by {path}"
                                     + (f" ({d.hint})" if d.hint else "")))
        elif d.code == "E220" and d.hint == _SET_RANGE_HINT:
            out.append(("--set", f"{d.message}, the range declared at {d.span.path}:"
                                 f"{d.span.line}"))
        elif d.code == "E209" and (d.hint or "").startswith(_WITH_HINT) and any(
                d.message == CODES["E209"].format(what="variant", name=w) for w in with_):
            out.append(("--with", f"{d.message} (a variant file beside {path} or shipped)"
                                  + (d.hint or "")[len(_WITH_HINT):]))   # "; did you mean ..."
        elif d.code == "E204" and board is not None and \
                d.message == CODES["E204"].format(name=board):
            out.append(("--board", d.message + (f" in {path} ({d.hint})" if d.hint else "")))
    return out


def usage_error(option: str, message: str) -> NoReturn:
    """A command-line mistake: click's usage error naming the option, exit 2 (EXIT_USAGE) on
    every command alike, never a caret in a file."""
    raise click.BadParameter(message, ctx=click.get_current_context(silent=True),
                             param_hint=f"'{option}'")


def check_output(option: str, target: str, source: str | None = None,
                 wanted: str = "a .json file") -> None:
    """An output path, checked before any work so a long run is never lost at its end: its
    folder exists, and it is neither the scenario being read nor any .catan source (JSON
    written there would replace a designer's text). Else a usage error naming ``option``."""
    import os

    folder = os.path.dirname(target) or "."
    if not os.path.isdir(folder):
        usage_error(option, f"{target}: the folder {folder} does not exist")
    same = source is not None and os.path.exists(target) and os.path.exists(source) \
        and os.path.samefile(target, source)
    if same or target.lower().endswith(".catan"):
        what = "the scenario being read" if same else "a .catan source"
        usage_error(option, f"{target} is {what}: name {wanted}")


def say_board_taken(report: Report) -> None:
    """W403 of a compile the command line's --with shaped: the scenario's own board is not
    the one played or drawn; said on stderr before the work, not found in its pictures (the
    scenario's other warnings are check's to print)."""
    from catan_dsl.core.diagnostics import Report

    taken = [d for d in report.warnings if d.code == "W403"]
    if taken:
        click.echo(Report(taken).render_text().rstrip(), err=True)


def stop_on_command_line_mistakes(report: Report, path: str, **given: Any) -> None:
    """Raise the usage error of the first command-line mistake in ``report``, if any (the
    command line is fixed first; the file's own errors come after)."""
    mistakes = command_line_mistakes(report, path, **given)
    if mistakes:
        option = mistakes[0][0]
        usage_error(option, "; ".join(m for o, m in mistakes if o == option))


def _pack_path(value: str) -> str | None:
    """``PACK:SCENARIO`` → the installed scenario file; None for an ordinary path."""
    if ":" not in value:
        return None
    from catan_dsl.packs.manifest import PackError
    from catan_dsl.packs.store import resolve

    try:
        path = resolve(value)
    except PackError as e:
        raise click.BadParameter(str(e)) from None
    return None if path is None else str(path)


class ScenarioArg(click.ParamType):
    """A scenario file, or ``PACK:SCENARIO`` naming one in an installed or pip-shipped pack."""

    name = "file"

    def __init__(self, exists: bool = False, path_type: type = str) -> None:
        self.exists, self.path_type = exists, path_type

    def convert(self, value, param, ctx):  # type: ignore[no-untyped-def]
        if isinstance(value, self.path_type) and not isinstance(value, str):
            return value
        resolved = _pack_path(str(value))
        if resolved is None and self.exists:
            click.Path(exists=True, dir_okay=False).convert(value, param, ctx)
        if resolved is not None and ctx is not None:    # reports name it as the user did
            ctx.meta.setdefault(_SPECS, {})[resolved] = str(value)
        return self.path_type(resolved if resolved is not None else value)


_SPECS = "catan_dsl.pack_specs"


def as_given(path: str) -> str:
    """The name the user gave for a scenario path: ``PACK:SCENARIO`` for a pack's file (not
    the packs folder's path), else the path itself."""
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get(_SPECS, {}).get(str(path), str(path)) if ctx is not None else str(path)


def resolve_variants(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
                     ) -> tuple[str, ...]:
    """``--with`` values: variant names stay names; ``PACK:VARIANT`` becomes the variant's file
    (remembered for ``as_given``)."""
    out = []
    for v in values:
        resolved = _pack_path(v)
        if resolved is not None:
            ctx.meta.setdefault(_SPECS, {})[resolved] = v
        out.append(resolved or v)
    return tuple(out)


def parse_sets(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
               ) -> dict[str, int]:
    """``--set NAME=VALUE`` (repeatable) → {name: integer value}; a malformed one is a usage
    error naming it."""
    out: dict[str, int] = {}
    for text in values:
        name, eq, value = text.partition("=")
        name = name.strip()
        try:
            number = int(value.strip())
        except ValueError:
            number = None
        if not eq or not name.isidentifier() or number is None:
            raise click.BadParameter(f"{text!r}: write NAME=INTEGER, e.g. --set vp_target=12",
                                     param=param)
        if name in out and out[name] != number:     # the last one silently won
            raise click.BadParameter(f"{name} is given two values, {out[name]} and {number}",
                                     param=param)
        out[name] = number
    return out


def set_option(flag: str = "--set", dest: str = "params", side: str = "") -> Callable:
    """The ``--set NAME=VALUE`` option every command that reads a scenario takes."""
    return click.option(flag, dest, multiple=True, callback=parse_sets, metavar="NAME=VALUE",
                        help=f"Give a parameter ('param NAME = V' in the scenario) a value"
                             f"{side} (repeatable).")

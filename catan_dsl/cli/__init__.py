"""Command line → the `catan-dsl` click group; the only package that prints or exits."""

from __future__ import annotations

import atexit
import gc

# A command builds many objects that live until it ends (modules, the parser, the IR) and makes
# few cycles, so the collector only walks them over and over: with young objects collected
# every 200,000 allocations instead of 700, `check base.catan` runs no collection instead of
# about 200, which took 8% of its start-up (bench/README.md, eighth round). Games set their
# own pace (play.playtest.games_heap).
gc.set_threshold(200_000, *gc.get_threshold()[1:])
# For the same reason, when the command has ended: Python's shutdown runs full collections
# over every object still alive (the parser alone is ~70,000), which took a quarter of `check
# base.catan`'s CPU time; frozen objects are left to the process's end instead. Registered
# first, so it runs after every other exit handler. Our files are written and closed by the
# commands themselves (core/files.py), never by a collection at exit.
atexit.register(gc.freeze)

import importlib  # noqa: E402  (after the collector is set, so imports are counted too)

import click  # noqa: E402

from catan_dsl import __version__

# Command name → the cli module that defines it. Modules are imported when their command runs
# (or when --help lists them), so `catan-dsl check` does not import the engine, the renderer or
# the pack tools.
COMMAND_MODULES = {
    "check": "frontend", "compile": "frontend", "schema": "frontend", "explain": "frontend",
    "reference": "frontend",
    "render": "render_cmd", "play": "game", "replay": "game", "playtest": "game",
    "pack": "pack_cmd", "fmt": "editor_cmd", "lsp": "editor_cmd",
    "compare": "report_cmd", "sweep": "report_cmd", "serve": "serve_cmd",
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMAND_MODULES)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = COMMAND_MODULES.get(name)
        if module is None:
            return None
        commands = importlib.import_module(f"catan_dsl.cli.{module}").COMMANDS
        return next(c for c in commands if c.name == name)

    def invoke(self, ctx: click.Context) -> object:
        # Every command that writes a file (render -o, fmt, pack build, reports...): a target
        # that cannot be written is one line and exit 1, never a traceback.
        from catan_dsl.core.files import CannotWrite

        try:
            return super().invoke(ctx)
        except CannotWrite as e:
            from catan_dsl.cli.common import fail
            fail(str(e))
        except BrokenPipeError:
            from catan_dsl.cli.common import reader_gone
            reader_gone()
        except (KeyboardInterrupt, click.Abort):
            # Ctrl-C anywhere (a game's log, a check, a render): the shell's code for it, as a
            # stopped playtest exits, not click's "Aborted!" and exit 1 (1 means "errors found").
            click.echo("\nstopped by Ctrl-C", err=True)
            raise SystemExit(130) from None


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="catan-dsl")
def main() -> None:
    """Write, check, compile, draw and play Catan scenarios."""

"""`catan-dsl render FILE -o OUT.svg|png` → a board picture from a .catan source, a JSON IR, or a
transcript replayed to a turn (pieces, robber, VP)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import click

from catan_dsl.cli.common import (EXIT_ERRORS, ScenarioArg, engine_guard, resolve_variants,
                                  say_board_taken, set_option, stop_on_command_line_mistakes,
                                  usage_error)

PICTURE_SUFFIXES = (".svg", ".png")
INPUT_SUFFIXES = (".catan", ".json")


class _InputError(Exception):
    """The input cannot be turned into an IR; the message (diagnostics) is already worded."""


def _load(path: Path, board: str | None, with_: tuple[str, ...] = (),
          params: dict[str, int] | None = None) -> dict:
    """Compile or load ``path`` into an IR; raise _InputError with printable text on failure."""
    from catan_dsl import api

    if path.suffix == ".catan":
        ir, report = api.compile_file(str(path), board=board, with_=with_, params=params)
        if ir is None or report.has_errors:
            # A mistake on the command line is a usage error naming the option.
            stop_on_command_line_mistakes(report, str(path), board=board, with_=with_,
                                          params=params)
            raise _InputError(report.render_text())
        say_board_taken(report)
        return ir
    try:
        ir = api.load_ir(str(path))
    except api.CompileError as exc:
        raise _InputError(exc.report.render_text()) from exc
    except (OSError, ValueError) as exc:  # JSONDecodeError is a ValueError
        raise _InputError(f"{path}: {exc}") from exc
    chosen = ir.get("meta", {}).get("board")
    if board is not None and board != chosen:
        usage_error("--board", f"{board} only applies when compiling a .catan source; "
                               f"{path.name} was compiled with board {chosen!r}")
    if params:
        usage_error("--set", f"applies to a .catan source; {path.name} is compiled already")
    return ir


def _is_transcript(path: Path) -> bool:
    """A .json file whose ``format`` names a transcript (anything unreadable is left to _load)."""
    from catan_dsl.play.transcript import FORMAT

    if path.suffix.lower() != ".json":
        return False
    try:
        with path.open(encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError):
        return False
    return isinstance(doc, dict) and doc.get("format") == FORMAT


def _state_figure(file: Path, turn: int | None, scenario: str | None, coords: bool):
    """Transcript → the figure of its game at the end of ``turn``; errors print and exit 1."""
    from catan_dsl.cli.game import read_transcript, transcript_ir
    from catan_dsl.render import figure as rnd
    from catan_dsl.render import state_view as sv

    doc = read_transcript(str(file))
    ir = transcript_ir(doc, str(file), scenario)
    with engine_guard(str(file)):
        try:
            at = sv.state_at(doc, ir, turn)
        except sv.StateAtError as exc:
            click.echo(f"error: {file}: {exc}", err=True)
            raise SystemExit(EXIT_ERRORS) from None
        view = dataclasses.replace(sv.state_view(at.state), caption=sv.caption(at))
        return rnd.draw_board(ir, seed=doc["board_seed"], coords=coords, state_view=view)


@click.command("render")
@click.argument("file", type=ScenarioArg(exists=True, path_type=Path))
@click.option(
    "-o",
    "--output",
    "out",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Picture to write; the suffix (.svg or .png) picks the format.",
)
@click.option(
    "--seed", type=int, default=None, help="Fix the board's random parts (pools, numbers)."
)
@click.option("--coords", is_flag=True, help="Overlay q,r on hexes and vertex/edge ids.")
@click.option("--board", default=None, help="Named board to draw (for .catan sources).")
@click.option("--with", "with_", multiple=True, callback=resolve_variants,
              help="Combine a variant (repeatable; .catan sources; NAME or PACK:VARIANT).")
@click.option("--turn", type=click.IntRange(min=0), default=None,
              help="Transcripts: draw the game at the end of this turn (0 = after setup; "
                   "default: the end of the game).")
@click.option("--scenario", type=ScenarioArg(), default=None,
              help="Transcripts: the scenario file it was played with (default: the IR it carries).")
@set_option()
def render(file: Path, out: Path, seed: int | None, coords: bool, board: str | None,
           with_: tuple[str, ...] = (), turn: int | None = None,
           scenario: str | None = None, params: dict[str, int] | None = None) -> None:
    """Draw the board of FILE as SVG or PNG.

    FILE is a .catan source, a compiled .json IR, or a .json transcript written by
    `catan-dsl play --json`: then the game is replayed to the end of --turn and its pieces,
    robber and each player's VP are drawn.
    """
    # Check the command line before any work, so a typo never costs a compile.
    if out.suffix.lower() not in PICTURE_SUFFIXES:
        raise click.UsageError(
            f"cannot tell the picture format of {out.name!r}: the output must end in .svg or .png"
        )
    if file.suffix.lower() not in INPUT_SUFFIXES:
        raise click.UsageError(f"{file.name!r} is neither a .catan source nor a .json IR")
    if not out.parent.is_dir():
        raise click.UsageError(f"output folder {str(out.parent)!r} does not exist")
    from catan_dsl.ir import realize  # matplotlib loads only when drawing
    from catan_dsl.render import figure as rnd

    if _is_transcript(file):
        given = [o for o, v in (("--seed", seed), ("--board", board), ("--with", with_)) if v]
        if given:
            raise click.UsageError(f"{' and '.join(given)} cannot be used with a transcript: "
                                   f"its board, seed and variants are the recorded game's")
        fig = _state_figure(file, turn, scenario, coords)
        rnd.save_figure(fig, out)
        click.echo(f"wrote {out}")
        return
    for opt, v in (("--turn", turn), ("--scenario", scenario)):
        if v is not None:
            raise click.UsageError(f"{opt} needs a transcript (catan-dsl play --json > game.json), "
                                   f"but {file.name!r} is a scenario")
    try:
        ir = _load(file, board, with_, params or None)
        fig = rnd.draw_board(ir, seed=seed, coords=coords)
    except _InputError as exc:
        click.echo(str(exc).rstrip("\n"), err=True)
        raise SystemExit(EXIT_ERRORS) from None
    except realize.BoardGenError as exc:
        click.echo(f"{file}: the board cannot be realised: {exc}", err=True)
        raise SystemExit(EXIT_ERRORS) from None
    rnd.save_figure(fig, out)  # atomic: a temp file in the same folder, then a rename
    click.echo(f"wrote {out}")


COMMANDS = [render]

"""`catan-dsl render FILE -o OUT.svg|png` → a board picture from a .catan source or a JSON IR."""

from __future__ import annotations

import json
from pathlib import Path

import click

from catan_dsl.cli.common import EXIT_ERRORS

PICTURE_SUFFIXES = (".svg", ".png")
INPUT_SUFFIXES = (".catan", ".json")


class _InputError(Exception):
    """The input cannot be turned into an IR; the message (diagnostics) is already worded."""


def _report_text(report: object) -> str:
    render_text = getattr(report, "render_text", None)
    return render_text() if callable(render_text) else str(report)


def _has_errors(report: object) -> bool:
    has = getattr(report, "has_errors", None)
    if callable(has):
        return bool(has())
    return bool(has) if has is not None else False


def _load(path: Path, board: str | None) -> dict:
    """Compile or load ``path`` into an IR; raise _InputError with printable text on failure."""
    try:
        from catan_dsl import api  # the front end's façade; absent until the compiler lands
    except ImportError:
        api = None
    if path.suffix == ".catan":
        if api is None:
            raise _InputError(
                f"{path}: compiling .catan needs catan_dsl.api, which is not installed yet; "
                "render a compiled .json IR instead"
            )
        ir, report = api.compile_file(str(path), board=board)
        if ir is None or _has_errors(report):
            raise _InputError(_report_text(report))
        return ir
    if api is not None:
        try:
            out = api.load_ir(str(path))
        except (OSError, ValueError) as exc:  # JSONDecodeError and schema errors are ValueErrors
            raise _InputError(f"{path}: {exc}") from exc
        ir, report = out if isinstance(out, tuple) else (out, None)
        if ir is None or (report is not None and _has_errors(report)):
            raise _InputError(
                _report_text(report) if report is not None else f"{path}: not a valid IR"
            )
    else:
        try:
            ir = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise _InputError(f"{path}: {exc}") from exc
        if not isinstance(ir, dict) or "board" not in ir:
            raise _InputError(f'{path}: not an IR document (no "board" section)')
    chosen = ir.get("meta", {}).get("board")
    if board is not None and board != chosen:
        raise click.UsageError(
            f"--board {board} only applies when compiling a .catan source; {path.name} was compiled "
            f"with board {chosen!r}"
        )
    return ir


@click.command("render")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
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
def render(file: Path, out: Path, seed: int | None, coords: bool, board: str | None) -> None:
    """Draw the board of FILE (.catan source or compiled .json IR) as SVG or PNG."""
    # Check the command line before any work, so a typo never costs a compile.
    if out.suffix.lower() not in PICTURE_SUFFIXES:
        raise click.UsageError(
            f"cannot tell the picture format of {out.name!r}: the output must end in .svg or .png"
        )
    if file.suffix.lower() not in INPUT_SUFFIXES:
        raise click.UsageError(f"{file.name!r} is neither a .catan source nor a .json IR")
    if not out.parent.is_dir():
        raise click.UsageError(f"output folder {str(out.parent)!r} does not exist")
    from catan_dsl import boardgen  # matplotlib loads only when drawing
    from catan_dsl import render as rnd

    try:
        ir = _load(file, board)
        fig = rnd.draw_board(ir, seed=seed, coords=coords)
    except _InputError as exc:
        click.echo(str(exc).rstrip("\n"), err=True)
        raise SystemExit(EXIT_ERRORS) from None
    except boardgen.BoardGenError as exc:
        click.echo(f"{file}: the board cannot be realised: {exc}", err=True)
        raise SystemExit(EXIT_ERRORS) from None
    rnd.save_figure(fig, out)  # atomic: a temp file in the same folder, then a rename
    click.echo(f"wrote {out}")


COMMANDS = [render]

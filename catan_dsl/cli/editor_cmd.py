"""`catan-dsl fmt` and `catan-dsl lsp`: files → canonical layout in place (or a check, or a
diff); stdio → the language server."""

from __future__ import annotations

import difflib
import os
import stat
import sys
from pathlib import Path

import click

from catan_dsl.cli.common import EXIT_ERRORS, EXIT_OK, fail
from catan_dsl.core.diagnostics import Report
from catan_dsl.core.files import write_atomic
from catan_dsl.editor.fmt import Formatted, format_file


def _catan_files(paths: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for p in paths:
        if Path(p).is_dir():
            out += sorted(str(f) for f in Path(p).rglob("*.catan"))
        else:
            out.append(p)
    return out


@click.command("fmt")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--check", "check_only", is_flag=True,
              help="Change nothing; exit 1 and name the files that would change.")
@click.option("--diff", "show_diff", is_flag=True,
              help="Change nothing; print what would change as a unified diff (exit 1 if any).")
def fmt(paths: tuple[str, ...], check_only: bool, show_diff: bool) -> None:
    """Lay out .catan files canonically (folders: every *.catan below them).

    Only spaces change: tokens, comments and line breaks stay, so the compiled IR is the same
    before and after. A file that does not parse is left alone and its error is printed."""
    files = _catan_files(paths)
    if not files:
        fail(f"no .catan files found in {', '.join(paths)}")
    broken, changed = Report(), []
    for path in files:
        result = format_file(path)
        if result.after is None:
            broken.extend(result.diagnostics)
            continue
        if not result.changed:
            continue
        changed.append(path)
        if show_diff:
            click.echo("".join(difflib.unified_diff(
                result.before.splitlines(keepends=True), result.after.splitlines(keepends=True),
                fromfile=_label("a", path), tofile=_label("b", path))), nl=False)
        elif check_only:
            click.echo(f"would reformat {path}")
        else:
            _rewrite(result)
    if broken.diagnostics:
        click.echo(broken.render_text(), nl=False, err=True)
    n_broken = len({d.span.path for d in broken.diagnostics if d.span is not None}) or \
        (1 if broken.diagnostics else 0)
    verb = "would reformat" if check_only or show_diff else "reformatted"
    summary = f"{verb} {len(changed)} of {len(files)} file{'s' if len(files) != 1 else ''}"
    if n_broken:
        summary += f"; {n_broken} not formatted (errors above)"   # unreadable or not parsing
    click.echo(summary, err=True)
    dirty = changed and (check_only or show_diff)
    sys.exit(EXIT_ERRORS if dirty or n_broken else EXIT_OK)


def _label(side: str, path: str) -> str:
    # git's a/ b/ prefixes for relative paths; an absolute path stays as it is.
    return path if os.path.isabs(path) else f"{side}/{path}"


def _rewrite(result: Formatted) -> None:
    mode = stat.S_IMODE(os.stat(result.path).st_mode)
    write_atomic(result.path, result.after.encode("utf-8"), mode=mode)  # type: ignore[union-attr]


@click.command("lsp")
def lsp() -> None:
    """Run the language server on stdin/stdout (for editors: diagnostics, hover, completion,
    go to definition, outline, formatting). Needs the "editor" extra (pygls)."""
    try:
        from catan_dsl.editor.lsp import serve
    except ImportError as e:
        fail(f"the language server needs pygls: pip install 'catan-dsl[editor]' ({e.name} is "
             "missing)")
    serve()


COMMANDS = [fmt, lsp]

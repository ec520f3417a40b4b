"""`catan-dsl check | compile | schema` → diagnostics, IR JSON or the IR schema on stdout/files."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from catan_dsl import api
from catan_dsl import ir as ir_mod
from catan_dsl.cli.common import (EXIT_ERRORS, EXIT_OK, EXIT_USAGE, ScenarioArg,
                                  check_output, playable_diagnostics, resolve_variants, set_option,
                                  stop_on_command_line_mistakes, usage_error)
from catan_dsl.core.diagnostics import Report, report_json

_FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                       show_default=True, help="Diagnostics as compiler-style text or JSON.")


def _collect(paths: tuple[str, ...]) -> list[str]:
    """Files as given, plus every *.catan below each folder (sorted, so output is stable)."""
    out: list[str] = []
    for p in paths:
        if Path(p).is_dir():
            out += sorted(str(f) for f in Path(p).rglob("*.catan"))
        else:
            out.append(p)
    return out


def _internal(report: Report, e: BaseException) -> None:
    if isinstance(e, MemoryError):
        report.error("E110", None, stage="checking", hint="make the file smaller")
        return
    report.error("E900", None, reason=f"{type(e).__name__}: {e}",
                 hint="please report this together with the input file")


def _emit(report: Report, fmt: str, summary: str | None, to_stderr: bool = True) -> None:
    if fmt == "json":
        click.echo(report_json(report), nl=False)
    else:
        text = report.render_text()
        if text:
            click.echo(text, nl=False, err=to_stderr)
        if summary:
            click.echo(summary, err=to_stderr)


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=ScenarioArg())
@click.option("--with", "with_", multiple=True, callback=resolve_variants,
              help="Combine a variant (repeatable; NAME or PACK:VARIANT).")
@set_option()
@_FORMAT
def check(paths: tuple[str, ...], with_: tuple[str, ...], params: dict[str, int], fmt: str) -> None:
    """Check .catan files (folders: every *.catan below them) or compiled .json IR files."""
    files = _collect(paths)
    if not files:
        # As pytest does when it collects nothing: a check of nothing is not a pass.
        click.echo(f"error: no .catan files found in {', '.join(paths)}", err=True)
        sys.exit(EXIT_ERRORS)
    total = Report()
    for f in files:
        try:
            report = api.check_file(f, with_=with_, params=params or None)
            if f.endswith(".json") and not report.has_errors:
                report.extend(playable_diagnostics(api.load_ir(f), f))
        except Exception as e:  # noqa: BLE001 - never show a traceback
            _internal(total, e)
            continue
        stop_on_command_line_mistakes(report, f, with_=with_, params=params)
        total.extend(report)
    errors, warnings = len(total.errors), len(total.warnings)
    summary = f"checked {len(files)} file{'s' if len(files) != 1 else ''}: " \
              f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}"
    if fmt == "json":
        import json     # here: a check printed as text reads and writes no JSON (start-up)

        click.echo(json.dumps({"files": len(files), "errors": errors, "warnings": warnings,
                               "diagnostics": total.to_json()}, indent=2, sort_keys=True))
    else:
        _emit(total, fmt, summary, to_stderr=False)
    sys.exit(EXIT_ERRORS if errors else EXIT_OK)


@click.command("compile")
@click.argument("file", type=ScenarioArg())
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the IR here (default: stdout).")
@click.option("--seed", type=int, default=None, help="Realise random board parts with this seed.")
@click.option("--board", default=None, help="Compile this named board instead of the default.")
@click.option("--with", "with_", multiple=True, callback=resolve_variants,
              help="Combine a variant (repeatable; NAME or PACK:VARIANT).")
@click.option("--option", "options", multiple=True, metavar="NAME",
              help="Turn on a named option of the scenario (repeatable).")
@set_option()
@_FORMAT
def compile_(file: str, output: str | None, seed: int | None, board: str | None,
             with_: tuple[str, ...], options: tuple[str, ...], params: dict[str, int],
             fmt: str) -> None:
    """Compile a .catan file to JSON IR."""
    if file.lower().endswith(".json"):     # else E100 "found '{'" under the first brace
        usage_error("FILE", f"{file} is JSON, compiled already: compile takes a .catan source")
    if output is not None:
        check_output("-o", output, file)
    try:
        ir, report = api.compile_file(file, seed=seed, board=board, with_=with_,
                                      params=params or None)
    except Exception as e:  # noqa: BLE001
        ir, report = None, Report()
        _internal(report, e)
    stop_on_command_line_mistakes(report, file, board=board, with_=with_, params=params)
    if ir is not None:
        try:
            ir = api.choose_options(ir, options)
        except api.OptionError as e:
            usage_error("--option", f"{e} ({file})")
    if ir is None:
        if fmt == "json":
            click.echo(report_json(report), nl=False)
        else:
            _emit(report, fmt, f"{file}: {len(report.errors)} error(s); nothing written")
        sys.exit(EXIT_ERRORS)
    text = ir_mod.dumps(ir)
    if output is None:
        click.echo(text, nl=False)
    else:
        try:
            _write_atomic(Path(output), text)
        except OSError as e:          # core.files.CannotWrite: "cannot write PATH: reason"
            click.echo(f"error: {e}", err=True)
            sys.exit(EXIT_USAGE)
    if report.warnings and fmt == "text":
        _emit(report, fmt, None)
    sys.exit(EXIT_OK)


def _write_atomic(path: Path, text: str) -> None:
    """Write beside the target, then rename: readers never see half a file."""
    from catan_dsl.core.files import write_atomic

    write_atomic(path, text.encode("utf-8"))


@click.command("schema")
def schema() -> None:
    """Print the IR JSON Schema (draft 2020-12)."""
    import json         # here: `check` of a .catan file needs no JSON (start-up)
    click.echo(json.dumps(ir_mod.schema(), indent=1, sort_keys=True))
    sys.exit(EXIT_OK)


@click.command("reference")
@click.option("--format", "fmt", type=click.Choice(["markdown", "json"]), default="markdown",
              show_default=True, help="Markdown (docs/reference.md) or JSON.")
def reference(fmt: str) -> None:
    """Print every trigger, function, effect, prohibition, modifier and set of the rules language."""
    from catan_dsl.core import reference as ref

    click.echo(ref.to_json() if fmt == "json" else ref.to_markdown(), nl=False)
    sys.exit(EXIT_OK)


@click.command("explain")
@click.argument("file", type=ScenarioArg())
@click.option("--with", "with_", multiple=True, callback=resolve_variants,
              help="Combine a variant (repeatable; NAME or PACK:VARIANT).")
@click.option("--board", default=None, help="Explain with this named board.")
@set_option()
def explain(file: str, with_: tuple[str, ...], board: str | None, params: dict[str, int]) -> None:
    """Print in plain English what FILE (with its variants) changes against the base game."""
    from catan_dsl import explain as explain_mod

    is_ir = file.lower().endswith(".json")     # a compiled IR reads as its source would
    if is_ir and (with_ or board or params):
        usage_error("--with" if with_ else "--board" if board else "--set",
                    f"applies to a .catan source; {file} is compiled already")
    try:
        if is_ir:
            ir, report = _loaded_ir(file)
        else:
            ir, report = api.compile_file(file, board=board, with_=with_, params=params or None)
        base = None
        base_path = api.resolve_name("base", Path(file).parent)
        if ir is not None and base_path is not None:
            base, _ = api.compile_file(str(base_path))
    except Exception as e:  # noqa: BLE001
        ir, report = None, Report()
        _internal(report, e)
    stop_on_command_line_mistakes(report, file, board=board, with_=with_, params=params)
    if ir is None:
        _emit(report, "text", f"{file}: {len(report.errors)} error(s); nothing to explain")
        sys.exit(EXIT_ERRORS)
    click.echo(explain_mod.explain(ir, base), nl=False)
    sys.exit(EXIT_OK)


def _loaded_ir(path: str) -> tuple[dict | None, Report]:
    """A .json IR file → (ir, empty report), or (None, its diagnostics)."""
    try:
        return api.load_ir(path), Report()
    except api.CompileError as e:
        return None, e.report


compile_.name = "compile"
COMMANDS = [check, compile_, schema, explain, reference]

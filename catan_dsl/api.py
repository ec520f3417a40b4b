"""The front-end façade: path → AST, diagnostics, or IR; the only place that raises for bad input."""

from __future__ import annotations

import os
from pathlib import Path

from catan_dsl import ir as ir_mod
from catan_dsl.check.board import BoardInfo
from catan_dsl.check.checker import check_model, suggest
from catan_dsl.check.load import (Model, ParsedFiles, load_model, parse_source, read_source,
                                  resolve_name)
from catan_dsl.check.params import resolve_params
from catan_dsl.compile.rules import LoweredRules, lower_rules
from catan_dsl.core.diagnostics import Report, make
from catan_dsl.core.source import file_span
from catan_dsl.syntax import ast as A

__all__ = ["CompileError", "OptionError", "ParsedFiles", "parse_file", "check_file",
           "compile_file", "load_ir", "resolve_name", "choose_options", "scenario_path"]


class CompileError(Exception):
    """A scenario has errors; ``report`` holds every diagnostic (render with report.render_text())."""

    def __init__(self, report: Report) -> None:
        self.report = report
        first = report.errors[0] if report.errors else None
        super().__init__(f"{first.span}: {first.message}" if first else "compilation failed")


class OptionError(ValueError):
    """An option named at play time that the scenario does not declare."""


def choose_options(ir: dict, names: tuple[str, ...] | list[str]) -> dict:
    """Turn on named options (alternative readings of a rule, chosen at play time).

    Args:
        ir: a compiled IR; it is not modified.
        names: option names declared by the scenario or one of its variants.

    Returns:
        A copy of ``ir`` whose ``meta.options`` records each chosen option as true.

    Raises:
        OptionError: a name the scenario does not declare (with a did-you-mean).
    """
    if not names:
        return ir
    import difflib

    declared = sorted(ir.get("options") or {})
    for name in names:
        if name not in declared:
            close = difflib.get_close_matches(name, declared, n=1)
            hint = f' (did you mean "{close[0]}"?)' if close else ""
            known = ", ".join(declared) or "none"
            raise OptionError(f'unknown option "{name}"{hint}; this scenario declares: {known}')
    out = dict(ir)
    out["meta"] = {**ir["meta"], "options": {**(ir["meta"].get("options") or {}),
                                             **{n: True for n in names}}}
    return out


def parse_file(path: str) -> tuple[A.File | None, Report]:
    """Parse one file (no extends/imports followed)."""
    report = Report()
    src = read_source(path, report)
    return (parse_source(src, report) if src else None), report


def _guarded(report: Report, fn, *args, **kw):  # type: ignore[no-untyped-def]
    """Run a pipeline stage; a bug becomes an E900 diagnostic instead of a traceback."""
    try:
        return fn(*args, **kw)
    except RecursionError:
        report.error("E109", None, what="rules nested too deep", limit="the Python stack",
                     hint="split the rule into smaller ones")
    except MemoryError:
        report.error("E110", None, stage=f"{getattr(fn, '__name__', 'checking')} of this file",
                     hint="make the file smaller: fewer repeated rules, hexes or items")
    except Exception as e:  # noqa: BLE001 - the promise is "no traceback ever reaches the user"
        report.error("E900", None, reason=f"{type(e).__name__}: {e}",
                     hint="please report this together with the input file")
    return None


def scenario_path(spec: str, report: Report) -> str | None:
    """A path, or ``PACK:SCENARIO`` naming a scenario of an installed or pip-shipped pack (as
    every command takes it) → the file to read; None, with E106 in ``report``, for an unknown
    pack or scenario."""
    if os.path.exists(spec):
        return spec         # a path: the pack catalog (importlib.metadata, packaging) not loaded
    from catan_dsl.packs.catalog import resolve as resolve_pack
    from catan_dsl.packs.manifest import PackError
    try:
        found = resolve_pack(spec)
    except PackError as e:
        report.error("E106", file_span(spec), path=spec, reason=str(e).removeprefix(f"{spec}: "),
                     hint="'catan-dsl pack list' shows the packs and their scenarios")
        return None
    return spec if found is None else str(found)


# Unknown names (resource, terrain, piece, board, kind, card, parameter, function, effect,
# declared name, special card): what a file that could not be read may well declare.
_FROM_PARENT = frozenset(("E201", "E202", "E203", "E204", "E214", "E218", "E219", "E402", "E403",
                          "E407", "E410"))


def _load_and_check(path: str, with_: tuple[str, ...], board: str | None, complete: bool,
                    texts: dict[Path, str] | None = None, params: dict[str, int] | None = None,
                    cache: ParsedFiles | None = None
                    ) -> tuple[Model | None, dict[str, BoardInfo], str | None, LoweredRules | None,
                               Report]:
    """Resolve ``PACK:SCENARIO`` names, load, fill in parameters (``--set``), check, then lower
    the rules language once (lowering is where rules are typed)."""
    report = Report()
    resolved = scenario_path(path, report)
    variants = [v if ":" not in v else scenario_path(v, report) for v in with_]
    if resolved is None or None in variants:
        return None, {}, None, None, report
    path, with_ = resolved, tuple(v for v in variants if v is not None)
    loaded = _guarded(report, load_model, path, tuple(with_), report, texts, cache)
    model = loaded[0] if loaded else None
    if model is None or report.has_errors and not model.decls:
        return model, {}, None, None, report
    _guarded(report, resolve_params, model, dict(params or {}), report)
    unknown = {(d.span.path, d.span.start) for d in report.diagnostics
               if d.code == "E219" and d.span is not None}
    boards = _guarded(report, check_model, model, report, complete=complete) or {}
    lowered = _guarded(report, lower_rules, model, report)
    if model.incomplete:
        # A file of the composition could not be read (E209 and the like): the names it would
        # declare are unknown everywhere, and a page of "unknown terrain" buries the one cause.
        report.diagnostics[:] = [d for d in report.diagnostics if d.code not in _FROM_PARENT]
    if unknown:      # an unknown parameter's slot holds no number: say so once, not twice
        report.diagnostics[:] = [d for d in report.diagnostics if d.code == "E219" or d.span is None
                                 or (d.span.path, d.span.start) not in unknown]
    chosen = board or model.default_board or next(iter(boards), None)
    if board is not None and board not in boards:
        report.error("E204", model.root.name.span, name=board,
                     hint=suggest(board, boards) or ("boards: " + ", ".join(boards) if boards else None))
        chosen = None
    return model, boards, chosen, lowered, report


def check_file(path: str, *, with_: tuple[str, ...] = (), board: str | None = None,
               texts: dict[Path, str] | None = None,
               params: dict[str, int] | None = None, cache: ParsedFiles | None = None) -> Report:
    """All diagnostics for ``path`` (a file or ``PACK:SCENARIO``) and everything it extends,
    imports and combines; a compiled ``.json`` IR is checked against the IR schema instead.
    ``texts`` maps resolved paths to unsaved text that stands in for those files (the language
    server's open documents); ``cache`` shares the files read among several checks."""
    if Path(path).suffix == ".json":
        report = Report()
        try:
            ir_mod.load(path)
        except ir_mod.IRLoadError as e:
            report.extend(e.diagnostics)
        return report
    return _load_and_check(path, tuple(with_), board, complete=False, texts=texts,
                           params=params, cache=cache)[-1]


def compile_file(path: str, *, seed: int | None = None, board: str | None = None,
                 with_: tuple[str, ...] = (), params: dict[str, int] | None = None
                 ) -> tuple[dict | None, Report]:
    """Compile to IR (validated against the schema); ``None`` when there are errors.

    Args:
        path: the ``.catan`` file, or ``PACK:SCENARIO`` naming one in a pack.
        seed: realise pools and number tokens with ``realize.realize(ir, seed)``.
        board: a named board; default is the one marked ``default`` (else the first).
        with_: extra variants to combine, by name, path or ``PACK:VARIANT``.
        params: parameter values by name (``--set NAME=V``), over the declared ones.

    Returns:
        ``(ir, report)``; ``ir`` is None exactly when ``report.has_errors``.
    """
    import json         # here: `check` of a .catan file needs no JSON (start-up)
    model, boards, chosen, lowered, report = _load_and_check(path, tuple(with_), board,
                                                             complete=True, params=params)
    if report.has_errors or model is None or chosen is None or lowered is None:
        if not report.has_errors:
            report.error("E208", model.root.name.span if model else None, section="board")
        return None, report
    from catan_dsl.compile.compiler import compile_model  # not needed to check

    ir = _guarded(report, compile_model, model, boards[chosen], lowered)
    if ir is None:
        return None, report
    if seed is not None:
        ir = _guarded(report, _realize, ir, seed, report)
        if ir is None:
            return None, report
    for d in ir_mod.validate(ir, path):
        report.add(make("E900", d.span, reason=f"compiler produced invalid IR: {d.message}"))
    if report.has_errors:
        return None, report
    # The engine must see the IR exactly as a compiled .json file gives it back (keys sorted):
    # a game is a function of the IR's content, never of the order a dict was built in, so the
    # same seed plays the same game from the source and from its compiled IR.
    return json.loads(ir_mod.dumps(ir)), report


def _realize(ir: dict, seed: int, report: Report) -> dict | None:
    from catan_dsl.ir import realize

    try:
        return realize.realize(ir, seed)
    except realize.BoardGenError as e:
        report.error("E504", None, reason=str(e))
        return None


def load_ir(path: str) -> dict:
    """A ``.catan`` file or ``PACK:SCENARIO`` (compiled), or a ``.json`` IR file (loaded and
    validated).

    Raises:
        CompileError: with the full report when the input has errors.
    """
    if Path(path).suffix == ".json":
        try:
            return ir_mod.load(path)
        except ir_mod.IRLoadError as e:
            report = Report()
            report.extend(e.diagnostics)
            raise CompileError(report) from None
    ir, report = compile_file(path)
    if ir is None:
        raise CompileError(report)
    return ir

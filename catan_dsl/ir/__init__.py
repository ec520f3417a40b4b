"""IR dict ⇄ canonical JSON text, and IR → schema diagnostics (jsonschema draft 2020-12)."""

from __future__ import annotations

import functools
from pathlib import Path

from catan_dsl.core.diagnostics import Diagnostic, make
from catan_dsl.core.files import FileRefused, read_limited
from catan_dsl.core.source import Span, file_span

IR_VERSION = 1
MAX_IR_BYTES = 10_000_000      # docs/limits.md: a compiled base game is ~40 KB
SCHEMA_PATH = Path(__file__).resolve().parent / "schema.json"


class IRLoadError(ValueError):
    """An IR file could not be read, parsed or validated; ``diagnostics`` says why."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("; ".join(d.message for d in diagnostics))
        self.diagnostics = diagnostics


def dumps(ir: dict) -> str:
    """Key-sorted, indented JSON with a trailing newline: identical input, identical bytes."""
    import json         # here: `check` of a .catan file needs no JSON (start-up)
    return json.dumps(ir, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


@functools.lru_cache(maxsize=1)
def schema() -> dict:
    import json         # here: `check` of a .catan file needs no JSON (start-up)
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=1)
def _validator():  # type: ignore[no-untyped-def]
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema())


def validate(ir: object, path: str = "<ir>") -> list[Diagnostic]:
    """Every schema violation as an E501 diagnostic carrying its JSON pointer (no raising)."""
    span = Span(path, 1, 1, 1, 2)
    if isinstance(ir, dict) and ir.get("ir_version") not in (None, IR_VERSION) \
            and isinstance(ir.get("ir_version"), int):
        return [make("E502", span, found=ir["ir_version"], expected=IR_VERSION,
                     hint="recompile the scenario with this version of catan-dsl")]
    out = []
    errors = sorted(_validator().iter_errors(ir), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    for e in errors:
        pointer = "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in e.absolute_path)
        out.append(make("E501", span, pointer=pointer, where=pointer or "/", message=e.message[:300]))
    return out


def load(path: str | Path) -> dict:
    """Read and validate an IR JSON file; raise `IRLoadError` with diagnostics if it is bad."""
    import json         # here: `check` of a .catan file needs no JSON (start-up)
    p = str(path)
    span = Span(p, 1, 1, 1, 2)
    try:
        text = read_limited(p, MAX_IR_BYTES).decode("utf-8")
    except FileRefused as refused:
        raise IRLoadError([make(refused.code, file_span(p), **refused.args_)]) from None
    except OSError as e:
        raise IRLoadError([make("E106", file_span(p), path=p, reason=e.strerror or type(e).__name__)]) from None
    except UnicodeDecodeError as e:
        raise IRLoadError([make("E105", span, reason=f"byte at offset {e.start}")]) from None
    try:
        ir = json.loads(text)
    except json.JSONDecodeError as e:
        raise IRLoadError([make("E503", Span(p, e.lineno, e.colno, e.lineno, e.colno + 1),
                                reason=e.msg)]) from None
    except RecursionError:
        raise IRLoadError([make("E503", span, reason="nested too deep for an IR")]) from None
    if isinstance(ir, dict) and "ir_version" not in ir and isinstance(ir.get("format"), str):
        # Another of our documents (a game transcript): one line saying so, not every field
        # the schema misses.
        raise IRLoadError([make("E501", span, where="/", message=f"this is a "
                                f"{ir['format'][:60]!r} document, not a compiled scenario",
                                hint="give the .catan source or its IR (catan-dsl compile); a "
                                     "game transcript is read by replay, render and serve")])
    return check_loaded(ir, p)


def check_loaded(ir: object, path: str = "<ir>") -> dict:
    """An IR that came from outside (a file, a transcript) → itself, once the schema and the
    semantic checks (``semantics.check``) pass; else `IRLoadError` with every diagnostic."""
    diags = validate(ir, path)
    if not diags:
        from catan_dsl.ir import semantics

        diags = semantics.check(ir, path)  # type: ignore[arg-type]
    if diags:
        raise IRLoadError(diags)
    return ir  # type: ignore[return-value]

"""extends / import / with: merge order, overrides and provenance in the IR's meta."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.syntax.parser import get_parser, grammar_dir


def _write(d: Path, name: str, text: str) -> str:
    p = d / f"{name}.catan"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_extends_import_and_with(tmp_path: Path) -> None:
    _write(tmp_path, "parts", "variant parts { piece ship { on edge; limit 15; cost lumber 1 wool 1 } }\n")
    _write(tmp_path, "short", "variant short \"Short game\" { victory 8 }\n")
    main = _write(tmp_path, "seafarers", "import parts\n"
                  "scenario seafarers \"Sea\" extends base with short {\n  victory 12\n}\n")
    ir, report = api.compile_file(main)
    assert ir is not None, report.render_text()
    assert ir["meta"]["extends"] == ["base"] and ir["meta"]["with"] == ["short"]
    assert ir["victory"]["target"] == 8  # the variant is applied after the scenario
    assert ir["pieces"]["ship"]["cost"] == {"lumber": 1, "wool": 1}
    assert ir["pieces"]["road"]["limit"] == 15  # inherited untouched
    ir2, _ = api.compile_file(main, with_=())
    assert ir2 is not None


def test_with_option_and_unknown_variant(tmp_path: Path) -> None:
    _write(tmp_path, "short", "variant short { victory 8 }\n")
    main = _write(tmp_path, "s", "scenario s extends base { }\n")
    ir, _ = api.compile_file(main, with_=("short",))
    assert ir is not None and ir["victory"]["target"] == 8 and ir["meta"]["with"] == ["short"]
    ir, report = api.compile_file(main, with_=("shrot",))
    assert ir is None and [d.code for d in report.errors] == ["E209"]


def test_a_variant_alone_checks_clean_but_does_not_compile(tmp_path: Path) -> None:
    v = _write(tmp_path, "v", "variant v { victory 8 }\n")
    assert not api.check_file(v).diagnostics
    ir, report = api.compile_file(v)
    assert ir is None and {d.code for d in report.errors} == {"E208"}


@pytest.mark.skipif(importlib.util.find_spec("interegular") is None, reason="strict mode needs interegular")
def test_grammar_builds_in_strict_mode() -> None:
    assert (grammar_dir() / "catan.lark").is_file()
    assert get_parser().options.strict is True

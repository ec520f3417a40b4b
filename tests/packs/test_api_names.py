"""The Python API takes ``PACK:SCENARIO`` (and ``PACK:VARIANT`` in ``with_``) as every command
does: ``api.load_ir("core:barbarian_attack")``."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.packs import store

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_load_ir_check_file_and_compile_file_take_a_shipped_pack_name() -> None:
    ir = api.load_ir("core:barbarian_attack")
    assert ir["meta"]["id"] == "barbarian_attack"
    assert ir == api.load_ir(str(SCENARIOS / "barbarian_attack.catan"))
    assert api.check_file("core:rivers").diagnostics == []
    ir, report = api.compile_file("core:base", with_=("core:harbormaster",), seed=4)
    assert ir is not None, report.render_text()
    assert ir["meta"]["with"] == ["harbormaster"]


def test_an_installed_pack_scenario_loads_by_name(built: Path, home: Path) -> None:
    store.install(built)
    ir = api.load_ir("first-pack:tiny_island")
    assert ir["meta"]["id"] == "tiny_island"
    assert api.check_file("First_Pack:short_game").diagnostics == []   # names compare normalised


@pytest.mark.parametrize("spec, message", [
    ("nope:x", "no pack named nope"),
    ("core:barbarian_atack", 'did you mean "core:barbarian_attack"?'),
])
def test_an_unknown_pack_or_scenario_is_E106_naming_it(spec: str, message: str) -> None:
    report = api.check_file(spec)
    (d,) = report.sorted()
    assert d.code == "E106" and d.span.path == spec and message in d.message
    with pytest.raises(api.CompileError, match=message):
        api.load_ir(spec)
    ir, report = api.compile_file("core:base", with_=(spec,))
    assert ir is None and [d.code for d in report.sorted()] == ["E106"]

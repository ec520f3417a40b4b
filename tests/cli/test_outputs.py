"""Output paths a user gets wrong: never a lost source file, never a long run lost to a report
path that was wrong from the start."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.cli import main

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "scenarios" / "base.catan"


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("target", ["same", "other.catan"])
def test_compile_never_writes_ir_over_a_scenario_source(tmp_path: Path, target: str) -> None:
    """`compile my.catan -o my.catan` used to replace the designer's source with JSON."""
    src = tmp_path / "my.catan"
    shutil.copy(BASE, src)
    out = src if target == "same" else tmp_path / target
    out.write_text(src.read_text()) if target != "same" else None
    before = out.read_text()
    r = run("compile", src, "-o", out)
    assert r.exit_code == 2 and "'-o'" in r.output and "name a .json file" in r.output
    assert out.read_text() == before and "Traceback" not in r.output

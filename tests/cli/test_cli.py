"""`catan-dsl check | compile | schema` through click's CliRunner: exit codes, formats, files."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from catan_dsl.cli import main

ROOT = Path(__file__).resolve().parents[2]
BASE = str(ROOT / "scenarios" / "base.catan")
CHECK = ROOT / "tests" / "check" / "cases"


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args))


def test_check_clean_file_exits_0() -> None:
    r = run("check", BASE)
    assert r.exit_code == 0, r.output
    assert "checked 1 file: 0 errors, 0 warnings" in r.output


def test_check_folder_with_errors_exits_1_and_counts() -> None:
    r = run("check", str(CHECK))
    assert r.exit_code == 1
    n = len(list(CHECK.glob("*.catan")))
    assert f"checked {n} files:" in r.output and "error[E201]" in r.output
    assert "Traceback" not in r.output


def test_check_json_format() -> None:
    r = run("check", "--format", "json", str(CHECK / "E201_resource.catan"))
    assert r.exit_code == 1
    data = json.loads(r.output)
    assert data["errors"] == 1 and data["diagnostics"][0]["code"] == "E201"


def test_usage_errors_exit_2() -> None:
    assert run("check").exit_code == 2
    assert run("compile", BASE, "--seed", "many").exit_code == 2


def test_compile_to_stdout_and_file(tmp_path: Path) -> None:
    r = run("compile", BASE)
    assert r.exit_code == 0 and json.loads(r.output)["meta"]["board"] == "beginner"
    out = tmp_path / "t.json"
    r = run("compile", BASE, "--board", "tournament", "--seed", "5", "-o", str(out))
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    assert data["meta"]["seed"] == 5 and data["board"]["numbers"]["method"] == "fixed"
    assert [p.name for p in tmp_path.iterdir()] == ["t.json"]  # no temp file left behind


def test_compile_errors_write_nothing(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    r = run("compile", str(CHECK / "E201_resource.catan"), "-o", str(out))
    assert r.exit_code == 1 and not out.exists()
    r = run("compile", "--format", "json", str(tmp_path / "missing.catan"))
    assert r.exit_code == 1 and json.loads(r.output)[0]["code"] == "E106"


def test_schema_command() -> None:
    r = run("schema")
    assert r.exit_code == 0 and "2020-12" in json.loads(r.output)["$schema"]

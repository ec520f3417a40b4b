"""Every command that writes a file prints one line, "error: cannot write PATH: reason", and
exits non-zero when the target cannot be written (issue 38, 2) — never a traceback naming the
atomic writer's temporary file."""

from __future__ import annotations

import errno
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.cli import main

ROOT = Path(__file__).resolve().parents[2]
BASE = str(ROOT / "scenarios" / "base.catan")


def _unwritable_folders(monkeypatch) -> None:
    """Every folder refuses new files, as a read-only one does (the tests may run as root,
    whom permissions do not stop)."""
    def refuse(*a, **k):  # type: ignore[no-untyped-def]
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)


def test_render_into_a_folder_that_cannot_be_written_is_one_line(tmp_path: Path,
                                                                   monkeypatch) -> None:
    """It used to print a traceback ending in the temporary file's name."""
    _unwritable_folders(monkeypatch)
    out = tmp_path / "board.svg"
    r = CliRunner().invoke(main, ["render", BASE, "-o", str(out)])
    assert r.exit_code == 1
    assert r.output == f"error: cannot write {out}: Permission denied\n"


@pytest.mark.parametrize("args", [("compile", BASE, "-o", "{out}.json"),
                                  ("playtest", BASE, "--games", "1", "--max-turns", "5",
                                   "--report", "{out}.html")],
                         ids=["compile", "playtest-report"])
def test_other_commands_that_write_say_the_same(tmp_path: Path, monkeypatch, args) -> None:
    _unwritable_folders(monkeypatch)
    out = tmp_path / "x"
    r = CliRunner().invoke(main, [a.format(out=out) for a in args])
    assert r.exit_code != 0 and "Traceback" not in r.output
    assert f"error: cannot write {out}." in r.output and ": Permission denied\n" in r.output


def test_fmt_of_a_file_it_cannot_replace_is_one_line_and_the_file_stays(tmp_path: Path,
                                                                         monkeypatch) -> None:
    src = tmp_path / "t.catan"
    text = "scenario t extends base {\n      victory   10\n}\n"
    src.write_text(text)
    _unwritable_folders(monkeypatch)
    r = CliRunner().invoke(main, ["fmt", str(src)])
    assert r.exit_code == 1 and r.output == f"error: cannot write {src}: Permission denied\n"
    assert src.read_text() == text

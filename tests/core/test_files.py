"""core/files.py's atomic writer (issue 38, 2): a target that cannot be written is CannotWrite,
"cannot write PATH: reason" naming the target (never the temporary file beside it), with the
old file untouched and no temporary file left (tests/cli/test_write_errors.py: the commands)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from catan_dsl.core.files import CannotWrite, write_atomic


def test_a_folder_in_the_way_is_named_with_the_reason(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("a file, not a folder")
    target = tmp_path / "plain" / "out.json"
    with pytest.raises(CannotWrite) as err:
        write_atomic(target, b"{}")
    assert str(err.value) == f"cannot write {target}: Not a directory"
    assert isinstance(err.value, OSError)          # callers catching OSError still catch it


def test_a_failed_rename_keeps_the_old_file_and_leaves_no_temporary(tmp_path: Path,
                                                                    monkeypatch) -> None:
    target = tmp_path / "old.txt"
    target.write_bytes(b"old")

    def refuse(src, dst):  # type: ignore[no-untyped-def]
        raise PermissionError(errno.EACCES, "Permission denied", str(src))

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(CannotWrite) as err:
        write_atomic(target, b"new")
    assert str(err.value) == f"cannot write {target}: Permission denied"
    assert ".tmp" not in str(err.value)
    assert target.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == ["old.txt"]

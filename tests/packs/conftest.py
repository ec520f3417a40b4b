"""Fixtures for the pack tests: a temporary CATAN_DSL_HOME, the example pack built, hostile zips."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from catan_dsl.packs.build import build
from catan_dsl.packs.manifest import record_text

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "first-pack"


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data folder: everything the pack commands write must land below it."""
    h = tmp_path / "home"
    monkeypatch.setenv("CATAN_DSL_HOME", str(h))
    return h


@pytest.fixture()
def source(tmp_path: Path) -> Path:
    """A writable copy of docs/examples/first-pack."""
    dst = tmp_path / "src" / "first-pack"
    shutil.copytree(EXAMPLE, dst)
    return dst


@pytest.fixture()
def built(source: Path, tmp_path: Path) -> Path:
    return build(source, tmp_path / "dist")[0]


def tree(root: Path) -> dict[str, bytes]:
    """Every file below ``root`` with its bytes (a snapshot to compare before and after)."""
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()} if root.exists() else {}


def pack_files() -> dict[str, bytes]:
    """The example pack's files as they go into a zip (without RECORD)."""
    out = {"pack.toml": (EXAMPLE / "pack.toml").read_bytes()}
    for p in sorted((EXAMPLE / "scenarios").glob("*.catan")):
        out[f"scenarios/{p.name}"] = p.read_bytes()
    return out


def write_zip(path: Path, files: dict[str, bytes], *, record: bool = True,
              symlinks: tuple[str, ...] = (), extra: list[tuple[str, bytes]] = ()) -> Path:
    """A hand-made .catanpack: ``files`` (with a correct RECORD unless told not to), entries in
    ``symlinks`` marked as symbolic links, and ``extra`` entries appended as they are."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            info = zipfile.ZipInfo(name)
            info.external_attr = (0o120777 if name in symlinks else 0o100644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
        if record:
            zf.writestr("RECORD", record_text(files))
        for name, data in extra:
            zf.writestr(zipfile.ZipInfo(name), data)
    return path

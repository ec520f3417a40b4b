"""A pack source folder → a checked, reproducible .catanpack; a .catanpack → verified (hashes,
fields, every scenario) without installing it."""

from __future__ import annotations

import tempfile
from pathlib import Path

from catan_dsl.packs.archive import (Pack, collect_source, read_pack, sha256_file, unpack,
                                     write_pack)
from catan_dsl.packs.checking import check_scenarios
from catan_dsl.packs.manifest import PackError


def build(src: Path, out_dir: Path, replaced: list[Path] | None = None) -> tuple[Path, Pack]:
    """Check every scenario of ``src`` (the first failure stops the build with its diagnostics),
    then write ``out_dir/NAME-VERSION.catanpack``; a file of that name with other bytes is
    added to ``replaced`` (the same version built again from changed sources)."""
    pack = collect_source(src)
    problems = check_scenarios(src / "scenarios")
    if problems:
        raise PackError(f"{src}: not built, a scenario does not check:\n{problems}")
    target = out_dir / pack.meta.filename
    before = sha256_file(target) if target.is_file() else None
    path = write_pack(pack, out_dir)
    if before is not None and replaced is not None and sha256_file(path) != before:
        replaced.append(path)
    return path, pack


def verify(path: Path, expected_sha256: str | None = None) -> Pack:
    """Everything ``install`` checks, without installing: the zip's entries, every file against
    RECORD, pack.toml's fields and every scenario; with ``expected_sha256``, the whole file too."""
    if expected_sha256 is not None and path.is_file():
        actual = sha256_file(path)
        if actual != expected_sha256.lower():
            raise PackError(f"{path}: sha256 is {actual}, not the expected {expected_sha256}")
    pack = read_pack(path)
    with tempfile.TemporaryDirectory(prefix="catanpack-verify-") as tmp:
        try:
            unpack(pack, Path(tmp))
        except PackError as e:
            raise PackError(f"{path}: {e} (to check it)") from None
        problems = check_scenarios(Path(tmp) / "scenarios", as_members=True)
    if problems:
        raise PackError(f"{path}: a scenario of the pack does not check:\n{problems}")
    return pack

"""pack build and verify: every scenario checked, reproducible bytes, tampering named."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from catan_dsl.packs.build import build, verify
from catan_dsl.packs.manifest import PackError


def test_build_is_reproducible(source: Path, tmp_path: Path) -> None:
    """Same input → same bytes, whatever the files' times or the output folder."""
    first, pack = build(source, tmp_path / "a")
    for p in source.rglob("*"):
        os.utime(p, (1_000_000_000, 1_000_000_000))
    second, _ = build(source, tmp_path / "b")
    assert first.name == second.name == "first-pack-1.0.0.catanpack"
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as zf:
        names = zf.namelist()
    assert names == sorted(names) and "RECORD" in names and "README.md" in names
    assert pack.scenarios == ["scenarios/long_game.catan", "scenarios/short_game.catan",
                              "scenarios/tiny_island.catan"]


def test_a_failing_scenario_stops_the_build_with_its_diagnostic(source: Path,
                                                                 tmp_path: Path) -> None:
    bad = source / "scenarios" / "broken.catan"
    bad.write_text('scenario broken "Broken" extends base {\n  victory = 10\n}\n')
    with pytest.raises(PackError) as e:
        build(source, tmp_path / "out")
    assert "broken.catan:2:11: error[E100]" in str(e.value)
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_a_folder_without_pack_toml_or_scenarios_is_refused(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(PackError, match="no pack.toml"):
        build(tmp_path / "empty", tmp_path / "out")
    with pytest.raises(PackError, match="not a folder"):
        build(tmp_path / "missing", tmp_path / "out")


def test_symlinks_in_the_source_are_not_packed(source: Path, tmp_path: Path) -> None:
    (source / "scenarios" / "link.catan").symlink_to(source / "scenarios" / "short_game.catan")
    with pytest.raises(PackError, match="symbolic links"):
        build(source, tmp_path / "out")


@pytest.mark.parametrize("where", ["scenarios/more", "scenarios", "images"])
def test_a_symlinked_folder_in_the_source_is_refused_not_skipped(source: Path, tmp_path: Path,
                                                                 where: str) -> None:
    """Issue 38: a symlinked sub-folder was skipped, so the pack silently lacked its files."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "extra.catan").write_text('variant extra { victory 9 }\n')
    link = source / where
    if link.exists():
        real = tmp_path / "moved"
        link.rename(real)
        link.symlink_to(real, target_is_directory=True)
    else:
        link.symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(PackError, match=f"{where}: a symbolic link to a folder"):
        build(source, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_source_file_windows_cannot_create_is_refused_by_name(source: Path,
                                                                tmp_path: Path) -> None:
    (source / "scenarios" / "Con.catan").write_text('variant con2 { victory 9 }\n')
    with pytest.raises(PackError, match="'scenarios/Con.catan': 'Con.catan' is a name Windows"):
        build(source, tmp_path / "out")


def test_verify_accepts_a_built_pack_and_checks_the_whole_file_hash(built: Path) -> None:
    pack = verify(built)
    assert pack.meta.name == "first-pack" and len(pack.scenarios) == 3
    with pytest.raises(PackError, match="sha256 is"):
        verify(built, "0" * 64)


def test_a_changed_byte_makes_verify_fail_naming_the_file(built: Path) -> None:
    """Flip one byte inside a stored entry: the zip's CRC or the RECORD hash catches it."""
    with zipfile.ZipFile(built) as zf:
        info = zf.getinfo("scenarios/short_game.catan")
    data = bytearray(built.read_bytes())
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    data[start + info.compress_size // 2] ^= 0x01
    built.write_bytes(bytes(data))
    with pytest.raises(PackError, match="short_game.catan"):
        verify(built)

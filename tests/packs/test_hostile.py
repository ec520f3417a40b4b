"""Hostile packs: each is refused with a clear message, and nothing is written anywhere —
neither outside the packs folder nor into it."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from catan_dsl.packs import archive
from catan_dsl.packs.build import verify
from catan_dsl.packs.manifest import PackError, record_text
from catan_dsl.packs.store import install
from tests.packs.conftest import pack_files, tree, write_zip

FILES = pack_files()


def _refused(path: Path, home: Path, message: str) -> None:
    """verify and install both refuse ``path`` naming the problem; the home folder and the
    folder the pack sits in are unchanged."""
    before_home, before_dir = tree(home), tree(path.parent)
    for attempt in (lambda: verify(path), lambda: install(path)):
        with pytest.raises(PackError, match=message):
            attempt()
    assert tree(home) == before_home
    assert tree(path.parent) == before_dir


@pytest.mark.parametrize("name, message", [
    ("../evil.catan", "unsafe entry"),
    ("scenarios/../../evil.catan", "unsafe entry"),
    ("/etc/evil.catan", "unsafe entry"),
    ("C:/evil.catan", "unsafe entry"),
    ("scenarios\\evil.catan", "unsafe entry"),
    ("scenarios/./x.catan", "unsafe entry"),
    ("scenarios/run.py", "not part of a pack"),
    ("setup.py", "not part of a pack"),
    ("scenarios/caf\u00e9.catan", "letters, digits"),
])
def test_unsafe_or_foreign_entry_names_are_refused(tmp_path: Path, home: Path, name: str,
                                                   message: str) -> None:
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "bad.catanpack", {**FILES, name: b"x"})
    _refused(path, home, message)


def test_a_symlink_entry_is_refused(tmp_path: Path, home: Path) -> None:
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "bad.catanpack", {**FILES, "scenarios/link.catan": b"/etc/passwd"},
                     symlinks=("scenarios/link.catan",))
    _refused(path, home, "symbolic link")


def test_duplicate_and_case_only_different_names_are_refused(tmp_path: Path, home: Path) -> None:
    (tmp_path / "p").mkdir()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")           # zipfile warns about the duplicate we want
        dup = write_zip(tmp_path / "p" / "dup.catanpack", FILES,
                        extra=[("scenarios/short_game.catan", b"other")])
    _refused(dup, home, "appears twice")
    case = write_zip(tmp_path / "p" / "case.catanpack",
                     {**FILES, "scenarios/Short_Game.catan": FILES["scenarios/short_game.catan"]})
    _refused(case, home, "differ only by case")


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path: Path, home: Path) -> None:
    """A 60 MB file of zeros compresses to ~60 KB; the declared size is over the per-file
    limit, and the message says the limit."""
    (tmp_path / "p").mkdir()
    bomb = write_zip(tmp_path / "p" / "bomb.catanpack",
                     {**FILES, "scenarios/bomb.catan": b"\0" * 60_000_000})
    assert bomb.stat().st_size < 1_000_000
    _refused(bomb, home, f"limit of {archive.MAX_TEXT_FILE:,} bytes per file")


def test_a_header_that_lies_about_the_size_is_caught_while_reading(tmp_path: Path, home: Path,
                                                                   monkeypatch) -> None:
    """Even when every header passes, no entry is read past its limit."""
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "big.catanpack", FILES)
    monkeypatch.setattr(archive, "size_limit", lambda name: 10 if name.endswith(".catan") else 10**6)
    with pytest.raises(PackError, match="limit"):
        verify(path)


def test_the_whole_pack_has_a_size_limit(tmp_path: Path, home: Path, monkeypatch) -> None:
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "many.catanpack", FILES)
    monkeypatch.setattr(archive, "MAX_TOTAL", 100)
    _refused(path, home, "limit for a whole pack")


@pytest.mark.parametrize("tamper, message", [
    (lambda f: ({**f, "scenarios/short_game.catan": b"scenario x extends base {}\n"}, f),
     "does not match its hash"),
    (lambda f: ({**f, "scenarios/extra.catan": b"# extra\n"}, f), "not listed in RECORD"),
    (lambda f: ({k: v for k, v in f.items() if k != "scenarios/tiny_island.catan"}, f),
     "listed in RECORD but missing"),
])
def test_files_that_disagree_with_record_are_named(tmp_path: Path, home: Path, tamper,
                                                   message: str) -> None:
    (tmp_path / "p").mkdir()
    files, recorded = tamper(dict(FILES))
    path = tmp_path / "p" / "t.catanpack"
    write_zip(path, files, record=False, extra=[("RECORD", record_text(recorded).encode())])
    _refused(path, home, message)


def test_a_pack_without_record_or_not_a_zip_is_refused(tmp_path: Path, home: Path) -> None:
    (tmp_path / "p").mkdir()
    _refused(write_zip(tmp_path / "p" / "r.catanpack", FILES, record=False), home, "no RECORD")
    junk = tmp_path / "p" / "junk.catanpack"
    junk.write_bytes(b"PK\x03\x04 not really a zip")
    _refused(junk, home, "not a readable pack")


def test_a_pack_whose_scenario_does_not_check_is_not_installed(tmp_path: Path,
                                                               home: Path) -> None:
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "bad.catanpack",
                     {**FILES, "scenarios/bad.catan": b"scenario bad extends base {\n  victory = 10\n}\n"})
    _refused(path, home, r"bad.catan:2:11: error\[E100\]")

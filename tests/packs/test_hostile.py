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
    ("scenarios/evil.catan\n", "letters, digits"),            # '$' would match before it
    ("scenarios/\nevil.catan", "letters, digits"),
    ("scenarios/e vil.catan", "letters, digits"),
    ("scenarios/evil\t.catan", "letters, digits"),
    ("scenarios/\u0661.catan", "letters, digits"),              # a digit of another script
    ("scenarios/\u212a.catan", "letters, digits"),              # the Kelvin sign, a 'K' to re
    ("scenarios/CON.catan", "Windows reserves"),
    ("scenarios/con.catan", "Windows reserves"),
    ("scenarios/Aux.tar.catan", "Windows reserves"),
    ("scenarios/nul/x.catan", "Windows reserves"),
    ("scenarios/COM1.catan", "Windows reserves"),
    ("scenarios/lpt9.catan", "Windows reserves"),
    ("images/prn.png", "Windows reserves"),
    ("scenarios/sub./x.catan", "ends with '.'"),
    ("scenarios/" + "x" * 101 + ".catan", "longer than"),
    ("scenarios/" + "/".join(["abcdefghij"] * 19) + "/x.catan", "longer than"),
])
def test_unsafe_or_foreign_entry_names_are_refused(tmp_path: Path, home: Path, name: str,
                                                   message: str) -> None:
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "bad.catanpack", {**FILES, name: b"x"})
    _refused(path, home, message)


@pytest.mark.parametrize("name", ["scenarios/CONSOLE.catan", "scenarios/com10.catan",
                                  "scenarios/lpt0.catan", "scenarios/connect.catan",
                                  "scenarios/a.b+c-d_e.catan"])
def test_names_near_the_reserved_ones_install(tmp_path: Path, home: Path, name: str) -> None:
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "ok.catanpack", {**FILES, name: b"variant v { victory 8 }\n"})
    install(path)
    assert (home / "packs" / "first-pack-1.0.0").joinpath(*name.split("/")).is_file()


def _patched(path: Path, old: bytes, new: bytes) -> Path:
    """Replace bytes of an entry's name in a zip (local header and central directory alike)."""
    data = path.read_bytes()
    assert data.count(old) == 2 and len(old) == len(new)
    path.write_bytes(data.replace(old, new))
    return path


def test_a_member_name_that_is_not_utf8_is_refused_with_a_message(tmp_path: Path,
                                                                  home: Path) -> None:
    """Issue 38: the zip's UTF-8 flag is set and the name's bytes are not UTF-8; zipfile raised
    UnicodeDecodeError through verify and install."""
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "bad.catanpack", {**FILES, "scenarios/\u00e9.catan": b"x"})
    _patched(path, "\u00e9".encode(), b"\xff\xfe")
    _refused(path, home, r"entry name b'scenarios/\\xff\\xfe.catan' is not UTF-8")


def test_a_member_name_with_nul_is_refused_not_cut(tmp_path: Path, home: Path) -> None:
    """zipfile cuts a name at NUL ('a.catan\\0.exe' reads as 'a.catan'); the pack is refused."""
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "bad.catanpack", {**FILES, "scenarios/z.catan~x.png": b"x"})
    _patched(path, b"z.catan~x.png", b"z.catan\0x.png")
    _refused(path, home, "holds a NUL character")


@pytest.mark.parametrize("names, message", [
    (("scenarios/Maps/a.catan", "scenarios/maps/b.catan"), "folders .* differ only by case"),
    (("scenarios/a.catan", "scenarios/a.catan/b.catan"), "both a file and a folder"),
])
def test_names_one_file_system_would_merge_are_refused(tmp_path: Path, home: Path, names,
                                                       message: str) -> None:
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "bad.catanpack",
                     {**FILES, **{n: b"variant v { victory 8 }\n" for n in names}})
    _refused(path, home, message)


@pytest.mark.parametrize("field, value, message", [
    ("name", "first-pack\\n", "name holds the character '\\\\n'"),
    ("name", "core\\n", "name holds the character"),
    ("name", "first-pack\\u0000", "name holds the character '\\\\x00'"),
    ("version", "1.0.0\\n", "version holds the character"),
    ("version", "1.0.0 ", "not a semantic version"),
    ("version", "1.\\u0661.0", "not a semantic version"),
    ("name", "firſt-pack", "not a valid project name"),
    ("description", "Two\\ncore 9.9.9  [installed]  spoofed", "description holds the character"),
    ("description", "\\u202eevil", "description holds the character"),
    ("license", "MIT\\r", "license holds the character"),
])
def test_a_manifest_field_that_could_spoof_a_listing_is_refused(tmp_path: Path, home: Path,
                                                                field: str, value: str,
                                                                message: str) -> None:
    """Issue 38: name = "core\\n" installed as a second "core" that 'pack remove core' could not
    remove, and version = "1.0.0\\n" made a folder whose name ends in a newline."""
    (tmp_path / "p").mkdir()
    toml = FILES["pack.toml"].decode()
    old = next(line for line in toml.splitlines() if line.startswith(f"{field} ="))
    files = {**FILES, "pack.toml": toml.replace(old, f'{field} = "{value}"').encode()}
    _refused(write_zip(tmp_path / "p" / "bad.catanpack", files), home, message)


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


def test_a_record_line_cannot_write_to_the_terminal(tmp_path: Path, home: Path) -> None:
    """A name only RECORD holds is shown quoted: an escape sequence in it cannot clear the
    screen or forge the lines printed before it."""
    (tmp_path / "p").mkdir()
    line = f"scenarios/\x1b[2Jevil.catan,sha256={'0' * 64},1\n"
    path = write_zip(tmp_path / "p" / "t.catanpack", FILES, record=False,
                     extra=[("RECORD", (record_text(FILES) + line).encode())])
    _refused(path, home, r"'scenarios/\\x1b\[2Jevil.catan' is listed in RECORD but missing")


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


def test_messages_name_the_pack_member_not_where_it_was_unpacked(tmp_path: Path,
                                                                 home: Path) -> None:
    """A scenario that extends a broken member: both errors name members (scenarios/…), for
    verify and for install, and no temporary folder appears."""
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "bad.catanpack", {
        **FILES, "scenarios/sub/broken.catan": b"variant broken {\n  victory = 10\n}\n",
        "scenarios/sub/uses.catan": b"scenario uses extends broken {\n}\n"})
    for attempt in (verify, install):
        with pytest.raises(PackError) as e:
            attempt(path)
        text = str(e.value)
        assert "scenarios/sub/broken.catan:2:11: error[E100]" in text
        assert "tmp" not in text.replace(str(tmp_path), "") and str(home) not in text


def test_a_pack_of_chained_scenarios_reads_each_file_once_and_is_refused_briefly(
        tmp_path: Path, home: Path, monkeypatch) -> None:
    """Issue 38: 1,500 scenarios each extending the previous one kept install busy for 373 CPU
    seconds (every check re-read its whole chain). Now the checks share what they read — each
    member is parsed once — past 32 references E230 refuses, and the message shows the first
    10 failing scenarios and counts the rest (bench/pack_loading.py measures the time)."""
    from catan_dsl.check import reading
    from catan_dsl.packs.checking import SHOWN_FAILURES

    n = 60
    chain = {f"scenarios/s{i}.catan": (f"scenario s{i} extends {f's{i - 1}' if i else 'base'} "
                                       "{\n}\n").encode() for i in range(n)}
    (tmp_path / "p").mkdir()
    path = write_zip(tmp_path / "p" / "chain.catanpack", {"pack.toml": FILES["pack.toml"], **chain})
    parsed: list[str] = []
    real = reading.parse_source
    monkeypatch.setattr(reading, "parse_source",
                        lambda src, report: parsed.append(src.path) or real(src, report))
    with pytest.raises(PackError) as e:
        install(path)
    members = [p for p in parsed if p in chain]
    assert sorted(members) == sorted(chain)                      # each member parsed once
    failing = n - 32                      # s32 … s59: with base, 33 references or more
    assert str(e.value).count("error[E230]") == SHOWN_FAILURES
    assert str(e.value).endswith(f"... and {failing - SHOWN_FAILURES} more scenarios do not check\n")

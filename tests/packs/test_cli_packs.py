"""The pack commands end to end, as a designer and a player use them (README's four commands),
in a temporary CATAN_DSL_HOME."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from catan_dsl.cli import main
from tests.packs.conftest import tree


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_build_verify_install_playtest_end_to_end(source: Path, tmp_path: Path,
                                                  home: Path) -> None:
    dist = tmp_path / "dist"
    r = run("pack", "build", str(source), "-o", str(dist))
    assert r.exit_code == 0, r.output
    assert "built" in r.output and "sha256" in r.output
    pack = dist / "first-pack-1.0.0.catanpack"
    r = run("pack", "verify", str(pack))
    assert r.exit_code == 0 and "ok, first-pack 1.0.0" in r.output
    r = run("pack", "install", str(pack))
    assert r.exit_code == 0 and "installed first-pack 1.0.0" in r.output
    r = run("playtest", "first-pack:tiny_island", "--games", "3", "--seed", "1", "--json",
            "--with", "first-pack:long_game")
    assert r.exit_code == 0, r.output
    stats = json.loads(r.output)
    assert stats["games"] == 3
    r = run("play", "first-pack:tiny_island", "--seed", "2", "--json", "--with",
            "first-pack:long_game")
    transcript = json.loads(r.output)
    assert transcript["with"] == ["long_game"]
    assert transcript["source"].endswith("tiny_island.catan")
    saved = tmp_path / "game.json"
    saved.write_text(r.output)
    r = run("replay", str(saved), "--scenario", "first-pack:tiny_island")
    assert r.exit_code == 0, r.output
    r = run("check", "first-pack:short_game", "core:rivers")
    assert r.exit_code == 0 and "checked 2 files" in r.output


def test_list_and_remove_with_json(built: Path, home: Path) -> None:
    assert run("pack", "install", str(built)).exit_code == 0
    r = run("pack", "list", "--format", "json")
    assert r.exit_code == 0
    packs = {p["name"]: p for p in json.loads(r.output)["packs"]}
    assert packs["first-pack"]["origin"] == "installed"
    assert packs["first-pack"]["scenarios"] == ["long_game", "short_game", "tiny_island"]
    assert "core" in packs
    r = run("pack", "remove", "first-pack")
    assert r.exit_code == 0 and "removed first-pack 1.0.0" in r.output
    assert run("pack", "remove", "first-pack").exit_code == 1


def test_errors_are_one_line_and_exit_1(tmp_path: Path, home: Path) -> None:
    junk = tmp_path / "junk.catanpack"
    junk.write_bytes(b"not a zip")
    for args in (("pack", "verify", str(junk)), ("pack", "install", str(junk)),
                 ("pack", "build", str(tmp_path / "nothing"), "-o", str(tmp_path / "o"))):
        r = run(*args)
        assert r.exit_code == 1, (args, r.output)
        assert r.output.startswith("error: ") and "Traceback" not in r.output
    assert tree(home) == {}
    r = run("playtest", "nope:x", "--games", "1")
    assert r.exit_code == 2 and "no pack named nope" in r.output


def test_every_pack_command_has_help() -> None:
    for cmd in ("build", "verify", "install", "list", "remove"):
        r = run("pack", cmd, "--help")
        assert r.exit_code == 0 and "Usage:" in r.output


def test_a_member_name_that_is_not_utf8_is_one_error_line_not_a_traceback(tmp_path: Path,
                                                                          home: Path) -> None:
    """Issue 38: the UTF-8 flag set on a name that is not UTF-8 made verify and install print
    zipfile's UnicodeDecodeError traceback."""
    from tests.packs.conftest import pack_files, write_zip

    path = write_zip(tmp_path / "bad.catanpack", {**pack_files(), "scenarios/\u00e9.catan": b"x"})
    data = path.read_bytes()
    path.write_bytes(data.replace("\u00e9".encode(), b"\xff\xfe"))
    for command in ("verify", "install"):
        r = run("pack", command, str(path))
        assert r.exit_code == 1 and isinstance(r.exception, SystemExit), r.output
        assert "Traceback" not in r.output
        assert r.output.strip().endswith("entry name b'scenarios/\\xff\\xfe.catan' is not UTF-8, "
                                         "though the zip says its names are (refused)")
    assert tree(home) == {}


def test_a_broken_pack_toml_is_named_by_its_path_line_and_column(source: Path,
                                                                 tmp_path: Path) -> None:
    """It said "pack.toml: not valid TOML: … (at line 1, column 6)": which pack.toml, of the
    folders a publisher builds, and not where an editor jumps."""
    toml = source / "pack.toml"
    toml.write_text(toml.read_text().replace("[pack]", "[pack", 1))
    r = run("pack", "build", str(source), "-o", str(tmp_path / "dist"))
    line = 1 + toml.read_text().splitlines().index("[pack")
    assert r.exit_code == 1 and r.output.startswith(f"error: {toml}:{line}:6: not valid TOML: ")
    assert "(at line" not in r.output and not (tmp_path / "dist").exists()


def test_a_damaged_install_names_the_way_out_and_never_blocks_the_shipped_packs(
        built: Path, home: Path) -> None:
    """A pack folder that lost its pack.toml made `play core:base` a traceback, and `pack
    remove` and `pack install` could not get out of it; a damaged index.json also kept the
    built-in packs from playing."""
    assert run("pack", "install", str(built)).exit_code == 0
    (home / "packs" / "first-pack-1.0.0" / "pack.toml").unlink()
    r = run("play", "core:base", "--max-turns", "1")
    assert r.exit_code == 0, r.output
    r = run("pack", "list")
    assert r.exit_code == 1 and "the installed pack first-pack is damaged" in r.output
    assert "'catan-dsl pack remove first-pack' removes it" in r.output
    r = run("pack", "remove", "first-pack")
    assert r.exit_code == 0 and r.output == "removed first-pack 1.0.0\n"
    assert run("pack", "install", str(built)).exit_code == 0
    (home / "packs" / "index.json").write_text("garbage")
    assert run("play", "seafarers:fog_islands", "--max-turns", "1").exit_code == 0


def test_a_scenario_file_name_a_pack_cannot_hold_says_which_characters(source: Path,
                                                                         tmp_path: Path) -> None:
    """"path parts may use letters" refused 'ünï.catan', whose letters are letters."""
    (source / "scenarios" / "tiny_island.catan").rename(source / "scenarios" / "ünï.catan")
    r = run("pack", "build", str(source), "-o", str(tmp_path / "dist"))
    assert r.exit_code == 1 and "'scenarios/ünï.catan'" in r.output
    assert "ASCII letters, digits and . _ + - only (no spaces or accents" in r.output


def test_rebuilding_one_version_from_changed_sources_warns(source: Path, tmp_path: Path) -> None:
    """The same version built again over a file with other bytes (perhaps the published one)
    replaced it without a word; an unchanged rebuild stays quiet."""
    dist = tmp_path / "dist"
    assert run("pack", "build", str(source), "-o", str(dist)).exit_code == 0
    r = run("pack", "build", str(source), "-o", str(dist))
    assert r.exit_code == 0 and "warning" not in r.output
    readme = source / "README.md"
    readme.write_text(readme.read_text() + "\nMore.\n")
    r = run("pack", "build", str(source), "-o", str(dist))
    assert r.exit_code == 0
    assert "warning: replaced " in r.output and "under the same version" in r.output


def test_pack_list_wraps_long_lists_of_scenarios_between_names(home: Path) -> None:
    """core's 18 scenarios printed as one line of 600 characters."""
    r = run("pack", "list")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    start = lines.index(next(x for x in lines if x.startswith("core ")))
    block = []
    for line in lines[start + 1:]:
        if not line.startswith("  "):
            break
        block.append(line)
    assert len(block) > 1 and all(len(x) <= 100 for x in block)
    names = " ".join(x.strip() for x in block).split(": ", 1)[1].split(", ")
    assert "core:combinations/rivers+caravans" in names and "core:base" in names

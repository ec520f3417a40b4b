"""install / upgrade / list / remove in the packs folder ($CATAN_DSL_HOME), dependencies, an
interrupted install, pip-shipped packs and PACK:SCENARIO names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from catan_dsl import __version__
from catan_dsl.packs import store
from catan_dsl.packs.build import build
from catan_dsl.packs.manifest import PackError
from tests.packs.conftest import tree


def _version(source: Path, version: str, out: Path, deps: str = "") -> Path:
    toml = source / "pack.toml"
    text = toml.read_text().replace('version = "1.0.0"', f'version = "{version}"')
    if deps:
        text = text.replace("[dependencies]\n", f"[dependencies]\n{deps}\n")
    toml.write_text(text)
    return build(source, out)[0]


def test_install_lands_under_catan_dsl_home_and_lists(built: Path, home: Path) -> None:
    meta, what = store.install(built)
    assert (meta.name, what) == ("first-pack", "installed")
    assert store.packs_dir() == home / "packs"
    packs = store.installed()
    assert list(packs) == ["first-pack"]
    assert packs["first-pack"].scenarios() == ["long_game", "short_game", "tiny_island"]
    assert store.install(built)[1] == "already installed"
    assert "core" in store.available() and "first-pack" in store.available()


def test_a_second_version_replaces_the_first_only_with_upgrade(source: Path, built: Path,
                                                               home: Path, tmp_path: Path) -> None:
    store.install(built)
    newer = _version(source, "1.1.0", tmp_path / "newer")
    with pytest.raises(PackError, match="use --upgrade"):
        store.install(newer)
    assert store.installed()["first-pack"].meta.version == "1.0.0"
    assert store.install(newer, upgrade=True)[1] == "upgraded"
    assert store.installed()["first-pack"].meta.version == "1.1.0"
    assert sorted(p.name for p in (home / "packs").iterdir()) == ["first-pack-1.1.0", "index.json"]


def test_missing_and_conflicting_dependencies_are_named(source: Path, built: Path, home: Path,
                                                        tmp_path: Path) -> None:
    needs = _version(source, "2.0.0", tmp_path / "n", deps='"map-tiles" = ">=1.0"')
    with pytest.raises(PackError, match="needs pack map-tiles >=1.0, which is not installed"):
        store.install(needs)
    source2 = tmp_path / "src2"
    os.rename(source, source2)
    toml = source2 / "pack.toml"
    toml.write_text(toml.read_text().replace('name = "first-pack"', 'name = "second"')
                    .replace('"map-tiles" = ">=1.0"', '"first-pack" = ">=5"'))
    second = build(source2, tmp_path / "s")[0]
    store.install(built)
    with pytest.raises(PackError, match="needs first-pack >=5, but first-pack 1.0.0 is installed"):
        store.install(second)


def test_remove_refuses_while_another_pack_depends_on_it(source: Path, built: Path, home: Path,
                                                         tmp_path: Path) -> None:
    store.install(built)
    other = tmp_path / "other"
    os.rename(source, other)
    toml = other / "pack.toml"
    toml.write_text(toml.read_text().replace('name = "first-pack"', 'name = "second"')
                    .replace("[dependencies]\n", '[dependencies]\n"first-pack" = ">=1"\n'))
    store.install(build(other, tmp_path / "o")[0])
    with pytest.raises(PackError, match="second depends on first-pack"):
        store.remove("first-pack")
    with pytest.raises(PackError, match="would break it"):
        store.install(_downgrade(tmp_path), upgrade=True)
    assert store.remove("second").name == "second"
    assert store.remove("First_Pack").name == "first-pack"
    assert store.installed() == {}
    with pytest.raises(PackError, match="no pack named first-pack is installed"):
        store.remove("first-pack")
    with pytest.raises(PackError, match="uninstall that distribution with pip"):
        store.remove("core")


def _downgrade(tmp_path: Path) -> Path:
    """The example pack at version 0.9.0 (outside what "second" accepts)."""
    import shutil

    from tests.packs.conftest import EXAMPLE

    src = tmp_path / "down"
    shutil.copytree(EXAMPLE, src)
    return _version(src, "0.9.0", tmp_path / "down-out")


def test_an_interrupted_install_leaves_the_previous_state(source: Path, built: Path, home: Path,
                                                          tmp_path: Path, monkeypatch) -> None:
    store.install(built)
    before = tree(home)
    newer = _version(source, "1.1.0", tmp_path / "newer")
    real_replace = os.replace

    def crash(src, dst):  # the machine "dies" just before the new folder is moved into place
        if Path(dst).name.startswith("first-pack-1.1.0"):
            raise KeyboardInterrupt
        return real_replace(src, dst)

    monkeypatch.setattr(store.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        store.install(newer, upgrade=True)
    assert tree(home) == before
    monkeypatch.setattr(store.os, "replace", real_replace)
    assert store.install(newer, upgrade=True)[1] == "upgraded"


def test_leftovers_of_a_crash_are_swept_on_the_next_install(built: Path, home: Path) -> None:
    (home / "packs" / ".tmp-first-pack-x").mkdir(parents=True)
    (home / "packs" / ".tmp-first-pack-x" / "junk").write_text("half written")
    store.install(built)
    assert sorted(p.name for p in (home / "packs").iterdir()) == ["first-pack-1.0.0", "index.json"]


def test_a_pack_needing_another_catan_dsl_is_refused(source: Path, home: Path,
                                                     tmp_path: Path) -> None:
    toml = source / "pack.toml"
    toml.write_text(toml.read_text().replace('requires-catan-dsl = ">=0.1"',
                                             'requires-catan-dsl = ">=99"'))
    with pytest.raises(PackError, match=f"needs catan-dsl >=99, this is catan-dsl {__version__}"):
        store.install(build(source, tmp_path / "o")[0])
    assert tree(home / "packs") == {}


def test_the_shipped_scenarios_are_the_core_pack_and_its_name_is_taken(source: Path, home: Path,
                                                                      tmp_path: Path) -> None:
    core = store.from_entry_points()["core"]
    assert core.origin.startswith("entry point core")
    assert {"base", "rivers", "harbormaster"} <= set(core.scenarios())
    toml = source / "pack.toml"
    toml.write_text(toml.read_text().replace('name = "first-pack"', 'name = "Core"'))
    with pytest.raises(PackError, match="taken by entry point core"):
        store.install(build(source, tmp_path / "o")[0])


def test_pack_scenario_names_resolve_or_say_what_exists(built: Path, home: Path,
                                                        tmp_path: Path) -> None:
    store.install(built)
    assert store.resolve("first-pack:tiny_island") == \
        home / "packs" / "first-pack-1.0.0" / "scenarios" / "tiny_island.catan"
    assert store.resolve("core:rivers").name == "rivers.catan"
    assert store.resolve("scenarios/base.catan") is None          # a path stays a path
    with pytest.raises(PackError, match='did you mean "first-pack:tiny_island"'):
        store.resolve("first-pack:tiny_islands")
    with pytest.raises(PackError, match="no pack named nope"):
        store.resolve("nope:x")
    existing = tmp_path / "odd:name.catan"
    existing.write_text("")
    assert store.resolve(str(existing)) is None


def test_a_damaged_index_is_reported_not_a_traceback(home: Path) -> None:
    (home / "packs").mkdir(parents=True)
    (home / "packs" / "index.json").write_text("{not json")
    with pytest.raises(PackError, match="index.json is damaged"):
        store.installed()


def test_without_catan_dsl_home_packs_go_to_the_user_data_folder(monkeypatch) -> None:
    import platformdirs

    monkeypatch.delenv("CATAN_DSL_HOME", raising=False)
    assert store.packs_dir() == Path(platformdirs.user_data_dir("catan-dsl", appauthor=False)) / "packs"
    assert store.packs_dir().name == "packs"

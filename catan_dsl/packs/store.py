"""A ``.catanpack`` and the user's packs folder → install, upgrade and remove (what is available
and ``PACK:SCENARIO`` names are read by ``catalog.py``, re-exported here)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from catan_dsl.core.files import umask, write_atomic
from catan_dsl.packs.archive import Pack, read_pack, unpack
from catan_dsl.packs.catalog import (INDEX, AvailablePack, available, from_entry_points,
                                     installed, packs_dir, read_index, resolve)
from catan_dsl.packs.checking import check_scenarios
from catan_dsl.packs.manifest import PackError, PackMeta, check_tool_version, normalize, satisfies

__all__ = ["AvailablePack", "available", "from_entry_points", "install", "installed",
           "packs_dir", "remove", "resolve"]


def _write_index(root: Path, index: dict[str, dict]) -> None:
    """Replace the index in one rename, so an interrupted install leaves the previous one."""
    write_atomic(root / INDEX, (json.dumps(index, indent=2, sort_keys=True) + "\n").encode())


def install(path: Path, *, upgrade: bool = False) -> tuple[PackMeta, str]:
    """Verify a .catanpack and install it; returns its metadata and what happened.

    The pack is unpacked into a fresh folder inside the packs folder, its scenarios are
    checked there, and only then does one rename of the index make it the installed version:
    an interrupted install leaves the previous state intact."""
    pack = read_pack(path)
    meta = pack.meta
    check_tool_version(meta)
    root = packs_dir()
    root.mkdir(parents=True, exist_ok=True)
    index = read_index(root)
    shipped = from_entry_points()
    if meta.key in shipped:
        raise PackError(f"the name {meta.name} is taken by {shipped[meta.key].origin}; rename "
                        "the pack")
    current = installed()
    old = index.get(meta.key)
    if old is not None:
        if old["version"] == meta.version:
            if _same_files(root / old["folder"], pack):
                return meta, "already installed"
            raise PackError(f"pack {meta.name} {meta.version} is installed with other contents; "
                            "a changed pack needs a new version")
        if not upgrade:
            raise PackError(f"pack {meta.name} {old['version']} is installed; use --upgrade to "
                            f"replace it with {meta.version}")
    _check_dependencies(meta, {**shipped, **current})
    for other in current.values():               # packs that depend on this one must still fit
        rng = other.meta.dependencies.get(meta.key)
        if rng is not None and not satisfies(meta.version, rng):
            raise PackError(f"pack {other.meta.name} needs {meta.name} {rng}; {meta.version} "
                            "would break it")
    _sweep(root, index)
    tmp = Path(tempfile.mkdtemp(prefix=f".tmp-{meta.key}-", dir=root))
    try:
        os.chmod(tmp, 0o777 & ~umask())
        try:
            unpack(pack, tmp)
        except PackError as e:
            raise PackError(f"{path}: {e} (into the packs folder {root})") from None
        problems = check_scenarios(tmp / "scenarios", as_members=True)
        if problems:
            raise PackError(f"{path}: a scenario of the pack does not check:\n{problems}")
        folder = f"{meta.key}-{meta.version}"
        final = root / folder
        if final.exists():                      # a leftover of an interrupted earlier install
            shutil.rmtree(final)
        try:
            os.replace(tmp, final)
        except OSError as e:                    # name the place it goes, not the temporary one
            raise PackError(f"{path}: cannot install into {final}: "
                            f"{e.strerror or type(e).__name__}") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    index[meta.key] = {"folder": folder, "version": meta.version}
    _write_index(root, index)
    if old is not None and old["folder"] != folder:
        shutil.rmtree(root / old["folder"], ignore_errors=True)
    return meta, "upgraded" if old is not None else "installed"


def remove(name: str, *, force: bool = False) -> PackMeta:
    """Uninstall a pack from the packs folder (not one a distribution ships)."""
    key = normalize(name)
    root = packs_dir()
    index = read_index(root)
    damaged: dict[str, str] = {}
    current = installed(damaged)        # a damaged pack can still be removed
    if key not in index:
        shipped = from_entry_points()
        if key in shipped:
            raise PackError(f"{name} comes from {shipped[key].origin}; uninstall that "
                            "distribution with pip instead")
        raise PackError(f"no pack named {name} is installed"
                        + (f" (installed: {', '.join(sorted(current))})" if current else ""))
    dependents = sorted(p.meta.name for k, p in current.items()
                        if key in p.meta.dependencies and k != key)
    if dependents and not force:
        raise PackError(f"{', '.join(dependents)} depend{'s' if len(dependents) == 1 else ''} on "
                        f"{name}; remove {'it' if len(dependents) == 1 else 'them'} first or use "
                        "--force")
    entry = index.pop(key)
    meta = current[key].meta if key in current else \
        PackMeta(name=key, version=entry.get("version", "?"), description="", license="",
                 authors=())
    _write_index(root, index)
    shutil.rmtree(root / entry["folder"], ignore_errors=True)
    return meta


def _check_dependencies(meta: PackMeta, packs: dict[str, AvailablePack]) -> None:
    for dep, rng in meta.dependencies.items():
        have = packs.get(dep)
        if have is None:
            raise PackError(f"pack {meta.name} needs pack {dep} {rng}, which is not installed")
        if not satisfies(have.meta.version, rng):
            raise PackError(f"pack {meta.name} needs {dep} {rng}, but {dep} "
                            f"{have.meta.version} is installed")


def _same_files(folder: Path, pack: Pack) -> bool:
    return all((folder / n).is_file() and (folder / n).read_bytes() == d
               for n, d in pack.files.items())


def _sweep(root: Path, index: dict[str, dict]) -> None:
    """Remove what an interrupted install left behind (temporary and unreferenced folders)."""
    keep = {e["folder"] for e in index.values()}
    for p in root.iterdir():
        if p.is_dir() and not p.is_symlink() and p.name not in keep:
            shutil.rmtree(p, ignore_errors=True)

"""The user's packs folder and pip-installed packs → install, upgrade, list, remove, and the
scenario a ``PACK:SCENARIO`` name points to."""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from catan_dsl.core.paths import data_home
from catan_dsl.core.files import umask, write_atomic
from catan_dsl.packs.archive import Pack, read_pack, unpack
from catan_dsl.packs.checking import check_scenarios
from catan_dsl.packs.manifest import (PACK_TOML, PackError, PackMeta, check_tool_version,
                                      normalize, parse_meta, satisfies)

ENTRY_POINT_GROUP = "catan_dsl.packs"
INDEX = "index.json"
SPEC_RE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9]):([A-Za-z0-9_.+/-]+)$")


@dataclass(frozen=True)
class AvailablePack:
    """A pack the tool can play from: installed from a .catanpack or shipped by a distribution."""

    meta: PackMeta
    scenarios_dir: Path
    origin: str                      # "installed" or "entry point NAME (distribution DIST)"

    def scenarios(self) -> list[str]:
        """Scenario names (paths below scenarios/ without ``.catan``), sorted."""
        return sorted(p.relative_to(self.scenarios_dir).with_suffix("").as_posix()
                      for p in self.scenarios_dir.rglob("*.catan"))

    def to_dict(self) -> dict:
        return {**self.meta.to_dict(), "origin": self.origin, "scenarios": self.scenarios()}


def packs_dir() -> Path:
    return data_home() / "packs"


def _read_index(root: Path) -> dict[str, dict]:
    path = root / INDEX
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict) and all(isinstance(v, dict) and "folder" in v
                                              for v in data.values())
        return data
    except (OSError, ValueError, AssertionError):
        raise PackError(f"{path} is damaged; remove it (and the folders beside it) to start "
                        "over") from None


def _write_index(root: Path, index: dict[str, dict]) -> None:
    """Replace the index in one rename, so an interrupted install leaves the previous one."""
    write_atomic(root / INDEX, (json.dumps(index, indent=2, sort_keys=True) + "\n").encode())


def installed() -> dict[str, AvailablePack]:
    """Packs installed into the packs folder, by normalised name."""
    root = packs_dir()
    out = {}
    for key, entry in sorted(_read_index(root).items()):
        folder = root / entry["folder"]
        meta = parse_meta((folder / PACK_TOML).read_text(encoding="utf-8"), str(folder / PACK_TOML))
        out[key] = AvailablePack(meta, folder / "scenarios", "installed")
    return out


def from_entry_points() -> dict[str, AvailablePack]:
    """Packs that Python distributions ship through the ``catan_dsl.packs`` entry-point group.

    Each entry point names a callable returning ``{"meta": {...pack.toml [pack] keys...},
    "scenarios": PATH}`` (see :func:`catan_dsl.packs.sources.directory_pack`)."""
    out = {}
    for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist = ep.dist.name if ep.dist is not None else "?"
        try:
            found = ep.load()()
            meta = _meta_of(found["meta"], f"entry point {ep.name}")
            scenarios = Path(found["scenarios"])
        except PackError:
            raise
        except Exception as e:  # noqa: BLE001 - a broken third-party entry point is its fault
            raise PackError(f"entry point {ep.name} of {dist} is broken: "
                            f"{type(e).__name__}: {e}") from None
        out[meta.key] = AvailablePack(meta, scenarios, f"entry point {ep.name} ({dist})")
    return out


def _meta_of(fields: dict, where: str) -> PackMeta:
    lines = ["[pack]"] + [f"{k} = {json.dumps(v)}" for k, v in fields.items()
                          if k != "dependencies"]
    lines += ["[dependencies]"] + [f"{json.dumps(k)} = {json.dumps(v)}"
                                   for k, v in (fields.get("dependencies") or {}).items()]
    return parse_meta("\n".join(lines), where)


def available() -> dict[str, AvailablePack]:
    """Every pack by normalised name; pip-installed packs first, then the packs folder."""
    return {**from_entry_points(), **installed()}


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
    index = _read_index(root)
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
        unpack(pack, tmp)
        problems = check_scenarios(tmp / "scenarios")
        if problems:
            raise PackError(f"{path}: a scenario of the pack does not check:\n{problems}")
        folder = f"{meta.key}-{meta.version}"
        final = root / folder
        if final.exists():                      # a leftover of an interrupted earlier install
            shutil.rmtree(final)
        os.replace(tmp, final)
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
    index = _read_index(root)
    current = installed()
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
    meta = current[key].meta
    entry = index.pop(key)
    _write_index(root, index)
    shutil.rmtree(root / entry["folder"], ignore_errors=True)
    return meta


def resolve(spec: str) -> Path | None:
    """``PACK:SCENARIO`` → the scenario's file; None when ``spec`` is not a pack name (a path)."""
    if os.path.exists(spec):
        return None
    m = SPEC_RE.match(spec)
    if m is None:
        return None
    name, scenario = m.group(1), m.group(2).removesuffix(".catan")
    packs = available()
    pack = packs.get(normalize(name))
    if pack is None:
        known = ", ".join(sorted(packs)) or "none"
        raise PackError(f"{spec}: no pack named {name} (available: {known}; install one with "
                        "'catan-dsl pack install FILE.catanpack')")
    names = pack.scenarios()
    if scenario not in names:
        import difflib

        close = difflib.get_close_matches(scenario, names, n=1)
        hint = f' (did you mean "{name}:{close[0]}"?)' if close else ""
        raise PackError(f"{spec}: pack {pack.meta.name} has no scenario {scenario}{hint}; "
                        f"it has: {', '.join(names)}")
    return pack.scenarios_dir / f"{scenario}.catan"


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

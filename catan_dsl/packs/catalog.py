"""Installed and pip-shipped packs → what is available, by name, and the scenario file a
``PACK:SCENARIO`` name points to (read only: nothing here writes, checks or imports the api, so
the api can take ``PACK:SCENARIO`` names as the CLI does)."""

from __future__ import annotations

import difflib
import json
import os
import re
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from catan_dsl.core.paths import data_home
from catan_dsl.packs.manifest import PACK_TOML, PackError, PackMeta, normalize, parse_meta

ENTRY_POINT_GROUP = "catan_dsl.packs"
INDEX = "index.json"
SPEC_RE = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9]):([A-Za-z0-9_.+/-]+)",
                     re.ASCII)   # used with fullmatch: "core:rivers\n" names no scenario


@dataclass(frozen=True)
class AvailablePack:
    """A pack the tool can play from: installed from a .catanpack or shipped by a distribution."""

    meta: PackMeta
    scenarios_dir: Path
    origin: str                      # "installed" or "entry point NAME (distribution DIST)"

    def scenarios(self) -> list[str]:
        """Scenario names (paths below scenarios/ without ``.catan``), sorted."""
        return sorted(p.relative_to(self.scenarios_dir).with_suffix("").as_posix()
                      for p in self.scenarios_dir.rglob("*.catan") if not self.in_other_pack(p))

    def in_other_pack(self, path: Path) -> bool:
        """A file below a subfolder holding its own pack.toml belongs to that pack (the shipped
        scenarios hold the seafarers pack's source folder), not to this one."""
        return any((d / PACK_TOML).is_file() for d in path.parents
                   if d != self.scenarios_dir and self.scenarios_dir in d.parents)

    def to_dict(self) -> dict:
        return {**self.meta.to_dict(), "origin": self.origin, "scenarios": self.scenarios()}


def packs_dir() -> Path:
    return data_home() / "packs"


def read_index(root: Path) -> dict[str, dict]:
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


def installed(damaged: dict[str, str] | None = None) -> dict[str, AvailablePack]:
    """Packs installed into the packs folder, by normalised name. One whose folder lost its
    pack.toml (or holds a broken one) is a PackError naming it and the way out — unless
    ``damaged`` is given, which collects them (name → why) for ``remove`` to clear."""
    root = packs_dir()
    out = {}
    for key, entry in sorted(read_index(root).items()):
        folder = root / entry["folder"]
        try:
            meta = parse_meta((folder / PACK_TOML).read_text(encoding="utf-8"),
                              str(folder / PACK_TOML))
        except (OSError, UnicodeDecodeError, PackError) as e:
            why = f"{e.filename}: {e.strerror}" if isinstance(e, OSError) else str(e)
            if damaged is None:
                raise PackError(f"the installed pack {key} is damaged ({why}); 'catan-dsl pack "
                                f"remove {key}' removes it") from None
            damaged[key] = why
            continue
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


def resolve(spec: str) -> Path | None:
    """``PACK:SCENARIO`` → the scenario's file; None when ``spec`` is not a pack name (a path)."""
    if os.path.exists(spec):
        return None
    m = SPEC_RE.fullmatch(spec)
    if m is None:
        return None
    name, scenario = m.group(1), m.group(2).removesuffix(".catan")
    # A shipped pack (core:base) is found without reading the packs folder: a damaged install
    # there must not keep the built-in scenarios from playing.
    packs = from_entry_points()
    if normalize(name) not in packs:
        packs = available()
    pack = packs.get(normalize(name))
    if pack is None:
        known = ", ".join(sorted(packs)) or "none"
        raise PackError(f"{spec}: no pack named {name} (available: {known}; install one with "
                        "'catan-dsl pack install FILE.catanpack')")
    names = pack.scenarios()
    if scenario not in names:
        close = difflib.get_close_matches(scenario, names, n=1)
        hint = f' (did you mean "{name}:{close[0]}"?)' if close else ""
        raise PackError(f"{spec}: pack {pack.meta.name} has no scenario {scenario}{hint}; "
                        f"it has: {', '.join(names)}")
    return pack.scenarios_dir / f"{scenario}.catan"

"""Entry-point pack sources: a folder with pack.toml and scenarios/ (or the shipped scenarios) →
the mapping the ``catan_dsl.packs`` entry-point group returns."""

from __future__ import annotations

import tomllib
from pathlib import Path

from catan_dsl import __version__
from catan_dsl.core.paths import data_dir
from catan_dsl.packs.manifest import PACK_TOML


def directory_pack(folder: str | Path) -> dict:
    """What a distribution's entry point returns for a pack folder it ships as package data:
    ``{"meta": <[pack] and dependencies of pack.toml>, "scenarios": <folder>/scenarios}``."""
    folder = Path(folder)
    data = tomllib.loads((folder / PACK_TOML).read_text(encoding="utf-8"))
    meta = dict(data.get("pack", {}))
    if "dependencies" in data:
        meta["dependencies"] = data["dependencies"]
    return {"meta": meta, "scenarios": folder / "scenarios"}


def core_pack() -> dict:
    """The scenarios shipped with catan-dsl itself, as the pack ``core``."""
    return {"meta": {"name": "core", "version": __version__,
                     "description": "The base game and every documented variant and scenario",
                     "license": "MIT", "authors": ["catan-dsl developers"]},
            "scenarios": data_dir("scenarios", "base.catan")}


def seafarers_pack() -> dict:
    """Catan: Seafarers, shipped beside ``core`` as the pack ``seafarers``: its source folder
    (pack.toml + scenarios/) is ``scenarios/seafarers`` of the shipped scenarios."""
    return directory_pack(data_dir("scenarios", "base.catan") / "seafarers")

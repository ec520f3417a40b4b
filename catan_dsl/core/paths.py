"""Package data name → its folder: the wheel's copy inside the package, else the checkout's."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]      # catan_dsl/


def candidates(name: str) -> tuple[Path, Path]:
    """Where ``name`` may live, in the order looked at: inside the package, then the checkout."""
    return _PACKAGE / name, _PACKAGE.parent / name


def data_dir(name: str, probe: str) -> Path:
    """``grammar`` or ``scenarios``: the installed copy (wheel force-include) wins over the
    source checkout's top-level folder; ``probe`` is a file that must be there."""
    for d in candidates(name):
        if (d / probe).is_file():
            return d
    raise FileNotFoundError(f"{probe} not found in catan_dsl/{name} or <repo>/{name}")

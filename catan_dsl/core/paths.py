"""Package data name → its folder (the wheel's copy, else the checkout's); the user's data and
cache folders ($CATAN_DSL_HOME, else the platform's)."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]      # catan_dsl/
HOME_ENV = "CATAN_DSL_HOME"


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


def data_home() -> Path:
    """Where catan-dsl keeps user data (installed packs): ``$CATAN_DSL_HOME``, else the
    platform's user data folder."""
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env)
    import platformdirs  # only commands that keep data need it

    return Path(platformdirs.user_data_dir("catan-dsl", appauthor=False))


def cache_home() -> Path:
    """Where catan-dsl keeps what it can rebuild (the built parser): ``$CATAN_DSL_HOME/cache``,
    else the platform's user cache folder — never inside the installed package."""
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env) / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("catan-dsl", appauthor=False))

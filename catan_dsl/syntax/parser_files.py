"""The grammar's files, the parser's options and lark's installed copy → the built parser's
cache file, all found without importing lark (so `lark_import` can decide how to import it)."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path

from catan_dsl.core.paths import cache_home, data_dir

# Options lark builds the parser with (`parser.build_parser`); strict mode is not among them:
# it only refuses a grammar with collisions or conflicts, and builds the same parser otherwise.
OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}
# What the cache file holds (`parser_cache`); bumped whenever that changes, so an older cache
# file is never read as this one.
CACHE_FORMAT = "pickled Lark object v3 (shared parts, ordered scanners, no persistent ids)"


def grammar_dir() -> Path:
    """The folder of ``catan.lark`` (installed copy first, then the checkout's ``grammar/``)."""
    return data_dir("grammar", "catan.lark")


def parser_cache_path() -> Path:
    """The built parser's cache file: named by a hash of every grammar file, the options, the
    cache's format, lark's own ``__init__.py`` (which names its version) and Python's version,
    so a changed grammar or an upgrade never loads a stale parser."""
    h = hashlib.sha256()
    for p in sorted(grammar_dir().glob("*.lark")):
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    h.update(_lark_identity() + b"\0")
    h.update(repr((sorted(OPTIONS.items()), sys.version_info[:2], "postlex: glued words",
                   CACHE_FORMAT)).encode())
    return cache_home() / f"parser-{h.hexdigest()[:24]}.lark"


def _lark_identity() -> bytes:
    spec = importlib.util.find_spec("lark")
    if spec is None or spec.origin is None:
        return b"no lark"
    try:
        return Path(spec.origin).read_bytes()
    except OSError:
        return spec.origin.encode()


KEPT_CACHES = 4     # parsers of other grammars or versions kept beside the one just built


def prune_caches(built: Path) -> None:
    """Remove the oldest cache files beside ``built``, keeping it and the ``KEPT_CACHES`` newest
    others: each grammar or format change names a new file, and the old ones would otherwise
    pile up for ever. A few are kept so that two installed versions used in turn do not
    rebuild their parsers (1 s each) on every switch. Files in use elsewhere are left to the
    operating system; a file that cannot be removed stays."""
    try:
        others = [p for p in built.parent.glob("parser-*.lark") if p != built]
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in others[KEPT_CACHES:]:
        try:
            old.unlink()
        except OSError:
            pass

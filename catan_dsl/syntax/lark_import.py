"""→ lark imported, without its optional `regex` and `interegular` when the built parser is
already cached: lark imports both when they are installed, but needs them only to build a
parser (`regex` to measure patterns, `interegular` for strict mode's collision checks), and
importing them was a tenth of `catan-dsl check`'s start-up (bench/README.md, start-up).

The package's `__init__` calls `import_lark` before any of its modules imports lark. Nothing
of lark's is patched: lark is simply imported while the two modules cannot be found, and then
they can be again. A parser built in such a process is built without strict mode
(`extras_hidden`), which gives the same parser for a grammar strict mode accepts (the test
suite builds it strictly)."""

from __future__ import annotations

import sys

_OPTIONAL = ("regex", "interegular")
_hidden = False


def import_lark() -> None:
    """Import lark, hiding its grammar-building extras if a built parser is waiting in the
    cache folder. Does nothing once lark is imported (by us or by whoever came first)."""
    global _hidden
    if "lark" in sys.modules:
        return
    from catan_dsl.syntax.parser_files import parser_cache_path

    try:
        cached = parser_cache_path().is_file()
    except OSError:
        cached = False
    hide = [name for name in _OPTIONAL if cached and name not in sys.modules]
    for name in hide:
        sys.modules[name] = None  # type: ignore[assignment]   # `import name` raises ImportError
    try:
        import lark  # noqa: F401
    finally:
        for name in hide:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]
    _hidden = "interegular" in hide


def extras_hidden() -> bool:
    """Was lark imported without `interegular` (so it cannot build a parser in strict mode)?"""
    return _hidden

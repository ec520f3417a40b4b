"""→ lark's names for this package, lark imported without its optional `regex` and
`interegular` when the built parser is already cached: lark imports both when they are
installed, but needs them only to build a parser (`regex` to measure patterns, `interegular`
for strict mode's collision checks), and importing them was a tenth of `catan-dsl check`'s
start-up (bench/README.md, start-up).

The package's modules take lark's names from here, never from lark itself, so whichever of
them comes first imports lark this way (a test holds them to it), while the modules that need
no lark (`keywords`, `ast`) import none. Nothing of lark's is patched: lark is imported while
the two modules cannot be found, and then they can be again. A parser built in such a process
is built without strict mode (`extras_hidden`), which gives the same parser for a grammar
strict mode accepts (the test suite imports lark first, so it builds strictly)."""

from __future__ import annotations

import sys

from catan_dsl.syntax.parser_files import parser_cache_path

# Hide them only for lark's first import, and only when no parser will be built from scratch.
try:
    _CACHED = "lark" not in sys.modules and parser_cache_path().is_file()
except OSError:
    _CACHED = False
_HIDDEN = tuple(name for name in ("regex", "interegular") if _CACHED and name not in sys.modules)
for _name in _HIDDEN:
    sys.modules[_name] = None  # type: ignore[assignment]   # `import regex` raises ImportError
try:
    from lark import Lark, Token, Transformer, Tree
    from lark.exceptions import (
        GrammarError,
        LarkError,
        UnexpectedCharacters,
        UnexpectedEOF,
        UnexpectedInput,
        UnexpectedToken,
        VisitError,
    )
    from lark.lexer import BasicLexer, ContextualLexer, PatternStr, TerminalDef, UnlessCallback
    from lark.parsers.lalr_analysis import Reduce, Shift
finally:
    for _name in _HIDDEN:
        if sys.modules.get(_name, 0) is None:
            del sys.modules[_name]

__all__ = ["BasicLexer", "ContextualLexer", "GrammarError", "Lark", "LarkError", "PatternStr",
           "Reduce", "Shift", "TerminalDef", "Token", "Transformer", "Tree",
           "UnexpectedCharacters", "UnexpectedEOF", "UnexpectedInput", "UnexpectedToken",
           "UnlessCallback", "VisitError", "extras_hidden"]


def extras_hidden() -> bool:
    """Was lark imported without `interegular` (so it cannot build a parser in strict mode)?"""
    return "interegular" in _HIDDEN

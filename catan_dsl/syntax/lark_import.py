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
strict mode accepts (the test suite imports lark first, so it builds strictly). Likewise lark's
Earley and CYK parsers, which its parser front ends import and an LALR parser never runs: while
the parser is cached, stand-ins take their place during that import (`_StandIn`), and the real
modules are importable afterwards."""

from __future__ import annotations

import sys
import types

from catan_dsl.syntax.parser_files import parser_cache_path


class _StandIn(types.ModuleType):
    """A lark parser module that is never run here: any name read from it (an annotation at
    import) is a class that says so if it is ever called."""

    def __getattr__(self, name: str) -> type:
        if name.startswith("__"):
            raise AttributeError(name)
        module = self.__name__

        class NotLoaded:
            def __init__(self, *args, **kwargs) -> None:
                raise RuntimeError(f"{module} was not loaded in this process (lark_import.py)")
        return NotLoaded

# Hide them only for lark's first import, and only when no parser will be built from scratch.
try:
    _CACHED = "lark" not in sys.modules and parser_cache_path().is_file()
except OSError:
    _CACHED = False
_HIDDEN = tuple(name for name in ("regex", "interegular") if _CACHED and name not in sys.modules)
# Earley (with its forest) and CYK: a tenth of lark's import, for parsers this package never
# builds (it builds and loads LALR ones only).
_STANDING_IN = tuple(name for name in ("lark.parsers.earley", "lark.parsers.xearley",
                                       "lark.parsers.cyk") if _CACHED and name not in sys.modules)
for _name in _HIDDEN:
    sys.modules[_name] = None  # type: ignore[assignment]   # `import regex` raises ImportError
for _name in _STANDING_IN:
    sys.modules[_name] = _StandIn(_name)
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
    for _name in _STANDING_IN:
        if isinstance(sys.modules.get(_name), _StandIn):
            del sys.modules[_name]

__all__ = ["BasicLexer", "ContextualLexer", "GrammarError", "Lark", "LarkError", "PatternStr",
           "Reduce", "Shift", "TerminalDef", "Token", "Transformer", "Tree",
           "UnexpectedCharacters", "UnexpectedEOF", "UnexpectedInput", "UnexpectedToken",
           "UnlessCallback", "VisitError", "extras_hidden"]


def extras_hidden() -> bool:
    """Was lark imported without `interegular` (so it cannot build a parser in strict mode)?"""
    return "interegular" in _HIDDEN

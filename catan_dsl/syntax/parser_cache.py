"""A built Lark parser ↔ its cache file: the whole parser object pickled, as it stands after
it is built, so loading it is one `pickle.load` (~0.02 s) instead of lark's own `Lark.load`,
which rebuilds every parse-table entry, rule and lexer from its serialised form (~0.15 s).
What is saved is made small first: equal parse-table actions are one object, and every lexer
state holds a ready scanner (`scanner.py`) that needs no regular expression compiled per state."""

from __future__ import annotations

import importlib
import io
import pickle
import types
from typing import IO, Any

from catan_dsl.syntax import scanner
from catan_dsl.syntax.lark_import import ContextualLexer, Lark, Reduce, Shift
from catan_dsl.syntax.parser_files import CACHE_FORMAT as FORMAT

# Objects the parser compares by identity (`action is Shift`) or that cannot be pickled
# (modules: the lexer holds `re`): saved as a reference, once, and looked up again when loaded
# (lark's module attribute, `importlib.import_module`), so the loaded parser holds the same
# objects a built one does. A reference is loaded once and then reused from the pickle's memo,
# where a persistent id would call back into Python at each of its 3,000 uses.
_BY_NAME = {id(Shift): "Shift", id(Reduce): "Reduce"}


class _Saver(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, types.ModuleType):
            return importlib.import_module, (obj.__name__,)
        name = _BY_NAME.get(id(obj))
        if name is not None:
            return name          # a global of the object's module: saved and loaded by name
        return NotImplemented


def save(parser: Lark, fh: IO[bytes]) -> None:
    """Write ``parser`` as lark's own `Lark.load` gives it back: the object a cache of lark's
    format gave before, with no part of the build (the grammar, the lexers' regular
    expressions compiled for strict mode's collision checks) that parsing does not need."""
    lark_format = io.BytesIO()
    parser.save(lark_format)
    lark_format.seek(0)
    loaded = Lark.load(lark_format)
    _share_equal_parts(loaded)
    lexer = getattr(loaded.parser, "lexer", None)
    lexer = getattr(lexer, "lexer", lexer)              # inside the post-lexer's connector
    if isinstance(lexer, ContextualLexer):
        scanner.prebuild(lexer)
    _Saver(fh, protocol=pickle.HIGHEST_PROTOCOL).dump((FORMAT, loaded))


def _share_equal_parts(parser: Lark) -> None:
    """One object for each distinct parse-table action, rule, rule options and grammar symbol:
    `Lark.load` gives every table entry its own ``(Reduce, rule)`` pair and its own equal copy
    of the rule (28,000 entries, 2,700 distinct actions), and every rule its own copies of its
    symbols (4,000 of them, 600 distinct) and options (992, 9 distinct), which the pickle would
    otherwise save, and load, one by one. Rules and symbols compare and hash by value, so the
    parser finds the same callback for a rule and the same table row for a symbol; options are
    only read. The parse-tree builder is dropped: it only makes the callbacks, which are saved
    made."""
    symbols: dict[tuple, Any] = {}

    def symbol(s: Any) -> Any:
        return symbols.setdefault((type(s), s.name, getattr(s, "filter_out", None)), s)

    rules: dict[Any, Any] = {}
    options: dict[str, Any] = {}          # a rule's options, by their values (9 distinct)
    for rule in parser.rules:
        rule.origin = symbol(rule.origin)
        rule.expansion = type(rule.expansion)(symbol(s) for s in rule.expansion)
        rule.options = options.setdefault(repr(sorted(vars(rule.options).items())), rule.options)
        rules.setdefault(rule, rule)
    actions: dict[tuple, tuple] = {}
    for row in parser.parser.parser._parse_table.states.values():
        for name, (action, arg) in row.items():
            if action is Reduce:
                arg = rules.setdefault(arg, arg)
            row[name] = actions.setdefault((action, arg), (action, arg))
    parser._parse_tree_builder = None  # type: ignore[assignment]


def load(fh: IO[bytes]) -> Lark | None:
    """The parser saved in ``fh``, or None when the file holds something else (another format,
    an older version's cache). A damaged file raises; the caller rebuilds either way."""
    data = pickle.load(fh)
    if isinstance(data, tuple) and len(data) == 2 and data[0] == FORMAT \
            and isinstance(data[1], Lark):
        return data[1]
    return None

"""The grammar files → the words the language spells out (``terrain``, ``at``, ``where``), for
the formatter, the highlighters and completion, so none of them falls behind the grammar."""

from __future__ import annotations

import functools
import re

from catan_dsl.core.paths import data_dir

# The words that start a declaration at the top of a scenario (grammar/catan.lark ``_stmt``)
# or a file; highlighters show them apart from the other keywords.
DECLARATIONS = frozenset({
    "scenario", "variant", "extends", "with", "import", "players", "resources", "bank",
    "tokens", "victory", "terrain", "piece", "development", "special", "robber", "trade",
    "production", "setup", "board", "option", "counter", "deck", "neutral", "on", "action",
    "forbid", "modifier", "chain", "procedure", "without", "use", "marker", "param", "die",
    "unit", "define", "phase",
})


@functools.lru_cache(maxsize=1)
def grammar_keywords() -> frozenset[str]:
    """Every quoted word of the grammar files (``"terrain"``, ``"at"``, ``"x"``)."""
    words: set[str] = set()
    for path in data_dir("grammar", "catan.lark").glob("*.lark"):
        words.update(re.findall(r'"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return frozenset(words)

"""A vocabulary word's signature text (``"p:player kind:name:piece"``) → a typed `Entry`, and the
value types the checker knows (core/vocab.py lists the words)."""

from __future__ import annotations

from catan_dsl.core.frozen import Frozen, frozen_record

# Value types the checker knows.  "set:T" is a set of T; "name:K" is a name declared as kind K.
TYPES = (
    "int", "bool", "player", "hex", "vertex", "edge", "resource", "stock",
    "set:player", "set:hex", "set:vertex", "set:edge", "set:resource",
    "name:piece", "name:terrain", "name:counter", "name:deck", "name:card", "name:special",
    "name:feature", "name:mark", "name:option", "name:resource", "name:item", "name:unit",
    "set:name:terrain", "set:name:piece", "name:robber",
)


@frozen_record
class Param(Frozen):
    name: str
    type: str


@frozen_record
class Entry(Frozen):
    """One vocabulary word: its signature, meaning, a source example and an explain template."""

    name: str
    params: tuple[Param, ...]
    returns: str
    doc: str
    example: str
    describe: str


def entry(name: str, sig: str, returns: str, doc: str, example: str, describe: str) -> Entry:
    params = tuple(
        Param(*p.split(":", 1)) for p in sig.split() if p
    )
    return Entry(name, params, returns, doc, example, describe)

"""Parse tree shapes of the rules language (expressions, effects, on/action/forbid/modifier,
counters, decks, chains) → frozen dataclass syntax nodes with their source `Span`."""

from __future__ import annotations

from dataclasses import dataclass

from catan_dsl.core.source import Span
from catan_dsl.syntax.ast import Coord, Ident, Node, Num, Setting


# --- rules language: expressions ------------------------------------------------------------
@dataclass(frozen=True)
class IntLit(Node):
    value: int


@dataclass(frozen=True)
class NameRef(Node):
    name: str


@dataclass(frozen=True)
class Call(Node):
    name: Ident
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Comp(Node):
    """``head(var in set [where cond] [: value])`` — count, sum, any, all, max, min, first."""

    head: Ident
    var: Ident
    set: Node
    where: Node | None
    value: Node | None


@dataclass(frozen=True)
class Op(Node):
    """``and``/``or`` (two or more operands), comparisons and ``+ - *`` (left-assoc chains)."""

    op: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class CondExpr(Node):
    """``(then if cond else other)``."""

    then: Node
    cond: Node
    other: Node


# --- rules language: statements -------------------------------------------------------------
@dataclass(frozen=True)
class Eff(Node):
    """One effect: ``kind`` names the grammar rule (gain, choose, ...); ``args`` its parts."""

    kind: str
    args: tuple[tuple[str, object], ...]

    def get(self, key: str, default: object = None) -> object:
        return next((v for k, v in self.args if k == key), default)


@dataclass(frozen=True)
class Option(Node):
    name: Ident
    label: str | None


@dataclass(frozen=True)
class Die(Node):
    """``die NAME "label" { FACE, FACE, ... }``: a die whose faces are names."""

    name: Ident
    label: str | None
    faces: tuple[Ident, ...]


@dataclass(frozen=True)
class Marker(Node):
    """``marker NAME "label" { on hex; supply N; max N }``: counts per hex, from a supply."""

    name: Ident
    label: str | None
    on: Ident | None
    supply: Num | None
    max: Num | None
    no_return: bool = False          # taken markers leave the game instead of the hex


@dataclass(frozen=True)
class Unit(Node):
    """``unit NAME "label" { on edge; each N }``: each player's own pieces on paths, one per path."""

    name: Ident
    label: str | None
    on: Ident | None
    each: Num | None


@dataclass(frozen=True)
class Counter(Node):
    name: Ident
    label: str | None
    start: Num | None
    supply: Num | None
    tradeable: bool
    shared: bool = False
    max: Num | None = None
    reset: bool = False              # "reset each turn": back to its start at each turn's start
    shown: bool = False              # listed as a component even when it is bookkeeping


@dataclass(frozen=True)
class DeckItem(Node):
    kind: str  # "token" | "card"
    name: Ident
    value: Num | None
    number: Num | None
    event: Ident | None
    count: Num
    revealed: bool


@dataclass(frozen=True)
class Deck(Node):
    name: Ident
    hidden: bool
    items: tuple[DeckItem, ...]
    props: tuple[Setting, ...]  # max_held, when_full, reshuffle_spent, marker, start, tradeable


@dataclass(frozen=True)
class Neutral(Node):
    n: Num
    corners: tuple[tuple[Coord, Ident], ...]


@dataclass(frozen=True)
class VictoryBonus(Node):
    n: Num


@dataclass(frozen=True)
class MeasureExpr(Node):
    expr: Node


@dataclass(frozen=True)
class Copies(Node):
    n: Num


@dataclass(frozen=True)
class OnRule(Node):
    trigger: Ident
    names: tuple[Ident, ...]
    at: Ident | None
    where: Node | None
    body: tuple[Eff, ...]
    numbers: tuple[Num, ...] = ()     # "on rolled 7": numbers filtering the trigger's number
    instead: Ident | None = None      # "instead of robber": what the rule replaces


@dataclass(frozen=True)
class Action(Node):
    name: Ident
    label: str | None
    props: tuple[tuple[str, object, Span], ...]  # (key, value, span): cost, phase, limit, ...


@dataclass(frozen=True)
class Forbid(Node):
    what: Ident
    kinds: tuple[Ident, ...]
    prep: str
    var: Ident
    where: Node | None
    fallback: tuple[Ident, ...]


@dataclass(frozen=True)
class Modifier(Node):
    what: Ident
    sign: str | None
    value: Node
    var: Ident
    where: Node | None
    for_player: bool = False     # "for player p": the VP go to a player, not to a piece
    label: str | None = None     # names the VP source in playtest ("label ...")
    kind: Ident | None = None    # "for KIND v": the kind the designer expects v to be


@dataclass(frozen=True)
class IfWith(Node):
    name: Ident
    body: tuple[Node, ...]
    orelse: tuple[Node, ...] = ()   # "else { ... }": applies when NAME is not in the composition


@dataclass(frozen=True)
class WithoutActions(Node):
    """``without action|special|card A, B``: the named actions, special cards or development
    cards of the composition are withdrawn."""

    names: tuple[Ident, ...]
    kind: str = "action"


@dataclass(frozen=True)
class UseBoard(Node):
    """``use board NAME``: compile this (inherited) board unless --board says otherwise."""

    name: Ident


@dataclass(frozen=True)
class Param(Node):
    """``param NAME = VALUE [in LO..HI]``: a number the designer tunes (``--set NAME=V``)."""

    name: Ident
    value: Num
    low: Num | None = None
    high: Num | None = None


@dataclass(frozen=True)
class Procedure(Node):
    """``procedure NAME(P1, P2) { EFFECTS }``: effects with parameters, called as an effect."""

    name: Ident
    params: tuple[Ident, ...]
    body: tuple[Node, ...]


@dataclass(frozen=True)
class Define(Node):
    """``define NAME(P1, P2) = EXPR``: a named expression with parameters, used as NAME(A, B)."""

    name: Ident
    params: tuple[Ident, ...]
    body: Node


@dataclass(frozen=True)
class Phase(Node):
    """``phase NAME "label"``: a stage of the turn after trading and building (actions say
    ``during NAME``)."""

    name: Ident
    label: str | None


@dataclass(frozen=True)
class Alternative(Node):
    """One choice of ``choose one``: ``"Label" [when COND] { EFFECTS }``."""

    label: str
    when: Node | None
    body: tuple[Node, ...]


@dataclass(frozen=True)
class Chain(Node):
    """``chain NAME { piece P; supply N; start at CORNERS; first e where COND }``."""

    name: Ident
    label: str | None
    piece: Ident | None
    supply: Num | None
    start: Ident | None
    first: tuple[Ident, Node] | None

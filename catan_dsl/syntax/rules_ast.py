"""Parse tree shapes of the rules language (expressions, effects, on/action/forbid/modifier,
counters, decks, chains) → frozen dataclass syntax nodes with their source `Span`."""

from __future__ import annotations

from catan_dsl.core.source import Span
from catan_dsl.syntax.ast import Coord, Ident, Node, Num, Setting, syntax_node


# --- rules language: expressions ------------------------------------------------------------
@syntax_node
class IntLit(Node):
    value: int


@syntax_node
class NameRef(Node):
    name: str


@syntax_node
class Call(Node):
    name: Ident
    args: tuple[Node, ...]


@syntax_node
class Comp(Node):
    """``head(var in set [where cond] [: value])`` — count, sum, any, all, max, min, first."""

    head: Ident
    var: Ident
    set: Node
    where: Node | None
    value: Node | None


@syntax_node
class Op(Node):
    """``and``/``or`` (two or more operands), comparisons and ``+ - *`` (left-assoc chains)."""

    op: str
    args: tuple[Node, ...]


@syntax_node
class CondExpr(Node):
    """``(then if cond else other)``."""

    then: Node
    cond: Node
    other: Node


# --- rules language: statements -------------------------------------------------------------
@syntax_node
class Eff(Node):
    """One effect: ``kind`` names the grammar rule (gain, choose, ...); ``args`` its parts."""

    kind: str
    args: tuple[tuple[str, object], ...]

    def get(self, key: str, default: object = None) -> object:
        return next((v for k, v in self.args if k == key), default)


@syntax_node
class Option(Node):
    name: Ident
    label: str | None


@syntax_node
class Die(Node):
    """``die NAME "label" { FACE, FACE, ... }``: a die whose faces are names."""

    name: Ident
    label: str | None
    faces: tuple[Ident, ...]


@syntax_node
class Marker(Node):
    """``marker NAME "label" { on hex; supply N; max N }``: counts per hex, from a supply."""

    name: Ident
    label: str | None
    on: Ident | None
    supply: Num | None
    max: Num | None
    no_return: bool = False          # taken markers leave the game instead of the hex


@syntax_node
class Unit(Node):
    """``unit NAME "label" { on edge; each N }``: each player's own pieces on paths, one per path."""

    name: Ident
    label: str | None
    on: Ident | None
    each: Num | None


@syntax_node
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


@syntax_node
class DeckItem(Node):
    kind: str  # "token" | "card"
    name: Ident
    value: Num | None
    number: Num | None
    event: Ident | None
    count: Num
    revealed: bool


@syntax_node
class Deck(Node):
    name: Ident
    hidden: bool
    items: tuple[DeckItem, ...]
    props: tuple[Setting, ...]  # max_held, when_full, reshuffle_spent, marker, start, tradeable


@syntax_node
class Neutral(Node):
    n: Num
    corners: tuple[tuple[Coord, Ident], ...]


@syntax_node
class VictoryBonus(Node):
    n: Num


@syntax_node
class MeasureExpr(Node):
    expr: Node


@syntax_node
class Copies(Node):
    n: Num


@syntax_node
class OnRule(Node):
    trigger: Ident
    names: tuple[Ident, ...]
    at: Ident | None
    where: Node | None
    body: tuple[Eff, ...]
    numbers: tuple[Num, ...] = ()     # "on rolled 7": numbers filtering the trigger's number
    instead: Ident | None = None      # "instead of robber": what the rule replaces


@syntax_node
class Action(Node):
    name: Ident
    label: str | None
    props: tuple[tuple[str, object, Span], ...]  # (key, value, span): cost, phase, limit, ...


@syntax_node
class Forbid(Node):
    what: Ident
    kinds: tuple[Ident, ...]
    prep: str
    var: Ident
    where: Node | None
    fallback: tuple[Ident, ...]


@syntax_node
class Modifier(Node):
    what: Ident
    sign: str | None
    value: Node
    var: Ident
    where: Node | None
    for_player: bool = False     # "for player p": the VP go to a player, not to a piece
    label: str | None = None     # names the VP source in playtest ("label ...")
    kind: Ident | None = None    # "for KIND v": the kind the designer expects v to be


@syntax_node
class IfWith(Node):
    name: Ident
    body: tuple[Node, ...]
    orelse: tuple[Node, ...] = ()   # "else { ... }": applies when NAME is not in the composition


@syntax_node
class WithoutActions(Node):
    """``without action|special|card A, B``: the named actions, special cards or development
    cards of the composition are withdrawn."""

    names: tuple[Ident, ...]
    kind: str = "action"


@syntax_node
class UseBoard(Node):
    """``use board NAME``: compile this (inherited) board unless --board says otherwise."""

    name: Ident


@syntax_node
class Param(Node):
    """``param NAME = VALUE [in LO..HI]``: a number the designer tunes (``--set NAME=V``)."""

    name: Ident
    value: Num
    low: Num | None = None
    high: Num | None = None


@syntax_node
class Procedure(Node):
    """``procedure NAME(P1, P2) { EFFECTS }``: effects with parameters, called as an effect."""

    name: Ident
    params: tuple[Ident, ...]
    body: tuple[Node, ...]


@syntax_node
class Define(Node):
    """``define NAME(P1, P2) = EXPR``: a named expression with parameters, used as NAME(A, B)."""

    name: Ident
    params: tuple[Ident, ...]
    body: Node


@syntax_node
class Phase(Node):
    """``phase NAME "label"``: a stage of the turn after trading and building (actions say
    ``during NAME``)."""

    name: Ident
    label: str | None


@syntax_node
class Alternative(Node):
    """One choice of ``choose one``: ``"Label" [when COND] { EFFECTS }``."""

    label: str
    when: Node | None
    body: tuple[Node, ...]


@syntax_node
class Chain(Node):
    """``chain NAME { piece P; supply N; start at CORNERS; first e where COND }``."""

    name: Ident
    label: str | None
    piece: Ident | None
    supply: Num | None
    start: Ident | None
    first: tuple[Ident, Node] | None

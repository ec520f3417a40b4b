"""Parse tree shapes → frozen dataclass syntax nodes, each carrying its source `Span` (no behaviour)."""

from __future__ import annotations

from dataclasses import dataclass

from catan_dsl.core.source import Span


@dataclass(frozen=True)
class Node:
    span: Span


# --- leaves ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ident(Node):
    value: str


@dataclass(frozen=True)
class Num(Node):
    value: int
    ref: str | None = None   # a parameter's name standing for the number (resolved on load)


@dataclass(frozen=True)
class Coord(Node):
    q: int
    r: int

    @property
    def hex(self) -> tuple[int, int]:
        return (self.q, self.r)

    def __str__(self) -> str:
        return f"{self.q},{self.r}"


@dataclass(frozen=True)
class Amount(Node):
    """``NAME INT`` pairs: costs, bank amounts, pool contents."""

    name: Ident
    n: Num


# --- file and unit --------------------------------------------------------------------------
@dataclass(frozen=True)
class Import(Node):
    name: Ident


@dataclass(frozen=True)
class Unit(Node):
    kind: str  # "scenario" | "variant"
    name: Ident
    title: str | None
    extends: Ident | None
    with_: tuple[Ident, ...]
    body: tuple[Node, ...]


@dataclass(frozen=True)
class File(Node):
    imports: tuple[Import, ...]
    unit: Unit


# --- scenario-level statements --------------------------------------------------------------
@dataclass(frozen=True)
class Players(Node):
    min: Num
    max: Num | None
    default: Num | None


@dataclass(frozen=True)
class Resources(Node):
    names: tuple[Ident, ...]


@dataclass(frozen=True)
class BankEach(Node):
    n: Num


@dataclass(frozen=True)
class BankList(Node):
    amounts: tuple[Amount, ...]


@dataclass(frozen=True)
class Tokens(Node):
    values: tuple[Num, ...]


@dataclass(frozen=True)
class Victory(Node):
    target: Num


@dataclass(frozen=True)
class Terrain(Node):
    name: Ident
    props: tuple[Node, ...]


@dataclass(frozen=True)
class Produces(Node):
    resource: Ident | None  # None = "produces nothing"


@dataclass(frozen=True)
class ProducesChoice(Node):
    """``produces choice [except RES ...]``: each yield is a resource of the owner's choice."""

    excluded: tuple[Ident, ...] = ()


@dataclass(frozen=True)
class NoToken(Node):
    pass


@dataclass(frozen=True)
class RobberHere(Node):
    pass


@dataclass(frozen=True)
class NeverOnCoast(Node):
    pass


@dataclass(frozen=True)
class TerrainNumbers(Node):
    values: tuple[Num, ...]


@dataclass(frozen=True)
class Color(Node):
    value: str


@dataclass(frozen=True)
class Piece(Node):
    name: Ident
    props: tuple[Node, ...]


@dataclass(frozen=True)
class PieceOn(Node):
    kind: Ident


@dataclass(frozen=True)
class PieceNetwork(Node):
    """``network NAME``: path pieces of one network continue one another (``none``: no joins)."""

    name: Ident


@dataclass(frozen=True)
class RobberDecl(Node):
    """``robber NAME { on sea; robs PIECE ... }``: a second robber-like piece."""

    name: Ident
    props: tuple[Node, ...]


@dataclass(frozen=True)
class RobberDeclOn(Node):
    where: Ident


@dataclass(frozen=True)
class RobberRobs(Node):
    pieces: tuple[Ident, ...]


@dataclass(frozen=True)
class Alternatives(Node):
    """``road|ship`` in a set-up placement: the player places one of these pieces."""

    names: tuple[Ident, ...]

    @property
    def value(self) -> str:
        return "|".join(n.value for n in self.names)


@dataclass(frozen=True)
class Limit(Node):
    n: Num


@dataclass(frozen=True)
class Cost(Node):
    items: tuple[Amount, ...]


@dataclass(frozen=True)
class Vp(Node):
    n: Num


@dataclass(frozen=True)
class Yield(Node):
    n: Num


@dataclass(frozen=True)
class Flag(Node):
    name: str


@dataclass(frozen=True)
class Upgrades(Node):
    piece: Ident


@dataclass(frozen=True)
class Development(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True)
class PerTurn(Node):
    n: Num


@dataclass(frozen=True)
class Card(Node):
    name: Ident
    count: Num
    props: tuple[Node, ...]


@dataclass(frozen=True)
class Effect(Node):
    kind: Ident
    args: tuple[Ident | Num, ...]


@dataclass(frozen=True)
class Special(Node):
    name: Ident
    props: tuple[Node, ...]


@dataclass(frozen=True)
class Measure(Node):
    kind: Ident
    args: tuple[Ident, ...]


@dataclass(frozen=True)
class Min(Node):
    n: Num


@dataclass(frozen=True)
class Policy(Node):
    name: Ident


@dataclass(frozen=True)
class Section(Node):
    """``robber {...}``, ``trade {...}``, ``production {...}``, ``setup {...}``."""

    kind: str
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Setting(Node):
    """One ``key value...`` line of a section, e.g. ``discard above 7`` → key "discard"."""

    key: str
    values: tuple[Ident | Num, ...]


# --- boards ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Board(Node):
    name: Ident
    default: bool
    items: tuple[Node, ...]
    extends: Ident | None = None   # "board NAME extends OTHER": OTHER's items, this block's over them
    players: tuple[Num, ...] = ()  # "for players 3": the board played by that many players


@dataclass(frozen=True)
class LayoutRows(Node):
    lengths: tuple[Num, ...]


@dataclass(frozen=True)
class LayoutHexes(Node):
    coords: tuple[Coord, ...]


@dataclass(frozen=True)
class LayoutHexagon(Node):
    radius: Num


@dataclass(frozen=True)
class Islands(Node):
    """``islands N``: the land forms N separate islands (default 1)."""

    count: Num


@dataclass(frozen=True)
class Interiors(Node):
    """``interiors { q,r; ... }``: hexes with a centre intersection and paths to their land corners."""

    coords: tuple[Coord, ...]


@dataclass(frozen=True)
class SeaRing(Node):
    pass


@dataclass(frozen=True)
class SeaHexes(Node):
    coords: tuple[Coord, ...]


@dataclass(frozen=True)
class Tile(Node):
    terrain: Ident
    numbers: tuple[Num, ...]


@dataclass(frozen=True)
class Tiles(Node):
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class HexTile(Node):
    coord: Coord
    terrain: Ident
    numbers: tuple[Num, ...]


@dataclass(frozen=True)
class Pool(Node):
    name: Ident
    slots: Node | None
    tiles: tuple[Amount, ...]
    hidden: bool = False                  # "pool NAME hidden at ...": its hexes start face down
    tokens: tuple[Num, ...] | None = None  # a hidden pool's own tokens ("tokens { ... }")


@dataclass(frozen=True)
class PoolTokens(Node):
    """``tokens { N N ... }`` after a hidden pool: the tokens its reveals draw from."""

    values: tuple[Num, ...]


@dataclass(frozen=True)
class PoolOn(Node):
    where: Ident  # "coast" | "inner"


@dataclass(frozen=True)
class PoolAt(Node):
    coords: tuple[Coord, ...]


@dataclass(frozen=True)
class NumbersSpiral(Node):
    start: Num | None  # None = random corner
    clockwise: bool
    aside: tuple[tuple[Ident, Num], ...] = ()  # (letter, joins): skipped, then added to that number


@dataclass(frozen=True)
class NumbersRandom(Node):
    apart: tuple[Num, ...]
    aside: tuple[tuple[Num, Num], ...] = ()  # (number, joins): dealt to no hex, then joins one
    groups: tuple[tuple[Ident, tuple[Num, ...]], ...] = ()  # ("coast"|"inner", its tokens)
    pins: tuple[tuple[Num, Coord], ...] = ()  # (number, hex): that hex always carries it
    hex_groups: tuple[tuple[Ident, tuple[Num, ...]], ...] = ()  # (hex set name, its tokens)


@dataclass(frozen=True)
class NumbersFixed(Node):
    apart: tuple[Num, ...]


@dataclass(frozen=True)
class Harbor(Node):
    resource: Ident | None  # None = generic
    give: Num
    get: Num
    coord: Coord
    side: Ident


@dataclass(frozen=True)
class Harbors(Node):
    harbors: tuple[Harbor, ...]


@dataclass(frozen=True)
class WithoutHarbor(Node):
    """``without harbor at q,r SIDE``: an inherited harbor is taken away."""

    coord: Coord
    side: Ident


@dataclass(frozen=True)
class RobberAt(Node):
    coord: Coord | None  # None = off the board


@dataclass(frozen=True)
class NamedRobberAt(Node):
    """``robber NAME starts at q,r`` / ``starts off_board``: a declared robber's start."""

    name: Ident
    coord: Coord | None  # None = off the board


@dataclass(frozen=True)
class EdgeRef(Node):
    coord: Coord
    side: Ident
    mark: Ident | None


@dataclass(frozen=True)
class CornerRef(Node):
    coord: Coord
    corner: Ident


@dataclass(frozen=True)
class FrameRef(Node):
    coord: Coord
    numbers: tuple[Num, ...]


@dataclass(frozen=True)
class FeatureSet(Node):
    """``edges``/``corners``/``frame``/``hexes`` NAME { ... }."""

    kind: str  # "edges" | "vertices" | "sea" | "hexes"
    name: Ident
    refs: tuple[Node, ...]
    shuffled: bool = False  # frame only: numbers dealt among the spots at game start

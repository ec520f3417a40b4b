"""Parse tree shapes → frozen dataclass syntax nodes, each carrying its source `Span` (no behaviour)."""

from __future__ import annotations

from catan_dsl.core.source import Span
from catan_dsl.syntax.frozen import Frozen, syntax_node


@syntax_node
class Node(Frozen):
    span: Span


# --- leaves ---------------------------------------------------------------------------------
@syntax_node
class Ident(Node):
    value: str


@syntax_node
class Num(Node):
    value: int
    ref: str | None = None   # a parameter's name standing for the number (resolved on load)


@syntax_node
class Coord(Node):
    q: int
    r: int

    @property
    def hex(self) -> tuple[int, int]:
        return (self.q, self.r)

    def __str__(self) -> str:
        return f"{self.q},{self.r}"


@syntax_node
class Amount(Node):
    """``NAME INT`` pairs: costs, bank amounts, pool contents."""

    name: Ident
    n: Num


# --- file and unit --------------------------------------------------------------------------
@syntax_node
class Import(Node):
    name: Ident


@syntax_node
class Unit(Node):
    kind: str  # "scenario" | "variant"
    name: Ident
    title: str | None
    extends: Ident | None
    with_: tuple[Ident, ...]
    body: tuple[Node, ...]


@syntax_node
class File(Node):
    imports: tuple[Import, ...]
    unit: Unit


# --- scenario-level statements --------------------------------------------------------------
@syntax_node
class Players(Node):
    min: Num
    max: Num | None
    default: Num | None


@syntax_node
class Resources(Node):
    names: tuple[Ident, ...]


@syntax_node
class BankEach(Node):
    n: Num


@syntax_node
class BankList(Node):
    amounts: tuple[Amount, ...]


@syntax_node
class Tokens(Node):
    values: tuple[Num, ...]


@syntax_node
class Victory(Node):
    target: Num


@syntax_node
class Terrain(Node):
    name: Ident
    props: tuple[Node, ...]


@syntax_node
class Produces(Node):
    resource: Ident | None  # None = "produces nothing"


@syntax_node
class ProducesChoice(Node):
    """``produces choice [except RES ...]``: each yield is a resource of the owner's choice."""

    excluded: tuple[Ident, ...] = ()


@syntax_node
class NoToken(Node):
    pass


@syntax_node
class RobberHere(Node):
    pass


@syntax_node
class NeverOnCoast(Node):
    pass


@syntax_node
class TerrainNumbers(Node):
    values: tuple[Num, ...]


@syntax_node
class Color(Node):
    value: str


@syntax_node
class Piece(Node):
    name: Ident
    props: tuple[Node, ...]


@syntax_node
class PieceOn(Node):
    kind: Ident


@syntax_node
class PieceNetwork(Node):
    """``network NAME``: path pieces of one network continue one another (``none``: no joins)."""

    name: Ident


@syntax_node
class RobberDecl(Node):
    """``robber NAME { on sea; robs PIECE ... }``: a second robber-like piece."""

    name: Ident
    props: tuple[Node, ...]


@syntax_node
class RobberDeclOn(Node):
    where: Ident


@syntax_node
class RobberRobs(Node):
    pieces: tuple[Ident, ...]


@syntax_node
class Alternatives(Node):
    """``road|ship`` in a set-up placement: the player places one of these pieces."""

    names: tuple[Ident, ...]

    @property
    def value(self) -> str:
        return "|".join(n.value for n in self.names)


@syntax_node
class Limit(Node):
    n: Num


@syntax_node
class Cost(Node):
    items: tuple[Amount, ...]


@syntax_node
class Vp(Node):
    n: Num


@syntax_node
class Yield(Node):
    n: Num


@syntax_node
class Flag(Node):
    name: str


@syntax_node
class Upgrades(Node):
    piece: Ident


@syntax_node
class Development(Node):
    items: tuple[Node, ...]


@syntax_node
class PerTurn(Node):
    n: Num


@syntax_node
class Card(Node):
    name: Ident
    count: Num
    props: tuple[Node, ...]


@syntax_node
class Effect(Node):
    kind: Ident
    args: tuple[Ident | Num, ...]


@syntax_node
class Special(Node):
    name: Ident
    props: tuple[Node, ...]


@syntax_node
class Measure(Node):
    kind: Ident
    args: tuple[Ident, ...]


@syntax_node
class Min(Node):
    n: Num


@syntax_node
class Policy(Node):
    name: Ident


@syntax_node
class Section(Node):
    """``robber {...}``, ``trade {...}``, ``production {...}``, ``setup {...}``."""

    kind: str
    items: tuple[Node, ...]


@syntax_node
class Setting(Node):
    """One ``key value...`` line of a section, e.g. ``discard above 7`` → key "discard"."""

    key: str
    values: tuple[Ident | Num, ...]


# --- boards ---------------------------------------------------------------------------------
@syntax_node
class Board(Node):
    name: Ident
    default: bool
    items: tuple[Node, ...]
    extends: Ident | None = None   # "board NAME extends OTHER": OTHER's items, this block's over them
    players: tuple[Num, ...] = ()  # "for players 3": the board played by that many players


@syntax_node
class LayoutRows(Node):
    lengths: tuple[Num, ...]


@syntax_node
class LayoutHexes(Node):
    coords: tuple[Coord, ...]


@syntax_node
class LayoutHexagon(Node):
    radius: Num


@syntax_node
class Islands(Node):
    """``islands N``: the land forms N separate islands (default 1)."""

    count: Num


@syntax_node
class Interiors(Node):
    """``interiors { q,r; ... }``: hexes with a centre intersection and paths to their land corners."""

    coords: tuple[Coord, ...]


@syntax_node
class SeaRing(Node):
    pass


@syntax_node
class SeaHexes(Node):
    coords: tuple[Coord, ...]


@syntax_node
class Tile(Node):
    terrain: Ident
    numbers: tuple[Num, ...]


@syntax_node
class Tiles(Node):
    tiles: tuple[Tile, ...]


@syntax_node
class HexTile(Node):
    coord: Coord
    terrain: Ident
    numbers: tuple[Num, ...]


@syntax_node
class Pool(Node):
    name: Ident
    slots: Node | None
    tiles: tuple[Amount, ...]
    hidden: bool = False                  # "pool NAME hidden at ...": its hexes start face down
    tokens: tuple[Num, ...] | None = None  # a hidden pool's own tokens ("tokens { ... }")


@syntax_node
class PoolTokens(Node):
    """``tokens { N N ... }`` after a hidden pool: the tokens its reveals draw from."""

    values: tuple[Num, ...]


@syntax_node
class PoolOn(Node):
    where: Ident  # "coast" | "inner"


@syntax_node
class PoolAt(Node):
    coords: tuple[Coord, ...]


@syntax_node
class NumbersSpiral(Node):
    start: Num | None  # None = random corner
    clockwise: bool
    aside: tuple[tuple[Ident, Num], ...] = ()  # (letter, joins): skipped, then added to that number


@syntax_node
class NumbersRandom(Node):
    apart: tuple[Num, ...]
    aside: tuple[tuple[Num, Num], ...] = ()  # (number, joins): dealt to no hex, then joins one
    groups: tuple[tuple[Ident, tuple[Num, ...]], ...] = ()  # ("coast"|"inner", its tokens)
    pins: tuple[tuple[Num, Coord], ...] = ()  # (number, hex): that hex always carries it
    hex_groups: tuple[tuple[Ident, tuple[Num, ...]], ...] = ()  # (hex set name, its tokens)


@syntax_node
class NumbersFixed(Node):
    apart: tuple[Num, ...]


@syntax_node
class Harbor(Node):
    resource: Ident | None  # None = generic
    give: Num
    get: Num
    coord: Coord
    side: Ident


@syntax_node
class Harbors(Node):
    harbors: tuple[Harbor, ...]
    shuffled: bool = False  # the types are dealt among the block's positions at game start


@syntax_node
class WithoutHarbor(Node):
    """``without harbor at q,r SIDE``: an inherited harbor is taken away."""

    coord: Coord
    side: Ident


@syntax_node
class RobberAt(Node):
    coord: Coord | None  # None = off the board


@syntax_node
class NamedRobberAt(Node):
    """``robber NAME starts at q,r`` / ``starts off_board``: a declared robber's start."""

    name: Ident
    coord: Coord | None  # None = off the board


@syntax_node
class EdgeRef(Node):
    coord: Coord
    side: Ident
    mark: Ident | None


@syntax_node
class CornerRef(Node):
    coord: Coord
    corner: Ident


@syntax_node
class FrameRef(Node):
    coord: Coord
    numbers: tuple[Num, ...]


@syntax_node
class FeatureSet(Node):
    """``edges``/``corners``/``frame``/``hexes`` NAME { ... }."""

    kind: str  # "edges" | "vertices" | "sea" | "hexes"
    name: Ident
    refs: tuple[Node, ...]
    shuffled: bool = False  # frame only: numbers dealt among the spots at game start

"""Lark parse tree → `catan_dsl.syntax.ast` nodes (one method per grammar rule, called with the
rule's meta and children)."""

from __future__ import annotations

from typing import Any

from catan_dsl.core.source import Span, span_from_meta, span_from_token
from catan_dsl.syntax import ast as A
from catan_dsl.syntax.lark_import import GrammarError, Token, Tree, VisitError
from catan_dsl.syntax.transformer_chains import ChainsMixin
from catan_dsl.syntax.transformer_decls import DeclsMixin
from catan_dsl.syntax.transformer_rules import RulesMixin, unquote

# Numbers longer than this are clamped (the checker reports E212); Python refuses to convert
# integers of thousands of digits, and nothing in a board game needs them.
_MAX_DIGITS = 12
_CLAMPED = 10**_MAX_DIGITS


def _base(name: str) -> str:
    """Rule and terminal names from imported grammar files carry a ``file__`` namespace."""
    return name.rsplit("__", 1)[-1]


class ToAst(ChainsMixin, DeclsMixin, RulesMixin):
    """One instance per file: spans need the file's path."""

    def __init__(self, path: str) -> None:
        super().__init__(visit_tokens=True)
        self.path = path

    # --- plumbing -------------------------------------------------------------------------
    def _call_userfunc(self, tree: Tree, new_children: list | None = None) -> Any:
        """Lark's own, calling each rule method as ``method(meta, children)``: what lark's
        `@v_args(meta=True)` arranges by wrapping every method of the class when it is made
        (200-odd wrappers, made again at every start-up)."""
        children = new_children if new_children is not None else tree.children
        f = getattr(self, tree.data, None)
        if f is None:
            return self.__default__(tree.data, children, tree.meta)
        try:
            return f(tree.meta, children)
        except GrammarError:
            raise
        except Exception as e:
            raise VisitError(tree.data, tree, e) from e

    def __default__(self, data: Any, children: list, meta: Any) -> Any:
        f = getattr(self, _base(str(data)), None)
        if f is None:
            return Tree(data, children, meta)
        return f(meta, children)

    def __default_token__(self, tok: Token) -> Any:
        kind = _base(tok.type)
        span = span_from_token(tok, self.path)
        if kind == "INT":
            digits = tok.value.lstrip("0") or "0"
            return A.Num(span, _CLAMPED if len(digits) > _MAX_DIGITS else int(digits))
        if kind == "NAME":
            return A.Ident(span, tok.value)
        return tok

    def _s(self, meta: Any) -> Span:
        return span_from_meta(meta, self.path)

    # --- file -----------------------------------------------------------------------------
    def start(self, meta, ch):
        imports = tuple(c for c in ch if isinstance(c, A.Import))
        return A.File(self._s(meta), imports, ch[-1])

    def import_stmt(self, meta, ch):
        return A.Import(self._s(meta), ch[0])

    def unit(self, meta, ch):
        kind, name = ch[0], ch[1]
        title = None
        extends = None
        with_: tuple = ()
        body = []
        for c in ch[2:]:
            if isinstance(c, Token) and _base(c.type) == "STRING":
                title = unquote(c.value)
            elif isinstance(c, tuple) and c and c[0] == "extends":
                extends = c[1]
            elif isinstance(c, tuple) and c and c[0] == "with":
                with_ = c[1]
            else:
                body.append(c)
        return A.Unit(self._s(meta), kind, name, title, extends, with_, tuple(body))

    def unit_kind(self, meta, ch):
        return str(ch[0])

    def extends_clause(self, meta, ch):
        return ("extends", ch[0])

    def with_clause(self, meta, ch):
        return ("with", tuple(ch))

    # --- components -----------------------------------------------------------------------
    def players(self, meta, ch):
        opts = dict(c for c in ch[1:])
        return A.Players(self._s(meta), ch[0], opts.get("max"), opts.get("default"))

    def players_max(self, meta, ch):
        return ("max", ch[0])

    def players_default(self, meta, ch):
        return ("default", ch[0])

    def resources(self, meta, ch):
        return A.Resources(self._s(meta), tuple(ch))

    def bank_each(self, meta, ch):
        return A.BankEach(self._s(meta), ch[0])

    def bank_list(self, meta, ch):
        return A.BankList(self._s(meta), _pairs(ch))

    def tokens(self, meta, ch):
        return A.Tokens(self._s(meta), tuple(ch))

    def victory(self, meta, ch):
        return A.Victory(self._s(meta), ch[0])

    def terrain(self, meta, ch):
        return A.Terrain(self._s(meta), ch[0], tuple(ch[1:]))

    def produces(self, meta, ch):
        return A.Produces(self._s(meta), ch[0])

    def produces_nothing(self, meta, ch):
        return A.Produces(self._s(meta), None)

    def produces_choice(self, meta, ch):
        return A.ProducesChoice(self._s(meta), tuple(ch))

    def no_token(self, meta, ch):
        return A.NoToken(self._s(meta))

    def robber_here(self, meta, ch):
        return A.RobberHere(self._s(meta))

    def never_on_coast(self, meta, ch):
        return A.NeverOnCoast(self._s(meta))

    def terrain_numbers(self, meta, ch):
        return A.TerrainNumbers(self._s(meta), tuple(ch))

    def color(self, meta, ch):
        return A.Color(self._s(meta), unquote(ch[0].value))

    def piece(self, meta, ch):
        return A.Piece(self._s(meta), ch[0], tuple(ch[1:]))

    def piece_on(self, meta, ch):
        return A.PieceOn(self._s(meta), ch[0])

    def piece_network(self, meta, ch):
        return A.PieceNetwork(self._s(meta), ch[0])

    def robber_decl(self, meta, ch):
        return A.RobberDecl(self._s(meta), ch[0], tuple(ch[1:]))

    def robber_decl_on(self, meta, ch):
        return A.RobberDeclOn(self._s(meta), ch[0])

    def robber_robs(self, meta, ch):
        return A.RobberRobs(self._s(meta), tuple(ch))

    def place_alternatives(self, meta, ch):
        return A.Alternatives(self._s(meta), tuple(ch))

    def limit(self, meta, ch):
        return A.Limit(self._s(meta), ch[0])

    def cost(self, meta, ch):
        return A.Cost(self._s(meta), _pairs(ch))

    def vp(self, meta, ch):
        return A.Vp(self._s(meta), ch[0])

    def yield_(self, meta, ch):
        return A.Yield(self._s(meta), ch[0])

    def piece_flag(self, meta, ch):
        return A.Flag(self._s(meta), str(ch[0]))

    def upgrades(self, meta, ch):
        return A.Upgrades(self._s(meta), ch[0])

    def development(self, meta, ch):
        return A.Development(self._s(meta), tuple(ch))

    def per_turn(self, meta, ch):
        return A.PerTurn(self._s(meta), ch[0])

    def card(self, meta, ch):
        return A.Card(self._s(meta), ch[0], ch[1], tuple(ch[2:]))

    def effect(self, meta, ch):
        return A.Effect(self._s(meta), ch[0], tuple(ch[1:]))

    def card_flag(self, meta, ch):
        return A.Flag(self._s(meta), str(ch[0]))

    def special(self, meta, ch):
        return A.Special(self._s(meta), ch[0], tuple(ch[1:]))

    def measure(self, meta, ch):
        return A.Measure(self._s(meta), ch[0], tuple(ch[1:]))

    def min_(self, meta, ch):
        return A.Min(self._s(meta), ch[0])

    def policy(self, meta, ch):
        return A.Policy(self._s(meta), ch[0])

    # --- rule sections: robber, trade, production, setup ---------------------------------
    def robber_rules(self, meta, ch):
        return A.Section(self._s(meta), "robber", tuple(ch))

    def trade(self, meta, ch):
        return A.Section(self._s(meta), "trade", tuple(ch))

    def production(self, meta, ch):
        return A.Section(self._s(meta), "production", tuple(ch))

    def setup(self, meta, ch):
        return A.Section(self._s(meta), "setup", tuple(ch))

    def _setting(self, key: str, meta: Any, ch: list) -> A.Setting:
        return A.Setting(self._s(meta), key, tuple(ch))

    def discard(self, meta, ch):
        return self._setting("discard", meta, ch)

    def steal(self, meta, ch):
        return self._setting("steal", meta, ch)

    def bank_ratio(self, meta, ch):
        return self._setting("bank", meta, ch)

    def domestic(self, meta, ch):
        return self._setting("domestic", meta, ch)

    def no_domestic(self, meta, ch):
        return self._setting("no_domestic", meta, ch)

    def offers(self, meta, ch):
        return self._setting("offers_per_turn", meta, ch)

    def dice(self, meta, ch):
        return self._setting("dice", meta, ch)

    def robber_number(self, meta, ch):
        return self._setting("robber_number", meta, ch)

    def order(self, meta, ch):
        return self._setting("order", meta, ch)

    def rounds(self, meta, ch):
        return self._setting("rounds", meta, ch)

    def place(self, meta, ch):
        if ch and isinstance(ch[0], A.Num):      # "place round 2 city road": that round only
            return self._setting(f"place_round_{ch[0].value}", meta, ch[1:])
        return self._setting("place", meta, ch)

    def yield_round(self, meta, ch):
        return self._setting("yield_round", meta, ch)

    def start_player(self, meta, ch):
        return self._setting("start", meta, ch)

    # --- boards ---------------------------------------------------------------------------
    def board(self, meta, ch):
        default = any(c == "default" for c in ch[1:])
        extends = next((c[1] for c in ch[1:] if isinstance(c, tuple) and c[0] == "extends"), None)
        players = next((c[1] for c in ch[1:] if isinstance(c, tuple) and c[0] == "players"), ())
        items = _attach_pool_tokens([c for c in ch[1:] if c != "default" and not isinstance(c, tuple)])
        return A.Board(self._s(meta), ch[0], default, items, extends, players)

    def board_players(self, meta, ch):
        return ("players", tuple(ch))

    def default_mark(self, meta, ch):
        return "default"

    def board_extends(self, meta, ch):
        return ("extends", ch[0])

    def without_harbor(self, meta, ch):
        return A.WithoutHarbor(self._s(meta), ch[0], ch[1])

    def pool_tokens(self, meta, ch):
        return A.PoolTokens(self._s(meta), tuple(ch))

    def pool_hidden(self, meta, ch):
        return Tree("pool_hidden", [])

    def coord(self, meta, ch):
        return A.Coord(self._s(meta), ch[0], ch[1])

    def sint(self, meta, ch):
        num = ch[-1]
        return -num.value if len(ch) == 2 else num.value

    def layout_rows(self, meta, ch):
        return A.LayoutRows(self._s(meta), tuple(ch))

    def layout_hexes(self, meta, ch):
        return A.LayoutHexes(self._s(meta), tuple(ch))

    def layout_hexagon(self, meta, ch):
        return A.LayoutHexagon(self._s(meta), ch[0])

    def islands(self, meta, ch):
        return A.Islands(self._s(meta), ch[0])

    def sea_ring(self, meta, ch):
        return A.SeaRing(self._s(meta))

    def sea_hexes(self, meta, ch):
        return A.SeaHexes(self._s(meta), tuple(ch))

    def tiles(self, meta, ch):
        return A.Tiles(self._s(meta), tuple(c for c in ch if isinstance(c, A.Tile)))

    def tile(self, meta, ch):
        return A.Tile(self._s(meta), ch[0], tuple(ch[1:]))

    def hex_tile(self, meta, ch):
        return A.HexTile(self._s(meta), ch[0], ch[1], tuple(ch[2:]))

    def pool(self, meta, ch):
        slots = next((c for c in ch[1:] if isinstance(c, (A.PoolOn, A.PoolAt))), None)
        tiles = tuple(c for c in ch[1:] if isinstance(c, A.Amount))
        hidden = any(isinstance(c, Tree) and c.data == "pool_hidden" for c in ch)
        return A.Pool(self._s(meta), ch[0], slots, tiles, hidden)

    def pool_on(self, meta, ch):
        return A.PoolOn(self._s(meta), ch[0])

    def pool_at(self, meta, ch):
        return A.PoolAt(self._s(meta), tuple(ch))

    def pool_tile(self, meta, ch):
        return A.Amount(self._s(meta), ch[0], ch[1])

    def numbers_spiral(self, meta, ch):
        start = ch[0]
        aside = tuple(c for c in ch[1:] if isinstance(c, tuple))
        clockwise = any(c is True for c in ch[1:])
        return A.NumbersSpiral(self._s(meta), start, clockwise, aside)

    def spiral_aside(self, meta, ch):
        return (ch[0], ch[1])

    def start_random(self, meta, ch):
        return None

    def start_corner(self, meta, ch):
        return ch[0]

    def clockwise(self, meta, ch):
        return True

    def numbers_random(self, meta, ch):
        return A.NumbersRandom(self._s(meta), tuple(c for c in ch if not isinstance(c, tuple)),
                               tuple(c[1:] for c in ch if isinstance(c, tuple) and c[0] == "aside"),
                               tuple(c[1:] for c in ch if isinstance(c, tuple) and c[0] == "group"),
                               tuple(c[1:] for c in ch if isinstance(c, tuple) and c[0] == "pin"),
                               tuple(c[1:] for c in ch if isinstance(c, tuple) and c[0] == "hexes"))

    def random_hex_group(self, meta, ch):
        return ("hexes", ch[0], tuple(ch[1:]))

    def random_pin(self, meta, ch):
        return ("pin", ch[0], ch[1])

    def random_aside(self, meta, ch):
        return ("aside", ch[0], ch[1])

    def random_group(self, meta, ch):
        return ("group", ch[0], tuple(ch[1:]))

    def numbers_fixed(self, meta, ch):
        return A.NumbersFixed(self._s(meta), tuple(ch))

    def harbors(self, meta, ch):
        shuffled = any(isinstance(c, Tree) and c.data == "harbors_shuffled" for c in ch)
        return A.Harbors(self._s(meta), tuple(c for c in ch if isinstance(c, A.Harbor)), shuffled)

    def harbors_shuffled(self, meta, ch):
        return Tree("harbors_shuffled", [])

    def harbor(self, meta, ch):
        res = ch[0] if isinstance(ch[0], A.Ident) else None
        rest = ch[1:] if res is not None else ch
        return A.Harbor(self._s(meta), res, rest[0], rest[1], rest[2], rest[3])

    def robber_at(self, meta, ch):
        return A.RobberAt(self._s(meta), ch[0])

    def robber_off(self, meta, ch):
        return A.RobberAt(self._s(meta), None)

    def named_robber_at(self, meta, ch):
        return A.NamedRobberAt(self._s(meta), ch[0], ch[1])

    def named_robber_off(self, meta, ch):
        return A.NamedRobberAt(self._s(meta), ch[0], None)

    def edge_set(self, meta, ch):
        return A.FeatureSet(self._s(meta), "edges", ch[0], _refs(ch[1:]))

    def edge_ref(self, meta, ch):
        return A.EdgeRef(self._s(meta), ch[0], ch[1], ch[2] if len(ch) > 2 else None)

    def corner_set(self, meta, ch):
        return A.FeatureSet(self._s(meta), "vertices", ch[0], _refs(ch[1:]))

    def corner_ref(self, meta, ch):
        return A.CornerRef(self._s(meta), ch[0], ch[1])

    def frame_set(self, meta, ch):
        shuffled = any(isinstance(c, Tree) and c.data == "frame_shuffled" for c in ch)
        return A.FeatureSet(self._s(meta), "sea", ch[0], _refs(ch[1:]), shuffled)

    def frame_shuffled(self, meta, ch):
        return Tree("frame_shuffled", [])

    def frame_ref(self, meta, ch):
        return A.FrameRef(self._s(meta), ch[-1], tuple(ch[:-1]))

    def interiors(self, meta, ch):
        return A.Interiors(self._s(meta), tuple(ch))

    def hex_set(self, meta, ch):
        return A.FeatureSet(self._s(meta), "hexes", ch[0], _refs(ch[1:]))


def _pairs(ch: list) -> tuple[A.Amount, ...]:
    out = []
    for name, n in zip(ch[0::2], ch[1::2]):
        span = Span(name.span.path, name.span.line, name.span.col, n.span.end_line,
                    n.span.end_col, name.span.start, n.span.end)
        out.append(A.Amount(span, name, n))
    return tuple(out)


def _attach_pool_tokens(items: list) -> tuple:
    """A ``tokens { ... }`` block belongs to the hidden pool right before it; one anywhere else
    stays an item of its own (the checker says where it belongs)."""
    out: list = []
    for it in items:
        prev = out[-1] if out else None
        if isinstance(it, A.PoolTokens) and isinstance(prev, A.Pool) and prev.hidden \
                and prev.tokens is None:
            out[-1] = A.Pool(prev.span, prev.name, prev.slots, prev.tiles, True, it.values)
            continue
        out.append(it)
    return tuple(out)


def _refs(ch: list) -> tuple:
    return tuple(c for c in ch if isinstance(c, A.Node))


def to_ast(tree: Tree, path: str) -> A.File:
    """Transform one parse tree; a bug inside a rule method surfaces as its original exception."""
    try:
        return ToAst(path).transform(tree)
    except VisitError as e:
        raise e.orig_exc from None

"""Lark parse tree → `catan_dsl.ast` nodes (one `@v_args(meta=True)` method per grammar rule)."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, Tree, v_args
from lark.exceptions import VisitError

from catan_dsl import ast as A
from catan_dsl.source import Span, span_from_meta, span_from_token

# Numbers longer than this are clamped (the checker reports E212); Python refuses to convert
# integers of thousands of digits, and nothing in a board game needs them.
_MAX_DIGITS = 12
_CLAMPED = 10**_MAX_DIGITS


def _base(name: str) -> str:
    """Rule and terminal names from imported grammar files carry a ``file__`` namespace."""
    return name.rsplit("__", 1)[-1]


@v_args(meta=True)
class ToAst(Transformer):
    """One instance per file: spans need the file's path."""

    def __init__(self, path: str) -> None:
        super().__init__(visit_tokens=True)
        self.path = path

    # --- plumbing -------------------------------------------------------------------------
    def __default__(self, data: Any, children: list, meta: Any) -> Any:
        f = getattr(self, _base(str(data)), None)
        if f is None:
            return Tree(data, children, meta)
        return f.visit_wrapper(f, data, children, meta)

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
                title = _unquote(c.value)
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

    def no_token(self, meta, ch):
        return A.NoToken(self._s(meta))

    def robber_here(self, meta, ch):
        return A.RobberHere(self._s(meta))

    def never_on_coast(self, meta, ch):
        return A.NeverOnCoast(self._s(meta))

    def terrain_numbers(self, meta, ch):
        return A.TerrainNumbers(self._s(meta), tuple(ch))

    def color(self, meta, ch):
        return A.Color(self._s(meta), _unquote(ch[0].value))

    def piece(self, meta, ch):
        return A.Piece(self._s(meta), ch[0], tuple(ch[1:]))

    def piece_on(self, meta, ch):
        return A.PieceOn(self._s(meta), ch[0])

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
        return self._setting("place", meta, ch)

    def yield_round(self, meta, ch):
        return self._setting("yield_round", meta, ch)

    def start_player(self, meta, ch):
        return self._setting("start", meta, ch)

    # --- boards ---------------------------------------------------------------------------
    def board(self, meta, ch):
        default = any(c == "default" for c in ch[1:2])
        items = tuple(c for c in ch[1:] if c != "default")
        return A.Board(self._s(meta), ch[0], default, items)

    def default_mark(self, meta, ch):
        return "default"

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
        return A.Pool(self._s(meta), ch[0], slots, tiles)

    def pool_on(self, meta, ch):
        return A.PoolOn(self._s(meta), ch[0])

    def pool_at(self, meta, ch):
        return A.PoolAt(self._s(meta), tuple(ch))

    def pool_tile(self, meta, ch):
        return A.Amount(self._s(meta), ch[0], ch[1])

    def numbers_spiral(self, meta, ch):
        start = ch[0]
        return A.NumbersSpiral(self._s(meta), start, len(ch) > 1)

    def start_random(self, meta, ch):
        return None

    def start_corner(self, meta, ch):
        return ch[0]

    def clockwise(self, meta, ch):
        return True

    def numbers_random(self, meta, ch):
        return A.NumbersRandom(self._s(meta), tuple(ch))

    def numbers_fixed(self, meta, ch):
        return A.NumbersFixed(self._s(meta), tuple(ch))

    def harbors(self, meta, ch):
        return A.Harbors(self._s(meta), tuple(c for c in ch if isinstance(c, A.Harbor)))

    def harbor(self, meta, ch):
        res = ch[0] if isinstance(ch[0], A.Ident) else None
        rest = ch[1:] if res is not None else ch
        return A.Harbor(self._s(meta), res, rest[0], rest[1], rest[2], rest[3])

    def robber_at(self, meta, ch):
        return A.RobberAt(self._s(meta), ch[0])

    def robber_off(self, meta, ch):
        return A.RobberAt(self._s(meta), None)

    def edge_set(self, meta, ch):
        return A.FeatureSet(self._s(meta), "edges", ch[0], _refs(ch[1:]))

    def edge_ref(self, meta, ch):
        return A.EdgeRef(self._s(meta), ch[0], ch[1], ch[2] if len(ch) > 2 else None)

    def corner_set(self, meta, ch):
        return A.FeatureSet(self._s(meta), "vertices", ch[0], _refs(ch[1:]))

    def corner_ref(self, meta, ch):
        return A.CornerRef(self._s(meta), ch[0], ch[1])

    def frame_set(self, meta, ch):
        return A.FeatureSet(self._s(meta), "sea", ch[0], _refs(ch[1:]))

    def frame_ref(self, meta, ch):
        return A.FrameRef(self._s(meta), ch[-1], tuple(ch[:-1]))

    def hex_set(self, meta, ch):
        return A.FeatureSet(self._s(meta), "hexes", ch[0], _refs(ch[1:]))


    # --- rules language: statements -------------------------------------------------------
    def use_board(self, meta, ch):
        return A.UseBoard(self._s(meta), ch[0])

    def if_with(self, meta, ch):
        return A.IfWith(self._s(meta), ch[0], tuple(c for c in ch[1:] if isinstance(c, A.Node)))

    def option(self, meta, ch):
        return A.Option(self._s(meta), ch[0], _label(ch[1:]))

    def counter(self, meta, ch):
        props = dict(c for c in ch[1:] if isinstance(c, tuple))
        return A.Counter(self._s(meta), ch[0], _label(ch[1:]), props.get("start"),
                         props.get("supply"), "tradeable" in props)

    def counter_start(self, meta, ch):
        return ("start", ch[0])

    def counter_supply(self, meta, ch):
        return ("supply", ch[0])

    def counter_tradeable(self, meta, ch):
        return ("tradeable", True)

    def deck(self, meta, ch):
        hidden = any(c == "hidden" for c in ch)
        items = tuple(c for c in ch if isinstance(c, A.DeckItem))
        props = tuple(c for c in ch if isinstance(c, A.Setting))
        return A.Deck(self._s(meta), ch[0], hidden, items, props)

    def deck_hidden(self, meta, ch):
        return "hidden"

    def deck_item(self, meta, ch):
        props = dict(c for c in ch[2:] if isinstance(c, tuple))
        count = next(c for c in ch[2:] if isinstance(c, A.Num))
        return A.DeckItem(self._s(meta), ch[0], ch[1], props.get("value"), props.get("number"),
                          props.get("event"), count, "revealed" in props)

    def item_kind(self, meta, ch):
        return str(ch[0])

    def item_value(self, meta, ch):
        return ("value", ch[0])

    def item_number(self, meta, ch):
        return ("number", ch[0])

    def item_event(self, meta, ch):
        return ("event", ch[0])

    def item_revealed(self, meta, ch):
        return ("revealed", True)

    def deck_max_held(self, meta, ch):
        return self._setting("max_held", meta, ch)

    def deck_when_full(self, meta, ch):
        return self._setting("when_full", meta, ch)

    def deck_reshuffle_spent(self, meta, ch):
        return self._setting("reshuffle_spent", meta, ch)

    def deck_marker(self, meta, ch):
        return self._setting("marker", meta, ch)

    def deck_start(self, meta, ch):
        return self._setting("start", meta, ch)

    def deck_tradeable(self, meta, ch):
        return self._setting("tradeable", meta, ch)

    def neutral(self, meta, ch):
        return A.Neutral(self._s(meta), ch[0], tuple(ch[1:]))

    def corner_key(self, meta, ch):
        return (ch[0], ch[1])

    def victory_bonus(self, meta, ch):
        return A.VictoryBonus(self._s(meta), ch[0])

    def vp_neg(self, meta, ch):
        return A.Vp(self._s(meta), A.Num(ch[0].span, -ch[0].value))

    def measure_expr(self, meta, ch):
        return A.MeasureExpr(self._s(meta), ch[0])

    def copies(self, meta, ch):
        return A.Copies(self._s(meta), ch[0])

    def source_deck(self, meta, ch):
        return self._setting("source", meta, ch)

    def source_dice(self, meta, ch):
        return self._setting("source", meta, [])

    def rolls(self, meta, ch):
        return self._setting("rolls", meta, ch)

    def distinct_rolls(self, meta, ch):
        return self._setting("distinct_rolls", meta, ch)

    def robber_home(self, meta, ch):
        return self._setting("home", meta, ch)

    def robber_start_off(self, meta, ch):
        return self._setting("start", meta, [])

    def on_rule(self, meta, ch):
        names = tuple(c for c in ch[1:] if isinstance(c, A.Ident))
        tags = dict(c for c in ch[1:] if isinstance(c, tuple))
        return A.OnRule(self._s(meta), ch[0], names, tags.get("at"), tags.get("where"),
                        tags["block"])

    def on_at(self, meta, ch):
        return ("at", ch[0])

    def rule_where(self, meta, ch):
        return ("where", ch[0])

    def block(self, meta, ch):
        return ("block", tuple(ch))

    def action(self, meta, ch):
        props = tuple(c for c in ch[1:] if isinstance(c, tuple))
        return A.Action(self._s(meta), ch[0], _label(ch[1:]), props)

    def action_cost(self, meta, ch):
        return ("cost", tuple(ch), self._s(meta))

    def cost_amount(self, meta, ch):
        return (ch[0], ch[1], False)

    def cost_tokens(self, meta, ch):
        return (ch[0], ch[1], True)

    def phase_after(self, meta, ch):
        return ("phase", "after_roll", self._s(meta))

    def phase_before(self, meta, ch):
        return ("phase", "before_roll", self._s(meta))

    def phase_any(self, meta, ch):
        return ("phase", "any", self._s(meta))

    def action_limit(self, meta, ch):
        return ("limit_" + ch[1], ch[0], self._s(meta))

    def limit_unit(self, meta, ch):
        return str(ch[0])

    def action_group(self, meta, ch):
        return ("group", ch[0], self._s(meta))

    def action_when(self, meta, ch):
        return ("when", ch[0], self._s(meta))

    def action_target(self, meta, ch):
        where = ch[2][1] if len(ch) > 2 else None
        return ("target", (ch[0], ch[1], where), self._s(meta))

    def action_do(self, meta, ch):
        return ("do", ch[0][1], self._s(meta))

    def forbid(self, meta, ch):
        kinds: tuple = ()
        rest = list(ch[1:])
        if rest and isinstance(rest[0], tuple) and rest[0][0] == "kinds":
            kinds = rest.pop(0)[1]
        prep, var = rest[0], rest[1]
        tags = dict(c for c in rest[2:])
        return A.Forbid(self._s(meta), ch[0], kinds, prep, var, tags.get("where"),
                        tags.get("else", ()))

    def forbid_kinds(self, meta, ch):
        return ("kinds", tuple(ch))

    def forbid_prep(self, meta, ch):
        return str(ch[0])

    def forbid_else(self, meta, ch):
        return ("else", tuple(ch))

    def modifier(self, meta, ch):
        sign = ch[1] if isinstance(ch[1], str) else None
        rest = ch[2:] if sign is not None else ch[1:]
        where = rest[2][1] if len(rest) > 2 else None
        return A.Modifier(self._s(meta), ch[0], sign, rest[0], rest[1], where)

    def mod_sign(self, meta, ch):
        return str(ch[0])

    # --- rules language: expressions ------------------------------------------------------
    def int_lit(self, meta, ch):
        return A.IntLit(self._s(meta), ch[0].value)

    def name_ref(self, meta, ch):
        return A.NameRef(self._s(meta), ch[0].value)

    def call(self, meta, ch):
        return A.Call(self._s(meta), ch[0], tuple(ch[1:]))

    def comprehension(self, meta, ch):
        tags = dict(c for c in ch[3:])
        return A.Comp(self._s(meta), ch[0], ch[1], ch[2], tags.get("where"), tags.get("value"))

    def comp_where(self, meta, ch):
        return ("where", ch[0])

    def comp_value(self, meta, ch):
        return ("value", ch[0])

    def or_expr(self, meta, ch):
        return A.Op(self._s(meta), "or", tuple(ch))

    def and_expr(self, meta, ch):
        return A.Op(self._s(meta), "and", tuple(ch))

    def not_op(self, meta, ch):
        return A.Op(self._s(meta), "not", (ch[0],))

    def cmp_expr(self, meta, ch):
        return A.Op(self._s(meta), ch[1], (ch[0], ch[2]))

    def cmp_op(self, meta, ch):
        return str(ch[0])

    def add_op(self, meta, ch):
        return str(ch[0])

    def sum_expr(self, meta, ch):
        # a + b - c → ((a + b) - c): fold left so the IR stays binary.
        acc = ch[0]
        for op, rhs in zip(ch[1::2], ch[2::2]):
            span = Span(acc.span.path, acc.span.line, acc.span.col, rhs.span.end_line,
                        rhs.span.end_col, acc.span.start, rhs.span.end)
            acc = A.Op(span, op, (acc, rhs))
        return acc

    def prod_expr(self, meta, ch):
        acc = ch[0]
        for rhs in ch[1:]:
            acc = A.Op(self._s(meta), "*", (acc, rhs))
        return acc

    def cond_expr(self, meta, ch):
        return A.CondExpr(self._s(meta), ch[0], ch[1], ch[2])

    # --- rules language: effects ----------------------------------------------------------
    def _eff(self, eff_kind: str, meta: Any, **args: object) -> A.Eff:
        return A.Eff(self._s(meta), eff_kind, tuple((k, v) for k, v in args.items() if v is not None))

    def _who(self, ch: list, n: int) -> tuple:
        """Split off the optional subject ("p gains ...") of an effect with ``n`` parts."""
        return (ch[0], ch[1:]) if len(ch) > n else (None, ch)

    def eff_gain(self, meta, ch):
        who, (n, stock) = self._who(ch, 2)
        return self._eff("gain", meta, p=who, n=n, stock=stock)

    def eff_lose(self, meta, ch):
        who, (n, stock) = self._who(ch, 2)
        return self._eff("lose", meta, p=who, n=n, stock=stock)

    def eff_give(self, meta, ch):
        who, (n, stock, to) = self._who(ch, 3)
        return self._eff("give", meta, p=who, n=n, stock=stock, to=to)

    def eff_draw(self, meta, ch):
        who, (n, deck) = self._who(ch, 2)
        return self._eff("draw", meta, p=who, n=n, deck=deck)

    def eff_choose(self, meta, ch):
        tags = dict(c for c in ch[2:] if isinstance(c, tuple))
        return self._eff("choose", meta, var=ch[0], set=ch[1], by=tags.get("by"),
                         where=tags.get("where"), body=tags["block"], other=tags.get("else"))

    def by_clause(self, meta, ch):
        return ("by", ch[0])

    def else_block(self, meta, ch):
        return ("else", ch[0][1])

    def eff_each(self, meta, ch):
        tags = dict(c for c in ch[2:] if isinstance(c, tuple))
        return self._eff("each", meta, var=ch[0], set=ch[1], where=tags.get("where"),
                         body=tags["block"])

    def eff_if(self, meta, ch):
        tags = dict(c for c in ch[1:] if isinstance(c, tuple))
        return self._eff("if", meta, cond=ch[0], body=tags["block"], other=tags.get("else"))

    def eff_move_robber(self, meta, ch):
        return self._eff("move_robber", meta, to=ch[0])

    def eff_steal(self, meta, ch):
        return self._eff("steal", meta, n=ch[0], set=ch[1])

    def eff_discard_half(self, meta, ch):
        return self._eff("discard_half", meta, n=ch[0])

    def eff_place(self, meta, ch):
        by = next((c[1] for c in ch[2:] if isinstance(c, tuple)), None)
        at = next((c for c in ch[2:] if not isinstance(c, tuple)), None)
        return self._eff("place", meta, kind=ch[0], p=ch[1], at=at, by=by)

    def eff_mark(self, meta, ch):
        return self._eff("mark", meta, at=ch[0], mark=ch[1])

    def eff_unmark(self, meta, ch):
        return self._eff("unmark", meta, at=ch[0], mark=ch[1])

    def eff_build_free(self, meta, ch):
        return self._eff("build_free", meta, p=ch[0], kind=ch[1], n=ch[2])

    def eff_reroll(self, meta, ch):
        return self._eff("reroll", meta)

    def eff_reshuffle(self, meta, ch):
        return self._eff("reshuffle", meta, deck=ch[0])

    def eff_set_yield(self, meta, ch):
        return self._eff("set_yield", meta, kind=ch[0], n=ch[1])

    def eff_award(self, meta, ch):
        return self._eff("award", meta, special=ch[0])

    def eff_set_aside(self, meta, ch):
        return self._eff("set_aside", meta, special=ch[0])

    def eff_return_played(self, meta, ch):
        return self._eff("return_played", meta, p=ch[0], flag=ch[1])

    def eff_take_development(self, meta, ch):
        return self._eff("take_development", meta, p=ch[0])

    def eff_remove(self, meta, ch):
        return self._eff("remove", meta, at=ch[0])

    def eff_reveal(self, meta, ch):
        return self._eff("reveal", meta, item=ch[0])


def _pairs(ch: list) -> tuple[A.Amount, ...]:
    out = []
    for name, n in zip(ch[0::2], ch[1::2]):
        span = Span(name.span.path, name.span.line, name.span.col, n.span.end_line,
                    n.span.end_col, name.span.start, n.span.end)
        out.append(A.Amount(span, name, n))
    return tuple(out)


def _refs(ch: list) -> tuple:
    return tuple(c for c in ch if isinstance(c, A.Node))


def _label(ch: list) -> str | None:
    return next((_unquote(c.value) for c in ch if isinstance(c, Token) and _base(c.type) == "STRING"), None)


def _unquote(s: str) -> str:
    body = s[1:-1]
    return body.replace('\\"', '"').replace("\\\\", "\\")


def to_ast(tree: Tree, path: str) -> A.File:
    """Transform one parse tree; a bug inside a rule method surfaces as its original exception."""
    try:
        return ToAst(path).transform(tree)
    except VisitError as e:
        raise e.orig_exc from None

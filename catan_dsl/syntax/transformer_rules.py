"""Lark parse tree of the rules language → `catan_dsl.syntax.ast` nodes (a mixin of `transformer.ToAst`)."""

from __future__ import annotations

from typing import Any

from catan_dsl.core.source import Span
from catan_dsl.core.vocab import COMPREHENSIONS as COMPREHENSION_HEADS
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R
from catan_dsl.syntax.lark_import import Token, Transformer


def _base(name: str) -> str:
    return name.rsplit("__", 1)[-1]


def label_of(ch: list) -> str | None:
    return next((unquote(c.value) for c in ch if isinstance(c, Token) and _base(c.type) == "STRING"), None)


def unquote(s: str) -> str:
    body = s[1:-1]
    return body.replace('\\"', '"').replace("\\\\", "\\")


class RulesMixin(Transformer):
    """Options, counters, decks, rules, expressions and effects; needs ``_s`` and ``_setting``."""

    _s: Any
    _setting: Any

    # --- rules language: statements -------------------------------------------------------
    def use_board(self, meta, ch):
        return R.UseBoard(self._s(meta), ch[0])

    def without_actions(self, meta, ch):
        return R.WithoutActions(self._s(meta), tuple(ch[1:]), str(ch[0]))

    def without_kind(self, meta, ch):
        return str(ch[0])

    def if_with(self, meta, ch):
        orelse = next((c[1] for c in ch[1:] if isinstance(c, tuple) and c[0] == "else"), ())
        return R.IfWith(self._s(meta), ch[0], tuple(c for c in ch[1:] if isinstance(c, A.Node)),
                        orelse)

    def if_with_else(self, meta, ch):
        return ("else", tuple(c for c in ch if isinstance(c, A.Node)))

    def eff_set(self, meta, ch):
        return self._eff("set", meta, counter=ch[0], value=ch[1])

    def on_rule(self, meta, ch):
        names = tuple(c for c in ch[1:] if isinstance(c, A.Ident))
        numbers = tuple(c for c in ch[1:] if isinstance(c, A.Num))
        tags = dict(c for c in ch[1:] if isinstance(c, tuple))
        return R.OnRule(self._s(meta), ch[0], names, tags.get("at"), tags.get("where"),
                        tags["block"], numbers, tags.get("instead"))

    def on_instead(self, meta, ch):
        return ("instead", A.Ident(self._s(meta), "robber"))

    def param(self, meta, ch):
        rng = ch[2] if len(ch) > 2 else (None, None)
        return R.Param(self._s(meta), ch[0], ch[1], rng[0], rng[1])

    def param_range(self, meta, ch):
        return (ch[0], ch[1])

    def param_ref(self, meta, ch):
        return A.Num(self._s(meta), 0, ch[0].value)

    def procedure(self, meta, ch):
        params = tuple(c for c in ch[1:] if isinstance(c, A.Ident))
        body = next(c for c in ch[1:] if isinstance(c, tuple))[1]
        return R.Procedure(self._s(meta), ch[0], params, body)

    def define(self, meta, ch):
        params = tuple(c for c in ch[1:-1] if isinstance(c, A.Ident))
        return R.Define(self._s(meta), ch[0], params, ch[-1])

    def stock_call(self, meta, ch):
        return R.Call(self._s(meta), ch[0], tuple(ch[1:]))

    def stock_keyword(self, meta, ch):
        return A.Ident(self._s(meta), str(ch[0]))

    def eff_set_terrain(self, meta, ch):
        return self._eff("set_terrain", meta, at=ch[0], value=ch[1])

    def eff_set_number(self, meta, ch):
        return self._eff("set_number", meta, at=ch[0], value=ch[1])

    def eff_call(self, meta, ch):
        return self._eff("call", meta, name=ch[0], args=tuple(ch[1:]))

    def on_at(self, meta, ch):
        return ("at", ch[0])

    def rule_where(self, meta, ch):
        return ("where", ch[0])

    def block(self, meta, ch):
        return ("block", tuple(ch))

    def action(self, meta, ch):
        props = tuple(c for c in ch[1:] if isinstance(c, tuple))
        return R.Action(self._s(meta), ch[0], label_of(ch[1:]), props)

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

    def phase_during(self, meta, ch):
        # "during trip, ...": the declared phases the action is offered in.
        return ("during", tuple(ch), self._s(meta))

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
        return R.Forbid(self._s(meta), ch[0], kinds, prep, var, tags.get("where"),
                        tags.get("else", ()))

    def forbid_kinds(self, meta, ch):
        return ("kinds", tuple(ch))

    def forbid_prep(self, meta, ch):
        return str(ch[0])

    def forbid_else(self, meta, ch):
        return ("else", tuple(ch))

    def modifier(self, meta, ch):
        sign = ch[1] if isinstance(ch[1], str) else None
        rest = list(ch[2:] if sign is not None else ch[1:])
        tags = dict(c for c in rest if isinstance(c, tuple))
        names = [c for c in rest[1:] if isinstance(c, A.Ident)]
        kind = names[0] if len(names) == 2 else None
        for_player = kind is not None and kind.value == "player"
        var = names[-1]
        return R.Modifier(self._s(meta), ch[0], sign, rest[0], var, tags.get("where"),
                          for_player, tags.get("label"), kind)

    def mod_label(self, meta, ch):
        return ("label", unquote(ch[0]))

    def mod_sign(self, meta, ch):
        return str(ch[0])

    # --- rules language: expressions ------------------------------------------------------
    def int_lit(self, meta, ch):
        return R.IntLit(self._s(meta), ch[0].value)

    def name_ref(self, meta, ch):
        return R.NameRef(self._s(meta), ch[0].value)

    def call(self, meta, ch):
        args = [c for c in ch[1:] if not isinstance(c, tuple)]
        tags = dict(c for c in ch[1:] if isinstance(c, tuple))
        first = args[0] if len(args) == 1 else None
        if isinstance(first, R.Op) and first.op == "in" and isinstance(first.args[0], R.NameRef) \
                and (ch[0].value in COMPREHENSION_HEADS or tags):
            # count(x in SET where COND): the comprehension's binding, read as a membership.
            var = A.Ident(first.args[0].span, first.args[0].name)
            return R.Comp(self._s(meta), ch[0], var, first.args[1], tags.get("where"),
                          tags.get("value"))
        if tags:
            # where/':' only belong to comprehensions; keep them so the checker can say so.
            return R.Comp(self._s(meta), ch[0], A.Ident(self._s(meta), "?"),
                          args[0] if args else R.NameRef(self._s(meta), "?"),
                          tags.get("where"), tags.get("value"))
        return R.Call(self._s(meta), ch[0], tuple(args))

    def comp_where(self, meta, ch):
        return ("where", ch[0])

    def comp_value(self, meta, ch):
        return ("value", ch[0])

    def or_expr(self, meta, ch):
        return R.Op(self._s(meta), "or", tuple(ch))

    def and_expr(self, meta, ch):
        return R.Op(self._s(meta), "and", tuple(ch))

    def not_op(self, meta, ch):
        return R.Op(self._s(meta), "not", (ch[0],))

    def cmp_expr(self, meta, ch):
        return R.Op(self._s(meta), ch[1], (ch[0], ch[2]))

    def cmp_op(self, meta, ch):
        return str(ch[0])

    def add_op(self, meta, ch):
        return str(ch[0])

    def mul_op(self, meta, ch):
        return str(ch[0])

    def sum_expr(self, meta, ch):
        # a + b - c → ((a + b) - c): fold left so the IR stays binary.
        acc = ch[0]
        for op, rhs in zip(ch[1::2], ch[2::2]):
            span = Span(acc.span.path, acc.span.line, acc.span.col, rhs.span.end_line,
                        rhs.span.end_col, acc.span.start, rhs.span.end)
            acc = R.Op(span, op, (acc, rhs))
        return acc

    def prod_expr(self, meta, ch):
        acc = ch[0]
        for op, rhs in zip(ch[1::2], ch[2::2]):
            acc = R.Op(self._s(meta), op, (acc, rhs))
        return acc

    def cond_expr(self, meta, ch):
        return R.CondExpr(self._s(meta), ch[0], ch[1], ch[2])

    # --- rules language: effects ----------------------------------------------------------
    def _eff(self, eff_kind: str, meta: Any, **args: object) -> R.Eff:
        return R.Eff(self._s(meta), eff_kind, tuple((k, v) for k, v in args.items() if v is not None))

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
        count = ch[0][1] if isinstance(ch[0], tuple) and ch[0][0] == "count" else None
        if count is not None:
            ch = ch[1:]
        tags = dict(c for c in ch[2:] if isinstance(c, tuple))
        return self._eff("choose", meta, var=ch[0], set=ch[1], by=tags.get("by"),
                         random=tags.get("random"), where=tags.get("where"), body=tags["block"],
                         other=tags.get("else"), count=count, weight=tags.get("weighted"))

    def choose_count(self, meta, ch):
        return ("count", ch[0])

    def weighted(self, meta, ch):
        return ("weighted", ch[0])

    def at_random(self, meta, ch):
        return ("random", True)

    def eff_let(self, meta, ch):
        return self._eff("let", meta, var=ch[0], value=ch[1])

    def eff_repeat(self, meta, ch):
        tags = dict(c for c in ch[1:] if isinstance(c, tuple))
        return self._eff("repeat", meta, n=ch[0], cond=tags.get("while"), body=tags["block"])

    def repeat_while(self, meta, ch):
        return ("while", ch[0])

    def by_clause(self, meta, ch):
        return ("by", ch[0])

    def else_block(self, meta, ch):
        return ("else", ch[0][1])

    def eff_end_game(self, meta, ch):
        if ch and isinstance(ch[0], tuple) and ch[0][0] == "winner":
            return self._eff("end_game", meta, ties=None, winner=ch[0][1])
        return self._eff("end_game", meta, ties=ch[0] if ch else None)

    def end_ties(self, meta, ch):
        return ch[0]

    def end_winner(self, meta, ch):
        return ("winner", ch[0])

    def eff_each(self, meta, ch):
        tags = dict(c for c in ch[2:] if isinstance(c, tuple))
        return self._eff("each", meta, var=ch[0], set=ch[1], where=tags.get("where"),
                         body=tags["block"])

    def eff_choose_one(self, meta, ch):
        tags = dict(c for c in ch if isinstance(c, tuple))
        options = tuple(c for c in ch if isinstance(c, R.Alternative))
        return self._eff("choose_one", meta, by=tags.get("by"), options=options)

    def alternative(self, meta, ch):
        tags = dict(c for c in ch[1:] if isinstance(c, tuple))
        return R.Alternative(self._s(meta), unquote(ch[0].value), tags.get("when"), tags["block"])

    def alternative_when(self, meta, ch):
        return ("when", ch[0])

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
        # "reveal old_boot" (a deck item) or "reveal h" (a face-down hex): the lowering decides.
        item = ch[0]
        if isinstance(item, R.NameRef):
            return self._eff("reveal", meta, item=A.Ident(item.span, item.name), at=item)
        return self._eff("reveal", meta, at=item)

    def eff_put(self, meta, ch):
        return self._eff("put_markers", meta, n=ch[0], marker=ch[1], at=ch[2],
                         p=ch[3] if len(ch) > 3 else None)

    def eff_move_unit(self, meta, ch):
        return self._eff("move_unit", meta, unit=ch[0], frm=ch[1], to=ch[2])

    def eff_share(self, meta, ch):
        tags = dict(c for c in ch[3:] if isinstance(c, tuple))
        return self._eff("share", meta, n=ch[0], var=ch[1], set=ch[2], where=tags.get("where"),
                         by=tags.get("by"), rolling=tags.get("rolling"),
                         body=tags["block"], other=tags.get("else"))

    def rolling_clause(self, meta, ch):
        return ("rolling", ch[0])

    def eff_take(self, meta, ch):
        return self._eff("take_markers", meta, n=ch[0], marker=ch[1], at=ch[2])


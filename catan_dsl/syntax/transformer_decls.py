"""Lark parse tree of the rules language's declarations (options, counters, markers, units, dice,
decks, neutral players, rule settings) → `catan_dsl.syntax.rules_ast` nodes (a mixin of
`transformer.ToAst`)."""

from __future__ import annotations

from typing import Any

from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R
from catan_dsl.syntax.lark_import import Transformer
from catan_dsl.syntax.transformer_rules import label_of


class DeclsMixin(Transformer):
    """Declarations the rules use; needs ``_s`` and ``_setting``."""

    _s: Any
    _setting: Any

    def option(self, meta, ch):
        return R.Option(self._s(meta), ch[0], label_of(ch[1:]))

    def counter(self, meta, ch):
        props = dict(c for c in ch[1:] if isinstance(c, tuple))
        return R.Counter(self._s(meta), ch[0], label_of(ch[1:]), props.get("start"),
                         props.get("supply"), "tradeable" in props, "shared" in props,
                         props.get("max"), "reset" in props, "shown" in props)

    def die(self, meta, ch):
        label = label_of(ch[1:2])
        faces = tuple(c for c in ch[1:] if isinstance(c, A.Ident))
        return R.Die(self._s(meta), ch[0], label, faces)

    def marker(self, meta, ch):
        props = dict(c for c in ch[1:] if isinstance(c, tuple))
        return R.Marker(self._s(meta), ch[0], label_of(ch[1:]), props.get("on"),
                        props.get("supply"), props.get("max"), "no_return" in props)

    def marker_no_return(self, meta, ch):
        return ("no_return", True)

    def unit_decl(self, meta, ch):
        props = dict(c for c in ch[1:] if isinstance(c, tuple))
        return R.Unit(self._s(meta), ch[0], label_of(ch[1:]), props.get("on"), props.get("each"))

    def unit_each(self, meta, ch):
        return ("each", ch[0])

    def marker_on(self, meta, ch):
        return ("on", ch[0])

    def marker_supply(self, meta, ch):
        return ("supply", ch[0])

    def marker_max(self, meta, ch):
        return ("max", ch[0])

    def counter_start(self, meta, ch):
        return ("start", ch[0])

    def counter_supply(self, meta, ch):
        return ("supply", ch[0])

    def counter_tradeable(self, meta, ch):
        return ("tradeable", True)

    def counter_shared(self, meta, ch):
        return ("shared", True)

    def counter_max(self, meta, ch):
        return ("max", ch[0])

    def counter_reset(self, meta, ch):
        return ("reset", True)

    def counter_shown(self, meta, ch):
        return ("shown", True)

    def phase_decl(self, meta, ch):
        return R.Phase(self._s(meta), ch[0], label_of(ch[1:]))

    def deck(self, meta, ch):
        hidden = any(c == "hidden" for c in ch)
        items = tuple(c for c in ch if isinstance(c, R.DeckItem))
        props = tuple(c for c in ch if isinstance(c, A.Setting))
        return R.Deck(self._s(meta), ch[0], hidden, items, props)

    def deck_hidden(self, meta, ch):
        return "hidden"

    def deck_item(self, meta, ch):
        props = dict(c for c in ch[2:] if isinstance(c, tuple))
        count = next(c for c in ch[2:] if isinstance(c, A.Num))
        return R.DeckItem(self._s(meta), ch[0], ch[1], props.get("value"), props.get("number"),
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

    def deck_at_once(self, meta, ch):
        return self._setting("at_once", meta, ch)

    def deck_tradeable(self, meta, ch):
        return self._setting("tradeable", meta, ch)

    def neutral(self, meta, ch):
        return R.Neutral(self._s(meta), ch[0], tuple(ch[1:]))

    def corner_key(self, meta, ch):
        return (ch[0], ch[1])

    def victory_bonus(self, meta, ch):
        return R.VictoryBonus(self._s(meta), ch[0])

    def vp_neg(self, meta, ch):
        return A.Vp(self._s(meta), A.Num(ch[0].span, -ch[0].value))

    def measure_expr(self, meta, ch):
        return R.MeasureExpr(self._s(meta), ch[0])

    def copies(self, meta, ch):
        return R.Copies(self._s(meta), ch[0])

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

    def robber_none(self, meta, ch):
        return self._setting("none", meta, [])

    def robber_start_off(self, meta, ch):
        return self._setting("start", meta, [])

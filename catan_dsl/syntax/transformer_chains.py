"""Lark parse tree of chains and votes → `catan_dsl.syntax.ast` nodes (a mixin of `transformer.ToAst`)."""

from __future__ import annotations

from typing import Any

from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R
from catan_dsl.syntax.lark_import import Transformer
from catan_dsl.syntax.transformer_rules import label_of


class ChainsMixin(Transformer):
    """``chain`` declarations and the ``extend`` / ``vote`` effects; needs ``_s`` and ``_eff``."""

    _s: Any
    _eff: Any

    def chain(self, meta, ch):
        props = dict(c for c in ch[1:] if isinstance(c, tuple))
        return R.Chain(self._s(meta), ch[0], label_of(ch[1:]), props.get("piece"),
                       props.get("supply"), props.get("start"), props.get("first"))

    def chain_piece(self, meta, ch):
        return ("piece", ch[0])

    def chain_supply(self, meta, ch):
        return ("supply", ch[0])

    def chain_start(self, meta, ch):
        return ("start", ch[0])

    def chain_first(self, meta, ch):
        return ("first", (ch[0], ch[1]))

    def eff_extend(self, meta, ch):
        return self._eff("extend", meta, chain=ch[0], at=ch[1])

    def eff_vote(self, meta, ch):
        tags = dict(c for c in ch[2:] if isinstance(c, tuple))
        pay = tuple(c for c in ch[2:] if isinstance(c, A.Ident))
        return self._eff("vote", meta, var=ch[0], set=ch[1], pay=pay, winner=tags.get("winner"),
                         body=tags["block"], other=tags.get("deadlock"))

    def vote_winner(self, meta, ch):
        return ("winner", ch[0])

    def vote_deadlock(self, meta, ch):
        return ("deadlock", ch[0][1])

"""Named expressions (``define NAME(P, ...) = EXPR``) → their body lowered at each use with the
arguments' types and substituted in place (a mixin of `compile.lowering.Lowerer`)."""

from __future__ import annotations

import copy
import itertools
from typing import Any

from catan_dsl.core import vocab as V
from catan_dsl.syntax import rules_ast as R

# A name a comprehension of a define's body binds gets this mark and a number at each use: the
# caller's variables, substituted for the parameters, can never be captured by it.
FRESH = "'"


class DefineMixin:
    """``self.m`` (the model), ``self.expr``, ``self.err`` come from the Lowerer."""

    m: Any
    defining: list[str]
    fresh_names: itertools.count

    def define_of(self, name: str) -> R.Define | None:
        d = self.m.named("define").get(name)
        return d if isinstance(d, R.Define) else None

    def define_use(self, d: R.Define, args: tuple, span: Any,
                   scope: dict[str, str]) -> tuple[object, str]:
        """A use ``NAME(A, ...)`` of a define: its body lowered for the arguments' types (a type
        that does not fit is an error at the use, with a note at the define), the arguments put
        in place of the parameters."""
        name = d.name.value
        if len(args) != len(d.params):
            self.err("E406", span, message=f"{name}() takes {len(d.params)} value(s), got "  # type: ignore[attr-defined]
                     f"{len(args)}", notes=(("the define", d.name.span),))
            return 0, "any"
        if name in self.defining:
            chain = " → ".join(self.defining + [name])
            self.err("E415", span, what="define", name=name, chain=chain,  # type: ignore[attr-defined]
                     notes=(("the define", d.name.span),),
                     hint="a define is written out where it is used: count with count(...) or "
                          "sum(...) instead")
            return 0, "any"
        lowered = [self.expr(a, scope) for a in args]  # type: ignore[attr-defined]
        inner = {p.value: t for p, (_, t) in zip(d.params, lowered)}
        if "player" in scope and "player" not in inner:
            inner["player"] = scope["player"]        # the acting player of the rule using it
        before = len(self.raised)  # type: ignore[attr-defined]
        self.defining.append(name)
        try:
            body, typ = self.expr(d.body, inner)  # type: ignore[attr-defined]
        finally:
            self.defining.pop()
        new = self.raised[before:]  # type: ignore[attr-defined]
        if "E406" in new and "E415" not in new:
            types = ", ".join(f"{p.value}: {t}" for p, (_, t) in zip(d.params, lowered))
            self.err("E406", span, message=f"this use of {name}({types}) does not fit its "  # type: ignore[attr-defined]
                     "body (see the errors there)", notes=(("the define", d.name.span),),
                     hint="pass values of the kinds its body reads, or fix the body")
        n = next(self.fresh_names)
        values = {p.value: v for p, (v, _) in zip(d.params, lowered)}
        return substitute(body, {}, values, f"{FRESH}{n}"), typ

    def define_name(self, e: R.NameRef, scope: dict[str, str]) -> tuple[object, str] | None:
        """A bare name that is a define without parameters, used as its value."""
        d = self.define_of(e.name)
        if d is None or e.name in scope:
            return None
        return self.define_use(d, (), e.span, scope)


def substitute(node: Any, renamed: dict[str, str], values: dict[str, Any], mark: str) -> Any:
    """``node`` with every comprehension variable renamed (``x`` → ``x'N``, in its scope only)
    and every free parameter replaced by its argument's IR."""
    if not isinstance(node, list) or not node:
        return node
    head = node[0]
    if head == "var" and len(node) == 2 and isinstance(node[1], str):
        x = node[1]
        if x in renamed:
            return ["var", renamed[x]]
        if x in values:
            return copy.deepcopy(values[x])
        return list(node)
    if head in V.COMPREHENSIONS and len(node) >= 4 and isinstance(node[1], str):
        var = node[1]
        inner = {**renamed, var: var + mark}
        return [head, var + mark, substitute(node[2], renamed, values, mark)] + \
            [substitute(x, inner, values, mark) for x in node[3:]]
    return [substitute(x, renamed, values, mark) for x in node]


def check_defines(low: Any) -> None:
    """A define may not take a function's name (the function would win) or a declared name (it
    would hide it), nor name a parameter twice."""
    for d in low.m.named("define").values():
        name = d.name.value
        kind = low.env.kind_of(name)
        if name in V.FUNCTIONS or name in V.COMPREHENSIONS:
            low.err("E413", d.name.span, name=name, what="a function", hint="pick another name")
        elif kind is not None:          # the define would hide a terrain, resource, piece ...
            low.err("E413", d.name.span, name=name, what=f"a declared {kind}",
                    hint="pick another name")
        seen: set[str] = set()
        for p in d.params:
            if p.value in seen:
                low.err("E205", p.span, what="parameter", name=p.value,
                        hint="give each parameter its own name")
            seen.add(p.value)

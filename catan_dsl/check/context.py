"""A merged `Model` + a report → the shared helpers every check uses (number ranges, references,
words, amounts) and the "did you mean" hint."""

from __future__ import annotations

from typing import Iterable

from catan_dsl.check.load import Model
from catan_dsl.check.reading import suggest
from catan_dsl.core.codes import MAX_NUMBER
from catan_dsl.core.diagnostics import Report
from catan_dsl.syntax import ast as A

__all__ = ["CheckContext", "suggest"]


class CheckContext:
    """The model under check, its report, and the declared names the checks look up."""

    def __init__(self, model: Model, report: Report, complete: bool = False) -> None:
        self.complete = complete  # compiling needs a whole scenario, even from a variant
        self.m = model
        self.r = report
        res = model.get("resources")
        self.resources = [i.value for i in res.names] if isinstance(res, A.Resources) else []
        self.terrains = model.named("terrain")
        self.pieces = model.named("piece")
        self.cards = model.named("card")

    def num(self, n: A.Num, what: str, least: int = 1, most: int = MAX_NUMBER) -> bool:
        if n.value > most:
            src = self.r.sources.get(n.span.path)
            # As written: a number of more than 12 digits is held clamped (syntax/transformer.py).
            written = src.text[n.span.start:n.span.end] if src is not None else str(n.value)
            self.r.error("E212", n.span, value=written if written.isdigit() else n.value, most=most,
                         hint=f"{what} this large is almost certainly a typo")
            return False
        if n.value < least:
            self.r.error("E211", n.span, what=what, least=least, value=n.value,
                         hint=f"write {least} or more")
            return False
        return True

    def token_number(self, n: A.Num) -> None:
        if n.value > MAX_NUMBER:
            self.num(n, "a number token")
        elif not 2 <= n.value <= 12 or n.value == 7:
            hint = "7 is the robber's number" if n.value == 7 else "dice sums run from 2 to 12"
            self.r.error("E213", n.span, value=n.value, hint=hint)

    def ref(self, ident: A.Ident, known: Iterable[str], code: str, **kw: object) -> bool:
        known = list(known)
        if ident.value in known:
            return True
        hint = suggest(ident.value, known)
        if hint is None and known:
            hint = "declared: " + ", ".join(known[:10])
        self.r.error(code, ident.span, name=ident.value, hint=hint, **kw)
        return False

    def resource(self, ident: A.Ident) -> bool:
        return self.ref(ident, self.resources, "E201")

    def word(self, ident: A.Ident, allowed: Iterable[str], what: str) -> bool:
        allowed = list(allowed)
        if ident.value in allowed:
            return True
        self.r.error("E206", ident.span, message=f'"{ident.value}" is not a valid {what}',
                     hint=suggest(ident.value, allowed) or "use one of: " + ", ".join(allowed))
        return False

    def amounts(self, items: Iterable[A.Amount], what: str) -> None:
        seen: dict[str, A.Amount] = {}
        for a in items:
            if self.resource(a.name):
                if a.name.value in seen:
                    self.r.error("E205", a.name.span, what=f"{what} entry", name=a.name.value,
                                 notes=(("first given here", seen[a.name.value].span),))
                seen[a.name.value] = a
            self.num(a.n, f"{what} amount")

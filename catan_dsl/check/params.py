"""A merged model + ``--set`` values → every number slot that names a parameter replaced by
the parameter's value, its range checked (E219 unknown name, E220 out of range)."""

from __future__ import annotations

import dataclasses
from typing import Any

from catan_dsl.check.context import suggest
from catan_dsl.check.load import Model
from catan_dsl.core.diagnostics import Report
from catan_dsl.core.source import Span
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R


def resolve_params(model: Model, overrides: dict[str, int], report: Report) -> dict[str, int]:
    """The parameters' values (declared, then ``overrides``), and ``model`` rewritten to use
    them; errors go to ``report``."""
    declared: dict[str, R.Param] = model.named("param")  # type: ignore[assignment]
    values = {name: p.value.value for name, p in declared.items()}
    for name, value in overrides.items():
        if name not in declared:
            report.error("E219", Span(model.path, 1, 1, 1, 2), name=name,
                         hint=suggest(name, list(declared)) or
                         ("parameters: " + ", ".join(declared) if declared else
                          "this scenario declares no parameter"))
            continue
        values[name] = value
    for name, p in declared.items():
        lo = p.low.value if p.low is not None else None
        hi = p.high.value if p.high is not None else None
        v = values[name]
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            span = p.value.span if name not in overrides else p.name.span
            report.error("E220", span, name=name, value=v, low=lo if lo is not None else "",
                         high=hi if hi is not None else "",
                         hint="--set it within the range, or widen the range" if name in
                         overrides else "give it a value within its range")
    if values or _has_refs(model):
        rewrite = _Rewriter(values, report, list(declared))
        model.decls = {k: rewrite(v) for k, v in model.decls.items()}
        model.rules = [(u, rewrite(n)) for u, n in model.rules]
        model.bonuses = [rewrite(b) for b in model.bonuses]
        model.players_by_unit = [(u, rewrite(p)) for u, p in model.players_by_unit]
    model.param_values = dict(values)
    return values


def _has_refs(model: Model) -> bool:
    return any(isinstance(n, A.Num) and n.ref for n in _walk(list(model.decls.values())))


def _walk(root: Any):
    stack = [root]
    while stack:
        n = stack.pop()
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif dataclasses.is_dataclass(n) and not isinstance(n, type):
            yield n
            stack.extend(getattr(n, f.name) for f in dataclasses.fields(n) if f.name != "span")


class _Rewriter:
    """Rebuilds frozen AST nodes with parameter numbers filled in (untouched subtrees kept)."""

    def __init__(self, values: dict[str, int], report: Report, declared: list[str]) -> None:
        self.values, self.report, self.declared = values, report, declared
        self.reported: set[tuple[str, int]] = set()

    def __call__(self, node: Any) -> Any:
        if isinstance(node, A.Num):
            if node.ref is None:
                return node
            if node.ref in self.values:
                return dataclasses.replace(node, value=self.values[node.ref])
            if (node.ref, node.span.start) not in self.reported:
                self.reported.add((node.ref, node.span.start))
                self.report.error("E219", node.span, name=node.ref,
                                  hint=suggest(node.ref, self.declared) or
                                  "declare it: param NAME = VALUE")
            return node
        if isinstance(node, tuple):
            out = tuple(self(x) for x in node)
            return node if all(a is b for a, b in zip(out, node)) else out
        if isinstance(node, list):
            return [self(x) for x in node]
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            changes = {}
            for f in dataclasses.fields(node):
                if f.name == "span":
                    continue
                old = getattr(node, f.name)
                new = self(old)
                if new is not old:
                    changes[f.name] = new
            return dataclasses.replace(node, **changes) if changes else node
        return node

"""Chain declarations (AST) → the ``chains`` section of the IR, with their diagnostics."""

from __future__ import annotations

from catan_dsl.check.load import Model
from catan_dsl.compile.lowering import Lowerer
from catan_dsl.core.diagnostics import Report
from catan_dsl.syntax import rules_ast as R


def chains_ir(model: Model, report: Report | None = None) -> dict:
    """``chains`` of the IR (docs/ir.md); with ``report``, mistakes are reported as found."""
    low = Lowerer(model, report)
    out: dict = {}
    for name, c in model.named("chain").items():
        assert isinstance(c, R.Chain)
        d: dict = {"label": c.label or name, "piece": c.piece.value if c.piece else name}
        if c.supply is None:
            low.err("E207", c.name.span, message=f"chain {name} has no supply",
                    hint="say how many pieces there are, e.g. 'supply 22'")
        d["supply"] = c.supply.value if c.supply is not None else 0
        if c.start is None:
            low.err("E207", c.name.span, message=f"chain {name} has no start",
                    hint="name a corners feature of the board: 'start at exits'")
        elif low.declared(c.start, ("feature",)):
            fs = low.env.kinds["feature"][c.start.value]
            if getattr(fs, "kind", "vertices") != "vertices":
                low.err("E406", c.start.span, message=f"chain {name} starts at intersections: "
                        f"{c.start.value} is not a corners feature",
                        hint=f"declare it with 'corners {c.start.value} {{ q,r CORNER; ... }}'")
        d["start"] = c.start.value if c.start is not None else None
        if c.first is not None:
            var, cond = c.first
            when, t = low.expr(cond, {"player": "player", var.value: "edge"})
            if t not in ("bool", "any"):
                low.err("E406", cond.span, message=f"first {var.value} where X: X must be true or "
                        f"false, got {t}")
            d["first"] = {"var": var.value, "when": when}
        out[name] = d
    return out

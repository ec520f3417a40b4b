"""Chain declarations and the ``extend`` / ``vote`` effects (AST) → IR, with their diagnostics."""

from __future__ import annotations

from catan_dsl.syntax import ast as A
from catan_dsl.check.load import Model
from catan_dsl.core.diagnostics import Report

HIDDEN_WINNER = "#winner"     # the vote's decider when the source does not name it


def chains_ir(model: Model, report: Report | None = None) -> dict:
    """``chains`` of the IR (docs/ir.md); with ``report``, mistakes are reported as found."""
    from catan_dsl.compile.lowering import Lowerer
    low = Lowerer(model, report)
    out: dict = {}
    for name, c in model.named("chain").items():
        assert isinstance(c, A.Chain)
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


def lower_chain_effect(low, f: A.Eff, scope: dict[str, str]) -> list:
    """``extend CHAIN at EDGE`` and ``vote x in SET paying R, ... [winner w] { } [deadlock { }]``."""
    g = f.get
    if f.kind == "extend":
        chain = g("chain")
        low.declared(chain, ("chain",))
        at, t = low.expr(g("at"), scope)
        from catan_dsl.compile.lowering import compatible
        if not compatible(t, "edge"):
            low.err("E406", g("at").span, message=f"extend {chain.value} at X: X must be a path "
                    f"(an edge), got {t}")
        return ["extend", _chain_name(low, chain.value), at]
    var: A.Ident = g("var")  # type: ignore[assignment]
    s, st = low.expr(g("set"), scope)
    if not st.startswith("set:") and st != "any":
        low.err("E406", g("set").span, message=f"vote {var.value} in X: X must be a set, got {st}")
    pay = []
    for r in g("pay") or ():
        if low.declared(r, ("resource",)):
            pay.append(r.value)
    winner = g("winner")
    inner = {**scope, var.value: st[4:] if st.startswith("set:") else "any"}
    wname = winner.value if winner is not None else HIDDEN_WINNER
    inner[wname] = "player"
    body = low.block(g("body"), inner)
    other = g("other")
    return ["vote", var.value, wname, s, pay, body,
            low.block(other, inner) if other is not None else None]


def _chain_name(low, name: str) -> str:
    """A chain named by its piece ("extend camel") is the declaration's own name in the IR."""
    c = low.env.kinds["chain"].get(name)
    return c.name.value if isinstance(c, A.Chain) else name

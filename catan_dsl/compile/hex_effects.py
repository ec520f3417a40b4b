"""Effects of a board that changes in play (``reveal H``, ``set terrain H = T``, ``set number H =
N|none``) and stocks given by a call (``gain 1 produces(h)``) → IR, with their type checks (a
mixin of `compile.effects.EffectLowerer`)."""

from __future__ import annotations

from typing import Any

from catan_dsl.compile.lowering import compatible
from catan_dsl.compile.place_checks import kind_words
from catan_dsl.core.topology import WATER
from catan_dsl.syntax import rules_ast as R


class HexEffects:
    """``self.expr``, ``self.err``, ``self.env``, ``self.declared``, ``self.name_arg`` come from
    the Lowerer."""

    env: Any

    def hex_place(self, node: Any, scope: dict[str, str], verb: str) -> object:
        v, t = self.expr(node, scope)  # type: ignore[attr-defined]
        if not compatible(t, "hex"):
            self.err("E406", node.span, message=f"{verb} X: X must be a hex, got {t}",  # type: ignore[attr-defined]
                     hint="a hex: a variable bound to one (choose h in hexes ...), or a call "
                          "such as hexes_of(v)")
        return v

    def hex_effect(self, f: R.Eff, scope: dict[str, str]) -> list:
        """``reveal`` (of a deck item or of a hex), ``set terrain`` and ``set number``."""
        g = f.get
        if f.kind == "reveal":
            item = g("item")
            if item is not None and item.value not in scope and (  # type: ignore[attr-defined]
                    self.env.has("item", item.value) or self.env.kind_of(item.value) is None):  # type: ignore[attr-defined]
                self.declared(item, ("item",))  # type: ignore[attr-defined]
                return ["reveal", item.value]  # type: ignore[attr-defined]
            return ["reveal_hex", self.hex_place(g("at"), scope, "reveal")]
        at = self.hex_place(g("at"), scope, f"set {f.kind[4:]}")
        value = g("value")
        if f.kind == "set_number":
            if isinstance(value, R.NameRef) and value.name == "none" and "none" not in scope:
                return ["set_number", at, None]
            n, t = self.expr(value, scope)  # type: ignore[attr-defined]
            if not compatible(t, "int"):
                self.err("E406", value.span, message=f"set number H = N: N must be a number "  # type: ignore[attr-defined, union-attr]
                         f"or none, got {t}")
            elif isinstance(n, int) and not isinstance(n, bool) and not 2 <= n <= 12:
                self.err("E213", value.span, value=n,  # type: ignore[attr-defined, union-attr]
                         hint="dice sums run from 2 to 12; 'none' takes the token away")
            return ["set_number", at, n]
        if isinstance(value, R.NameRef) and value.name == WATER and value.name not in scope \
                and not self.env.has("terrain", WATER):
            return ["set_terrain", at, WATER]
        t_ir, t = self.name_arg(value, "name:terrain", scope)  # type: ignore[attr-defined]
        if not compatible(t, "name:terrain"):
            self.err("E406", value.span, message=f"set terrain H = T: T must be a terrain, got {t}",  # type: ignore[attr-defined, union-attr]
                     hint="a declared terrain, sea, or a variable bound to one "
                          "(each t in terrains ...)")
        return ["set_terrain", at, t_ir]

    def stock_call(self, call: R.Call, scope: dict[str, str], verb: str) -> object:
        """A stock given by a call (``gain 1 produces(h)``): it must give a resource."""
        v, t = self.expr(call, scope)  # type: ignore[attr-defined]
        if not compatible(t, "resource"):
            fn = call.name.value
            self.err("E406", call.span, message=f"{verb}: {fn}() gives {kind_words(t)}, not a "  # type: ignore[attr-defined]
                     "resource",
                     hint="produces(h) is the resource a hex yields: 'gain 1 produces(h)'"
                     if fn == "terrain" else "a resource name, choice, or a call giving a "
                     "resource such as produces(h)")
        return {"expr": v}

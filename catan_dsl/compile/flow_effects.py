"""Game-flow forms → IR with their checks: the effect ``end game [ties by EXPR | winner P]``, and the
trigger parts ``on built road`` / ``on rolled n`` (a name filtering or binding), ``on rolled 7`` (a number filtering the trigger) and ``instead of robber`` (a
mixin of `compile.effects.EffectLowerer`, which `compile.rules.RuleCompiler` extends)."""

from __future__ import annotations

from typing import Any

from catan_dsl.compile.lowering import compatible, did_you_mean, walk_nodes
from catan_dsl.compile.never import never_fires
from catan_dsl.core import vocab as V
from catan_dsl.syntax import rules_ast as R


# The declared kinds whose names filter a trigger's value of each type (`on built road`).
_NAME_KINDS = {"name:piece": ("piece",), "name:deck": ("deck",), "name:item": ("item",),
               "name:card": ("card", "event", "item")}


class FlowLowering:
    """``self.expr``, ``self.err`` and ``self.m`` come from the Lowerer."""

    m: Any

    def end_game(self, f: R.Eff, scope: dict[str, str]) -> list:
        """``end game [ties by EXPR]`` → ["end_game", TIES or None]; EXPR is a number per
        player, read with ``player`` standing for each tied player (as a special card's
        measure reads it). ``end game winner P`` → ["end_game", None, P]: P wins whatever
        the VP (the third element only then, so other IR stays as it was)."""
        winner = f.get("winner")
        if winner is not None:
            value, t = self.expr(winner, scope)  # type: ignore[attr-defined]
            if not compatible(t, "player"):
                self.err("E406", winner.span, message=f"end game winner P: P must be a player, "  # type: ignore[attr-defined]
                         f"got {t}", hint="e.g. 'end game winner player'")
            return ["end_game", None, value]
        ties = f.get("ties")
        if ties is None:
            return ["end_game", None]
        value, t = self.expr(ties, {**scope, "player": "player"})  # type: ignore[attr-defined]
        if not compatible(t, "int"):
            self.err("E406", ties.span, message=f"end game ties by X: X must be a number "  # type: ignore[attr-defined]
                     f"per player, got {t}",
                     hint="the tied player is `player`: 'ties by count_of(player, gold)'")
        return ["end_game", value]

    def trigger_names(self, r: R.OnRule, trig: Any, params: tuple, scope: dict) -> tuple[dict, dict]:
        """The names after a trigger: each filters the value a declared name of its kind fits
        (`on built road`) or binds the next free value to a variable (`on rolled n`); a name
        that does neither is E406. Returns the filters and bindings; ``scope`` gains the
        variables."""
        filt: dict = {}
        bind: dict = {}
        free = [p for p in params if not p.type.startswith("name:") and p.name != "at"]
        used = {n.name for n in walk_nodes((r.where, r.body)) if isinstance(n, R.NameRef)}
        for ident in r.names:
            slot = next((p for p in params if p.type.startswith("name:") and p.name not in filt
                         and self.name_fits(ident.value, p.type)), None)
            if slot is not None:
                filt[slot.name] = ident.value
                continue
            var_slot = next((p for p in free if p.name not in bind), None)
            if var_slot is None:
                if trig is not None:
                    names = [p.name for p in params]
                    self.err("E406", ident.span, message=f'"{ident.value}" fits no value of trigger '
                             f"{trig.name} ({', '.join(names) or 'it has none'})",
                             hint=did_you_mean(ident.value, [n for d in self.env.kinds.values() for n in d])
                             or f"e.g. {trig.example}")
                continue
            if ident.value not in used and any(
                    p.type.startswith("name:") and p.name not in filt for p in params):
                # A name the rule never reads is a misspelt filter (`on built setlement`), not a
                # variable: bound to `setup`, the rule would fire on every build.
                if not self.m.incomplete:   # else a name the missing parent declares
                    self.misspelt_filter(ident, trig, params, filt)
                continue
            bind[var_slot.name] = ident.value
            scope[ident.value] = var_slot.type
        return filt, bind

    def name_fits(self, name: str, ptype: str) -> bool:
        return any(self.env.has(k, name) for k in _NAME_KINDS.get(ptype, ()))  # type: ignore[attr-defined]

    def misspelt_filter(self, ident: Any, trig: Any, params: tuple, filt: dict) -> None:
        """E406 for a name after the trigger that filters nothing and binds nothing read."""
        slots = [p for p in params if p.type.startswith("name:") and p.name not in filt]
        known = [n for p in slots for k in _NAME_KINDS.get(p.type, ())
                 for n in self.env.kinds[k]]  # type: ignore[attr-defined]
        what = " or ".join(p.type.removeprefix("name:") for p in slots)
        self.err("E406", ident.span, message=f'"{ident.value}" is no declared {what} of trigger '  # type: ignore[attr-defined]
                 f"{trig.name}, and the rule never reads it as a variable",
                 hint=did_you_mean(ident.value, known) or f"e.g. {trig.example}")

    def never_fires(self, r: R.OnRule, lowered: dict) -> None:
        """W408 for a rule that can never fire (``on rolled 13``, ``where round < 0``)."""
        dice = None if _setting(self.m, "source", None) is not None else _setting(self.m, "dice", 2)
        why = never_fires(lowered, dice, _setting(self.m, "robber_number", 7))  # type: ignore[arg-type]
        if why is not None:
            self.err("W408", r.trigger.span, what="rule", why=f"fire: {why}",  # type: ignore[attr-defined]
                     hint="change the number or the condition, or delete the rule")

    def trigger_numbers(self, r: R.OnRule, params: tuple, filt: dict, bind: dict) -> None:
        """``on rolled 7``: each number filters the trigger's next number not yet filtered or
        bound, as a declared name filters the name it fits."""
        for num in r.numbers:
            slot = next((p for p in params if p.type == "int" and p.name not in filt
                         and p.name not in bind), None)
            if slot is None:
                trig = V.TRIGGERS.get(r.trigger.value)
                if trig is not None:
                    self.err("E406", num.span, message=f"{num.value} fits no number of trigger "  # type: ignore[attr-defined]
                             f"{trig.name}", hint=f"e.g. {trig.example}")
                continue
            filt[slot.name] = num.value

    def instead_of(self, r: R.OnRule, filt: dict) -> str | None:
        """``instead of robber``: only on ``rolled``, and only on the number the robber moves
        on (a rule that could never replace it would silently do nothing)."""
        if r.instead is None:
            return None
        if r.trigger.value != "rolled":
            self.err("E406", r.instead.span, message="'instead of robber' replaces what a "  # type: ignore[attr-defined]
                     f"rolled number does, not what '{r.trigger.value}' does",
                     hint="on rolled 7 instead of robber { ... }")
            return None
        robber_number = _setting(self.m, "robber_number", 7)
        if "n" in filt and filt["n"] != robber_number:
            self.err("E406", r.numbers[0].span if r.numbers else r.instead.span,  # type: ignore[attr-defined]
                     message=f"the robber moves on {robber_number}, not on {filt['n']}: this "
                             "rule would never replace it",
                     hint=f"on rolled {robber_number} instead of robber {{ ... }}")
        if _setting(self.m, "source", None) is not None:
            self.err("E406", r.instead.span, message="a deck replaces the dice here, and its "  # type: ignore[attr-defined]
                     "robber number moves no robber: there is nothing to replace",
                     hint="give the card its meaning with 'on revealed CARD { ... }'")
        return "robber"


def _setting(model: Any, key: str, default: object) -> object:
    """A value of the merged ``production { ... }`` setting (the robber number, the source)."""
    s = model.settings("production").get(key)
    if s is None or not s.values:
        return default
    v = s.values[0]
    return getattr(v, "value", v)

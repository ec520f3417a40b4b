"""Game-flow forms → IR with their checks: the effect ``end game [ties by EXPR | winner P]``, and the
trigger parts ``on rolled 7`` (a number filtering the trigger) and ``instead of robber`` (a
mixin of `compile.effects.EffectLowerer`, which `compile.rules.RuleCompiler` extends)."""

from __future__ import annotations

from typing import Any

from catan_dsl.compile.lowering import compatible
from catan_dsl.core import vocab as V
from catan_dsl.syntax import rules_ast as R


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

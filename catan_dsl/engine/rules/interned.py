"""The rules' action objects, interned: (kind, ids) → one Choose, DeckDraw or RuleAction each,
so legal-action lists hold the same objects every time (identity tests are cheap)."""

from __future__ import annotations

from typing import Any

from catan_dsl.engine.actions import Choose, DeckDraw, RuleAction
from catan_dsl.engine.rules.expressions import elem_type


class InternedActions:
    """Mixed into RulesRuntime: uses its ``game``, ``decks``, ``compiled`` and the ``_actions``,
    ``deck_draws`` and ``last_deal`` tables it sets up."""

    game: Any
    decks: tuple
    compiled: list
    _actions: dict
    deck_draws: dict
    last_deal: list

    def choice(self, what: str, x: int) -> Choose:
        key = ("c", what, x)
        a = self._actions.get(key)
        if a is None:
            name = self.game.resources[x] if what == "resource" else ""
            a = self._actions[key] = Choose(what, x, name)
        return a

    def choices(self, what: str, options) -> list[Choose]:
        """``choice(what, x)`` for each option, in order: a choice prompt's legal actions, read
        from a table per ``what`` (a knight's march lists some 25 paths every turn)."""
        table = self._actions.get(("choices", what))
        if table is None:
            table = self._actions[("choices", what)] = {}
        try:
            # map over the dict's own lookup: no Python loop per option (a march lists ~25)
            return [*map(table.__getitem__, options)]
        except KeyError:
            for x in options:
                if x not in table:
                    table[x] = self.choice(what, x)
            return [*map(table.__getitem__, options)]

    def deal(self, di: int, i: int) -> DeckDraw:
        key = ("d", di, i)
        a = self._actions.get(key)
        if a is None:
            d = self.decks[di]
            a = self._actions[key] = DeckDraw(di, i, f"{d.name} {d.items[i]}")
        return a

    def draws_of(self, di: int) -> list:
        """Deck ``di``'s DeckDraw actions by item, made once (asked for every chance listing)."""
        draws = self.deck_draws.get(di)
        if draws is None:
            items = range(len(self.decks[di].items))
            draws = self.deck_draws[di] = [self.deal(di, i) for i in items]
        return draws

    def deck_outcomes(self, di: int, pile) -> tuple:
        """Deck ``di``'s draws and their chances with ``pile`` left (a count per item). A draw
        asks twice with the same pile, listing then sampling: the last answer, checked against
        a copy of its pile (a list compare, no hashing), serves the second ask. Few piles come
        back (each card drawn makes a new one), so a table of them would mostly miss."""
        last = self.last_deal[di]
        if last is not None and last[0] == pile:
            return last[1]
        total = sum(pile)
        draws = self.draws_of(di)
        outcomes = tuple([(draws[i], k / total) for i, k in enumerate(pile) if k])
        self.last_deal[di] = (pile[:] if isinstance(pile, list) else pile, outcomes)
        return outcomes

    def rule_action(self, ri: int, target: int, pay: tuple) -> RuleAction:
        key = ("a", ri, target, pay)
        a = self._actions.get(key)
        if a is None:
            spec = self.compiled[ri].action
            text = f"do {spec.name}"
            if target >= 0:                 # "do sell ore" for a resource, "do go hex 7" else
                elem = effects_elem(spec)
                text += f" {self.game.resources[target]}" if elem == "resource" else f" {elem} {target}"
            if any(pay):
                d = self.decks[spec.token[0]]
                text += " pay " + " ".join(d.items[i] for i, k in enumerate(pay) for _ in range(k))
            a = self._actions[key] = RuleAction(ri, target, pay, text)
        return a


def effects_elem(spec) -> str:
    """What an action's target is called in its text: the element type of its set, or 'id'."""
    if spec.target is None:
        return ""
    return elem_type(spec.target[2]) if spec.target[2].startswith("set:") else "id"

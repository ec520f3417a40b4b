"""IR ``rules`` → event type → compiled rules dispatcher (empty for the base game, zero cost then)."""

from __future__ import annotations

from typing import Any, Callable

RuleFn = Callable[[Any, Any], None]


class Hooks:
    """Maps an event class to the compiled rules that fire on it, in declaration order.

    The base game has no rules, so ``active`` is False and the state never calls ``dispatch``.
    The rules-language issue registers its compiled rule objects here.
    """

    __slots__ = ("by_type", "active")

    def __init__(self, rules: list[dict] | None = None) -> None:
        self.by_type: dict[type, list[RuleFn]] = {}
        self.active = False
        # IR rules are compiled by the rules-language issue; version 1 accepts an empty list.
        del rules

    def register(self, event_type: type, fn: RuleFn) -> None:
        self.by_type.setdefault(event_type, []).append(fn)
        self.active = True

    def dispatch(self, state: Any, event: Any) -> None:
        for fn in self.by_type.get(type(event), ()):
            fn(state, event)
        for fn in self.by_type.get(object, ()):   # registered for every event type
            fn(state, event)

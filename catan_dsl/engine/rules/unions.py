"""A loop with a conjunct ``any(X in S where … VAR in T …)`` → only the union of T over S looked at."""

from __future__ import annotations

from typing import Any, Callable

from catan_dsl.engine.rules.prefilters import union_part

Fn = Callable[[Any, dict], Any]
UNIONS = True       # off: every loop as domains.narrow left it (the reference a test plays beside)


def within_union(loop: Fn, parts: list, var: str, compile_typed: Callable) -> Fn:
    """``loop`` (the set of ``VAR in SET where COND``, ``parts`` COND's conjuncts) without the
    elements an ``any(X in S where … VAR in T …)`` conjunct rules out: only the union of T over
    S can meet it, so a loop over the paths carrying a marker asks its ``any(v in units(player,
    U) where e in edges_of(v))`` of none but those next to the player's unit. The same
    elements qualify, in the same order; a union that raises leaves every element to COND."""
    anys = [p for p in parts if isinstance(p, list) and p[:1] == ["any"]]
    union = union_part(anys, var, compile_typed) if UNIONS and anys else None
    if union is None:
        return loop

    def within(s, env):
        items = loop(s, env)
        allowed = union(s, env) if items else None
        return items if allowed is None else [x for x in items if x in allowed]
    if hasattr(loop, "decided"):        # what the narrowing settled for every element it keeps
        within.decided = loop.decided
    return within

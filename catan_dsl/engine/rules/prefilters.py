"""A loop whose set and leading conjuncts read only the board's layout → the elements meeting those, kept per board (layout prefilters, unions' parts)."""

from __future__ import annotations

from functools import reduce
from typing import Any, Callable

from catan_dsl.engine.rules.domains import conjuncts, mentions, reads
from catan_dsl.engine.rules.measure_memo import (LAYOUT_FUNCTIONS, LIMIT, PLAIN_TYPES, PerBoard,
                                                 board_only, env_key)

Fn = Callable[[Any, dict], Any]
# Off, a prefilter's new key tests every element of its set against all its layout conjuncts
# (the reference for the elements meeting the leading ones kept per SET's values:
# _shared_prefix; read when a rule is compiled).
SHARED_PREFIX = True


def layout_prefilter(set_node: Any, var: str, cond_node: Any, set_fn: Fn, types: dict[str, str],
                     functions: Any, compile_inner: Callable[[Any], Fn],
                     compile_typed: Callable[[Any, dict], tuple[Fn, str]] | None = None
                     ) -> tuple[Fn, Any] | None:
    """``VAR in SET where L1 and ... and REST`` where SET and the leading conjuncts L… read only
    the board's layout (terrains, numbers, features, geometry): the elements of SET meeting
    L… are worked out once per board and values of the variables they read — "the hexes of v
    with a given terrain" — and the loop runs over those, testing only REST. → (the prefiltered
    set, REST's IR or None), or None when there is no such prefix. ``types`` are the variables
    in scope outside the loop; ``compile_inner`` compiles a conjunct with VAR bound. When one
    of L… names every element that can meet it (``VAR in T``, or ``any(X in S where … VAR in T
    …)``: ``compile_typed`` compiles S and T, the latter with X bound), working out a new key
    tests L… only on those elements, still in SET's order; else a new key tests the later L…
    only on the elements meeting the leading ones that read no more than SET, kept per board and
    SET's values (_shared_prefix: "x in edges where feature(x, F) and parallel(e, x)" asks
    ``feature`` of every path once a board, ``parallel`` of F's few paths once per e)."""
    if cond_node is None or not board_only(set_node, functions, LAYOUT_FUNCTIONS):
        return None
    parts = conjuncts(cond_node)
    k = 0
    while k < len(parts) and board_only(parts[k], functions, LAYOUT_FUNCTIONS):
        k += 1
    if k == 0:
        return None
    outer = reads(set_node, types) | {n for p in parts[:k] for n in reads(p, types) if n != var}
    if any(types[n] not in PLAIN_TYPES for n in outer):
        return None
    names = tuple(sorted(outer))
    tests = [compile_inner(p) for p in parts[:k]]
    per_board = PerBoard()
    among = union_part(parts[:k], var, compile_typed) if compile_typed is not None else None
    ahead, j = _shared_prefix(set_node, var, parts[:k], tests, set_fn, types, names) \
        if among is None and SHARED_PREFIX else (None, 0)
    later = tests[j:]
    key_of = env_key(names)

    def prefiltered(s, env):
        memo = per_board.of(s.board)
        key = key_of(env)
        got = memo.get(key)
        if got is None:
            if len(memo) >= LIMIT:
                memo.clear()
            probe = dict(env)
            kept = []
            if ahead is not None:
                try:
                    items = ahead(s, env)
                except Exception:               # noqa: BLE001 — asked out of the written order
                    items = None                # of elements: the full pass below decides
                if items is not None:
                    for x in items:
                        probe[var] = x
                        if all(t(s, probe) for t in later):
                            kept.append(x)
                    got = memo[key] = tuple(kept)
                    return got
            allowed = among(s, env) if among is not None else None
            for x in set_fn(s, env):
                if allowed is not None and x not in allowed:
                    continue            # meets no conjunct naming its elements: fails it
                probe[var] = x
                if all(t(s, probe) for t in tests):
                    kept.append(x)
            got = memo[key] = tuple(kept)
        return got
    rest = parts[k:]
    return prefiltered, (reduce(lambda a, b: ["and", a, b], rest) if rest else None)


def _shared_prefix(set_node: Any, var: str, layout: list, tests: list, set_fn: Fn,
                   types: dict[str, str], names: tuple) -> tuple[Fn | None, int]:
    """A prefilter's leading layout conjuncts that read no variable SET does not (``layout``,
    compiled as ``tests``), when the others read more (``names``: all they read) → (``(s, env)
    →`` the elements of SET meeting them, in SET's order, kept per board and SET's values;
    how many they are), or (None, 0). Each element meets them before the later ones are asked,
    as in the written order; an element's raise reaches the caller unkept."""
    own = reads(set_node, types)
    j = 0
    while j < len(layout) and {n for n in reads(layout[j], types) if n != var} <= own:
        j += 1
    if j == 0 or len(own) == len(names):
        return None, 0
    first, per_board, key_of = tests[:j], PerBoard(), env_key(tuple(sorted(own)))

    def ahead(s, env):
        memo = per_board.of(s.board)
        key = key_of(env)
        got = memo.get(key)
        if got is None:
            if len(memo) >= LIMIT:
                memo.clear()
            probe, kept = dict(env), []
            for x in set_fn(s, env):
                probe[var] = x
                if all(t(s, probe) for t in first):
                    kept.append(x)
            got = memo[key] = tuple(kept)
        return got
    return ahead, j


def union_part(parts: list, var: str, compile_typed: Callable[[Any, dict], tuple[Fn, str]]
               ) -> Fn | None:
    """Of conjuncts ``parts`` (layout ones here; any ``any`` for unions.within_union), the first
    that names every VAR that can meet it — ``VAR in T``, or ``any(X in S where … and VAR in T
    and …)``, S and T not reading VAR — as a closure giving those elements (a set; None when
    working it out raised, so the caller tests every element as before); None when no
    conjunct is of that form."""
    mine = ["var", var]

    def member_of(node: Any) -> Any:
        if isinstance(node, list) and len(node) == 3 and node[0] == "in" and node[1] == mine \
                and not mentions(node[2], var):
            return node[2]
        return None

    for part in parts:
        whole = member_of(part)
        if whole is not None:
            t_fn = compile_typed(whole, {})[0]

            def members(s, env):
                try:
                    return set(t_fn(s, env))
                except Exception:           # asked eagerly here: leave it to the conjunct
                    return None
            return members
        if not (isinstance(part, list) and len(part) == 4 and part[0] == "any"
                and isinstance(part[1], str) and part[1] != var and not mentions(part[2], var)):
            continue
        x = part[1]
        inner = next((m for m in map(member_of, conjuncts(part[3])) if m is not None), None)
        if inner is None:
            continue
        s_fn, s_t = compile_typed(part[2], {})
        t_fn = compile_typed(inner, {x: s_t[4:] if s_t.startswith("set:") else "any"})[0]

        def union(s, env):
            probe = dict(env)
            got: set = set()
            try:
                for y in s_fn(s, env):
                    probe[x] = y
                    got.update(t_fn(s, probe))
            except Exception:
                return None
            return got
        return union
    return None

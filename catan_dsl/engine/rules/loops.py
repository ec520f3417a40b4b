"""A loop over a set with a condition (``count``, ``any``, ``first``, ``sum``, ``max``, ``min``,
``all`` and the elements an ``each``, a ``choose`` or a share picks) → one generated Python
function: the loop written out, the condition (and a sum's or extreme's value) written in place
by fused.py's emitter, the set called as its compiled (narrowed) closure.

The closures in expressions.py stay the reference: each generated loop does what its closure
does, in the same order (the set listed, the budget ticked, each element tested with the
variable bound in ``env`` — or, where nothing can read it there, left in ``env`` as the closure
leaves it — the same short cuts), and saves the call of the condition's closure per
element — a knight's march tests ~50 paths. The source is built from the IR's structure alone:
names and numbers enter it as literals (``repr``), never as code. Anything the emitter cannot
write leaves the closures in place (None).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from catan_dsl.core.vocab import COMPREHENSIONS
from catan_dsl.engine.rules.fused import COMPARISONS, Leaf, define, emitter, renamed
from catan_dsl.engine.rules.measure_memo import board_only

Fn = Callable[[Any, dict], Any]
FILENAME = "<generated rule loop>"
HEADS = frozenset({"count", "any", "first", "sum", "max", "min", "all"})
# Off, a generated loop makes every call of its condition for every element (the reference
# for the calls kept once a loop: invariant_calls; read when a rule is compiled).
KEEP_INVARIANT = True
# Off, a generated loop's condition reads its variable from ``env`` (the reference for the
# local ``_x`` read in place: _loop_emitter; read when a rule is compiled).
READ_LOCAL = True
# Off, a generated loop binds its variable in ``env`` for every element it tests (the reference
# for the binding left out where nothing the condition does reads ``env``: _binds; read when a
# rule is compiled).
BIND_AT_EXIT = True
# Off, a generated loop reads the state's rows its condition indexes (``s.rules_state.units[0]``,
# ``s.v_owner``) afresh for every element (the reference for the rows read once: _rows).
HOIST_ROWS = True
# Off, every picking loop runs with the listing memos live (the reference for the loops that
# call none of the functions reading them: listing_live; read when a rule is compiled).
LIVE_WHEN_READ = True
# Off, a picking loop whose condition is "A and count(…) CMP B" calls the count's generated loop
# per element (the reference for its body written in place: _count_in_place; read when a rule
# is compiled).
COUNT_IN_PLACE = True
# Off, a picking loop that reads ``env`` only as ``env['X']`` reads X for every element (the
# reference for X read once before the loop: _read_once; read when a rule is compiled).
READ_ONCE = True
# Functions whose closures never read the listing memos (``rules.listing_state``: a VP, a ban,
# a piece's destinations, a robber's targets read them) nor call what does: the board, its
# pieces, units, markers, marks, stocks, seats.
UNLISTED = frozenset({
    "markers", "marker_supply", "units", "unit_owner", "unit_supply", "occupied", "owner",
    "piece", "pieces", "marked", "count_of", "players", "opponents", "neutrals", "seats", "real",
    "hexes", "edges", "vertices", "hexes_of", "edges_of", "vertices_of", "neighbours", "ends",
    "coast", "terrain", "pips", "has_number", "feature", "feature_number", "harbor", "hidden",
    "parallel", "paths_within", "path_distance", "distance", "clockwise_from"})
_ROW = re.compile(r"(?<![\w.])s(?:\.[A-Za-z_]\w*)+(?:\[\d+\])*(?=\[)")
_ENV_KEY = re.compile(r"env\[('[A-Za-z_@#][\w@#]*')\]")


_AS_LISTED = ("    _items = SET(s, env)\n"
              "    if not isinstance(_items, (list, tuple)):\n"
              "        _items = list(_items)\n")


def _ordered(set_t: str) -> str:
    """Source binding ``_items`` as expressions.ordered lists a set: players in turn order
    from the acting player, anything else as it comes (a list unless a list or a tuple)."""
    if set_t == "set:player":
        return "    _items = ORDERED(s, SET(s, env), 'set:player', env)\n"
    return _AS_LISTED


_TICK = "    if EX.depth:\n        EX.tick(len(_items) + 1)\n"


def invariant_calls(var: str, cond: Any, value: Any) -> Callable[[Any], bool]:
    """``node →`` is it a function call in the loop over VAR whose value is the same for every
    element: it reads neither VAR nor a variable a comprehension inside COND or VALUE binds (the
    closures bind theirs in ``env`` as they loop), and holds no comprehension (which ticks the
    step budget on each run). Nothing changes while a condition is asked, so such a call —
    ``edges_of(robber_hex(R))`` asked of every piece a rule action may move — need only be
    made once a loop."""
    bound = {var}
    _binders(cond, bound)
    _binders(value, bound)

    def steady(node: Any) -> bool:
        if isinstance(node, str):
            return node not in bound
        if isinstance(node, dict):
            return all(map(steady, node.values()))
        if not isinstance(node, list) or not node:
            return True
        if node[0] in COMPREHENSIONS:
            return False
        if node[0] == "var" and len(node) == 2:
            return node[1] not in bound
        return all(map(steady, node[1:]))

    def invariant(node: Any) -> bool:
        return isinstance(node, list) and bool(node) and node[0] != "var" and steady(node)
    return invariant


def _binders(node: Any, into: set[str]) -> None:
    """Add the variables the comprehensions in ``node`` bind to ``into``."""
    if isinstance(node, dict):
        for x in node.values():
            _binders(x, into)
    elif isinstance(node, list) and node:
        if node[0] in COMPREHENSIONS and len(node) > 1 and isinstance(node[1], str):
            into.add(node[1])
        for x in node[1:]:
            _binders(x, into)


def _loop_emitter(var: str, cond: Any, value: Any, types: dict[str, str],
                  resource_index: dict[str, int], leaf: Leaf) -> Any:
    """The emitter of a loop over VAR: the calls reading nothing the loop changes kept once
    (KEEP_INVARIANT), and VAR read from the loop's local ``_x`` unless a comprehension inside
    COND or VALUE binds that name too (the element is still bound in ``env`` for the calls)."""
    em = emitter(types, resource_index, leaf)
    if KEEP_INVARIANT:
        em.invariant = invariant_calls(var, cond, value)
    bound: set[str] = set()
    _binders(cond, bound)
    _binders(value, bound)
    if READ_LOCAL and var not in bound:
        em.local = {var: "_x"}
    return em


def _binds(var: str, em: Any, *sources: str) -> bool:
    """Must a loop bind VAR in ``env`` before testing each element? Not when VAR is read from the
    local ``_x`` and the sources read ``env`` only as ``env['NAME']`` of other names: nothing
    they do can see the binding (the caller's ``env`` then gets it once, as the loop leaves)."""
    if not BIND_AT_EXIT or em.local.get(var) is None:
        return True
    for src in sources:
        if any(m.group(1) == repr(var) for m in _ENV_KEY.finditer(src)) or \
                re.search(r"\benv\b", _ENV_KEY.sub("", src)):
            return True
    return False


def _rows(*sources: str) -> tuple[list[str], str]:
    """The sources with the state's rows they index (an attribute chain of ``s`` with constant
    indices, before a subscript) read from locals ``_s0`` …, and the source setting those
    locals: nothing changes while a loop's condition is asked, so a row read before the loop
    is the row every element would read (a march tests ~25 paths against one units row)."""
    if not HOIST_ROWS:
        return list(sources), ""
    found = sorted({m.group(0) for src in sources for m in _ROW.finditer(src)})
    names = {row: f"_s{i}" for i, row in enumerate(found)}
    out = [_ROW.sub(lambda m: names[m.group(0)], src) for src in sources]
    return out, "".join(f"    {n} = {row}\n" for row, n in names.items())


def _kept(em: Any) -> str:
    """Source setting the locals of the calls an emitter keeps (``_h0`` …) to unset."""
    return f"    {' = '.join(em.kept)} = _U\n" if em.kept else ""


def comprehension(head: str, var: str, set_fn: Fn, set_t: str, cond: Any, value: Any,
                  types: dict[str, str], resource_index: dict[str, int], leaf: Leaf,
                  execution: Any, ordered: Callable) -> Fn | None:
    """``HEAD(VAR in SET where COND[: VALUE])`` as one generated function (``types``: the
    variables in scope inside the loop, VAR included; ``leaf`` compiles a node there), or None.
    ``set_fn`` is what the closure loops over (narrowed, except for ``all``)."""
    if head not in HEADS or cond is None or cond is True or \
            (head in ("sum", "max", "min")) == (value is None):
        return None
    em = _loop_emitter(var, cond, value, types, resource_index, leaf)
    test = em.emit(cond, True, 0)[0]
    val = em.emit(value, False, 0)[0] if value is not None else ""
    every = _binds(var, em, test, val)
    (test, val), rows = _rows(test, val)
    bind = f"        env[{var!r}] = _x\n" if every else ""
    # Unbound per element: VAR is left in env as the closure's loop leaves it (the element it
    # stopped at, raised at, or the last), for a caller that reads the name again.
    at = "" if every else f"            env[{var!r}] = _x\n"
    body = _AS_LISTED + _TICK if head in ("count", "any") else \
        _ordered(set_t) + _TICK if head == "first" else "    _items = list(SET(s, env))\n" + _TICK
    if head == "count":
        loop, done = (f"    _n = 0\n    for _x in _items:\n{bind}"
                      f"        if {test}:\n            _n += 1\n"), "    return _n\n"
    elif head == "any":
        loop, done = (f"    for _x in _items:\n{bind}"
                      f"        if {test}:\n{at}            return True\n"), "    return False\n"
    elif head == "first":
        loop, done = (f"    for _x in _items:\n{bind}"
                      f"        if {test}:\n{at}            return _x\n"), "    return -1\n"
    elif head == "all":
        loop, done = (f"    for _x in _items:\n{bind}"
                      f"        if not ({test}):\n{at}            return False\n"), \
            "    return True\n"
    elif head == "sum":
        loop, done = (f"    _t = 0\n    for _x in _items:\n{bind}"
                      f"        if {test}:\n            _t += {val}\n"), "    return _t\n"
    else:
        better = ">" if head == "max" else "<"
        loop, done = (f"    _best = None\n    for _x in _items:\n{bind}"
                      f"        if {test}:\n            _v = {val}\n"
                      f"            if _best is None or _v {better} _best:\n"
                      "                _best = _v\n"), "    return 0 if _best is None else _best\n"
    if not every:
        loop = ("    try:\n" + "".join("    " + line + "\n" for line in loop.splitlines())
                + f"    except BaseException:\n        env[{var!r}] = _x\n        raise\n"
                f"    if _items:\n        env[{var!r}] = _items[-1]\n")
    body += rows + loop + done
    names = dict(em.names, SET=set_fn, EX=execution, ORDERED=ordered)
    fn = define("def loop(s, env):\n" + _kept(em) + body, "loop", names, FILENAME)
    if fn is not None and head == "count":      # its only return is its last line
        fn.body = (_kept(em) + body, names)
    return fn


def _count_in_place(fn: Any, into: dict[str, Any], indent: str) -> str | None:
    """The body of the generated count FN (``fn.body``) as statements setting ``_cres``, its
    names and locals renamed ``_c…`` (its objects added to ``into`` so), indented by INDENT; or
    None. The same statements run on the same ``env`` as its call would: a battle's hexes are
    counted without a call, a listing and a tick-free budget check per hex."""
    got = getattr(fn, "body", None)
    if got is None:
        return None
    src, names = got
    last = src.rstrip("\n").rsplit("\n", 1)
    if len(last) != 2 or not last[1].startswith("    return ") or "return" in last[0] \
            or re.search(r"\._", src):
        return None
    out = renamed(last[0] + "\n    _res = " + last[1][len("    return "):] + "\n",
                  lambda n: "_c" + n if n in names or n.startswith("_") else n)
    if out is None:
        return None
    into.update({"_c" + k: v for k, v in names.items() if not k.startswith("__")})
    return "".join(indent + line[4:] + "\n" for line in out.splitlines())


def extreme(head: str, var: str, set_fn: Fn, cond: Fn | None, val: Fn, execution) -> Fn:
    """``max|min(VAR in SET where COND: VALUE)`` as a closure (the reference, and the loop with
    no condition): the extreme value over the elements meeting COND (the set narrowed by COND,
    as a loop's is); 0 when none does, as for an empty set."""
    higher = head == "max"

    def extreme(s, env):
        items = list(set_fn(s, env))
        if execution.depth:               # only rule runs are budgeted (see tick)
            execution.tick(len(items) + 1)
        best = None
        for x in items:
            env[var] = x
            if cond is None or cond(s, env):
                v = val(s, env)
                if best is None or (v > best if higher else v < best):
                    best = v
        return 0 if best is None else best
    return extreme


def first_of(var: str, set_fn: Fn, execution: Any) -> Fn:
    """``first(VAR in SET where true)``: the set's first element (bound to VAR in ``env``, as
    the closure's loop binds it), -1 for an empty set, without a test per element."""
    def first(s, env):
        items = set_fn(s, env)
        if not isinstance(items, (list, tuple)):
            items = list(items)
        if execution.depth:
            execution.tick(len(items) + 1)
        if not items:
            return -1
        x = env[var] = items[0]
        return x
    return first


def picked(var: str, set_fn: Fn, set_t: str, cond: Any, types: dict[str, str],
           resource_index: dict[str, int], leaf: Leaf, ordered: Callable) -> Fn | None:
    """``(state, env) →`` the elements of SET meeting COND, in ``ordered`` order, ``env`` left
    as it was (expressions.qualifying, written out), or None."""
    if cond is None or cond is True:
        return None
    em = _loop_emitter(var, cond, None, types, resource_index, leaf)
    extra: dict[str, Any] = {}
    # The count's call reads env: the element is bound in a copy of it, as below (every).
    inner = _counted(cond, em, leaf, extra) if COUNT_IN_PLACE else None
    test = em.emit(cond, True, 0)[0] if inner is None else ""
    every = inner is not None or _binds(var, em, test)
    if inner is not None:
        first, count, cmp, right = inner
        (first, right), rows = _rows(first, right)
    else:
        (test,), rows = _rows(test)
    body = _kept(em) + _ordered(set_t) + "    if not _items:\n        return []\n" + rows
    if inner is not None:
        body += ("    env = dict(env)\n    _chosen = []\n"
                 f"    for _x in _items:\n        env[{var!r}] = _x\n"
                 f"        if {first}:\n{count}"
                 f"            if (_c_res {cmp} {right}):\n"
                 "                _chosen.append(_x)\n    return _chosen\n")
    elif every:
        body += ("    env = dict(env)\n    _chosen = []\n"
                 f"    for _x in _items:\n        env[{var!r}] = _x\n"
                 f"        if {test}:\n            _chosen.append(_x)\n    return _chosen\n")
    elif em.kept:       # a kept call's local is set in the function's own scope
        body += _read_once(test, _chosen_loop) + _chosen_loop(test, "    ")
    else:               # env is a copy the caller never sees: no binding, no copy
        body += _read_once(test, _comprehended) + _comprehended(test, "    ")
    names = dict(em.names, SET=set_fn, ORDERED=ordered, **extra)
    return define("def picked(s, env):\n" + body, "picked", names, FILENAME)


def _chosen_loop(test: str, indent: str) -> str:
    """Source returning the elements of ``_items`` meeting TEST, by a loop, at INDENT."""
    return (f"{indent}_chosen = []\n{indent}for _x in _items:\n{indent}    if {test}:\n"
            f"{indent}        _chosen.append(_x)\n{indent}return _chosen\n")


def _comprehended(test: str, indent: str) -> str:
    """Source returning the elements of ``_items`` meeting TEST, by a list comprehension."""
    return f"{indent}return [_x for _x in _items if {test}]\n"


def _read_once(test: str, picks: Callable[[str, str], str]) -> str:
    """Source returning the picks of TEST (a test reading ``env`` only as ``env['X']``, calling
    nothing that is given ``env``; ``picks`` writes them) with each such X read once, before
    the loop, into a local: nothing writes ``env`` while the elements are tested (a march asks
    ``f == e`` of ~25 paths). "" when there is none; an X missing from ``env`` leaves it to the
    loop after, which raises where it always did."""
    keys = sorted({m.group(1) for m in _ENV_KEY.finditer(test)})
    if not READ_ONCE or not keys:
        return ""
    local = {k: f"_v{i}" for i, k in enumerate(keys)}
    once = _ENV_KEY.sub(lambda m: local[m.group(1)], test)
    return ("    try:\n" + "".join(f"        {n} = env[{k}]\n" for k, n in local.items())
            + "    except KeyError:\n        pass\n    else:\n" + picks(once, "        "))


def _counted(cond: Any, em: Any, leaf: Leaf, names: dict[str, Any]) -> Any:
    """For COND ``A and count(…) CMP B`` (a battle's "markers(h, M) > 0 and count(e in
    edges_of(h) where occupied(e, knight)) > markers(h, M)"): A's and B's sources, the count's
    generated body in place (_count_in_place, its objects put in NAMES), CMP; else None. The
    order is the fused ``and``'s: A, then the count, then B."""
    if not (isinstance(cond, list) and len(cond) == 3 and cond[0] == "and"):
        return None
    a, c = cond[1], cond[2]
    if not (isinstance(c, list) and len(c) == 3 and c[0] in COMPARISONS
            and isinstance(c[1], list) and c[1] and c[1][0] == "count"):
        return None
    right = c[2]
    if isinstance(right, str) and right not in em.types:   # a name: the emitter's own case
        return None
    count = _count_in_place(leaf(c[1])[0], names, "            ")
    if count is None:
        return None
    return em.emit(a, True, 0)[0], count, c[0], em.emit(right, False, 0)[0]


def listing_live(picks: Fn, nodes: tuple = (), functions: Any = ()) -> Fn:
    """A picking loop run with the listing memos live: nothing changes while its elements are
    tested, as while a state's actions are listed, so what is kept for a listing holds here too
    (a ban "at in S" reads S once, not once per path a piece could go to). ``picks`` itself when
    its set and condition (``nodes``, IR; ``functions`` the interpreter's) call nothing that
    reads those memos (UNLISTED): a knight's march, a battle's hexes (LIVE_WHEN_READ)."""
    if LIVE_WHEN_READ and nodes and all(board_only(n, functions, UNLISTED) for n in nodes):
        return picks

    def live(s, env):
        rules = s.game.rules
        if rules.listing_state is not None:         # inside a listing already
            return picks(s, env)
        rules.listing_memo, rules.listing_state = {}, s
        try:
            return picks(s, env)
        finally:
            rules.listing_memo = rules.listing_state = None
    return live

"""A loop's ``VAR in SET where COND`` (IR) → the smaller set worth testing COND on (narrowing, the layout sieve)."""

from __future__ import annotations

from functools import reduce
from itertools import compress
from operator import not_
from typing import Any, Callable, Collection

from catan_dsl.engine.base import networks
from catan_dsl.engine.rules.measure_memo import (LAYOUT_FUNCTIONS, LIMIT, PLAIN_TYPES, PerBoard,
                                                 board_only, env_key)

Fn = Callable[[Any, dict], Any]
RAISED = "raised"           # a sieve verdict: asking the layout conjuncts of this item raised
# Off, a sieve looks up each item's kept verdict one by one (the reference for the verdicts of
# a whole listed set read in one pass: layout_sieve; read when a rule is compiled).
KNOWN_SETS = True
# Off, a loop narrowed to the spots of a feature's rolled number still asks its
# ``feature_number`` conjunct of each (the reference for that conjunct dropped from the loop's
# condition, every candidate meeting it: _numbered; read when a rule is compiled).
NUMBER_DECIDED = True


def conjuncts(node: Any) -> list:
    """``A and B and C`` → [A, B, C] in evaluation order (a single condition → [it])."""
    if isinstance(node, list) and node and node[0] == "and":
        return [c for part in node[1:] for c in conjuncts(part)]
    return [node]


def mentions(node: Any, var: str) -> bool:
    """Does the IR expression read ``var`` (as ``["var", var]`` or a bare name)?"""
    if isinstance(node, str):
        return node == var
    if isinstance(node, list):
        if len(node) == 2 and node[0] == "var":
            return node[1] == var
        return any(mentions(x, var) for x in node)
    if isinstance(node, dict):
        return any(mentions(x, var) for x in node.values())
    return False


def reads(node: Any, names: Collection[str]) -> set[str]:
    """The names of ``names`` the IR expression mentions."""
    return {n for n in names if mentions(node, n)}


def candidate_nodes(node: Any, var: str) -> list[tuple[Any, bool]] | None:
    """Expressions that together give every ``var`` that can meet ``node`` — ``VAR == E``,
    ``VAR in S``, or an ``or`` of such, with E and S not reading VAR — each with whether it is a
    set (else one element); None: any element may."""
    if not isinstance(node, list) or len(node) < 3:
        return None
    if node[0] == "or":
        out: list[tuple[Any, bool]] = []
        for part in node[1:]:
            got = candidate_nodes(conjuncts(part)[0], var)
            if got is None:
                return None
            out.extend(got)
        return out
    mine = ["var", var]
    if node[0] == "==" and len(node) == 3:
        other = node[2] if node[1] == mine else node[1] if node[2] == mine else None
        is_set = False
    elif node[0] == "in" and len(node) == 3 and node[1] == mine:
        other, is_set = node[2], True
    else:
        return None
    if other is None or mentions(other, var):
        return None
    return [(other, is_set)]


def _marker_carriers(first: Any, var: str, kind: str, rules: Any, bound: Collection[str]
                     ) -> Fn | None:
    """``markers(VAR, NAME) > 0`` (or ``>= 1``) with NAME lying on ``kind`` → the places
    carrying such a marker, in id order; ``== 0``: exactly the places carrying none."""
    free = isinstance(first, list) and len(first) == 3 and (first[0], first[2]) == ("==", 0)
    if not (isinstance(first, list) and len(first) == 3
            and ((first[0], first[2]) in ((">", 0), (">=", 1)) or free)
            and isinstance(first[1], list) and len(first[1]) == 3
            and first[1][:2] == ["markers", ["var", var]] and isinstance(first[1][2], str)
            and first[1][2] not in bound and first[1][2] in rules.marker_index):
        return None
    i = rules.marker_index[first[1][2]]
    if rules.marker_on[i] != kind:
        return None

    def carriers(s, env):
        # Asked on every listing of an action targeting such places: kept until one moves.
        memo = s.rules_state.markers_memo()
        got = memo.get(("markers", i, free))
        if got is None:
            table = s.rules_state.markers[i]        # the ids whose count is (not) 0, in order
            got = memo[("markers", i, free)] = list(compress(
                range(len(table)), map(not_, table) if free else table))
        return got
    carriers.exact = free       # the free places need no second look (a "choose" of 70 paths)
    return carriers


def _mark_carriers(first: Any, var: str, kind: str, bound: Collection[str]) -> Fn | None:
    """``marked(VAR, NAME)`` → the places of ``kind`` carrying the mark NAME, in id order (marks
    are kept by place key, "e12", so the few marked places are listed without the rest)."""
    if not (isinstance(first, list) and len(first) == 3 and first[:2] == ["marked", ["var", var]]
            and isinstance(first[2], str) and first[2] not in bound):
        return None
    name, prefix = first[2], kind[0]
    return lambda s, env: sorted(int(k[1:]) for k, names in s.rules_state.marks.items()
                                 if k[0] == prefix and name in names)


def _board_narrowed(set_node: Any, var: str, first: Any, rules: Any, bound: Collection[str],
                    compile_node: Callable[[Any], Fn]) -> Fn | None:
    """Every vertex or edge (or hex, for ``robber_on(VAR)``), with COND's first conjunct
    ``first`` that reads VAR → the places that can meet it, in id order; None when the whole
    board must be looked at."""
    if set_node == ["hexes"] and first == ["robber_on", ["var", var]]:
        return lambda s, env: [s.robber] if s.robber >= 0 else []     # "the robber's hex"
    if set_node not in (["vertices"], ["edges"]):
        return None
    if set_node == ["edges"] and isinstance(first, list) and len(first) == 3 \
            and first[0] == "can_move_to" and first[2] == ["var", var] and not mentions(first[1], var):
        frm, fn = first[1], compile_node(first[1])
        if isinstance(frm, list) and len(frm) == 2 and frm[0] == "var" \
                and bound.get(frm[1]) == "edge":
            def paths(s, env):      # exactly where the piece on X can go: not asked again (narrow)
                return networks.sorted_destinations(s, fn(s, env))
            paths.exact = True
        else:
            def paths(s, env):      # where its network reaches: COND decides
                return networks.reached_paths(s, fn(s, env))
        return paths
    if first == ["in", ["owner", ["var", var]], ["players"]]:
        vertices = set_node == ["vertices"]

        def occupied(s, env):
            # Kept while no piece moves: a rule on every production may ask it twice.
            memo = s.rules_state.piece_memo(s.piece_moves)
            got = memo.get(("occupied", vertices))
            if got is None:
                owners = s.v_owner if vertices else s.e_owner
                got = memo[("occupied", vertices)] = [x for x, o in enumerate(owners) if o >= 0]
            return got
        return occupied
    whose = _owner_equals(first, var)
    if whose is not None:
        return _owned_by(compile_node(whose), set_node == ["vertices"])
    kind = "edge" if set_node == ["edges"] else "vertex"
    carriers = _marker_carriers(first, var, kind, rules, bound) or _mark_carriers(first, var, kind, bound)
    if carriers is not None:
        return carriers
    nodes = candidate_nodes(first, var)
    if nodes is None:
        return None
    fns = [(compile_node(n), is_set) for n, is_set in nodes]
    size = len(rules.vertex_hexes_static if kind == "vertex" else rules.edge_hexes)

    def candidates(s, env):
        got: set = set()
        for fn, is_set in fns:
            if is_set:
                got.update(fn(s, env))
            else:
                got.add(fn(s, env))
        return sorted(x for x in got if type(x) is int and 0 <= x < size)
    return candidates


def _owner_equals(first: Any, var: str) -> Any:
    """``owner(VAR) == E`` (either way round, E not reading VAR) → E; else None."""
    if not (isinstance(first, list) and len(first) == 3 and first[0] == "=="):
        return None
    mine = ["owner", ["var", var]]
    other = first[2] if first[1] == mine else first[1] if first[2] == mine else None
    return None if other is None or mentions(other, var) else other


def _owned_by(whose: Fn, vertices: bool) -> Fn:
    """The places (vertices or edges) whose owner is ``whose``'s value, in id order: a player's
    buildings or roads ("the buildings of q on a harbor"), or the free ones for -1; kept while
    no piece moves."""
    def owned(s, env):
        who = whose(s, env)
        memo = s.rules_state.piece_memo(s.piece_moves)
        key = ("owned", vertices, who)
        got = memo.get(key)
        if got is None:
            owners = s.v_owner if vertices else s.e_owner
            got = memo[key] = [x for x, o in enumerate(owners) if o == who]
        return got
    return owned


def _numbered_part(node: Any, var: str, bound: Collection[str]) -> tuple[str, Any, Any] | None:
    """A conjunct naming the number a vertex VAR must lie on: ``feature_number(VAR, F, X)``
    → ("feature", F, X), or ``any(H in hexes_of(VAR) where ... has_number(H, X) ...)`` →
    ("hex", None, X), with X reading neither; else None."""
    if not isinstance(node, list) or len(node) != 4:
        return None
    if node[0] == "feature_number" and node[1] == ["var", var] and isinstance(node[2], str) \
            and node[2] not in bound and not mentions(node[3], var):
        return "feature", node[2], node[3]
    if node[0] == "any" and node[2] == ["hexes_of", ["var", var]] and node[3] is not None:
        h = node[1]
        for part in conjuncts(node[3]):
            if isinstance(part, list) and len(part) == 3 and part[0] == "has_number" \
                    and part[1] == ["var", h] and not mentions(part[2], h) \
                    and not mentions(part[2], var):
                return "hex", None, part[2]
    return None


def _numbered(parts: list, var: str, occupied_only: bool, bound: Collection[str],
              compile_node: Callable[[Any], Fn], sieve: Any = None) -> Fn | None:
    """Every vertex, with a conjunct of COND tying it to a number (_numbered_part) → the
    vertices on that number, from the board's own tables ("the spots of the sea feature
    rolled"), in id order; only the occupied ones when COND starts with ``owner(VAR) in
    players``. None when no conjunct does. A layout ``sieve`` (layout_sieve) is applied to the
    table itself, once per number and values it reads, so a number whose spots the layout
    rules out ("a hex of terrain T with n") costs one look-up."""
    found = next(((i, got) for i, got in enumerate(_numbered_part(p, var, bound) for p in parts)
                  if got), None)
    if found is None:
        return None
    at, (what, name, number) = found
    value = compile_node(number)
    per_board = PerBoard()
    names = sieve.names if sieve is not None else ()

    def on_number(s, env):
        # Asked by each loop on the rolled number: the last board's memo, without a call.
        memo = per_board.memo if s.board is per_board.board else per_board.of(s.board)
        n = value(s, env)
        key = (n, *[env.get(x) for x in names]) if names else n
        got = memo.get(key)
        if got is None:
            if len(memo) >= LIMIT:
                memo.clear()
            b = s.board
            if what == "feature":
                got = dict(b.feature_number_vertices).get((name, n), ())
            else:       # a number that no hex carries (or no number at all) has no vertices
                hexes = b.number_hexes[n] if type(n) is int and 0 <= n < len(b.number_hexes) else ()
                got = {v for h in hexes for v in b.hex_vertices[h]}
            got = tuple(sorted(got))
            if sieve is not None:       # layout verdicts: the same whoever occupies the spots
                got = tuple(sieve(s, env, got))
            memo[key] = got
        if not got:
            return got
        if occupied_only:           # owner(v) >= 0, tested in C (no comprehension's frame)
            return [*compress(got, map(_ZERO.__le__, map(s.v_owner.__getitem__, got)))]
        return got
    # The feature's spots on the number are its table's: each meets ``feature_number(VAR, F,
    # X)`` (the same table, name and number), so narrow's loop need not ask it again.
    on_number.implied = (at,) if what == "feature" and NUMBER_DECIDED else ()
    return on_number


_ZERO = 0


def _layout_part(node: Any, functions: Any) -> Any:
    """A condition that reads only the layout and holds wherever ``node`` does: ``node`` itself,
    or for ``any(H in S where L and R)`` with S and L layout-only, ``any(H in S where L)`` —
    "a hex of v of terrain T with number n" for "… and not robber_on(h)". None when there is
    none."""
    if board_only(node, functions, LAYOUT_FUNCTIONS):
        return node
    if isinstance(node, list) and len(node) == 4 and node[0] == "any" \
            and board_only(node[2], functions, LAYOUT_FUNCTIONS):
        kept = [c for c in conjuncts(node[3]) if board_only(c, functions, LAYOUT_FUNCTIONS)] \
            if node[3] is not None else []
        if kept:
            return ["any", node[1], node[2], reduce(lambda a, b: ["and", a, b], kept)]
    return None


def layout_sieve(var: str, parts: list, types: dict[str, str], functions: Any,
                 compile_inner: Callable[[Any], Fn], set_node: Any = None) -> Any:
    """COND's conjuncts that read VAR and only the board's layout, wherever they stand
    ("owner(v) in players and feature_number(v, F, n)"), or that imply such a condition
    (_layout_part) → ``sieve(s, env, items, full=None)``: the items that can still meet COND,
    in their order. Each item's verdict is kept per board and values of the outer variables
    read, so the layout is asked once per candidate (not once per loop, nor of places never
    looked at); a listed set whose items all have one is sieved without a step per item, by
    ``compress`` over their verdicts (KNOWN_SETS). An item whose verdict raises is kept, for
    COND to decide as written; given ``full`` (COND itself), the sieve decides such an item with
    it there and then, so every item it keeps meets the conjuncts listed in ``sieve.exact``
    (their positions in ``parts``) and the loop need not ask them again. When ``set_node``
    reads only the layout where it stands (``paths_within(e, n)`` whatever n reads), its sets
    are the board's own tuples and what the sieve keeps of each is kept too. None when there is
    no such conjunct."""
    picked = [(i, p, _layout_part(p, functions)) for i, p in enumerate(parts) if mentions(p, var)]
    layout = [n for _, _, n in picked if n]
    if not layout:
        return None
    outer = {n for p in layout for n in reads(p, types) if n != var}
    if any(types[n] not in PLAIN_TYPES for n in outer):
        return None
    names = tuple(sorted(outer))
    tests = [compile_inner(p) for p in layout]
    per_board = PerBoard()
    # A layout function's set is the same tuple each time for the same arguments: keyed by its
    # id, with the tuple kept alongside so the id stays its own. Sets made afresh on every call
    # (units, pieces) would only fill the memo.
    stable = isinstance(set_node, list) and bool(set_node) and set_node[0] in LAYOUT_FUNCTIONS
    key_of = env_key(names)
    known_sets = KNOWN_SETS

    def sieve(s, env, items, full=None):
        memo = per_board.of(s.board)
        key = key_of(env)
        listed = type(items)
        if stable and listed is tuple:
            sieved = memo.get((key, id(items)))
            if sieved is not None and sieved[0] is items:
                return sieved[1]
        entry = memo.get(key)
        if entry is None:
            if len(memo) >= LIMIT:
                memo.clear()
            entry = memo[key] = ({}, set())
        verdicts, raised = entry            # True or False per item; those that raised
        kept = None
        if known_sets and (listed is tuple or listed is list):     # read twice: no iterator
            oks = list(map(verdicts.get, items))
            if None not in oks:             # every item decided, none raised: what the loop
                kept = list(compress(items, oks))       # below would keep, in one pass
        if kept is None:
            kept, probe, doubt = [], None, False
            for x in items:
                ok = verdicts.get(x)
                if ok is None:
                    if x in raised:
                        ok = RAISED
                    else:
                        if probe is None:
                            probe = dict(env)
                        probe[var] = x
                        try:
                            ok = verdicts[x] = all(t(s, probe) for t in tests)
                        except Exception:               # noqa: BLE001 — see the docstring
                            ok = RAISED
                            raised.add(x)
                if ok is RAISED:
                    doubt = True
                    if full is not None:
                        if probe is None:
                            probe = dict(env)
                        probe[var] = x
                        ok = full(s, probe)         # false, or it raises as the loop would have
                if ok:
                    kept.append(x)
            if doubt:
                return kept
        if stable and listed is tuple:
            kept = tuple(kept)
            if len(memo) >= LIMIT:
                memo.clear()
            memo[(key, id(items))] = (items, kept)
        return kept
    sieve.names = names             # what its verdicts depend on besides the board (_numbered)
    sieve.exact = tuple(i for i, p, n in picked if n is p)      # decided exactly, not implied
    return sieve


def narrow(set_node: Any, var: str, cond_node: Any, set_fn: Fn, rules: Any,
           bound: Collection[str], compile_node: Callable[[Any], Fn],
           sieve: Any = None, full: Fn | None = None) -> Fn:
    """The set to loop over for ``VAR in SET where COND``. COND's leading conjuncts that do not
    read VAR are a guard: when one is false nothing qualifies, so the set is not even listed.
    When SET is every vertex or edge and the first conjunct reading VAR is
    ``owner(VAR) in players``, only occupied places can qualify; ``owner(VAR) == E``: only E's
    places; ``VAR == E`` or ``VAR in S``
    (or an ``or`` of such): only E and the members of S; ``markers(VAR, NAME) > 0`` or
    ``marked(VAR, NAME)``: only the places carrying one; every hex with ``robber_on(VAR)``:
    the robber's; every vertex with a conjunct tying it to a number (``feature_number(VAR, F,
    n)``, a hex of VAR with ``has_number(H, n)``): the vertices on n. The loop then skips the rest without
    evaluating COND on it. COND is still evaluated on every candidate and they come in id order,
    so what qualifies, and its order, is unchanged. ``bound`` are the names that are variables
    here (others are constants); ``compile_node`` compiles a candidate expression. ``sieve``
    (layout_sieve) drops the candidates COND's layout conjuncts rule out; given ``full`` (COND
    compiled), it decides its doubtful items too, and the loop's ``decided`` attribute then
    lists the positions of the conjuncts every candidate is known to meet (a feature's spots on
    the number meet its ``feature_number`` conjunct too)."""
    parts = conjuncts(cond_node) if cond_node is not None else []
    guards = []
    for part in parts:
        if mentions(part, var):
            break
        guards.append(part)
    first = parts[len(guards)] if len(guards) < len(parts) else None
    looped = _board_narrowed(set_node, var, first, rules, bound, compile_node)
    owned = first == ["in", ["owner", ["var", var]], ["players"]]
    if set_node == ["vertices"] and (looped is None or owned):
        numbered = _numbered(parts, var, owned, bound, compile_node, sieve)
        if numbered is not None:
            looped, sieve = numbered, None          # the sieve is applied to its table
    # A narrowed set that is exactly the elements meeting the first conjunct reading VAR.
    decided = (len(guards),) if getattr(looped, "exact", False) else ()
    decided += getattr(looped, "implied", ())
    looped = looped or set_fn
    if sieve is not None:
        unsieved = looped
        decided = tuple(sorted({*decided, *(sieve.exact if full is not None else ())}))

        def looped(s, env):
            return sieve(s, env, unsieved(s, env), full)
    tests = [compile_node(g) for g in guards if g is not True]     # "where true" guards nothing
    if tests:
        inner = looped
        def looped(s, env):
            # A plain loop, not all(generator): a generator costs ~15 calls' time here.
            for t in tests:
                if not t(s, env):
                    return ()
            return inner(s, env)
    if decided:
        looped.decided = decided        # our own closure here, never the set's (it may be shared)
    return looped

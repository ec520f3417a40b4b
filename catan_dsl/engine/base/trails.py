"""Paths as pairs of nodes → the longest trail over them, measured afresh or, when a pendant
path moved, from the measure of the network it left (`Shape`)."""

from __future__ import annotations

# A contracted core with its nodes' tree depths → the longest trail over it (_core_walk): pure,
# so shared by every board and player.
_CORES: dict[tuple, int] = {}
CORES_LIMIT = 8192
# A Shape's core (its nodes and links, as a key) → a number of its own, never given twice, and
# (that number, the core nodes' tree depths) → the longest trail over the core: a moved pendant
# path changes only depths, so the core is not contracted and keyed again for each move.
_CORE_IDS: dict[tuple, int] = {}
_DEPTHS: dict[tuple, int] = {}
_next_core_id = [0]
# A core's number → its trail table (`_trail_table`): the longest trail over its links between
# every two of its nodes, which no tree depth changes, so the core's trail for any depths is a
# few sums over the nodes with trees, not a walk per new set of depths.
_TABLES: dict[int, tuple] = {}
# Off, a Shape's core is walked again for each new set of its nodes' tree depths (`_DEPTHS`:
# the reference for the trail tables; read on every measure).
KEEP_TABLES = True
TABLE_STEPS = 20000   # a core whose table takes more steps is walked per depths instead
# The cores met once (their numbers): a core's table is made the second time it is measured,
# the first time it is walked for its depths, as with KEEP_TABLES off. Most cores are met once
# (a ring of moved pieces formed and broken again), and walking every trail from every node for
# the table costs several walks from the few places a trail over it can start.
_MET: set[int] = set()
# Off, a core's table is made the first time it is measured (the reference for `_MET`; read on
# every measure of a core without a table).
TABLE_ON_SECOND = True
# Off, a core's trail table walks every node's row at once (the reference for rows walked when
# a node first has a tree; read when a table is made).
ROWS_WHEN_ASKED = True


def trail(edge_vertices, mine: list[int], weights: tuple[int, ...] | None,
           stops: set[int]) -> int:
    """The longest trail over the paths ``mine`` of a graph (``edge_vertices``), weighted (in
    ``mine``'s order), that passes no vertex of ``stops`` (it may start or end there)."""
    pairs = []
    for i, e in enumerate(mine):
        a, c = edge_vertices[e]
        pairs.append((-1 - 2 * i if a in stops else a, -2 - 2 * i if c in stops else c))
    return longest(pairs, weights)


def longest(pairs: list[tuple[int, int]], weights: tuple[int, ...] | None) -> int:
    """The longest trail over the paths ``pairs`` (each at most once), weighted.

    Ends are taken away again and again (`_peel`): what they take away are trees hanging off
    the rest, the core, and a trail that enters such a tree never comes back, so the trees
    count only by their longest path (found while peeling) and by their depth below the core
    node they hang off. A forest has no core; a network with a cycle has its core walked
    (`_core_walk`). Negative weights keep every trail walked from where one can start."""
    adj = links(pairs, weights)
    if weights is not None and min(weights) < 0:
        return walk_all(adj)
    best, core, deep, _ = _peel(adj)
    return _core_walk(_core_links(adj, core), deep, best) if core else best


def links(pairs: list[tuple[int, int]], weights) -> dict[int, list[tuple]]:
    """Node → its links ``(link id, other node, weight)`` (a link both ways, the same id)."""
    adj: dict[int, list[tuple]] = {}
    for i, (a, c) in enumerate(pairs):
        w = weights[i] if weights is not None else 1
        la = adj.get(a)
        if la is None:
            la = adj[a] = []
        lc = adj.get(c)
        if lc is None:
            lc = adj[c] = []
        la.append((i, c, w))
        lc.append((i, a, w))
    return adj


def _peel(adj: dict[int, list[tuple]]) -> tuple[int, list[int], tuple[dict, dict], dict]:
    """Take ends away again and again (weights not negative). → the longest path within the
    trees taken away, the core nodes left (none for a forest), per node the depths of its
    deepest tree and of its second deepest (two dicts), and per node taken away the node it
    hung off (the last node of a forest's tree hangs off none: absent)."""
    degree = {v: len(out) for v, out in adj.items()}     # 0 once taken away
    first, second = dict.fromkeys(adj, 0), dict.fromkeys(adj, 0)
    parent = {}
    best = 0
    todo = [v for v, d in degree.items() if d == 1]
    while todo:
        v = todo.pop()
        degree[v] = 0
        for _, u, w in adj[v]:
            du = degree[u]
            if du:                              # the one link left: v's tree hangs off u
                parent[v] = u
                reach = first[v] + w
                fu = first[u]
                if reach + fu > best:
                    best = reach + fu
                if reach > fu:
                    first[u], second[u] = reach, fu
                elif reach > second[u]:
                    second[u] = reach
                degree[u] = du - 1
                if du == 2:
                    todo.append(u)
                break
    return best, [v for v, d in degree.items() if d >= 2], (first, second), parent


def _core_links(adj: dict[int, list[tuple]], core: list[int]) -> dict[int, list[tuple]]:
    """The core's nodes → their links ``(bit, other node, weight)`` to other core nodes."""
    inside = set(core)
    return {v: [(1 << i, u, w) for i, u, w in adj[v] if u in inside] for v in core}


def _core_walk(cadj: dict[int, list[tuple]], deep: tuple[dict, dict], best: int) -> int:
    """The longest trail of a network with a core (``cadj``, `_core_links`, contracted here in
    place), ``best`` if none is longer: walked over the core's links from where one can start,
    starting down the deepest tree of its start node and ending down the deepest of its end
    node (another than the one it started down, when that is the start node)."""
    first, second = deep
    _contract(cadj, first)
    # The walk's answer is a function of the contracted core and its nodes' tree depths alone,
    # whatever the trees hanging off it: a piece moved or built at a route's open end, the
    # common change, mostly leaves those as they were.
    key = tuple([(v, first[v], second[v], tuple(sorted([(u, w) for _, u, w in out])))
                 for v, out in sorted(cadj.items())])
    got = _CORES.get(key)
    if got is None:
        if len(_CORES) >= CORES_LIMIT:
            _CORES.clear()
        got = _CORES[key] = _core_trail(cadj, first, second)
    return got if got > best else best


def _contract(cadj: dict[int, list[tuple]], first: dict) -> None:
    """Join the runs of a core's tree-less two-link nodes into single links, in place."""
    for v in list(cadj):
        out = cadj[v]
        if first[v] or len(out) != 2 or out[0][0] == out[1][0]:
            continue
        # A node of two links and no tree is no place to start or end (a trail there could go
        # on): the run a - v - c becomes one link a - c.
        (ba, a, wa), (bc, c, wc) = out
        del cadj[v]
        out_a, out_c = cadj[a], cadj[c]
        out_a[out_a.index((ba, v, wa))] = (ba, c, wa + wc)
        out_c[out_c.index((bc, v, wc))] = (ba, a, wa + wc)


def _core_trail(cadj: dict[int, list[tuple]], first: dict, second: dict) -> int:
    """The longest trail over a contracted core (node → links ``(bit, other node, weight)``),
    starting down the deepest tree of its start node and ending down the deepest of its end
    node (another than the one it started down, when that is the start node)."""
    best = 0

    def walk(v: int, length: int, used: int, start: int) -> int:
        got = length + (second[v] if v == start else first[v])
        for bit, u, w in cadj[v]:
            if not used & bit:
                further = walk(u, length + w, used | bit, start)
                if further > got:
                    got = further
        return got

    # Where a trail over the core can start: a node with a tree hanging off it counts as an end.
    for a in _trail_starts(cadj, {v for v in cadj if first[v]}):
        got = first[a] + walk(a, 0, 0, a)
        if got > best:
            best = got
    return best


def walk_all(links: dict[int, list[tuple]]) -> int:
    # Each link as one bit of an int (cheap "used" sets); a cut stop is an end of one link.
    adj: dict[int, list[tuple[int, int, int]]] = {}
    full = 0
    for v, out in links.items():
        adj[v] = [(1 << i, u, w) for i, u, w in out]
        full += sum(w for _, _, w in out)
    full //= 2
    ends = {v for v, out in links.items() if v < 0}

    def walk(v: int, length: int, used: int) -> int:
        if length and v in ends:
            return length
        best = length
        for bit, u, w in adj[v]:
            if not used & bit:
                got = walk(u, length + w, used | bit)
                if got > best:
                    best = got
        return best

    best = 0
    for v in _trail_starts(adj, ends):
        got = walk(v, 0, 0)
        if got > best:
            best = got
            if best == full:
                break
    return best


def _trail_starts(adj: dict, stops: set[int]) -> list[int]:
    """Where a longest trail can be taken to start, in id order. One starting at a vertex that
    is no stop and has an unused edge grows by that edge, so a longest trail uses every edge at
    its start; at a vertex of even degree it then ends there too, a closed trail, and starts as
    well at any vertex it passes. So the vertices of odd degree and the stops suffice, with one
    vertex of each part of the network that has neither (a closed trail over all of it)."""
    starts = {v for v, out in adj.items() if len(out) % 2 or v in stops}
    seen: set[int] = set()
    for v in sorted(adj):
        if v in seen:
            continue
        part, todo, covered = {v}, [v], False
        while todo:
            x = todo.pop()
            covered = covered or x in starts
            for _, u, _ in adj[x]:
                if u not in part:
                    part.add(u)
                    todo.append(u)
        seen |= part
        if not covered:
            starts.add(v)
    return sorted(starts)


class Shape:
    """An unweighted network's longest trail with what it was found from, so that a pendant
    path taken off (its end met no other path) or put on (one end new to the network) needs
    only its own tree re-measured (`moved`): the core (the nodes left once ends are peeled
    away again and again) is the same with or without a pendant path, and each node's two
    deepest trees change only along the way from the changed node to the core (or to the
    root its tree hangs from). Never changed once made: a moved network is a new Shape."""

    __slots__ = ("adj", "parent", "first", "second", "through", "core", "core_id", "core_val",
                 "value")

    def __init__(self, adj, parent, first, second, through, core, core_id, core_val):
        self.adj = adj              # node → its neighbours (a tuple)
        self.parent = parent        # tree node → the node it hangs off (toward the core)
        self.first = first          # node → depth of its deepest tree
        self.second = second        # node → depth of its second deepest
        self.through = through      # node → the longest path through it within the trees
        self.core = core            # the core's links (`_core_links`), or None: a forest
        self.core_id = core_id      # the core's number in _CORE_IDS
        self.core_val = core_val    # the longest trail over the core, its trees as deep as they are
        self.value = max(max(through.values(), default=0), core_val)


def shape(pairs: list[tuple[int, int]]) -> Shape:
    """The Shape of the network of the paths ``pairs`` (unweighted), measured afresh."""
    adj = links(pairs, None)
    _, core, (first, second), parent = _peel(adj)
    through = {v: first[v] + second[v] for v in adj}
    cadj = core_id = None
    core_val = 0
    if core:
        links_of = _core_links(adj, core)
        cadj = {v: links_of[v] for v in sorted(links_of)}   # one order for every Shape of a core
        ckey = tuple([(v, tuple(sorted([(u, w) for _, u, w in out]))) for v, out in cadj.items()])
        core_id = _CORE_IDS.get(ckey)
        if core_id is None:
            if len(_CORE_IDS) >= CORES_LIMIT:
                _CORE_IDS.clear()
            core_id = _CORE_IDS[ckey] = _next_core_id[0]
            _next_core_id[0] += 1
        core_val = _core_value(cadj, core_id, first, second)
    return Shape({v: tuple([u for _, u, _ in out]) for v, out in adj.items()}, parent, first,
                 second, through, cadj, core_id, core_val)


def _core_value(cadj: dict[int, list[tuple]], core_id: int, first: dict, second: dict) -> int:
    """The longest trail over the core ``cadj`` (number ``core_id``), its nodes' trees as deep
    as ``first`` and ``second`` say."""
    table = _TABLES.get(core_id) if KEEP_TABLES else False
    if table is None and TABLE_ON_SECOND and core_id not in _MET:
        if len(_MET) >= CORES_LIMIT:
            _MET.clear()
        _MET.add(core_id)
        table = False                   # (walked for these depths below)
    if table is None:
        if len(_TABLES) >= CORES_LIMIT:
            _TABLES.clear()
        table = _TABLES[core_id] = _trail_table(cadj) or False     # (False: too long to make)
    if table:
        # A trail over the core from a to b, down a's deepest tree first and b's at the end (b's
        # second deepest when b is a): a's and b's trees are apart, so each such sum is a trail,
        # and a node without trees adds nothing (the longest from it, or overall, covers it).
        best, rows, _ = table
        trees = [v for v in cadj if first[v]]
        try:
            for a in trees:
                got = rows.get(a)
                longest_from, row = got if got is not None else _row(cadj, table, a)
                got = longest_from
                for b in trees:
                    n = row.get(b)
                    if n is not None:
                        n += second[a] if b == a else first[b]
                        if n > got:
                            got = n
                got += first[a]
                if got > best:
                    best = got
            return best
        except _TooLong:
            table = _TABLES[core_id] = False    # (its rows took too many steps: walked below)
    key = (core_id, tuple([(first[v], second[v]) for v in cadj]))
    got = _DEPTHS.get(key)
    if got is None:
        if len(_DEPTHS) >= CORES_LIMIT:
            _DEPTHS.clear()
        # (its number and depths are the key: the contracted core's own key is not needed)
        contracted = {v: list(out) for v, out in cadj.items()}
        _contract(contracted, first)
        got = _DEPTHS[key] = _core_trail(contracted, first, second)
    return got


def _trail_table(cadj: dict[int, list[tuple]]) -> list | None:
    """For the core ``cadj`` (node → links ``(bit, other node, weight)``): [the longest trail
    over its links, its rows (node → (the longest trail from it, {each node it reaches: the
    longest trail from it there (itself: 0 or a closed trail)}), steps left] — or None when the
    walks take more than TABLE_STEPS steps (a core of many rings). Rows are walked for the
    places a longest trail can start (`_trail_starts`: the longest trail over the core is the
    longest from one of them), and for another node only once a tree hangs off it (`_row`):
    most of a ring's nodes never have one, and a row walks every trail from its node."""
    table = [0, {}, [TABLE_STEPS]]
    starts = _trail_starts(cadj, set()) if ROWS_WHEN_ASKED else cadj
    try:
        table[0] = max([_row(cadj, table, a)[0] for a in starts], default=0)
    except _TooLong:
        return None
    return table


def _row(cadj: dict[int, list[tuple]], table: list, a: int) -> tuple[int, dict[int, int]]:
    """Node ``a``'s row of the core's trail ``table`` (`_trail_table`), walked and kept there;
    _TooLong when the table's steps run out."""
    row: dict[int, int] = {}
    steps = table[2]

    def walk(v: int, length: int, used: int) -> None:
        if length > row.get(v, -1):
            row[v] = length
        steps[0] -= 1
        if steps[0] < 0:
            raise _TooLong
        for bit, u, w in cadj[v]:
            if not used & bit:
                walk(u, length + w, used | bit)

    walk(a, 0, 0)
    got = table[1][a] = (max(row.values()), row)
    return got


class _TooLong(Exception):
    """A core's trail table would take too many steps to make."""


def moved(old: Shape, gone: tuple[int, int] | None, new: tuple[int, int]) -> Shape | None:
    """``old``'s network with the path ``gone`` taken off (when not None) and ``new`` put on;
    None unless ``gone`` was pendant there and ``new`` has an end the network (less ``gone``)
    did not reach."""
    adj, parent = old.adj.copy(), old.parent.copy()
    first, second, through = old.first.copy(), old.second.copy(), old.through.copy()
    core = old.core
    inside = () if core is None else core      # the core's nodes: no tree of theirs
    fix = []
    if gone is not None:
        a, x = gone
        if len(adj[x]) != 1:
            a, x = x, a
            if len(adj[x]) != 1:
                return None
        # x: the end of nothing else; a: where it hung
        for v in (x, a) if len(adj[a]) == 1 else (x,):
            del adj[v], first[v], second[v], through[v]
            parent.pop(v, None)
        if a in adj:
            adj[a] = tuple([u for u in adj[a] if u != x])
            if parent.get(a) == x:
                del parent[a]           # x was the root a forest's tree hung from: now a is
            else:
                fix.append(a)
    b, y = new
    if b not in adj:
        b, y = y, b
    if y in adj:
        return None                     # both ends in the network: no pendant path
    adj[y], first[y], second[y], through[y] = (b,), 0, 0, 0
    if b in adj:
        adj[b] += (y,)
        parent[y] = b
        fix.append(b)
    else:                               # a network of its own: b its root
        adj[b], first[b], second[b], through[b] = (y,), 1, 0, 1
        parent[y] = b
    core_moved = False
    for v in fix:
        while v in adj:
            up = parent.get(v)
            f = s2 = 0
            for u in adj[v]:
                if u != up and u not in inside:
                    reach = first[u] + 1
                    if reach > f:
                        f, s2 = reach, f
                    elif reach > s2:
                        s2 = reach
            if f == first[v] and s2 == second[v]:
                break
            first[v], second[v], through[v] = f, s2, f + s2
            if up is None:
                core_moved = core_moved or core is not None and v in core
                break
            v = up
    core_val = old.core_val
    if core_moved:
        core_val = _core_value(core, old.core_id, first, second)
    return Shape(adj, parent, first, second, through, core, old.core_id, core_val)

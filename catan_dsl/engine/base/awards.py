"""Board + plays → special-card measures (longest route, cards played), award policy, VP breakdown."""

from __future__ import annotations

from catan_dsl.engine.events import SpecialCardAwarded, SpecialCardSetAside


# id(board) → (board, {(paths as pairs of nodes, weights): longest trail}): the trail is a pure
# function of these, and bots ask again for every road they weigh.
_TRAILS: dict[int, tuple] = {}
_TRAILS_LIMIT = 8192
# A contracted core with its nodes' tree depths → the longest trail over it (_core_walk): pure,
# so shared by every board and player.
_CORES: dict[tuple, int] = {}
MEMO_FROM = 6         # fewer edges: walking them costs less than the memo's key


def longest_route(s, p: int, kinds: tuple[int, ...]) -> int:
    """Longest trail over ``p``'s edges of ``kinds``; an opponent's building ends it (BASE-69).
    Pieces of different networks (a road and a piece on the water) join only at ``p``'s own buildings, and
    a piece of ``network none`` only there too."""
    e_kind, e_owner = s.e_kind, s.e_owner
    mine = [e for e in s.route_edges[p] if e_owner[e] == p and e_kind[e] in kinds]
    if not mine:
        return 0
    mine.sort()
    rules = s.game.rules
    weights = tuple(rules.route_weight(s, e) for e in mine) \
        if rules is not None and rules.route_weighted else None
    pairs = _route_pairs(s, p, mine)
    if len(mine) < MEMO_FROM:
        return _longest(pairs, weights)
    board = s.board
    entry = _TRAILS.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_TRAILS) >= 8:
            _TRAILS.clear()
        entry = _TRAILS[id(board)] = (board, {})
    memo = entry[1]
    key = (tuple(pairs), weights)
    best = memo.get(key)
    if best is None:
        if len(memo) >= _TRAILS_LIMIT:
            memo.clear()
        best = memo[key] = _longest(pairs, weights)
    return best


def _route_pairs(s, p: int, mine: list[int]) -> list[tuple[int, int]]:
    """``p``'s route pieces (``mine``, in id order) as pairs of nodes of the graph a trail
    walks. An opponent's building is cut into one end per path touching it (a node of its
    own, negative: a trail may start or end there, never pass). With several networks an
    intersection is one node at ``p``'s own building and one node per network elsewhere (per
    piece for a piece that joins nothing), so pieces meet only as their networks allow and
    the walk needs no rule of its own."""
    g, b = s.game, s.board
    v_owner, edge_vertices = s.v_owner, b.edge_vertices
    out = []
    if g.n_nets == 1:
        for i, e in enumerate(mine):
            a, c = edge_vertices[e]
            o = v_owner[a]
            if o >= 0 and o != p:
                a = -1 - 2 * i
            o = v_owner[c]
            if o >= 0 and o != p:
                c = -2 - 2 * i
            out.append((a, c))
        return out
    n_v, e_kind = b.n_vertices, s.e_kind
    edge_net, net_joins, lone = g.edge_net, g.net_joins, 1 + g.n_nets
    for i, e in enumerate(mine):
        net = edge_net[e_kind[e]]
        # A node number per (intersection, network): v itself, or v + n_v * (1 + net), or for a
        # piece that joins nothing v + n_v * (1 + n_nets + e).
        shift = n_v * (1 + net if net_joins[net] else lone + e)
        a, c = edge_vertices[e]
        o = v_owner[a]
        if o != p:
            a = -1 - 2 * i if o >= 0 else a + shift
        o = v_owner[c]
        if o != p:
            c = -2 - 2 * i if o >= 0 else c + shift
        out.append((a, c))
    return out


def _trail(edge_vertices, mine: list[int], weights: tuple[int, ...] | None,
           stops: set[int]) -> int:
    """The longest trail over the paths ``mine`` of a graph (``edge_vertices``), weighted (in
    ``mine``'s order), that passes no vertex of ``stops`` (it may start or end there)."""
    pairs = []
    for i, e in enumerate(mine):
        a, c = edge_vertices[e]
        pairs.append((-1 - 2 * i if a in stops else a, -2 - 2 * i if c in stops else c))
    return _longest(pairs, weights)


def _longest(pairs: list[tuple[int, int]], weights: tuple[int, ...] | None) -> int:
    """The longest trail over the paths ``pairs`` (each at most once), weighted.

    Ends are taken away again and again (`_peel`): what they take away are trees hanging off
    the rest, the core, and a trail that enters such a tree never comes back, so the trees
    count only by their longest path (found while peeling) and by their depth below the core
    node they hang off. A forest has no core; a network with a cycle has its core walked
    (`_core_walk`). Negative weights keep every trail walked from where one can start."""
    adj = _links(pairs, weights)
    if weights is not None and min(weights) < 0:
        return _walk_all(adj)
    best, core, deep = _peel(adj)
    return _core_walk(adj, core, deep, best) if core else best


def _links(pairs: list[tuple[int, int]], weights) -> dict[int, list[tuple]]:
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


def _peel(adj: dict[int, list[tuple]]) -> tuple[int, list[int], tuple[dict, dict]]:
    """Take ends away again and again (weights not negative). → the longest path within the
    trees taken away, the core nodes left (none for a forest), and per node the depths of its
    deepest tree and of its second deepest (two dicts)."""
    degree = {v: len(out) for v, out in adj.items()}     # 0 once taken away
    first, second = dict.fromkeys(adj, 0), dict.fromkeys(adj, 0)
    best = 0
    todo = [v for v, d in degree.items() if d == 1]
    while todo:
        v = todo.pop()
        degree[v] = 0
        for _, u, w in adj[v]:
            du = degree[u]
            if du:                              # the one link left: v's tree hangs off u
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
    return best, [v for v, d in degree.items() if d >= 2], (first, second)


def _core_walk(adj: dict[int, list[tuple]], core: list[int], deep: tuple[dict, dict],
               best: int) -> int:
    """The longest trail of a network with a core: walked over the core's links from where one
    can start, starting down the deepest tree of its start node and ending down the deepest
    of its end node (another than the one it started down, when that is the start node)."""
    inside = set(core)
    cadj = {v: [(1 << i, u, w) for i, u, w in adj[v] if u in inside] for v in core}
    first, second = deep
    for v in core:
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

    # The walk's answer is a function of the contracted core and its nodes' tree depths alone,
    # whatever the trees hanging off it: a piece moved or built at a route's open end, the
    # common change, mostly leaves those as they were.
    key = tuple((v, first[v], second[v], tuple(sorted([(u, w) for _, u, w in out])))
                for v, out in sorted(cadj.items()))
    got = _CORES.get(key)
    if got is None:
        if len(_CORES) >= _TRAILS_LIMIT:
            _CORES.clear()
        got = _CORES[key] = _core_trail(cadj, first, second)
    return got if got > best else best


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


def _walk_all(links: dict[int, list[tuple]]) -> int:
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


def pivoted(s, p: int, x: int, y: int) -> bool:
    """``p``'s path piece went from ``x`` to ``y`` (moved already) turning about an end the two
    paths share, where it stays joined as it was (his building, or a free intersection, his
    piece's network joining there), its other end meeting none of his route pieces before and
    after: his route graph is the one it was, the leaf renamed, so no route length changes.
    (Unweighted routes only: a weight may differ between the two paths.)"""
    g, b = s.game, s.board
    if g.rules is not None and g.rules.route_weighted:
        return False
    ex, ey = b.edge_vertices[x], b.edge_vertices[y]
    shared = set(ex) & set(ey)
    if len(shared) != 1:
        return False
    a = shared.pop()
    o = s.v_owner[a]
    if o >= 0 and o != p or o < 0 and not g.net_joins[g.edge_net[s.e_kind[y]]]:
        return False
    e_owner, e_kind, route, vertex_edges = s.e_owner, s.e_kind, g.piece_route, b.vertex_edges
    for end, piece in ((ex[0] if ex[1] == a else ex[1], x), (ey[0] if ey[1] == a else ey[1], y)):
        for e in vertex_edges[end]:
            if e != piece and e != x and e_owner[e] == p and route[e_kind[e]]:
                return False
    return True


def route_changed(s, players: tuple[int, ...]) -> None:
    g = s.game
    for si, sp in enumerate(g.specials):
        if sp.measure != "longest_route":
            continue
        m = s.measure[si]
        changed = False
        for p in players:
            value = longest_route(s, p, sp.route_kinds)
            if value != m[p]:
                m[p] = value
                changed = True
        if changed:
            update_award(s, si)


def card_played(s, p: int, c: int) -> None:
    g = s.game
    for si, counts in enumerate(g.card_counts_for):
        if counts[c]:
            s.measure[si][p] += 1
            update_award(s, si)


def update_award(s, si: int) -> None:
    """First to reach ``min`` takes the card; only a strictly higher measure takes it away.
    When the holder drops, he keeps it while (co-)highest, else a sole highest player with at
    least ``min`` takes it, else it is set aside."""
    sp = s.game.specials[si]
    m = s.measure[si]
    holder = s.holders[si]
    best = max(m)
    if holder >= 0 and m[holder] >= sp.min and m[holder] == best:
        return
    leaders = [p for p, v in enumerate(m) if v == best]
    if best >= sp.min and len(leaders) == 1:
        new = leaders[0]
        if new != holder:
            s.holders[si] = new
            s.emit(SpecialCardAwarded(sp.name, new, holder if holder >= 0 else None))
    elif holder >= 0:
        s.holders[si] = -1
        s.emit(SpecialCardSetAside(sp.name, holder))


def vp_breakdown(s, p: int) -> dict[str, int]:
    g = s.game
    out: dict[str, int] = {}
    for v in s.buildings[p]:
        k = s.v_kind[v]
        if g.piece_vp[k]:
            name = g.piece_names[k]
            out[name] = out.get(name, 0) + g.piece_vp[k]
    for si, h in enumerate(s.holders):
        if h == p and g.specials[si].vp:
            out[g.specials[si].name] = g.specials[si].vp
    for c, card in enumerate(g.cards):
        if card.effect == "vp" and s.dev_hand[p][c]:
            out[card.name] = out.get(card.name, 0) + card.vp * s.dev_hand[p][c]
    rules = g.rules
    if rules is not None:
        for si, holders in enumerate(s.rules_state.multi):
            if p in holders:
                out[g.specials[si].name] = g.specials[si].vp
        extra = rules.extra_vp(s, p) - sum(g.specials[si].vp for si, h in enumerate(s.rules_state.multi)
                                          if p in h)
        for label, v in rules.player_vp_sources(s, p).items():   # each named by its modifier
            out[label] = out.get(label, 0) + v
            extra -= v
        if extra:
            out["modifiers"] = extra
    return out

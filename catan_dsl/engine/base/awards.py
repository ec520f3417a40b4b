"""Board + plays → special-card measures (longest route, cards played), award policy, VP breakdown."""

from __future__ import annotations

from catan_dsl.engine.events import SpecialCardAwarded, SpecialCardSetAside


# id(board) → (board, {(edges with weights, stopping vertices): longest trail}): the trail is a
# pure function of the board's graph and these, and bots ask again for every road they weigh.
_TRAILS: dict[int, tuple] = {}
_TRAILS_LIMIT = 8192
MEMO_FROM = 6         # fewer edges: walking them costs less than the memo's key


def longest_route(s, p: int, kinds: tuple[int, ...]) -> int:
    """Longest trail over ``p``'s edges of ``kinds``; an opponent's building ends it (BASE-69).
    Pieces of different networks (a road and a piece on the water) join only at ``p``'s own buildings, and
    a piece of ``network none`` only there too."""
    e_kind, e_owner = s.e_kind, s.e_owner
    mine = [e for e in s.route_edges[p] if e_kind[e] in kinds and e_owner[e] == p]
    if not mine:
        return 0
    edge_vertices, v_owner = s.board.edge_vertices, s.v_owner
    g = s.game
    if g.n_nets > 1:
        edge_vertices = _network_ends(s, p, mine)
    rules = g.rules
    weighted = rules is not None and rules.route_weighted
    weights = tuple(rules.route_weight(s, e) for e in mine) if weighted else None
    if g.n_nets == 1:
        stops = {v for e in mine for v in edge_vertices[e] if v_owner[v] >= 0 and v_owner[v] != p}
    else:                       # a node stands for its intersection, v % n_vertices
        n_v = s.board.n_vertices
        stops = {v for e in mine for v in edge_vertices[e]
                 if v_owner[v % n_v] >= 0 and v_owner[v % n_v] != p}
    if len(mine) < MEMO_FROM:
        return _trail(edge_vertices, mine, weights, stops)
    order = sorted(range(len(mine)), key=mine.__getitem__)
    mine = [mine[i] for i in order]
    if weights is not None:
        weights = tuple(weights[i] for i in order)
    board = s.board
    entry = _TRAILS.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_TRAILS) >= 8:
            _TRAILS.clear()
        entry = _TRAILS[id(board)] = (board, {})
    memo = entry[1]
    key = (tuple(mine), weights, tuple(sorted(stops)))
    if g.n_nets > 1:            # where the networks meet depends on the buildings too
        key += (tuple(edge_vertices[e] for e in mine),)
    best = memo.get(key)
    if best is None:
        if len(memo) >= _TRAILS_LIMIT:
            memo.clear()
        best = memo[key] = _trail(edge_vertices, mine, weights, stops)
    return best


def _network_ends(s, p: int, mine: list[int]) -> dict[int, tuple[int, int]]:
    """The ends of ``p``'s route pieces as nodes of a graph where pieces meet only as their
    networks allow: an intersection is one node at ``p``'s own building and one node per
    network elsewhere (per piece for a piece that joins nothing), so the trail walk below
    needs no rule of its own. An opponent's building stays a stop at each of its nodes."""
    g, b = s.game, s.board
    n_v, v_owner, e_kind, edge_vertices = b.n_vertices, s.v_owner, s.e_kind, b.edge_vertices
    edge_net, net_joins, lone = g.edge_net, g.net_joins, 1 + g.n_nets
    out = {}
    for e in mine:
        net = edge_net[e_kind[e]]
        # A node number per (intersection, network): v itself, or v + n_v * (1 + net), or for a
        # piece that joins nothing v + n_v * (1 + n_nets + e).
        shift = n_v * (1 + net if net_joins[net] else lone + e)
        a, c = edge_vertices[e]
        out[e] = (a if v_owner[a] == p else a + shift, c if v_owner[c] == p else c + shift)
    return out


def _trail(edge_vertices, mine: list[int], weights: tuple[int, ...] | None,
           stops: set[int]) -> int:
    """The longest trail over ``mine`` (each edge at most once), weighted, ending at a stop.

    A stop is cut into one end per path touching it (a trail may start or end there, never
    pass), and a run of paths through intersections of two paths is one weighted link (a
    longest trail never needs to start or end inside such a run: it could go on along it).
    What is left is usually a forest, whose longest trail is a longest path: two sweeps per
    tree. A network with a cycle has its trees cut off and only its core walked (`_core_longest`).
    Negative weights keep the single paths, every trail walked from where one can start."""
    if weights is not None and min(weights) < 0:
        return _walk_all(_links(edge_vertices, mine, weights, stops, False))
    links = _links(edge_vertices, mine, weights, stops, True)
    got = _forest_longest(links)
    return _core_longest(links) if got is None else got


def _links(edge_vertices, mine: list[int], weights, stops: set[int],
           merge: bool) -> dict[int, list[list[int]]]:
    """Node → its links ``[link id, other node, weight]`` (a link both ways, the same id),
    stops cut per path (negative node numbers); ``merge``: runs through nodes of two links are
    one link."""
    adj: dict[int, list[list[int]]] = {}
    for i, e in enumerate(mine):
        w = weights[i] if weights is not None else 1
        a, c = edge_vertices[e]
        if a in stops:
            a = -1 - 2 * i
        if c in stops:
            c = -2 - 2 * i
        la = adj.get(a)
        if la is None:
            la = adj[a] = []
        lc = adj.get(c)
        if lc is None:
            lc = adj[c] = []
        la.append([i, c, w])
        lc.append([i, a, w])
    if not merge:
        return adj
    for v in list(adj):
        out = adj[v]
        if len(out) != 2 or out[0][0] == out[1][0]:
            continue                # an end, a branch, or a loop: kept
        (i, a, wa), (j, c, wc) = out
        del adj[v]
        # One link a - c (i's id) in place of a - v - c: a's entry for i and c's for j.
        for x in adj[a]:
            if x[0] == i and x[1] == v:
                x[1], x[2] = c, wa + wc
                break
        for x in adj[c]:
            if x[0] == j and x[1] == v:
                x[0], x[1], x[2] = i, a, wa + wc
                break
    return adj


def _forest_longest(adj: dict[int, list[list[int]]]) -> int | None:
    """The longest path of a forest (weights not negative): from any node the farthest, then
    from that one the farthest; None when a part has a cycle."""
    seen: set[int] = set()
    best = 0
    for root in adj:
        if root in seen:
            continue
        seen.add(root)
        far, far_d = root, 0
        stack = [(root, -1, 0)]
        while stack:
            v, came, d = stack.pop()
            if d > far_d:
                far, far_d = v, d
            for i, u, w in adj[v]:
                if i != came:
                    if u in seen:
                        return None          # reached again: a cycle
                    seen.add(u)
                    stack.append((u, i, d + w))
        stack = [(far, -1, 0)]
        while stack:
            v, came, d = stack.pop()
            if d > best:
                best = d
            for i, u, w in adj[v]:
                if i != came:
                    stack.append((u, i, d + w))
    return best


def _core_longest(links: dict[int, list[list[int]]]) -> int:
    """The longest trail of a network with a cycle (weights not negative), walking only its
    core: what is left once ends are taken away again and again. The rest hangs off the core
    as trees, each at one core node, and a trail that enters such a tree never comes back, so
    a tree counts only as its depth below the node where the trail starts or ends (the deepest
    one to start, at the start node the deepest other one to end), or, for a trail that never
    leaves the trees, as the longest path of the trees alone (two sweeps)."""
    degree = {v: len(out) for v, out in links.items()}
    gone: set[int] = set()
    todo = [v for v, d in degree.items() if d == 1]
    while todo:
        v = todo.pop()
        gone.add(v)
        for _, u, _ in links[v]:
            if u not in gone:
                degree[u] -= 1
                if degree[u] == 1:
                    todo.append(u)
    core = {v for v, d in degree.items() if d >= 2 and v not in gone}
    trees = {v: [x for x in out if x[1] not in core or v not in core] for v, out in links.items()}
    best = _forest_longest(trees) or 0
    # The two deepest trees at each core node (depth, link id), depth along the links.
    deep: dict[int, tuple[int, int]] = {}
    for v in core:
        d1 = d2 = 0
        for i, u, w in trees[v]:
            d = w + _height(trees, u, i)
            if d > d1:
                d1, d2 = d, d1
            elif d > d2:
                d2 = d
        deep[v] = (d1, d2)
    adj = {v: [(1 << i, u, w) for i, u, w in links[v] if u in core] for v in core}

    def walk(v: int, length: int, used: int, start: int) -> int:
        got = length + deep[v][1 if v == start else 0]
        for bit, u, w in adj[v]:
            if not used & bit:
                further = walk(u, length + w, used | bit, start)
                if further > got:
                    got = further
        return got

    for a in sorted(core):
        got = deep[a][0] + walk(a, 0, 0, a)
        if got > best:
            best = got
    return best


def _height(trees: dict[int, list[list[int]]], root: int, came: int) -> int:
    """How far a trail goes from ``root`` into its tree, not back over link ``came``."""
    best, stack = 0, [(root, came, 0)]
    while stack:
        v, back, d = stack.pop()
        if d > best:
            best = d
        for i, u, w in trees[v]:
            if i != back:
                stack.append((u, i, d + w))
    return best


def _walk_all(links: dict[int, list[list[int]]]) -> int:
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

"""State + a path piece's kind → where it may go: its surface (land or water paths) and its
network (which of its owner's pieces it continues), as the spot caches and the rules read them.

A player's cached path spots (``State.edge_spots``) hold one code per network and free path:
``net * n_edges + e``. With one network (every game without a ``network`` word) the code is the
path's id, so those games keep their caches, transcripts and digests as they were.
"""

from __future__ import annotations

from itertools import compress


# id(board) → (board, {(a network's first code, water?): the codes of its paths of that
# surface}) (_surface_codes): the board is held so its id is not reused while kept.
_SURFACES: dict[int, tuple] = {}
# Off, a piece's destinations and a kind's build spots test every spot of its owner's for its
# network and surface (the reference for _surface_codes; read on every call).
KEEP_SURFACE_CODES = True
# Off, a piece moved to one of the destinations just listed is asked again whether it may go
# there, path by path (the reference for `kept_destinations`; read on every listing and move).
KEEP_DESTINATIONS = True
# Off, a moved path piece rechecks its owner's spots on every path beside its two paths and
# every player's spots at their ends (`recheck`, the reference for `piece_moved`; read on
# every move).
MOVED_ONLY = True


def code(s, net: int, e: int) -> int:
    """The spot code of path ``e`` for network ``net``."""
    return net * s.board.n_edges + e


def surface_ok(s, k: int, e: int) -> bool:
    """Path ``e`` is of the surface piece kind ``k`` stands on: water for a piece ``on
    sea_edge``, land for one ``on edge`` (a coast path is both). Boards without sea paths have
    only land paths, and every path takes every path piece."""
    b = s.board
    if not b.edge_water:
        return not s.game.piece_water[k]
    return (b.edge_water if s.game.piece_water[k] else b.edge_land)[e]


def continues(s, p: int, net: int, e: int, v: int, lifted: int = -1) -> bool:
    """Another piece of ``p``'s network ``net`` than the one on ``e`` (or ``lifted``, a piece
    being moved) ends at intersection ``v``."""
    if not s.game.net_joins[net]:
        return False
    e_owner, e_kind, edge_net = s.e_owner, s.e_kind, s.game.edge_net
    for e2 in s.board.vertex_edges[v]:
        if e2 != e and e2 != lifted and e_owner[e2] == p and edge_net[e_kind[e2]] == net:
            return True
    return False


def can_route(s, p: int, e: int, net: int = 0, lifted: int = -1) -> bool:
    """Free path ``e`` joins ``p``'s pieces of network ``net``: an end at an own building, or an
    end at a free intersection where such a piece ends (an opponent's building stops a
    network, BASE-31). ``lifted``: a path whose piece is being moved, counted as empty."""
    if s.e_owner[e] >= 0 and e != lifted:
        return False
    v_owner = s.v_owner
    for v in s.board.edge_vertices[e]:
        o = v_owner[v]
        if o == p:
            return True
        if o < 0 and continues(s, p, net, e, v, lifted):
            return True
    return False


def path_spots(s, p: int, k: int) -> list[int]:
    """The free paths, in id order, where ``p``'s network reaches for a piece of kind ``k``,
    on its surface (the builds the forbids then filter)."""
    g, b = s.game, s.board
    spots = s.edge_spots[p]
    edge_water = b.edge_water
    if edge_water and KEEP_SURFACE_CODES:
        # (one set intersection with the kept codes of the network's paths of the surface,
        # then back to path ids, no test per spot: asked for every listing that can build)
        lo = g.edge_net[k] * b.n_edges
        got = spots & _surface_codes(b, lo, edge_water if g.piece_water[k] else b.edge_land)
        return sorted(map(lo.__rsub__, got) if lo else got)
    if g.n_nets == 1:
        out = sorted(spots)
    else:
        n = b.n_edges
        lo = g.edge_net[k] * n
        out = sorted(c - lo for c in spots if lo <= c < lo + n)
    if edge_water:                  # surface_ok, written in place: asked of every spot
        surface = edge_water if g.piece_water[k] else b.edge_land
        return [e for e in out if surface[e]]
    return [] if g.piece_water[k] else out


def spot_edges(s, p: int) -> set[int]:
    """The free paths ``p``'s pieces reach, of any network."""
    spots = s.edge_spots[p]
    if s.game.n_nets == 1:
        return spots
    n = s.board.n_edges
    return {c % n for c in spots}


def all_codes(s, p: int) -> set[int]:
    """``p``'s path spots computed afresh (after a removal or a move; the invariants' check)."""
    b, g = s.board, s.game
    out = set()
    for net in range(g.n_nets):
        base = net * b.n_edges
        out.update(base + e for e in range(b.n_edges) if can_route(s, p, e, net))
    return out


def recheck(s, edges, vertices, mover: int = -1, moved: tuple[int, ...] = ()) -> None:
    """Bring every player's spot caches up to date at ``edges`` and ``vertices`` after pieces
    changed next to them (a changed hex: the intersections it opened or closed; a path piece
    moved, with `MOVED_ONLY` off: its old and new paths and those sharing their ends, and those
    ends). The caller has given the state its own spot sets (own_spots).
    ``mover``: only that player's path piece went from one path to another (``moved``), no
    building changed; another player's spots can then change only on those two paths (one
    left free, one taken), as his own pieces and every building stand where they stood."""
    g, b = s.game, s.board
    n, nets, e_owner = b.n_edges, range(g.n_nets), s.e_owner
    # (the networks reaching a free path, `can_route` for all of them at once as bits, worked
    # out in place: asked for every path round a moved piece, once per player)
    v_owner, e_kind, edge_net, net_joins = s.v_owner, s.e_kind, g.edge_net, g.net_joins
    edge_vertices, vertex_edges, every = b.edge_vertices, b.vertex_edges, (1 << g.n_nets) - 1
    for q in range(g.num_players):
        spots, vspots = s.edge_spots[q], s.vertex_spots[q]
        only_moved = mover >= 0 and q != mover
        for e in (moved if only_moved else edges):
            if e_owner[e] >= 0:             # taken: no one's spot, in any network
                for net in nets:
                    spots.discard(net * n + e)
                continue
            reached = 0
            for v in edge_vertices[e]:
                o = v_owner[v]
                if o == q:
                    reached = every         # an own building takes every network
                    break
                if o < 0:
                    for e2 in vertex_edges[v]:
                        if e2 != e and e_owner[e2] == q:
                            net = edge_net[e_kind[e2]]
                            if net_joins[net]:
                                reached |= 1 << net
            for net in nets:
                if reached >> net & 1:
                    spots.add(net * n + e)
                else:
                    spots.discard(net * n + e)
        if only_moved:
            continue
        for v in vertices:
            if settles(s, q, v):
                vspots.add(v)
            else:
                vspots.discard(v)


def piece_moved(s, p: int, k: int, x: int, y: int) -> None:
    """Bring the spot caches up to date after ``p``'s path piece of kind ``k`` went from path
    ``x`` to ``y`` (moved already; the state has its own spot sets): only what the move can
    change. ``y`` is no one's spot; ``x`` is asked afresh for every player; of the rest only
    ``p``'s spots of the piece's network can change (every building and every other piece
    stands where it stood), only beside a free end of ``x`` or ``y``: each path at ``y``'s is
    reached now, those at ``x``'s asked again by their other end when no other piece of the
    network ends there; of the intersections only ``p``'s at the four ends (none when the
    network joins nothing: such a piece takes no building)."""
    g, b = s.game, s.board
    e_owner, e_kind, v_owner = s.e_owner, s.e_kind, s.v_owner
    edge_vertices, vertex_edges, edge_net, net_joins = \
        b.edge_vertices, b.vertex_edges, g.edge_net, g.net_joins
    n, nets, edge_spots = b.n_edges, range(g.n_nets), s.edge_spots
    taken = range(y, y + n * g.n_nets, n)    # y's code in every network
    for spots in edge_spots:
        spots.difference_update(taken)
    # x was taken, so in no one's spots: the networks reaching it now are added, found from
    # the pieces at its two ends at once for every player (`recheck`'s bits, per player).
    reached = [0] * g.num_players
    for v in edge_vertices[x]:
        o = v_owner[v]
        if o >= 0:
            reached[o] = (1 << g.n_nets) - 1    # an own building takes every network
            continue
        for e2 in vertex_edges[v]:
            q = e_owner[e2]
            if q >= 0:
                net = edge_net[e_kind[e2]]
                if net_joins[net]:
                    reached[q] |= 1 << net
    for q, bits in enumerate(reached):
        if bits:
            for net in nets:
                if bits >> net & 1:
                    edge_spots[q].add(net * n + x)
    net = edge_net[k]
    ey = edge_vertices[y]
    mine, lo = edge_spots[p], net * n
    if net_joins[net]:
        for v in ey:
            if v_owner[v] < 0:              # (an own building's paths are every network's)
                for e in vertex_edges[v]:
                    if e_owner[e] < 0:
                        mine.add(lo + e)
        for v in edge_vertices[x]:
            if v_owner[v] >= 0 or v == ey[0] or v == ey[1]:
                continue
            for e2 in vertex_edges[v]:
                if e_owner[e2] == p and edge_net[e_kind[e2]] == net:
                    break                   # the network still ends here: nothing lost
            else:
                for e in vertex_edges[v]:
                    if e != x and e_owner[e] < 0:
                        a, c = edge_vertices[e]
                        w = c if a == v else a
                        o = v_owner[w]
                        if o == p or o < 0 and continues(s, p, net, e, w):
                            mine.add(lo + e)
                        else:
                            mine.discard(lo + e)
        # His intersections: one at an end of y takes a building now if free and open (y is
        # a piece of a joining network there); one at an end of x only could stop doing so.
        vspots, v_blocked, closed = s.vertex_spots[p], s.v_blocked, b.vertex_closed
        for v in ey:
            if v not in vspots and v_owner[v] < 0 and not v_blocked[v] and v not in closed:
                vspots.add(v)
        for v in edge_vertices[x]:
            if v in vspots and v != ey[0] and v != ey[1] and not settles(s, p, v):
                vspots.discard(v)


def destinations(s, x: int) -> frozenset[int]:
    """``path_destinations``, kept for the listing under way (nothing moves while a state is
    listed: a choice of destinations asks them once per path, or once in all); asked outside
    one, with the listing memos live while it is worked out (the bans' plan is the listing's)."""
    rules = s.game.rules
    if rules is None:
        return path_destinations(s, x)
    if rules.listing_state is None:
        rules.listing_memo, rules.listing_state = {}, s
        try:
            return _keep(rules, s, x, path_destinations(s, x))
        finally:
            rules.listing_memo = rules.listing_state = None
    if s is not rules.listing_state:
        return path_destinations(s, x)
    key = ("destinations", x)
    got = rules.listing_memo.get(key)
    if got is None:
        got = rules.listing_memo[key] = _keep(rules, s, x, path_destinations(s, x))
    return got


def _keep(rules, s, x: int, got: frozenset[int]) -> frozenset[int]:
    """Keep ``got``, the destinations of the piece on ``x`` in ``s`` now, for
    `kept_destinations`, when its kind's build bans read only the pieces, the layout and the
    robbers' places (their plan is kept: build_bans._plan_memo), so that those, ``s`` and
    ``x`` the same, they are the same."""
    if KEEP_DESTINATIONS and 0 <= x < s.board.n_edges and s.e_owner[x] >= 0 and (
            not rules.build_forbids or
            rules.plans_kept.get(s.game.piece_names[s.e_kind[x]]) in ("board", "position")):
        rules.kept_destinations = (s, s.piece_moves, s.board, tuple(s.rules_state.robbers), x,
                                   got)
    return got


def kept_destinations(s, x) -> frozenset[int] | None:
    """The destinations `destinations` last worked out, when for the piece on ``x`` in ``s``
    with no piece moved, no hex changed and no robber moved since (the piece chosen to move
    to one of them is asked again whether it may: `piece_moves._can_move`); else None."""
    rules = s.game.rules
    # (set on the rules object by _keep, the first time a set is kept)
    kept = getattr(rules, "kept_destinations", None) if KEEP_DESTINATIONS else None
    if kept is None or kept[0] is not s or kept[4] != x or kept[1] != s.piece_moves \
            or kept[2] is not s.board or kept[3] != tuple(s.rules_state.robbers):
        return None
    return kept[5]


def sorted_destinations(s, x) -> list[int]:
    """`destinations` in id order (none when ``x`` is no path id)."""
    return sorted(destinations(s, x)) if type(x) is int else []


def reached_paths(s, x) -> list[int]:
    """The free paths, in id order, the network of the piece on path ``x`` reaches now, on the
    piece's surface (land or water paths): the only ones it could move to (piece_moves.movable
    and path_ok ask the same first)."""
    b = s.board
    if type(x) is not int or not 0 <= x < b.n_edges or s.e_owner[x] < 0:
        return []
    g, k = s.game, s.e_kind[x]
    n, net = b.n_edges, g.edge_net[k]
    got = sorted(c - net * n for c in s.edge_spots[s.e_owner[x]] if c // n == net)
    if b.edge_water:
        surface = b.edge_water if g.piece_water[k] else b.edge_land
        return [e for e in got if surface[e]]
    return got if not g.piece_water[k] else []


def path_destinations(s, x: int) -> frozenset[int]:
    """The paths the piece on path ``x`` could move to now: those ``_can_move`` allows, found
    from its owner's spot cache at once. A path away from ``x``'s two ends is joined to the
    network with or without the piece on ``x`` (``x``'s leaving changes nothing there), so
    only the paths sharing an end with ``x`` are asked with ``x`` lifted. The forbids are
    asked too (the rules' build bans, as ``piece_moves._can_move`` asks them)."""
    b = s.board
    if not 0 <= x < b.n_edges or s.e_owner[x] < 0:
        return frozenset()
    g = s.game
    p, k = s.e_owner[x], s.e_kind[x]
    n, net = b.n_edges, g.edge_net[k]
    lo = net * n
    near = {e for v in b.edge_vertices[x] for e in b.vertex_edges[v]}
    if b.edge_water:
        surface = b.edge_water if g.piece_water[k] else b.edge_land
    elif g.piece_water[k]:
        return frozenset()
    else:
        surface = None
    # The network's free paths on the piece's surface (the bans' plan is worked out at the
    # first of them, and reads no spot), then the few beside x asked again with x lifted.
    if surface is not None and KEEP_SURFACE_CODES:
        got = s.edge_spots[p] & _surface_codes(b, lo, surface)
        out = list(map(lo.__rsub__, got)) if lo else list(got)
    else:
        hi = lo + n
        out = [c - lo for c in s.edge_spots[p] if lo <= c < hi and
               (surface is None or surface[c - lo])]
    gone = {y for y in near.intersection(out) if y == x or not can_route(s, p, y, net, x)}
    if gone:
        out = [y for y in out if y not in gone]
    rules = g.rules
    if out and rules.build_forbids:
        banned = rules.spot_ban(s, p, k, out[0])
        return frozenset([y for y in out if not banned(y)])
    return frozenset(out)


def _surface_codes(b, lo: int, surface: tuple[bool, ...]) -> frozenset[int]:
    """The spot codes ``lo + e`` of board ``b``'s paths ``e`` of ``surface`` (its land or water
    paths' flags), kept per board: a piece's destinations are its owner's spots among them, one
    set intersection instead of a test per spot of every network."""
    entry = _SURFACES.get(id(b))
    if entry is None or entry[0] is not b:
        if len(_SURFACES) >= 8:
            _SURFACES.clear()
        entry = _SURFACES[id(b)] = (b, {})
    key = (lo, surface is b.edge_water)
    got = entry[1].get(key)
    if got is None:
        # (in C: made again for every board a changed hex makes)
        got = entry[1][key] = frozenset(compress(range(lo, lo + len(surface)), surface))
    return got


def settles(s, p: int, v: int) -> bool:
    """Intersection ``v`` takes a building of ``p``'s: free, apart from every building, on land,
    at the end of one of his pieces of a network."""
    if s.v_owner[v] >= 0 or s.v_blocked[v] or v in s.board.vertex_closed:
        return False
    e_owner, e_kind, g = s.e_owner, s.e_kind, s.game
    for e in s.board.vertex_edges[v]:       # (a loop, not any(): asked around every move)
        if e_owner[e] == p and g.net_joins[g.edge_net[e_kind[e]]]:
            return True
    return False


def path_ok(s, p: int, k: int, e: int, lifted: int = -1) -> bool:
    """``p`` could put a piece of path kind ``k`` on ``e`` now (free, on its surface, joined to
    its network; the supply and the forbids are not asked), ``lifted`` counting as empty."""
    return surface_ok(s, k, e) and can_route(s, p, e, s.game.edge_net[k], lifted)


def route_end(s, e: int) -> bool:
    """The piece on ``e`` ends an open route: one of its ends touches neither an own building
    nor another own piece of its network. It reads only its owner's pieces at its two ends."""
    e_owner = s.e_owner
    p = e_owner[e]
    if p < 0:
        return False
    g, b, v_owner, e_kind = s.game, s.board, s.v_owner, s.e_kind
    net = g.edge_net[e_kind[e]]
    joins, edge_net, vertex_edges = g.net_joins[net], g.edge_net, b.vertex_edges
    for v in b.edge_vertices[e]:
        if v_owner[v] == p:
            continue
        if not joins:
            return True
        for e2 in vertex_edges[v]:
            if e2 != e and e_owner[e2] == p and edge_net[e_kind[e2]] == net:
                break
        else:
            return True                 # (continues, written in place: asked for every piece)
    return False


def forget_route_ends(s, vertices) -> None:
    """A piece came to, left or changed at ``vertices`` (a path piece: its two ends): the kept
    ``route_end`` answers of the paths there may be stale (RulesState.route_ends), and only
    those, since an answer reads its owner's pieces at the path's ends alone."""
    rules_state = s.rules_state
    kept = None if rules_state is None else rules_state.route_ends
    if kept:
        vertex_edges = s.board.vertex_edges
        for v in vertices:
            for e in vertex_edges[v]:
                kept.pop(e, None)

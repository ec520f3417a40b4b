"""Board + plays → special-card measures (longest route, cards played), award policy, VP breakdown."""

from __future__ import annotations

from bisect import bisect_left

from catan_dsl.engine.base import trails
from catan_dsl.engine.events import SpecialCardAwarded, SpecialCardSetAside


# id(board) → (board, {(paths as pairs of nodes, weights): longest trail}) for weighted routes:
# the trail is a pure function of these, and bots ask again for every road they weigh.
_TRAILS: dict[int, tuple] = {}
_TRAILS_LIMIT = 8192
# Paths as pairs of nodes → their network's trails.Shape (unweighted routes): pure, so shared
# by every board and player; a piece moved or built at an open end is measured from the Shape
# of its owner's route before it (trails.moved), found here by that route's pairs.
_SHAPES: dict[tuple, trails.Shape] = {}
_SHAPES_LIMIT = 1024
MEMO_FROM = 6         # fewer edges: walking them costs less than the memo's key
# (id of a player's route_edges list, kinds) → (that list, the state's building_moves then, a
# copy of the list then, route pieces, their pairs, Shape, length): the route of MEMO_FROM pieces
# or more last measured on that state (a clone copies the list, so the list names the state; it
# is held, not the state, which would keep finished games alive for the collector to walk). When
# no building changed since and his route pieces are those with one path piece moved or built
# (other players' pieces are no part of his pairs), the route's pieces and pairs follow from
# these at once, not from a loop over all his pieces again; the entry's copy, pieces and pairs
# are its own, brought up to date in place.
_LAST: dict[tuple, tuple] = {}
_LAST_LIMIT = 64      # a few states' players: one game's in a playtest, more while a bot tries moves
# Off, a changed hex drops the routes kept for the state's players (the reference for those kept
# over it: `hexes_changed`).
KEEP_OVER_HEXES = True
# Off, any building placed, upgraded or moved drops the routes kept for every player (the
# reference for those kept over buildings their routes do not touch: `buildings_changed`).
KEEP_OVER_BUILDINGS = True


def longest_route(s, p: int, kinds: tuple[int, ...], changed: tuple[int, int] | None = None) -> int:
    """Longest trail over ``p``'s edges of ``kinds``; an opponent's building ends it (BASE-69).
    Pieces of different networks (a road and a piece on the water) join only at ``p``'s own buildings, and
    a piece of ``network none`` only there too. ``changed``: ``(x, y)`` when the only change
    since the route was last measured is ``p``'s path piece moved from path ``x`` to ``y``
    (``x`` -1: built on ``y``)."""
    rules = s.game.rules
    if rules is None or not rules.route_weighted:
        return _unweighted(s, p, kinds, changed)
    e_kind, e_owner = s.e_kind, s.e_owner
    mine = [e for e in s.route_edges[p] if e_owner[e] == p and e_kind[e] in kinds]
    if not mine:
        return 0
    mine.sort()
    weights = tuple(rules.route_weight(s, e) for e in mine)
    pairs = _route_pairs(s, p, mine)
    if len(mine) < MEMO_FROM:
        return trails.longest(pairs, weights)
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
        best = memo[key] = trails.longest(pairs, weights)
    return best


def _unweighted(s, p: int, kinds: tuple[int, ...], changed: tuple[int, int] | None) -> int:
    """`longest_route` of an unweighted route, from the route last measured on ``s`` when
    only ``changed`` happened since (`_LAST`), else from ``p``'s route pieces."""
    route = s.route_edges[p]
    slot = (id(route), kinds)
    last = _LAST.get(slot) if changed is not None else None
    shape = None
    # The entry is the route before this change when his route edges are those then with this
    # one change made and no building changed: the other pieces' pairs are what they were. Its
    # lists are its own (copies, or made for it), so they are changed in place.
    if last is not None and last[0] is route and last[1] == s.building_moves \
            and _one_change(last[2], changed) and last[2] == route:
        got = _after_change(s, p, kinds, last, changed)
        if got is None:
            value = last[6]                 # not a piece of this route: nothing changed
            _LAST[slot] = (route, s.building_moves, *last[2:])
            return value
        mine, pairs, shape = got
        copied = last[2]
    else:
        if last is not None:
            del _LAST[slot]                 # (its copy of the route may be changed already)
        e_kind, e_owner = s.e_kind, s.e_owner
        mine = [e for e in s.route_edges[p] if e_owner[e] == p and e_kind[e] in kinds]
        mine.sort()
        pairs = _route_pairs(s, p, mine)
        copied = None
    if len(mine) < MEMO_FROM:
        if copied is not None:
            del _LAST[slot]                 # its lists are this route's, its Shape the last one's
        return trails.longest(pairs, None) if mine else 0     # not kept: cheap to build again
    key = tuple(pairs)
    if len(_SHAPES) >= _SHAPES_LIMIT:
        _SHAPES.clear()
    if shape is not None:                   # (one look-up: the key's hash is worked out once)
        shape = _SHAPES.setdefault(key, shape)
    else:
        shape = _SHAPES.get(key)
        if shape is None:
            shape = _SHAPES[key] = _shape_after(s, p, mine, pairs, changed)
    value = shape.value
    if len(_LAST) >= _LAST_LIMIT:
        _LAST.clear()
    _LAST[slot] = (route, s.building_moves, route.copy() if copied is None else copied, mine,
                   pairs, shape, value)
    return value


def _one_change(route: list[int], changed: tuple[int, int]) -> bool:
    """Make ``route`` (a player's route_edges as they were) as they are after his path piece
    went from ``x`` to ``y`` (``x`` -1: built on ``y``), in place; False, left as it was, when
    that is no such change of them (``y`` among them already, ``x`` not: the route last
    measured is not the one changed)."""
    x, y = changed
    if y in route:
        return False
    if x < 0:
        route.append(y)
        return True
    if x not in route:
        return False
    route[route.index(x)] = y
    return True


def _after_change(s, p: int, kinds: tuple[int, ...], last: tuple, changed: tuple[int, int]
                  ) -> tuple[list, list, trails.Shape | None] | None:
    """The route pieces, their pairs and (when the one change allows) the Shape after ``p``'s
    path piece went from ``x`` to ``y`` (``x`` -1: built there), from the route measured just
    before it (``last``, a `_LAST` entry, whose pieces and pairs are changed in place); None
    when the piece is none of the route's. No building changed, so every other piece's pair is
    what it was."""
    x, y = changed
    mine, pairs, before = last[3], last[4], last[5]
    gone = None
    if x >= 0:
        i = bisect_left(mine, x)
        if i < len(mine) and mine[i] == x:
            gone = pairs[i]
            del mine[i], pairs[i]
    if s.e_kind[y] in kinds and s.e_owner[y] == p:     # (y is among his route edges: moved there)
        new = _route_pairs(s, p, [y])[0]
        i = bisect_left(mine, y)
        mine.insert(i, y)
        pairs.insert(i, new)
    elif gone is None:
        return None
    else:
        return mine, pairs, None            # a piece left the route: measured afresh
    shape = trails.moved(before, gone, new) if before is not None else None
    return mine, pairs, shape


def _shape_after(s, p: int, mine: list[int], pairs: list[tuple[int, int]],
                 changed: tuple[int, int] | None) -> trails.Shape:
    """The Shape of ``p``'s route (``mine`` as ``pairs``): from the Shape before ``changed``
    when that is kept and the piece was pendant there and is now, else measured afresh."""
    if changed is not None:
        x, y = changed
        i = bisect_left(mine, y)
        if i < len(mine) and mine[i] == y:
            before = pairs[:i] + pairs[i + 1:]
            gone = None
            if x >= 0:
                gone = _route_pairs(s, p, [x], s.e_kind[y])[0]
                rest = mine[:i] + mine[i + 1:]
                before.insert(bisect_left(rest, x), gone)
            old = _SHAPES.get(tuple(before))
            if old is not None:
                got = trails.moved(old, gone, pairs[i])
                if got is not None:
                    return got
    return trails.shape(pairs)


def _route_pairs(s, p: int, mine: list[int], kind: int = -1) -> list[tuple[int, int]]:
    """``p``'s route pieces (``mine``, in id order; each of ``kind`` when given: a piece gone)
    as pairs of nodes of the graph a trail walks, the same for a path whatever else is built
    on other paths. An opponent's building is cut into one end per path touching it (a node of
    its own, negative: a trail may start or end there, never pass). With several networks an
    intersection is one node at ``p``'s own building and one node per network elsewhere (per
    piece for a piece that joins nothing), so pieces meet only as their networks allow and
    the walk needs no rule of its own."""
    g, b = s.game, s.board
    v_owner, edge_vertices = s.v_owner, b.edge_vertices
    out = []
    if g.n_nets == 1:
        for e in mine:
            a, c = edge_vertices[e]
            o = v_owner[a]
            if o >= 0 and o != p:
                a = -1 - 2 * e
            o = v_owner[c]
            if o >= 0 and o != p:
                c = -2 - 2 * e
            out.append((a, c))
        return out
    n_v, e_kind = b.n_vertices, s.e_kind
    edge_net, net_joins, lone = g.edge_net, g.net_joins, 1 + g.n_nets
    for e in mine:
        net = edge_net[e_kind[e] if kind < 0 else kind]
        # A node number per (intersection, network): v itself, or v + n_v * (1 + net), or for a
        # piece that joins nothing v + n_v * (1 + n_nets + e).
        shift = n_v * (1 + net if net_joins[net] else lone + e)
        a, c = edge_vertices[e]
        o = v_owner[a]
        if o != p:
            a = -1 - 2 * e if o >= 0 else a + shift
        o = v_owner[c]
        if o != p:
            c = -2 - 2 * e if o >= 0 else c + shift
        out.append((a, c))
    return out


def pivoted(s, p: int, x: int, y: int) -> bool:
    """``p``'s path piece went from ``x`` to ``y`` (moved already) turning about an end the two
    paths share, where it stays joined as it was (his building, or a free intersection, his
    piece's network joining there), its other end meeting none of his route pieces before and
    after: his route graph is the one it was, the leaf renamed, so no route length changes.
    (Unweighted routes only: a weight may differ between the two paths.)"""
    g, b = s.game, s.board
    ex, ey = b.edge_vertices[x], b.edge_vertices[y]
    # (their ends compared in place: asked of every path piece moved, mostly a no)
    a = ex[0] if ex[0] == ey[0] or ex[0] == ey[1] else \
        ex[1] if ex[1] == ey[0] or ex[1] == ey[1] else -1
    if a < 0 or x == y or g.rules is not None and g.rules.route_weighted:
        return False
    o = s.v_owner[a]
    if o >= 0 and o != p or o < 0 and not g.net_joins[g.edge_net[s.e_kind[y]]]:
        return False
    e_owner, e_kind, route, vertex_edges = s.e_owner, s.e_kind, g.piece_route, b.vertex_edges
    for end, piece in ((ex[0] if ex[1] == a else ex[1], x), (ey[0] if ey[1] == a else ey[1], y)):
        for e in vertex_edges[end]:
            if e != piece and e != x and e_owner[e] == p and route[e_kind[e]]:
                return False
    return True


def turned(s, p: int, x: int, y: int) -> None:
    """``p``'s path piece turned from ``x`` to ``y`` (`pivoted`): no route length changed, but
    the routes kept for him (`_LAST`) follow it, so that his next change is measured from them
    (a leaf renamed in the Shape), not afresh."""
    route = s.route_edges[p]
    for sp in s.game.specials:
        if sp.measure != "longest_route":
            continue
        slot = (id(route), sp.route_kinds)
        last = _LAST.get(slot)
        if last is None:
            continue
        if last[0] is route and last[1] == s.building_moves and _one_change(last[2], (x, y)) \
                and last[2] == route:
            got = _after_change(s, p, sp.route_kinds, last, (x, y))
            if got is None:
                continue                    # not a piece of this route: it stays as kept
            mine, pairs, shape = got
            if shape is not None and len(mine) >= MEMO_FROM:
                _LAST[slot] = (route, s.building_moves, last[2], mine, pairs, shape, shape.value)
                continue
        del _LAST[slot]


def hexes_changed(s, before: int) -> None:
    """A hex of ``s``'s board changed and no building: ``s.building_moves`` went on from
    ``before`` for the memos that read the hexes, but a route reads only the pieces and the
    board's paths and intersections, so the routes kept for ``s``'s players take the new count."""
    if not KEEP_OVER_HEXES:
        return
    now = s.building_moves
    kinds = [sp.route_kinds for sp in s.game.specials if sp.measure == "longest_route"]
    for route in s.route_edges if kinds else ():
        for k in kinds:
            last = _LAST.get((id(route), k))
            if last is not None and last[0] is route and last[1] == before:
                _LAST[(id(route), k)] = (route, now, *last[2:])


def buildings_changed(s, vertices: tuple[int, ...], before: int) -> None:
    """A building came to, left or was upgraded at ``vertices`` (none: upgraded, no owner
    changed) and ``s.building_moves`` went on from ``before``: a route's pairs read the owners
    of the intersections at its pieces' ends alone, so a route kept with none of its pieces
    ending at ``vertices`` takes the new count (it is measured from, not afresh, at its next
    change: a building far from a route is the common one)."""
    if not KEEP_OVER_BUILDINGS:
        return
    now, vertex_edges = s.building_moves, s.board.vertex_edges
    for sp in s.game.specials:
        if sp.measure != "longest_route":
            continue
        for route in s.route_edges:
            slot = (id(route), sp.route_kinds)
            last = _LAST.get(slot)
            if last is None or last[0] is not route or last[1] != before:
                continue
            mine = last[3]
            for v in vertices:
                for e in vertex_edges[v]:
                    if e in mine:
                        break
                else:
                    continue
                break                       # a piece of it ends there: its pairs may change
            else:
                _LAST[slot] = (route, now, *last[2:])


def route_changed(s, players: tuple[int, ...], piece: tuple[int, int] | None = None) -> None:
    """Re-measure ``players``' longest routes and re-award; ``piece``: `longest_route`'s ``changed``."""
    g = s.game
    for si, sp in enumerate(g.specials):
        if sp.measure != "longest_route":
            continue
        m = s.measure[si]
        changed = False
        for p in players:
            value = longest_route(s, p, sp.route_kinds, piece)
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

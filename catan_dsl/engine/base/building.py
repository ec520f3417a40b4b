"""State + build action → pieces placed, paid for, and the incremental spot caches kept up to date."""

from __future__ import annotations

from bisect import insort

from catan_dsl.engine.base import awards, networks
from catan_dsl.engine.events import PieceBuilt


# Off, every main listing lists each kind's builds afresh (the reference for those kept while
# no piece moves; read on a listing's first affordable kind).
KEEP_BUILDS = True
# Off, a piece placed or moved drops the kept answers of ``pieces`` with every other answer read
# off the pieces (the reference for `carry_pieces`; read on every piece placed or moved).
KEEP_PIECES = True


def affordable(hand: list[int], cost: tuple[tuple[int, int], ...]) -> bool:
    for r, n in cost:
        if hand[r] < n:
            return False
    return True


def pay(s, p: int, cost: tuple[tuple[int, int], ...]) -> None:
    hand, bank = s.hand[p], s.bank
    for r, n in cost:
        hand[r] -= n
        bank[r] += n


def can_route(s, p: int, e: int, net: int = 0) -> bool:
    """Edge ``e`` is free and joins ``p``'s pieces of network ``net`` (every piece's, in a game
    of one network); an opponent's building stops the network (BASE-31: a route may end at it
    but not continue through it)."""
    return networks.can_route(s, p, e, net)


def can_settle(s, p: int, v: int) -> bool:
    """Vertex ``v`` is empty, respects the distance rule and touches one of ``p``'s routes (a
    path piece of a network: a piece of ``network none`` leads nowhere), and a hex that is
    neither face down nor sea."""
    return networks.settles(s, p, v)


def legal_builds(s, p: int, out: list, allowed=None) -> None:
    """``p``'s builds, kind by kind in build order; ``allowed(s, p, k, builds)``, when given,
    takes from a kind's builds those the rules forbid (they are not listed then dropped)."""
    g = s.game
    hand, supply = s.hand[p], s.supply[p]
    memo = False                    # (not asked until a kind is affordable: most listings none)
    for k, cost, where in g.build_order:
        if not supply[k]:
            continue
        for r, n in cost:           # affordable, written in place: every listing asks each kind
            if hand[r] < n:
                break
        else:
            if memo is False:
                # A kind's builds follow from the pieces and the board alone (the spot caches
                # change only with them), so with rules they are kept while no piece moves: a
                # turn's listings after its trades ask them again.
                memo = s.rules_state.piece_memo(s.piece_moves) \
                    if KEEP_BUILDS and s.rules_state is not None else None
            if memo is None:
                got = _builds(s, p, k, where)
            else:
                got = memo.get(("builds", p, k))
                if got is None:
                    got = memo[("builds", p, k)] = _builds(s, p, k, where)
            out.extend(got if allowed is None else allowed(s, p, k, got))


def _builds(s, p: int, k: int, where: int) -> list:
    """``p``'s builds of piece kind ``k`` wherever it could go now (``where``: Game.build_order's
    0 path, 1 new building, 2 upgrade), in id order, before the forbids are asked."""
    table = s.game.actions.build[k]
    if where == 0:
        return list(map(table.__getitem__, networks.path_spots(s, p, k))) \
            if s.edge_spots[p] else []
    if where == 1:
        return list(map(table.__getitem__, sorted(s.vertex_spots[p])))
    base, v_kind = s.game.piece_upgrades[k], s.v_kind
    return [table[v] for v in sorted(s.buildings[p]) if v_kind[v] == base]


def free_spots(s, p: int, k: int) -> list[int]:
    """Where ``p`` may place piece kind ``k`` without paying (card effects)."""
    if not s.supply[p][k]:
        return []
    g = s.game
    if g.piece_on_edge[k]:
        spots = networks.path_spots(s, p, k)
    elif g.piece_upgrades[k] >= 0:
        base = g.piece_upgrades[k]
        spots = sorted(v for v in s.buildings[p] if s.v_kind[v] == base)
    else:
        spots = sorted(s.vertex_spots[p])
    if g.rules is not None and g.rules.build_forbids:
        spots = [x for x in spots if not g.rules.build_forbidden(s, p, k, x)]
    return spots


def apply_build(s, a) -> None:
    """A paid build in the acting player's own turn (legality already checked)."""
    place(s, s.cur, a.kind, a.at, free=False)


def place_quiet(s, p: int, k: int, at: int) -> None:
    """Place for a look-ahead on a clone: no event, so no rule reacts."""
    place(s, p, k, at, free=True, announce=False)


def harbor_ratios(s, p: int, usable=None) -> list[int]:
    """``p``'s bank-trade ratio per resource from the harbors of its buildings (those for which
    ``usable(v)`` holds, when given), the bank's ratio elsewhere."""
    g, vertex_harbor = s.game, s.board.vertex_harbor
    row = [g.bank_ratio] * g.n_resources
    for v in s.buildings[p]:
        harbor = vertex_harbor[v]
        if harbor is not None and (usable is None or usable(v)):
            ratio, res = harbor
            for r in range(len(row)) if res < 0 else (res,):
                if ratio < row[r]:
                    row[r] = ratio
    return row


def own_spots(s) -> None:
    """Give ``s`` its own spot sets before changing them (a clone shares them: State.clone)."""
    if s.spots_shared:
        s.edge_spots = [x.copy() for x in s.edge_spots]
        s.vertex_spots = [x.copy() for x in s.vertex_spots]
        s.spots_shared = False


def carry_pieces(s, p: int, changes: tuple[tuple[int, int, int], ...]) -> None:
    """``p``'s pieces changed by ``changes``, each (kind, place it left or -1, place it took or
    -1), the State's piece count gone on by one for them and nothing else moved: the kept
    answers of rules.functions' ``pieces`` (its own table in the piece memo: the tuple of a
    player's pieces of a kind, in id order) hold but those of ``p``'s changed kinds, which
    follow the change here, not worked out again from his route edges or buildings."""
    rules_state = s.rules_state
    memo = rules_state.board_memo if KEEP_PIECES and rules_state is not None else None
    if memo is None or memo[0] != s.piece_moves - 1:
        return
    kept = memo[1].get("pieces")
    if not kept:
        return
    kept = kept.copy()
    for k, gone, new in changes:
        got = kept.pop((p, k), None)
        if got is not None and (gone < 0 or gone in got) and (new < 0 or new not in got):
            mine = list(got)
            if gone >= 0:
                mine.remove(gone)
            if new >= 0:
                insort(mine, new)
            kept[(p, k)] = tuple(mine)
    rules_state.piece_memo(s.piece_moves).setdefault("pieces", kept)


def place(s, p: int, k: int, at: int, free: bool, announce: bool = True) -> None:
    """Put piece ``k`` of ``p`` at ``at``, paying unless ``free``, and update every cache."""
    g, b = s.game, s.board
    own_spots(s)
    if not free:
        pay(s, p, g.piece_cost[k])
    s.supply[p][k] -= 1
    replaced = None
    s.piece_moves += 1
    rules_state = s.rules_state
    if rules_state is not None and rules_state.built_now is not None:   # built_this_turn asked
        rules_state.built_now.add(at + b.n_vertices if g.piece_on_edge[k] else at)
    networks.forget_route_ends(s, b.edge_vertices[at] if g.piece_on_edge[k] else (at,))
    if g.piece_on_edge[k]:
        s.e_owner[at] = p
        s.e_kind[at] = k
        carry_pieces(s, p, ((k, -1, at),))
        if g.n_nets == 1:
            for spots in s.edge_spots:
                spots.discard(at)
        else:
            _path_taken(s, at)
        mine = s.edge_spots[p]
        vspots = s.vertex_spots[p]
        net = g.edge_net[k]
        joins = g.net_joins[net]
        base = net * b.n_edges
        for v in b.edge_vertices[at]:
            o = s.v_owner[v]
            if o >= 0 and o != p or not joins:
                continue        # (an own building's paths are every network's spots already)
            for e2 in b.vertex_edges[v]:
                if s.e_owner[e2] < 0:
                    mine.add(base + e2)
            if o < 0 and not s.v_blocked[v] and v not in b.vertex_closed:
                vspots.add(v)
        if g.piece_route[k]:
            s.route_edges[p].append(at)
            awards.route_changed(s, (p,), (-1, at))
    else:
        s.building_moves += 1
        base = g.piece_upgrades[k]
        if base >= 0 and s.v_owner[at] >= 0:    # not when placed on a free corner (set-up)
            replaced = g.piece_names[base]
            s.supply[p][base] += 1
            s.board_vp[p] += g.piece_vp[k] - g.piece_vp[base]
            s.v_kind[at] = k
            carry_pieces(s, p, ((base, at, -1), (k, -1, at)))
            awards.buildings_changed(s, (), s.building_moves - 1)   # no owner changed
        else:
            s.v_owner[at] = p
            s.v_kind[at] = k
            s.board_vp[p] += g.piece_vp[k]
            s.buildings[p].append(at)
            s.last_vertex[p] = at
            carry_pieces(s, p, ((k, -1, at),))
            awards.buildings_changed(s, (at,), s.building_moves - 1)
            _vertex_taken(s, p, at)
        harbor = b.vertex_harbor[at]
        if harbor is not None:
            ratio, res = harbor
            row = s.ratio[p]
            for r in range(len(row)) if res < 0 else (res,):
                if ratio < row[r]:
                    row[r] = ratio
    if announce:
        s.emit(PieceBuilt(p, g.piece_names[k], at, free, replaced))


def _path_taken(s, e: int) -> None:
    """Path ``e`` is no one's spot any more, in any network."""
    n = s.board.n_edges
    codes = [net * n + e for net in range(s.game.n_nets)]
    for spots in s.edge_spots:
        for c in codes:
            spots.discard(c)


def _joins_routes(s, p: int, v: int) -> bool:
    """Do ``p``'s route pieces at ``v`` (now his building's) meet there only now: two of them
    of different networks, or of a network that joins nothing? Pieces of one network met at
    ``v`` already, so his longest route is as it was (awards._route_pairs)."""
    g = s.game
    e_owner, e_kind, edge_net, net_joins = s.e_owner, s.e_kind, g.edge_net, g.net_joins
    nodes = set()
    for e in s.board.vertex_edges[v]:
        if e_owner[e] == p and g.piece_route[e_kind[e]]:
            net = edge_net[e_kind[e]]
            nodes.add(net if net_joins[net] else -1 - e)
    return len(nodes) > 1


def _vertex_taken(s, p: int, v: int) -> None:
    b = s.board
    blocked = s.v_blocked
    for spots in s.vertex_spots:
        spots.discard(v)
    for u in b.vertex_adjacent[v]:
        blocked[u] += 1
        for spots in s.vertex_spots:
            spots.discard(u)
    # Opponents' routes can no longer continue through v; p's network now reaches its edges
    # (every network's: a building joins them all).
    affected = []
    n_nets, n = s.game.n_nets, b.n_edges
    for e in b.vertex_edges[v]:
        owner = s.e_owner[e]
        if owner < 0:
            for net in range(n_nets):
                c = net * n + e
                s.edge_spots[p].add(c)
                for q, spots in enumerate(s.edge_spots):
                    if q != p and c in spots and not can_route(s, q, e, net):
                        spots.discard(c)
        elif owner != p and owner not in affected:
            affected.append(owner)
    if n_nets > 1 and p not in affected and _joins_routes(s, p, v):
        affected.append(p)      # a building may join two of p's networks into one route
    if affected:
        awards.route_changed(s, tuple(affected))

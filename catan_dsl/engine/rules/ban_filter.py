"""A main-phase listing + the rules' build and trade forbids → the listing without the builds a
forbid holds for and the offers of a banned stock (``RulesRuntime.legal_main`` calls it)."""

from __future__ import annotations

from itertools import compress
from operator import ne

from catan_dsl.engine.actions import Build, OfferTrade
from catan_dsl.engine.rules.build_bans import hex_spots, player_blind
from catan_dsl.engine.rules.queries import kept_memo

# Off, a main listing asks every spot's bans afresh (the reference for the kept verdicts;
# read when a game is built).
KEEP_VERDICTS = True
# Off, a kind's kept spot verdicts are kept per player and start empty after every marker move
# (the reference for `_carried`: verdicts shared by the players when no ban of the kind reads
# the player, and carried across a marker move for the spots none of whose hexes' markers
# changed when its bans read only their spot's hexes; read on every new table).
CARRY_VERDICTS = True


def drop_banned(rules, s, p: int, out: list, columns: list[int],
                builds: tuple[int, int] | None, after: int = 0) -> None:
    """Drop from ``out`` the builds a forbid holds for and the offers of a banned stock
    (``columns``: the banned stocks' entries; ``builds``: the slice of ``out`` holding the
    builds, when the caller knows it; ``after``: where the offers are looked for from, when
    what comes before is allowed already)."""
    start, stop = (after, len(out)) if columns or builds is None else builds
    # With no trade banned only the builds can be dropped: look at them alone.
    items = out[start:stop]
    keep: list = []
    i, n = 0, len(items)
    while i < n:
        a = items[i]
        t = type(a)
        if t is Build and rules.build_forbids:
            # A kind's builds are listed together: the run of them asked as one.
            j, k = i + 1, a.kind
            while j < n and type(items[j]) is Build and items[j].kind == k:
                j += 1
            keep += allowed_of_kind(rules, s, p, items[i:j])
            i = j
            continue
        i += 1
        if t is OfferTrade and columns:
            give, get = a.give, a.get
            if any(give[r] or get[r] for r in columns if r < len(give)):
                continue
        keep.append(a)
    out[start:stop] = keep


def allowed_of_kind(rules, s, p: int, builds: list) -> list:
    """``builds`` (some of ``p``'s builds of one piece kind, in listing order) without those a
    build forbid holds for: the kind's verdict asked once (_kind_verdict), then per spot —
    from its verdicts kept (_kept_verdicts), the spot ban's plan (rules.spot_ban) or the
    board's layout-ban verdicts — in one loop over the builds."""
    k, first = builds[0].kind, builds[0].at
    every = _kind_verdict(rules, s, p, k, first)
    if every is True:
        return []
    if every is False:
        return list(builds)
    if every is None:
        # Asked per spot: the kind's bans' plan looked up once (rules.spot_ban).
        banned = rules.spot_ban(s, p, k, first)
        verdicts = _kept_verdicts(rules, s, p, k)
        if verdicts is None:
            return [a for a in builds if not banned(a.at)]
        keep = []
        for a in builds:
            hit = verdicts.get(a.at)
            if hit is None:
                hit = verdicts[a.at] = bool(banned(a.at))
            if not hit:
                keep.append(a)
        return keep
    # Layout bans alone decide per spot: their verdicts for the board.
    g = rules.game
    name, on_edge = g.piece_names[k], g.piece_on_edge[k]
    keep = []
    for a in builds:
        hit = every.get(a.at)
        if hit is None:
            hit = rules._layout_ban(s, p, name, on_edge, a.at, every)
        if not hit:
            keep.append(a)
    return keep


def _kept_verdicts(rules, s, p: int, k: int) -> dict | None:
    """``p``'s verdicts by spot for piece kind ``k``, kept in the state's memo for what the
    kind's build bans read (spot_memo_kinds), or None when one reads more than the position:
    the spots a main listing asks again and again while nothing on the board moves (offers,
    bank trades, a card bought) are asked once. One table for every player when no ban of the
    kind reads him; a new markers table starts from the last one (`_carried`)."""
    where = rules.spot_memo_kinds[k]
    if where is None:
        return None
    memo = kept_memo(s, where)
    split = rules.build_bans[0][rules.game.piece_names[k]]
    key = ("spot verdicts", -1 if CARRY_VERDICTS and player_blind(split) else p, k)
    verdicts = memo.get(key)
    if verdicts is None:
        verdicts = memo[key] = _carried(rules, s, key, split) \
            if CARRY_VERDICTS and where == "markers" else {}
    return verdicts


def _carried(rules, s, key: tuple, split: tuple) -> dict:
    """A new markers table of spot verdicts (``key``: its key in the markers memo): the last
    one made for ``s``'s board less the spots one of whose hexes' markers differ between the
    two, when every ban of the kind asked per spot reads only the layout and the markers of its
    spot's hexes (Rule.hex_local; a marker moved re-asks only its hex's spots), else empty.
    The new table is the one carried from next."""
    rest = split[2]
    if not all(r.when is None or r.hex_local for r in rest):
        return {}
    memo = rules.build_bans[1].of(s.board)
    now = tuple(map(tuple, s.rules_state.markers))
    last = memo.get(("carried",) + key)
    got: dict = {}
    if last is not None:
        then, verdicts = last
        got = dict(verdicts)
        k = key[2]
        by_hex = hex_spots(rules.edge_hexes if rules.game.piece_on_edge[k]
                            else s.board.vertex_hexes)
        # (a marker table per kind, indexed by hex: the changed places' spots dropped)
        for old, new in zip(then, now):
            for h in compress(range(len(new)), map(ne, old, new)):
                for x in by_hex.get(h, ()):
                    got.pop(x, None)
    memo[("carried",) + key] = (now, got)
    return got


def spot_memo_kinds(build_bans: dict, piece_names: tuple) -> tuple:
    """Per piece kind (index), where its spots' build-ban verdicts may be kept (a
    queries.kept_memo kind): "markers" until a marker moves, when every ban of the kind reads
    only the layout and the markers; "pieces" while no piece moves, when they read only the
    layout, the board and its pieces; "unit_blind" or "position" when some also read markers,
    marks or chains (and units); None when one reads anything else (a hand, the robber, the
    turn). All None with KEEP_VERDICTS off."""
    out = []
    for name in piece_names:
        layout, spot_free, rest, _ = build_bans[name]
        rules = [r for r in (*layout, *spot_free, *rest) if r.when is not None]
        if not KEEP_VERDICTS or not all(r.layout_static or r.board_static or r.position_static
                                        for r in rules):
            out.append(None)
        elif all(r.layout_static or r.markers_only for r in rules):
            out.append("markers")           # kept while pieces are built too
        elif all(r.layout_static or r.board_static for r in rules):
            out.append("pieces")
        else:
            out.append("unit_blind" if all(r.layout_static or r.board_static or r.unit_blind
                                           for r in rules) else "position")
    return tuple(out)


def _kind_verdict(rules, s, p: int, k: int, at: int) -> bool | dict | None:
    """For a listing's builds of kind ``k``: True (every one forbidden), False (none), the
    board's layout-ban verdicts by spot when only layout bans can hold ("no road on a marked
    path": a dict read per build instead of build_banned's plan per build), or None (asked
    per spot: rules.spot_ban)."""
    g = rules.game
    name = g.piece_names[k]
    every = rules.kind_banned(s, p, name, g.piece_on_edge[k], at)
    if every is None:
        layout, _, rest, _ = rules.build_bans[0][name]
        if layout and not rest:
            return rules._layout_verdicts(s, name)
    return every

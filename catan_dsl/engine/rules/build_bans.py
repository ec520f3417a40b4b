"""Compiled build forbids + a state, a player, a piece kind and spots → whether a build is
forbidden there, asked by group (layout, blind to the spot, the rest) and, while a state is
listed, through each kind's plan (kept per board or position where what its bans read allows)."""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import Any, Callable

from catan_dsl.engine.rules.measure_memo import LAYOUT_FUNCTIONS, LIMIT, PerBoard
from catan_dsl.engine.rules.queries import kept_memo, memo_kind
from catan_dsl.engine.rules.vp_memo import POSITION_FUNCTIONS

# What a build ban may read for its kind's listing plan (`_ban_plan`) to be kept while nothing on
# the board moves, keyed by the robbers' places too (Rule.plan_static): a second robber's ban on
# the paths round its hex, read on every main listing and every move of a piece, is worked out
# once per position.
PLAN_FUNCTIONS = POSITION_FUNCTIONS | {"robber_hex"}
# ... and kept per board while pieces move, when they read only the layout (Rule.plan_layout).
PLAN_LAYOUT_FUNCTIONS = LAYOUT_FUNCTIONS | {"robber_hex"}
# Off, a kept plan is keyed by the land robber's hex too. No ban a plan is kept for can read it
# (only robber_on does, outside both sets above; robber_hex reads the other robbers): keyed by
# it, each move of the land robber made a new key, and the plan was worked out afresh.
# Read on every look-up.
LAND_ROBBER_FREE = True
# Off, a kept plan is keyed by the player even when no ban of its kind reads him (a second
# robber's ban on the paths round its hex is the same for everyone: worked out once, not once
# per player, for each place of that robber). Read on every look-up.
PLAYER_FREE = True


def _reads_player(rule) -> bool:
    """Does a build forbid look at the builder (a filter on him, or its condition reading the
    player or a variable bound to him)? One that does not decides alike for every player."""
    mine = {"player", *(var for param, var in rule.bind if param == "player")}
    return any(k == "player" for k, _ in rule.filter) or \
        any(v.lstrip("#") in mine for v in rule.reads)


# id(a kind's build bans, split_build_bans' entry) → (that entry, does none of its bans blind to
# the spot or left per spot read the player): asked for every kept plan's key.
_BLIND: dict[int, tuple] = {}


def player_blind(split: tuple) -> bool:
    """Do a piece kind's bans (``split``, its split_build_bans entry) all decide alike for
    every player, so that one kept plan serves them all?"""
    got = _BLIND.get(id(split))
    if got is None or got[0] is not split:
        if len(_BLIND) >= 64:
            _BLIND.clear()
        got = _BLIND[id(split)] = (split, not any(map(_reads_player, (*split[1], *split[2]))))
    return got[1]


def reads_spot(rule) -> bool:
    """Does a build forbid look at the spot (filter or condition on ``at``)?"""
    return any(k in ("at", "#at") for k, _ in rule.filter) or any(
        param == "at" and (var in rule.reads or "#" + var in rule.reads) for param, var in rule.bind)


# What a build ban "any(H in hexes_of(AT) where C)" may read of H in C for its verdict at a spot
# to depend on that spot's hexes alone (hex_local_ban): a board changed at other hexes (a hex
# revealed) keeps a layout ban's verdict, markers moved on other hexes a marker ban's
# (ban_filter._carried).
HEX_LOCAL_FUNCTIONS = frozenset({"terrain", "hidden", "produces", "has_number", "feature",
                                 "markers"})


def hex_local_ban(when: Any, at_var: str | None, functions: Any) -> bool:
    """Is a build forbid's condition ``any(H in hexes_of(AT) where C)``, C calling only
    HEX_LOCAL_FUNCTIONS of H itself (and operators), reading neither AT nor another hex?"""
    if not (at_var and isinstance(when, list) and len(when) == 4 and when[0] == "any"
            and isinstance(when[1], str) and when[2] in (["hexes_of", ["var", at_var]],
                                                         ["hexes_of", at_var])):
        return False
    h = when[1]

    def local(node: Any) -> bool:
        if not isinstance(node, list) or not node:
            return not (isinstance(node, str) and node == at_var)
        head = node[0]
        if head == "var":
            return node == ["var", h]
        if isinstance(head, str) and head in functions:
            return head in HEX_LOCAL_FUNCTIONS and len(node) >= 2 \
                and node[1] in (["var", h], h) and all(local(x) for x in node[2:])
        return all(local(x) for x in node[1:])
    return local(when[3])


def _always(at: int) -> bool:
    return True


def _build_params(kind: str, on_edge: bool, at: int) -> dict:
    return {"kind": kind, "at": at, "#at": "edge" if on_edge else "vertex"}


def split_build_bans(rules, kinds) -> tuple[dict, PerBoard]:
    """Per piece kind, the build forbids that can hold for it (their filter on the kind passes)
    by what their verdict depends on: (the layout only, so one verdict per spot and board; not
    the spot, so one per player and kind while a state is listed; the rest). And the per-board
    memo of the first group. Last, where the second group's verdict is kept (memo_kind): until
    something on the board moves, when it reads only that (pieces, markers, units, marks)."""
    by_kind = {}
    for kind in kinds:
        mine = [r for r in rules if all(v == kind for k, v in r.filter if k == "kind")]
        spot_free = tuple(r for r in mine if not r.layout_static and not reads_spot(r))
        by_kind[kind] = (tuple(r for r in mine if r.layout_static), spot_free,
                         tuple(r for r in mine if not r.layout_static and reads_spot(r)),
                         memo_kind(spot_free))
    return by_kind, PerBoard()


# Off, a revealed board's carried layout verdicts are sifted spot by spot (the reference for
# dropping the changed hexes' spots: `hex_spots`; read on every new board's table).
KEEP_HEX_SPOTS = True
# id(a spot → hexes table) → (the table, hex → its spots): the board's topology, shared by the
# boards of a game (the table is held so its id is not reused while kept).
_HEX_SPOTS: dict[int, tuple] = {}


def hex_spots(spot_hexes: tuple) -> dict[int, list[int]]:
    """Hex → the spots (in id order) whose hexes ``spot_hexes`` says include it."""
    entry = _HEX_SPOTS.get(id(spot_hexes))
    if entry is None or entry[0] is not spot_hexes:
        if len(_HEX_SPOTS) >= 16:
            _HEX_SPOTS.clear()
        by_hex: dict[int, list[int]] = {}
        for x, hexes in enumerate(spot_hexes):
            for h in hexes:
                by_hex.setdefault(h, []).append(x)
        entry = _HEX_SPOTS[id(spot_hexes)] = (spot_hexes, by_hex)
    return entry[1]


class BuildBans:
    """Mixed into CompiledRules beside queries.RuleQueries (whose ``_env`` and ``_first_in`` it
    calls, and which calls its ``_guarded_ban``): uses its ``build_bans``, ``spot_splits``,
    ``plans_kept``, ``last_verdicts`` and the listing memo."""

    game: Any
    listing_memo: dict | None
    listing_state: Any
    build_bans: tuple
    spot_splits: dict
    plans_kept: dict
    last_verdicts: dict
    edge_hexes: tuple

    def build_banned(self, s, p: int, kind: str, on_edge: bool, at: int) -> bool:
        """Does a forbid hold for ``p`` building ``kind`` at ``at``? Which one does not matter
        here, so the rules are asked by group (split_build_bans), each group as cheaply as
        what it reads allows: the layout ones from a per-board verdict, the ones blind to the
        spot once per kind in a listing (or while nothing on the board moves, when they read
        only that), and only the rest for every spot. While a state is listed, what the
        groups say for every spot is worked out on the first spot asked (`_ban_plan`), and
        outside a listing a plan kept for the position is read when there is one (a piece's
        move checked again as it is made, right after its destinations were listed)."""
        if s is self.listing_state:
            plan = self.listing_memo.get(("ban plan", p, kind))
            if plan is None:
                plan = self._listing_plan(s, p, kind, on_edge, at)
        else:
            plan = self._kept_plan(s, p, kind)
        if plan is not None:
            if plan is True:
                return True
            verdicts, names, rest, staged = plan
            if at in names:
                return True
            if verdicts is not None:
                hit = verdicts.get(at)
                if hit is None:
                    hit = self._layout_ban(s, p, kind, on_edge, at, verdicts)
                if hit:
                    return True
            if staged:
                return self._staged_hit(rest, s, p, kind, on_edge, at)
            return bool(rest) and self._first_in(rest, s, p, _build_params(kind, on_edge, at)) \
                is not None
        layout, spot_free, rest, _ = self.build_bans[0][kind]
        if layout:
            verdicts = self._layout_verdicts(s, kind)
            hit = verdicts.get(at)
            if hit is None:
                hit = self._layout_ban(s, p, kind, on_edge, at, verdicts)
            if hit:
                return True
        if spot_free and self._blind_ban(s, p, kind, on_edge, at):
            return True
        return bool(rest) and self._first_in(rest, s, p, _build_params(kind, on_edge, at)) is not None

    def spot_ban(self, s, p: int, k: int, first: int) -> Callable[[int], bool]:
        """``at →`` build_banned for ``p``'s piece kind ``k`` (index), for the many spots of one
        listing, ``first`` the first spot to be asked: the plan is looked up once (worked out
        with ``first`` when it is not yet, as build_banned would), not through two calls, a
        key and a look-up per spot."""
        g = self.game
        kind, on_edge = g.piece_names[k], g.piece_on_edge[k]
        if s is not self.listing_state:
            return lambda at: self.build_banned(s, p, kind, on_edge, at)
        plan = self.listing_memo.get(("ban plan", p, kind))
        if plan is None:
            plan = self._listing_plan(s, p, kind, on_edge, first)
        if plan is True:
            return _always
        verdicts, names, rest, staged = plan
        if verdicts is None and not rest:
            return names.__contains__
        layout_ban, first_in, staged_hit = self._layout_ban, self._first_in, self._staged_hit

        def banned(at):
            if at in names:
                return True
            if verdicts is not None:
                hit = verdicts.get(at)
                if hit is None:
                    hit = layout_ban(s, p, kind, on_edge, at, verdicts)
                if hit:
                    return True
            if staged:
                return staged_hit(rest, s, p, kind, on_edge, at)
            return bool(rest) and first_in(rest, s, p, _build_params(kind, on_edge, at)) \
                is not None
        return banned

    def allowed_builds(self, s, p: int, builds: list) -> list:
        """The builds of ``p``'s in ``builds`` (a set-up listing's) no forbid holds for, in
        order: asked as a main listing asks them — the listing memos live while they are
        (nothing changes meanwhile), each kind's plan worked out at its first spot."""
        own = self.listing_state is None
        if own:
            self.listing_memo, self.listing_state = {}, s
        try:
            bans: dict = {}
            keep = []
            for a in builds:
                banned = bans.get(a.kind)
                if banned is None:
                    banned = bans[a.kind] = self.spot_ban(s, p, a.kind, a.at)
                if not banned(a.at):
                    keep.append(a)
            return keep
        finally:
            if own:
                self.listing_memo = self.listing_state = None

    def _layout_verdicts(self, s, kind: str) -> dict:
        """{spot: does a layout ban of ``kind`` hold there} for ``s``'s board. A new board's
        table starts from the last one made for the kind when every layout ban of it is
        hex-local (Rule.hex_local): the verdicts of the spots none of whose hexes differ
        between the two boards are carried over (a hex revealed re-asks only its own spots)."""
        memo = self.build_bans[1].of(s.board)
        got = memo.get(kind)
        if got is None or len(got) >= LIMIT:
            got = memo[kind] = self._carried_verdicts(s.board, kind) if got is None else {}
        return got

    def _carried_verdicts(self, board, kind: str) -> dict:
        """The verdicts of the last layout-ban table of ``kind`` whose spots' hexes are the same
        on ``board`` (an empty table when its bans are not all hex-local or there is none); the
        new table is the one carried from next."""
        got: dict = {}
        layout = self.build_bans[0][kind][0]
        if not all(r.hex_local for r in layout):
            return got
        last = self.last_verdicts.get(kind)
        if last is not None and last[0] is not board \
                and last[0].vertex_hexes is board.vertex_hexes:
            old, verdicts = last
            # (the hexes whose terrain, numbers, resource or face differ, compared by map and
            # compress in C: asked for every kind on every board a reveal makes)
            hexes = range(len(board.hex_terrain))
            changed = set(compress(hexes, map(ne, old.hex_terrain, board.hex_terrain)))
            changed.update(compress(hexes, map(ne, old.hex_numbers, board.hex_numbers)),
                           compress(hexes, map(ne, old.hex_resource, board.hex_resource)),
                           [h for h in old.hex_hidden ^ board.hex_hidden if h in hexes])
            g = self.game
            spot_hexes = self.edge_hexes if g.piece_on_edge[g.piece_names.index(kind)] \
                else board.vertex_hexes
            if KEEP_HEX_SPOTS:
                # The verdicts less those of the changed hexes' spots (a reveal: one hex's few).
                got = dict(verdicts)
                by_hex = hex_spots(spot_hexes)
                for h in changed:
                    for x in by_hex.get(h, ()):
                        got.pop(x, None)
            else:
                got = {x: v for x, v in verdicts.items() if changed.isdisjoint(spot_hexes[x])}
        self.last_verdicts[kind] = (board, got)
        return got

    def _layout_ban(self, s, p: int, kind: str, on_edge: bool, at: int, verdicts: dict) -> bool:
        """Does a layout ban of ``kind`` hold at ``at``? Kept in ``verdicts`` (the board's), so
        the conditions are asked as written, not through the per-position memos as well."""
        params = _build_params(kind, on_edge, at)
        hit = False
        for rule in self.build_bans[0][kind][0]:
            env = self._env(rule, p, params)
            if env is not None and (rule.when is None or rule.when(s, env)):
                hit = True
                break
        verdicts[at] = hit
        return hit

    def _kept_plan(self, s, p: int, kind: str) -> bool | tuple | None:
        """The plan kept for ``s``'s board or position (`_listing_plan`), or None: none is kept
        for the kind, or none was worked out yet."""
        memo = self._plan_memo(s, kind) if s.rules_state is not None else None
        return None if memo is None else memo.get(self._plan_key(s, p, kind))

    def _plan_key(self, s, p: int, kind: str) -> tuple:
        """A kept plan's key: the player (none when no ban of the kind reads him: one plan for
        every player, PLAYER_FREE), the kind and the places of the robbers its bans may read
        (robber_hex: the robbers beyond the land one, LAND_ROBBER_FREE)."""
        if PLAYER_FREE and player_blind(self.build_bans[0][kind]):
            p = -1
        if LAND_ROBBER_FREE:
            return "ban plan", p, kind, tuple(s.rules_state.robbers)
        return "ban plan", p, kind, s.robber, tuple(s.rules_state.robbers)

    def _plan_memo(self, s, kind: str) -> dict | None:
        """Where a plan of ``kind``'s bans is kept beyond a listing (keyed by player, kind and
        the robbers' places): per board when every ban of the kind reads only the layout and
        those places (Rule.plan_layout: a second robber's ban on the paths round its hex stays
        decided while pieces move), in the position memo when they read only the position and
        those (Rule.plan_static; a hex changed counts as a piece moved, so the board's
        verdicts a plan holds stay the board's); None otherwise."""
        kept = self.plans_kept.get(kind)
        if kept is None:
            _, spot_free, rest, _ = self.build_bans[0][kind]
            bans = (*spot_free, *rest)
            kept = self.plans_kept[kind] = "board" if all(r.plan_layout for r in bans) else \
                "position" if all(r.plan_static for r in bans) else ""
        if kept == "board":
            memo = self.build_bans[1].of(s.board)
            if len(memo) >= LIMIT:
                memo.clear()
            return memo
        return s.rules_state.position_memo(s.piece_moves) if kept else None

    def _listing_plan(self, s, p: int, kind: str, on_edge: bool, at: int) -> bool | tuple:
        """`_ban_plan` for the listing under way, put in its memo, and kept beyond it where what
        its bans read allows (`_plan_memo`)."""
        memo = self._plan_memo(s, kind)
        if memo is not None:
            key = self._plan_key(s, p, kind)
            plan = memo.get(key)
            if plan is None:
                plan = memo[key] = self._ban_plan(s, p, kind, on_edge, at)
        else:
            plan = self._ban_plan(s, p, kind, on_edge, at)
        self.listing_memo[("ban plan", p, kind)] = plan
        return plan

    def _ban_plan(self, s, p: int, kind: str, on_edge: bool, at: int) -> bool | tuple:
        """For the listing under way: True when a ban blind to the spot holds; else the layout
        bans' verdicts for the board (None without any), the places the bans "at in S" name
        for ``p`` together, the bans left to ask per spot (the others, and those whose S is
        no set of places, asked as written), and whether some of those are staged: a ban "A
        and B" (Rule.layout_guard) has A, blind to the spot, asked here once — dropped when
        false, else left as (B's verdicts for the board, B, the rule) in its place, so a spot
        costs a look-up (a set-up listing asks every free intersection)."""
        layout, spot_free, rest, _ = self.build_bans[0][kind]
        if spot_free and self._blind_ban(s, p, kind, on_edge, at):
            return True
        among, others = self._spot_split(kind, rest) if rest else ((), ())
        names: frozenset = frozenset()
        asked: list = []
        for rule in among:
            got = self._spot_among(s, p, kind, on_edge, at, rule)
            if got is None:
                asked.append(rule)
            else:
                names |= got
        staged = False
        for rule in others:
            if rule.layout_guard is None or rule.when is None:
                asked.append(rule)
                continue
            # Its filter reads no spot (Rule.layout_guard): it passes or fails for every spot.
            env = self._env(rule, p, _build_params(kind, on_edge, at))
            if env is None:
                continue
            guard, test = rule.layout_guard
            if guard is not None and not guard(s, env):
                continue
            asked.append((self._guard_verdicts(s, rule, kind), test, rule))
            staged = True
        return self._layout_verdicts(s, kind) if layout else None, names, tuple(asked), staged

    def _staged_hit(self, rest: tuple, s, p: int, kind: str, on_edge: bool, at: int) -> bool:
        """Does one of a plan's bans left per spot (`_ban_plan`: rules, and staged layout
        guards as (verdicts, B, rule)) hold at ``at``? Asked in their order, as _first_in."""
        for item in rest:
            if type(item) is tuple:
                kept, test, rule = item
                hit = kept.get(at)
                if hit is None:
                    hit = kept[at] = bool(test(s, self._env(rule, p,
                                                            _build_params(kind, on_edge, at))))
            else:
                hit = self._first_in((item,), s, p, _build_params(kind, on_edge, at)) is not None
            if hit:
                return True
        return False

    def _spot_split(self, kind: str, rest: tuple) -> tuple[tuple, tuple]:
        """``rest``'s build bans "at in S" (S not reading the spot; filtered by kind alone), then
        the others."""
        got = self.spot_splits.get(kind)
        if got is None:
            among = tuple(r for r in rest if r.spot_among is not None
                          and all(k == "kind" for k, _ in r.filter))
            got = self.spot_splits[kind] = (among, tuple(r for r in rest if r not in among))
        return got

    def _spot_among(self, s, p: int, kind: str, on_edge: bool, at: int, rule) -> frozenset | None:
        """The places a ban "at in S" names for ``p`` in the listing under way: S read once (a
        second robber's paths, asked of every path a piece could go to), not once per spot;
        None when S is no set of hashable places."""
        memo = self.listing_memo
        key = ("among", id(rule), p, kind)
        if key in memo:
            return memo[key]
        env = self._env(rule, p, _build_params(kind, on_edge, at))
        if env is None:
            got: frozenset | None = frozenset()
        else:
            try:
                got = frozenset(rule.spot_among(s, env))
            except Exception:               # asked as written instead, raising there if it does
                got = None
        memo[key] = got
        return got

    def kind_banned(self, s, p: int, kind: str, on_edge: bool, at: int) -> bool | None:
        """Is every build of ``kind`` forbidden for ``p`` now (True), none (False), or does it
        depend on the spot (None)? The forbids blind to the spot decide when they hold, or when
        they are all there is; ``at`` is any spot of the kind (they do not read it)."""
        layout, spot_free, rest, _ = self.build_bans[0][kind]
        if spot_free and self._blind_ban(s, p, kind, on_edge, at):
            return True
        return None if layout or rest else False

    def _blind_ban(self, s, p: int, kind: str, on_edge: bool, at: int) -> bool:
        """Does a forbid blind to the spot hold for ``p`` building ``kind``? Kept per listing, or
        while what they read stays (memo_kind)."""
        _, spot_free, _, kept = self.build_bans[0][kind]
        memo = kept_memo(s, kept) if kept is not None else \
            self.listing_memo if s is self.listing_state else None
        hit = None if memo is None else memo.get(("build", p, kind))
        if hit is None:
            hit = self._first_in(spot_free, s, p, _build_params(kind, on_edge, at)) is not None
            if memo is not None:
                memo[("build", p, kind)] = hit
        return hit

    def _guarded_ban(self, s, rule, env: dict, params: dict) -> bool:
        """Does a build forbid "A and B" hold, A blind to the spot and B reading only the layout
        and the spot (Rule.layout_guard)? A is asked as written, B's verdict kept per board,
        kind and spot: a set-up ban on where the first settlements go is asked of every free
        intersection on every set-up listing."""
        guard, layout = rule.layout_guard
        if guard is not None and not guard(s, env):
            return False
        kept = self._guard_verdicts(s, rule, params["kind"])
        at = params["at"]
        hit = kept.get(at)
        if hit is None:
            hit = kept[at] = bool(layout(s, env))
        return hit

    def _guard_verdicts(self, s, rule, kind: str) -> dict:
        """{spot: B's verdict} of a build forbid "A and B" (Rule.layout_guard) for ``s``'s
        board and piece ``kind``."""
        memo = self.build_bans[1].of(s.board)
        kept = memo.get((id(rule), kind))
        if kept is None or len(kept) >= LIMIT:
            kept = memo[(id(rule), kind)] = {}
        return kept

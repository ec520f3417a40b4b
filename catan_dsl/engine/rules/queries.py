"""Compiled forbid and modifier rules + a state, a player and the parameters of a query → the
first forbid that holds, or the modifiers' total (memoised per board or per listing where what
a rule reads allows)."""

from __future__ import annotations

from typing import Any

from catan_dsl.engine.rules.measure_memo import LIMIT

_BY_LAYOUT = object()       # the markers memo's entry for the rules reading only it and the layout

def memo_kind(rules) -> str | None:
    """Where a verdict of ``rules`` together may be kept (RulesState): "pieces" while no piece
    moves, when all read only the board and its pieces; "unit_blind" while no piece, marker,
    mark or chain moves, when none reads a unit; "position" while nothing on the board moves,
    when all read only the board; None: only while one state is listed."""
    if not all(r.when is None or r.board_static or r.position_static for r in rules):
        return None
    if all(r.when is None or r.board_static for r in rules):
        return "pieces"
    return "unit_blind" if all(r.when is None or r.board_static or r.unit_blind for r in rules) \
        else "position"


def kept_kind(rules) -> str | None:
    """memo_kind, or the buildings' memo (State.buildings_kept; markers, marks and chains too)
    when every one of ``rules`` reads only the buildings besides the layout: roads built
    leave what they decide as it was."""
    if rules and all(r.buildings_only for r in rules):
        return "buildings" if all(r.board_static for r in rules) else "buildings_unit_blind"
    return memo_kind(rules)


def kept_memo(s, kind: str | None) -> dict | None:
    """The state's memo of that kind (memo_kind), or None."""
    if kind is None:
        return None
    if kind == "pieces":
        return s.rules_state.piece_memo(s.piece_moves)
    if kind == "buildings":
        return s.buildings_kept(s.building_moves)
    if kind == "buildings_unit_blind":
        rs = s.rules_state
        return s.buildings_kept((s.building_moves, rs.place_moves - rs.unit_moves, rs.shape_moves))
    if kind == "unit_blind":
        return s.rules_state.unit_blind_memo(s.piece_moves)
    if kind == "markers":
        return markers_kept(s)
    return s.rules_state.position_memo(s.piece_moves)


def markers_kept(s) -> dict:
    """Answers read off the layout and the markers alone (Rule.markers_only), kept per board
    (a hex changed makes a new one) until a marker moves, pieces built or not."""
    memo = s.rules_state.markers_memo()
    kept = memo.get(_BY_LAYOUT)
    if kept is None or kept[0] is not s.board:
        kept = memo[_BY_LAYOUT] = (s.board, {})
    return kept[1]


def may_hold_for_real(cond, var: str | None) -> bool:
    """Can a yield modifier's condition hold at a real player's building (``real(owner(VAR))``
    true)? Decided from ``not``, ``and``, ``or`` around that test alone; anything else may."""
    def value(node):                     # True, False, or None: not known
        if node is None or node is True:
            return True
        if node == ["real", ["owner", ["var", var]]]:
            return True
        if isinstance(node, list) and node and node[0] == "not" and len(node) == 2:
            inner = value(node[1])
            return None if inner is None else not inner
        if isinstance(node, list) and node and node[0] in ("and", "or") and len(node) == 3:
            a, b = value(node[1]), value(node[2])
            if node[0] == "and":
                return False if False in (a, b) else (True if a and b else None)
            return True if True in (a, b) else (False if a is False and b is False else None)
        return None
    return var is None or value(cond) is not False


class RuleQueries:
    """Mixed into CompiledRules: uses its ``forbids``, ``modifiers``, ``layout_forbids`` and the
    listing memo its runtime sets while a state's legal actions are listed (the build bans:
    build_bans.BuildBans, mixed in beside it)."""

    forbids: dict
    modifiers: dict
    layout_forbids: dict
    listing_memo: dict | None
    listing_state: Any
    game: Any
    build_bans: tuple
    yield_modified: bool
    yield_static: bool

    def _env(self, rule, player: int, params: dict) -> dict | None:
        for k, v in rule.filter:
            if params.get(k) != v:
                return None
        env = {"player": player}
        for param, var in rule.bind:
            env[var] = params.get(param)
            if param in ("at", "x") and "#" + param in params:
                env["#" + var] = params["#" + param]
        return env

    def memo_for(self, s, rule) -> dict | None:
        """Where a rule's condition and value may be kept for ``s``: while no piece moves for a
        rule that reads only the board and its pieces (a discount for owning a harbor); while
        nothing on the board moves for one that also reads markers, units, marks or chains (a
        harbor counts while its hex is not conquered), units excepted when it reads none, and
        pieces too when it reads neither (no road next to a conquered hex: kept until a marker
        moves); while one state's legal actions are listed for any other; None otherwise."""
        if rule.board_static:
            return s.rules_state.piece_memo(s.piece_moves)
        if rule.position_static:
            if rule.markers_only:
                return markers_kept(s)
            if rule.unit_blind:
                return s.rules_state.unit_blind_memo(s.piece_moves)
            return s.rules_state.position_memo(s.piece_moves)
        # Only the state being listed: a rule may probe a clone (can_place), which differs.
        return self.listing_memo if s is self.listing_state else None

    def forbidden(self, s, what: str, player: int, params: dict) -> Any:
        """The first forbid rule of ``what`` matching ``params``, or None."""
        per_board = self.layout_forbids.get(what)
        if per_board is not None:
            memo = per_board.of(s.board)
            key = tuple(params.items())
            got = memo.get(key, memo)
            if got is memo:
                if len(memo) >= LIMIT:
                    memo.clear()
                got = memo[key] = self._first_forbid(s, what, player, params)
            return got
        return self._first_forbid(s, what, player, params)

    def _first_forbid(self, s, what: str, player: int, params: dict) -> Any:
        return self._first_in(self.forbids.get(what, ()), s, player, params)

    def _first_in(self, rules, s, player: int, params: dict) -> Any:
        """The first of the forbid ``rules`` that holds for ``params``, or None."""
        for rule in rules:
            env = self._env(rule, player, params)
            if env is None:
                continue
            if rule.when is None:
                return rule
            if rule.layout_guard is not None:
                if self._guarded_ban(s, rule, env, params):
                    return rule
                continue
            memo = self.memo_for(s, rule)
            if memo is None:
                hit = rule.when(s, env)
            else:
                # While one state's legal actions are listed nothing changes, so a condition is
                # decided once per value of the variables it reads (not once per action).
                key = (id(rule), rule.read_key(env))
                hit = memo.get(key)
                if hit is None:
                    hit = memo[key] = bool(rule.when(s, env))
            if hit:
                return rule
        return None

    def modified(self, s, what: str, player: int, params: dict, first: bool = False) -> int | None:
        total, hit = 0, False
        for rule in self.modifiers.get(what, ()):
            env = self._env(rule, player, params)
            if env is None:
                continue
            memo = self.memo_for(s, rule)
            if memo is not None:             # as in forbidden(): once per value of what it reads
                key = (id(rule), rule.read_key(env))
                v = memo.get(key, memo)
                if v is memo:
                    v = memo[key] = rule.value(s, env) if rule.when is None or rule.when(s, env) \
                        else None
            else:
                v = rule.value(s, env) if rule.when is None or rule.when(s, env) else None
            if v is not None:
                if first:
                    return v
                total += v
                hit = True
        return total if hit else (None if first else 0)

    def route_weight(self, s, e: int) -> int:
        """What the piece on path ``e`` counts for in a route (1 unless a modifier says)."""
        w = self.modified(s, "route_weight", s.e_owner[e], {"e": e}, first=True)
        return 1 if w is None else w

    def yield_at(self, s, v: int) -> int:
        """What the building at ``v`` yields on its next production: this production's yield of
        its kind, plus the yield modifiers (kept per building while no piece moves, when they
        read only the board and its pieces)."""
        k = s.v_kind[v]
        if k < 0:
            return 0
        y = s.rules_state.yield_now.get(k, self.game.piece_yield[k])
        if self.yield_static:
            memo = s.rules_state.piece_memo(s.piece_moves)
            delta = memo.get(("yield", v))
            if delta is None:
                delta = memo[("yield", v)] = self.modified(s, "yield", s.v_owner[v],
                                                           {"x": v, "#x": "vertex"})
            y += delta
        elif self.yield_modified:
            y += self.modified(s, "yield", s.v_owner[v], {"x": v, "#x": "vertex"})
        return max(0, y)

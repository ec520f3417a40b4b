"""Compiled forbid and modifier rules + a state, a player and the parameters of a query → the
first forbid that holds, or the modifiers' total (memoised per board or per listing where what
a rule reads allows)."""

from __future__ import annotations

from typing import Any

from catan_dsl.engine.rules.measure_memo import LIMIT

# Off, every forbid and modifier is asked through an env built for it and the memo memo_for
# picks (the reference for RuleQueries._asker's kept answers; read when a game is built).
ASK_KEPT = True


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
    # The buildings' memo read here while its key holds (State.buildings_kept, not called):
    # asked for every trade ratio and cost of a row whose harbors and costs markers decide.
    if kind == "buildings_unit_blind":
        rs = s.rules_state
        key = (s.building_moves, rs.place_moves - rs.unit_moves, rs.shape_moves)
        memo = s.building_memo
        return memo[1] if memo is not None and memo[0] == key else s.buildings_kept(key)
    if kind == "markers":
        return markers_kept(s)
    if kind is None:
        return None
    if kind == "pieces":
        return s.rules_state.piece_memo(s.piece_moves)
    if kind == "buildings":
        return s.buildings_kept(s.building_moves)
    if kind == "unit_blind":
        return s.rules_state.unit_blind_memo(s.piece_moves)
    return s.rules_state.position_memo(s.piece_moves)


def markers_kept(s) -> dict:
    """Answers read off the layout and the markers alone (Rule.markers_only), kept per board
    (a hex changed makes a new one) until a marker moves, pieces built or not (the memo is
    RulesState.markers_kept_, read here without a method call: asked per rule and spot)."""
    rs = s.rules_state
    memo = rs.markers_kept_
    if memo is None or memo[0] != rs.place_moves - rs.unit_moves or memo[1] is not s.board:
        memo = rs.markers_kept_ = (rs.place_moves - rs.unit_moves, s.board, {})
    return memo[2]


def _piece_kept(s) -> dict:
    return s.rules_state.piece_memo(s.piece_moves)


def _unit_blind_kept(s) -> dict:
    return s.rules_state.unit_blind_memo(s.piece_moves)


def _position_kept(s) -> dict:
    return s.rules_state.position_memo(s.piece_moves)


def _kept_for(rule):
    """``s →`` the memo a rule's answers are kept in (memo_for, outside a listing), or None."""
    if rule.board_static:
        return _piece_kept
    if not rule.position_static:
        return None
    if rule.markers_only:
        return markers_kept
    return _unit_blind_kept if rule.unit_blind else _position_kept


def _sources(rule) -> tuple | None:
    """Where each variable the rule reads takes its value from, in ``reads`` order, as _env
    binds them: a parameter's name, _PLAYER, or None (unbound: None in the env too); None when
    two bindings write one variable or one writes the player."""
    names = [var for _, var in rule.bind]
    if len(set(names)) != len(names) or "player" in names:
        return None
    src: dict = {"player": _PLAYER}
    for param, var in rule.bind:
        src[var] = param
        if param in ("at", "x"):
            src["#" + var] = "#" + param      # absent from params: None, as env leaves it unset
    return tuple(src.get(n) for n in rule.reads)


_PLAYER = object()          # _sources: the variable is the player asking


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
                got = memo[key] = self._first_in(self.forbids.get(what, ()), s, player, params)
            return got
        return self._first_in(self.forbids.get(what, ()), s, player, params)

    def _first_forbid(self, s, what: str, player: int, params: dict) -> Any:
        return self._first_in(self.forbids.get(what, ()), s, player, params)

    def prepare_asks(self) -> None:
        """Give every forbid and modifier its ``ask`` (_asker), once the rules know what they
        read (Rule.markers_only is set by the runtime)."""
        for rules in (*self.forbids.values(), *self.modifiers.values()):
            for rule in rules:
                rule.ask = self._asker(rule) if ASK_KEPT else None

    def _asker(self, rule):
        """``rule`` → ``ask(s, player, params)``: None when its filter fails, else whether it
        holds (a forbid) or its value (None when its condition fails: a modifier), kept in the
        memo memo_for would name outside a listing, keyed by the values it reads taken straight
        from ``params`` — no env built, no memo chosen, no key read off an env unless the answer
        is not kept yet; one kept in no such memo, through _afresh. None: asked as written (a
        layout guard, or bindings _sources cannot key)."""
        kept, srcs = _kept_for(rule), _sources(rule)
        if rule.layout_guard is not None:
            return None
        if kept is None:
            return self._afresh(rule)
        if srcs is None:
            return None
        flt, rid, when, value, env_of = rule.filter, id(rule), rule.when, rule.value, self._env
        # Up to two parameters read, not the player (a spot and its tag): the key is written
        # out, a missing second read standing as None (params has no None key).
        plain = len(srcs) <= 2 and _PLAYER not in srcs
        a, b = (*srcs, None, None)[:2]

        def key_of(player, params):
            return (rid, *[player if src is _PLAYER else params.get(src) for src in srcs])
        if rule.kind == "forbid":
            def ask(s, player, params):
                for k, v in flt:
                    if params.get(k) != v:
                        return None
                memo = kept(s)
                key = (rid, params.get(a), params.get(b)) if plain else key_of(player, params)
                hit = memo.get(key)
                if hit is None:
                    hit = memo[key] = bool(when(s, env_of(rule, player, params)))
                return hit
            return ask

        def ask_value(s, player, params):
            for k, v in flt:
                if params.get(k) != v:
                    return None
            memo = kept(s)
            key = (rid, params.get(a), params.get(b)) if plain else key_of(player, params)
            got = memo.get(key, memo)
            if got is memo:
                env = env_of(rule, player, params)
                got = memo[key] = value(s, env) if when is None or when(s, env) else None
            return got
        return ask_value

    def _afresh(self, rule):
        """``ask`` for a rule kept in no memo but a listing's: its env built in the closure,
        none kept outside a listing (as _first_in and modified ask it; no memo_for call)."""
        flt, rid, when, value, read_key = rule.filter, id(rule), rule.when, rule.value, \
            rule.read_key
        binds = tuple((param, var, "#" + param if param in ("at", "x") else None, "#" + var)
                      for param, var in rule.bind)
        forbid = rule.kind == "forbid"

        def ask(s, player, params):
            for k, v in flt:
                if params.get(k) != v:
                    return None
            if forbid and when is None:
                return True
            env = {"player": player}
            for param, var, tag, var_tag in binds:
                env[var] = params.get(param)
                if tag is not None and tag in params:
                    env[var_tag] = params[tag]
            memo = self.listing_memo if s is self.listing_state else None
            if memo is None:
                if forbid:
                    return when(s, env)
                return value(s, env) if when is None or when(s, env) else None
            key = (rid, read_key(env))
            if forbid:
                hit = memo.get(key)
                if hit is None:
                    hit = memo[key] = bool(when(s, env))
                return hit
            got = memo.get(key, memo)
            if got is memo:
                got = memo[key] = value(s, env) if when is None or when(s, env) else None
            return got
        return ask

    def _first_in(self, rules, s, player: int, params: dict) -> Any:
        """The first of the forbid ``rules`` that holds for ``params``, or None."""
        for rule in rules:
            ask = rule.ask
            if ask:
                if ask(s, player, params):
                    return rule
                continue
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
            ask = rule.ask
            if ask:
                v = ask(s, player, params)
            else:
                env = self._env(rule, player, params)
                if env is None:
                    continue
                memo = self.memo_for(s, rule)
                if memo is not None:         # as in forbidden(): once per value of what it reads
                    key = (id(rule), rule.read_key(env))
                    v = memo.get(key, memo)
                    if v is memo:
                        v = memo[key] = rule.value(s, env) \
                            if rule.when is None or rule.when(s, env) else None
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

"""IR ``robbers`` (``robber NAME { on sea; robs PIECE ... }``) → a second robber-like piece:
where each stands, the hexes it may move to, its moves offered beside the land robber's (the 7
and the Knight let the mover pick which robber goes where), and the players it robs."""

from __future__ import annotations

from typing import NamedTuple

from catan_dsl.engine.actions import MoveRobber
from catan_dsl.engine.base import turn_flow
from catan_dsl.engine.events import RobberMoved
from catan_dsl.engine.prompts import CHOOSE_VICTIM, Prompt
from catan_dsl.engine.rules.measure_memo import PerBoard

LAND = "robber"          # the land robber's name in a forbid's list (forbid robber_move robber|…)
# A declared robber's moves per board and place when no robber_move forbid exists: every other
# sea hex, the same whenever it stands where it stands (listed on every 7 and Knight).
_UNFORBIDDEN = PerBoard()
# Off, the land robber's moves are listed afresh on every robber prompt (the reference for
# the moves kept there per board and place when no robber_move forbid exists or only forbids
# reading the layout do).
KEEP_LAND_MOVES = True
# Off, the land robber's targets under forbids are asked hex by hex without the listing memos
# (the reference for what a forbid reads of every hex, a player's VP, worked out once a listing).
LISTED_TARGETS = True
# Off, a declared robber's moves without forbids are kept per board and place, each place's
# worked out afresh (the reference for `_every_other`; read on every robber prompt).
ALL_SEA_MOVES = True


class RobberSpec(NamedTuple):
    name: str
    on: str                      # "sea": it stands on the sea's hexes
    robs: frozenset[int]         # piece kinds whose owners beside its hex it robs


def robber_specs(game, ir: dict) -> tuple[RobberSpec, ...]:
    """The declared robbers in declared order; one that names no pieces robs the owners of the
    path pieces on the sides of its hex."""
    pix = {p: i for i, p in enumerate(game.piece_names)}
    paths = frozenset(k for k in range(len(game.piece_names)) if game.piece_on_edge[k])
    return tuple(RobberSpec(name, r["on"], frozenset(pix[p] for p in r["robs"])
                            if "robs" in r else paths)
                 for name, r in (ir.get("robbers") or {}).items())


def starts(rules, s) -> list[int]:
    """Where each declared robber starts on this board: a sea hex's id, or -1 (off the board,
    also for a board that names no start for it)."""
    b = rules.ir["board"]
    at = (b.get("robber") or {}).get("starts") or {}
    out = []
    for r in rules.robbers:
        where = at.get(r.name)
        out.append(s.board.n_hexes + where["sea"] if isinstance(where, dict) else -1)
    return out


def water(s) -> list[int]:
    """The hexes of the sea in id order: the frame's (ids after the land's), then land turned
    to sea."""
    b = s.board
    return sorted(b.hex_water) + list(range(b.n_hexes, b.n_hexes + b.n_sea))


def targets(rules, s, p: int, r: int) -> list[int]:
    """The hexes declared robber ``r`` (1, 2 ...) may move to now: any other sea hex no
    ``forbid robber_move NAME to h`` holds for."""
    spec = rules.robbers[r - 1]
    here = s.rules_state.robbers[r - 1]
    per_board = rules.layout_forbids.get("robber_move")
    memo = key = None
    if per_board is not None:
        # Every robber_move forbid reads only the layout: the hexes are the same on this board
        # whenever the robber stands here (asked on every 7 and Knight, of every sea hex).
        memo, key = per_board.of(s.board), ("targets", r, here)
        got = memo.get(key)
        if got is not None:
            return list(got)
    cands = [h for h in water(s) if h != here]
    if rules.forbids.get("robber_move"):
        cands = [h for h in cands
                 if not rules.forbidden(s, "robber_move", p, {"to": h, "robber": spec.name})]
    if memo is not None:
        memo[key] = tuple(cands)
    return cands


def move_action(rules, r: int, h: int) -> MoveRobber:
    """Declared robber ``r``'s move to ``h``, interned."""
    key = ("robber", r, h)
    a = rules._actions.get(key)
    if a is None:
        a = rules._actions[key] = MoveRobber(h, r, rules.robbers[r - 1].name)
    return a


def legal(rules, s, p: int, only: int | None, out: list) -> None:
    """Append the declared robbers' moves (``only``: that robber's alone) to a robber prompt's
    options, after the land robber's: one list, so choosing where is choosing which."""
    for r in range(1, len(rules.robbers) + 1):
        if only is None or only == r:
            out.extend(_moves(rules, s, p, r))


def _moves(rules, s, p: int, r: int) -> tuple:
    """Declared robber ``r``'s moves now, kept as its target hexes are, per board and place,
    when no forbid or only forbids reading the layout can drop one (`targets`)."""
    per_board = rules.layout_forbids.get("robber_move")
    if per_board is None and not rules.forbids.get("robber_move"):
        if ALL_SEA_MOVES:
            return _every_other(rules, s, r)
        per_board = _UNFORBIDDEN
    if per_board is None:
        return tuple(move_action(rules, r, h) for h in targets(rules, s, p, r))
    memo = per_board.of(s.board)
    key = ("moves", r, s.rules_state.robbers[r - 1])
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple(move_action(rules, r, h) for h in targets(rules, s, p, r))
    return got


def _every_other(rules, s, r: int) -> tuple:
    """Declared robber ``r``'s moves when no forbid can drop one: its moves to every sea hex
    of the board but the one it stands on, cut out of the board's moves to all of them (kept
    per board, not per board and place: the robber stands somewhere else on most 7s)."""
    memo = _UNFORBIDDEN.of(s.board)
    got = memo.get(("every move", r))
    if got is None:
        hexes = water(s)
        got = memo[("every move", r)] = ({h: i for i, h in enumerate(hexes)},
                                          tuple([move_action(rules, r, h) for h in hexes]))
    at, moves = got
    i = at.get(s.rules_state.robbers[r - 1])
    return moves if i is None else moves[:i] + moves[i + 1:]


def apply_move(s, a: MoveRobber, prompt) -> None:
    """The chosen robber goes there; its victims are then robbed as the land robber's are."""
    p = prompt.player
    s.prompts.pop()
    spots = s.rules_state.robbers
    old = spots[a.robber - 1]
    spots[a.robber - 1] = a.hex
    s.emit(RobberMoved(p, a.hex, old, a.name))
    rob(s, p, a.hex, a.robber)


def rob(s, p: int, h: int, r: int) -> None:
    """``p`` robs one of robber ``r``'s victims at ``h`` (a prompt when there are several)."""
    vs = victims(s, p, h, r)
    if len(vs) == 1:
        turn_flow.push_steal(s, p, vs[0])
    elif vs:
        s.prompts.append(Prompt(CHOOSE_VICTIM, p, (h, r)))


def victims(s, p: int, h: int, r: int) -> list[int]:
    """The real players other than ``p`` holding a card who own a piece robber ``r`` robs
    beside hex ``h`` (a path piece on one of its sides, a building on one of its corners),
    less those a ``forbid steal`` protects."""
    rules = s.game.rules
    if h < 0:
        return []
    robs = rules.robbers[r - 1].robs
    owners = {s.e_owner[e] for e in rules.hex_edges[h] if s.e_kind[e] in robs}
    owners |= {s.v_owner[v] for v in s.board.hex_vertices[h] if s.v_kind[v] in robs}
    found = sorted(q for q in owners if 0 <= q < rules.n_real and q != p and any(s.hand[q]))
    if found and rules.forbids.get("steal"):
        found = [q for q in found if not rules.forbidden(s, "steal", p, {"from": q})]
    return found



class RobberMoves:
    """Mixed into RulesRuntime: the hexes each robber may move to and a robber prompt's options
    (uses its ``forbids``, ``forbidden``, ``robbers``, ``_where`` and the game's actions)."""

    def robber_targets(self, s, p: int) -> tuple[list[int], bool]:
        """Hexes the land robber may move to, and whether the move is forced (fallback). With
        declared robbers, a ``forbid robber_move`` naming none is the land robber's."""
        shut = s.board.hex_hidden | s.board.hex_water      # never face down, never sea
        if not self.forbids.get("robber_move"):
            return [h for h in range(s.board.n_hexes) if h != s.robber and h not in shut], False
        per_board = self.layout_forbids.get("robber_move")
        if per_board is not None:           # as for a declared robber's targets (above)
            memo, key = per_board.of(s.board), ("land targets", s.robber)
            ok = memo.get(key)
            if ok is None:
                ok = memo[key] = tuple(self._allowed_land(s, p, shut))
            ok = list(ok)
        else:
            ok = self._allowed_land(s, p, shut)
        if ok:
            return ok, False
        for rule in self.forbids["robber_move"]:
            if rule.fallback and all(v == LAND for k, v in rule.filter if k == "robber"):
                h = self._where(s, rule.fallback)
                if h is not None:
                    return [h], True
        return [], True

    def land_move_forced(self, s, p: int, h: int) -> bool:
        """robber_targets(s, p)[1] for the land robber's move to ``h``: when no forbid holds
        for ``h`` itself the list of allowed hexes is not empty, so the move was not forced;
        only a move elsewhere (a fallback) needs every hex asked. With no forbid, never."""
        if not self.forbids.get("robber_move"):
            return False
        if 0 <= h != s.robber and h not in s.board.hex_hidden and h not in s.board.hex_water \
                and not self.forbidden(s, "robber_move", p, self._land_query(h)):
            return False
        return self.robber_targets(s, p)[1]

    def _allowed_land(self, s, p: int, shut) -> list[int]:
        """The land hexes other than the robber's no robber_move forbid holds for: asked with
        the listing memos live, as a listing (nothing changes while the hexes are tested, so
        what a forbid reads of every hex — a player's VP — is worked out once)."""
        own = LISTED_TARGETS and self.listing_state is None
        if own:
            self.listing_memo, self.listing_state = {}, s
        try:
            return [h for h in range(s.board.n_hexes) if h != s.robber and h not in shut
                    and not self.forbidden(s, "robber_move", p, self._land_query(h))]
        finally:
            if own:
                self.listing_memo = self.listing_state = None

    def _land_query(self, h: int) -> dict:
        return {"to": h, "robber": LAND} if self.robbers else {"to": h}

    def legal_move_robber(self, s, prompt) -> list:
        """The land robber's moves, then each declared robber's: choosing where is choosing
        which. A prompt naming one robber (params: its number, 0 the land robber's) offers that
        robber's moves alone."""
        only = prompt.params[0] if prompt.params else None
        out = []
        if not only:
            per_board = self.layout_forbids.get("robber_move") if self.forbids.get(
                "robber_move") else _UNFORBIDDEN
            if per_board is None or not KEEP_LAND_MOVES:
                out = self._land_moves(s, prompt.player)
            else:
                # No forbid, or only forbids reading the layout: the land robber's moves are the
                # same on this board whenever it stands where it stands (listed on every 7 and
                # Knight), unless no hex was allowed (a fallback's, not kept).
                memo = per_board.of(s.board)
                key = ("land moves", s.robber)
                got = memo.get(key)
                if got is None:
                    hexes, forced = self.robber_targets(s, prompt.player)
                    got = tuple(self._move_actions(hexes))
                    if not forced:
                        memo[key] = got
                out = list(got)
        if self.robbers and only != 0:
            legal(self, s, prompt.player, only, out)
        return out

    def _land_moves(self, s, p: int) -> list:
        return self._move_actions(self.robber_targets(s, p)[0])

    def _move_actions(self, hexes) -> list:
        """The land robber's moves to ``hexes`` (-1: off the board)."""
        t = self.game.actions
        return [t.robber_off if h < 0 else t.move_robber[h] for h in hexes]

    def robber_move(self, r: int, h: int) -> MoveRobber:
        """Declared robber ``r``'s move to hex ``h`` (parse_action)."""
        return move_action(self, r, h)

    def robber_victims(self, s, p: int, h: int, r: int) -> list[int]:
        """Whom ``p`` may rob with declared robber ``r`` standing on ``h`` (turn_flow.victims)."""
        return victims(s, p, h, r)

    def move_named_robber(self, s, a: MoveRobber, prompt) -> None:
        apply_move(s, a, prompt)

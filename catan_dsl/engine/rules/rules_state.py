"""Per-game mutable data of the rules mechanisms (counters, decks, marks, limits) → plain lists, cloned cheaply."""

from __future__ import annotations

_LISTS = ("supply", "pile", "spent", "box", "drawn", "chains", "shared", "marker_supply",
          "robbers")
_NESTED = ("counters", "multi", "markers", "units", "unit_supply")
_DEEP = ("held",)
_SCALARS = ("robber_forced", "rerolled", "built_turn", "start", "resolving", "turn_phase")
_DICTS = ("marks", "uses_turn", "uses_game", "yield_now", "revealed")


_copy = list.copy


class RulesState:
    """Everything the rules add to a State; absent (None) for the base game."""

    __slots__ = (*_LISTS, *_NESTED, *_DEEP, *_SCALARS, *_DICTS, "fingerprint", "vp_cache",
                 "board_memo", "place_moves", "unit_moves", "shape_moves", "unit_memo",
                 "marker_memo", "markers_kept_", "position_memo_", "unit_blind_memo_",
                 "quiet_steps", "built_now", "route_ends")

    def __init__(self, rules) -> None:
        n = rules.n_total
        g = rules.game
        # A shared counter (a track) has one value, here; its per-player entries stay 0.
        self.counters = [[c.start if p < rules.n_real and not c.shared else 0
                          for c in rules.counters] for p in range(n)]
        self.shared = [c.start if c.shared else 0 for c in rules.counters] \
            if rules.any_shared else []
        # Counter supply: None = unlimited; the per-player start comes out of the supply.
        self.supply = [None if c.supply is None or c.shared else c.supply - c.start * rules.n_real
                       for c in rules.counters]
        self.pile = [list(d.counts) for d in rules.decks]          # items still to draw
        self.spent = [[0] * len(d.items) for d in rules.decks]     # spent / discarded items
        self.held = [[[0] * len(d.items) for _ in range(n)] for d in rules.decks]
        for di, d in enumerate(rules.decks):
            for p in range(rules.n_real):
                for i, k in enumerate(d.start):
                    self.held[di][p][i] += k
                    self.pile[di][i] -= k
        self.drawn = [0] * len(rules.decks)                        # draws since the last shuffle
        self.chains = rules.chains.initial()                       # engine/chains.py layout
        # Markers per kind per hex, and each kind's supply (None: unlimited).
        self.markers = [[0] * (rules.paths.n_edges if on == "edge" else len(rules.hex_edges))
                        for on in rules.marker_on]
        self.marker_supply = [m[1] for m in rules.marker_specs]
        # Units per kind: the owner + 1 on each path (0: none), and each player's supply.
        n_vertices = len(rules.vertex_hexes_static)
        self.units = [[0] * (n_vertices * n if on == "vertex" else rules.paths.n_edges)
                      for on in rules.unit_on]
        self.unit_supply = [[each] * n for _, each in rules.unit_specs]  # neutral seats too
        self.box = [0] * len(g.cards)                           # played cards given back
        # Where each declared robber stands (robbers.py; -1 off the board), set by init_state.
        self.robbers: list[int] = [-1] * len(rules.robbers)
        # The places (a vertex id, or n_vertices + a path's id) of the pieces placed in this
        # turn, kept only when a rule asks built_this_turn (None otherwise, and in the digest).
        self.built_now: set[int] | None = set() if rules.tracks_built else None
        self.multi = [[] for _ in g.specials]                   # all_min holders per special
        self.robber_forced = False
        self.rerolled = False
        self.built_turn = False
        # The turn's phase: 0 trading and building, then the declared phases from 1 (only
        # forward; back to 0 at each turn's start).
        self.turn_phase = 0
        self.start = 0
        self.fingerprint: tuple | list = ()                   # inputs of the last measure update
        # (State.piece_moves, shape_moves, place_moves, values): the VP modifiers' values at the
        # last position asked (vp_memo.py).
        self.vp_cache: tuple | None = None
        # (State.piece_moves, {rule and values read: result}) for conditions that read only the
        # board and its pieces (CompiledRules.memo_for); a clone starts without one.
        self.board_memo: tuple | None = None
        # ((piece, place and shape moves), {rule and values read: result}) for conditions that
        # read the pieces, markers, units, marks and chains too (position_memo).
        self.position_memo_: tuple | None = None
        self.resolving = ""                                     # card whose effect is under way
        # Counts every marker or unit that moved (like State.piece_moves): caches compare it
        # instead of the tables. Not part of the digest: it is derived bookkeeping.
        self.place_moves = 0
        # Counts the unit moves among them: place_moves - unit_moves counts the marker moves, so
        # what reads markers but no unit is kept while units move (unit_blind_memo).
        self.unit_moves = 0
        # Counts every change of a mark or a chain piece, likewise (the VP memo compares it).
        self.shape_moves = 0
        # {(unit kind, player): places} for units(p, U) (units.py), dropped (None) when a unit
        # moves unless the mover keeps it (units_moved): read with no count compared; and
        # (marker moves, {...}) for the places carrying a marker (domains.py); a clone starts
        # without either.
        self.unit_memo: dict | None = None
        self.marker_memo: tuple | None = None
        # (marker moves, board, {rule and values read: answer}) for forbids and modifiers that
        # read only the layout and the markers (queries.markers_kept); a clone starts without.
        self.markers_kept_: tuple | None = None
        # {path: route_end's answer} (piece_moves.py), each dropped when a piece comes, goes or
        # changes at the path's ends (networks.forget_route_ends); a clone starts without.
        self.route_ends: dict | None = None
        # Like position_memo_, for what reads no unit (its key leaves unit moves out).
        self.unit_blind_memo_: tuple | None = None
        # Rule and chance steps spent since a player last chose (execution.py's budget carries
        # them over chance outcomes). Bookkeeping, not part of the digest.
        self.quiet_steps = 0
        self.marks: dict[str, tuple[str, ...]] = {}            # "v12"/"e3" -> marks
        self.uses_turn: dict[str, int] = {}
        self.uses_game: dict[str, int] = {}
        self.yield_now: dict[int, int] = {}                     # piece kind -> yield, next production
        self.revealed: dict[str, int] = {}                      # item name -> 1 once public

    def piece_memo(self, piece_moves: int) -> dict:
        """Answers read off the board and its pieces, kept while no piece moves (``piece_moves``
        is the State's count); a clone starts without them."""
        memo = self.board_memo
        if memo is None or memo[0] != piece_moves:
            memo = self.board_memo = (piece_moves, {})
        return memo[1]

    def position_memo(self, piece_moves: int) -> dict:
        """Answers read off the pieces, markers, units, marks and chains, kept while none of
        them moves; a clone starts without them."""
        key = (piece_moves, self.place_moves, self.shape_moves)
        memo = self.position_memo_
        if memo is None or memo[0] != key:
            memo = self.position_memo_ = (key, {})
        return memo[1]

    def markers_moved(self) -> None:
        """Say that a marker was put, taken or moved: the memos keyed by the moves see it."""
        self.place_moves += 1

    def units_moved(self, keep: bool = False) -> dict | None:
        """Say that a unit was put, taken or moved, likewise. ``keep``: the units memo kept for
        the position before is carried over and returned, for the mover to bring the moved
        units' entry up to date (None: there was none, or ``keep`` false, and it is dropped)."""
        self.place_moves += 1
        self.unit_moves += 1
        if not keep:
            self.unit_memo = None
        return self.unit_memo

    def unit_blind_memo(self, piece_moves: int) -> dict:
        """Answers read off the pieces, markers, marks and chains but no unit, kept while none of
        them moves (a unit may: units that march every turn would otherwise drop, on each
        move, what only markers decide); a clone starts without them."""
        key = (piece_moves, self.place_moves - self.unit_moves, self.shape_moves)
        memo = self.unit_blind_memo_
        if memo is None or memo[0] != key:
            memo = self.unit_blind_memo_ = (key, {})
        return memo[1]

    def units_memo(self) -> dict:
        """Answers read off the units alone (units(p, U)), kept while no unit moves or, by
        the mover, brought up to date (units_moved); a clone starts without them."""
        memo = self.unit_memo
        if memo is None:
            memo = self.unit_memo = {}
        return memo

    def markers_memo(self) -> dict:
        """Answers read off the markers alone (the places carrying one), kept until a marker
        moves; a clone starts without them."""
        moved = self.place_moves - self.unit_moves
        memo = self.marker_memo
        if memo is None or memo[0] != moved:
            memo = self.marker_memo = (moved, {})
        return memo[1]

    def clone(self) -> "RulesState":
        # Field by field, not by getattr over the field lists: the greedy bot clones a state for
        # every option it weighs, and the loops were half of this copy. A test checks that every
        # slot is copied (tests/engine/rules/test_rules_state_clone.py).
        c = RulesState.__new__(RulesState)
        c.supply, c.box, c.drawn = self.supply[:], self.box[:], self.drawn[:]
        c.chains, c.shared, c.marker_supply = self.chains[:], self.shared[:], self.marker_supply[:]
        c.robbers = self.robbers[:]
        c.built_now = None if self.built_now is None else set(self.built_now)
        c.pile, c.spent = [*map(_copy, self.pile)], [*map(_copy, self.spent)]
        c.counters, c.multi = [*map(_copy, self.counters)], [*map(_copy, self.multi)]
        c.markers, c.units = [*map(_copy, self.markers)], [*map(_copy, self.units)]
        c.unit_supply = [*map(_copy, self.unit_supply)]
        c.held = [[*map(_copy, deck)] for deck in self.held]
        c.robber_forced, c.rerolled, c.built_turn = self.robber_forced, self.rerolled, self.built_turn
        c.start, c.resolving, c.turn_phase = self.start, self.resolving, self.turn_phase
        c.marks, c.uses_turn, c.uses_game = dict(self.marks), dict(self.uses_turn), dict(self.uses_game)
        c.yield_now, c.revealed = dict(self.yield_now), dict(self.revealed)
        c.fingerprint = self.fingerprint
        c.place_moves, c.unit_moves, c.shape_moves = self.place_moves, self.unit_moves, self.shape_moves
        c.vp_cache, c.quiet_steps = self.vp_cache, self.quiet_steps
        c.board_memo = None
        c.position_memo_ = c.unit_blind_memo_ = None
        c.unit_memo = c.marker_memo = c.markers_kept_ = c.route_ends = None
        return c

    def to_dict(self) -> dict:
        d: dict = {f: getattr(self, f) for f in _SCALARS}
        for f in (*_LISTS, *_NESTED):
            d[f] = [list(x) if isinstance(x, list) else x for x in getattr(self, f)]
        d["held"] = [[list(r) for r in deck] for deck in self.held]
        for f in _DICTS:
            d[f] = {k: (list(v) if isinstance(v, tuple) else v)
                    for k, v in sorted(getattr(self, f).items(), key=lambda kv: str(kv[0]))}
        if not self.turn_phase:
            del d["turn_phase"]  # in the first phase (always, without phases): digests unchanged
        if not self.shared:
            del d["shared"]      # no shared counters: the digests of existing games stay as they were
        if not self.markers:
            del d["markers"], d["marker_supply"]      # likewise without markers
        if not self.units:
            del d["units"], d["unit_supply"]
        if not self.robbers:
            del d["robbers"]            # likewise without a declared robber
        if self.built_now is not None:
            d["built_now"] = sorted(self.built_now)
        return d

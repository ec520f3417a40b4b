"""VP modifiers that read only pieces, chains, marks, markers and units → per-player extra VP
memoised by position."""

from __future__ import annotations

import math
from typing import Any, Callable

from catan_dsl.engine.rules.domains import conjuncts
from catan_dsl.engine.rules.measure_memo import (BOARD_FUNCTIONS, BUILDING_FUNCTIONS, board_only,
                                                 position_memo)

# Beyond the board-only functions a VP modifier may read chain pieces, marks, markers on hexes
# and units on paths: all are in the memo key, so the cached value is still a pure function of
# the key. The rest are fixed by the board.
VP_FUNCTIONS = BOARD_FUNCTIONS | {"occupied", "marked", "markers", "marker_supply", "units",
                                  "unit_owner", "unit_supply", "pips", "clockwise_from",
                                  "paths_within", "path_distance", "parallel"}
# What a rule may read to be kept until something on the board moves (RulesState.position_memo).
POSITION_FUNCTIONS = VP_FUNCTIONS | {"harbor_ratio", "vertices", "edges"}
LIMIT = 4096        # positions kept per board before the memo starts again (bounded memory)
# Off, every piece moved (a road too) asks the VP modifiers again (the reference for
# reads_no_path_piece's memo; read when a game is built).
KEEP_WHILE_PATHS_MOVE = True


MARKER_READERS = frozenset({"markers", "marker_supply"})
UNIT_READERS = frozenset({"units", "unit_owner", "unit_supply", "occupied"})
# What a rule may read to be kept while only units move (RulesState.unit_blind_memo).
UNIT_BLIND_FUNCTIONS = POSITION_FUNCTIONS - UNIT_READERS


def heads(expr: Any, out: set[str]) -> set[str]:
    """Every head (function or operator name) an IR expression calls."""
    if isinstance(expr, list) and expr:
        if isinstance(expr[0], str):
            out.add(expr[0])
        for x in expr[1:]:
            heads(x, out)
    return out


_ANY = (-math.inf, math.inf)


def bounds(expr: Any) -> tuple[float, float]:
    """The least and greatest value an IR integer expression can take, from its constants and
    arithmetic alone ("0 - (2 if … else 1)" lies in -2..-1); anything else may be anything."""
    if isinstance(expr, bool) or not isinstance(expr, (int, list)):
        return _ANY
    if isinstance(expr, int):
        return expr, expr
    head, args = (expr[0], expr[1:]) if expr else (None, [])
    if head == "if" and len(args) == 3:
        (a, b), (c, d) = bounds(args[1]), bounds(args[2])
        return min(a, c), max(b, d)
    if head == "-" and len(args) == 1:
        a, b = bounds(args[0])
        return -b, -a
    if head in ("+", "-") and len(args) == 2:
        (a, b), (c, d) = bounds(args[0]), bounds(args[1])
        return (a + c, b + d) if head == "+" else (a - d, b - c)
    return _ANY


def place_kinds(rule: dict, on_edge: dict[str, bool]) -> frozenset[str]:
    """The kinds of place ("vertex", "edge") a ``modifier vp … for X where COND`` rule can give
    VP to: a conjunct "piece(X) == NAME", or an ``or`` of such, names the pieces it allows, and
    each piece lies on one kind (``on_edge`` by piece name). Both kinds when COND says nothing."""
    var = dict(rule.get("bind") or {}).get("x")
    both = frozenset(("vertex", "edge"))

    def allowed(node: Any) -> frozenset[str]:
        if isinstance(node, list) and len(node) > 1 and node[0] == "or":
            return frozenset().union(*map(allowed, node[1:]))
        if isinstance(node, list) and len(node) == 3 and node[0] == "==":
            for probe, name in ((node[1], node[2]), (node[2], node[1])):
                if probe == ["piece", ["var", var]] and isinstance(name, str) and name in on_edge:
                    return frozenset(("edge",) if on_edge[name] else ("vertex",))
        return both

    kinds = both
    for part in conjuncts(rule.get("when")) if var is not None and rule.get("when") else ():
        kinds = kinds & allowed(part)
    return kinds


def most_per_place(rules: list[dict], kinds: frozenset[str]) -> float | None:
    """The most VP the piece modifiers can add to one building, from their values' bounds (0:
    they can only take VP away). None when that is unbounded, or when a rule may pay an edge
    piece (the bound would then have to count paths as well)."""
    most = sum(max(0, bounds(r.get("value", 0))[1]) for r in rules)
    if most == 0:
        return 0
    return most if most < math.inf and "edge" not in kinds else None


def headroom(specials: Any, player_vp_rules: list[dict]) -> float | None:
    """The most VP the special cards and the per-player VP modifiers can add to what a player's
    pieces and cards earn (from the cards' VP and the modifiers' value bounds); None when a
    modifier's value is unbounded."""
    most = sum(max(0, sp.vp) for sp in specials) + sum(
        max(0, bounds(r.get("value", 0))[1]) for r in player_vp_rules)
    return most if most < math.inf else None


def memoisable(rules: list[dict], functions: Any) -> bool:
    """True when every VP modifier's condition and value call only VP_FUNCTIONS."""
    return all(board_only(r.get("when"), functions, VP_FUNCTIONS)
               and board_only(r.get("value", 0), functions, VP_FUNCTIONS) for r in rules)


def reads_no_path_piece(rules: list[dict], functions: Any, kinds: frozenset[str],
                        building_kinds: frozenset[str], unit_names: Any) -> bool:
    """True when the VP modifiers, which pay only buildings (``kinds``: vertices), read of the
    pieces only their own building (``piece(X)``, ``owner(X)``) and the buildings
    (``pieces(p, K)`` of a building kind K), besides the layout, markers and units on places
    (``occupied(e, U)`` of a unit or a chain U): their values stay while roads and other path pieces
    come and go."""
    if kinds != frozenset(("vertex",)):
        return False
    allowed = BUILDING_FUNCTIONS | UNIT_READERS - {"occupied"}

    def ok(expr: Any, own: Any) -> bool:
        if not isinstance(expr, list) or not expr:
            return True
        head = expr[0]
        if head in ("piece", "owner"):
            if expr[1:] != [["var", own]]:
                return False
        elif head == "pieces":
            if len(expr) != 3 or expr[2] not in building_kinds:
                return False
        elif head == "occupied":
            if len(expr) != 3 or expr[2] not in unit_names:
                return False
        elif isinstance(head, str) and head in functions and head not in allowed:
            return False
        return all(ok(x, own) for x in expr[1:])
    return all(ok(r.get(k), dict(r.get("bind") or {}).get("x")) for r in rules
               for k in ("when", "value"))


def _placed_names(compiled: Any) -> set[str]:
    """What ``occupied(x, NAME)`` reads without reading a piece: a unit, or a chain that is no
    piece's name (functions.f_occupied), both in VpMemo's key."""
    chains = compiled.chains
    return set(compiled.unit_index) | ({n for n in chains.index if n not in compiled.piece_index}
                                       if chains else set())


class VpMemo:
    """Extra VP from modifiers for every player by (board, owners, kinds, chains, marks): the
    victory check asks after every action, yet pieces move on few of them. Values are a pure
    function of the key, so states and clones share the memo."""

    def __init__(self, rules: list[dict] | None = None, compiled: Any = None) -> None:
        # id(board) → (board, {position: per-player values}); see position_memo.
        self.values: dict[int, tuple[Any, dict[tuple, dict[int, int]]]] = {}
        # Markers and units go into the key only when a modifier reads them: a knight moving
        # leaves the value of buildings lying down on conquered hexes as it was.
        read: set[str] = set()
        for r in rules or ():
            heads(r.get("when"), read)
            heads(r.get("value", 0), read)
        self.reads_markers = bool(read & MARKER_READERS)
        self.reads_units = bool(read & UNIT_READERS)
        # Reading no path piece (reads_no_path_piece), the values are kept while only path
        # pieces move: by State.building_moves, the paths' owners and kinds out of the key.
        self.no_paths = KEEP_WHILE_PATHS_MOVE and compiled is not None and reads_no_path_piece(
            rules or [], compiled.functions, compiled.vp_kinds, compiled.building_kinds,
            _placed_names(compiled))

    def get(self, s, p: int, compute: Callable[[Any, int], int]) -> int:
        """``p``'s extra VP at ``s``'s position: kept, or ``compute(s, p)``."""
        vals = self.position(s)
        v = vals.get(p)
        if v is None:
            v = vals[p] = compute(s, p)
        return v

    def position(self, s) -> dict[int, int]:
        """The values kept for ``s``'s position (player → extra VP, filled as asked): one dict
        per position, so the same dict means the same values (victory.vp_row keys on it)."""
        rules_state = s.rules_state
        # Only the moves of what the modifiers read: a unit moving leaves a value that reads
        # markers alone as it was.
        moved = rules_state.place_moves if self.reads_units else \
            rules_state.place_moves - rules_state.unit_moves if self.reads_markers else 0
        # This state's last position first: no piece, chain, mark, marker or unit moved since
        # (most actions) means the same values, without building the whole position key. The
        # cache travels with clones; a clone that moves something counts a move and misses it.
        last = rules_state.vp_cache
        pieces = s.building_moves if self.no_paths else s.piece_moves
        if last is not None and last[0] == pieces and last[1] == rules_state.shape_moves \
                and last[2] == moved:
            vals = last[3]
        else:
            chains = tuple(rules_state.chains)
            marks = tuple(sorted(rules_state.marks.items())) if rules_state.marks else ()
            memo = position_memo(self.values, s.board)
            key = (tuple(s.v_owner), tuple(s.v_kind), chains, marks) if self.no_paths else \
                (tuple(s.v_owner), tuple(s.v_kind), tuple(s.e_owner), tuple(s.e_kind), chains,
                 marks)
            # Hex markers and path units change without a piece moving: in the key when read.
            if self.reads_markers and rules_state.markers:
                key += (tuple(map(tuple, rules_state.markers)), tuple(rules_state.marker_supply))
            if self.reads_units and rules_state.units:
                key += (tuple(map(tuple, rules_state.units)),
                        tuple(map(tuple, rules_state.unit_supply)))
            vals = memo.get(key)
            if vals is None:
                if len(memo) >= LIMIT:
                    memo.clear()
                vals = memo[key] = {}
            rules_state.vp_cache = (pieces, rules_state.shape_moves, moved, vals)
        return vals

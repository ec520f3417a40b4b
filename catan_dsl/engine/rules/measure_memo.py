"""Special-card measures that read only the pieces on the board → values memoised by position."""

from __future__ import annotations

from typing import Any, Callable

from catan_dsl.core.vocab_layout import LAYOUT_FUNCTIONS

# Interpreter functions whose value depends only on the board and the pieces on it — not on
# hands, counters, cards, marks, chains, the turn or options. Other heads (count, sum, max,
# +, var, comparisons) are pure syntax over their arguments.
BOARD_FUNCTIONS = frozenset({
    "coast", "edges_of", "feature", "feature_number", "harbor", "has_number", "hexes",
    "hexes_of", "left", "neutrals", "num_players", "opponents", "owner", "piece", "pieces",
    "players", "real", "seats", "terrain", "touching", "vertices_of", "neighbours", "path_between",
    "interior", "distance", "produces", "hidden", "corner", "side", "ends", "terrains",
    "piece_kinds"})
LIMIT = 4096        # positions kept before the memo starts again (bounded memory)


def board_only(expr: Any, functions: Any, allowed: frozenset[str] = BOARD_FUNCTIONS) -> bool:
    """True when the IR expression calls no interpreter function outside ``allowed``."""
    if isinstance(expr, list):
        head = expr[0] if expr else None
        if isinstance(head, str) and head in functions and head not in allowed:
            return False
        return all(board_only(x, functions, allowed) for x in expr[1:])
    return True


def position_memo(values: dict, board: Any) -> dict:
    """The per-board memo in ``values`` (id(board) → (board, memo)), made on first use; the
    board object is kept so its id can't be reused while the entry lives (boards hash slowly,
    ids don't). At most 64 boards are kept."""
    entry = values.get(id(board))
    if entry is None or entry[0] is not board:
        if len(values) >= 64:
            values.clear()
        entry = values[id(board)] = (board, {})
    return entry[1]


class PerBoard:
    """One memo dict per board (see position_memo), the last board's kept at hand: the queries of
    one game all ask about one board, so most calls are an identity test."""

    __slots__ = ("values", "board", "memo")

    def __init__(self) -> None:
        self.values: dict = {}
        self.board: Any = None
        self.memo: dict = {}

    def of(self, board: Any) -> dict:
        if board is not self.board:
            self.memo = position_memo(self.values, board)
            self.board = board
        return self.memo


class MeasureMemo:
    """Values of board-only measures by (special, board, pieces): a measure is recomputed only
    when a piece was placed, removed or upgraded — most actions (trades, cards, rolls) move none.
    The value is a pure function of the key, so states and clones can share the memo."""

    def __init__(self, specials: frozenset[int]) -> None:
        self.specials = specials
        # id(board) → (board, {(special, pieces...): values}); see position_memo.
        self.values: dict[int, tuple[Any, dict[tuple, tuple[int, ...]]]] = {}

    def measure(self, s, si: int, compute: Callable[[], list[int]]) -> list[int]:
        if si not in self.specials:
            return compute()
        memo = position_memo(self.values, s.board)
        key = (si, tuple(s.v_owner), tuple(s.v_kind), tuple(s.e_owner), tuple(s.e_kind))
        m = memo.get(key)
        if m is None:
            if len(memo) >= LIMIT:
                memo.clear()
            m = memo[key] = tuple(compute())
        return list(m)


# The layout-only functions (core/vocab_layout.py) are imported above; the modules of the
# runtime take them from here.
# What a rule kept while only paths move may read (State.building_moves), beside
# ``pieces(p, K)`` of a building kind K: the layout, the seats, and markers on hexes (kept by
# their own count too).
BUILDING_FUNCTIONS = LAYOUT_FUNCTIONS | {"players", "opponents", "num_players", "real", "seats",
                                         "neutrals", "markers", "marker_supply"}


def buildings_only(expr: Any, functions: Any, building_kinds: frozenset[str]) -> bool:
    """True when the IR expression reads no piece but the buildings (``pieces(p, K)`` of a
    constant K in ``building_kinds``), and nothing else outside BUILDING_FUNCTIONS."""
    if isinstance(expr, list):
        head = expr[0] if expr else None
        if head == "pieces":
            if len(expr) != 3 or not isinstance(expr[2], str) or expr[2] not in building_kinds:
                return False
        elif isinstance(head, str) and head in functions and head not in BUILDING_FUNCTIONS:
            return False
        return all(buildings_only(x, functions, building_kinds) for x in expr[1:])
    return True


# Variable types whose value alone says what it is (an untyped place also needs its tag).
PLAIN_TYPES = frozenset({"hex", "vertex", "edge", "int", "bool", "player", "resource", "name"})
_MISSING = object()


def env_key(names: tuple[str, ...]) -> Callable[[dict], tuple]:
    """``env`` → the tuple of its values of ``names`` (None where unbound), for keying a memo:
    written out for up to three names, since a generator or comprehension costs what ten or
    fifteen plain calls do on every lookup."""
    if not names:
        return lambda env: ()
    if len(names) == 1:
        a, = names
        return lambda env: (env.get(a),)
    if len(names) == 2:
        a, b = names
        return lambda env: (env.get(a), env.get(b))
    if len(names) == 3:
        a, b, c = names
        return lambda env: (env.get(a), env.get(b), env.get(c))
    return lambda env: tuple([env.get(n) for n in names])


def layout_memo(node: Any, fn: Callable, read: dict[str, str], functions: Any) -> Callable:
    """A comprehension (``node``, compiled to ``fn``) that reads only the board's layout and the
    variables ``read`` (name → type) → ``fn`` memoised per board and values of those variables:
    "the hex of a terrain", "does this path touch it", "a featured path parallel to it" are
    computed once a game instead of once a query. Anything else → ``fn`` itself."""
    if not board_only(node, functions, LAYOUT_FUNCTIONS) or \
            any(t not in PLAIN_TYPES for t in read.values()):
        return fn
    names = tuple(sorted(read))
    per_board = PerBoard()
    key_of = env_key(names)
    single = names[0] if len(names) == 1 else None

    def memoised(s, env):
        memo = per_board.of(s.board)
        key = env.get(single) if single is not None else key_of(env)
        got = memo.get(key, _MISSING)
        if got is _MISSING:
            if len(memo) >= LIMIT:
                memo.clear()
            got = memo[key] = fn(s, env)
        return got
    return memoised

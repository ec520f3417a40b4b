"""IR + state + seat → the places where a rule fires on a unit's arrival, and a leaf term for each unit's path distance to the one worth most."""

from __future__ import annotations

from catan_dsl.bots.greedy import evaluate, kept_per, lasting_counters
from catan_dsl.core.vocab_layout import LAYOUT_FUNCTIONS
from catan_dsl.engine import State

# A unit's pull toward a goal place: ARRIVAL_SHARE of what arriving there is worth when it
# stands one path away, falling by an equal step per path to nothing at GOAL_RANGE paths (a
# potential: it reads only where the units stand and what the seat holds, so going away and
# back again gains nothing, and only arriving cashes the rest of the worth in).
ARRIVAL_SHARE = 0.6
GOAL_RANGE = 12
# Arrivals looked through one after another (a load picked up at one place is worth what
# delivering it at the next is: the second arrival's pull, seen from the first's place).
CHAIN = 2
WORTH_CAP = 300.0         # evaluation points an arrival counts at most (a win is 1e6)
MEMO_LIMIT = 4096

# Blocks a rule's effects nest in, and where their effects are: (IR position, child index).
_NESTS = {"if": ((2, 0), (3, 1)), "let": ((3, 0),), "via": ((4, 0),), "each": ((4, 0),)}


class Goal:
    """A rule that fires on a unit's arrival: action ``ri``'s effect list at ``addr`` moves
    unit kind ``unit`` from variable ``frm`` to ``to`` at its effect ``at``, and a later
    ``if COND`` of that list, COND (IR ``cond``, compiled ``test``) reading only the layout
    and ``to``, runs a block there."""

    __slots__ = ("ri", "addr", "at", "unit", "frm", "to", "cond", "test", "on_vertex",
                 "places")

    def __init__(self, ri, addr, at, unit, frm, to, cond, test, on_vertex) -> None:
        self.ri, self.addr, self.at, self.unit = ri, addr, at, unit
        self.frm, self.to, self.cond, self.test, self.on_vertex = frm, to, cond, test, on_vertex
        self.places: dict[int, tuple] = {}       # the places it holds at, per board


def arrival_rules(rules) -> tuple[Goal, ...]:
    """Every such rule of the players' actions (static per game; none in the base game)."""
    return kept_per(_GOALS, rules, _find_goals)


_GOALS: dict[int, tuple] = {}


def _find_goals(rules) -> tuple[Goal, ...]:
    found: list[Goal] = []
    blocks = {r.get("name"): r.get("do") or [] for r in rules.game.ir.get("rules") or ()
              if r.get("kind") == "action"}
    for ri, rule in enumerate(rules.compiled):
        if rule.kind == "action":          # (action names are unique: E225)
            _walk(rules, ri, blocks.get(rule.what, []), rule.do, (), found)
    return tuple(found)


def _walk(rules, ri: int, effects: list, compiled: list, addr: tuple, found: list) -> None:
    """Look through an IR effect list and its compiled records (one for one, their nested
    blocks the records' children) for a move followed by an ``if`` on the layout."""
    for k, node in enumerate(effects):
        if not isinstance(node, list) or not node:
            continue
        if node[0] == "move_unit" and _is_var(node[2]) and _is_var(node[3]):
            to = node[3][1]
            for j in range(k + 1, len(effects)):
                later = effects[j]
                if isinstance(later, list) and later and later[0] == "if" \
                        and _reads_only(later[1], to) and _layout_only(later[1], rules) \
                        and compiled[j].head == "if":
                    found.append(Goal(ri, addr, k, node[1], node[2][1], to, later[1],
                                      compiled[j].inline[1],
                                      rules.unit_on[rules.unit_index[node[1]]] == "vertex"))
                    break
        for pos, child in _NESTS.get(node[0], ()):
            if len(node) > pos and isinstance(node[pos], list):
                _walk(rules, ri, node[pos], compiled[k].children[child], addr + (k, child),
                      found)


def _layout_only(node, rules) -> bool:
    """Does the expression call no function of the rules but the layout's?"""
    if isinstance(node, list) and node:
        head = node[0]
        if isinstance(head, str) and head in rules.functions and head not in LAYOUT_FUNCTIONS:
            return False
        return all(_layout_only(x, rules) for x in node[1:])
    return True


def _is_var(node) -> bool:
    return isinstance(node, list) and len(node) == 2 and node[0] == "var"


def _reads_only(node, var: str) -> bool:
    """Does the expression read ``var`` and no other variable?"""
    names: set[str] = set()
    _vars(node, names)
    return names == {var}


def _vars(node, names: set) -> None:
    if isinstance(node, list) and node:
        if _is_var(node) and isinstance(node[1], str):
            names.add(node[1])
            return
        for x in node[1:]:
            _vars(x, names)


def goal_places(s: State, goal: Goal) -> tuple[int, ...]:
    """The places where ``goal``'s condition holds on ``s``'s board (kept per board)."""
    def build(board) -> tuple[int, ...]:
        n = board.n_vertices if goal.on_vertex else s.game.rules.paths.n_edges
        return tuple(x for x in range(n) if goal.test(s, {goal.to: x}))
    return kept_per(goal.places, s.board, build)


def goal_pull(s: State, p: int) -> float:
    """The evaluation points ``p``'s units are worth for where they stand: for each unit, the
    best over the goal places other than its own of what arriving there is worth (the rule's
    block run on a copy, judged by the greedy evaluation) times the pull at its distance.
    0 in a game without such rules."""
    rules = s.game.rules
    if rules is None:
        return 0.0
    goals = arrival_rules(rules)
    if not goals:
        return 0.0
    return _pull(s, p, goals, CHAIN)


def _pull(s: State, p: int, goals: tuple[Goal, ...], chain: int, only: int = -1) -> float:
    rules = s.game.rules
    total = 0.0
    for goal in goals:
        k = rules.unit_places[rules.unit_index[goal.unit]]
        places = k.places_of(s.rules_state.units[k.i], p)
        if only >= 0:
            places = tuple(x for x in places if x == only)
        targets = goal_places(s, goal)
        for x in places:
            far = rules.paths.steps(x) if goal.on_vertex else rules.paths.distances(x)
            best = 0.0
            for g in targets:
                d = far.get(g)
                if g == x or d is None or d >= GOAL_RANGE:
                    continue
                pull = ARRIVAL_SHARE * (1.0 - (d - 1) / (GOAL_RANGE - 1))
                worth = arrival_worth(s, p, goal, x, g, chain) * pull
                if worth > best:
                    best = worth
            total += best
    return total


def arrival_worth(s: State, p: int, goal: Goal, x: int, g: int, chain: int = CHAIN) -> float:
    """What ``p``'s unit arriving at ``g`` from ``x`` is worth, in evaluation points (0 at the
    least): the rule's effects from the move on, run on a copy of ``s`` (a draw they make
    averaged over its outcomes), judged by the greedy evaluation, plus the pull toward the next
    goal from there while ``chain`` allows. Kept per game by the seat's lasting counters and
    held items, what the rule's effects read of the seat (not by the piles a draw comes from:
    the first position asked speaks for the rest of the game's with the same holdings)."""
    rules = s.game.rules
    rs = s.rules_state
    kept = lasting_counters(rules)
    row = rs.counters[p]
    key = (id(goal), p, g, chain, tuple(row) if kept is None else tuple([row[c] for c in kept]),
           tuple(tuple(h[p]) for h in rs.held))
    memo = kept_per(_WORTH, rules, lambda r: {})
    got = memo.get(key)
    if got is None:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        got = memo[key] = _arrive(s, p, goal, x, g, chain)
    return got


_WORTH: dict[int, tuple] = {}


def _arrive(s: State, p: int, goal: Goal, x: int, g: int, chain: int) -> float:
    c = s.clone()
    waiting = len(c.prompts)
    # The rule's effects from the move on, run to their end or to the first that needs the
    # work stack (a draw's chance step): what would come after that is not run, and not valued.
    # Not run (not written out, or reading a variable of the action's own): no worth, no pull.
    if not c.game.rules.run_from(c, goal.ri, goal.addr, goal.at,
                                 {"player": p, goal.frm: x, goal.to: g}):
        return 0.0
    drew = len(c.prompts) > waiting and c.is_chance_node()
    value = _settled(c, p, goal, g, chain, drew) - evaluate(s, p)
    return min(WORTH_CAP, max(0.0, value))


def _settled(c: State, p: int, goal: Goal, g: int, chain: int, drew: bool) -> float:
    """``c``'s evaluation for ``p`` (the chance step the effects opened, when ``drew``,
    averaged over its outcomes), plus the pull of the next arrival from ``g`` while ``chain``
    allows."""
    if drew:
        total = 0.0
        for o, pr in c.chance_outcomes():
            x = c.clone()
            x.apply_action(o)
            total += pr * _settled(x, p, goal, g, chain, False)
        return total
    value = evaluate(c, p)
    if chain > 1:
        value += _pull(c, p, (goal,), chain - 1, g)
    return value

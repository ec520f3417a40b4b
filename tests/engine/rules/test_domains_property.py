"""Random loop conditions over intersections and paths → the narrowed, sieved and memoised loops
(domains.py) find what a plain reading of the condition finds, for count, any, all, first, and
max and min with a filter.

The reference below evaluates the few forms the strategy builds straight from the state's
tables, never through the compiled closures, so a narrowing that treats a condition as a filter
where it is not one (as `all` once did) or drops a candidate it should keep shows up here."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.rules.test_domains import played

W, V, H = ["var", "w"], ["var", "v"], ["var", "h"]
TERRAINS = ("hills", "forest", "council_castle", "pasture")
ATOMS = [
    ["coast", W],                                                       # layout
    ["interior", W],                                                    # layout
    ["in", W, ["neighbours", V]],                                       # layout, reads v
    ["==", W, V],                                                       # a candidate
    ["in", ["owner", W], ["players"]],                                  # pieces
    ["<", ["owner", W], 0],
    ["==", ["owner", W], ["var", "player"]],
    [">", ["count_of", ["var", "player"], "gold"], 0],                  # a guard: no w
    ["any", "h", ["hexes_of", W], ["and", ["has_number", H, ["var", "n"]],
                                   ["not", ["robber_on", H]]]],        # tied to a number
] + [["any", "h", ["hexes_of", W], ["==", ["terrain", H], t]] for t in TERRAINS]
SETS = [["vertices"], ["neighbours", V]]
E, E0 = ["var", "e"], ["var", "e0"]
EDGE_ATOMS = [
    [">", ["markers", E, "road_barbarian"], 0],                         # marker carriers
    ["marked", E, "tried"],                                             # mark carriers
    ["not", ["marked", E, "tried"]],
    ["in", ["owner", E], ["players"]],                                  # occupied paths
    ["<", ["owner", E], 0],
    ["coast", E],                                                       # layout
    ["==", E, E0],                                                      # a candidate
    ["in", E, ["paths_within", E0, 1]],                                 # layout, reads e0
] + [["any", "h", ["hexes_of", E], ["==", ["terrain", H], t]] for t in TERRAINS]
EDGE_SETS = [["edges"], ["paths_within", E0, 2]]


def conditions(atoms: list):
    def grow(children):
        return st.one_of(st.tuples(st.sampled_from(["and", "or"]), children, children).map(list),
                         children.map(lambda c: ["not", c]))
    return st.recursive(st.sampled_from(atoms), grow, max_leaves=5)


def plain(s, node, env):
    """The condition's value read off the state's tables, form by form."""
    head = node[0]
    if head == "var":
        return env[node[1]]
    if head in ("and", "or"):
        values = [plain(s, part, env) for part in node[1:]]
        return all(values) if head == "and" else any(values)
    if head == "not":
        return not plain(s, node[1], env)
    rules, b = s.game.rules, s.board
    if head == "coast":
        return bool(rules.coast["vertex"][env["w"]]) if node[1] == W else bool(rules.coast["edge"][env["e"]])
    if head == "interior":
        return env["w"] in rules.paths.centres
    if head == "owner":
        return s.v_owner[env["w"]] if node[1] == W else s.e_owner[env["e"]]
    if head == "markers":
        return s.rules_state.markers[rules.marker_index[node[2]]][env["e"]]
    if head == "marked":
        return node[2] in s.rules_state.marks.get(f"e{env['e']}", ())
    if head == "paths_within":
        return rules.paths.within(env["e0"], node[2])
    if head == "neighbours":
        return b.vertex_adjacent[plain(s, node[1], env)]
    if head == "players":
        return range(rules.n_real)
    if head == "count_of":
        return s.rules_state.counters[plain(s, node[1], env)][rules.counter_index[node[2]]]
    if head == "any":
        if node[2] == ["hexes_of", W]:
            hexes = set(b.vertex_hexes[env["w"]])
        else:                                   # a path's hexes: those of both its ends
            x, y = b.edge_vertices[env["e"]]
            hexes = set(b.vertex_hexes[x]) & set(b.vertex_hexes[y])
        return any(plain(s, node[3], {**env, "h": h}) for h in sorted(hexes))
    if head == "has_number":
        return env["n"] in b.hex_numbers[env["h"]]
    if head == "robber_on":
        return s.robber == env["h"]
    if head == "terrain":
        return b.hex_terrain[env["h"]]
    left, right = plain(s, node[1], env), node[2] if isinstance(node[2], (int, str)) \
        else plain(s, node[2], env)
    return {"in": lambda: left in right, "==": lambda: left == right,
            "<": lambda: left < right, ">": lambda: left > right}[head]()


def check(s, var: str, set_node, items: list, cond, env: dict, types: dict) -> None:
    ctx = Ctx(s.game.rules, types)
    meets = [x for x in items if plain(s, cond, {**env, var: x})]
    for head, want in (("count", len(meets)), ("any", bool(meets)),
                       ("all", len(meets) == len(items)), ("first", meets[0] if meets else -1)):
        fn, _ = compile_expr([head, var, set_node, cond], ctx)
        assert fn(s, dict(env)) == want, (head, cond)
    # max/min with a filter (sum's shape): the extreme element meeting it, 0 when none does.
    for head, want in (("max", max(meets, default=0)), ("min", min(meets, default=0))):
        fn, _ = compile_expr([head, var, set_node, cond, ["var", var]], ctx)
        assert fn(s, dict(env)) == want, (head, cond)


@settings(max_examples=120, deadline=None)
@given(cond=conditions(ATOMS), set_node=st.sampled_from(SETS), seed=st.sampled_from([1, 2, 3]),
       v=st.integers(0, 53), n=st.sampled_from([2, 5, 6, 8, 11]))
def test_loops_find_what_the_condition_says(cond, set_node, seed, v, n) -> None:
    s = played(seed, 400)
    items = list(s.board.vertex_adjacent[v]) if set_node != ["vertices"] \
        else list(range(s.board.n_vertices))
    check(s, "w", set_node, items, cond, {"player": s.cur, "v": v, "n": n},
          {"player": "player", "v": "vertex", "n": "int"})


@settings(max_examples=120, deadline=None)
@given(cond=conditions(EDGE_ATOMS), set_node=st.sampled_from(EDGE_SETS),
       seed=st.sampled_from([1, 2, 3]), e0=st.integers(0, 83))
def test_path_loops_find_what_the_condition_says(cond, set_node, seed, e0) -> None:
    s = played(seed, 400)
    # Marks to find: the "tried" of a barbarian driven off, put here by hand on three paths.
    s.rules_state.marks.update({"e7": ("tried",), "e30": ("damaged", "tried"), f"e{e0}": ("tried",)})
    items = list(s.game.rules.paths.within(e0, 2)) if set_node != ["edges"] \
        else list(range(s.board.n_edges))
    check(s, "e", set_node, items, cond, {"player": s.cur, "e0": e0},
          {"player": "player", "e0": "edge"})


X = ["var", "x"]
NEAR_E0 = ["any", "x", ["ends", E0], ["in", H, ["hexes_of", X]]]       # names its elements
NEAR_W0 = ["in", H, ["hexes_of", ["var", "w0"]]]                        # likewise
HEX_ATOMS = [NEAR_E0, NEAR_W0, ["any", "x", ["ends", E0], ["and", ["coast", X],
                                                           ["in", H, ["hexes_of", X]]]]] + \
    [["==", ["terrain", H], t] for t in TERRAINS + ("sea",)] + [["robber_on", H]]


def plain_hex(s, node, env):
    """A hex loop's condition read off the board's tables."""
    head, b, rules = node[0], s.board, s.game.rules
    if head in ("and", "or"):
        values = [plain_hex(s, part, env) for part in node[1:]]
        return all(values) if head == "and" else any(values)
    if head == "not":
        return not plain_hex(s, node[1], env)
    if head == "any":                           # the ends of path e0, each an intersection x
        return any(plain_hex(s, node[3], {**env, "x": x}) for x in b.edge_vertices[env["e0"]])
    if head == "in":                            # h among the hexes of intersection x or w0
        return env["h"] in b.vertex_hexes[env[node[2][1][1]]]
    if head == "coast":
        return bool(rules.coast["vertex"][env["x"]])
    if head == "robber_on":
        return s.robber == env["h"]
    return b.hex_terrain[env["h"]] == node[2]


@settings(max_examples=120, deadline=None)
@given(lead=st.lists(st.sampled_from(HEX_ATOMS[:3] + HEX_ATOMS[3:5]), min_size=1, max_size=3),
       rest=st.none() | conditions(HEX_ATOMS), seed=st.sampled_from([1, 2]),
       e0=st.integers(0, 83), w0=st.integers(0, 53))
def test_hex_loops_led_by_a_conjunct_naming_its_hexes(lead, rest, seed, e0, w0) -> None:
    """A hex loop whose leading layout conjuncts are worked out once per board and values
    (layout_prefilter), one of them naming the hexes that can meet it (``h in hexes_of(w0)``,
    ``any(x in ends(e0) where h in hexes_of(x))``, so only those are tested), finds what a plain
    reading of the condition finds, in the same order."""
    s = played(seed, 200)
    cond = lead[0]
    for part in lead[1:] + ([rest] if rest is not None else []):
        cond = ["and", cond, part]
    env = {"player": s.cur, "e0": e0, "w0": w0}
    ctx = Ctx(s.game.rules, {"player": "player", "e0": "edge", "w0": "vertex"})
    items = list(range(s.board.n_hexes))
    meets = [h for h in items if plain_hex(s, cond, {**env, "h": h})]
    for head, want in (("count", len(meets)), ("first", meets[0] if meets else -1)):
        fn, _ = compile_expr([head, "h", ["hexes"], cond], ctx)
        assert fn(s, dict(env)) == want, (head, cond)
        assert fn(s, dict(env)) == want, (head, cond)          # the kept answer too

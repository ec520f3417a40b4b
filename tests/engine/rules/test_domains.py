"""Loops over the board look only where an element can qualify (domains.narrow), and loops that
read only the board's layout are computed once a board (measure_memo.layout_memo): both change
no result, only the work — checked here against the plain full scan on played positions."""

from __future__ import annotations

import random
from functools import lru_cache, reduce
from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.engine import Game
from catan_dsl.engine.rules.domains import conjuncts, layout_sieve, narrow
from catan_dsl.engine.rules.expressions import Ctx, compile_domain, compile_expr
from catan_dsl.engine.rules.measure_memo import layout_memo
from catan_dsl.engine.rules.prefilters import layout_prefilter

TB = Path(__file__).resolve().parents[3] / "scenarios" / "traders_barbarians.catan"


@lru_cache(maxsize=None)
def game() -> Game:
    ir, report = compile_file(str(TB))
    assert ir is not None, report.render_text()
    return Game(ir)


def played(seed: int, moves: int):
    """A position ``moves`` random decisions into a seeded game (barbarians, wagons, roads)."""
    g = game()
    s = g.new_initial_state(seed)
    bot, rng = make_bot("random"), random.Random(seed)
    for _ in range(moves):
        if s.is_terminal():
            break
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else bot.choose(s, s.legal_actions(), rng))
    return s


def compiled_on_and_off(node, types: dict, monkeypatch, module, flag: str):
    """Yield (position, ``node`` compiled as it is, ``node`` compiled with ``module.flag``
    off) at two played positions, for tests that compare a generated form with its reference."""
    for seed, moves in ((1, 150), (3, 700)):
        s = played(seed, moves)
        ctx = Ctx(s.game.rules, types)
        fn = compile_expr(node, ctx)[0]
        with monkeypatch.context() as m:
            m.setattr(module, flag, False)
            plain = compile_expr(node, ctx)[0]
        yield s, fn, plain


# (set, variable, condition): each narrowable form, and one that is not.
W_NEAR_V = ["or", ["==", ["var", "w"], ["var", "v"]],
            ["and", ["in", ["var", "w"], ["neighbours", ["var", "v"]]], ["coast", ["var", "w"]]]]
FORMS = [
    (["vertices"], "w", W_NEAR_V),
    (["vertices"], "w", ["and", [">", ["count_of", ["var", "player"], "gold"], 0], W_NEAR_V]),
    (["edges"], "e", ["and", [">", ["markers", ["var", "e"], "road_barbarian"], 0],
                      ["<", ["owner", ["var", "e"]], 0]]),
    (["edges"], "e", ["marked", ["var", "e"], "tried"]),
    # Exactly the paths with no barbarian (the rest not asked again), then a free one of them.
    (["edges"], "e", ["==", ["markers", ["var", "e"], "road_barbarian"], 0]),
    (["edges"], "e", ["and", ["==", ["markers", ["var", "e"], "road_barbarian"], 0],
                      ["<", ["owner", ["var", "e"]], 0]]),
    (["edges"], "e", ["in", ["owner", ["var", "e"]], ["players"]]),
    (["edges"], "e", ["==", ["var", "e"], ["path_between", ["var", "v"], ["var", "v"]]]),
    (["edges"], "e", ["or", ["==", ["var", "e"], ["-", 1]], ["==", ["var", "e"], 10_000]]),  # no such path
    (["vertices"], "w", ["coast", ["var", "w"]]),                       # layout only
    (["hexes"], "h", ["robber_on", ["var", "h"]]),                      # the robber's hex
    (["neighbours", ["var", "v"]], "w", ["and", ["and", ["coast", ["var", "w"]], ["!=", ["var", "w"], 3]],
                                         ["<", ["owner", ["var", "w"]], 0]]),
    # One owner's places (either way round), then a layout conjunct; the free places (-1).
    (["vertices"], "w", ["and", ["==", ["owner", ["var", "w"]], ["var", "player"]], ["coast", ["var", "w"]]]),
    (["edges"], "e", ["==", ["var", "player"], ["owner", ["var", "e"]]]),
    (["vertices"], "w", ["==", ["owner", ["var", "w"]], ["-", 1]]),
    # A layout conjunct after the first (layout_sieve): occupied coast, a free neighbour of v.
    (["vertices"], "w", ["and", ["in", ["owner", ["var", "w"]], ["players"]], ["coast", ["var", "w"]]]),
    (["vertices"], "w", ["and", ["<", ["owner", ["var", "w"]], 0],
                         ["in", ["var", "w"], ["neighbours", ["var", "v"]]]]),
    (["vertices"], "w", [">=", ["owner", ["var", "w"]], 0]),            # nothing to narrow by
]


def full_scan(s, env, set_node, var, cond_node) -> list[int]:
    ctx = Ctx(s.game.rules, {"player": "player", "v": "vertex"})
    items = compile_expr(set_node, ctx)[0](s, env)
    cond = compile_expr(cond_node, ctx.bind(var, {"w": "vertex", "e": "edge", "h": "hex"}[var]))[0]
    return [x for x in items if cond(s, {**env, var: x})]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("form", range(len(FORMS)))
def test_narrowed_loops_find_what_the_full_scan_finds(seed: int, form: int) -> None:
    set_node, var, cond_node = FORMS[form]
    s = played(seed, 400)
    # A mark to find: the "tried" of a barbarian driven off, put here by hand on two paths.
    s.rules_state.marks.update({"e7": ("tried",), "e30": ("damaged", "tried")})
    ctx = Ctx(s.game.rules, {"player": "player", "v": "vertex"})
    fn, _ = compile_expr(["count", var, set_node, cond_node], ctx)
    first, _ = compile_expr(["first", var, set_node, cond_node], ctx)
    for v in range(0, len(s.board.vertex_adjacent), 7):
        env = {"player": s.cur, "v": v}
        want = full_scan(s, env, set_node, var, cond_node)
        assert fn(s, dict(env)) == len(want)
        assert first(s, dict(env)) == (want[0] if want else -1)


@pytest.mark.parametrize("form", range(len(FORMS)))
def test_all_asks_its_condition_of_every_element(form: int) -> None:
    """`all(x in S where C)`: C is what every element must meet, so S is never narrowed by it
    (narrowed by a layout C such as `coast(w)`, the loop saw only the coastal places and held
    everywhere). True exactly when the full scan finds every element of S."""
    set_node, var, cond_node = FORMS[form]
    s = played(2, 400)
    ctx = Ctx(s.game.rules, {"player": "player", "v": "vertex"})
    every, _ = compile_expr(["all", var, set_node, cond_node], ctx)
    seen = set()
    for v in range(0, len(s.board.vertex_adjacent), 5):
        env = {"player": s.cur, "v": v}
        items = list(compile_expr(set_node, ctx)[0](s, env))
        want = len(full_scan(s, env, set_node, var, cond_node)) == len(items)
        assert every(s, dict(env)) == want
        seen.add(want)
    if set_node == ["neighbours", ["var", "v"]]:
        assert seen == {True, False}       # the layout form holds at some places, not at others


def test_only_the_candidates_are_looked_at() -> None:
    """`w == v or w in neighbours(v)`: the loop visits v and its neighbours, in id order; a false
    guard that does not read w (no gold) visits nothing at all."""
    s = played(4, 200)
    rules = s.game.rules
    ctx = Ctx(rules, {"player": "player", "v": "vertex"})
    everything = compile_expr(["vertices"], ctx)[0]
    compile_node = (lambda n: compile_expr(n, ctx)[0])
    loop = narrow(["vertices"], "w", W_NEAR_V, everything, rules, ctx.types, compile_node)
    v = 20
    assert loop(s, {"player": 0, "v": v}) == sorted({v, *s.board.vertex_adjacent[v]})
    guarded = narrow(["vertices"], "w", FORMS[1][2], everything, rules, ctx.types, compile_node)
    gold = rules.counter_index["gold"]
    s.rules_state.counters[0][gold] = 0
    assert list(guarded(s, {"player": 0, "v": v})) == []
    s.rules_state.counters[0][gold] = 3
    assert guarded(s, {"player": 0, "v": v}) == sorted({v, *s.board.vertex_adjacent[v]})
    plain = narrow(["vertices"], "w", [">=", ["owner", ["var", "w"]], 0], everything, rules,
                   ctx.types, compile_node)
    assert plain is everything
    mine = narrow(["vertices"], "w", ["==", ["owner", ["var", "w"]], ["var", "player"]],
                  everything, rules, ctx.types, compile_node)
    for p in range(s.game.num_players):         # only p's buildings are visited, in id order
        assert mine(s, {"player": p}) == [x for x, o in enumerate(s.v_owner) if o == p]


def test_layout_conjuncts_filter_the_set_once_a_board() -> None:
    """`w in neighbours(v) where coast(w) and w != 3 and owner(w) < 0`: the coastal neighbours
    other than 3 are worked out once per board and v; only `owner(w) < 0` is left to test."""
    s = played(5, 200)
    rules = s.game.rules
    ctx = Ctx(rules, {"player": "player", "v": "vertex"})
    inner = ctx.bind("w", "vertex")
    set_node, _, cond = next(f for f in FORMS if f[0][0] == "neighbours")
    neighbours = compile_expr(set_node, ctx)[0]
    got = layout_prefilter(set_node, "w", cond, neighbours, ctx.types, ctx.functions,
                           lambda n: compile_expr(n, inner)[0])
    assert got is not None
    loop, rest = got
    assert rest == ["<", ["owner", ["var", "w"]], 0]
    for v in (3, 20, 40):
        want = tuple(w for w in s.board.vertex_adjacent[v] if rules.coast["vertex"][w] and w != 3)
        assert loop(s, {"player": 0, "v": v}) == want
    by_pieces = ["in", ["var", "w"], ["neighbours", ["var", "v"]]]
    assert layout_prefilter(["pieces", ["var", "player"], "city"], "w", by_pieces, neighbours,
                            ctx.types, ctx.functions, lambda n: compile_expr(n, inner)[0]) is None


def test_layout_conjuncts_after_the_first_sieve_the_candidates() -> None:
    """`owner(w) in players and coast(w)`: the occupied places are the candidates and only the
    coastal ones among them are kept; each candidate's coast is asked once a board."""
    s = played(6, 300)
    rules = s.game.rules
    ctx = Ctx(rules, {"player": "player", "v": "vertex"})
    inner = ctx.bind("w", "vertex")
    set_node, _, cond = FORMS[-3]                           # occupied and on the coast
    everything = compile_expr(set_node, ctx)[0]
    asked = []

    def compile_counted(n):
        fn = compile_expr(n, inner)[0]
        return lambda s, env: asked.append(env["w"]) or fn(s, env)
    sieve = layout_sieve("w", conjuncts(cond), ctx.types, ctx.functions, compile_counted)
    assert sieve is not None
    loop = narrow(set_node, "w", cond, everything, rules, ctx.types,
                  lambda n: compile_expr(n, ctx)[0], sieve)
    occupied = [w for w, o in enumerate(s.v_owner) if o >= 0]
    want = [w for w in occupied if rules.coast["vertex"][w]]
    assert 0 < len(want) < len(occupied)
    assert loop(s, {"player": 0, "v": 0}) == want
    assert loop(s, {"player": 0, "v": 0}) == want
    assert sorted(asked) == occupied                        # once per candidate, none else
    by_owner = [">=", ["owner", ["var", "w"]], 0]           # no layout conjunct: no sieve
    assert layout_sieve("w", [by_owner], ctx.types, ctx.functions,
                        lambda n: compile_expr(n, inner)[0]) is None


def test_a_loop_is_sieved_by_what_an_any_of_it_needs_from_the_layout() -> None:
    """`owner(w) >= 0 and any(h in hexes_of(w) where terrain(h) == hills and robber_on(h) == 0)`:
    only places next to hills can qualify, whatever the robber does; the sieve keeps those."""
    s = played(8, 300)
    rules = s.game.rules
    ctx = Ctx(rules, {"player": "player"})
    inner = ctx.bind("w", "vertex")
    near_hills = ["any", "h", ["hexes_of", ["var", "w"]],
                  ["and", ["==", ["terrain", ["var", "h"]], "hills"], ["not", ["robber_on", ["var", "h"]]]]]
    cond = ["and", [">=", ["owner", ["var", "w"]], 0], near_hills]
    sieve = layout_sieve("w", conjuncts(cond), ctx.types, ctx.functions,
                         lambda n: compile_expr(n, inner)[0])
    assert sieve is not None
    hills = {h for h, t in enumerate(s.board.hex_terrain) if t == "hills"}
    every = list(range(len(s.v_owner)))
    assert sieve(s, {"player": 0}, every) == [w for w in every
                                              if hills & set(s.board.vertex_hexes[w])]
    fn, _ = compile_expr(["count", "w", ["vertices"], cond], ctx)
    assert fn(s, {"player": 0}) == len(full_scan(s, {"player": 0}, ["vertices"], "w", cond))


def test_what_the_sieve_decided_is_not_asked_again() -> None:
    """`(w == v or owner(w) < 0) and coast(w)` over the paths' ends: the sieve keeps only the
    coastal candidates, so the loop's own condition is left with `w == v or owner(w) < 0` —
    asked of an inland free place it says yes, which only the sieve stops — and the loop
    finds exactly what the full scan finds."""
    s = played(9, 300)
    rules = s.game.rules
    ctx = Ctx(rules, {"player": "player", "v": "vertex"})
    cond = ["and", ["or", ["==", ["var", "w"], ["var", "v"]], ["<", ["owner", ["var", "w"]], 0]],
            ["coast", ["var", "w"]]]
    set_node = ["neighbours", ["var", "v"]]
    loop, _, _, test, _ = compile_domain(set_node, "w", cond, ctx)
    inland = next(w for w in range(len(s.v_owner)) if s.v_owner[w] < 0 and not rules.coast["vertex"][w])
    assert test(s, {"player": 0, "v": 0, "w": inland})            # coast(w) is not asked
    for v in range(0, len(s.v_owner), 3):
        env = {"player": 0, "v": v}
        want = full_scan(s, env, set_node, "w", cond)
        assert [w for w in loop(s, dict(env)) if test(s, {**env, "w": w})] == want


def test_a_sieve_that_raises_leaves_the_loop_as_written() -> None:
    """The sieve asks its layout conjuncts of every element, which the written order may never
    do: `owner(w) == 99 and w in neighbours(v)` with no v finds nothing, and raises nothing."""
    s = played(7, 100)
    ctx = Ctx(s.game.rules, {"player": "player", "v": "vertex"})
    cond = ["and", ["==", ["owner", ["var", "w"]], 99], ["in", ["var", "w"], ["neighbours", ["var", "v"]]]]
    fn, _ = compile_expr(["count", "w", ["vertices"], cond], ctx)
    assert fn(s, {"player": 0, "v": None}) == 0
    assert fn(s, {"player": 0, "v": 5}) == 0


def test_layout_loops_are_computed_once_a_board_and_per_board() -> None:
    """`first(h in hexes where terrain(h) == hills)` is memoised per board: two seeds deal two
    boards and each gets its own answer; a loop reading pieces is never memoised."""
    rules = game().rules
    ctx = Ctx(rules, {"player": "player"})
    node = ["first", "h", ["hexes"], ["==", ["terrain", ["var", "h"]], "hills"]]
    calls = []
    plain = compile_expr(node, ctx)[0]

    def counted(s, env):
        calls.append(1)
        return plain(s, env)
    memo = layout_memo(node, counted, {}, ctx.functions)
    boards = {}
    for seed in range(6):
        s = game().new_initial_state(seed)
        got = memo(s, {"player": 0})
        assert got == s.board.hex_terrain.index("hills")
        assert memo(s, {"player": 0}) == got
        boards[id(s.board)] = s.board
    assert len(calls) == len(boards) and len({b.hex_terrain for b in boards.values()}) > 1
    pieces = ["count", "v", ["vertices"], ["==", ["owner", ["var", "v"]], ["var", "player"]]]
    fn = compile_expr(pieces, ctx)[0]
    assert layout_memo(pieces, fn, {"player": "player"}, ctx.functions) is fn


def test_the_occupied_places_follow_every_piece_placed_and_each_clone() -> None:
    """`owner(w) in players` narrows to the occupied places, kept while no piece moves: a piece
    placed shows at once, and a clone's piece leaves the original's answer as it was."""
    from tests.engine.helpers import put
    s = played(9, 120)
    rules = s.game.rules
    ctx = Ctx(rules, {"player": "player"})
    occupied = compile_expr(["count", "w", ["vertices"], ["in", ["owner", ["var", "w"]], ["players"]]],
                            ctx)[0]
    before = occupied(s, {"player": 0})
    assert before == sum(o >= 0 for o in s.v_owner)
    free = next(v for v, o in enumerate(s.v_owner) if o < 0)
    c = s.clone()
    put(c, 0, "settlement", free)
    assert occupied(c, {"player": 0}) == before + 1 and occupied(s, {"player": 0}) == before
    put(s, 1, "settlement", free)
    assert occupied(s, {"player": 0}) == before + 1


FISHERMEN = TB.parent / "fishermen.catan"


@pytest.mark.parametrize("owned", [True, False])
def test_loops_tied_to_a_number_look_only_at_the_places_on_it(owned: bool) -> None:
    """`v in vertices where [owner(v) in players and] feature_number(v, fishing_grounds, n)`,
    and `... any(h in hexes_of(v) where terrain(h) == lake and has_number(h, n))`: the loop
    visits only the vertices on number n (the occupied ones, after `owner(v) in players`),
    from the board's own tables, and finds what the full scan finds for every number — also
    7, a number no hex carries, and none at all."""
    ir, report = compile_file(str(FISHERMEN))
    assert ir is not None, report.render_text()
    g = Game(ir)
    rules = g.rules
    ctx = Ctx(rules, {"player": "player", "n": "int"})
    inner = ctx.bind("v", "vertex")
    everything = compile_expr(["vertices"], ctx)[0]
    head = [["in", ["owner", ["var", "v"]], ["players"]]] if owned else []
    on_ground = ["feature_number", ["var", "v"], "fishing_grounds", ["var", "n"]]
    by_lake = ["any", "h", ["hexes_of", ["var", "v"]],
               ["and", ["==", ["terrain", ["var", "h"]], "lake"], ["has_number", ["var", "h"], ["var", "n"]]]]
    for seed in (1, 2):
        s = g.new_initial_state(seed)
        bot, rng = make_bot("random"), random.Random(seed)
        for _ in range(600):
            if s.is_terminal():
                break
            s.apply_action(s.sample_chance(rng) if s.is_chance_node()
                           else bot.choose(s, s.legal_actions(), rng))
        b = s.board
        grounds = dict(b.feature_number_vertices)
        for test in (on_ground, by_lake):
            cond = reduce(lambda x, y: ["and", x, y], head + [test])
            loop = narrow(["vertices"], "v", cond, everything, rules, ctx.types,
                          lambda n: compile_expr(n, ctx)[0])
            counted = compile_expr(["count", "v", ["vertices"], cond], ctx)[0]
            for n in [*range(2, 13), None]:
                env = {"player": 0, "n": n}
                if test is on_ground:
                    spots = set(grounds.get(("fishing_grounds", n), ()))
                else:
                    spots = {v for h in range(b.n_hexes) if n in b.hex_numbers[h]
                             for v in b.hex_vertices[h]}
                if owned:
                    spots = {v for v in spots if s.v_owner[v] >= 0}
                assert list(loop(s, env)) == sorted(spots)
                want = [v for v in range(b.n_vertices)
                        if compile_expr(cond, inner)[0](s, {**env, "v": v})]
                assert counted(s, dict(env)) == len(want)
                assert set(want) <= spots


def test_a_numbered_loop_applies_its_layout_sieve_per_number_and_outer_value() -> None:
    """A loop tied to a number whose other layout conjuncts are sieved (a lake hex with n,
    a spot other than m) keeps the sieve's verdicts per number *and* per value of the outer
    variables they read: for every n and m the loop, as rules compile it, qualifies exactly
    what testing every vertex does, and a number only the layout rules out lists nothing."""
    ir, report = compile_file(str(FISHERMEN))
    assert ir is not None, report.render_text()
    g = Game(ir)
    ctx = Ctx(g.rules, {"player": "player", "n": "int", "m": "int"})
    inner = ctx.bind("v", "vertex")
    by_lake = ["any", "h", ["hexes_of", ["var", "v"]],
               ["and", ["==", ["terrain", ["var", "h"]], "lake"], ["has_number", ["var", "h"], ["var", "n"]]]]
    cond = reduce(lambda x, y: ["and", x, y], [["in", ["owner", ["var", "v"]], ["players"]], by_lake,
                                               ["!=", ["var", "v"], ["var", "m"]]])
    loop, _, _, test, _ = compile_domain(["vertices"], "v", cond, ctx)
    whole = compile_expr(cond, inner)[0]
    from tests.engine.helpers import put
    s = g.new_initial_state(3)
    b = s.board
    lakes = [h for h in range(b.n_hexes) if b.hex_terrain[h] == "lake"]
    lake_numbers = {n for h in lakes for n in b.hex_numbers[h]}
    shore = sorted({v for h in lakes for v in b.hex_vertices[h]})
    for i, v in enumerate(shore[:4]):
        put(s, i % 2, "settlement", v)
    put(s, 0, "settlement", next(v for v in range(b.n_vertices) if v not in shore))
    for m in [shore[0], shore[1], -1]:
        for n in range(2, 13):
            env = {"player": 0, "n": n, "m": m}
            got = [v for v in loop(s, dict(env)) if test(s, {**env, "v": v})]
            assert got == [v for v in range(b.n_vertices) if whole(s, {**env, "v": v})]
            if n not in lake_numbers:
                assert list(loop(s, dict(env))) == []

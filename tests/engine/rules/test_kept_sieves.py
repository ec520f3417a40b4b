"""A layout sieve reads a listed set's kept verdicts in one pass (domains.KNOWN_SETS), a layout
prefilter asks its leading conjuncts that read no more than its set once per board and set
values (prefilters.SHARED_PREFIX), and a picking loop that calls nothing reading the listing
memos runs without them (loops.LIVE_WHEN_READ), and a loop narrowed to a feature's spots on the
rolled number does not ask ``feature_number`` of them again (domains.NUMBER_DECIDED): the same
elements come out, in the same order, as with each switch off and as the full scan finds; the
rows they serve play the same both ways."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import domains, loops, prefilters
from catan_dsl.engine.rules.domains import conjuncts, layout_sieve
from catan_dsl.engine.rules.expressions import Ctx, compile_expr, compile_picks
from catan_dsl.engine.rules.prefilters import layout_prefilter
from tests.engine.rules.side_by_side import SCENARIOS, games_on_and_off, play_side_by_side
from tests.engine.rules.test_domains import played

W = ["var", "w"]
# A layout conjunct that raises for a place the board does not have (its neighbours).
NEAR_COAST = ["any", "y", ["neighbours", W], ["coast", ["var", "y"]]]


@pytest.mark.parametrize("full", [False, True])
def test_a_sieve_answers_from_its_kept_sets_what_it_answers_item_by_item(monkeypatch,
                                                                         full: bool) -> None:
    """Repeated items, an item whose verdict raises (kept for COND, or decided by it when
    given), a set met again once all its items are decided: the same list both ways."""
    s = played(4, 300)
    ctx = Ctx(s.game.rules, {"player": "player"})
    inner = ctx.bind("w", "vertex")
    cond = ["and", [">=", ["owner", W], -1], NEAR_COAST]
    whole = compile_expr(cond, inner)[0]
    sieves = []
    for on in (True, False):
        monkeypatch.setattr(domains, "KNOWN_SETS", on)
        sieves.append(layout_sieve("w", conjuncts(cond), ctx.types, ctx.functions,
                                   lambda n: compile_expr(n, inner)[0]))
    near = [w for w in range(len(s.v_owner)) if whole(s, {"player": 0, "w": w})]
    assert 0 < len(near) < len(s.v_owner)
    lists = [list(range(0, len(s.v_owner), 3)), [7, 3, 7, 3], (5, 1, 2), list(range(12))]
    answers = []
    for sieve in sieves:
        got = [sieve(s, {"player": 0}, items) for items in lists + lists]
        if full:
            with pytest.raises(IndexError):         # as the loop's own condition would
                sieve(s, {"player": 0}, [3, 10 ** 6], whole)
        else:
            got.append(sieve(s, {"player": 0}, [3, 10 ** 6, 3]))
            got.append(sieve(s, {"player": 0}, [3, 10 ** 6, 3]))
        answers.append(got)
    assert answers[0] == answers[1]
    assert answers[0][0] == [w for w in lists[0] if w in near]
    if not full:
        assert answers[0][-1] == [3, 10 ** 6, 3] if 3 in near else [10 ** 6]


def test_a_prefilter_asks_its_leading_conjunct_once_a_board(monkeypatch) -> None:
    """``x in edges where coast(x) and path_distance(e, x) <= 2``: coast is asked of each path
    once (not once per e), and every e finds what the full scan and the switch off find."""
    s = played(5, 300)
    ctx = Ctx(s.game.rules, {"player": "player", "e": "edge"})
    inner = ctx.bind("x", "edge")
    x = ["var", "x"]
    cond = ["and", ["coast", x], ["<=", ["path_distance", ["var", "e"], x], 2]]
    edges = compile_expr(["edges"], ctx)[0]
    found = []
    for on in (True, False):
        monkeypatch.setattr(prefilters, "SHARED_PREFIX", on)
        asked = []

        def compile_counted(n):
            fn = compile_expr(n, inner)[0]
            if n[0] != "coast":
                return fn
            return lambda s, env: asked.append(env["x"]) or fn(s, env)
        pre, rest = layout_prefilter(["edges"], "x", cond, edges, ctx.types, ctx.functions,
                                     compile_counted)
        assert rest is None
        got = [pre(s, {"player": 0, "e": e}) for e in range(0, len(s.e_owner), 4)]
        found.append(got)
        assert len(asked) == len(s.e_owner) * (1 if on else len(got))
    assert found[0] == found[1]
    whole = compile_expr(cond, inner)[0]
    for e, got in zip(range(0, len(s.e_owner), 4), found[0]):
        assert list(got) == [f for f in edges(s, {}) if whole(s, {"player": 0, "e": e, "x": f})]
    assert any(found[0]) and not all(found[0])


@pytest.mark.parametrize("row, module, flag", [
    ("barbarian_attack.catan", domains, "KNOWN_SETS"),
    ("combinations/fishermen+barbarian_attack.catan", prefilters, "SHARED_PREFIX"),
    ("barbarian_attack.catan", loops, "LIVE_WHEN_READ"),
    ("fishermen.catan", domains, "NUMBER_DECIDED"),
    ("combinations/fishermen+traders_barbarians.catan", domains, "NUMBER_DECIDED"),
])
def test_the_rows_play_the_same_with_the_kept_answers_or_without(row, module, flag,
                                                                 monkeypatch) -> None:
    games = games_on_and_off(SCENARIOS / row, (), monkeypatch, module, flag)
    play_side_by_side(games, seed=21, steps=1500)


def test_a_loop_reading_no_listing_memo_runs_without_them(monkeypatch) -> None:
    """A march's paths (units and the layout) are picked with no listing memo set up; a loop
    over where a piece can move (which reads the listing's destinations) still gets one, and
    both pick what they pick with the switch off."""
    s = played(6, 400)
    ctx = Ctx(s.game.rules, {"player": "player", "e": "edge"})
    e, f = ["var", "e"], ["var", "f"]
    march = (["paths_within", e, 3], ["or", ["==", f, e], ["<", ["owner", f], 0]])
    moves = (["edges"], ["and", ["can_move_to", e, f], ["<", ["owner", f], 0]])
    seen = []
    real = loops.listing_live

    def spy(picks, nodes=(), functions=()):
        got = real(picks, nodes, functions)
        seen.append(got is picks)
        return got
    monkeypatch.setattr(loops, "listing_live", spy)
    picks = [compile_picks(set_node, "f", cond, ctx)[0] for set_node, cond in (march, moves)]
    assert seen == [True, False]
    monkeypatch.setattr(loops, "LIVE_WHEN_READ", False)
    plain = [compile_picks(set_node, "f", cond, ctx)[0] for set_node, cond in (march, moves)]
    assert seen == [True, False, False, False]
    road = next(x for x, o in enumerate(s.e_owner) if o >= 0)
    for x in (0, 17, road):
        env = {"player": s.e_owner[road], "e": x}
        assert [p(s, dict(env)) for p in picks] == [p(s, dict(env)) for p in plain]
    assert picks[1](s, {"player": s.e_owner[road], "e": road})

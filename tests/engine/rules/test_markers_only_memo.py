"""Forbids reading only the layout and the markers (Rule.markers_only: no road beside a
conquered hex) are kept until a marker moves, pieces built or not (queries.memo_for): along
random games that conquer hexes every kept verdict equals the condition asked afresh."""

from __future__ import annotations

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.rules.random_walks import random_steps
from tests.engine.rules.side_by_side import SCENARIOS


def test_every_kept_verdict_equals_the_condition_asked_afresh() -> None:
    ir, report = compile_file(str(SCENARIOS / "barbarian_attack.catan"))
    assert ir is not None, report.render_text()
    rules = Game(ir, num_players=4).rules
    kept = [r for r in rules.compiled if r.markers_only]
    assert {r.what for r in kept} == {"build", "harbor"}
    b = rules.game
    verdicts = set()
    for i, (_, s, _, _) in enumerate(random_steps(b, (1001,), 2500)):
        for rule in kept:
            on_edge = rule.what == "build" and "road" in dict(rule.filter).values()
            n = s.board.n_edges if on_edge else s.board.n_vertices
            for at in range(i % 7, n, 7):           # a seventh of the spots each step
                params = {"at": at, "#at": "edge" if on_edge else "vertex"}
                params.update(rule.filter)
                env = rules._env(rule, s.cur, params)
                fresh = bool(rule.when(s, env))
                assert (rules._first_in((rule,), s, s.cur, params) is not None) == fresh
                verdicts.add(fresh)
    assert verdicts == {True, False}, "no hex conquered along the game (this shows nothing)"

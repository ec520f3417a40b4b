"""A sale's harbor discount reads only the buildings and the layout, so it is kept while roads
are built (State.building_moves counts the pieces put on, taken from or moved between
intersections, and a changed hex) and worked out again when a building comes, goes or moves.
Along random games of the rows that sell, every kept discount equals one worked out afresh."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules import player_actions
from tests.engine.helpers import empty_main, put
from tests.engine.rules.random_walks import random_steps

ROOT = Path(__file__).resolve().parents[3]


def _game(name: str) -> Game:
    ir, report = compile_file(str(ROOT / "scenarios" / f"{name}.catan"))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def _kept_sales(g: Game) -> list:
    """The actions whose cost modifiers are kept while only paths move."""
    out = []
    for ar in g.rules.actions:
        spec = ar.action
        rules = player_actions._cost_rules(g.rules, spec)
        if rules and player_actions._delta_kept(rules) in ("buildings", "buildings_unit_blind"):
            out.append(spec)
    return out


@pytest.mark.parametrize("name", ["rivers", "barbarian_attack", "traders_barbarians"])
def test_every_kept_discount_equals_one_worked_out_afresh(name: str) -> None:
    g = _game(name)
    sales = _kept_sales(g)
    assert sales, "the row's sale is kept by its buildings"
    changed = 0
    last: dict = {}
    for _, s, _, _ in random_steps(g, (1000, 1001), 700):
        for spec in sales:
            for p in range(g.rules.n_real):
                kept = player_actions.cost_delta(g.rules, s, spec, p)
                fresh = g.rules.modified(s.clone(), "cost", p,
                                         {"action": spec.name, "group": spec.group, "p": p})
                assert kept == fresh, (spec.name, p, s.turn)
                changed += last.get((spec.name, p), kept) != kept
                last[spec.name, p] = kept
    assert changed, "some discount came or went along the games (else this shows nothing)"


def test_roads_leave_the_buildings_count_and_its_answers_as_they_were() -> None:
    g = _game("rivers")
    s = empty_main(g)
    moves, memo = s.building_moves, s.buildings_kept(s.building_moves)
    put(s, 0, "road", 0)
    assert s.building_moves == moves and s.buildings_kept(s.building_moves) is memo
    put(s, 0, "settlement", 0)
    assert s.building_moves == moves + 1 and s.buildings_kept(s.building_moves) is not memo
    put(s, 0, "city", 0)                        # an upgrade changes what the discount reads
    assert s.building_moves == moves + 2
    c = s.clone()                               # the counts go on apart: the memo is not shared
    assert c.building_moves == s.building_moves and c.building_memo is None

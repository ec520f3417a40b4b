"""IR + seeded positions → the places where a rule fires on a unit's arrival, what arriving there is worth, and the search bot stepping toward them without hints."""

from __future__ import annotations

import random

import pytest

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.bots.goals import arrival_rules, arrival_worth, goal_places, goal_pull
from catan_dsl.bots.greedy import VP_WEIGHT
from catan_dsl.bots.hints import without_hints
from catan_dsl.engine import CHANCE, Game

TB = "scenarios/traders_barbarians.catan"


@pytest.fixture(scope="module")
def tb() -> Game:
    ir, report = compile_file(TB)
    assert ir is not None, report.render_text()
    return Game(without_hints(ir), num_players=4)


def _trip_position(game: Game, seed: int):
    """The first position of a seeded all-greedy game, past turn 8, where the seat to move may
    step its wagon (T&B's `travel`), and that seat."""
    s = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    bot = make_bot("greedy")
    while True:
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        if s.turn > 8 and any("do travel" in str(a) for a in legal):
            return s, p
        s.apply_action(legal[0] if len(legal) == 1 else bot.choose(s, legal, rng))


def _wagon(s, p: int) -> int:
    rules = s.game.rules
    k = rules.unit_places[rules.unit_index["wagon"]]
    return k.places_of(s.rules_state.units[k.i], p)[0]


def _plaza(s, terrain: str) -> int:
    """The goal place (a plaza: a trade hex's centre) of the trade hex of ``terrain``."""
    for v in goal_places(s, arrival_rules(s.game.rules)[0]):
        if s.board.hex_terrain[s.board.vertex_hexes[v][0]] == terrain:
            return v
    raise AssertionError(f"no plaza on {terrain}")


def test_the_goal_places_are_read_from_the_rules(tb: Game) -> None:
    """T&B's `travel` moves the wagon, then `if interior(w) { at_plaza(w) }`: a condition on the
    layout alone, so its places are listed per board — the three plazas, nothing else. The
    base game has no such rule, and the search bot's value there is the greedy evaluation."""
    goals = arrival_rules(tb.rules)
    assert [(x.unit, x.frm, x.to, x.cond) for x in goals] == \
        [("wagon", "v", "w", ["interior", ["var", "w"]])]
    s = tb.new_initial_state(seed=1)
    assert set(goal_places(s, goals[0])) == set(tb.rules.paths.centres)
    assert len(goal_places(s, goals[0])) == 3
    ir, _ = compile_file("scenarios/base.catan")
    base = Game(ir, num_players=4)
    assert base.rules is None or arrival_rules(base.rules) == ()
    assert goal_pull(base.new_initial_state(seed=1), 0) == 0.0


def test_arriving_loaded_where_the_load_is_wanted_is_worth_a_delivery(tb: Game) -> None:
    """The engine judges an arrival: the rule's effects run on a copy. A wagon carrying tools is
    worth a VP and more at the quarry's plaza, and little at the others (the goods it would
    pick up there are worth only what taking them on to their own plaza is)."""
    s, p = _trip_position(tb, 7)
    s.rules_state.counters[p][tb.rules.counter_index["tools"]] = 1
    goal, x = arrival_rules(tb.rules)[0], _wagon(s, p)
    quarry = _plaza(s, "quarry")
    worth = {v: arrival_worth(s, p, goal, x, v) for v in goal_places(s, goal)}
    assert worth[quarry] > VP_WEIGHT
    assert all(w < worth[quarry] / 2 for v, w in worth.items() if v != quarry)
    assert s.rules_state.counters[p][tb.rules.counter_index["tools"]] == 1   # a copy ran it


def test_the_pull_grows_as_the_wagon_nears_the_plaza_that_wants_its_load(tb: Game) -> None:
    """A potential of where the wagon stands: one path nearer the quarry is worth more, and
    going back gives exactly what it was (so shuttling never pays)."""
    s, p = _trip_position(tb, 7)
    s.rules_state.counters[p][tb.rules.counter_index["tools"]] = 1
    rules = tb.rules
    k = rules.unit_places[rules.unit_index["wagon"]]
    table = s.rules_state.units[k.i]
    x, quarry = _wagon(s, p), _plaza(s, "quarry")
    here = goal_pull(s, p)
    nearer = min(s.board.vertex_adjacent[x], key=lambda w: rules.paths.steps(w)[quarry])
    assert rules.paths.steps(nearer)[quarry] < rules.paths.steps(x)[quarry]
    k.add(table, x, p, -1)
    k.add(table, nearer, p, 1)
    assert goal_pull(s, p) > here
    k.add(table, nearer, p, -1)
    k.add(table, x, p, 1)
    assert goal_pull(s, p) == here


@pytest.mark.parametrize("goals, nearer", [(1, True), (0, False)])
def test_without_hints_the_search_bot_steps_toward_the_plaza(tb: Game, goals: int,
                                                              nearer: bool) -> None:
    """Hints removed, a wagon carrying tools three paths from the quarry: the search bot plays
    its turn out and ends it nearer the quarry; without the goal term (`goals=0`) it leaves
    the wagon where it stands, as it did before (a delivery lies past the turn's end)."""
    s, p = _trip_position(tb, 7)
    s.rules_state.counters[p][tb.rules.counter_index["tools"]] = 1
    s._legal = None                  # the hand of counters changed under the kept listing
    quarry = _plaza(s, "quarry")
    steps = tb.rules.paths.steps
    start = steps(_wagon(s, p))[quarry]
    bot, rival = make_bot(f"mcts:playouts=70:goals={goals}"), make_bot("greedy")
    rng = random.Random(2)
    turn = s.turn
    while s.turn == turn:
        who = s.current_player()
        if who == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        s.apply_action(legal[0] if len(legal) == 1
                       else (bot if who == p else rival).choose(s, legal, rng))
    assert (steps(_wagon(s, p))[quarry] < start) is nearer

"""The rules interpreter: vocabulary coverage, expressions, effects, prompts, provenance, step budget."""

from __future__ import annotations

import pytest

from catan_dsl.core import vocab
from catan_dsl.engine import Game, parse_action
from catan_dsl.engine.events import StockChanged
from catan_dsl.engine.rules import (
    shares,
    units,
    board_effects,
    board_functions,
    chains,
    chance,
    effects,
    executor,
    functions,
    game_flow,
    hex_changes,
    markers,
    piece_moves,
    runtime,
    special_cards,
    stocks,
    tables,
    votes,
)
from catan_dsl.engine.rules.execution import RuleBudgetExceeded
from catan_dsl.engine.rules.expressions import OPERATORS
from tests.engine.helpers import act, empty_main, put, texts
from tests.engine.rules_kit import P, action, ir_with, on, play_random, v


def test_interpreter_covers_the_vocabulary_exactly() -> None:
    """Exactly one implementation per vocab entry (functions, effects, triggers, forbids, modifiers)."""
    assert set(tables.FUNCTIONS) == set(vocab.FUNCTIONS)
    assert set(tables.EFFECTS) == set(vocab.EFFECTS)
    # No module's entry silently replaces another's when the tables are merged.
    parts = (effects.EFFECTS, board_effects.EFFECTS, chains.EFFECTS, votes.EFFECTS, chance.EFFECTS,
             markers.EFFECTS, units.EFFECTS, shares.EFFECTS, hex_changes.EFFECTS,
             piece_moves.EFFECTS, game_flow.EFFECTS)
    assert sum(map(len, parts)) == len(tables.EFFECTS)
    assert len(functions.FUNCTIONS) + len(chains.FUNCTIONS) + len(markers.FUNCTIONS) \
        + len(units.FUNCTIONS) + len(board_functions.FUNCTIONS) + len(piece_moves.FUNCTIONS) \
        + len(special_cards.FUNCTIONS) == len(tables.FUNCTIONS)
    assert len(board_effects.CALLS) + len(stocks.CALLS) + len(chance.CALLS) \
        + len(shares.CALLS) + len(hex_changes.CALLS) + len(effects.CALLS) \
        + len(game_flow.CALLS) == len(tables.CALLS)
    assert not set(runtime.CALLS) & set(tables.CALLS)
    assert set(runtime.TRIGGERS) == set(vocab.TRIGGERS)
    assert set(runtime.FORBIDS) == set(vocab.FORBIDS)
    assert set(runtime.MODIFIERS) == set(vocab.MODIFIERS)
    assert set(vocab.OPERATORS) <= set(OPERATORS)


def _game(rules, **extra) -> Game:
    return Game(ir_with(rules=rules, **extra), 4)


COUNTERS = {"c": {"start": 0, "supply": 10, "tradeable": False}}


def test_expressions_comprehensions_and_if_effect() -> None:
    """count/sum/any/all/max/min/first over players, with `if` choosing the branch."""
    expr = ["+", ["count", "q", ["players"], [">=", v("q"), 2]],
            ["sum", "q", ["players"], True, v("q")]]                     # 2 + 6
    rules = [on("r.1", "turn_started", [
        ["if", ["and", ["==", expr, 8], ["==", ["max", "q", ["players"], v("q")], 3]],
         [["gain", P, ["first", "q", ["players"], [">", v("q"), 0]], {"counter": "c"}]],
         [["gain", P, 5, {"counter": "c"}]]]])]
    g = _game(rules, counters=COUNTERS)
    s = empty_main(g)
    act(s, "end turn")
    assert s.rules_state.counters[1][0] == 1      # first q > 0 is 1
    ev = [e for e in s.drain_events() if isinstance(e, StockChanged)]
    assert ev and ev[-1].rule.rule_id == "r.1" and ev[-1].rule.where == "t.catan:r.1"


def test_each_runs_players_in_turn_order_from_the_acting_player() -> None:
    rules = [on("r.1", "turn_started", [["each", "q", ["players"], True,
                                         [["gain", v("q"), 1, {"counter": "c"}]]]])]
    g = _game(rules, counters=COUNTERS)
    s = empty_main(g, player=1)
    s.drain_events()
    act(s, "end turn")   # player 2 starts: order 2, 3, 0, 1
    order = [e.player for e in s.drain_events() if isinstance(e, StockChanged)]
    assert order == [2, 3, 0, 1]


def _choose_game() -> Game:
    body = [["mark", v("e"), "m"], ["gain", P, 1, {"resource": "brick"}]]
    rules = [action("r.1", "tag", [["choose", "e", P, ["pieces", P, "road"], True, body, []],
                                   ["gain", P, 1, {"resource": "ore"}]],
                    cost={"resources": {"wool": 1}})]
    return _game(rules)


def _at_choice(g: Game):
    s = empty_main(g)
    put(s, 0, "settlement", 0)
    e1, e2 = s.board.vertex_edges[0][:2]
    put(s, 0, "road", e1)
    put(s, 0, "road", e2)
    from tests.engine.helpers import give
    give(s, 0, wool=1)
    act(s, "do tag")
    return s, e1, e2


def test_choose_prompt_lists_typed_choices_and_continues_after_the_choice() -> None:
    g = _choose_game()
    s, e1, e2 = _at_choice(g)
    assert texts(s) == [f"choose edge {e}" for e in sorted((e1, e2))]
    ore = g.resources.index("ore")
    assert s.hand[0][ore] == 0            # the effect after `choose` waits for the answer
    act(s, f"choose edge {e2}")
    assert s.rules_state.marks == {f"e{e2}": ("m",)}
    assert s.hand[0][ore] == 1 and s.hand[0][g.resources.index("brick")] == 1
    assert s.to_dict()["ext"]["marks"] == {f"e{e2}": ["m"]}


def test_choose_continuation_survives_clone_and_replay() -> None:
    g = _choose_game()
    s, e1, e2 = _at_choice(g)
    c = s.clone()
    assert c == s
    act(c, f"choose edge {e1}")
    assert s.rules_state.marks == {} and c.rules_state.marks == {f"e{e1}": ("m",)}
    act(s, f"choose edge {e1}")
    assert c == s
    # The prompt, with its continuation, is plain data in to_dict.
    s2, _, _ = _at_choice(g)
    assert s2.to_dict()["prompts"][-1][0] == executor.CHOOSE


def test_random_game_with_rules_replays_from_its_text_history() -> None:
    rules = [on("r.1", "built", [["gain", P, 1, {"counter": "c"}]], filter={"piece": "road"})]
    g = _game(rules, counters=COUNTERS)
    s = play_random(g, 3, cap=60)
    r = g.new_initial_state(3)
    for a in s.history():
        r.apply_action(parse_action(str(a), g))
    assert r == s


def test_two_rules_feeding_each_other_exceed_the_budget_and_are_named() -> None:
    """Safety: a trigger loop raises RuleBudgetExceeded naming both rules, instead of hanging."""
    free_edge = ["first", "x", ["edges_of", v("w")], ["==", ["owner", v("x")], -1]]
    rules = [
        on("loop.a", "built", [["remove", v("e")], ["place", P, "settlement",
                                                    ["first", "w", ["vertices_of", ["first", "h", ["hexes"], True]],
                                                     ["==", ["owner", v("w")], -1]]]],
           filter={"piece": "road"}, bind={"at": "e"}),
        on("loop.b", "built", [["remove", v("w")], ["place", P, "road", free_edge]],
           filter={"piece": "settlement"}, bind={"at": "w"}),
    ]
    g = _game(rules)
    s = empty_main(g)
    put_quiet = s.board.hex_vertices[0][3]
    from catan_dsl.engine.base import building
    building.place_quiet(s, 0, g.piece_names.index("settlement"), put_quiet)
    edge = s.board.vertex_edges[put_quiet][0]
    with pytest.raises(RuleBudgetExceeded) as err:
        building.place(s, 0, g.piece_names.index("road"), edge, free=True)
    assert "loop.a at t.catan:loop.a" in str(err.value) and "loop.b at t.catan:loop.b" in str(err.value)


def test_a_runaway_action_is_named_when_it_exceeds_the_budget(tmp_path) -> None:
    """Safety: an action whose effects run past the step budget is named in the error."""
    from catan_dsl.api import compile_file
    from catan_dsl.engine import Game
    from tests.engine.helpers import act
    src = tmp_path / "spin.catan"
    src.write_text('scenario spin "Spin" extends base {\n  counter c "c"\n'
                   '  action spin "Spin" { do { repeat 20000 { gain 1 c } } }\n}\n',
                   encoding="utf-8")
    ir, report = compile_file(str(src))
    assert ir is not None, report.render_text()
    s = empty_main(Game(ir, num_players=4))
    with pytest.raises(RuleBudgetExceeded) as err:
        act(s, "do spin")
    assert "spin.1 at " in str(err.value) and "spin.catan:3" in str(err.value)
    assert err.value.where.endswith("spin.catan:3")          # where the CLI points the user
    import pickle                                            # and it survives a worker's pickle
    back = pickle.loads(pickle.dumps(err.value))
    assert (str(back), back.chain, back.where) == (str(err.value), err.value.chain, err.value.where)


def test_unknown_vocabulary_is_rejected_when_the_game_is_built() -> None:
    with pytest.raises(ValueError):
        _game([on("r.1", "turn_started", [["explode", P]])])
    with pytest.raises(ValueError):
        _game([on("r.1", "turn_started", [["gain", P, ["nope"], {"counter": "c"}]])],
              counters=COUNTERS)

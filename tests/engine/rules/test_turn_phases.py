"""Turn phases and per-turn counters (issue 39 item 5, issue 44): `phase NAME` is a stage of the
turn after trading and building, an action `during NAME` moves the turn on to it and closes
what came before; `counter NAME { reset each turn }` goes back to its start at each turn's
start — together, a movement that pauses for other actions and resumes with the points left."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import check_file, compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.state import IllegalActionError
from catan_dsl.ir.counters import bookkeeping, shown_counters
from tests.engine.helpers import act, empty_main, give, give_card, put, texts

SOURCE = """scenario walk "Walk" extends base {
  phase trip "the trip"
  phase rest "the rest"
  counter steps "steps" { start 1; reset each turn }
  counter seen "marks seen" { reset each turn; shown }
  counter coins "coins" { supply 20; start 2; reset each turn }
  counter kept "kept"
  action step "Take a step" { during trip; when count_of(player, steps) > 0; do { lose 1 steps; gain 1 kept } }
  action rest "Rest" { during rest; do { gain 1 kept } }
  action snack "Eat a snack (1 grain)" { cost grain 1; after roll; during trip; do { gain 2 steps } }
  action shop "Shop" { after roll; do { gain 1 coins } }
  action anytime "Wave" { any time; do { gain 1 seen } }
}
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    p = tmp_path_factory.mktemp("phases") / "walk.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir)


def count(s, name: str, p: int = 0) -> int:
    return s.rules_state.counters[p][s.game.rules.counter_index[name]]


def test_the_ir_lists_the_phases_in_order_and_the_actions_say_where_they_are_offered(game) -> None:
    ir = game.ir
    assert ir["phases"] == [{"name": "trip", "label": "the trip"}, {"name": "rest", "label": "the rest"}]
    by_name = {r["name"]: r for r in ir["rules"] if r["kind"] == "action"}
    assert (by_name["step"]["phase"], by_name["step"]["during"]) == ("during", ["trip"])
    assert (by_name["snack"]["phase"], by_name["snack"]["during"]) == ("after_roll", ["trip"])
    assert "during" not in by_name["shop"]


def test_a_later_phase_is_offered_from_the_roll_and_taking_it_closes_trading(game) -> None:
    """The phase's action is offered with the trading phase's; once taken, building, bank
    trades, card buying and the trading phase's own actions are gone for the turn, while the
    phase's actions, `any time` ones, playing a card and ending the turn stay."""
    s = empty_main(game)
    put(s, 0, "settlement", 10)
    give(s, 0, lumber=4, brick=4, grain=3, ore=3, wool=3)
    give_card(s, 0, "knight")
    before = texts(s)
    assert {"do step", "do snack", "do shop", "do rest", "do anytime"} <= set(before)
    assert any(t.startswith("build road") for t in before) and "buy card" in before
    assert any(t.startswith("bank") for t in before)
    c = s.clone()
    act(c, "offer 1 wool for 1 ore")                       # a domestic offer, still allowed
    s.drain_events()
    act(s, "do step")
    assert s.rules_state.turn_phase == 1
    assert "TurnPhaseEntered" in [type(e).__name__ for e in s.drain_events()]
    after = texts(s)
    assert not any(t.startswith(("build", "buy", "bank", "offer")) for t in after)
    assert "do shop" not in after
    with pytest.raises(IllegalActionError):
        act(s, "offer 1 wool for 1 ore")
    assert {"do snack", "do rest", "do anytime", "play knight", "end turn"} <= set(after)
    assert "do step" not in after                          # no steps left ...
    act(s, "do snack")                                     # ... a pause for another action,
    act(s, "do step")                                      # and on with the points it gave
    assert count(s, "steps") == 1 and count(s, "kept") == 2 and s.rules_state.turn_phase == 1


def test_the_turn_only_moves_forward_and_an_action_of_both_phases_does_not_move_it(game) -> None:
    s = empty_main(game)
    give(s, 0, grain=2)
    act(s, "do snack")                             # after roll and during trip: stays in trading
    assert s.rules_state.turn_phase == 0 and "do shop" in texts(s)
    act(s, "do rest")                              # straight to the second phase
    assert s.rules_state.turn_phase == 2
    assert not any(t in texts(s) for t in ("do step", "do snack", "do shop"))
    assert "do rest" in texts(s)


def test_a_new_turn_starts_in_its_first_phase_with_its_counters_back_at_their_start(game) -> None:
    """A per-turn counter goes back to its start for every player at each turn's start, its
    supply getting the difference; an ordinary counter keeps its count."""
    s = empty_main(game)
    act(s, "do step")
    act(s, "do anytime")
    s.rules_state.counters[2][game.rules.counter_index["seen"]] = 3    # another player's, too
    assert (count(s, "steps"), count(s, "kept"), count(s, "seen")) == (0, 1, 1)
    s2 = empty_main(game)
    act(s2, "do shop")
    assert count(s2, "coins") == 3 and s2.rules_state.supply[game.rules.counter_index["coins"]] == 11
    for st in (s, s2):
        act(st, "end turn")
        assert st.rules_state.turn_phase == 0
    assert [count(s, "steps", p) for p in range(4)] == [1] * 4
    assert [count(s, "seen", p) for p in range(4)] == [0] * 4 and count(s, "kept") == 1
    assert count(s2, "coins") == 2 and s2.rules_state.supply[game.rules.counter_index["coins"]] == 12


def test_a_clone_keeps_the_phase_and_a_game_without_phases_keeps_its_digest(game) -> None:
    s = empty_main(game)
    assert "turn_phase" not in s.rules_state.to_dict()         # digests of other games unchanged
    act(s, "do step")
    c = s.clone()
    assert c.rules_state.turn_phase == 1 and c == s
    assert s.rules_state.to_dict()["turn_phase"] == 1


def test_bookkeeping_counters_are_the_per_turn_ones_unless_shown(game) -> None:
    counters = game.ir["counters"]
    assert counters["steps"]["reset"] == "turn" and bookkeeping("steps", counters["steps"])
    assert counters["seen"]["shown"] is True and not bookkeeping("seen", counters["seen"])
    assert "reset" not in counters["kept"]
    assert sorted(shown_counters(game.ir)) == ["kept", "seen"]


def test_an_unknown_phase_is_a_located_error(tmp_path: Path) -> None:
    p = tmp_path / "bad.catan"
    p.write_text('scenario t extends base {\n  phase trip\n'
                 '  action go "Go" { during tirp; do { gain 1 grain } }\n}\n', encoding="utf-8")
    report = check_file(str(p))
    (d,) = report.diagnostics
    assert (d.code, d.span.line, d.span.col) == ("E407", 3, 27)
    assert 'did you mean "trip"?' in (d.hint or "")

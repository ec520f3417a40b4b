"""A turn's start written out as one generated function per game (``turns.WRITTEN_START``)
resets per-turn counters as the loop over counters and seats does: a counter with a supply
gives the difference back, a shared one and a neutral seat's go to their start, and T&B plays
the same games with it on or off."""

from __future__ import annotations

import random

import pytest

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.engine import Game
from catan_dsl.engine.rules import turns
from tests.engine.rules.random_walks import random_steps
from tests.engine.rules.side_by_side import SCENARIOS, random_walk

SOURCE = """scenario walk "Walk" extends base {
  counter steps "steps" { start 1; reset each turn }
  counter coins "coins" { supply 20; start 2; reset each turn }
  counter track "track" { shared; start 3; reset each turn }
  counter kept "kept"
  action step "Take a step" { after roll; do { gain 1 steps; gain 1 kept } }
  action shop "Shop" { after roll; do { gain 1 coins } }
  action push "Push the track" { after roll; do { set track = track + 1 } }
}
"""


def _game(tmp_path, with_: tuple = ()) -> Game:
    p = tmp_path / "walk.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p), with_=with_)
    assert ir is not None, report.render_text()
    return Game(ir, num_players=2 if with_ else 4)


@pytest.mark.parametrize("with_", ((), ("catan_for_two",)))     # the latter: neutral seats
def test_the_written_start_is_the_loops_after_every_step(tmp_path, with_) -> None:
    game = _game(tmp_path, with_)
    rules = game.rules
    assert rules.n_total > rules.n_real or not with_
    written = turns.written(rules)
    assert written is not None
    changed = 0
    for _, s, _, _ in random_steps(game, (1, 2), 400):
        mine, ref = s.rules_state.clone(), s.rules_state.clone()
        mine.turn_phase = ref.turn_phase = 1
        written(mine)
        turns.reset(rules, ref)
        assert mine.to_dict() == ref.to_dict()
        changed += mine.to_dict() != s.rules_state.to_dict()
    assert changed            # some step had counters to put back


def test_a_counter_with_a_supply_gives_it_the_difference(tmp_path) -> None:
    rules = _game(tmp_path).rules
    rs = rules.game.new_initial_state(1).rules_state
    steps, coins = rules.counter_index["steps"], rules.counter_index["coins"]
    rs.counters[0][coins] = 7
    supply = rs.supply[coins]
    turns.written(rules)(rs)
    assert rs.counters[0][coins] == 2 and rs.supply[coins] == supply + 5
    assert rs.counters[1][steps] == 1


def test_games_are_the_same_with_the_start_written_or_looped(monkeypatch) -> None:
    written = random_walk(SCENARIOS / "traders_barbarians.catan", 6, 700)
    monkeypatch.setattr(turns, "WRITTEN_START", False)
    assert random_walk(SCENARIOS / "traders_barbarians.catan", 6, 700) == written


@pytest.mark.parametrize("flag", (True, False))
def test_the_switch_is_read_when_the_first_turn_starts(flag: bool, monkeypatch) -> None:
    monkeypatch.setattr(turns, "WRITTEN_START", flag)
    ir, _ = compile_file(str(SCENARIOS / "traders_barbarians.catan"))
    game = Game(ir, num_players=4)
    s, rng = game.new_initial_state(seed=1), random.Random(1)
    while getattr(game.rules, "turn_start", None) is None:
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    assert (game.rules.turn_start.__code__.co_filename == turns.FILENAME) == flag

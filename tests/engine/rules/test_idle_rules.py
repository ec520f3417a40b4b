"""A scenario whose rules never change a game → the base game's very games: the same actions,
the same winner at the same step, and the same events but those a rules game adds (SetupDone once,
TurnStarted and NumberProduced each turn); and where no rule adds VP, the victory check's plain reading of
the VP (State._after) decides as the rules' own score (victory_score) would."""

from __future__ import annotations

import random

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.engine import Game
from catan_dsl.engine.events import NumberProduced, SetupDone, TurnStarted
from tests.engine.rules.side_by_side import SCENARIOS

RULES_ONLY = (SetupDone, TurnStarted, NumberProduced)
IDLE = "scenario idle extends base {\n  forbid steal from p where false\n}\n"


def _game(path) -> Game:
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def _play(game: Game, seed: int, each=None) -> tuple[list, list, int | None]:
    s = game.new_initial_state(seed=seed)
    rng, bot, events = random.Random(seed), make_bot("random"), []
    while not s.is_terminal():
        a = s.sample_chance(rng) if s.is_chance_node() else bot.choose(s, s.legal_actions(), rng)
        s.apply_action(a)
        events += [e for e in s.drain_events() if type(e) not in RULES_ONLY]
        if each is not None:
            each(s)
    return [str(a) for a in s.history()], events, s.winner()


def test_rules_that_never_hold_play_the_base_games(tmp_path):
    path = tmp_path / "idle.catan"
    path.write_text(IDLE)
    idle, base = _game(path), _game(SCENARIOS / "base.catan")
    assert idle.rules is not None and not idle.rules.adds_vp and any(idle.rules.main_idle)
    for seed in (3, 4):
        got, want = _play(idle, seed), _play(base, seed)
        assert got[2] is not None and got == want


def test_the_plain_vp_decides_as_the_rules_score():
    """Friendly Robber adds no VP: at every step, for every seat, the rules' victory_score
    reaches the target exactly when the VP do (Largest Army and Longest Road held too)."""
    game = _game(SCENARIOS / "friendly_robber.catan")
    rules = game.rules
    assert not rules.adds_vp and rules.fixed_target is not None
    held = []

    def same(s) -> None:
        for p in range(4):
            assert (rules.victory_score(s, p) >= rules.fixed_target) == \
                (s.vp(p) >= rules.fixed_target)
        held.append(any(h >= 0 for h in s.holders))
    _play(game, 7, same)
    assert any(held)

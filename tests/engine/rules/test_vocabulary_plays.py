"""Issue 39 item 7(c): whatever `check` accepts, the engine plays. Scenarios generated from the
vocabulary — a rule for every trigger, effect and function, with arguments of the documented
kinds (tests/engine/rules/vocab_rules.py), on a host declaring one of every kind of name — check
clean and play to the end of a game without an internal error.

VOCAB_EXAMPLES=N runs N generated scenarios (2 by default: about 2 seconds each)."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings

from catan_dsl import api
from catan_dsl.core import vocab as V
from catan_dsl.engine import Game
from catan_dsl.engine.rules.execution import RuleBudgetExceeded
from catan_dsl.play.playtest import play_game
from tests.engine.rules import vocab_rules

HOST = Path(__file__).resolve().parents[2] / "fixtures" / "vocabulary_host.catan"
EXAMPLES = int(os.environ.get("VOCAB_EXAMPLES", "2"))


def test_every_word_of_the_vocabulary_has_a_generator() -> None:
    """7(c): a new effect or trigger cannot ship without a way to be generated here (every
    function is written as a call from its signature)."""
    assert set(vocab_rules.EFFECTS) == set(V.EFFECTS)
    assert set(vocab_rules.TRIGGERS) == set(V.TRIGGERS)


def checked(tmp_path: Path, text: str) -> dict:
    path = tmp_path / "generated.catan"
    (tmp_path / "vocabulary_host.catan").write_text(HOST.read_text(), encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    ir, report = api.compile_file(str(path))
    assert ir is not None and not report.errors, report.render_text() + "\n" + text
    return ir


# No shrinking: a failing scenario is reported whole (its text is in the message), and
# shrinking hundreds of rules would take minutes.
@settings(max_examples=EXAMPLES, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(text=vocab_rules.scenario())
def test_generated_rules_check_clean_and_play_to_the_end(tmp_path, text: str) -> None:
    """7(c): every generated rule is accepted by `check` (they are well typed by
    construction), and a game with all of them runs to its end or turn cap. A rule running
    past the step budget is the designer's error, reported with its file:line: allowed;
    anything else raised is an internal error."""
    ir = checked(tmp_path, text)
    game = Game(ir, num_players=3)
    try:
        play_game(game, ["random"] * 3, seed=len(text), max_turns=30)
    except RuleBudgetExceeded:
        pass


# ---- what the generated rules found, pinned ---------------------------------------------------
def game_of(tmp_path: Path, rules: str) -> Game:
    return Game(checked(tmp_path, f"scenario generated extends vocabulary_host {{\n{rules}\n}}\n"),
                num_players=3)


def test_share_without_by_hands_the_leftovers_out_by_roll_off(tmp_path) -> None:
    """7(c): `share` without `by` (optional, as documented) used to stop the game with a
    ValueError; the leftovers now go to the tied players by roll-off."""
    g = game_of(tmp_path, "  on turn_ended { share 5 among x in players { x gains 1 ore } }")
    result = play_game(g, ["random"] * 3, seed=1, max_turns=6)
    assert result.turns == 6


def test_free_pieces_in_set_up_never_take_the_supply_below_zero(tmp_path) -> None:
    """7(c): a rule giving every road free in set-up leaves the later set-up road steps
    nothing to place: they are passed over (they used to place a road from an empty supply,
    down to -18, and the game stalled), and the game plays on."""
    g = game_of(tmp_path, "  on built road where setup { build_free player road 15 }")
    low = []
    result = play_game(g, ["random"] * 3, seed=0, max_turns=2,
                       observer=lambda s, p, a: low.append(min(min(row) for row in s.supply)))
    assert min(low) >= 0 and result.ended == "turn cap"


def test_a_place_nobody_stands_on_and_a_path_that_is_none_do_nothing(tmp_path) -> None:
    """7(c): `place … by owner(v)` of an empty corner opened a prompt for seat -1 (the chance
    player) and `chain_of` of no path (-1) read past its table; both now do nothing."""
    g = game_of(tmp_path, """  on turn_ended {
    choose v in vertices at random where owner(v) < 0 { place road for player at choice by owner(v) }
    if chain_of(first(x in edges where false)) < 0 { gain 1 coins }
  }""")
    result = play_game(g, ["random"] * 3, seed=3, max_turns=5)
    assert result.turns == 5

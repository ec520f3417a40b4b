"""`choose one [by P] { "Label" [when COND] { … } … }` (issue 39 item 5): the player picks one of
the named alternatives whose condition holds and its block runs; the log names it, a
transcript records it and replays it, and bots weigh the alternatives as ordinary options."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl.api import check_file, compile_file
from catan_dsl.bots import make_bot
from catan_dsl.engine import Game
from catan_dsl.play.gamelog import describe_event
from tests.engine.helpers import act, empty_main, give, texts

SOURCE = """scenario pick "Pick" extends base {
  counter favours "favours"
  action militia "Call the militia" {
    after roll
    do {
      choose one {
        "Take 2 grain" when count_of(player, grain) < 3 { gain 2 grain }
        "Take 1 ore" { gain 1 ore }
        "Owe a favour" when count_of(player, favours) > 0 { lose 1 favours }
      }
      gain 1 favours
    }
  }
  action ask "Ask the next player" {
    after roll
    do {
      choose one by left(player) {
        "Give 1 wool" when count_of(left(player), wool) > 0 { left(player) gives 1 wool to player }
        "Refuse" { gain 1 favours }
      }
    }
  }
  action nothing "Ask for nothing" {
    after roll
    do { choose one { "Never" when false { gain 1 ore } } }
  }
}
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    p = tmp_path_factory.mktemp("choose_one") / "pick.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir)


def test_the_alternatives_whose_condition_holds_are_offered_in_order(game) -> None:
    s = empty_main(game)
    act(s, "do militia")
    assert texts(s) == ["choose alternative 1", "choose alternative 2"]   # no favour owed yet
    act(s, "choose alternative 2")
    ore = game.resources.index("ore")
    assert s.hand[0][ore] == 1 and s.rules_state.counters[0][0] == 1     # then the rest ran
    give(s, 0, grain=3)
    act(s, "do militia")
    assert texts(s) == ["choose alternative 2", "choose alternative 3"]   # too much grain now
    act(s, "choose alternative 3")
    assert s.rules_state.counters[0][0] == 1


def test_the_log_names_the_alternative_chosen(game) -> None:
    s = empty_main(game)
    act(s, "do militia")
    s.drain_events()
    act(s, "choose alternative 1")
    lines = [describe_event(e, ["Red", "Blue", "White", "Orange"], game.ir) for e in s.drain_events()]
    assert lines[0].startswith('Red chose "Take 2 grain"')
    assert lines[1].startswith("Red got 2 grain")


def test_another_player_can_be_the_one_who_chooses(game) -> None:
    s = empty_main(game)
    give(s, 1, wool=1)
    act(s, "do ask")
    assert s.current_player() == 1 and texts(s) == ["choose alternative 1", "choose alternative 2"]
    act(s, "choose alternative 1")
    assert s.hand[0][game.resources.index("wool")] == 1 and s.current_player() == 0


def test_with_no_alternative_left_nothing_happens_and_the_log_says_so(game) -> None:
    s = empty_main(game)
    s.drain_events()
    act(s, "do nothing")
    assert not s.prompts and "EffectSkipped" in [type(e).__name__ for e in s.drain_events()]


def test_bots_choose_among_the_alternatives_and_the_game_replays(game) -> None:
    """Greedy and random bots answer the prompt like any other; replaying the actions taken
    gives the same state."""
    for name in ("greedy", "random"):
        bot, rng = make_bot(name), random.Random(3)
        s = empty_main(game)
        act(s, "do militia")
        s.apply_action(bot.choose(s, s.legal_actions(), rng))
        assert not s.prompts
    s = empty_main(game)
    for text in ("do militia", "choose alternative 2", "do militia", "choose alternative 3"):
        act(s, text)
    again = empty_main(game)
    for a in s.history():
        again.apply_action(a)
    assert again == s


def test_two_alternatives_of_one_label_or_a_condition_that_is_not_true_or_false(tmp_path: Path) -> None:
    p = tmp_path / "bad.catan"
    p.write_text('scenario t extends base {\n  on turn_ended {\n    choose one {\n'
                 '      "A" { gain 1 ore }\n      "A" when 3 { gain 1 wool }\n    }\n  }\n}\n',
                 encoding="utf-8")
    got = sorted((d.code, d.span.line, d.span.col) for d in check_file(str(p)).diagnostics)
    assert got == [("E406", 5, 7), ("E406", 5, 16)]

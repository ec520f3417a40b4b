"""The robber number's discards come first (base rule §1, RULES.md §1.3: "(1) every player
holding more than 7 resource cards discards half"): they are counted from the hands as the dice
show the number and made before anything an `on rolled` rule asks for — issue 38 item 5(a),
where a rule's card draw on a 7 used to come first and change who discarded how much."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, pre_roll, set_hand, texts

SOURCE = """scenario raid "Raid" extends base {
  on rolled n where n == 7 {
    choose p in opponents(player) by player where cards(p) > 0 { p gives 2 random to player }
  }
}
"""
REROLL = """scenario calm "Calm" extends base {
  on rolled n where n == 7 { reroll }
}
"""


def _game(tmp_path: Path, source: str) -> Game:
    p = tmp_path / "s.catan"
    p.write_text(source, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir)


def test_the_discards_are_counted_at_the_roll_and_made_before_a_rules_choice(tmp_path) -> None:
    """Blue holds 8 at the roll: he discards 4 though the rule then takes 2 from him; Red holds
    7 at the roll: he discards nothing though the rule's 2 cards bring him to 9."""
    g = _game(tmp_path, SOURCE)
    s = empty_main(g)
    set_hand(s, 0, ore=7)
    set_hand(s, 1, wool=8)
    for p in (2, 3):
        set_hand(s, p)
    pre_roll(s, 0)
    act(s, "roll 7")
    assert s.current_player() == 1 and texts(s)[0].startswith("discard")
    for _ in range(4):
        act(s, texts(s)[0])
    assert sum(s.hand[1]) == 4
    assert texts(s) == ["choose player 1"]                 # the rule's choice, after the discards
    act(s, "choose player 1")
    while s.is_chance_node():
        act(s, str(s.chance_outcomes()[0][0]))
    assert (sum(s.hand[0]), sum(s.hand[1])) == (9, 2)
    # Then the robber, and nobody discards after the rule.
    assert [pr.kind for pr in s.prompts] == ["move_robber"]


@pytest.mark.parametrize("held", [8, 9])
def test_a_seven_rolled_again_makes_nobody_discard(tmp_path, held: int) -> None:
    """TOUR-04 with the same mechanism: a 7 that an `on rolled` rule re-rolls has no discards."""
    g = _game(tmp_path, REROLL)
    s = empty_main(g)
    set_hand(s, 1, wool=held)
    pre_roll(s, 0)
    act(s, "roll 7")
    assert s.is_chance_node() and s.prompts[-1].kind == "roll" and len(s.prompts) == 1
    assert sum(s.hand[1]) == held

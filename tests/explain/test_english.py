"""Compiled IR → the English of `explain` for what issue 37 found unreadable: penalties as losses,
sentinels as meaning, dice as a reader rolls them, the components a player sees, and the base
game told in full."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.explain import explain

ROOT = Path(__file__).resolve().parents[2]


def _said(ir: dict, base: dict) -> str:
    """The explain text as one line (the text wraps at 100 columns)."""
    return " ".join(explain(ir, base).split())


def _ir(path: str | Path, with_: tuple[str, ...] = ()) -> dict:
    ir, report = api.compile_file(str(path), with_=with_)
    assert ir is not None, report.render_text()
    return ir


@pytest.fixture(scope="module")
def base() -> dict:
    return _ir(ROOT / "scenarios" / "base.catan")


@pytest.fixture(scope="module")
def barbarian_attack(base: dict) -> str:
    return _said(_ir(ROOT / "scenarios" / "barbarian_attack.catan"), base)


def test_a_penalty_reads_as_a_loss(barbarian_attack: str) -> None:
    """BA-30: a conquered city loses 2 VP, a settlement 1 — said as a loss, never "0 minus 2"."""
    assert "A building on an intersection V loses 2 VP if V holds a city, else 1 VP," in barbarian_attack
    assert "minus" not in barbarian_attack


def test_a_sentinel_reads_as_its_meaning(barbarian_attack: str) -> None:
    """BA-40: the Black Knight goes on a path with no road: "no piece stands on E"."""
    assert "where no knight stands on E and no piece stands on E" in barbarian_attack
    assert "less than 0" not in barbarian_attack and "owner of E is" not in barbarian_attack


def test_a_roll_off_and_the_colour_die_read_as_a_player_rolls_them(barbarian_attack: str) -> None:
    """BA-66 with COMBO-C42-BA-03: the neutral knight's roll in a roll-off is always a 3."""
    assert "in a roll-off P always rolls a 3 if P is a neutral player, otherwise a die" in barbarian_attack
    assert "The player rolls the colour die." in barbarian_attack
    assert "the colour die shows red" in barbarian_attack


def test_a_die_roll_says_which_faces_do_what(base: dict) -> None:
    """TB-71: driving a barbarian off succeeds on 8 minus the baggage cards or more."""
    text = _said(_ir(ROOT / "scenarios" / "traders_barbarians.catan"), base)
    assert "The player rolls a die: on (8 minus their baggage cards) or more:" in text


def test_a_long_rule_becomes_named_procedures_and_numbered_steps(barbarian_attack: str) -> None:
    """The knights' turn-end rule is no longer one sentence: its battle is a procedure told once."""
    assert "Carry out “March” for each of their knights." in barbarian_attack
    assert ("For each coastal hex H (going clockwise from the castle hex) where H holds at least 1 "
            "barbarian and the number of knights on the paths touching H is more than the number of "
            "barbarians on H: i. Carry out “Battle” for H.") in barbarian_attack
    assert "Procedures (named steps the rules above carry out): “Land”" in barbarian_attack
    assert "“Battle” (for H) [barbarian_attack.catan:" in barbarian_attack


def test_bookkeeping_counters_are_not_listed_unless_shown(base: dict) -> None:
    """A counter reset each turn (or named with a leading _) only helps the rules keep track."""
    ir = _ir(ROOT / "scenarios" / "traders_barbarians.catan")
    assert ir["counters"]["mp"].get("reset") == "turn"
    text = _said(ir, base)
    assert "Movement points:" not in text and "Gold: kept by each player" in text
    ir["counters"]["mp"]["shown"] = True
    assert "Movement points:" in _said(ir, base)
    del ir["counters"]["mp"]["shown"], ir["counters"]["mp"]["reset"]
    assert "Movement points:" in _said(ir, base)


NEW = """scenario new_stuff "New Stuff" extends base {
  resources lumber brick wool grain ore cloth
  bank 19 each
  terrain meadow { produces cloth; color "#ffffff" }
  piece keep { on vertex; limit 2; cost cloth 2 ore 1; vp 3; yield 3; upgrades city }
  counter lava "lava" { shared; start 0; max 5 }
  counter _steps "steps"
  on turn_ended {
    let d = roll(6)
    if d >= 5 { set lava = lava + 1 }
  }
}
"""


def test_new_resources_terrains_pieces_and_shared_counters_are_described(tmp_path: Path,
                                                                         base: dict) -> None:
    p = tmp_path / "new_stuff.catan"
    p.write_text(NEW, encoding="utf-8")
    text = _said(_ir(p), base)
    assert "New resource: cloth (19 cards in the bank)." in text
    assert ("New piece: Keep (2 per player): costs 2 cloth and 1 ore; replaces one of their cities; "
            "worth 3 VP;") in text
    assert "Lava: one shared count for the whole game, starting at 0, at most 5." in text
    assert "unlimited" not in text and "per player" not in text.split("Lava:")[1].split(".")[0]
    assert "steps" not in text                                  # bookkeeping: a leading _
    assert "the player rolls a die: on 5 or more, lava is set to 1 more than before." in text


def test_the_base_game_is_summarised_in_full(base: dict) -> None:
    """`explain base.catan`: board, pieces and costs, development and special cards, the 7, the
    turn, set-up and victory — not just a title."""
    text = _said(base, base)
    for part in ("The Settlers of Catan: the game",
                 "Row 3: fields 9, forest 11, desert, forest 3, mountains 8.", "Road (15 per player): costs 1 brick and 1 lumber",
                 "City (4 per player): costs 2 grain and 3 ore; replaces one of their settlements",
                 "Development cards: 25 in the deck", "Knight (14): move the robber",
                 "Largest Army (worth 2 VP)", "Longest Road (worth 2 VP)",
                 "On a 7 nobody produces", "The first player to reach 10 VP on their turn wins."):
        assert part in text, part

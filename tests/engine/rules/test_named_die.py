"""A die with named faces (issue 13 item 3, Barbarian Attack's colour die):
`die NAME { FACE, ... }` and `let c = roll(NAME)` — one chance node over the faces, each listed
entry equally likely (a face listed twice is twice as likely), the variable reading as the face
shown, logged, replayed, explained; mistakes are located."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import check_file, compile_file
from catan_dsl.engine import Game, parse_action
from catan_dsl.engine.events import RandomChosen
from catan_dsl.play.gamelog import describe_event
from tests.engine.helpers import act, empty_main, pre_roll, res

SOURCE = """scenario coloured "Colour die" extends base {
  die colour "colour die" { FACES }
  on rolled n where n == 7 {
    let c = roll(colour)
    if c == red { gain 1 ore } else { gain 1 wool }
  }
}
"""


def _game(tmp_path: Path, faces: str = "red, red, green, green, blue, blue") -> Game:
    p = tmp_path / "coloured.catan"
    p.write_text(SOURCE.replace("FACES", faces), encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    return Game(ir, num_players=4)


def _rolled_seven(g: Game):
    s = empty_main(g, 0, 0)
    pre_roll(s, 0)
    act(s, "roll 7")
    return s


@pytest.mark.parametrize("faces, chances", [
    ("red, red, green, green, blue, blue", {"red": 1 / 3, "green": 1 / 3, "blue": 1 / 3}),
    ("red, red, red, blue", {"red": 0.75, "blue": 0.25}),
])
def test_each_listed_face_is_equally_likely(tmp_path: Path, faces: str, chances: dict) -> None:
    g = _game(tmp_path, faces)
    s = _rolled_seven(g)
    assert s.is_chance_node()
    distinct = g.rules.dice["colour"][0]
    got = {distinct[a.id]: p for a, p in s.chance_outcomes()}
    assert got == pytest.approx(chances)
    assert len(s.legal_actions()) == len(chances)          # one outcome per face, no repeats


def test_the_variable_reads_as_the_face_shown(tmp_path: Path) -> None:
    g = _game(tmp_path)
    distinct = g.rules.dice["colour"][0]
    for face, stock in (("red", "ore"), ("green", "wool"), ("blue", "wool")):
        s = _rolled_seven(g)
        before = s.hand[0][res(g, stock)]
        events = []
        s.drain_events()
        s.apply_action(parse_action(f"choose die {distinct.index(face)}", g))
        events = s.drain_events()
        assert s.hand[0][res(g, stock)] == before + 1
        shown = next(e for e in events if isinstance(e, RandomChosen))
        assert (shown.die, shown.face) == ("colour", face)
        line = describe_event(shown, ["Red", "Blue", "White", "Orange"], g.ir)
        assert line.startswith(f"Red rolled the colour die: {face}")


def test_games_with_the_die_replay_bit_exact(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from catan_dsl.cli import main

    _game(tmp_path)
    src = str(tmp_path / "coloured.catan")
    r = CliRunner().invoke(main, ["play", src, "--seed", "2", "--bots", "random", "--json"])
    assert r.exit_code == 0, r.output
    (tmp_path / "g.json").write_text(r.output, encoding="utf-8")
    r = CliRunner().invoke(main, ["replay", str(tmp_path / "g.json")])
    assert r.exit_code == 0 and "verified" in r.output
    r = CliRunner().invoke(main, ["explain", src])
    assert "The player rolls the colour die." in r.output and "the colour die shows" in r.output


@pytest.mark.parametrize("old, new, code", [
    ("roll(colour)", "roll(color)", "E407"),        # not a die, not a variable
    ("c == red", "c == purple", "E407"),            # not a face of any die
])
def test_mistakes_are_located(tmp_path: Path, old: str, new: str, code: str) -> None:
    p = tmp_path / "bad.catan"
    text = SOURCE.replace("FACES", "red, green, blue").replace(old, new)
    p.write_text(text, encoding="utf-8")
    errors = check_file(str(p)).errors
    line = next(i for i, x in enumerate(text.splitlines(), 1) if new in x)
    assert errors and errors[0].code == code and errors[0].span.line == line

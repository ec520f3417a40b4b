"""Chance, local names and repetition in rules (issue 12 items 1, 2, 5, 8): roll(N), choose ...
at random, let, repeat, `x in SET`, and the `vertices`/`edges` sets, from source to a played,
logged and replayed game."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main
from catan_dsl.engine import CHANCE, Game, parse_action
from catan_dsl.engine.events import RandomChosen
from catan_dsl.play.gamelog import describe_event
from tests.engine.helpers import empty_main, put, res

SCENARIO = """scenario t "Chance" extends base {{
  on turn_started {{
{body}
  }}
}}
"""


def _game(tmp_path: Path, body: str) -> Game:
    path = tmp_path / "t.catan"
    path.write_text(SCENARIO.format(body=body), encoding="utf-8")
    ir, report = compile_file(str(path), seed=1)
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def _start_turn(game: Game, seed: int = 0):
    """A state at the first turn's start rules: the turn_started rule has opened its chance."""
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not (s.current_player() == CHANCE and s.prompts
               and s.prompts[-1].kind == "rule_random_choice"):
        p = s.current_player()
        s.apply_action(s.sample_chance(rng) if p == CHANCE else s.legal_actions()[0])
    return s, rng


def test_roll_is_one_fair_die_from_the_seeded_stream(tmp_path: Path) -> None:
    """roll(6) is a chance node with six equally likely faces; a seed decides the face."""
    g = _game(tmp_path, "    let d = roll(6)\n    gain d wool")
    s, _ = _start_turn(g)
    outcomes = s.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"choose die {k}" for k in range(1, 7)]
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
    faces = Counter()
    for seed in range(600):
        faces[str(s.clone().sample_chance(random.Random(seed)))] += 1
    assert set(faces) == {f"choose die {k}" for k in range(1, 7)}
    assert all(70 <= n <= 130 for n in faces.values()), faces      # 100 expected per face
    again = [str(s.clone().sample_chance(random.Random(seed))) for seed in range(20)]
    assert again == [str(s.clone().sample_chance(random.Random(seed))) for seed in range(20)]


def test_let_is_evaluated_once_and_the_roll_is_logged(tmp_path: Path) -> None:
    """`let d = roll(6)` is one roll however often d is read; the log says who rolled what."""
    g = _game(tmp_path, "    let d = roll(6)\n    gain d wool\n    gain d ore")
    s, _ = _start_turn(g)
    p = s.cur
    wool, ore = s.hand[p][res(g, "wool")], s.hand[p][res(g, "ore")]
    s.drain_events()
    s.apply_action(parse_action("choose die 4", g))
    assert s.hand[p][res(g, "wool")] - wool == 4 and s.hand[p][res(g, "ore")] - ore == 4
    rolled = [e for e in s.drain_events() if isinstance(e, RandomChosen)]
    assert [(e.player, e.what, e.value, e.sides) for e in rolled] == [(p, "die", 4, 6)]
    assert rolled[0].rule.where.endswith("t.catan:2")            # the rule that rolled
    names = ["Red", "Blue", "White", "Orange"]
    assert describe_event(rolled[0], names, g.ir).startswith(f"{names[p]} rolled a d6: 4")


def test_a_roll_inside_an_expression_is_rolled_once_when_its_effect_starts(tmp_path: Path) -> None:
    """`gain roll(3) + roll(3) grain`: two dice, each one chance node, rolled before the gain."""
    g = _game(tmp_path, "    gain roll(3) + roll(3) grain")
    s, _ = _start_turn(g)
    p = s.cur
    before = s.hand[p][res(g, "grain")]
    s.apply_action(parse_action("choose die 2", g))
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 3
    s.apply_action(parse_action("choose die 3", g))
    assert s.hand[p][res(g, "grain")] - before == 5


def test_choose_at_random_is_uniform_over_the_filtered_set_with_an_else(tmp_path: Path) -> None:
    """`choose v in vertices at random where ...` picks uniformly among the matching places,
    and runs `else` when none matches."""
    g = _game(tmp_path, "    choose v in vertices at random where owner(v) >= 0 { remove v }"
                        " else { gain 1 brick }")
    s = empty_main(g)
    for v in (3, 20, 40):
        put(s, 1, "settlement", v)
    from catan_dsl.engine.rules import executor

    executor.run(s, [("rule", 0, executor.envt({"player": 0}))])
    outcomes = s.chance_outcomes()
    assert sorted(a.id for a, _ in outcomes) == [3, 20, 40]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in outcomes)
    s.apply_action(next(a for a, _ in outcomes if a.id == 20))
    assert s.v_owner[20] < 0 and s.v_owner[3] == 1 and s.v_owner[40] == 1
    empty = empty_main(g)
    bricks = empty.hand[0][res(g, "brick")]
    executor.run(empty, [("rule", 0, executor.envt({"player": 0}))])
    assert not empty.prompts and empty.hand[0][res(g, "brick")] == bricks + 1


def test_repeat_membership_and_the_board_sets(tmp_path: Path) -> None:
    """`repeat N` runs its block N times; `x in SET` tests membership; `vertices` and `edges`
    are every intersection and path of the board."""
    g = _game(tmp_path, "    repeat count(v in vertices) - count(e in edges) + 20 { gain 1 lumber }\n"
                        "    if player in opponents(player) { gain 5 ore } else { gain 1 ore }")
    s = empty_main(g)
    from catan_dsl.engine.rules import executor

    lumber, ore = s.hand[0][res(g, "lumber")], s.hand[0][res(g, "ore")]
    executor.run(s, [("rule", 0, executor.envt({"player": 0}))])
    assert s.board.n_vertices == 54 and s.board.n_edges == 72
    assert s.hand[0][res(g, "lumber")] - lumber == 54 - 72 + 20
    assert s.hand[0][res(g, "ore")] - ore == 1


def test_a_game_with_dice_in_its_rules_replays_and_an_edited_die_is_caught(tmp_path: Path) -> None:
    """The dice a rule rolls are chance steps of the transcript: replay re-rolls them from the
    seed, and a changed face is reported at its step."""
    path = tmp_path / "t.catan"
    path.write_text(SCENARIO.format(body="    let d = roll(6)\n    gain d wool"), encoding="utf-8")
    r = CliRunner().invoke(main, ["play", str(path), "--seed", "4", "--max-turns", "12", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    dice = [i for i, st in enumerate(doc["steps"]) if st["action"].startswith("choose die")]
    assert len(dice) >= 12
    game = tmp_path / "game.json"
    game.write_text(r.output)
    assert CliRunner().invoke(main, ["replay", str(game)]).exit_code == 0
    k = dice[5]
    face = int(doc["steps"][k]["action"].split()[-1])
    doc["steps"][k]["action"] = f"choose die {face % 6 + 1}"
    game.write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["replay", str(game)])
    assert r.exit_code == 3 and f"step {k}" in r.output


@pytest.mark.parametrize("body, code", [
    ("    let wool = 1", "E413"),
    ("    let d = 1\n    let d = 2", "E413"),
])
def test_shadowing_a_visible_name_is_an_error(tmp_path: Path, body: str, code: str) -> None:
    path = tmp_path / "t.catan"
    path.write_text(SCENARIO.format(body=body), encoding="utf-8")
    ir, report = compile_file(str(path))
    assert ir is None and [d.code for d in report.errors] == [code]


def test_what_runs_when_facts_about_remove_and_marks(tmp_path: Path) -> None:
    """docs/language.md "What runs when": after `remove v` the place has no owner (-1) and no
    piece and loses its marks; a mark on a settlement survives its upgrade to a city."""
    from catan_dsl.engine.base import building
    from catan_dsl.engine.rules import executor

    body = ("    each v in vertices where owner(v) == player and piece(v) == settlement"
            " { mark v scorched }")
    g = _game(tmp_path, body)
    s = empty_main(g)
    put(s, 0, "settlement", 10)
    put(s, 0, "settlement", 30)
    executor.run(s, [("rule", 0, executor.envt({"player": 0}))])
    assert s.rules_state.marks == {"v10": ("scorched",), "v30": ("scorched",)}
    building.place(s, 0, g.piece_names.index("city"), 10, free=True)
    assert s.rules_state.marks["v10"] == ("scorched",)                 # survives the upgrade
    from catan_dsl.engine.rules.board_effects import remove_piece

    remove_piece(s, False, 30, 0)
    assert s.v_owner[30] == -1 and s.v_kind[30] == -1 and "v30" not in s.rules_state.marks

"""Player VP (issue 12 item 6): `modifier vp + EXPR for player p [where COND] [label "..."]`
adds VP to a player, not to a piece, and playtest names it as its own VP source."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main
from catan_dsl.engine import Game
from catan_dsl.engine.invariants import violations
from tests.engine.helpers import empty_main

SOURCE = """scenario pvp extends base {
  counter gold "gold" { start 0 }
  modifier vp + 2 for player p where count_of(p, gold) >= 10 label "Treasury"
}
"""


def _game(tmp_path: Path, text: str = SOURCE) -> tuple[Path, Game | None, object]:
    path = tmp_path / "pvp.catan"
    path.write_text(text, encoding="utf-8")
    ir, report = compile_file(str(path), seed=1)
    return path, (Game(ir, num_players=4) if ir is not None else None), report


def test_a_player_gets_the_vp_while_the_condition_holds(tmp_path: Path) -> None:
    _, g, _ = _game(tmp_path)
    rule = next(r for r in g.ir["rules"] if r["kind"] == "modifier")
    assert (rule["what"], rule["bind"], rule["label"]) == ("player_vp", {"p": "p"}, "Treasury")
    s = empty_main(g)
    assert s.vp(1) == 0
    gold = g.rules.counter_index["gold"]
    s.rules_state.counters[1][gold] = 10
    assert s.vp(1) == 2 and s.vp(0) == 0
    assert s.vp_breakdown(1) == {"Treasury": 2}
    assert violations(s) == []
    s.rules_state.counters[1][gold] = 9
    assert s.vp(1) == 0 and "Treasury" not in s.vp_breakdown(1)


def test_playtest_names_the_source_by_its_label(tmp_path: Path) -> None:
    text = SOURCE.replace("counter gold \"gold\" { start 0 }",
                          "counter gold \"gold\" { start 0 }\n  on produced n { gain 1 gold }")
    path, _, _ = _game(tmp_path, text)
    r = CliRunner().invoke(main, ["playtest", str(path), "--games", "4", "--json"])
    assert r.exit_code == 0, r.output
    seats = json.loads(r.output)["seats"]
    assert any(seat["mean_vp_by_source"].get("Treasury", 0) > 0 for seat in seats)
    assert all("modifiers" not in seat["mean_vp_by_source"] for seat in seats)


def test_for_player_belongs_to_vp_and_target_modifiers_only(tmp_path: Path) -> None:
    _, g, report = _game(tmp_path, SOURCE.replace("modifier vp + 2", "modifier yield + 2"))
    assert g is None and any(d.message == "modifier yield binds the intersection of a producing "
                             "building, not a player" and "'for player p' belongs to modifier vp"
                             in d.hint for d in report.errors)

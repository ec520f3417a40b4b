"""IR loaded from a file is checked beyond its schema (E505) and read safely (E503, E107, E108):
a hand-edited or hostile IR is refused before a game starts, naming the JSON path."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl import ir as ir_mod
from catan_dsl.api import compile_file
from catan_dsl.cli import main
from catan_dsl.ir import semantics

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.catan"))


@pytest.fixture(scope="module")
def base_ir() -> dict:
    ir, report = compile_file(str(ROOT / "scenarios" / "base.catan"), seed=1)
    assert ir is not None, report.render_text()
    return ir


@pytest.mark.parametrize("path", SCENARIOS + sorted((ROOT / "tests" / "fixtures").glob("*.json")),
                         ids=lambda p: p.name)
def test_every_shipped_ir_is_consistent(path: Path) -> None:
    ir = json.loads(path.read_text()) if path.suffix == ".json" else compile_file(str(path), seed=2)[0]
    assert semantics.check(ir) == []


def _messages(ir: dict) -> list[str]:
    return [d.message for d in semantics.check(ir)]


def test_a_one_sided_board_link_is_named(base_ir: dict) -> None:
    ir = copy.deepcopy(base_ir)
    ir["board"]["vertices"][4]["hexes"] = []
    assert "IR is inconsistent: /board/hexes/0/vertices names 4, but /board/vertices/4/hexes " \
           "does not name 0" in _messages(ir)


def test_an_out_of_range_id_and_asymmetric_neighbours_are_named(base_ir: dict) -> None:
    ir = copy.deepcopy(base_ir)
    ir["board"]["edges"][3]["vertices"] = [0, 999]
    ir["board"]["hexes"][0]["neighbors"] = [1, 3, 4, 18]
    msgs = " | ".join(_messages(ir))
    assert "/board/edges/3/vertices names vertex 999, but the board has 54" in msgs
    assert "/board/hexes/0/neighbors names 18, but 18 does not name 0" in msgs


def test_absurd_counts_and_undeclared_names_are_named(base_ir: dict) -> None:
    ir = copy.deepcopy(base_ir)
    ir["bank"]["ore"] = 10**9
    ir["pieces"]["road"]["cost"] = {"stone": 1}
    ir["board"]["hexes"][2]["terrain"] = "lava"
    msgs = " | ".join(_messages(ir))
    assert "/bank/ore is 1000000000, over the limit of 10000" in msgs
    assert "/pieces/road/cost names resource 'stone', which is not declared" in msgs
    assert "/board/hexes/2/terrain is 'lava', which is not declared" in msgs


def test_play_and_check_refuse_a_broken_ir_file_before_the_first_move(base_ir: dict,
                                                                     tmp_path: Path) -> None:
    ir = copy.deepcopy(base_ir)
    ir["board"]["vertices"][4]["hexes"] = []
    bad = tmp_path / "bad.json"
    bad.write_text(ir_mod.dumps(ir))
    for cmd in (["play", str(bad)], ["check", str(bad)]):
        r = CliRunner().invoke(main, cmd)
        assert r.exit_code == 1 and "E505" in r.output and "Traceback" not in r.output
    good = tmp_path / "good.json"
    good.write_text(ir_mod.dumps(base_ir))
    r = CliRunner().invoke(main, ["check", str(good)])
    assert r.exit_code == 0 and "checked 1 file: 0 errors" in r.output


def test_deeply_nested_json_is_a_diagnostic_not_a_traceback(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ir_mod.IRLoadError) as e:
        ir_mod.load(deep)
    assert [d.code for d in e.value.diagnostics] == ["E503"]
    assert "nested too deep" in e.value.diagnostics[0].message
    r = CliRunner().invoke(main, ["play", str(deep)])
    assert r.exit_code == 1 and "Traceback" not in r.output


def test_an_ir_path_that_is_a_folder_or_too_big_is_refused(tmp_path: Path, monkeypatch) -> None:
    with pytest.raises(ir_mod.IRLoadError) as e:
        ir_mod.load(tmp_path)
    assert e.value.diagnostics[0].code == "E108"
    big = tmp_path / "big.json"
    big.write_text("[" + "0," * 100 + "0]")
    monkeypatch.setattr(ir_mod, "MAX_IR_BYTES", 50)
    with pytest.raises(ir_mod.IRLoadError) as e:
        ir_mod.load(big)
    assert e.value.diagnostics[0].code == "E107"


def test_settings_that_would_hang_the_engine_are_refused(base_ir: dict) -> None:
    """Found by the IR mutation test: 900,000 dice made Game() compute the roll distribution
    for ever; set-up rounds and player counts are bounded the same way, in IR and in source."""
    ir = copy.deepcopy(base_ir)
    ir["production"]["dice"], ir["setup"]["rounds"], ir["players"]["max"] = 900_000, 10**6, 500
    msgs = " | ".join(_messages(ir))
    assert "/production/dice is 900000, over the limit of 8" in msgs
    assert "/setup/rounds is 1000000, over the limit of 20" in msgs
    assert "/players/max is 500, over the limit of 16" in msgs


def test_the_same_bounds_hold_in_source(tmp_path: Path) -> None:
    from catan_dsl.api import check_file

    p = tmp_path / "s.catan"
    p.write_text("scenario t extends base {\n  production { dice 9000 }\n  players 2..40\n}\n")
    report = check_file(str(p))
    assert [(d.code, d.span.line) for d in report.errors] == [("E212", 2), ("E212", 3)]


@pytest.fixture(scope="module")
def rules_ir() -> dict:
    ir, report = compile_file(str(ROOT / "scenarios" / "fishermen.catan"), seed=1)
    assert ir is not None, report.render_text()
    return ir


def test_unknown_functions_effects_and_triggers_in_rules_are_named(rules_ir: dict) -> None:
    """Issue 18 item 4: every effect, function and trigger a rule names must exist; a renamed
    one is refused on load by its JSON path, not when the game reaches the rule."""
    ir = copy.deepcopy(rules_ir)
    built = next(i for i, r in enumerate(ir["rules"]) if r["kind"] == "on" and r["event"] == "built")
    ir["rules"][built]["event"] = "builtt"
    ir["rules"][built]["do"][0][0] = "drawz"
    messages = _messages(ir)
    assert any(f"/rules/{built}/event is 'builtt', which is not a trigger" in m for m in messages)
    assert any(f"/rules/{built}/do/0/0 names 'drawz'" in m for m in messages)


def test_a_literal_list_of_declared_names_is_not_a_call(rules_ir: dict) -> None:
    """``["wool", "grain"]`` (the stocks a vote is paid in) is data, but a list headed by an
    undeclared word with arguments is an unknown function."""
    ir = copy.deepcopy(rules_ir)
    ir["rules"][0]["when"] = ["==", ["wool", "grain"], ["wool", "grain"]]
    assert _messages(ir) == []
    ir["rules"][0]["when"] = ["==", ["vertices_off", ["var", "v"]], 1]
    assert any("/rules/0/when/1/0 names 'vertices_off'" in m for m in _messages(ir))


def test_an_ir_whose_rule_cannot_be_compiled_names_the_rule(rules_ir: dict) -> None:
    """Past the semantic checks (a known effect with its arguments missing), building the game
    fails with the rule's JSON path, id and source line, never an IndexError from inside."""
    from catan_dsl.engine import Game

    ir = copy.deepcopy(rules_ir)
    built = next(i for i, r in enumerate(ir["rules"]) if r["kind"] == "on" and r["event"] == "built")
    ir["rules"][built]["do"][0] = ["draw"]
    with pytest.raises(ValueError, match=rf"/rules/{built} \(fishermen\.\d+ at \S*scenarios/fishermen"
                                         r"\.catan:\d+\) cannot be compiled"):
        Game(ir, num_players=4)


def test_play_refuses_an_ir_with_an_unknown_effect_before_the_first_move(rules_ir: dict,
                                                                          tmp_path: Path) -> None:
    ir = copy.deepcopy(rules_ir)
    ir["rules"][0]["do"][0][0] = "explode"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(ir))
    r = CliRunner().invoke(main, ["play", str(bad)])
    assert r.exit_code == 1 and "E505" in r.output and "/rules/0/do/0/0 names 'explode'" in r.output
    assert "Traceback" not in r.output and "rolled" not in r.output


def test_feature_sea_and_harbor_ids_out_of_range_are_named(rules_ir: dict) -> None:
    """A fishing ground on sea hex 1,000,000 is refused on load, not an IndexError mid-game."""
    ir = copy.deepcopy(rules_ir)
    ir["board"]["features"]["sea"]["fishing_grounds"][2] = 1_000_000
    ir["board"]["harbors"][0]["vertices"][1] = 999
    messages = _messages(ir)
    assert any("/board/features/sea/fishing_grounds/2 names sea hex 1000000, but the board has 18"
               in m for m in messages), messages
    assert any("/board/harbors/0/vertices/1 names vertex 999" in m for m in messages)


@pytest.mark.parametrize("where, value, needle", [
    (("when", 1), ["var", "nobody"], "variable 'nobody' is not bound here"),
    (("when", 2, 2), 7, "which is not a set"),
    (("when", 2, 2, 1), 1000, "argument x must be a vertex|edge, not a constant int"),
    (("do", 0, 1), "", "argument p must be a player, not a constant name"),
])
def test_an_ill_typed_rule_is_refused_by_check_and_play(tmp_path: Path, where: tuple, value: object,
                                                        needle: str) -> None:
    """Issue 18 item 4: what the schema and the name checks cannot see (an unbound variable, a
    number where a set or a place belongs, a name where a player belongs) is found when the rules
    are built, before the first move, and reported as E505 with the rule's JSON path — by
    'check' of the IR file as well as by 'play'."""
    ir, _ = compile_file(str(ROOT / "scenarios" / "rivers.catan"), seed=1)
    rule = next(i for i, r in enumerate(ir["rules"]) if r["id"] == "rivers.4")
    node = ir["rules"][rule]
    for k in where[:-1]:
        node = node[k]
    node[where[-1]] = value
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(ir))
    for command in (["check", str(bad)], ["play", str(bad)]):
        r = CliRunner().invoke(main, command)
        assert r.exit_code == 1, r.output
        assert "E505" in r.output and f"/rules/{rule} (rivers.4" in r.output and needle in r.output
        assert "Traceback" not in r.output and "this is a bug" not in r.output


def test_no_limit_on_trade_offers_is_null(base_ir: dict) -> None:
    """``trade.offers_per_turn`` null (a scenario that never sets it) means no limit."""
    from catan_dsl.engine import Game

    ir = copy.deepcopy(base_ir)
    ir["trade"]["offers_per_turn"] = None
    assert ir_mod.validate(ir) == [] and semantics.check(ir) == []
    assert Game(ir, num_players=4).offers_per_turn >= 10**6

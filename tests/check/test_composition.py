"""extends / import / with: merge order, overrides and provenance in the IR's meta."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.syntax.parser import get_parser, grammar_dir


def _write(d: Path, name: str, text: str) -> str:
    p = d / f"{name}.catan"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_extends_import_and_with(tmp_path: Path) -> None:
    _write(tmp_path, "parts", "variant parts { piece ship { on edge; limit 15; cost lumber 1 wool 1 } }\n")
    _write(tmp_path, "short", "variant short \"Short game\" { victory 8 }\n")
    main = _write(tmp_path, "seafarers", "import parts\n"
                  "scenario seafarers \"Sea\" extends base with short {\n  victory 12\n}\n")
    ir, report = api.compile_file(main)
    assert ir is not None, report.render_text()
    assert ir["meta"]["extends"] == ["base"] and ir["meta"]["with"] == ["short"]
    assert ir["victory"]["target"] == 8  # the variant is applied after the scenario
    assert ir["pieces"]["ship"]["cost"] == {"lumber": 1, "wool": 1}
    assert ir["pieces"]["road"]["limit"] == 15  # inherited untouched
    ir2, _ = api.compile_file(main, with_=())
    assert ir2 is not None


def test_with_option_and_unknown_variant(tmp_path: Path) -> None:
    _write(tmp_path, "short", "variant short { victory 8 }\n")
    main = _write(tmp_path, "s", "scenario s extends base { }\n")
    ir, _ = api.compile_file(main, with_=("short",))
    assert ir is not None and ir["victory"]["target"] == 8 and ir["meta"]["with"] == ["short"]
    ir, report = api.compile_file(main, with_=("shrot",))
    assert ir is None and [d.code for d in report.errors] == ["E209"]


def test_a_variant_alone_checks_clean_but_does_not_compile(tmp_path: Path) -> None:
    v = _write(tmp_path, "v", "variant v { victory 8 }\n")
    assert not api.check_file(v).diagnostics
    ir, report = api.compile_file(v)
    assert ir is None and {d.code for d in report.errors} == {"E208"}


@pytest.mark.skipif(importlib.util.find_spec("interegular") is None, reason="strict mode needs interegular")
def test_grammar_builds_in_strict_mode() -> None:
    assert (grammar_dir() / "catan.lark").is_file()
    assert get_parser().options.strict is True


def test_a_variant_taking_away_the_scenarios_own_board_is_warned_about(tmp_path: Path) -> None:
    """W403: a variant's 'use board' that replaces the played scenario's own default board is a
    warning naming both boards (the tournament variant once took Fishermen's lake away)."""
    _write(tmp_path, "pick", "variant pick extends base { use board tournament }\n")
    board = ("  board own default { layout rows 3 4 5 4 3\n"
             "    pool p { forest 4, pasture 4, fields 4, hills 3, mountains 3, desert 1 }\n"
             "    numbers spiral from random corner }\n")
    main = _write(tmp_path, "isle", "scenario isle extends base {\n" + board + "}\n")
    report = api.check_file(main, with_=("pick",))
    (w,) = [d for d in report.diagnostics if d.code == "W403"]
    assert w.span.path.endswith("pick.catan") and w.span.line == 1
    assert "'use board tournament' of pick replaces board \"own\" of scenario isle" in w.message
    assert "if with pick { use board own }" in (w.hint or "")
    kept = _write(tmp_path, "isle2", "scenario isle2 extends base {\n" + board +
                  "  if with pick { use board own }\n}\n")
    assert not [d for d in api.check_file(kept, with_=("pick",)).diagnostics if d.code == "W403"]
    ir, _ = api.compile_file(kept, with_=("pick",), seed=1)
    assert ir is not None and ir["meta"]["board"] == "own"


@pytest.mark.parametrize("scenario", ["fishermen", "rivers", "caravans"])
def test_every_scenario_keeps_its_own_board_with_the_tournament_variant(scenario: str) -> None:
    """TOUR-02 with a scenario: the scenario's own (random) board is played, not the base
    game's tournament board, and the composition checks without warnings."""
    path = str(Path(__file__).resolve().parents[2] / "scenarios" / f"{scenario}.catan")
    report = api.check_file(path, with_=("tournament",))
    assert report.diagnostics == [], report.render_text()
    ir, _ = api.compile_file(path, with_=("tournament",), seed=3)
    assert ir is not None and ir["meta"]["board"] == scenario


def test_a_designers_own_file_extends_a_shipped_packs_shared_rules(tmp_path: Path) -> None:
    """A sea scenario in the designer's own folder writes `extends seafarers` and gets the
    Seafarers pack's ships, pirate and island bonus (it used to be E209: only the core
    scenarios were looked for)."""
    main = _write(tmp_path, "atoll", """scenario atoll extends seafarers {
  on built settlement at v where not setup and first_in(v, reef) { island_bonus() }
  board atoll default {
    layout hexes -1,0 0,0 1,0 0,-1 1,-1 -1,1 0,1 3,-1 3,0
    islands 2
    tiles { forest 6, hills 5, pasture 8, fields 9, mountains 10, forest 4, pasture 3,
            fields 10, mountains 9 }
    hexes reef { 3,-1; 3,0 }
    robber starts at 0,0
    robber pirate starts at 2,-1
  }
}
""")
    ir, report = api.compile_file(main)
    assert ir is not None, report.render_text()
    assert ir["meta"]["extends"][0] == "seafarers" and "ship" in ir["pieces"]
    ir, report = api.compile_file(_write(tmp_path, "s", "scenario s extends seafarerz { }\n"))
    assert ir is None and [d.code for d in report.errors] == ["E209"]


def test_a_missing_parent_is_the_one_error_with_a_did_you_mean(tmp_path: Path) -> None:
    """A misspelt `extends` is one E209 suggesting the name, not one error per terrain, piece and
    procedure the parent would have declared (the cause buried under a page of E202s)."""
    main = _write(tmp_path, "atoll", """scenario atoll extends seafarer {
  on built settlement at v where not setup and first_in(v, reef) { island_bonus() }
  board atoll default { layout hexes 0,0 1,0; hex 0,0 forest 6; hex 1,0 hills 5 }
}
""")
    report = api.check_file(main)
    assert [(d.code, d.span.line) for d in report.errors] == [("E209", 1)]
    assert report.errors[0].hint.startswith('did you mean "seafarers"?')

"""Rules-language composition: --with order, bonuses adding up, if-with adaptations, E411 and W401."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api

ROOT = Path(__file__).resolve().parents[2]
BASE = "scenarios/base.catan"


@pytest.fixture(autouse=True)
def _repo_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # spans and meta.source are repo-relative paths


def _write(d: Path, name: str, text: str) -> str:
    p = d / f"{name}.catan"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_variant_fixing_two_players_with_a_four_player_scenario_is_E411(tmp_path: Path) -> None:
    _write(tmp_path, "two_only", "variant two_only { players 2 }\n")
    main = _write(tmp_path, "four", "scenario four extends base with two_only {\n  players 4\n}\n")
    report = api.check_file(main)
    assert [d.code for d in report.errors] == ["E411"]
    d = report.errors[0]
    assert d.span.path.endswith("two_only.catan") and (d.span.line, d.span.col) == (1, 20)
    assert "four.catan" in str(d.notes[0][1])


def test_two_variants_setting_the_production_source_differently_is_W401(tmp_path: Path) -> None:
    _write(tmp_path, "deck_a", "variant deck_a { deck a { card x number 2 x 1 }; production { source deck a } }\n")
    _write(tmp_path, "deck_b", "variant deck_b { deck b { card y number 3 x 1 }\n"
           "  production { source deck b } }\n")
    main = _write(tmp_path, "s", "scenario s extends base with deck_a, deck_b { }\n")
    report = api.check_file(main)
    assert [d.code for d in report.warnings] == ["W401"] and not report.errors
    w = report.warnings[0]
    assert w.span.path.endswith("deck_b.catan") and (w.span.line, w.span.col) == (2, 16)


def test_same_setting_same_value_is_no_conflict() -> None:
    """event_cards and catan_for_two both send the robber home to the desert: no W401."""
    report = api.check_file(BASE, with_=("event_cards", "catan_for_two"))
    assert not report.diagnostics, report.render_text()


def test_with_order_and_meta_with() -> None:
    ir, report = api.compile_file(BASE, with_=("harbormaster", "event_cards"))
    assert ir is not None, report.render_text()
    assert ir["meta"]["with"] == ["harbormaster", "event_cards"]
    units = [r["id"].split(".")[0] for r in ir["rules"]]
    assert units == sorted(units, key=["harbormaster", "event_cards"].index)
    ir2, _ = api.compile_file(BASE, with_=("event_cards", "harbormaster"))
    assert [r["id"] for r in ir2["rules"]][0].startswith("event_cards.")


def test_victory_bonuses_add_up(tmp_path: Path) -> None:
    """HM-07: the +1 of Harbormaster holds in any combination, and bonuses of several files add up."""
    _write(tmp_path, "plus_two", "variant plus_two { victory target + 2 }\n")
    main = _write(tmp_path, "s", "scenario s extends base with plus_two { victory 12 }\n")
    ir, report = api.compile_file(main, with_=("harbormaster",))
    assert ir is not None, report.render_text()
    assert ir["victory"] == {"target": 12, "bonus": 3}


def test_if_with_applies_only_in_that_combination() -> None:
    """§4.5: Event Cards with Catan for Two draws two cards; alone it draws one."""
    alone, _ = api.compile_file("scenarios/event_cards.catan")
    both, report = api.compile_file(BASE, with_=("event_cards", "catan_for_two"))
    assert alone is not None and both is not None, report.render_text()
    assert "rolls" not in alone["production"]
    assert both["production"]["rolls"] == 2 and both["production"]["source"] == {"deck": "events"}


def test_if_with_may_override_its_own_file(tmp_path: Path) -> None:
    _write(tmp_path, "other", "variant other { }\n")
    main = _write(tmp_path, "s", "scenario s extends base with other {\n"
                  "  production { rolls 1 }\n  if with other { production { rolls 2 } }\n}\n")
    ir, report = api.compile_file(main)
    assert ir is not None and not report.diagnostics, report.render_text()
    assert ir["production"]["rolls"] == 2


@pytest.mark.parametrize("stem", ["tournament", "friendly_robber", "event_cards", "harbormaster",
                                  "catan_for_two"])
def test_each_variant_with_base_checks_clean_and_compiles(stem: str) -> None:
    assert not api.check_file(f"scenarios/{stem}.catan").diagnostics
    ir, report = api.compile_file(BASE, with_=(stem,))
    assert ir is not None and not report.diagnostics, report.render_text()


def test_all_five_together_compile() -> None:
    ir, report = api.compile_file(BASE, with_=("event_cards", "harbormaster", "catan_for_two",
                                               "friendly_robber", "tournament"))
    assert ir is not None and not report.diagnostics, report.render_text()
    assert ir["victory"]["bonus"] == 1 and ir["meta"]["board"] == "tournament"

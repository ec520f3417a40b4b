"""Every shipped combination file with every variant checks clean; a 'without' of a name that
only an 'if with' branch not taken declares is no E218 (COMBO-C42-ALL-01, decision #14)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from catan_dsl.api import check_file, compile_file

ROOT = Path(__file__).resolve().parents[2]
COMBOS = sorted((ROOT / "scenarios" / "combinations").glob("*.catan"))
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("combo", COMBOS, ids=lambda p: p.stem)
def test_every_combination_checks_clean_with_every_variant(combo: Path, variant: str) -> None:
    """COMBO-C42-ALL-01: Catan for Two (and every other variant) combines with every scenario,
    so also with a file composing two of them (Fishermen + Barbarian Attack once gave E409 and
    E218 at lines of the scenarios that were not wrong)."""
    report = check_file(str(combo), with_=(variant,))
    assert not report.diagnostics, report.render_text()


@pytest.mark.parametrize("combo, token_action", [
    ("fishermen+barbarian_attack", "remove_barbarian"),
    ("fishermen+traders_barbarians", "move_barbarian"),
])
def test_fishermen_combinations_for_two_use_no_trade_tokens(combo: str, token_action: str) -> None:
    """COMBO-C42-FISH-03 holds in Fishermen's combinations: no trade tokens at all, so the
    other scenario's trade-token action for two (COMBO-C42-BA-05, COMBO-C42-TB-02) is absent."""
    ir, report = compile_file(str(ROOT / "scenarios" / "combinations" / f"{combo}.catan"),
                              with_=("catan_for_two",))
    assert ir is not None, report.render_text()
    assert ir["counters"]["trade_tokens"]["supply"] == 0
    actions = {r["name"] for r in ir["rules"] if r.get("kind") == "action"}
    assert token_action not in actions


def test_fishermen_and_barbarian_attack_for_two_pay_a_lost_knight_3_gold() -> None:
    """COMBO-C42-BA-07's token has nothing to act on without trade tokens, so Barbarian Attack's
    own compensation stands: 3 gold (BA-alone for two pays 2 gold + 1 token)."""
    ir, report = compile_file(str(ROOT / "scenarios" / "combinations" /
                                  "fishermen+barbarian_attack.catan"), with_=("catan_for_two",))
    assert ir is not None, report.render_text()
    paid = re.findall(r'\["gain", \["var", "o"\], (\d+), \{"counter": "(\w+)"\}\]',
                      json.dumps(ir["rules"]))
    assert paid == [("3", "gold")]


def _scenario(tmp_path: Path, withdraw: str) -> str:
    p = tmp_path / "s.catan"
    p.write_text(f"""scenario s extends base {{
  if with tournament {{
    action trade_up "Trade up" {{ cost grain 1; do {{ gain 1 ore }} }}
  }}
  without action {withdraw}
}}
""", encoding="utf-8")
    return str(p)


def test_withdrawing_an_action_of_a_branch_not_taken_is_no_error(tmp_path: Path) -> None:
    """A file may withdraw what another file declares only with some variant (Fishermen's part
    for two withdraws the knight action Catan for Two leaves out beside Barbarian Attack)."""
    assert not check_file(_scenario(tmp_path, "trade_up")).errors


def test_withdrawing_a_name_nobody_declares_is_still_e218(tmp_path: Path) -> None:
    errors = check_file(_scenario(tmp_path, "trade_upp")).errors
    assert [e.code for e in errors] == ["E218"] and errors[0].span.line == 5

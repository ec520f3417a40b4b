"""Rules on one trigger that all filter on the same parameter are indexed by its value, so an
event looks only at its own rules (Event Cards: a rule per card on "revealed"); a rule that does
not filter on it leaves the trigger unindexed."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game


def test_event_cards_index_their_revealed_rules_by_card() -> None:
    ir, _ = compile_file("scenarios/base.catan", with_=("event_cards",))
    g = Game(ir)
    key, index = g.rules.trigger_keys["revealed"]
    assert key == "card"
    everyone = g.rules.by_trigger["revealed"]
    assert sorted(ri for ris in index.values() for ri in ris) == sorted(everyone)
    for card, ris in index.items():
        assert ris == [ri for ri in everyone if dict(g.rules.compiled[ri].filter)["card"] == card]


def test_a_rule_without_the_filter_leaves_the_trigger_unindexed(tmp_path: Path) -> None:
    p = tmp_path / "t.catan"
    p.write_text("""scenario t extends base {
  counter c "c"
  on built road { gain 1 c }
  on built city { gain 2 c }
  on built { gain 1 c }
}
""", encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    assert "built" not in Game(ir).rules.trigger_keys

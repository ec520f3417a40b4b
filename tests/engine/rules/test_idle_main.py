"""Rules that add nothing to a main listing and drop nothing from it (RulesRuntime.main_idle) →
the listing with their part skipped is the one with it run: the rows where it is skipped,
played side by side with ``runtime.IDLE_MAIN`` on and off."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import runtime
from tests.engine.rules.side_by_side import ROWS, games_on_and_off, play_side_by_side, row_id

# The rows whose rules have no action, build ban, trade ban or turn phase in some listing.
IDLE = [r for r in ROWS if row_id(r[0] if not r[1] else r[1]) in
        ("friendly_robber", "tournament", "harbormaster", "caravans", "fishermen")]


@pytest.mark.parametrize("path,with_", IDLE, ids=lambda r: row_id(r) if r else "")
def test_a_listing_the_rules_leave_alone_is_the_same_skipped_or_run(path, with_, monkeypatch):
    skipped, run = games_on_and_off(path, with_, monkeypatch, runtime, "IDLE_MAIN")
    assert any(skipped.rules.main_idle) and not any(run.rules.main_idle)
    play_side_by_side((skipped, run), seed=5, steps=400)


def test_rules_with_actions_or_bans_are_not_idle():
    """Fishermen's fish are spent after the roll (listed then, not before it); Barbarian
    Attack bans builds beside a conquered hex and lists its own actions."""
    by_id = {row_id(r[0] if not r[1] else r[1]): r for r in ROWS}
    for name, idle in (("fishermen", (False, True)), ("barbarian_attack", (False, False)),
                       ("friendly_robber", (True, True))):
        path, with_ = by_id[name]
        game, _ = games_on_and_off(path, with_, pytest.MonkeyPatch(), runtime, "IDLE_MAIN")
        assert game.rules.main_idle == idle, name

"""A main listing's build-ban verdicts kept per spot while nothing their bans read moves
(ban_filter.spot_memo_kinds) → the listing worked out afresh: the rows whose build bans are
asked per spot and read the board and its markers (the conquered hexes) played side by side with the verdicts kept and not, the same legal
actions and events at every step, and verdicts of an earlier listing found on the way."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import ban_filter
from catan_dsl.engine.rules.queries import kept_memo
from tests.engine.rules.side_by_side import SCENARIOS, games_on_and_off, play_side_by_side, row_id

# Seeds whose games conquer a hex after verdicts were kept: a table kept past a barbarian's
# landing (kept by the pieces alone) lists a build there that the bans forbid now.
ROWS = [(SCENARIOS / "barbarian_attack.catan", (), 1),
        (SCENARIOS / "combinations/rivers+barbarian_attack.catan", (), 7)]


@pytest.mark.parametrize("path,with_,seed", ROWS, ids=lambda r: str(r) if type(r) is int else row_id(r))
def test_kept_verdicts_list_what_the_bans_asked_afresh_would(path, with_, seed, monkeypatch):
    kept, fresh = games_on_and_off(path, with_, monkeypatch, ban_filter, "KEEP_VERDICTS")
    assert any(kept.rules.spot_memo_kinds) and not any(fresh.rules.spot_memo_kinds)
    found = []
    look_up = ban_filter._kept_verdicts

    def noted(rules, s, p, k):
        verdicts = look_up(rules, s, p, k)
        if rules is kept.rules:
            found.append(bool(verdicts))    # verdicts of an earlier listing of this position
        return verdicts
    monkeypatch.setattr(ban_filter, "_kept_verdicts", noted)
    play_side_by_side((kept, fresh), seed, 8000)
    assert any(found), "no listing met verdicts kept by an earlier one (this shows nothing)"


@pytest.mark.parametrize("path,with_,seed", ROWS, ids=lambda r: str(r) if type(r) is int else row_id(r))
def test_carried_verdicts_list_what_verdicts_kept_per_player_would(path, with_, seed, monkeypatch):
    """ban_filter.CARRY_VERDICTS: one table for every player and, after a marker moves, the last
    table less the moved markers' spots, against tables per player started empty (off)."""
    carried, fresh = games_on_and_off(path, with_, monkeypatch, ban_filter, "CARRY_VERDICTS")
    look_up, started = ban_filter._kept_verdicts, []

    def switched(rules, s, p, k):
        monkeypatch.setattr(ban_filter, "CARRY_VERDICTS", rules is carried.rules)
        memo = kept_memo(s, rules.spot_memo_kinds[k])
        before = len(memo)
        verdicts = look_up(rules, s, p, k)
        if rules is carried.rules and len(memo) > before:
            started.append(len(verdicts))   # a new table: how many verdicts it was carried with
        return verdicts
    monkeypatch.setattr(ban_filter, "_kept_verdicts", switched)
    play_side_by_side((carried, fresh), seed, 8000)
    assert any(started), "no new table was carried any verdict (this shows nothing)"

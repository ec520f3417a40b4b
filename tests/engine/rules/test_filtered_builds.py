"""A main listing's builds filtered by the build bans kind by kind as they are listed, the
filtered list kept while the builds and the verdicts stay (engine/rules/main_listing.py) →
the listing with the builds listed and then dropped (``FILTER_BUILDS`` off, the reference):
rows with build bans played side by side both ways, the same legal actions and events at
every step, a ban met and a kept list taken on the way."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import main_listing
from tests.engine.rules.side_by_side import SCENARIOS, games_on_and_off, play_side_by_side, row_id

# Rows whose bans read the markers (a conquered hex), the layout (a bridge site), both with a
# trade ban, and a board whose paths are ships as well as roads.
ROWS = [(SCENARIOS / "barbarian_attack.catan", (), 1),
        (SCENARIOS / "rivers.catan", (), 3),
        (SCENARIOS / "combinations/fishermen+barbarian_attack.catan", (), 3),
        (SCENARIOS / "combinations/rivers+barbarian_attack.catan", (), 7),
        (SCENARIOS / "seafarers/scenarios/fog_islands.catan", (), 2)]


@pytest.mark.parametrize("path,with_,seed", ROWS,
                         ids=lambda r: str(r) if type(r) is int else row_id(r))
def test_builds_filtered_as_listed_are_those_dropped_after(path, with_, seed, monkeypatch):
    filtering, dropping = games_on_and_off(path, with_, monkeypatch, main_listing,
                                           "FILTER_BUILDS")
    assert filtering.rules.builds_filtered and not dropping.rules.builds_filtered
    kept = []
    allowed = main_listing.allowed

    def noted(s, p, k, builds):
        before = s.rules_state.piece_memo(s.piece_moves).get(("allowed builds", p, k))
        got = allowed(s, p, k, builds)
        if s.game is filtering:     # (a kept list taken, a list a ban shortened)
            kept.append((before is not None and before[2] is got, len(got) < len(builds)))
        return got
    monkeypatch.setattr(main_listing, "allowed", noted)
    play_side_by_side((filtering, dropping), seed, 4000)
    taken, shortened = (any(col) for col in zip(*kept))
    assert taken and shortened, "no kept list taken, or no build banned (this shows nothing)"

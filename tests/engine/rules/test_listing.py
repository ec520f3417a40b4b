"""The rule-action listing written out as one generated function (engine/rules/listing.py) →
the actions the walk of player_actions.legal offers: every shipped scenario, combination and
variant played side by side with the listing generated and walked, the same legal actions and
events at every step; and a listing with no action in it is not generated."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import listing
from tests.engine.rules.side_by_side import ROWS, games_on_and_off, play_side_by_side, row_id


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_a_scenario_lists_the_same_actions_generated_or_walked(path, with_, monkeypatch):
    generated, walked = games_on_and_off(path, with_, monkeypatch, listing, "GENERATED")
    fns = generated.rules.listing_fns if generated.rules is not None else (None, None)
    actions = generated.rules.actions if generated.rules is not None else []
    # A scenario with rule actions has its after-the-roll listing generated; the walk none.
    assert (fns[0] is not None) == any(ar.action.phase != "before_roll" for ar in actions)
    assert walked.rules is None or walked.rules.listing_fns == (None, None)
    play_side_by_side((generated, walked), seed=5, steps=900)

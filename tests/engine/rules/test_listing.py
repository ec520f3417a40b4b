"""The rule-action listing written out as one generated function (engine/rules/listing.py) →
the actions the walk of player_actions.legal offers: every shipped scenario, combination and
variant played side by side with the listing generated and walked, the same legal actions and
events at every step; a listing with no action in it is not generated; and a listed action is
the runtime's interned object."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.engine.actions import RuleAction
from catan_dsl.engine.rules import listing
from tests.engine.rules.random_walks import decisions
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


def test_a_listed_rule_action_is_the_interned_one():
    """The generated listing reads an action paid with nothing from its own table of targets:
    it must be the very object the runtime interns (identity tests and kept listings rely on
    it), listing after listing."""
    path = Path(__file__).resolve().parents[3] / "scenarios" / "traders_barbarians.catan"
    ir, report = api.compile_file(str(path))
    assert ir is not None, report.render_text()
    game = Game(ir, num_players=4)
    seen = 0
    for s, legal in decisions(game, seed=3, steps=1500):
        for a in legal:
            if type(a) is RuleAction:
                assert a is game.rules.rule_action(a.rule, a.target, a.pay)
                seen += 1
    assert seen > 200

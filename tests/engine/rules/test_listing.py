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


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_conditions_and_sales_written_in_list_what_their_calls_list(path, with_, monkeypatch):
    """An action's fused ``when`` written into the listing, and a sale's targets read from the
    hand in it (listing.INLINE_WHEN, INLINE_HAND_TARGETS) → the same actions and events as
    the listing that calls the condition and player_actions.listed_targets."""
    written, called = games_on_and_off(path, with_, monkeypatch, listing, "INLINE_WHEN",
                                       "INLINE_HAND_TARGETS")
    play_side_by_side((written, called), seed=5, steps=900)


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_actions_up_to_one_phase_tested_once_list_what_each_tested_lists(path, with_, monkeypatch):
    """Consecutive actions listed up to the same turn phase tested for it once
    (listing.GROUP_PHASES) → the same actions and events as each action's phase tested on its
    own."""
    grouped, each = games_on_and_off(path, with_, monkeypatch, listing, "GROUP_PHASES")
    play_side_by_side((grouped, each), seed=5, steps=900)


def test_a_condition_is_written_in_with_its_objects_renamed_and_names_left_alone():
    """A written-in condition keeps its string literals (a name such as ``L1`` inside quotes
    is not an object) and calls its objects under the listing's own names; one that hands
    nothing env reads the player as the listing's ``p``."""
    def fused_like(s, env):
        return None
    fused_like.written = ("(L1(s, env) == 'L1' and env['player'] != 'O12' and O12)",
                          {"L1": len, "O12": 3})
    names: dict = {}
    src = listing._condition(fused_like, 4, names)
    # (It hands env to an object, which may bind "player" again: the player stays env's.)
    assert src == "(W4_L1(s, env) == 'L1' and env['player'] != 'O12' and W4_O12)"
    assert names == {"W4_L1": len, "W4_O12": 3}
    fused_like.written = ("((s.rules_state.counters[env['player']][0]) == 1)", {"_U": None})
    # The acting player's counters read from the listing's local.
    assert listing._condition(fused_like, 5, names) == "((mine[0]) == 1)"


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_kept_actions_and_unwrapped_tests_list_what_kept_targets_list(path, with_, monkeypatch):
    """A kept target set's actions kept ready in the position memo (listing.KEEP_ACTIONS) and
    a condition ``(True if X else False)`` tested as ``X`` and a sale's cost above 0 not tested
    for 0 per target (listing.LEAN_TESTS) → the same actions, in the same order, and events as
    the kept targets turned into actions listing by listing and the tests as written."""
    ready, each = games_on_and_off(path, with_, monkeypatch, listing, "KEEP_ACTIONS",
                                   "LEAN_TESTS")
    play_side_by_side((ready, each), seed=5, steps=900)


@pytest.mark.parametrize("path,with_", ROWS, ids=row_id)
def test_paid_actions_kept_by_items_held_list_what_each_payment_lists(path, with_, monkeypatch):
    """An action paid in deck items kept as its ready actions per items held
    (listing.KEEP_PAID) → the same actions, in the same order, and events as each least
    payment asked of its memo and turned into its action listing by listing."""
    kept, each = games_on_and_off(path, with_, monkeypatch, listing, "KEEP_PAID")
    play_side_by_side((kept, each), seed=5, steps=900)


def test_a_kept_key_lays_its_values_flat_and_a_boolean_test_is_unwrapped():
    """The ready actions' memo key holds the counted values themselves (no nested tuples, no
    None); a fused boolean ``(True if X else False)`` is tested as ``X``, anything else as
    written."""
    assert listing._leaves("(None, (mine[3], mine[6],))") == ["mine[3]", "mine[6]"]
    assert listing._leaves("((hand[0], hand[1],), mine[3])") == ["hand[0]", "hand[1]", "mine[3]"]
    assert listing._test("(True if (a(s) and b) else False)") == "(a(s) and b)"
    assert listing._test("(True if a else False) and b") == "(True if a else False) and b"
    assert listing._test("(False if a else True)") == "(False if a else True)"

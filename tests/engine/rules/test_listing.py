"""The rule-action listing written out as one generated function (engine/rules/listing.py) →
the actions the walk of player_actions.legal offers: every shipped scenario, combination and
variant played side by side with the listing generated and walked, the same legal actions and
events at every step; and a listing with no action in it is not generated."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.engine import Game
from catan_dsl.engine.rules import listing
from tests.engine.rules.test_loops import ROWS


def _games(path: Path, with_: tuple, monkeypatch) -> tuple[Game, Game]:
    ir, report = compile_file(str(path), with_=with_)
    assert ir is not None, report.render_text()
    players = 2 if "catan_for_two" in with_ else 4
    generated = Game(ir, num_players=players)
    with monkeypatch.context() as m:
        m.setattr(listing, "GENERATED", False)
        walked = Game(ir, num_players=players)
    return generated, walked


@pytest.mark.parametrize("path,with_", ROWS, ids=lambda r: r.stem if isinstance(r, Path) else
                         "+".join(r))
def test_a_scenario_lists_the_same_actions_generated_or_walked(path, with_, monkeypatch):
    generated, walked = _games(path, with_, monkeypatch)
    fns = generated.rules.listing_fns if generated.rules is not None else (None, None)
    actions = generated.rules.actions if generated.rules is not None else []
    # A scenario with rule actions has its after-the-roll listing generated; the walk none.
    assert (fns[0] is not None) == any(ar.action.phase != "before_roll" for ar in actions)
    assert walked.rules is None or walked.rules.listing_fns == (None, None)
    states = [generated.new_initial_state(seed=5), walked.new_initial_state(seed=5)]
    rngs = [random.Random(5), random.Random(5)]
    bot = make_bot("random")
    for _ in range(900):
        if states[0].is_terminal():
            break
        taken = []
        for s, rng in zip(states, rngs):
            if s.is_chance_node():
                a = s.sample_chance(rng)
            else:
                legal = s.legal_actions()
                taken.append([str(x) for x in legal])
                a = bot.choose(s, legal, rng)
            s.apply_action(a)
            taken.append(str(a))
        assert taken[: len(taken) // 2] == taken[len(taken) // 2:]
        events = [s.drain_events() for s in states]
        assert events[0] == events[1]
    assert states[0].is_terminal() == states[1].is_terminal()

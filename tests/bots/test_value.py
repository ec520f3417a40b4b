"""Seeded positions → the search bot's leaf value: production weighed by scarcity, harbours and the robber, the race to the VP target, read from the IR and the state alone."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.bots.value import (FEATURES, cards_per_vp, effective_production, features,
                                  scarcity, search_value, standing)
from catan_dsl.engine import CHANCE, Game


@pytest.fixture(scope="module")
def base() -> Game:
    ir, report = compile_file("scenarios/base.catan")
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


@pytest.fixture(scope="module")
def midgame(base: Game):
    """A seeded all-greedy position 16 turns in (every seat has built)."""
    *_, last = _greedy_states(base, seed=5, turns=16)
    return last


def test_a_vp_costs_what_the_scoring_pieces_cost(base: Game) -> None:
    """Settlement 4 cards for 1 VP, city 5 cards for the 1 VP it adds: 4.5 on average."""
    assert cards_per_vp(base) == pytest.approx(4.5)


def test_scarce_resources_weigh_more(base: Game, midgame) -> None:
    s = midgame
    b = s.board
    weights = scarcity(s)
    prob = {t: pr for t, pr in base.roll_outcomes if t != base.robber_number}
    totals = [0.0] * base.n_resources
    for h, r in enumerate(b.hex_resource):
        if r >= 0:
            totals[r] += sum(prob.get(n, 0.0) for n in b.hex_numbers[h])
    scarcest = min(range(len(totals)), key=totals.__getitem__)
    richest = max(range(len(totals)), key=totals.__getitem__)
    assert totals[scarcest] < totals[richest]
    assert weights[scarcest] > 1.0 > weights[richest]


def test_a_harbour_and_the_robber_change_production(base: Game, midgame) -> None:
    s = midgame
    p = 0
    before = effective_production(s, p)
    port = s.clone()
    port.ratio[p] = [2] * base.n_resources
    assert effective_production(port, p) > before
    robbed = s.clone()
    touched = [h for v in s.buildings[p] for h in s.board.vertex_hexes[v]
               if s.board.hex_resource[h] >= 0 and h != s.robber]
    robbed.robber = touched[0]
    assert effective_production(robbed, p) < before


def test_cards_in_hand_bring_the_target_nearer_up_to_the_discard_limit(base: Game, midgame
                                                                       ) -> None:
    s = midgame
    p = 1
    counts = []
    for n in (0, 3, base.discard_above, base.discard_above + 3):
        c = s.clone()
        c.hand[p] = [0] * base.n_resources
        c.hand[p][0] = n
        counts.append(standing(c, p))
    assert counts[0] < counts[1] < counts[2] == counts[3]


SCENARIOS = sorted(Path(__file__).resolve().parents[2].joinpath("scenarios").glob("*.catan"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_shipped_scenario_has_the_features(path: Path) -> None:
    """The value reads only what every rule set has: along a seeded random game of each
    scenario, every seat's features are finite numbers, as many as FEATURES names."""
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    game = Game(ir, num_players=ir["players"]["default"])
    rng = random.Random(3)
    s = game.new_initial_state(seed=3)
    bot = make_bot("random")
    for step in range(400):
        if s.is_terminal() or s.current_player() < 0 and s.current_player() != CHANCE:
            break
        if step % 40 == 39:
            for q in range(game.n_real):
                row = features(s, q)
                assert len(row) == len(FEATURES) and all(map(math.isfinite, row))
                assert math.isfinite(search_value(s, q))
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply_action(bot.choose(s, legal, rng))


def _greedy_states(game: Game, seed: int, turns: int):
    """Every state of a seeded all-greedy game up to ``turns`` turns (copies)."""
    rng = random.Random(seed)
    s = game.new_initial_state(seed=seed)
    bot = make_bot("greedy")
    while s.turn < turns and not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        s.apply_action(legal[0] if len(legal) == 1 else bot.choose(s, legal, rng))
        yield s.clone()


def test_fleeting_cards_are_counted_at_the_settings_share_and_base_has_none(base: Game) -> None:
    """``mcts:fleeting=N``: the special cards that change hands whenever their measure does
    (Rivers' richest and poorest settlers: sole most, everyone at the least) count N% of their
    VP in the leaf value, for the seat itself; a card awarded first-then-strictly-more
    (Longest Road) is not one of them, so on the base game the value is the greedy
    evaluation's at any N, and with N = 100 (the default) everywhere."""
    from catan_dsl.bots.greedy import evaluate
    from catan_dsl.bots.value import fleeting_specials, fleeting_vp, steady_evaluate

    assert make_bot("mcts").fleeting == 100 and make_bot("mcts:fleeting=25").fleeting == 25
    assert fleeting_specials(base) == ()
    for s in list(_greedy_states(base, 5, 30))[::7]:
        assert all(steady_evaluate(s, p, 0.0) == evaluate(s, p) for p in range(4))

    ir, report = compile_file("scenarios/rivers.catan")
    assert ir is not None, report.render_text()
    rivers = Game(ir, num_players=4)
    cards = fleeting_specials(rivers)
    assert sorted(rivers.specials[si].name for si in cards) == ["poor_settler",
                                                                 "wealthiest_settler"]
    rich = poor = None
    for s in _greedy_states(rivers, 3, 40):
        for p in range(4):
            v = fleeting_vp(s, p, cards)
            if v > 0 and rich is None:
                rich = (s, p)
            if v < 0 and poor is None:
                poor = (s, p)
    assert rich is not None and poor is not None
    for (s, p), sign in ((rich, 1), (poor, -1)):
        full, none = evaluate(s, p), steady_evaluate(s, p, 0.0)
        assert steady_evaluate(s, p, 1.0) == full
        # Own card at nothing: the richest loses its VP's worth, the poorest gains it (the
        # rival's term moves by at most half of the best rival's such cards).
        own = 100.0 * fleeting_vp(s, p, cards)
        assert abs((full - none) - own) <= 0.5 * 100.0 * 2 + 1e-9
        assert sign * (full - none) > 0
        assert abs(steady_evaluate(s, p, 0.25) - (full - 0.75 * (full - none))) < 1e-6

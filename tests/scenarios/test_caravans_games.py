"""The Caravans alone and with each variant: compiles, plays seeded random games to the end, replays, explains, renders."""

from __future__ import annotations

from collections import Counter

import pytest

from catan_dsl.engine.rules.chains import ChainExtended
from tests.engine.rules_kit import conserved, play_random
from tests.scenarios.test_caravans_kit import CARAVANS, VARIANTS, game

GAMES = 10          # per combination: 6 × 10 random games fit the 60 s budget of these files


@pytest.mark.parametrize("with_", [(), *((v,) for v in VARIANTS)], ids=lambda w: "+".join(w) or "alone")
def test_caravans_plays_seeded_games_to_the_end(with_: tuple[str, ...]) -> None:
    """Each combination plays seeded random games to a winner, camels placed only by votes
    (one per vote, two with Catan for Two) and never more than 22."""
    g = game(*with_)
    per_vote = 2 if "catan_for_two" in with_ else 1
    for seed in range(GAMES):
        s = play_random(g, seed, cap=3000)
        assert s.is_terminal(), f"{with_} seed {seed} did not finish"
        conserved(s)
        kinds = Counter(type(e).__name__ for e in s._events)
        placed = 22 - s.rules_state.chains[0]
        assert placed == kinds["ChainExtended"] <= 22
        # Camels come only after a turn ends: at most one (two with Catan for Two) per turn.
        per_turn = Counter()
        turn = 0
        for e in s._events:
            if type(e).__name__ == "TurnEnded":
                turn += 1
            elif isinstance(e, ChainExtended):
                per_turn[turn] += 1
        assert all(0 < t <= turn and n <= per_vote for t, n in per_turn.items())


def test_random_games_replay_to_the_same_state() -> None:
    """A game is a pure function of IR + seed + choices: replaying its actions gives the same state."""
    g = game()
    s = play_random(g, 4, cap=3000)
    r = g.new_initial_state(4)
    for a in s.history():
        r.apply_action(a)
    assert r == s


def test_explain_reads_like_a_rules_summary() -> None:
    """`catan-dsl explain` names the chain, the vote and the camel effects in words."""
    from click.testing import CliRunner

    from catan_dsl.cli import main as cli
    out = CliRunner().invoke(cli, ["explain", str(CARAVANS)]).output
    assert "vote" in out and "caravan" in out and "camel" in out


def test_render_shows_the_oasis_and_its_arrows(tmp_path) -> None:
    """`catan-dsl render` draws the board with the oasis and the three exit arrows."""
    from click.testing import CliRunner

    from catan_dsl.cli import main as cli
    out = tmp_path / "c.png"
    res = CliRunner().invoke(cli, ["render", str(CARAVANS), "--seed", "1", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert out.stat().st_size > 10_000


def test_weighted_road_lengths_are_current_after_every_action() -> None:
    """CAR-39: a road under a camel counts twice. The Longest Road measure is re-measured for
    everyone only when a camel (or mark) moves, and by the placing code when a piece does: after
    every action of seeded random games it equals a fresh measurement for every player."""
    import random

    from catan_dsl.bots import make_bot
    from catan_dsl.engine import CHANCE
    from catan_dsl.engine.base.awards import longest_route
    g = game()
    assert g.rules.route_weighted and not g.rules.weights_follow_pieces
    si, sp = next((i, sp) for i, sp in enumerate(g.specials) if sp.measure == "longest_route")
    doubled = False
    for seed in (1, 2):
        rng, bot = random.Random(seed), make_bot("random")
        s = g.new_initial_state(seed=seed)
        while not s.is_terminal() and s.turn < 300:
            p = s.current_player()
            s.apply_action(s.sample_chance(rng) if p == CHANCE else bot.choose(s, s.legal_actions(), rng))
            fresh = [longest_route(s, q, sp.route_kinds) for q in range(g.num_players)]
            assert s.measure[si][:g.num_players] == fresh, (seed, s.turn)
            doubled = doubled or any(g.rules.route_weight(s, e) == 2
                                     for q in range(g.num_players) for e in s.route_edges[q])
    assert doubled                      # some camel did stand on a road

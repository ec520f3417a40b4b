"""The shipped variants compiled by the front end: each plays seeded random games to the end; rules pinned."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, pre_roll, put, texts
from tests.engine.rules_kit import conserved, play_random

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")


@lru_cache(maxsize=None)
def game(name: str, *with_: str) -> Game:
    ir, report = compile_file(str(SCENARIOS / f"{name}.catan"), with_=with_)
    assert ir is not None, report
    return Game(ir)


@pytest.mark.parametrize("name", VARIANTS)
def test_variant_plays_ten_seeded_games_to_the_end(name: str) -> None:
    g = game(name)
    for seed in range(10):
        # Random bots rarely repair an Earthquake's damaged road, so Event Cards games run long.
        s = play_random(g, seed, cap=3000)
        assert s.is_terminal(), f"{name} seed {seed} did not finish"
        conserved(s)


def test_hm_03_first_to_three_harbor_points_takes_the_card() -> None:
    """HM-03: the first player to reach 3 harbour points takes the Harbormaster card."""
    g = game("harbormaster")
    s = empty_main(g)
    si = g.rules.special_index["harbormaster"]
    harbors = [v for v in range(s.board.n_vertices) if s.board.vertex_harbor[v] is not None]
    spots = []
    for v in harbors:
        if all(s.v_owner[u] < 0 for u in s.board.vertex_adjacent[v]) and s.v_owner[v] < 0:
            spots.append(v)
            put(s, 1, "settlement", v)
        if len(spots) == 3:
            break
    act(s, "end turn")
    assert s.holders[si] == 1


def test_hm_06_base_game_with_harbormaster_is_won_at_11() -> None:
    """HM-06: with Harbormaster the base game is won at 11 VP."""
    g = game("harbormaster")
    s = empty_main(g)
    assert g.rules.target(s, 0) == 11


def test_tour_04_a_seven_in_the_first_two_rounds_is_rerolled() -> None:
    """TOUR-04: with the tournament variant a 7 rolled in the first two rounds is re-rolled."""
    g = game("tournament")
    s = pre_roll(empty_main(g), 0)
    act(s, "roll 7")
    assert s.is_chance_node() and not any(p.kind == "move_robber" for p in s.prompts)


def test_tour_03_robber_may_not_go_back_to_the_desert() -> None:
    """TOUR-03: with the tournament variant the robber may not be moved onto the desert on a 7."""
    g = game("tournament")
    s = empty_main(g)
    s.turn = 3 * g.n_real
    pre_roll(s, 0)
    act(s, "roll 7")
    desert = [h for h, t in enumerate(s.board.hex_terrain) if t == "desert"]
    moves = [t for t in texts(s) if t.startswith("move robber")]
    assert moves and not any(t == f"move robber {h}" for t in moves for h in desert)


def test_ev_03_event_cards_replace_the_dice() -> None:
    """EV-03: with event cards the active player reveals the top card instead of rolling."""
    g = game("event_cards")
    s = pre_roll(empty_main(g), 0)
    outcomes = [str(a) for a, _ in s.chance_outcomes()]
    assert outcomes and all(t.startswith("deal ") for t in outcomes)


def test_c42_17_neutral_settlements_never_produce() -> None:
    """C42-17: neutral settlements never produce."""
    g = game("catan_for_two")
    assert g.n_real == 2 and g.num_players == 4
    for seed in range(3):
        s = play_random(g, seed, cap=60)
        assert sum(s.hand[2]) == sum(s.hand[3]) == 0
        assert any(s.v_owner[v] == 2 for v in range(s.board.n_vertices))


def test_c42_02_each_player_starts_with_five_trade_tokens() -> None:
    """C42-02: each of the two players starts with 5 trade tokens."""
    g = game("catan_for_two")
    s = g.new_initial_state(0)
    assert [row for row in s.rules_state.counters[:2]] == [[5], [5]]

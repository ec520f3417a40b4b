"""scenarios/harbormaster.catan → engine behaviour pinned per rule (HM-01..07, COMBO-HM-ALL-01)."""

from __future__ import annotations

import pytest

from catan_dsl.engine.events import SpecialCardAwarded
from tests.engine.helpers import act, give, put
from tests.engine.rules_kit import conserved, play_random
from tests.variants.kit import VARIANTS, game, main_turn

# Harbor intersections of the beginner board, pairwise far apart (distance rule kept).
H1, H2, H3, H4 = 0, 21, 38, 51
INLAND = (8, 14, 22, 31, 39, 45, 28)      # pairwise non-adjacent, none on a harbor


def hm_state():
    g = game("harbormaster")
    s = main_turn(g, 0)
    si = g.rules.special_index["harbormaster"]
    assert all(s.board.vertex_harbor[v] is not None for v in (H1, H2, H3, H4))
    assert all(s.board.vertex_harbor[v] is None for v in INLAND)
    return g, s, si


def city(s, p: int, v: int) -> list:
    """``p`` upgrades his settlement at ``v`` through the real build action; returns events."""
    give(s, p, grain=2, ore=3)
    s.cur = p
    s.drain_events()
    act(s, f"build city {v}")
    return s.drain_events()


def test_hm_01_a_settlement_on_a_harbor_earns_1_point() -> None:
    """HM-01: each settlement on a harbour gives its owner 1 harbour point (seed 000)."""
    g, s, si = hm_state()
    put(s, 0, "settlement", H1)
    put(s, 0, "settlement", INLAND[0])
    assert s.measure[si][0] == 1
    put(s, 0, "settlement", H2)
    assert s.measure[si][0] == 2 and s.measure[si][1] == 0


def test_hm_02_a_city_on_a_harbor_earns_2_points() -> None:
    """HM-02: each city on a harbour gives its owner 2 harbour points; a city inland none."""
    g, s, si = hm_state()
    put(s, 0, "settlement", H1)
    put(s, 0, "settlement", INLAND[0])
    city(s, 0, INLAND[0])
    assert s.measure[si][0] == 1
    city(s, 0, H1)
    assert s.measure[si][0] == 2


def test_hm_03_first_to_three_points_takes_the_card() -> None:
    """HM-03: the first player to reach 3 harbour points takes the card — 2 points are not
    enough; the award line names harbormaster.catan (seed 000)."""
    g, s, si = hm_state()
    put(s, 0, "settlement", H1)
    put(s, 0, "settlement", H2)
    assert s.measure[si][0] == 2 and s.holders[si] == -1
    ev = city(s, 0, H1)
    assert s.measure[si][0] == 3 and s.holders[si] == 0
    award = [e for e in ev if isinstance(e, SpecialCardAwarded)]
    assert award and award[0].player == 0 and award[0].card == "harbormaster"
    assert award[0].rule is not None and "harbormaster.catan" in award[0].rule.where


def test_hm_04_the_card_is_worth_2_vp() -> None:
    """HM-04: the Harbormaster card is worth 2 VP (seed 000)."""
    g, s, si = hm_state()
    put(s, 0, "settlement", H1)
    put(s, 0, "settlement", H2)
    before = s.vp(0)
    city(s, 0, H1)
    assert s.holders[si] == 0
    assert s.vp(0) == before + 1 + 2
    assert s.vp_breakdown(0)["harbormaster"] == 2


def test_hm_05_strictly_more_points_take_the_card_a_tie_leaves_it() -> None:
    """HM-05: a player with more harbour points than the holder takes the card at once; a tie
    leaves it with the holder (seed 000)."""
    g, s, si = hm_state()
    put(s, 0, "settlement", H1)
    put(s, 0, "settlement", H2)
    city(s, 0, H1)
    assert s.holders[si] == 0 and s.measure[si][0] == 3
    put(s, 1, "settlement", H3)
    put(s, 1, "settlement", H4)
    city(s, 1, H3)
    assert s.measure[si][1] == 3 and s.holders[si] == 0          # a tie: the holder keeps it
    ev = city(s, 1, H4)
    assert s.measure[si][1] == 4 and s.holders[si] == 1          # more: taken at once
    assert SpecialCardAwarded("harbormaster", 1, 0) in [
        SpecialCardAwarded(e.card, e.player, e.previous) for e in ev
        if isinstance(e, SpecialCardAwarded)]
    assert s.vp(1) == 4 + 2


def ten_vp(g):
    """Player 0 with 10 VP inland (3 cities + 4 settlements), able to upgrade once more."""
    s = main_turn(g, 0)
    for v in INLAND:
        put(s, 0, "settlement", v)
    for v in INLAND[:3]:
        put(s, 0, "city", v)
    give(s, 0, grain=6, ore=3)
    return s


def test_hm_06_the_base_game_is_won_at_11_vp() -> None:
    """HM-06: with Harbormaster the base game is won at 11 VP, not 10 (seed 000); the same
    position wins the plain base game at 10."""
    s = ten_vp(game("harbormaster"))
    act(s, "bank 4 grain for lumber")
    assert s.vp(0) == 10 and not s.is_terminal()
    give(s, 0, grain=2)
    act(s, f"build city {INLAND[3]}")
    assert s.vp(0) == 11 and s.is_terminal() and s.winner() == 0
    plain = ten_vp(game())
    act(plain, "bank 4 grain for lumber")
    assert plain.vp(0) == 10 and plain.is_terminal() and plain.winner() == 0


@pytest.mark.parametrize("variant", [None, *[v for v in VARIANTS if v != "harbormaster"]])
def test_hm_07_the_target_rises_by_one_in_every_combination(variant: str | None) -> None:
    """HM-07: with Harbormaster every scenario's VP target rises by 1 (seed 000)."""
    with_ = (variant,) if variant else ()
    plain, hm = game(*with_), game(*with_, "harbormaster")
    s, t = plain.new_initial_state(0), hm.new_initial_state(0)
    before = plain.target if plain.rules is None else plain.rules.target(s, 0)
    assert hm.rules.target(t, 0) == before + 1


@pytest.mark.parametrize("other", [v for v in VARIANTS if v != "harbormaster"])
def test_combo_hm_all_01_combines_with_every_variant(other: str) -> None:
    """COMBO-HM-ALL-01: Harbormaster with each other variant compiles and plays seeded games to
    the end, the winner reaching the raised target (seed 000)."""
    g = game("harbormaster", other)
    for seed in range(2):
        s = play_random(g, seed, cap=3000)
        assert s.is_terminal(), f"harbormaster + {other}, seed {seed}"
        assert s.vp(s.winner()) >= g.rules.target(s, s.winner())
        conserved(s)

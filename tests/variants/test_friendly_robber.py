"""scenarios/friendly_robber.catan → engine behaviour pinned per rule (FR-01..07, COMBO-FR-ALL-01)."""

from __future__ import annotations

import pytest

from catan_dsl.engine.prompts import DISCARD, MOVE_ROBBER, STEAL
from tests.engine.helpers import act, give, give_card, pre_roll, put, set_hand, texts
from tests.engine.rules_kit import conserved, play_random
from tests.variants.kit import VARIANTS, before_roll, game, hexes_of

# Six inner intersections that together touch every hex but the centre (hex 9) exactly once:
# two settlements each for players 0, 1 and 2 (2 VP each) shut the robber out of 18 hexes.
COVER = {0: (8, 14), 1: (22, 31), 2: (39, 45)}
# Player 3 (3 VP): one settlement on the centre hex (vertex 18), two far away.
HIGH = (18, 0, 50)


def moves(s) -> list[str]:
    return [t for t in texts(s) if t.startswith("move robber")]


def covered_state(g, seed: int = 0):
    s = before_roll(g, 0, seed=seed)
    for p, vs in COVER.items():
        for v in vs:
            put(s, p, "settlement", v)
    for v in HIGH:
        put(s, 3, "settlement", v)
    for p in range(4):
        set_hand(s, p, grain=2, ore=1)
    return s


def two_protected_players():
    """Player 1 has 2 VP (protected), player 2 has 3 VP (not); the robber on the desert."""
    g = game("friendly_robber")
    s = before_roll(g, 0)
    for v in (8, 14):
        put(s, 1, "settlement", v)
    for v in (22, 31, 39):
        put(s, 2, "settlement", v)
    give(s, 1, grain=1)
    give(s, 2, grain=1)
    low = {h for v in (8, 14) for h in s.board.vertex_hexes[v]}
    high = {h for v in (22, 31, 39) for h in s.board.vertex_hexes[v]}
    return g, s, low, high


def test_fr_01_after_a_seven_no_hex_of_a_player_with_at_most_2_vp() -> None:
    """FR-01: after a 7 the robber may not go on a hex touched by a building of a player with at
    most 2 VP; a player with 3 VP is not protected (seed 000)."""
    g, s, low, high = two_protected_players()
    act(s, "roll 7")
    assert s.prompts[-1].kind == MOVE_ROBBER
    legal = {int(t.split()[-1]) for t in moves(s)}
    assert legal and not legal & low
    assert high <= legal
    act(s, f"move robber {min(high - low)}")
    assert s.robber == min(high - low)


def test_fr_01_the_protection_ends_at_3_vp() -> None:
    """FR-01: the same player, once he has a third settlement (3 VP), is no longer protected."""
    g, s, low, high = two_protected_players()
    put(s, 1, "settlement", 45)
    act(s, "roll 7")
    assert low - {s.robber} <= {int(t.split()[-1]) for t in moves(s)}


def test_fr_02_the_same_restriction_for_a_knight() -> None:
    """FR-02: the restriction applies when the robber is moved by a knight card (seed 000)."""
    g, s, low, high = two_protected_players()
    give_card(s, 0, "knight")
    pre_roll(s, 0)                   # a knight may be played before the roll
    act(s, "play knight")
    assert s.prompts[-1].kind == MOVE_ROBBER and s.prompts[-1].player == 0
    legal = {int(t.split()[-1]) for t in moves(s)}
    assert legal and not legal & low and high <= legal


def test_fr_03_no_legal_hex_the_robber_stays_on_the_desert() -> None:
    """FR-03: if no hex is legal the robber goes to (here: stays on) the desert (seed 000)."""
    g = game("friendly_robber")
    s = covered_state(g)
    assert s.robber in hexes_of(s, "desert")
    act(s, "roll 7")
    assert moves(s) == [f"move robber {s.robber}"]


def forced_onto_desert(g):
    """A tournament board (seed 0) whose desert is hex 4, the robber on the centre hex 9: every
    other hex is protected, so the robber is forced onto the desert, where a protected player
    (player 0 or 1 of COVER) and the 3-VP player 3 (vertex 18) both have a settlement."""
    s = covered_state(g)
    desert = hexes_of(s, "desert")
    assert desert == [4], "the tournament board of seed 0 changed; pick another seed"
    s.robber = 9
    s._legal = None
    return s


def test_fr_03_forced_the_robber_goes_to_the_desert() -> None:
    """FR-03: with no legal hex the robber goes to the desert even from elsewhere (seed 000)."""
    s = forced_onto_desert(game("friendly_robber", board="tournament"))
    act(s, "roll 7")
    assert moves(s) == ["move robber 4"]
    act(s, "move robber 4")
    assert s.robber == 4 and s.rules_state.robber_forced


def test_fr_04_fr_05_forced_onto_the_desert_only_players_above_2_vp_are_robbed() -> None:
    """FR-04, FR-05 (decision #2, German/English reading): forced onto the desert, a player with
    at most 2 VP there is not robbed; the 3-VP player there is robbed as usual."""
    s = forced_onto_desert(game("friendly_robber", board="tournament"))
    low_on_desert = {s.v_owner[v] for v in s.board.hex_vertices[4]} - {-1, 3}
    assert low_on_desert, "a protected player must touch the desert for this test"
    act(s, "roll 7")
    act(s, "move robber 4")
    assert s.prompts and s.prompts[-1].kind == STEAL
    outcomes = [str(a) for a, _ in s.chance_outcomes()]
    assert outcomes and all(t.startswith("steal 3 ") for t in outcomes)
    act(s, outcomes[0])
    assert sum(s.hand[3]) == 2 and sum(s.hand[0]) == 4


def test_fr_06_czech_reading_nobody_is_robbed_on_the_desert() -> None:
    """FR-06 (option czech_reading, decision #2): forced onto the desert, the 3-VP player gives
    up nothing either, so nobody is robbed; the hex restriction itself is unchanged."""
    g = game("friendly_robber", board="tournament", options=("czech_reading",))
    s = forced_onto_desert(g)
    act(s, "roll 7")
    assert moves(s) == ["move robber 4"]
    act(s, "move robber 4")
    assert not s.prompts and s.current_player() == 0
    assert [sum(h) for h in s.hand] == [3, 3, 3, 3]


def test_fr_06_czech_reading_does_not_protect_an_unforced_move() -> None:
    """FR-06: the Czech reading only concerns the forced desert; a free move robs as usual."""
    g = game("friendly_robber", options=("czech_reading",))
    s = before_roll(g, 0)
    for v in (22, 31, 39):
        put(s, 2, "settlement", v)
    give(s, 2, grain=1)
    act(s, "roll 7")
    act(s, "move robber 3")          # touched by vertex 22 of the 3-VP player 2
    assert s.prompts[-1].kind == STEAL


def test_fr_07_the_seven_discard_still_applies() -> None:
    """FR-07: on a 7 a player with more than 7 cards still discards half (seed 000)."""
    g = game("friendly_robber")
    s = before_roll(g, 0)
    set_hand(s, 1, grain=5, ore=4)
    set_hand(s, 2, grain=7)
    act(s, "roll 7")
    assert s.prompts[-1].kind == DISCARD and s.current_player() == 1
    for _ in range(4):
        act(s, texts(s)[0])
    assert sum(s.hand[1]) == 5 and sum(s.hand[2]) == 7
    assert s.prompts[-1].kind == MOVE_ROBBER


def test_combo_fr_all_01_with_event_cards_robber_attack_obeys_the_restriction() -> None:
    """COMBO-FR-ALL-01: combined with Event Cards, the Robber Attack's robber move is restricted
    like a 7's (seed 000: Friendly Robber combines without restriction)."""
    g = game("friendly_robber", "event_cards")
    s = before_roll(g, 0)
    for v in (8, 14):
        put(s, 1, "settlement", v)
    low = {h for v in (8, 14) for h in s.board.vertex_hexes[v]}
    act(s, "deal events robber_attack")
    legal = {int(t.split()[-1]) for t in moves(s)}
    assert legal and not legal & low


def test_combo_fr_all_01_with_tournament_both_restrictions_hold() -> None:
    """COMBO-FR-ALL-01: with the tournament rules the robber avoids both the protected hexes and
    (TOUR-03) the desert."""
    g = game("friendly_robber", "tournament")
    s = before_roll(g, 0)
    for v in (8, 14):
        put(s, 1, "settlement", v)
    low = {h for v in (8, 14) for h in s.board.vertex_hexes[v]}
    s.robber = min(low)
    act(s, "roll 7")
    legal = {int(t.split()[-1]) for t in moves(s)}
    assert legal and not legal & low and not legal & set(hexes_of(s, "desert"))


@pytest.mark.parametrize("other", [v for v in VARIANTS if v != "friendly_robber"])
def test_combo_fr_all_01_combines_with_every_variant(other: str) -> None:
    """COMBO-FR-ALL-01: Friendly Robber with each other variant compiles and plays seeded games
    to the end (seed 000)."""
    g = game("friendly_robber", other)
    for seed in range(2):
        s = play_random(g, seed, cap=3000)
        assert s.is_terminal(), f"friendly_robber + {other}, seed {seed}"
        conserved(s)

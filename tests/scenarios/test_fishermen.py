"""scenarios/fishermen.catan through the engine: every FISH and COMBO-*-FISH rule, seeded games with each variant."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.events import RuleActionTaken
from tests.engine.helpers import act, empty_main, pre_roll, put, set_hand, texts
from tests.engine.rules_kit import conserved, play_random

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "scenarios" / "fishermen.catan"
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")
ITEMS = ("fish1", "fish2", "fish3", "old_boot")


@lru_cache(maxsize=None)
def game(*with_: str) -> Game:
    ir, report = compile_file(str(SOURCE), with_=with_)
    assert ir is not None, report
    return Game(ir)


def deck(g: Game) -> int:
    return g.rules.deck_index["fish"]


def held(s, p: int) -> list[int]:
    return list(s.rules_state.held[deck(s.game)][p])


def hold(s, p: int, **items: int) -> None:
    """Give ``p`` exactly these fish tokens, taken from (and returned to) the face-down supply."""
    di = deck(s.game)
    names = s.game.rules.decks[di].items
    for i in range(len(names)):
        s.rules_state.pile[di][i] += s.rules_state.held[di][p][i]
        s.rules_state.held[di][p][i] = 0
    for name, k in items.items():
        i = names.index(name)
        s.rules_state.pile[di][i] -= k
        s.rules_state.held[di][p][i] += k
    s._legal = None


def settle(s, seed: int = 0) -> None:
    """Resolve pending chance nodes (token draws) with a seeded generator."""
    rng = random.Random(seed)
    while s.current_player() == CHANCE and any(p.kind == "rule_draw" for p in s.prompts):
        s.apply_action(s.sample_chance(rng))


def spots(s, n: int) -> list[int]:
    """The fishing spots of the ground that carries ``n`` on this board."""
    return sorted(next(vs for (name, k), vs in s.board.feature_number_vertices
                       if name == "fishing_grounds" and k == n))


def lake(s) -> int:
    return s.board.hex_terrain.index("lake")


def roll(s, p: int, n: int) -> None:
    pre_roll(s, p)
    act(s, f"roll {n}")
    settle(s)


def fish_actions(s) -> list[str]:
    return [t for t in texts(s) if t.startswith("do ")]


# --- components and board ----------------------------------------------------------------------
def test_fish_01_09_six_grounds_numbered_4_to_10_dealt_at_random() -> None:
    """FISH-01, FISH-09: six fishing grounds numbered 4, 5, 6, 8, 9, 10, dealt to the frame spots
    at random (decision #10, the stand-alone rules)."""
    g = game()
    layouts = set()
    for seed in range(12):
        s = g.new_initial_state(seed)
        nums = sorted(k for (name, k), _ in s.board.feature_number_vertices)
        assert nums == [4, 5, 6, 8, 9, 10]
        layouts.add(tuple(tuple(sorted(vs)) for _, vs in s.board.feature_number_vertices))
    assert len(layouts) > 1


def test_fish_08_11_grounds_away_from_harbors_each_marking_three_coastal_spots() -> None:
    """FISH-08, FISH-11: one ground per frame piece, on a sea hex without a harbour, each marking
    the 3 coastal intersections next to it."""
    g = game()
    b = g.ir["board"]
    grounds = b["features"]["sea"]["fishing_grounds"]
    harbor_seas = {h["sea"] for h in b["harbors"]}
    assert len(grounds) == 6 and not harbor_seas & set(grounds)
    for sid in grounds:
        vs = b["sea"][sid]["vertices"]
        assert len(vs) == 3 and all(b["vertices"][v]["coast"] for v in vs)
    s = g.new_initial_state(0)
    for (_, n), vs in s.board.feature_number_vertices:
        assert len(vs) == 3


def test_fish_10_header_says_the_placement_is_reconstructed() -> None:
    """FISH-10: the file's header comment says the fishing-ground placement is reconstructed and why."""
    head = SOURCE.read_text(encoding="utf-8").split("scenario fishermen", 1)[0]
    assert "RECONSTRUCTED" in head and "decision #10" in head and "lost" in head


def test_fish_02_03_12_thirty_face_down_tokens() -> None:
    """FISH-02, FISH-03, FISH-12: 11×1, 10×2, 8×3 fish and the old boot, all in one face-down supply."""
    g = game()
    s = g.new_initial_state(0)
    d = g.rules.decks[deck(g)]
    assert dict(zip(d.items, d.values)) == {"fish1": 1, "fish2": 2, "fish3": 3, "old_boot": 0}
    assert s.rules_state.pile[deck(g)] == [11, 10, 8, 1] and d.hidden
    assert all(sum(held(s, p)) == 0 for p in range(4))


@pytest.mark.parametrize("seed", range(8))
def test_fish_04_05_06_lake_replaces_desert_inland_without_token(seed: int) -> None:
    """FISH-04, FISH-05, FISH-06: the lake takes the desert's place, never on the coast; it gets
    no number token while every other hex gets one as in the base game."""
    s = game().new_initial_state(seed)
    terr = s.board.hex_terrain
    assert "desert" not in terr and terr.count("lake") == 1
    h = lake(s)
    assert not game().ir["board"]["hexes"][h]["coast"]
    assert s.board.letters[h] is None
    assert sorted(n for i, ns in enumerate(s.board.hex_numbers) if i != h for n in ns) == \
        sorted(game().ir["board"]["numbers"]["sequence"])


def test_fish_13_14_robber_starts_off_board_and_enters_on_first_seven() -> None:
    """FISH-13, FISH-14: the robber starts beside the board and enters at the first 7 (any hex)."""
    g = game()
    s = g.new_initial_state(0)
    assert s.robber < 0
    s = empty_main(g)
    roll(s, 0, 7)
    moves = [t for t in texts(s) if t.startswith("move robber")]
    assert len(moves) == s.board.n_hexes
    act(s, moves[0])
    assert s.robber >= 0


def test_fish_14_robber_enters_with_a_knight() -> None:
    """FISH-14: a knight brings the robber onto the board too."""
    from tests.engine.helpers import give_card
    g = game()
    s = empty_main(g)
    give_card(s, 0, "knight")
    act(s, "play knight")
    moves = [t for t in texts(s) if t.startswith("move robber")]
    assert len(moves) == s.board.n_hexes


# --- production ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [4, 5, 6, 8, 9, 10])
def test_fish_16_17_ground_number_settlement_one_city_two(n: int) -> None:
    """FISH-16, FISH-17: on a ground's number a settlement on one of its spots draws 1 token, a city 2."""
    g = game()
    s = empty_main(g)
    a, _, c = spots(s, n)
    put(s, 0, "settlement", a)
    put(s, 1, "settlement", c)
    put(s, 1, "city", c)
    roll(s, 2, n)
    assert sum(held(s, 0)) == 1 and sum(held(s, 1)) == 2


@pytest.mark.parametrize("n", [2, 3, 11, 12])
def test_fish_07_18_19_lake_yields_fish_on_2_3_11_12(n: int) -> None:
    """FISH-07, FISH-18, FISH-19: on 2, 3, 11 and 12 a settlement at the lake draws 1 token, a city 2
    (and no resource card)."""
    g = game()
    s = empty_main(g)
    vs = s.board.hex_vertices[lake(s)]
    put(s, 0, "settlement", vs[0])
    put(s, 1, "settlement", vs[3])
    put(s, 1, "city", vs[3])
    set_hand(s, 0)
    cards_before = sum(s.hand[0])
    roll(s, 2, n)
    assert sum(held(s, 0)) == 1 and sum(held(s, 1)) == 2
    lake_only = all(h == lake(s) or n not in s.board.hex_numbers[h] for h in s.board.vertex_hexes[vs[0]])
    if lake_only:
        assert sum(s.hand[0]) == cards_before


def test_lake_gives_nothing_on_other_numbers_nor_while_the_robber_stands_on_it() -> None:
    """FISH-07: the lake yields only on 2, 3, 11, 12; and (inferred, see the header) not under the robber."""
    g = game()
    s = empty_main(g)
    v = s.board.hex_vertices[lake(s)][0]
    put(s, 0, "settlement", v)
    for n in (4, 5, 6, 8, 9, 10):
        if v not in spots(s, n):
            roll(s, 1, n)
    assert sum(held(s, 0)) == 0
    s.robber = lake(s)
    roll(s, 1, 2)
    assert sum(held(s, 0)) == 0


def test_fish_15_second_setup_settlement_on_a_fishing_spot_draws_one() -> None:
    """FISH-15 (decision #7, seed 003): the second setup settlement on a fishing spot draws one token,
    besides its resource cards; the first one on a spot draws none."""
    g = game()
    s = g.new_initial_state(3)
    first, second = spots(s, 9)[0], spots(s, 4)[0]
    keep_free = {first, second, *s.board.vertex_adjacent[first], *s.board.vertex_adjacent[second]}
    placed = 0
    while s.phase == 0:
        if s.current_player() == CHANCE:
            settle(s)
            continue
        legal = texts(s)
        target = f"build settlement {(first, second)[placed]}" if placed < 2 else None
        if s.current_player() == 0 and target in legal:
            act(s, target)
            placed += 1
            settle(s)
            assert sum(held(s, 0)) == (0 if placed == 1 else 1)
            if placed == 2:
                assert sum(s.hand[0]) >= 1            # in addition to the resource cards
                return
            continue
        act(s, next(t for t in legal if not keep_free & {int(w) for w in t.split() if w.isdigit()}))
    pytest.fail("seat 0 never placed its second settlement on a fishing spot")


def test_fish_20_21_22_hidden_tokens_at_most_seven_with_a_swap() -> None:
    """FISH-20, FISH-21, FISH-22: tokens are held face down; at 7 a player due more swaps his least
    valuable token for a new one instead of holding 8; the old boot is never swapped away."""
    g = game()
    assert g.rules.decks[deck(g)].hidden
    s = empty_main(g)
    a = spots(s, 8)[0]
    put(s, 0, "settlement", a)
    put(s, 0, "city", a)
    hold(s, 0, fish1=3, fish3=4, old_boot=1)
    roll(s, 1, 8)
    h = held(s, 0)
    di = deck(g)
    # Two draws at 7 fish held: each sends a 1-fish token back and keeps the new one; 7 fish stay
    # held, and the open boot beside them (it is not one of the 7: Decision #21).
    assert sum(h[:3]) == 7 and h[3] == 1 and h[0] == 1 and h[2] >= 4
    assert s.rules_state.spent[di] == [2, 0, 0, 0]


def test_fish_21_the_old_boot_never_counts_toward_the_seven() -> None:
    """FISH-21, FISH-40 (RULES.md Decision #21): the old boot lies open and is not a held fish
    token: with 6 fish and the boot a player still draws his 7th token, and a player holding 7
    fish may be handed the boot; either way he holds at most 7 fish."""
    g = game()
    s = empty_main(g)
    a = spots(s, 8)[0]
    put(s, 0, "settlement", a)
    hold(s, 0, fish1=6, old_boot=1)
    roll(s, 1, 8)
    h = held(s, 0)
    assert sum(h[:3]) == 7 and h[3] == 1            # drawn and kept, not swapped
    assert s.rules_state.spent[deck(g)] == [0, 0, 0, 0]
    passing = empty_main(g)
    hold(passing, 1, fish1=7)
    hold(passing, 0, old_boot=1)
    put(passing, 1, "settlement", 10)
    act(passing, next(t for t in texts(passing) if "pass_boot" in t and t.endswith(" 1")))
    assert held(passing, 1)[3] == 1 and sum(held(passing, 1)[:3]) == 7
    from catan_dsl.engine.invariants import violations
    assert violations(passing) == []


def test_fish_23_spent_tokens_reshuffled_when_the_supply_runs_out() -> None:
    """FISH-23: with no face-down token left, the spent ones become a new supply."""
    g = game()
    s = empty_main(g)
    di = deck(g)
    put(s, 0, "settlement", spots(s, 5)[0])
    s.rules_state.spent[di] = list(s.rules_state.pile[di])
    s.rules_state.pile[di] = [0, 0, 0, 0]
    roll(s, 1, 5)
    assert sum(held(s, 0)) == 1 and sum(s.rules_state.pile[di]) == 29


# --- fish actions -------------------------------------------------------------------------------
def test_fish_24_actions_only_after_the_roll_in_ones_own_turn() -> None:
    """FISH-24: fish actions belong to the trade and build phase of the player's own turn."""
    g = game()
    s = empty_main(g)
    hold(s, 0, fish3=2)
    hold(s, 1, fish3=2)
    assert fish_actions(s)
    pre_roll(s, 0)
    assert not fish_actions(s)


def test_fish_25_26_two_fish_remove_the_robber_who_returns_at_the_next_seven() -> None:
    """FISH-25, FISH-26 (decision #17): 2 fish take the robber off the board; the next 7 brings it back."""
    g = game()
    s = empty_main(g)
    s.robber = 5
    hold(s, 0, fish2=1)
    act(s, "do chase_robber pay fish2")
    assert s.robber < 0 and held(s, 0) == [0, 0, 0, 0]
    assert not any("chase_robber" in t for t in fish_actions(s))
    roll(s, 1, 7)
    act(s, "move robber 3")
    assert s.robber == 3


def test_fish_27_three_fish_steal_a_random_card_from_a_chosen_opponent() -> None:
    """FISH-27: 3 fish draw one random resource card from an opponent of the player's choice."""
    g = game()
    s = empty_main(g)
    set_hand(s, 0)
    set_hand(s, 1, wool=1)
    set_hand(s, 2, ore=2)
    set_hand(s, 3)
    hold(s, 0, fish3=1)
    act(s, "do steal_card pay fish3")
    assert texts(s) == ["choose player 1", "choose player 2"]     # opponents holding cards
    act(s, "choose player 2")
    outcomes = [str(a) for a, _ in s.chance_outcomes()]
    assert outcomes == ["steal 2 ore"]                            # a random card of his hand
    act(s, "steal 2 ore")
    assert s.hand[0][g.resources.index("ore")] == 1 and held(s, 0) == [0, 0, 0, 0]


def test_fish_28_four_fish_take_any_resource_from_the_bank() -> None:
    """FISH-28: 4 fish take one resource card of the player's choice from the bank."""
    g = game()
    s = empty_main(g)
    set_hand(s, 0)
    hold(s, 0, fish2=2)
    act(s, "do take_resource pay fish2 fish2")
    act(s, "choose wool")
    assert s.hand[0][g.resources.index("wool")] == 1 and sum(s.hand[0]) == 1


def test_fish_29_five_fish_build_a_road_free() -> None:
    """FISH-29: 5 fish build one road free of charge."""
    g = game()
    s = empty_main(g)
    put(s, 0, "settlement", 0)
    set_hand(s, 0)
    hold(s, 0, fish2=1, fish3=1)
    act(s, "do free_road pay fish2 fish3")
    roads = [t for t in texts(s) if "road" in t]
    assert roads
    act(s, roads[0])
    assert sum(1 for e in range(s.board.n_edges) if s.e_owner[e] == 0) == 1 and sum(s.hand[0]) == 0


def test_fish_30_seven_fish_take_a_development_card_free() -> None:
    """FISH-30: 7 fish take one development card free of charge."""
    g = game()
    s = empty_main(g)
    set_hand(s, 0)
    hold(s, 0, fish3=2, fish1=1)
    act(s, "do free_development pay fish1 fish3 fish3")
    while s.current_player() == CHANCE:
        s.apply_action(s.sample_chance(random.Random(0)))
    assert sum(s.dev_hand[0]) == 1 and sum(s.hand[0]) == 0


def test_fish_31_32_33_34_each_action_paid_separately_no_change() -> None:
    """FISH-31, FISH-32, FISH-33, FISH-34: several actions per turn, each paid on its own; surplus
    is lost (a 3-fish token
    pays the 2-fish action), two 3-fish tokens cannot pay 2 and then 4; spent tokens lie apart."""
    g = game()
    s = empty_main(g)
    s.robber = 5
    hold(s, 0, fish3=2)
    offered = fish_actions(s)
    assert "do chase_robber pay fish3" in offered and "do take_resource pay fish3 fish3" in offered
    act(s, "do chase_robber pay fish3")
    di = deck(g)
    assert held(s, 0) == [0, 0, 1, 0] and s.rules_state.spent[di] == [0, 0, 1, 0]
    assert not any("take_resource" in t for t in fish_actions(s))      # 3 left, not 4
    hold(s, 0, fish3=1, fish1=1)
    act(s, "do take_resource pay fish1 fish3")                         # a second action
    assert held(s, 0) == [0, 0, 0, 0]


def test_fish_35_36_37_fish_are_not_resources() -> None:
    """FISH-35, FISH-36, FISH-37: fish do not count for the 7-discard, cannot be robbed and cannot
    be offered in a trade between players."""
    g = game()
    s = empty_main(g)
    set_hand(s, 1, ore=4)
    hold(s, 1, fish3=7)
    roll(s, 0, 7)
    assert not any(p.kind == "discard" for p in s.prompts)
    set_hand(s, 2)
    hold(s, 2, fish3=3)
    v = s.board.hex_vertices[2][0]
    put(s, 2, "settlement", v)
    act(s, "move robber 2")
    assert held(s, 2) == [0, 0, 3, 0] and held(s, 0) == [0, 0, 0, 0]
    assert not any("fish" in t for t in texts(s) if t.startswith("offer"))
    assert any(r.what == "trade" for r in g.rules.forbids.get("trade", ()))


def test_fish_38_harbor_and_fishing_spot_give_both() -> None:
    """FISH-38: a building on an intersection that is both harbour and fishing spot trades at the
    harbour and draws fish."""
    g = game()
    s = empty_main(g)
    both = [(n, v) for n in (4, 5, 6, 8, 9, 10) for v in spots(s, n) if s.board.vertex_harbor[v]]
    assert both
    n, v = both[0]
    put(s, 0, "settlement", v)
    roll(s, 1, n)
    assert sum(held(s, 0)) == 1
    s.cur = 0                    # back in seat 0's turn, after the roll
    s._legal = None
    set_hand(s, 0, lumber=4, brick=4, wool=4, grain=4, ore=4)
    ratio, r = s.board.vertex_harbor[v]
    give = "brick" if r < 0 else g.resources[r]
    assert ratio < 4 and f"bank {ratio} {give} for ore" in texts(s)


# --- the old boot -------------------------------------------------------------------------------
def test_fish_39_boot_revealed_when_drawn() -> None:
    """FISH-39: the old boot is shown as soon as it is drawn."""
    g = game()
    s = empty_main(g)
    di = deck(g)
    s.rules_state.pile[di] = [0, 0, 0, 1]
    s.rules_state.spent[di] = [11, 10, 8, 0]
    put(s, 0, "settlement", spots(s, 6)[0])
    roll(s, 1, 6)
    assert held(s, 0)[3] == 1 and s.rules_state.revealed.get("old_boot") == 1


def test_fish_40_41_42_boot_passed_after_the_roll_to_a_player_with_at_least_as_many_vp() -> None:
    """FISH-40, FISH-41, FISH-42: after his roll the holder may pass the boot to a player with the
    same or more VP; a sole leader cannot."""
    g = game()
    s = empty_main(g)
    hold(s, 0, old_boot=1)
    put(s, 0, "settlement", 0)
    put(s, 1, "settlement", 10)
    put(s, 2, "settlement", 20)
    put(s, 2, "settlement", 30)
    passes = [t for t in texts(s) if "pass_boot" in t]
    assert sorted(int(t.split()[-1]) for t in passes) == [1, 2]        # 1 VP and 2 VP, not seat 3
    act(s, passes[-1])
    assert held(s, 2)[3] == 1 and held(s, 0)[3] == 0
    before = empty_main(g)
    hold(before, 0, old_boot=1)
    pre_roll(before, 0)
    assert before.is_chance_node() and not any("pass_boot" in t for t in texts(before))
    leader = empty_main(g)
    hold(leader, 0, old_boot=1)
    put(leader, 0, "settlement", 0)
    put(leader, 0, "settlement", 30)
    put(leader, 1, "settlement", 10)
    assert not any("pass_boot" in t for t in texts(leader))


def test_fish_40_boot_targets_follow_vp_from_one_listing_to_the_next() -> None:
    """FISH-40: each player's VP is worked out once per listing of the holder's actions; a
    settlement built between two listings shows in the second."""
    g = game()
    s = empty_main(g)
    hold(s, 0, old_boot=1)
    put(s, 0, "settlement", 0)
    put(s, 1, "settlement", 10)
    assert sorted(int(t.split()[-1]) for t in texts(s) if "pass_boot" in t) == [1]
    put(s, 3, "settlement", 30)
    assert sorted(int(t.split()[-1]) for t in texts(s) if "pass_boot" in t) == [1, 3]


def test_fish_43_44_45_won_at_ten_eleven_with_the_boot() -> None:
    """FISH-43, FISH-44, FISH-45: Fishermen is won at 10 VP; the boot holder needs 11, and the boot
    takes no VP away."""
    g = game()
    s = empty_main(g)
    vp_before = s.vp(0)
    assert g.rules.target(s, 0) == 10
    hold(s, 0, old_boot=1)
    assert g.rules.target(s, 0) == 11 and g.rules.target(s, 1) == 10 and s.vp(0) == vp_before


# --- combinations -------------------------------------------------------------------------------
def test_combo_hm_fish_01_02_harbormaster_eleven_and_twelve_with_the_boot() -> None:
    """COMBO-HM-FISH-01, COMBO-HM-FISH-02: with Harbormaster 11 VP, 12 for the boot holder."""
    g = game("harbormaster")
    s = empty_main(g)
    assert g.rules.target(s, 1) == 11
    hold(s, 1, old_boot=1)
    assert g.rules.target(s, 1) == 12


def test_combo_ev_fish_01_robber_flees_puts_the_robber_beside_the_board() -> None:
    """COMBO-EV-FISH-01: with Event Cards, Robber Flees sets the robber beside the board until the next 7."""
    g = game("event_cards")
    s = empty_main(g)
    s.robber = 4
    pre_roll(s, 0)
    di = g.rules.deck_index["events"]
    act(s, "deal events robber_flees")
    settle(s)
    assert s.robber < 0


def test_combo_c42_fish_01_02_five_starting_fish_rest_face_down() -> None:
    """COMBO-C42-FISH-01, COMBO-C42-FISH-02: each player starts with 2×1, 2×2, 1×3 fish; the rest
    lie face down."""
    g = game("catan_for_two")
    s = g.new_initial_state(0)
    assert held(s, 0) == held(s, 1) == [2, 2, 1, 0]
    assert s.rules_state.pile[deck(g)] == [7, 6, 6, 1]


def test_combo_c42_fish_03_06_no_trade_tokens_and_no_knight_trade_in() -> None:
    """COMBO-C42-FISH-03, COMBO-C42-FISH-06: no trade tokens at all: none held, none earned on the
    coast, no token actions, and giving up a knight is no action (fish only from rolls)."""
    g = game("catan_for_two")
    names = {r.action.name for r in g.rules.actions}
    assert not names & {"forced_trade", "robber_to_desert", "return_knight"}
    for seed in range(3):
        s = play_random(g, seed, cap=80)
        assert all(c == [0] for c in s.rules_state.counters[:2])


def test_combo_c42_fish_04_fewer_vp_pays_one_fish_less() -> None:
    """COMBO-C42-FISH-04: the player with fewer VP pays one fish less for every fish action."""
    g = game("catan_for_two")
    s = empty_main(g)
    hold(s, 0, fish1=1)
    hold(s, 1, fish1=1)
    s.robber = 4
    put(s, 1, "settlement", 10)
    s.prompts.clear()            # the neutral settlement Catan for Two asks for: not needed here
    s._legal = None
    assert "do chase_robber pay fish1" in fish_actions(s)
    s.cur = 1
    s._legal = None
    assert not any("chase_robber" in t for t in fish_actions(s))


def test_combo_c42_fish_05_robber_kept_beside_the_board() -> None:
    """COMBO-C42-FISH-05: with no desert the robber starts beside the board and goes back there."""
    g = game("catan_for_two")
    s = g.new_initial_state(0)
    assert s.robber < 0
    s = empty_main(g)
    s.robber = 4
    hold(s, 0, fish2=1)
    act(s, "do chase_robber pay fish2")
    assert s.robber < 0


# --- whole games --------------------------------------------------------------------------------
@pytest.mark.parametrize("with_", [()] + [(v,) for v in VARIANTS])
def test_fishermen_plays_seeded_games_to_the_end(with_: tuple[str, ...]) -> None:
    """Fishermen alone and with each variant: 10 seeded random-bot games end with a winner and
    every resource, card, counter and token conserved."""
    g = game(*with_)
    for seed in range(10):
        s = play_random(g, seed, cap=3000)
        assert s.is_terminal(), f"{with_} seed {seed} did not finish"
        conserved(s)
        assert s.vp(s.winner()) >= g.rules.target(s, s.winner())


def test_greedy_bot_spends_fish() -> None:
    """The greedy bot takes fish actions (RuleActionTaken events) without scenario-specific code."""
    from catan_dsl.bots import make_bot
    g = game()
    used: dict[str, int] = {}
    for seed in range(2):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        bots = [make_bot("greedy") for _ in range(4)]
        while not s.is_terminal() and s.turn < 600:
            p = s.current_player()
            a = s.sample_chance(rng) if p == CHANCE else bots[p].choose(s, s.legal_actions(), rng)
            s.apply_action(a)
            for e in s.drain_events():
                if isinstance(e, RuleActionTaken):
                    used[e.action] = used.get(e.action, 0) + 1
        assert s.is_terminal()
    assert sum(used.values()) > 0, used

"""scenarios/event_cards.catan → engine behaviour pinned per rule (EV-01..42, COMBO-EV-*)."""

from __future__ import annotations

from collections import Counter

import pytest

from catan_dsl.engine.base import awards, building
from catan_dsl.engine.events import (
    CardRevealed,
    DeckReshuffled,
    DiceRolled,
    NumberProduced,
    PieceMarked,
    ResourcesProduced,
    RobberMoved,
    StockChanged,
    StockTransferred,
)
from catan_dsl.engine.prompts import DISCARD, MOVE_ROBBER, STEAL
from tests.engine.helpers import act, path_edges, put, set_hand, texts
from tests.engine.rules_kit import conserved, play_random
from tests.variants.kit import VARIANTS, before_roll, game, hexes_of, names, outcome_texts, reveal

EV = ("event_cards",)


def ev_state(player: int = 0):
    """Base game with Event Cards (beginner board), ``player`` about to turn a card."""
    return before_roll(game(*EV), player)


def produced(ev) -> dict[int, dict[str, int]]:
    out: dict[int, dict[str, int]] = {}
    for e in ev:
        if isinstance(e, ResourcesProduced):
            out.setdefault(e.player, {}).update(dict(e.amounts))
    return out


def answer_all(s, pick=lambda options: options[0]) -> None:
    """Answer every open player prompt (first option) until the turn is free again."""
    while s.prompts and not s.is_chance_node():
        act(s, pick(texts(s)))


def deck_table(s) -> dict[str, tuple[int, str]]:
    """Each outcome of a fresh event deck → (copies in 36, the event it triggers)."""
    rules = s.game.rules
    d = rules.decks[rules.deck_index["events"]]
    # An event card is one some "on revealed" rule reacts to; the others only produce.
    handled = {dict(r.filter).get("card") for r in rules.compiled if r.what == "revealed"}
    out = {}
    for a, p in s.chance_outcomes():
        c = s.clone()
        c.drain_events()
        c.apply_action(a)
        shown = [e for e in c.drain_events() if isinstance(e, CardRevealed)]
        assert len(shown) == 1
        item = shown[0].card
        event = d.events[d.items.index(item)]
        out[item] = (round(p * 36), shown[0].n, event if event in handled else None)
    return out


# ---- the deck ------------------------------------------------------------------------------
def test_ev_01_36_number_cards_plus_a_new_year_card() -> None:
    """EV-01: the deck is 36 number cards plus the New Year card: the top card is one of 36,
    and after 31 cards New Year comes up (seed 000)."""
    s = ev_state()
    table = deck_table(s)
    assert sum(k for k, _, _ in table.values()) == 36
    assert all(abs(p * 36 - round(p * 36)) < 1e-9 for _, p in s.chance_outcomes())


def deal_cycle(s, cards: list[str]) -> list:
    """Turn ``cards`` one per turn of player 0 (answering prompts); returns every event."""
    out = []
    for c in cards:
        s.cur = 0
        s.phase = 1
        s.prompts.clear()
        s._after()
        out += reveal(s, c)
        answer_all(s)
        out += s.drain_events()
    return out


# 31 cards without any event: the no-event cards plus ... (16 of them) and epidemics etc.
# 31 of the 36 cards (all but earthquake, 2 robber attacks, 2 prospers_8), none asking for a
# choice on an empty board.
QUIET = (["prospers_3"] + ["prospers_4"] + ["prospers_5"] * 2 + ["prospers_6"] * 2
         + ["prospers_8"] * 2 + ["prospers_9"] * 3 + ["prospers_10"] * 2 + ["prospers_11"]
         + ["epidemic_6", "epidemic_8"] + ["robber_flees"] * 2 + ["calm_sea_9", "calm_sea_12"]
         + ["tournament", "trade_advantage", "conflict"] + ["plentiful_year"]
         + ["assistance_10", "assistance_11", "good_neighbours"] + ["robber_attack"] * 4)


def test_ev_02_ev_08_new_year_is_the_32nd_card_and_5_stay_unused() -> None:
    """EV-02, EV-08: New Year lies under 31 cards with 5 below it: 31 number cards are turned,
    then New Year comes up; the 5 cards under it are never turned in that cycle (seed 000)."""
    s = ev_state()
    assert len(QUIET) == 31
    ev = deal_cycle(s, QUIET)
    assert not any(isinstance(e, DeckReshuffled) for e in ev)
    assert sum(1 for e in ev if isinstance(e, CardRevealed)) == 31
    s.cur, s.phase = 0, 1
    s.prompts.clear()
    s._after()
    # 5 cards lie unused under New Year (earthquake, 2 robber attacks, 2 prospers_8); the next
    # turn reshuffles all 36, so every card of the full deck is possible again.
    assert sum(s.rules_state.pile[0]) == 5
    table = deck_table(s)
    assert table["robber_attack"][0] == 6 and table["prospers_8"][0] == 4
    assert sum(k for k, _, _ in table.values()) == 36


def test_ev_06_ev_07_new_year_reshuffles_and_the_new_top_card_is_turned() -> None:
    """EV-06, EV-07: when New Year comes up the 36 cards are reshuffled and stacked again (5
    under New Year, 31 above), and the new top card is turned and resolved in the same turn;
    the next New Year comes after 31 more cards (seed 000)."""
    s = ev_state()
    deal_cycle(s, QUIET)
    s.cur, s.phase = 0, 1
    s.prompts.clear()
    s._after()
    put(s, 1, "settlement", 8)                 # hills 6 (hex 4)
    ev = reveal(s, "prospers_6")
    kinds = names(ev)
    assert kinds.index("DeckReshuffled") < kinds.index("CardRevealed") < kinds.index(
        "ResourcesProduced")
    assert DeckReshuffled("events", "new_year") in ev
    assert produced(ev) == {1: {"brick": 1}}
    # The card turned right after the rebuild was the first of the new 31: 30 more, then New Year.
    second = list(QUIET)
    second.remove("prospers_6")
    ev = deal_cycle(s, second)
    assert not any(isinstance(e, DeckReshuffled) for e in ev)
    s.cur, s.phase = 0, 1
    s.prompts.clear()
    s._after()
    assert DeckReshuffled("events", "new_year") in reveal(s, "prospers_9")


def test_ev_09_option_all_cards_plays_every_card_once_per_cycle() -> None:
    """EV-09, option all_cards: without the New Year card every one of the 36 number cards is
    turned exactly once before the deck is reshuffled [CatanGame rules catalogue] (option)."""
    s = before_roll(game(*EV, options=("all_cards",)), 0)
    # Turn the 31 cards a normal cycle would turn: no reshuffle comes up.
    assert not any(isinstance(e, DeckReshuffled) for e in deal_cycle(s, QUIET))
    # The 5 cards New Year would have hidden are still to come, and then the deck is empty.
    rest = ["earthquake", "robber_attack", "robber_attack", "prospers_8", "prospers_8"]
    ev = deal_cycle(s, rest)
    assert not any(isinstance(e, DeckReshuffled) for e in ev)
    assert sum(s.rules_state.pile[0]) == 0
    s.cur, s.phase = 0, 1
    s.prompts.clear()
    s._after()
    # The 37th turn reshuffles all 36 — and no New Year card is named.
    assert DeckReshuffled("events", None) in reveal(s, "prospers_9")


def test_ev_03_the_active_player_turns_a_card_instead_of_rolling() -> None:
    """EV-03: with event cards nobody rolls: the chance outcomes of the turn are cards of the
    event deck, turned by the active player (seed 000)."""
    s = before_roll(game(*EV), 2)
    assert all(t.startswith("deal events ") for t in outcome_texts(s))
    ev = reveal(s, "prospers_9")
    assert CardRevealed(2, "events", "prospers_9", 9) in ev and DiceRolled(2, 9) in ev


def test_ev_04_the_number_produces_like_a_roll() -> None:
    """EV-04: the card's number makes the hexes produce exactly as a roll of it would (seed 000):
    same payouts as the base game's roll of 6, robber-blocked hex included."""
    s = ev_state()
    plain = before_roll(game(), 0)
    for st in (s, plain):
        put(st, 1, "settlement", 8)            # hills 6
        put(st, 2, "settlement", 45)
        put(st, 2, "city", 45)                 # fields 6 (hex 17) → 2 grain
    s.robber = plain.robber = 17
    s.drain_events()
    ev = reveal(s, "prospers_6")
    plain.drain_events()
    act(plain, "roll 6")
    assert produced(ev) == produced(plain.drain_events()) == {1: {"brick": 1}}
    s.robber = 9
    s.cur, s.phase = 0, 1
    s.prompts.clear()
    s._after()
    assert produced(reveal(s, "prospers_6")) == {1: {"brick": 1}, 2: {"grain": 2}}


def test_ev_05_the_event_is_resolved_before_production() -> None:
    """EV-05: a card's event is resolved before the production of its number (CatanGame rules
    catalogue): Plentiful Year's choices come before the 2 produces."""
    s = ev_state()
    put(s, 1, "settlement", 8)                 # pasture 2 (hex 1)
    ev = reveal(s, "plentiful_year")
    assert not produced(ev) and s.current_player() == 0
    answer_all(s)
    ev = s.drain_events()
    kinds = names(ev)
    assert kinds.count("StockChanged") == 4
    assert max(i for i, k in enumerate(kinds) if k == "StockChanged") < kinds.index(
        "ResourcesProduced")
    assert produced(ev) == {1: {"wool": 1}}


# ---- composition per number (EV-10..22) --------------------------------------------------------
PER_NUMBER = {
    "EV-10": (2, {"plentiful_year": 1}),
    "EV-11": (3, {"conflict": 1, None: 1}),
    "EV-12": (4, {"robber_flees": 2, None: 1}),
    "EV-13": (5, {"tournament": 1, "trade_advantage": 1, None: 2}),
    "EV-14": (6, {"epidemic": 1, "earthquake": 1, "good_neighbours": 1, None: 2}),
    "EV-15": (7, {"robber_attack": 6}),
    "EV-16": (8, {"epidemic": 1, None: 4}),
    "EV-17": (9, {"calm_sea": 1, None: 3}),
    "EV-18": (10, {"neighbourly_assistance": 1, None: 2}),
    "EV-19": (11, {"neighbourly_assistance": 1, None: 1}),
    "EV-20": (12, {"calm_sea": 1}),
}


def by_number() -> dict[int, Counter]:
    out: dict[int, Counter] = {}
    for item, (k, n, event) in deck_table(ev_state()).items():
        out.setdefault(n, Counter())[event] += k
    return out


@pytest.mark.parametrize("rule", sorted(PER_NUMBER))
def test_ev_10_to_20_cards_per_number(rule: str) -> None:
    """EV-10, EV-11, EV-12, EV-13, EV-14, EV-15, EV-16, EV-17, EV-18, EV-19, EV-20: the cards of
    each number and their events as turned by the engine (seed 000,
    reconstructed, RULES.md §4.4; EV-18/EV-19 per decision #1)."""
    n, expected = PER_NUMBER[rule]
    assert by_number()[n] == Counter(expected)


def test_ev_21_cards_per_number_1_to_6_to_1() -> None:
    """EV-21 (decision #1): 1,2,3,4,5,6,5,4,3,2,1 cards on 2..12, 36 in all."""
    table = by_number()
    assert [sum(table[n].values()) for n in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


def test_ev_22_20_event_cards_11_events_16_blank() -> None:
    """EV-22: 20 event cards showing 11 distinct events, and 16 no-event cards (seed 000)."""
    total = Counter()
    for c in by_number().values():
        total += c
    assert total[None] == 16
    events = {e: k for e, k in total.items() if e is not None}
    assert sum(events.values()) == 20 and len(events) == 11


# ---- the events ------------------------------------------------------------------------------
def test_ev_23_no_event_card_only_produces() -> None:
    """EV-23: a "Catan prospers" card causes nothing but production (seed 000)."""
    s = ev_state()
    put(s, 1, "settlement", 39)                # forest 8 (hex 12)
    ev = reveal(s, "prospers_8")
    assert names(ev) == ["CardRevealed", "DiceRolled", "ResourcesProduced", "NumberProduced"]
    assert produced(ev) == {1: {"lumber": 1}} and not s.prompts


def test_ev_24_robber_attack_more_than_7_cards_discard_half() -> None:
    """EV-24: Robber Attack — every player with more than 7 resource cards discards half,
    rounded down (seed 000, decision #20); 7 cards are safe."""
    s = ev_state()
    set_hand(s, 0, grain=8)
    set_hand(s, 1, ore=9)
    set_hand(s, 2, wool=7)
    reveal(s, "robber_attack")
    seen = []
    while s.prompts[-1].kind == DISCARD:
        seen.append((s.current_player(), s.prompts[-1].params[0]))
        act(s, texts(s)[0])
    assert seen[0] == (0, 4) and (1, 4) in seen and all(p != 2 for p, _ in seen)
    assert [sum(h) for h in s.hand[:3]] == [4, 5, 7]


def test_ev_25_robber_attack_moves_the_robber_and_robs() -> None:
    """EV-25: Robber Attack — the revealer moves the robber to a hex of his choice and draws a
    random card from a player with a building there (seed 000); the 7 produces nothing."""
    s = ev_state()
    put(s, 2, "settlement", 39)
    set_hand(s, 2, ore=1)
    ev = reveal(s, "robber_attack")
    assert not produced(ev)
    assert s.prompts[-1].kind == MOVE_ROBBER and s.current_player() == 0
    moves = [t for t in texts(s) if t.startswith("move robber")]
    assert len(moves) == s.board.n_hexes - 1
    act(s, "move robber 12")
    assert s.prompts[-1].kind == STEAL
    act(s, "steal 2 ore")
    assert s.robber == 12 and s.hand[0][4] == 1 and sum(s.hand[2]) == 0


def test_ev_26_epidemic_cities_yield_one_card() -> None:
    """EV-26: Epidemic — in this production every city yields 1 card instead of 2; the next
    production is normal again (seed 000)."""
    s = ev_state()
    put(s, 1, "settlement", 8)
    put(s, 1, "city", 8)                       # hills 6
    put(s, 2, "settlement", 45)                # fields 6
    assert produced(reveal(s, "epidemic_6")) == {1: {"brick": 1}, 2: {"grain": 1}}
    s.cur, s.phase = 0, 1
    s.prompts.clear()
    s._after()
    assert produced(reveal(s, "prospers_6")) == {1: {"brick": 2}, 2: {"grain": 1}}
    s.cur, s.phase = 0, 1
    s.prompts.clear()
    s._after()
    put(s, 3, "settlement", 39)
    put(s, 3, "city", 39)                      # forest 8
    assert produced(reveal(s, "epidemic_8")) == {3: {"lumber": 1}}


def roads_for(s, p: int, vertices: list[int]) -> list[int]:
    put(s, p, "settlement", vertices[0])
    es = path_edges(s, vertices)
    for e in es:
        put(s, p, "road", e)
    return es


def test_ev_27_earthquake_each_player_damages_a_road_of_his_choice() -> None:
    """EV-27: Earthquake — each player marks one road of his choice as damaged (seed 000); a
    player without roads has nothing to mark."""
    s = ev_state()
    r0 = roads_for(s, 0, [8, 12, 17])
    r1 = roads_for(s, 1, [39, 34, 29])
    reveal(s, "earthquake")
    assert s.current_player() == 0
    assert texts(s) == [f"choose edge {e}" for e in sorted(r0)]
    act(s, f"choose edge {r0[1]}")
    assert s.current_player() == 1
    assert texts(s) == [f"choose edge {e}" for e in sorted(r1)]
    act(s, f"choose edge {r1[0]}")
    ev = s.drain_events()
    marked = [(e.at, e.mark) for e in ev if isinstance(e, PieceMarked)]
    assert marked == [(r0[1], "damaged"), (r1[0], "damaged")]
    assert not s.prompts


def damaged(s):
    """Player 0 with a road network, one road damaged, and plenty of cards."""
    r0 = roads_for(s, 0, [8, 12, 17, 22, 28])
    reveal(s, "earthquake")
    act(s, f"choose edge {r0[0]}")
    set_hand(s, 0, lumber=3, brick=3, grain=3, wool=3, ore=3)
    return r0


def test_ev_28_a_damaged_road_is_repaired_for_lumber_and_brick() -> None:
    """EV-28: a damaged road is repaired for 1 lumber + 1 brick, after the roll (seed 000)."""
    s = ev_state()
    r0 = roads_for(s, 0, [8, 12, 17])
    assert not any(t.startswith("do repair_road") for t in texts(s))
    reveal(s, "earthquake")
    act(s, f"choose edge {r0[1]}")
    set_hand(s, 0, lumber=1)
    assert not any(t.startswith("do repair_road") for t in texts(s))      # can't pay
    set_hand(s, 0, lumber=1, brick=1, ore=1)
    repair = [t for t in texts(s) if t.startswith("do repair_road")]
    assert repair == [f"do repair_road edge {r0[1]}"]
    act(s, repair[0])
    assert s.hand[0] == [0, 0, 0, 0, 1]
    assert not s.rules_state.marks
    assert not any(t.startswith("do repair_road") for t in texts(s))


def test_ev_29_no_roads_settlements_or_cities_until_repaired() -> None:
    """EV-29 (decision #3, the seed wins): until his damaged road is repaired the player may build
    no road, settlement or city; once repaired he may (seed 000)."""
    s = ev_state()
    put(s, 0, "settlement", 39)
    damaged(s)
    builds = [t for t in texts(s) if t.startswith("build")]
    assert builds == []
    assert "buy card" in texts(s)                       # only building is blocked
    act(s, next(t for t in texts(s) if t.startswith("do repair_road")))
    kinds = {t.split()[1] for t in texts(s) if t.startswith("build")}
    assert kinds == {"road", "settlement", "city"}


def test_ev_30_a_damaged_road_still_counts_for_longest_road() -> None:
    """EV-30: a damaged road still counts for Longest Road (seed 000)."""
    s = ev_state()
    si = s.game.specials.index(next(sp for sp in s.game.specials if sp.name == "longest_road"))
    r0 = roads_for(s, 0, [8, 12, 17, 22, 28, 33])
    assert s.holders[si] == 0 and s.measure[si][0] == 5
    reveal(s, "earthquake")
    act(s, f"choose edge {r0[2]}")
    assert s.rules_state.marks and s.holders[si] == 0 and s.measure[si][0] == 5


def test_ev_31_good_neighbours_each_gives_his_left_neighbour_a_card() -> None:
    """EV-31: Good Neighbours — each player gives his left-hand neighbour one resource card of
    his choice, if he has one (seed 000)."""
    s = ev_state()
    set_hand(s, 0, grain=1)
    set_hand(s, 1, ore=1)
    set_hand(s, 2, wool=1)
    set_hand(s, 3, lumber=1)
    reveal(s, "good_neighbours")
    for p, card in ((0, "grain"), (1, "ore"), (2, "wool"), (3, "lumber")):
        assert s.current_player() == p
        assert f"choose {card}" in texts(s)
        act(s, f"choose {card}")
    ev = s.drain_events()
    moved = [(e.giver, e.receiver, e.stock) for e in ev if isinstance(e, StockTransferred)]
    assert moved == [(0, 1, "grain"), (1, 2, "ore"), (2, 3, "wool"), (3, 0, "lumber")]
    assert [sum(h) for h in s.hand] == [1, 1, 1, 1] and s.hand[0][0] == 1


def test_ev_31_good_neighbours_is_simultaneous_a_card_just_received_is_not_passed_on() -> None:
    """EV-31: Good Neighbours — each player who holds a card gives one to his left-hand
    neighbour (seed 000); a player with no card when the event is revealed gives nothing, even
    after his right-hand neighbour has handed him one."""
    s = ev_state()
    set_hand(s, 0, grain=1)
    set_hand(s, 1)                        # empty when the card is revealed
    set_hand(s, 2, wool=1)
    set_hand(s, 3, lumber=1)
    reveal(s, "good_neighbours")
    for p, card in ((0, "grain"), (2, "wool"), (3, "lumber")):
        assert s.current_player() == p
        act(s, f"choose {card}")
    ev = s.drain_events()
    moved = [(e.giver, e.receiver, e.stock) for e in ev if isinstance(e, StockTransferred)]
    assert moved == [(0, 1, "grain"), (2, 3, "wool"), (3, 0, "lumber")]
    assert s.hand[1][s.game.resources.index("grain")] == 1   # Blue keeps what he was given


def knights(s, p: int, n: int) -> None:
    """``p`` has played ``n`` knights (scripted; Largest Army updated as a play would)."""
    k = s.game.card_names.index("knight")
    for _ in range(n):
        s.deck[k] -= 1
        s.dev_played[p][k] += 1
        awards.card_played(s, p, k)


def gains(ev) -> dict[int, int]:
    out: Counter = Counter()
    for e in ev:
        if isinstance(e, StockChanged) and e.n > 0:
            out[e.player] += e.n
    return dict(out)


def test_ev_32_tournament_most_knights_take_a_resource() -> None:
    """EV-32: Tournament — the player or players with the most played knights each take a
    resource of their choice (seed 000); nobody while no knight is played."""
    s = ev_state()
    reveal(s, "tournament")
    assert not s.prompts or s.is_chance_node() or not texts(s)[0].startswith("choose")
    s = ev_state()
    knights(s, 1, 2)
    knights(s, 3, 2)
    knights(s, 0, 1)
    reveal(s, "tournament")
    order = []
    while s.prompts and not s.is_chance_node():
        order.append(s.current_player())
        act(s, "choose ore")
    assert order == [1, 3]
    assert gains(s.drain_events()) == {1: 1, 3: 1} and s.hand[1][4] == s.hand[3][4] == 1


def longest_road_holder(s) -> int:
    si = next(i for i, sp in enumerate(s.game.specials) if sp.name == "longest_road")
    return s.holders[si]


def test_ev_33_trade_advantage_longest_road_holder_robs_a_player_of_his_choice() -> None:
    """EV-33: Trade Advantage — the Longest Road holder draws a random resource card from a
    player of his choice, never a development card (seed 000)."""
    s = ev_state()
    roads_for(s, 2, [8, 12, 17, 22, 28, 33])
    assert longest_road_holder(s) == 2
    set_hand(s, 0, grain=1)
    set_hand(s, 3, ore=2)
    s.dev_hand[3][0] = 1                          # a development card is never drawn
    reveal(s, "trade_advantage")
    assert s.current_player() == 2 and texts(s) == ["choose player 0", "choose player 3"]
    act(s, "choose player 3")
    assert s.is_chance_node() and outcome_texts(s) == ["steal 3 ore"]
    act(s, "steal 3 ore")
    assert s.hand[2][4] == 1 and s.hand[3][4] == 1 and s.dev_hand[3][0] == 1


def test_ev_34_trade_advantage_without_holder_most_roads_draws() -> None:
    """EV-34: Trade Advantage — with no Longest Road holder, the single player with the most
    roads draws the card (CatanGame rules catalogue)."""
    s = ev_state()
    roads_for(s, 1, [8, 12, 17])
    roads_for(s, 3, [39, 34])
    set_hand(s, 0, grain=1)
    assert longest_road_holder(s) == -1
    reveal(s, "trade_advantage")
    assert s.current_player() == 1 and texts(s) == ["choose player 0"]


def test_ev_35_trade_advantage_tie_for_most_roads_nothing_happens() -> None:
    """EV-35: Trade Advantage — no holder and a tie for the most roads: nothing happens
    (CatanGame rules catalogue)."""
    s = ev_state()
    roads_for(s, 1, [8, 12, 17])
    roads_for(s, 3, [39, 34, 29])
    set_hand(s, 0, grain=1)
    ev = reveal(s, "trade_advantage")
    assert not s.prompts and not any(isinstance(e, StockTransferred) for e in ev)


def test_ev_36_calm_sea_most_harbor_buildings_take_a_resource() -> None:
    """EV-36: Calm Sea — the player or players with the most buildings on harbours each take a
    resource of their choice (seed 000); a city counts as one building."""
    s = ev_state()
    put(s, 1, "settlement", 0)
    put(s, 1, "city", 0)
    put(s, 2, "settlement", 21)
    put(s, 3, "settlement", 39)                    # inland
    reveal(s, "calm_sea_9")
    order = []
    while s.prompts and not s.is_chance_node():
        order.append(s.current_player())
        act(s, "choose wool")
    assert order == [1, 2] and s.hand[1][2] == s.hand[2][2] == 1
    s.cur, s.phase = 0, 1
    s.prompts.clear()
    s._after()
    put(s, 2, "settlement", 38)
    reveal(s, "calm_sea_12")
    assert s.current_player() == 2
    act(s, "choose wool")
    assert not s.prompts or s.is_chance_node()


def test_ev_37_robber_flees_back_to_the_desert_nobody_robbed() -> None:
    """EV-37: Robber Flees — the robber goes straight back to the desert and nobody draws a
    card (seed 000)."""
    s = ev_state()
    s.robber = 12
    put(s, 2, "settlement", 18)                    # on the desert
    set_hand(s, 2, ore=3)
    ev = reveal(s, "robber_flees")
    assert s.robber == hexes_of(s, "desert")[0]
    moved = [(e.player, e.hex, e.from_hex) for e in ev if isinstance(e, RobberMoved)]
    assert moved == [(0, s.robber, 12)]
    assert not s.prompts and s.hand[2][4] == 3 and sum(s.hand[0]) == 0
    assert "CardStolen" not in names(ev)


def test_ev_38_neighbourly_assistance_leaders_give_to_a_player_with_fewer_vp() -> None:
    """EV-38: Neighbourly Assistance — each player with the most VP gives one resource card of
    his choice to a player of his choice with fewer VP (seed 000)."""
    s = ev_state()
    for v in (8, 14):
        put(s, 1, "settlement", v)
    for v in (22, 31):
        put(s, 2, "settlement", v)
    put(s, 3, "settlement", 39)
    set_hand(s, 1, grain=1, ore=1)
    set_hand(s, 2, wool=1)
    reveal(s, "neighbourly_assistance" if False else "assistance_10")
    assert s.current_player() == 1 and texts(s) == ["choose player 0", "choose player 3"]
    act(s, "choose player 3")
    assert s.current_player() == 1 and set(texts(s)) == {"choose grain", "choose ore"}
    act(s, "choose ore")
    assert s.current_player() == 2
    act(s, "choose player 0")
    act(s, "choose wool")
    moved = [(e.giver, e.receiver, e.stock) for e in s.drain_events()
             if isinstance(e, StockTransferred)]
    assert moved == [(1, 3, "ore"), (2, 0, "wool")]


def test_ev_39_conflict_largest_army_holder_robs_a_player_of_his_choice() -> None:
    """EV-39: Conflict — the Largest Army holder draws a random resource card from a player of
    his choice, never a development card (seed 000)."""
    s = ev_state()
    knights(s, 3, 3)
    knights(s, 1, 4)
    set_hand(s, 0, grain=1)
    set_hand(s, 3, wool=1)
    reveal(s, "conflict")
    assert s.current_player() == 1 and texts(s) == ["choose player 0", "choose player 3"]
    act(s, "choose player 0")
    assert outcome_texts(s) == ["steal 0 grain"]
    act(s, "steal 0 grain")
    assert s.hand[1][3] == 1 and sum(s.hand[0]) == 0


def test_ev_40_conflict_without_holder_most_knights_draws() -> None:
    """EV-40: Conflict — with no Largest Army holder the single player with the most played
    knights draws the card (seed 000, CatanGame rules catalogue)."""
    s = ev_state()
    knights(s, 2, 2)
    knights(s, 0, 1)
    set_hand(s, 1, ore=1)
    reveal(s, "conflict")
    assert s.current_player() == 2 and texts(s) == ["choose player 1"]


def test_ev_41_conflict_tie_for_most_knights_nothing_happens() -> None:
    """EV-41: Conflict — no holder and a tie for the most knights: nothing happens (CatanGame
    rules catalogue)."""
    s = ev_state()
    knights(s, 2, 2)
    knights(s, 0, 2)
    set_hand(s, 1, ore=1)
    ev = reveal(s, "conflict")
    assert not s.prompts and not any(isinstance(e, StockTransferred) for e in ev)


def test_ev_42_plentiful_year_every_player_takes_a_resource() -> None:
    """EV-42: Plentiful Year — every player takes 1 resource card of his choice (seed 000)."""
    s = ev_state()
    reveal(s, "plentiful_year")
    for p, r in zip(range(4), ("lumber", "brick", "wool", "ore")):
        assert s.current_player() == p
        act(s, f"choose {r}")
    assert [sum(h) for h in s.hand] == [1, 1, 1, 1] and s.hand[3][4] == 1


# ---- combinations ------------------------------------------------------------------------------
@pytest.mark.parametrize("other", [v for v in VARIANTS if v != "event_cards"])
def test_combo_ev_all_01_combines_with_every_variant(other: str) -> None:
    """COMBO-EV-ALL-01: Event Cards with each other variant compiles and plays seeded games to
    the end (seed 000)."""
    g = game("event_cards", other)
    for seed in range(2):
        s = play_random(g, seed, cap=3000)
        assert s.is_terminal(), f"event_cards + {other}, seed {seed}"
        conserved(s)


def c42_turn():
    """Catan for Two with Event Cards; player 1 (real) has settlements on hills 6 and forest 8,
    placed quietly so that the neutral players' mirror rule does not react."""
    g = game("catan_for_two", "event_cards")
    s = before_roll(g, 0)
    for v in (8, 39):
        building.place_quiet(s, 1, g.piece_names.index("settlement"), v)
    act(s, "roll")                  # trade-token actions may come first, so the turn is asked
    return g, s


def test_combo_ev_c42_01_two_cards_in_a_row_both_count() -> None:
    """COMBO-EV-C42-01: with Catan for Two the active player turns two event cards in a row and
    both count (seed 000)."""
    g, s = c42_turn()
    ev = reveal(s, "prospers_6")
    assert s.is_chance_node() and all(t.startswith("deal events") for t in outcome_texts(s))
    ev += reveal(s, "prospers_8")
    shown = [e.n for e in ev if isinstance(e, CardRevealed)]
    assert shown == [6, 8]
    assert [e.n for e in ev if isinstance(e, NumberProduced)] == [6, 8]
    assert s.hand[1][1] == 1 and s.hand[1][0] == 1
    assert not s.is_chance_node()


def test_combo_ev_c42_02_equal_numbers_both_count_no_redraw() -> None:
    """COMBO-EV-C42-02: with Catan for Two two cards of the same number both count; there is no
    redraw (seed 000), unlike the dice's re-roll of an equal second result."""
    g, s = c42_turn()
    reveal(s, "prospers_6")
    assert "deal events epidemic_6" in outcome_texts(s)
    ev = reveal(s, "epidemic_6")
    assert [e.n for e in ev if isinstance(e, CardRevealed)] == [6]
    assert not any(type(e).__name__ == "RollCancelled" for e in ev)
    assert s.hand[1][1] == 2 and not s.is_chance_node()

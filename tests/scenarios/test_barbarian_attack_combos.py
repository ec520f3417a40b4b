"""Barbarian Attack with Event Cards and Catan for Two, and the combination sources with Rivers
and Fishermen (COMBO-EV-BA, COMBO-C42-BA, COMBO-RIV-BA, COMBO-FISH-BA; BA-48)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, give, pre_roll, put, set_hand, texts
from tests.scenarios.ba_kit import (
    barbarians,
    castle,
    coastal,
    counter,
    deal,
    game,
    hex_at,
    knight,
    knights,
    main,
    pips,
    set_barbarians,
    set_counter,
    side,
)

ROOT = Path(__file__).resolve().parents[2] / "scenarios" / "combinations"


@lru_cache(maxsize=None)
def combo(name: str) -> Game:
    ir, report = compile_file(str(ROOT / f"{name}.catan"))
    assert ir is not None, report.render_text()
    return Game(ir)


def _choices(s) -> list[int]:
    return sorted(a.id for a in s.legal_actions() if str(a).startswith("choose"))


# ---- BA-48 ----------------------------------------------------------------------------------
def test_ba_48_taking_a_barbarian_off_a_conquered_hex_frees_it() -> None:
    """BA-48: Intrigue (or Treason) taking a barbarian from a conquered hex frees it: it produces
    again and its buildings count, until a third barbarian comes back."""
    s = main()
    h = coastal(s)[0]
    v = next(u for u in s.board.hex_vertices[h] if s.board.vertex_hexes[u] == (h,))
    supply, s.rules_state.marker_supply[0] = s.rules_state.marker_supply[0], 0
    put(s, 0, "settlement", v)                             # no landing: the supply is empty
    s.rules_state.marker_supply[0] = supply
    set_barbarians(s, h, 3)
    assert s.vp(0) == 0
    give(s, 0, grain=1, ore=1, wool=1)
    act(s, "do buy_card")
    deal(s, "intrigue")
    act(s, f"choose hex {h}")
    assert barbarians(s, h) == 2 and s.vp(0) == 1
    assert s.game.rules.forbidden(s, "produce", 0, {"at": h}) is None


# ---- Event Cards ----------------------------------------------------------------------------
def test_combo_ev_ba_01_02_robber_attack_discards_then_robs_anyone() -> None:
    """COMBO-EV-BA-01, COMBO-EV-BA-02: Robber Attack makes everyone over 7 cards discard half; the
    revealer then draws a random card from a player of his choice — no robber moves."""
    g = game("event_cards")
    s = main(g)
    set_hand(s, 0)
    set_hand(s, 1, ore=8)
    set_hand(s, 3, wool=2)
    pre_roll(s, 0)
    act(s, "deal events robber_attack")
    for _ in range(4):
        act(s, texts(s)[0])
    assert sum(s.hand[1]) == 4
    assert sorted(texts(s)) == ["rob 1", "rob 3"] and s.robber < 0
    act(s, "rob 3")
    act(s, "steal 3 wool")
    assert s.hand[0][g.resources.index("wool")] == 1 and s.robber < 0


def test_combo_ev_ba_03_robber_flees_does_nothing() -> None:
    """COMBO-EV-BA-03: Robber Flees has no effect (there is no robber)."""
    g = game("event_cards")
    s = main(g)
    pre_roll(s, 0)
    before = (s.robber, [list(h) for h in s.hand])
    flees = next(str(a) for a, _ in s.chance_outcomes() if "robber_flees" in str(a))
    s.drain_events()
    act(s, flees)
    names = [type(e).__name__ for e in s.drain_events()]
    assert "RobberMoved" not in names and "EffectSkipped" not in names
    assert (s.robber, [list(h) for h in s.hand]) == before


@pytest.mark.parametrize("mine, theirs, robs", [(2, 1, True), (1, 1, False)])
def test_combo_ev_ba_04_conflict_the_one_with_most_knights_robs(mine, theirs, robs) -> None:
    """COMBO-EV-BA-04: Conflict lets the one player with the most knights on the board draw a
    random card from a player of his choice; on a tie nothing happens."""
    g = game("event_cards")
    s = main(g)
    for e in range(mine):
        knight(s, 2, 30 + e)
    for e in range(theirs):
        knight(s, 1, 40 + e)
    set_hand(s, 1, ore=1)
    pre_roll(s, 0)
    act(s, next(str(a) for a, _ in s.chance_outcomes() if "conflict" in str(a)))
    offered = _choices(s) if not s.is_chance_node() else []
    assert (offered == [1]) == robs and (s.prompts[-1].player == 2 if robs else True)


# ---- Catan for Two --------------------------------------------------------------------------
def _c42():
    g = game("catan_for_two")
    return g, main(g)


def test_combo_c42_ba_01_the_first_knight_brings_the_foreign_knight() -> None:
    """COMBO-C42-BA-01: when a player places his first knight, a neutral foreign knight goes on a
    free edge of the castle; later knights bring no other."""
    g, s = _c42()
    c = castle(s)
    give(s, 0, grain=2, ore=2, wool=2)
    act(s, "do buy_card")
    deal(s, "knighthood")
    act(s, f"choose edge {side(s, c, 'NE')}")
    offered = _choices(s)
    assert side(s, c, "NE") not in offered and set(offered) <= set(s.game.rules.hex_edges[c])
    act(s, f"choose edge {offered[0]}")
    owners = sorted(knights(s).values())
    assert owners == [0, 2]                                # player 0 and the first neutral seat
    act(s, "do buy_card")
    deal(s, "knighthood")
    act(s, f"choose edge {_choices(s)[0]}")
    assert sorted(knights(s).values()) == [0, 0, 2] and not _choices(s)


def test_combo_c42_ba_02_03_each_player_moves_it_after_his_own_and_it_never_falls() -> None:
    """COMBO-C42-BA-02, COMBO-C42-BA-03: on his turn a player moves his own knights, then the
    foreign knight; the colour die never takes the foreign knight."""
    g, s = _c42()
    h = coastal(s)[3]
    set_barbarians(s, h, 1)
    mine, foreign = side(s, h, "NE"), side(s, h, "SW")     # parallel: one colour hits both
    knight(s, 0, mine)
    knight(s, 2, foreign)
    act(s, "end turn")
    order = []
    while not s.is_chance_node():
        here = dict(s.prompts[-1].params[2][4])["e"]
        order.append(knights(s)[here])
        act(s, f"choose edge {here}")
    assert order == [0, 2]
    act(s, "choose player 0")                   # the prisoner's roll-off (COMBO-C42-BA-06)
    faces = g.rules.dice["colour"][0]
    geo, feats = g.rules.paths, g.rules.features["edge"]
    hit = next(f for f in faces if any(geo.direction[mine] == geo.direction[x]
                                       for x in feats[f"{f}_edges"]))
    act(s, f"choose die {faces.index(hit)}")
    assert foreign in knights(s) and mine not in knights(s)


def test_combo_c42_ba_04_the_neutral_settlement_brings_its_own_landing() -> None:
    """COMBO-C42-BA-04: building a settlement and the neutral settlement that follows it are two
    landings, the player's first."""
    g, s = _c42()
    v = next(u for u in range(s.board.n_vertices) if len(s.board.vertex_hexes[u]) == 3
             and s.v_owner[u] < 0 and not s.v_blocked[u])
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    put(s, 0, "road", s.board.vertex_edges[v][0])
    s.prompts.clear()                                      # (the neutral road it would bring)
    s._legal = None
    act(s, f"build settlement {v}")
    for _ in range(3):                                     # the player's landing
        act(s, f"choose hex {min(a.id for a, _ in s.chance_outcomes())}")
    assert not s.is_chance_node() and _choices(s)          # he places the neutral settlement
    while not s.is_chance_node():
        act(s, f"{str(s.legal_actions()[0])}")
    assert sum(s.rules_state.markers[0]) == 3 and s.is_chance_node()   # its own landing


def test_combo_c42_ba_05_the_token_action_removes_a_barbarian() -> None:
    """COMBO-C42-BA-05 (decision #6): with no robber the trade-token action removes one barbarian,
    for 1 token (2 when ahead in VP)."""
    g, s = _c42()
    h = coastal(s)[1]
    set_barbarians(s, h, 2)
    assert "do robber_to_desert" not in texts(s)
    tokens = counter(s, 0, "trade_tokens")
    act(s, f"do remove_barbarian hex {h}")
    assert barbarians(s, h) == 1 and counter(s, 0, "trade_tokens") == tokens - 1
    assert not any(t.startswith("do remove_barbarian") for t in texts(s))   # once per turn


def test_combo_c42_ba_07_a_lost_knight_pays_two_gold_and_a_token() -> None:
    """COMBO-C42-BA-07: a lost knight is paid 2 gold and 1 trade token instead of 3 gold."""
    g, s = _c42()
    h = coastal(s)[3]
    set_barbarians(s, h, 1)
    mine, other = side(s, h, "NE"), side(s, h, "E")
    knight(s, 0, mine)
    knight(s, 0, other)
    tokens = counter(s, 0, "trade_tokens")
    act(s, "end turn")
    while not s.is_chance_node():
        act(s, f"choose edge {dict(s.prompts[-1].params[2][4])['e']}")
    faces = g.rules.dice["colour"][0]
    geo, feats = g.rules.paths, g.rules.features["edge"]
    hit = next(f for f in faces if any(geo.direction[mine] == geo.direction[x]
                                       for x in feats[f"{f}_edges"]))
    act(s, f"choose die {faces.index(hit)}")
    assert counter(s, 0, "gold") == 2 and counter(s, 0, "trade_tokens") == tokens + 1


# ---- Rivers + Barbarian Attack --------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_combo_riv_ba_01_02_03_the_terrain_and_the_two_rivers(seed: int) -> None:
    """COMBO-RIV-BA-01, COMBO-RIV-BA-02, COMBO-RIV-BA-03: the base terrain without 2 mountains,
    2 hills, 2 pasture and the desert; a 4-hex river from the castle across the island to its
    mouth opposite; a 3-hex river parallel to it along the east coast."""
    g = combo("rivers+barbarian_attack")
    s = g.new_initial_state(seed)
    terr = Counter(s.board.hex_terrain)
    assert "desert" not in terr and terr["castle"] == 1 and terr["swamp"] == 2
    assert terr == Counter(forest=3, fields=4, pasture=4, hills=3, mountains=2, swamp=2, castle=1)
    river = g.rules.features["hex"]["river"]
    main_river = [hex_at(s, q, r) for q, r in ((-1, 1), (0, 0), (1, -1), (2, -2))]
    side_river = [hex_at(s, q, r) for q, r in ((0, 2), (1, 1), (2, 0))]
    assert set(main_river + side_river) == set(river)
    assert set(s.board.hex_vertices[castle(s)]) & set(s.board.hex_vertices[main_river[0]])
    assert s.board.hex_terrain[main_river[-1]] == "swamp" == s.board.hex_terrain[side_river[-1]]
    # The mouth lies opposite the castle, and the rivers never touch.
    assert main_river[-1] == hex_at(s, 2, -2) and castle(s) == hex_at(s, -2, 2)
    assert not any(set(s.board.hex_vertices[a]) & set(s.board.hex_vertices[b])
                   for a in main_river for b in side_river)


@pytest.mark.parametrize("seed", range(4))
def test_combo_riv_ba_04_05_06_the_two_joins_the_twelve(seed: int) -> None:
    """COMBO-RIV-BA-04, COMBO-RIV-BA-05, COMBO-RIV-BA-06: the mouth's swamp takes the 2's place and
    the 2 joins the 12: that hex produces on both and takes barbarians on both landing numbers."""
    g = combo("rivers+barbarian_attack")
    s = g.new_initial_state(seed)
    both = [h for h in range(s.board.n_hexes) if set(s.board.hex_numbers[h]) == {2, 12}]
    assert len(both) == 1 and both[0] in s.board.number_hexes[2] and both[0] in s.board.number_hexes[12]
    assert pips(s, both[0]) == 2                             # a landing picks it on 2 or 12
    coast = [h for h in range(s.board.n_hexes) if g.rules.coast["hex"][h] and s.board.hex_numbers[h]]
    assert sorted(n for h in coast for n in s.board.hex_numbers[h]) == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]


def test_combo_riv_ba_07_a_poor_settler_costs_no_vp() -> None:
    """COMBO-RIV-BA-07: no Poor Settler VP (Wealthiest Settler stays)."""
    ir = combo("rivers+barbarian_attack").ir
    assert "poor_settler" not in ir["special_cards"] and "wealthiest_settler" in ir["special_cards"]
    g = combo("rivers+barbarian_attack")
    s = main(g)
    set_counter(s, 0, "gold", 0)
    assert s.vp(0) == 0


# ---- Fishermen + Barbarian Attack -----------------------------------------------------------
def test_combo_fish_ba_01_two_fish_instead_of_the_grain() -> None:
    """COMBO-FISH-BA-01: 2 fish may replace the grain that lets a knight move up to 5 paths."""
    g = combo("fishermen+barbarian_attack")
    s = main(g)
    fish = g.rules.deck_index["fish"]
    item = g.rules.decks[fish].items.index("fish2")
    s.rules_state.held[fish][0][item] += 1
    s.rules_state.pile[fish][item] -= 1
    knight(s, 0, 40)
    act(s, "do ready_march pay fish2")
    assert counter(s, 0, "forced_march") == 1
    act(s, "end turn")
    dist = g.rules.paths.distances(40)
    far = [f for f in _choices(s) if dist[f] == 5]
    assert far                                             # no grain, yet 5 paths
    act(s, f"choose edge {far[0]}")
    assert counter(s, 0, "forced_march") == 0 and knights(s).get(far[0]) == 0


def _battle_with_the_foreign_knight(g, s):
    """One barbarian on a coastal hex, player 0's knight and the foreign knight beside it: the
    turn ends, both knights stay, and the battle's prisoner roll-off is the next chance node."""
    h = coastal(s)[3]
    set_barbarians(s, h, 1)
    knight(s, 0, side(s, h, "NE"))
    knight(s, 2, side(s, h, "SW"))
    act(s, "end turn")
    while not s.is_chance_node():
        act(s, f"choose edge {dict(s.prompts[-1].params[2][4])['e']}")
    return h


def test_combo_c42_ba_06_the_foreign_knights_roll_counts_as_3() -> None:
    """COMBO-C42-BA-06: when prisoners are rolled for and the foreign knight took part, its roll
    counts as 3: against one die it wins 2 in 5 (a 1 or 2 shown; a 3 is rolled again), the
    player 3 in 5; a prisoner it wins is nobody's, and the player, losing, gets 3 gold."""
    g, s = _c42()
    h = _battle_with_the_foreign_knight(g, s)
    odds = {a.id: p for a, p in s.chance_outcomes()}
    assert odds == pytest.approx({0: 3 / 5, 2: 2 / 5})
    gold = counter(s, 0, "gold")
    act(s, next(str(a) for a, _ in s.chance_outcomes() if a.id == 2))   # the foreign knight wins
    assert barbarians(s, h) == 0
    assert counter(s, 0, "prisoners") == 0 and counter(s, 0, "gold") == gold + 3
    assert counter(s, 2, "prisoners") == 0 and counter(s, 2, "gold") == 0


def test_combo_c42_ba_06_a_player_who_wins_the_roll_off_takes_the_prisoner() -> None:
    """COMBO-C42-BA-06: the player winning the roll-off against the foreign knight takes the
    prisoner and no gold."""
    g, s = _c42()
    _battle_with_the_foreign_knight(g, s)
    gold = counter(s, 0, "gold")
    act(s, next(str(a) for a, _ in s.chance_outcomes() if a.id == 0))
    assert counter(s, 0, "prisoners") == 1 and counter(s, 0, "gold") == gold


def test_ba_prisoner_roll_offs_stay_fair_without_the_foreign_knight() -> None:
    """BA-65: with more participants than prisoners they roll; between two players it is an even
    draw (a die each, ties rolled again); only a fixed roll weights it."""
    s = main()
    h = coastal(s)[3]
    set_barbarians(s, h, 1)
    knight(s, 0, side(s, h, "NE"))
    knight(s, 1, side(s, h, "SW"))
    act(s, "end turn")
    while not s.is_chance_node():
        act(s, f"choose edge {dict(s.prompts[-1].params[2][4])['e']}")
    assert {a.id: p for a, p in s.chance_outcomes()} == pytest.approx({0: 0.5, 1: 0.5})

"""scenarios/catan_for_two.catan through the engine → C42-19..37 and COMBO-C42-ALL-01 pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game, State
from catan_dsl.engine.base import awards
from catan_dsl.engine.events import (
    PieceBuilt,
    PlayedCardReturned,
    RobberMoved,
    SpecialCardAwarded,
    SpecialCardSetAside,
)
from tests.engine.helpers import act, empty_main, give, give_card, path_edges, set_hand, texts
from tests.variants.test_catan_for_two import (
    NEUTRALS,
    SOURCE,
    c42,
    free_vertex,
    neutral_sites,
    own_settlement_with_road,
    quiet_put,
    run_setup,
    settler,
    setup_picks,
    tokens,
)

# The beginner board with its desert swapped for a forest (C42 on a desert-less board) and one
# with two deserts side by side in the middle row (C42-35, C42-37: a coastal desert corner).
BOARD = """  board {name} {{
    layout rows 3 4 5 4 3
    sea ring
    tiles {{
      mountains 10, pasture 2, forest 9
      fields 12, hills 6, pasture 4, hills 10
      {middle}
      forest 8, mountains 3, fields 4, pasture 5
      hills 5, fields 6, pasture 11
    }}
    numbers fixed apart 6 8
  }}
  use board {name}
"""
MIDDLES = {"no_desert": "fields 9, forest 11, forest 2, forest 3, mountains 8",
           "twin_deserts": "desert, desert, forest 11, forest 3, mountains 8"}


def board_game(tmp_path: Path, name: str) -> Game:
    src = (f'scenario {name} "Catan for Two, {name}" extends catan_for_two {{\n'
           + BOARD.format(name=name, middle=MIDDLES[name]) + "}\n")
    path = tmp_path / f"{name}.catan"
    path.write_text(src, encoding="utf-8")
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    return Game(ir)


def resolve(s: State) -> None:
    """Answer every open prompt with its first option (neutral choices and the like)."""
    while s.prompts and not s.is_chance_node():
        act(s, texts(s)[0])


def knights(s: State, p: int, n: int) -> None:
    """Scripted: ``p`` has ``n`` played knights (and the army measure follows)."""
    g = s.game
    c = g.card_names.index("knight")
    si = g.rules.special_index["largest_army"]
    s.deck[c] -= n - s.dev_played[p][c]
    s.dev_played[p][c] = n
    s.measure[si][p] = n
    awards.update_award(s, si)
    s._legal = None


def holder(s: State) -> int:
    return s.holders[s.game.rules.special_index["largest_army"]]


# --- Road Building ---------------------------------------------------------------------------
def road_building_turn(s: State) -> None:
    give_card(s, 0, "road_building")
    act(s, "play road_building")


def test_c42_19_own_two_roads_first_then_two_neutral_roads() -> None:
    """C42-19: with a Road Building card the player builds his own 2 roads, then 2 roads for a
    neutral player who can build 2 (seed 000). Fixed here: the neutral roads used to be
    chosen before the player's own were placed."""
    s = empty_main(c42())
    own_settlement_with_road(s, 0)
    road_building_turn(s)
    s.drain_events()
    for _ in range(2):
        assert s.current_player() == 0 and all(t.startswith("build road") for t in texts(s))
        act(s, texts(s)[0])
    assert texts(s) == ["choose player 2", "choose player 3"]
    act(s, "choose player 2")
    resolve(s)
    built = [(e.player, e.piece) for e in s.drain_events() if isinstance(e, PieceBuilt)]
    assert built == [(0, "road"), (0, "road"), (2, "road"), (2, "road")]


def test_c42_19_who_can_build_two_is_judged_after_the_own_roads() -> None:
    """C42-19: "then 2 roads for a neutral player who can build 2" — judged once the player's
    own roads stand: roads that cut a neutral off leave only the other neutral (seed 000)."""
    s = empty_main(c42())
    b = s.board
    n2 = neutral_sites(s)[0]
    a, *others = b.vertex_edges[n2]
    for e in others:
        quiet_put(s, 1, "road", e)              # an opponent's roads close two of its edges
    w1 = next(u for u in b.edge_vertices[a] if u != n2)
    x1 = next(u for u in b.vertex_adjacent[w1] if u != n2
              and all(s.v_owner[y] < 0 for y in b.vertex_adjacent[u]))
    quiet_put(s, 0, "settlement", x1)
    road_building_turn(s)
    act(s, f"build road {path_edges(s, [x1, w1])[0]}")
    act(s, f"build road {a}")                   # the player's own road takes its last edge
    assert texts(s) == ["choose player 3"]


def test_c42_20_a_choice_only_if_both_or_neither_can_build_two() -> None:
    """C42-20: the player chooses the neutral only if both (or neither) can build 2; if only
    one can, the roads are his (seed 000)."""
    g = c42()
    k = g.piece_names.index("road")
    s = empty_main(g)
    own_settlement_with_road(s, 0)
    s.supply[3][k] = 1                          # neutral 3 has a single road left
    road_building_turn(s)
    act(s, texts(s)[0])
    act(s, texts(s)[0])
    assert texts(s) == ["choose player 2"]


def test_c42_21_neither_can_build_two_only_one_neutral_road() -> None:
    """C42-21: if neither neutral player can build 2 roads, only 1 neutral road is built (to
    a neutral of the player's choice) (seed 000)."""
    g = c42()
    k = g.piece_names.index("road")
    s = empty_main(g)
    own_settlement_with_road(s, 0)
    s.supply[2][k] = s.supply[3][k] = 1
    road_building_turn(s)
    act(s, texts(s)[0])
    act(s, texts(s)[0])
    assert texts(s) == ["choose player 2", "choose player 3"]
    s.drain_events()
    act(s, "choose player 3")
    resolve(s)
    built = [(e.player, e.piece) for e in s.drain_events() if isinstance(e, PieceBuilt)]
    assert built == [(3, "road")] and "end turn" in texts(s)


# --- trade-token actions ---------------------------------------------------------------------
def test_c42_22_one_token_action_per_turn() -> None:
    """C42-22: at most one trade-token action per turn: after one, neither is offered again this
    turn; the opponent may take his own in his turn (seed 000)."""
    s = empty_main(c42())
    give(s, 1, ore=2)
    assert {"do forced_trade player 1", "do robber_to_desert"} <= set(texts(s))
    s.robber = 0
    act(s, "do robber_to_desert")
    assert not any(t.startswith(("do forced_trade", "do robber_to_desert")) for t in texts(s))
    assert tokens(s, 0) == 4
    act(s, "end turn")
    act(s, "roll") if "roll" in texts(s) else None
    act(s, "roll 5")
    act(s, "roll 8")
    resolve(s)
    assert s.cur == 1 and "do robber_to_desert" in texts(s)


@pytest.mark.parametrize("mine,theirs", [(0, 0), (0, 1)])
def test_c42_23_one_token_when_not_ahead(mine: int, theirs: int) -> None:
    """C42-23: a token action costs 1 token when the player has as many VP as his opponent or
    fewer (seed 000)."""
    s = empty_main(c42())
    for _ in range(mine):
        quiet_put(s, 0, "settlement", free_vertex(s))
    for _ in range(theirs):
        quiet_put(s, 1, "settlement", free_vertex(s))
    s.robber = 0
    act(s, "do robber_to_desert")
    assert tokens(s, 0) == 4


def test_c42_24_two_tokens_when_ahead() -> None:
    """C42-24: a token action costs 2 tokens when the player has more VP than his opponent; the
    neutral players' VP do not count (seed 000)."""
    s = empty_main(c42())
    quiet_put(s, 0, "settlement", free_vertex(s))
    assert s.vp(0) == 1 and s.vp(1) == 0 and s.vp(2) == 1
    s.robber = 0
    act(s, "do robber_to_desert")
    assert tokens(s, 0) == 3
    s2 = empty_main(c42())
    quiet_put(s2, 0, "settlement", free_vertex(s2))
    s2.rules_state.counters[0][0] = 1                   # 1 token is not enough when ahead
    assert "do robber_to_desert" not in texts(s2)


def test_c42_25_spent_tokens_return_to_the_supply() -> None:
    """C42-25: spent trade tokens go back to the supply (seed 000)."""
    s = empty_main(c42())
    ci = s.game.rules.counter_index["trade_tokens"]
    before = s.rules_state.supply[ci]
    s.robber = 0
    act(s, "do robber_to_desert")
    assert s.rules_state.supply[ci] == before + 1
    assert s.rules_state.supply[ci] + sum(r[ci] for r in s.rules_state.counters) == 20


def test_c42_26_forced_trade_draw_two_then_give_any_two() -> None:
    """C42-26: forced trade — draw 2 random cards from the opponent, then give him any 2 of
    your cards, which may be the ones just drawn (seed 000)."""
    s = empty_main(c42())
    set_hand(s, 0, lumber=1)
    set_hand(s, 1, ore=2, wool=1)
    act(s, "do forced_trade player 1")
    assert s.is_chance_node() and {str(a) for a, _ in s.chance_outcomes()} == {
        "steal 1 ore", "steal 1 wool"}
    act(s, "steal 1 ore")
    act(s, "steal 1 ore")
    assert s.current_player() == 0 and set(texts(s)) == {"choose lumber", "choose ore"}
    act(s, "choose ore")
    act(s, "choose lumber")
    assert s.hand[0][s.game.resources.index("ore")] == 1 and sum(s.hand[0]) == 1
    assert sum(s.hand[1]) == 3 and "end turn" in texts(s)


def test_c42_27_forced_trade_against_one_card_still_gives_two() -> None:
    """C42-27: against an opponent holding exactly 1 card the player takes it but must still
    give 2 (catan.de T&B FAQ, CatanGame rules catalogue)."""
    s = empty_main(c42())
    set_hand(s, 0, lumber=2)
    set_hand(s, 1, ore=1)
    act(s, "do forced_trade player 1")
    act(s, "steal 1 ore")
    assert not s.is_chance_node()
    act(s, "choose lumber")
    act(s, "choose lumber")
    assert [sum(s.hand[0]), sum(s.hand[1])] == [1, 2]
    assert s.hand[0][s.game.resources.index("ore")] == 1


def test_c42_28_no_forced_trade_against_an_empty_hand() -> None:
    """C42-28: a forced trade is impossible against an opponent holding no cards (catan.de T&B
    FAQ)."""
    s = empty_main(c42())
    give(s, 0, lumber=2)
    assert not any(t.startswith("do forced_trade") for t in texts(s))
    give(s, 1, wool=1)
    assert "do forced_trade player 1" in texts(s)


def test_c42_29_robber_to_the_desert_robs_nobody() -> None:
    """C42-29: the robber action moves the robber to the desert and no card is drawn (seed 000)."""
    s = empty_main(c42())
    desert = s.board.hex_terrain.index("desert")
    quiet_put(s, 1, "settlement", free_vertex(s, lambda v: desert in s.board.vertex_hexes[v]))
    give(s, 1, ore=3)
    s.robber = 0
    s.drain_events()
    act(s, "do robber_to_desert")
    assert s.robber == desert and not s.prompts and sum(s.hand[1]) == 3
    assert [(e.hex, e.from_hex) for e in s.drain_events() if isinstance(e, RobberMoved)] == [(desert, 0)]


# --- gaining tokens: knights -----------------------------------------------------------------
def test_c42_30_give_up_a_played_knight_once_per_turn() -> None:
    """C42-30: once per turn a player may give up a played knight for 2 trade tokens (any time,
    before the roll too) (seed 000)."""
    s = empty_main(c42())
    assert "do return_knight" not in texts(s)
    knights(s, 0, 2)
    s.drain_events()
    act(s, "do return_knight")
    assert tokens(s, 0) == 7 and s.dev_played[0][s.game.card_names.index("knight")] == 1
    assert any(isinstance(e, PlayedCardReturned) for e in s.drain_events())
    assert "do return_knight" not in texts(s)


def test_c42_31_holder_left_with_two_knights_loses_the_card() -> None:
    """C42-31: if giving up a knight leaves the Largest Army holder with only 2 knights, the
    card is set aside (seed 000)."""
    s = empty_main(c42())
    knights(s, 1, 1)
    knights(s, 0, 3)
    assert holder(s) == 0
    s.drain_events()
    act(s, "do return_knight")
    assert holder(s) == -1
    assert any(isinstance(e, SpecialCardSetAside) for e in s.drain_events())


def test_c42_32_33_holder_level_with_opponent_loses_it_until_someone_leads_with_three() -> None:
    """C42-32: if giving up a knight leaves the holder with no more knights than his opponent,
    the card is set aside. C42-33 (decision #13): it goes to a player with more played
    knights than the other and at least 3 — not while both have 3 (seed 000)."""
    g = c42()
    s = empty_main(g)
    knights(s, 0, 4)
    knights(s, 1, 3)
    assert holder(s) == 0
    act(s, "do return_knight")                  # 3 against 3
    assert holder(s) == -1
    act(s, "end turn")
    assert holder(s) == -1                      # both at 3: nobody has more
    s2 = empty_main(g, player=1)
    knights(s2, 0, 3)
    knights(s2, 1, 2)
    s2.holders[g.rules.special_index["largest_army"]] = -1
    give_card(s2, 1, "knight")
    s2.drain_events()
    act(s2, "play knight")                      # 3 against 3 after the play: still aside
    assert holder(s2) == -1
    s3 = empty_main(g, player=1)
    knights(s3, 0, 3)
    knights(s3, 1, 3)
    s3.holders[g.rules.special_index["largest_army"]] = -1
    give_card(s3, 1, "knight")
    s3.drain_events()
    act(s3, "play knight")                      # 4 against 3: more, and at least 3
    assert holder(s3) == 1
    assert any(isinstance(e, SpecialCardAwarded) and e.player == 1 for e in s3.drain_events())


# --- gaining tokens: settlements -------------------------------------------------------------
def first_settlement_tokens(g: Game, site: int) -> int:
    """Player 0's tokens right after his first setup settlement at ``site``."""
    s = g.new_initial_state(0)
    assert s.phase == 0 and s.current_player() == 0
    act(s, f"build settlement {site}")
    return tokens(s, 0)


def test_c42_34_desert_settlement_gives_two_in_setup_and_later() -> None:
    """C42-34: a settlement next to a desert gives 2 trade tokens, in the setup phase too
    (seed 000)."""
    g = c42()
    s = g.new_initial_state(0)
    desert = s.board.hex_terrain.index("desert")
    site = free_vertex(s, lambda v: desert in s.board.vertex_hexes[v])
    assert not g.rules.coast["vertex"][site]
    assert first_settlement_tokens(g, site) == 7
    s2 = empty_main(g)
    settler(s2, 0, site)
    give(s2, 0, lumber=1, brick=1, wool=1, grain=1)
    act(s2, f"build settlement {site}")
    resolve(s2)
    assert tokens(s2, 0) == 7


def test_c42_35_two_deserts_still_two(tmp_path: Path) -> None:
    """C42-35: a settlement next to two deserts still gives only 2 trade tokens (seed 000)."""
    g = board_game(tmp_path, "twin_deserts")
    s = g.new_initial_state(0)
    deserts = [h for h, t in enumerate(s.board.hex_terrain) if t == "desert"]
    site = free_vertex(s, lambda v: all(h in s.board.vertex_hexes[v] for h in deserts)
                       and not g.rules.coast["vertex"][v])
    assert first_settlement_tokens(g, site) == 7


def test_c42_36_coastal_settlement_gives_one() -> None:
    """C42-36: a settlement on a coastal intersection gives 1 trade token; an inland one away
    from the desert gives none (seed 000)."""
    g = c42()
    coast = g.rules.coast["vertex"]
    for want, ok in ((6, lambda s, v: coast[v]), (5, lambda s, v: not coast[v])):
        s = empty_main(g)
        desert = s.board.hex_terrain.index("desert")
        target = free_vertex(s, lambda v: ok(s, v) and desert not in s.board.vertex_hexes[v]
                             and any(all(s.v_owner[y] < 0 for y in s.board.vertex_adjacent[u])
                                     for m in s.board.vertex_adjacent[v]
                                     for u in s.board.vertex_adjacent[m] if u != v))
        settler(s, 0, target)
        give(s, 0, lumber=1, brick=1, wool=1, grain=1)
        act(s, f"build settlement {target}")
        resolve(s)
        assert tokens(s, 0) == want, (want, target)


def test_c42_37_desert_and_coast_give_three(tmp_path: Path) -> None:
    """C42-37: a settlement next to a desert and on the coast gives 3 trade tokens (seed 000;
    the beginner board's desert is inland, so a board with a coastal desert is used)."""
    g = board_game(tmp_path, "twin_deserts")
    s = g.new_initial_state(0)
    deserts = {h for h, t in enumerate(s.board.hex_terrain) if t == "desert"}
    site = free_vertex(s, lambda v: g.rules.coast["vertex"][v] and deserts & set(s.board.vertex_hexes[v]))
    assert first_settlement_tokens(g, site) == 8


# --- combinations ----------------------------------------------------------------------------
def test_combo_c42_all_01_adapts_to_a_board_without_a_desert(tmp_path: Path) -> None:
    """COMBO-C42-ALL-01 (decision #14, #18): on a board without a desert the robber action puts
    the robber off the board, and no settlement earns the desert's 2 tokens (seed 000)."""
    g = board_game(tmp_path, "no_desert")
    s = empty_main(g)
    assert "desert" not in s.board.hex_terrain
    act(s, "do robber_to_desert")
    assert s.robber == -1 and tokens(s, 0) == 4
    s2 = g.new_initial_state(0)
    picks = setup_picks(s2)
    run_setup(s2, picks)
    assert tokens(s2, 0) == 5 + sum(g.rules.coast["vertex"][v] for v in picks[0])


@pytest.mark.parametrize("other", ["tournament", "friendly_robber", "event_cards", "harbormaster"])
def test_combo_c42_all_01_combines_with_every_variant(other: str) -> None:
    """COMBO-C42-ALL-01: Catan for Two combines with every variant: it compiles and its rules
    still act (a road still mirrors a neutral road) (seed 000)."""
    g = c42(other)
    assert g.n_real == 2 and g.num_players == 4
    s = empty_main(g)
    own_settlement_with_road(s, 0)
    give(s, 0, lumber=1, brick=1)
    act(s, next(t for t in texts(s) if t.startswith("build road")))
    assert set(texts(s)) == {f"choose player {n}" for n in NEUTRALS}
    assert SOURCE.exists()

"""scenarios/barbarian_attack.catan through the engine: scenario cards, knights and battles
(BA-35..74)."""

from __future__ import annotations

import pytest

from tests.engine.helpers import act, give, put, texts
from tests.scenarios.ba_kit import (
    barbarians,
    castle,
    coastal,
    counter,
    deal,
    hex_edges,
    knight,
    knights,
    main,
    set_barbarians,
    set_counter,
    side,
)


def _buy(s, p: int = 0) -> None:
    give(s, p, grain=1, ore=1, wool=1)
    act(s, "do buy_card")


def _choices(s) -> list[int]:
    return sorted(a.id for a in s.legal_actions() if str(a).startswith("choose"))


# ---- scenario cards -------------------------------------------------------------------------
def test_ba_35_36_37_39_a_card_is_carried_out_at_once_and_more_may_follow() -> None:
    """BA-35, BA-36, BA-37, BA-39: a bought card is revealed and carried out at once — Knighthood
    puts a knight on a free edge of the castle; it must be finished before the next purchase; any
    number may be bought in a turn; the card is never held."""
    s = main()
    c = castle(s)
    _buy(s)
    deal(s, "knighthood")
    assert _choices(s) == sorted(hex_edges(s, c))
    assert "do buy_card" not in texts(s)                       # finish this one first
    act(s, f"choose edge {side(s, c, 'NE')}")
    assert knights(s) == {side(s, c, "NE"): 0} and s.rules_state.unit_supply[0][0] == 5
    _buy(s)
    deal(s, "knighthood")
    assert side(s, c, "NE") not in _choices(s)                 # one knight per path
    act(s, f"choose edge {side(s, c, 'E')}")
    assert len(knights(s)) == 2
    di = s.game.rules.deck_index["barbarian_cards"]
    assert sum(s.rules_state.held[di][0]) == 0 and sum(s.rules_state.spent[di]) == 2


def test_ba_38_used_cards_are_reshuffled_when_the_stack_runs_out() -> None:
    """BA-38: used cards go to a discard pile, reshuffled into a new stack when the stack is empty."""
    s = main()
    rs = s.game.rules.deck_index["barbarian_cards"]
    pile, spent = s.rules_state.pile[rs], s.rules_state.spent[rs]
    spent[:] = [a + b for a, b in zip(pile, spent)]
    pile[:] = [0] * len(pile)
    spent[s.game.rules.decks[rs].items.index("treason")] = 0
    _buy(s)
    assert s.is_chance_node()
    assert {str(a).split()[-1] for a, _ in s.chance_outcomes()} == {"knighthood", "black_knight", "intrigue"}


def test_ba_40_the_black_knight_goes_on_any_path_without_road_or_knight() -> None:
    """BA-40 (decision #5): the Black Knight goes on any path holding no road and no knight."""
    s = main()
    put(s, 1, "road", 20)
    knight(s, 2, 21)
    _buy(s)
    deal(s, "black_knight")
    offered = _choices(s)
    assert 20 not in offered and 21 not in offered
    assert len(offered) == s.board.n_edges - 2


def test_ba_41_42_intrigue_takes_a_prisoner_or_draws_again() -> None:
    """BA-41, BA-42: Intrigue removes a barbarian from any hex into the player's prisoners; with no
    barbarian on the board it is discarded and a new card is carried out."""
    s = main()
    h = coastal(s)[2]
    set_barbarians(s, h, 2)
    supply = s.rules_state.marker_supply[0]
    _buy(s)
    deal(s, "intrigue")
    act(s, f"choose hex {h}")
    assert barbarians(s, h) == 1 and counter(s, 0, "prisoners") == 1
    assert s.rules_state.marker_supply[0] == supply          # a prisoner leaves the game
    s2 = main()
    _buy(s2)
    deal(s2, "intrigue")
    assert s2.is_chance_node()                               # drawn again at once
    deal(s2, "knighthood")
    assert _choices(s2)


def test_ba_43_44_46_47_treason_pays_gold_and_moves_two_barbarians() -> None:
    """BA-43, BA-44, BA-46, BA-47: Treason pays 2 gold and moves 2 barbarians from 2 different hexes
    onto 2 other unconquered coastal hexes, never onto one holding 3."""
    s = main()
    a, b, full = coastal(s)[:3]
    set_barbarians(s, a, 1)
    set_barbarians(s, b, 2)
    set_barbarians(s, full, 3)
    _buy(s)
    deal(s, "treason")
    assert counter(s, 0, "gold") == 2
    assert _choices(s) == sorted([a, b, full])
    act(s, f"choose hex {a}")
    targets = _choices(s)
    assert a not in targets and full not in targets
    assert set(targets) <= set(coastal(s))
    t1 = [t for t in targets if t != b][0]
    act(s, f"choose hex {t1}")
    assert barbarians(s, a) == 0 and barbarians(s, t1) == 1
    assert _choices(s) == sorted([b, full])                   # the second comes from elsewhere
    act(s, f"choose hex {b}")
    second = _choices(s)
    assert not {a, b, t1, full} & set(second)
    act(s, f"choose hex {second[0]}")
    assert barbarians(s, b) == 1 and barbarians(s, second[0]) == 1


def test_ba_45_treason_takes_the_missing_barbarians_from_the_supply() -> None:
    """BA-45: with fewer than 2 barbarians on the board Treason takes the missing ones from the
    supply."""
    s = main()
    supply = s.rules_state.marker_supply[0]
    _buy(s)
    deal(s, "treason")
    first = _choices(s)[0]
    act(s, f"choose hex {first}")
    second = _choices(s)[0]
    act(s, f"choose hex {second}")
    assert barbarians(s, first) == 1 and barbarians(s, second) == 1 and first != second
    assert s.rules_state.marker_supply[0] == supply - 2


# ---- knights moving -------------------------------------------------------------------------
def _end_turn(s) -> None:
    act(s, "end turn")


def _offered_destinations(s) -> list[int]:
    return _choices(s)


def test_ba_49_50_53_knights_move_up_to_three_paths_at_the_end_of_the_turn() -> None:
    """BA-49, BA-50, BA-53: at the end of the turn each knight may move up to 3 paths (staying
    counts), never onto a path holding another knight."""
    s = main()
    e = 40
    knight(s, 0, e)
    knight(s, 1, 41)
    _end_turn(s)
    dist = s.game.rules.paths.distances(e)
    offered = set(_offered_destinations(s))
    assert offered == {f for f, d in dist.items() if d <= 3 and f != 41
                       and "castle" not in [s.board.hex_terrain[h] for h in s.game.rules.edge_hexes[f]]}
    assert e in offered and 41 not in offered


def test_ba_51_a_grain_lets_one_knight_go_five_paths() -> None:
    """BA-51: paying 1 grain lets a knight go up to 5 paths; each such knight pays its own grain."""
    s = main()
    knight(s, 0, 40)
    _end_turn(s)
    dist = s.game.rules.paths.distances(40)
    assert max(dist[f] for f in _offered_destinations(s)) == 3        # no grain: 3
    s = main()
    knight(s, 0, 40)
    give(s, 0, grain=1)
    _end_turn(s)
    far = [f for f in _offered_destinations(s) if dist[f] == 5]
    assert far and max(dist[f] for f in _offered_destinations(s)) == 5
    act(s, f"choose edge {far[0]}")
    assert s.hand[0][s.game.resources.index("grain")] == 0 and knights(s).get(far[0]) == 0


def test_ba_52_a_knight_passes_roads_and_buildings_of_anyone() -> None:
    """BA-52: a moving knight passes any building and any road, whoever owns them: another
    player's road and settlement around it do not shrink where it may go."""
    s = main()
    knight(s, 0, 40)
    _end_turn(s)
    free = set(_offered_destinations(s))
    s = main()
    knight(s, 0, 40)
    for v in s.board.edge_vertices[40]:
        put(s, 1, "settlement", v) if not s.v_blocked[v] and s.v_owner[v] < 0 else None
    for f in s.game.rules.paths.distances(40):
        if s.game.rules.paths.distances(40)[f] == 1:
            put(s, 1, "road", f)
    while s.is_chance_node():               # the landing the settlement brought
        act(s, f"choose hex {min(a.id for a, _ in s.chance_outcomes())}")
    _end_turn(s)
    assert set(_offered_destinations(s)) == free


def test_ba_54_55_never_on_the_castle_so_a_knight_there_must_leave() -> None:
    """BA-54, BA-55: no knight may end on an edge of the castle hex, so one placed there this turn
    must move away."""
    s = main()
    c = castle(s)
    e = side(s, c, "NE")
    knight(s, 0, e)
    _end_turn(s)
    offered = _offered_destinations(s)
    assert e not in offered and offered
    assert not set(offered) & set(hex_edges(s, c))


# ---- battles --------------------------------------------------------------------------------
def _stay_all(s) -> None:
    """Answer every knight's move by staying put (or the nearest path when it must move)."""
    while not s.is_chance_node() and s.prompts and s.legal_actions() \
            and str(s.legal_actions()[0]).startswith("choose edge"):
        prompt = s.prompts[-1]
        stay = prompt.params[2][4]
        here = dict(stay).get("e")
        ids = _choices(s)
        act(s, f"choose edge {here if here in ids else ids[0]}")


def _surround(s, h: int, owners: list[int]) -> list[int]:
    """Knights of ``owners`` on sides of ``h`` taken by opposite pairs (NE, SW, E, W, ...), so up
    to 4 knights leave one colour (blue: SE/NW) that hits none of them."""
    sides = [side(s, h, n) for n in ("NE", "SW", "E", "W", "SE", "NW")]
    for e, p in zip(sides, owners):
        knight(s, p, e)
    return sides[:len(owners)]


def _colour_pending(s) -> bool:
    return s.is_chance_node() and s.prompts[-1].kind == "rule_random_choice"


def _roll_colour(s, face: str) -> None:
    faces = s.game.rules.dice["colour"][0]
    assert s.is_chance_node()
    act(s, f"choose die {faces.index(face)}")


def _safe_colour(s, h: int) -> str:
    """A colour whose castle edges are parallel to none of ``h``'s occupied sides."""
    geo = s.game.rules.paths
    feats = s.game.rules.features["edge"]
    for face in ("red", "green", "blue"):
        mine = [e for e in hex_edges(s, h) if s.rules_state.units[0][e]]
        if not any(geo.direction[e] == geo.direction[x] for e in mine for x in feats[f"{face}_edges"]):
            return face
    raise AssertionError("every colour hits")


def test_ba_56_57_59_61_62_63_all_move_first_then_a_victory_frees_the_hex() -> None:
    """BA-56, BA-57, BA-59, BA-61, BA-62, BA-63: after the turn all knights move, then battles: a
    hex with more knights on its edges than barbarians is freed, the barbarians become prisoners
    of the sole participant, and the knights stay where they fought."""
    s = main()
    h = coastal(s)[3]
    set_barbarians(s, h, 2)
    placed = _surround(s, h, [1, 1, 1])          # another player's knights: checked every turn
    _end_turn(s)
    assert _colour_pending(s)                    # player 0 has no knight to move: the battle
    _roll_colour(s, _safe_colour(s, h))
    assert barbarians(s, h) == 0 and counter(s, 1, "prisoners") == 2
    assert sorted(knights(s)) == sorted(placed)


def test_ba_61_as_many_knights_as_barbarians_is_no_victory() -> None:
    """BA-61: only more knights than barbarians free a hex."""
    s = main()
    h = coastal(s)[3]
    set_barbarians(s, h, 2)
    _surround(s, h, [1, 2])
    _end_turn(s)
    assert barbarians(s, h) == 2 and not _colour_pending(s)


def test_ba_56_battles_wait_for_every_move() -> None:
    """BA-56: a knight that moves next to the barbarians joins the battle of the same turn."""
    s = main()
    h = coastal(s)[3]
    set_barbarians(s, h, 1)
    sides = hex_edges(s, h)
    knight(s, 0, sides[0])
    far = next(f for f, d in s.game.rules.paths.distances(sides[1]).items() if d == 2
               and not s.rules_state.units[0][f] and f not in sides
               and "castle" not in [s.board.hex_terrain[x] for x in s.game.rules.edge_hexes[f]])
    knight(s, 0, far)
    _end_turn(s)
    moves = 0
    while not s.is_chance_node():
        assert barbarians(s, h) == 1                        # no battle before every move
        prompt_e = dict(s.prompts[-1].params[2][4]).get("e")
        act(s, f"choose edge {sides[1] if prompt_e == far else prompt_e}")
        moves += 1
    # The knight that came over fought: 2 knights beat 1 barbarian, 1 alone would not have.
    assert moves == 2 and barbarians(s, h) == 0 and counter(s, 0, "prisoners") == 1
    assert _colour_pending(s)


@pytest.mark.parametrize("owners, n, prisoners, gold", [
    ([0, 1, 2], 2, None, None),
    ([0, 0, 1], 2, [1, 1, 0], [0, 0, 0]),
    ([0, 1, 1, 2], 3, [1, 1, 1], [0, 0, 0]),
    ([0, 0, 0, 1], 3, [2, 1, 0], [0, 0, 0]),
])
def test_ba_64_65_66_67_prisoners_are_shared(owners, n, prisoners, gold) -> None:
    """BA-64, BA-65, BA-66, BA-67: with several participants each takes one while they last; with
    more participants than prisoners they roll off and those left without get 3 gold; a single
    leftover goes to the one who alone brought the most knights."""
    s = main()
    h = coastal(s)[3]
    set_barbarians(s, h, n)
    _surround(s, h, owners)
    _end_turn(s)
    _stay_all(s)
    if prisoners is None:                        # 3 participants, 2 prisoners: a roll-off
        assert {a.id for a, _ in s.chance_outcomes()} == {0, 1, 2}
        act(s, "choose player 2")
        act(s, "choose player 0")
        assert [counter(s, p, "prisoners") for p in range(3)] == [1, 0, 1]
        assert [counter(s, p, "gold") for p in range(3)] == [0, 3, 0]
        return
    assert [counter(s, p, "prisoners") for p in range(3)] == prisoners
    assert [counter(s, p, "gold") for p in range(3)] == gold


def test_ba_68_a_tie_for_the_leftover_is_rolled_for_and_the_loser_gets_gold() -> None:
    """BA-68: with no participant alone bringing the most knights they roll for the leftover: the
    winner takes it, the loser gets 3 gold."""
    s = main()
    h = coastal(s)[3]
    set_barbarians(s, h, 3)
    _surround(s, h, [0, 0, 1, 1])
    _end_turn(s)
    _stay_all(s)
    assert {a.id for a, _ in s.chance_outcomes()} == {0, 1}
    act(s, "choose player 1")
    assert [counter(s, p, "prisoners") for p in range(2)] == [1, 2]
    assert [counter(s, p, "gold") for p in range(2)] == [3, 0]


def test_ba_71_72_58_the_colour_die_takes_the_knights_on_its_sides() -> None:
    """BA-71, BA-72, BA-58: after a victory the colour die is rolled: every knight on a side of the
    freed hex parallel to the castle's edges of that colour goes back to its owner, who gets 3
    gold for it; a lost knight takes no further part."""
    s = main()
    h = coastal(s)[3]
    set_barbarians(s, h, 1)
    sides = _surround(s, h, [0, 1])
    geo, feats = s.game.rules.paths, s.game.rules.features["edge"]
    hit = next(f for f in ("red", "green", "blue")
               if any(geo.direction[sides[0]] == geo.direction[x] for x in feats[f"{f}_edges"]))
    _end_turn(s)
    _stay_all(s)
    if s.is_chance_node() and s.prompts[-1].params[0] == "player":
        act(s, "choose player 0")
    _roll_colour(s, hit)
    assert sides[0] not in knights(s) and s.rules_state.unit_supply[0][0] == 6
    assert counter(s, 0, "gold") >= 3


def test_ba_60_battles_run_clockwise_from_the_castle() -> None:
    """BA-60: the battles visit the occupied coastal hexes clockwise, starting next to the castle."""
    from catan_dsl.engine.events import MarkersMoved
    from catan_dsl.engine.rules.expressions import Ctx, compile_expr
    s = main()
    fn, _ = compile_expr(["clockwise_from", ["var", "h"]], Ctx(s.game.rules, {"h": "hex"}))
    ring = list(fn(s, {"h": castle(s)}))
    assert ring[0] == castle(s)
    late, early = ring[5], ring[2]
    for h in (late, early):
        set_barbarians(s, h, 1)
        _surround(s, h, [1, 1])
    s.drain_events()
    _end_turn(s)
    while _colour_pending(s):
        _roll_colour(s, "blue")
    freed = [e.hex for e in s.drain_events() if isinstance(e, MarkersMoved) and e.n < 0]
    assert freed == [early, late]


def test_ba_73_74_two_prisoners_are_one_vp_one_is_nothing() -> None:
    """BA-73, BA-74: every 2 prisoners are worth 1 VP; a single one is worth nothing."""
    s = main()
    for n, vp in ((0, 0), (1, 0), (2, 1), (3, 1), (5, 2)):
        set_counter(s, 0, "prisoners", n)
        assert s.vp(0) == vp

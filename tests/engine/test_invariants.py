"""The IR-driven invariant checker (engine/invariants.py): it sees each kind of broken state,
and a short soak of every shipped scenario with every variant finds nothing (issue 18 item 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.invariants import violations
from catan_dsl.play.soak import soak

from .helpers import empty_main, put

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ("base", "fishermen", "rivers", "caravans")
VARIANTS = (None, "tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")


def _ir(scenario: str, variant: str | None = None) -> dict:
    ir, report = compile_file(str(ROOT / "scenarios" / f"{scenario}.catan"),
                              with_=(variant,) if variant else ())
    assert ir is not None, report.render_text()
    return ir


@pytest.fixture(scope="module")
def fishermen() -> Game:
    return Game(_ir("fishermen"), num_players=4)


def _state(game: Game):
    s = empty_main(game)
    put(s, 0, "settlement", 0)
    assert violations(s) == []
    return s


def test_a_resource_leak_and_a_negative_count_are_seen(fishermen: Game) -> None:
    s = _state(fishermen)
    s.hand[1][0] += 1
    assert any("resource" in m and "!=" in m for m in violations(s))
    s = _state(fishermen)
    s.hand[1][0] -= 1
    s.bank[0] += 1
    assert any("negative" in m for m in violations(s))


def test_cards_pieces_and_buildings_that_do_not_add_up_are_seen(fishermen: Game) -> None:
    s = _state(fishermen)
    s.deck[0] -= 1
    assert any(m.startswith("card ") for m in violations(s))
    s = _state(fishermen)
    s.supply[0][0] += 1
    assert any(m.startswith("piece ") for m in violations(s))
    s = _state(fishermen)
    s.v_owner[30] = 2                       # an owner without a piece kind
    assert any("owner 2 but kind -1" in m for m in violations(s))


def test_a_deck_leak_and_a_hand_over_max_held_are_seen(fishermen: Game) -> None:
    s = _state(fishermen)
    s.rules_state.pile[0][0] -= 1
    assert any(m.startswith("deck fish, item fish1") for m in violations(s))
    s = _state(fishermen)
    s.rules_state.pile[0][0] -= 8
    s.rules_state.held[0][1][0] += 8
    assert any("over max_held 7" in m for m in violations(s))


def test_a_vp_total_that_disagrees_with_the_board_is_seen(fishermen: Game) -> None:
    s = _state(fishermen)
    s.board_vp[0] += 1
    assert any("recounted" in m for m in violations(s))


def test_a_labelled_piece_modifier_is_recounted_once(tmp_path: Path) -> None:
    """Issue 38 5(c): a labelled `modifier vp` on pieces (Barbarian Attack's conquered
    buildings) was added twice — once with the piece modifiers, once as a player's labelled
    source — so every conquered building was a false VP mismatch; the engine's count was right."""
    src = tmp_path / "down.catan"
    src.write_text('scenario down extends base {\n'
                   '  modifier vp - 1 for v where piece(v) == settlement label "lying down"\n'
                   '  modifier vp + 2 for player p where p == 0 label "bonus"\n}\n',
                   encoding="utf-8")
    ir, report = compile_file(str(src))
    assert ir is not None, report.render_text()
    s = empty_main(Game(ir, num_players=4))
    put(s, 0, "settlement", 0)
    put(s, 0, "city", 20)
    assert s.vp(0) == 0 + 2 + 2          # the settlement lies down, the city and the bonus count
    assert violations(s) == []
    s.board_vp[0] += 1                   # and a real mismatch is still seen
    assert any("recounted" in m for m in violations(s))


def test_a_stale_build_spot_cache_and_a_loose_road_are_seen(fishermen: Game) -> None:
    s = _state(fishermen)
    s.vertex_spots[0].add(53)
    assert any("cached building spots" in m for m in violations(s))
    s = _state(fishermen)
    road = next(e for e in range(s.board.n_edges)
                if not set(s.board.edge_vertices[e]) & {0} and s.e_owner[e] < 0)
    s.e_owner[road], s.e_kind[road] = 0, s.game.piece_names.index("road")
    s.supply[0][s.e_kind[road]] -= 1
    assert any("not joined to a building" in m for m in violations(s))


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v or "alone")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_soak_of_every_shipped_combination_breaks_no_invariant(scenario: str,
                                                                 variant: str | None) -> None:
    """Every action of a whole random-bot game of each scenario with each variant keeps every
    stock, limit, VP recount and cache (bench/soak.py runs the long version)."""
    ir = _ir(scenario, variant)
    result = soak(ir, [7], players=2 if variant == "catan_for_two" else 4, max_turns=300)
    assert result.actions > 200
    assert result.findings == [], result.findings


def test_two_legal_actions_printing_one_text_are_seen(tmp_path: Path) -> None:
    """Issue 38 5(b): transcripts and replay find an action by its text, so two legal actions
    printing the same text (two rule actions of one name) make a game unreplayable."""
    import copy
    src = tmp_path / "twice.catan"
    src.write_text('scenario twice extends base {\n  counter c "c"\n'
                   '  action spin "Spin" { do { gain 1 c } }\n}\n', encoding="utf-8")
    ir, report = compile_file(str(src))
    assert ir is not None, report.render_text()
    s = empty_main(Game(ir, num_players=4))
    assert violations(s) == []
    spin = next(r for r in ir["rules"] if r.get("kind") == "action")
    ir["rules"].append({**copy.deepcopy(spin), "id": spin["id"] + "b"})
    s = empty_main(Game(ir, num_players=4))
    assert "legal actions: two of them print 'do spin'" in violations(s)


def test_the_robber_discards_follow_the_hands_at_the_roll(fishermen: Game) -> None:
    """Issue 38 5(a): the soak's cross-action check (base rule §1, TB-48: on a 7 every player
    over the limit discards half, from the hands at the roll). A real 7 with its discards
    passes; a player over the limit who is robbed first and skips his discard, or one who
    reaches the limit after the roll and discards, is seen."""
    from catan_dsl.engine.events import CardStolen, CardsDiscarded, DiceRolled, TurnEnded
    from catan_dsl.engine.invariants import RobberDiscards

    from .helpers import act, pre_roll, set_hand, texts

    s = _state(fishermen)
    set_hand(s, 1, wool=5, ore=4)                 # 9 cards: 4 to give back
    pre_roll(s, 0)
    s.drain_events()
    watch = RobberDiscards(fishermen)
    broken: list[str] = []
    for step in range(40):
        if s.is_chance_node():
            action = next((a for a in s.legal_actions() if str(a) == "roll 7"),
                          s.legal_actions()[0])
        elif s.current_player() == 0 and "end turn" in texts(s):
            action = next(a for a in s.legal_actions() if str(a) == "end turn")
        else:
            action = s.legal_actions()[0]
        watch.before(s)
        act(s, str(action))
        broken += watch.after(s.drain_events())
        if str(action) == "end turn":
            break
    assert sum(s.hand[1]) == 5 and broken == []

    watch = RobberDiscards(fishermen)
    s = _state(fishermen)
    set_hand(s, 1, wool=8)
    set_hand(s, 2, wool=7)
    watch.before(s)
    assert watch.after([DiceRolled(0, 7), CardStolen(0, 1, "wool")]) == []
    assert watch.after([CardsDiscarded(2, "wool", 3), TurnEnded(0, 1)]) == [
        "discards on 7: player 1 held 8 cards at the roll and discarded 0, not 4",
        "discards on 7: player 2 held 7 cards at the roll and discarded 3, not 0"]

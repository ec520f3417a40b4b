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

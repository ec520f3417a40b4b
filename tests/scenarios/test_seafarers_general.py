"""The Seafarers general rules that no printed board of the pack exercises, on a small board of
the shared rules file (scenarios/seafarers/scenarios/seafarers.catan), and the harbors and
opponents' buildings on New Shores (SF-08, SF-18, SF-39, SF-49)."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, give, pre_roll, put, texts
from tests.scenarios.seafarers_kit import compiled, eid, land, main, vid

SHARED = Path(__file__).resolve().parents[2] / "scenarios" / "seafarers" / "scenarios" / "seafarers.catan"


@pytest.fixture(scope="module")
def gold_centre(tmp_path_factory) -> dict:
    """The shared rules on the beginner board with its desert turned into a gold field 2: no
    desert, no robber start named."""
    d = tmp_path_factory.mktemp("gold_centre")
    (d / "seafarers.catan").write_text(SHARED.read_text(encoding="utf-8"), encoding="utf-8")
    (d / "gold_centre.catan").write_text(
        "scenario gold_centre extends seafarers {\n"
        "  board centre extends beginner default { hex 0,0 gold_field 2 }\n}\n", encoding="utf-8")
    ir, report = api.compile_file(str(d / "gold_centre.catan"))
    assert ir is not None, report.render_text()
    return ir


def test_a_second_set_up_settlement_beside_gold_takes_a_card_of_choice(gold_centre) -> None:
    """SF-08: the second set-up settlement's yield pays, for a gold field beside it, 1 resource of
    its owner's choice."""
    g = Game(gold_centre, 3)
    s = g.new_initial_state(0)
    gold = land(gold_centre, 0, 0)
    near = set(s.board.hex_vertices[gold])
    placed = 0
    while s.phase == 0:
        legal = s.legal_actions()
        if str(legal[0]).startswith("build settlement") and s.current_player() == 0 and placed == 1:
            spot = next(a for a in legal if a.at in near)
            s.apply_action(spot)
            break
        choice = next((a for a in legal if not (str(a).startswith("build settlement")
                                                and a.at in near)), legal[0])
        if str(choice).startswith("build settlement") and s.current_player() == 0:
            placed += 1
        s.apply_action(choice)
    assert s.current_player() == 0 and sorted(texts(s)) == sorted(f"choose {r}" for r in g.resources)
    before = sum(s.hand[0])
    act(s, "choose ore")
    assert s.hand[0][g.resources.index("ore")] >= 1 and sum(s.hand[0]) == before + 1
    assert any(t.startswith("build road") for t in texts(s))     # then its road, as usual


def test_without_a_desert_or_a_named_hex_the_robber_waits_beside_the_board(gold_centre) -> None:
    """SF-39 (decision #6): with no desert and no start hex the robber starts off the board and
    the first 7 puts it on any land hex."""
    g = Game(gold_centre, 3)
    s = empty_main(g)
    assert s.robber < 0
    pre_roll(s, 0)
    act(s, "roll 7")
    offered = {int(t.split()[2]) for t in texts(s) if t.startswith("move robber ")}
    assert offered == set(range(len(gold_centre["board"]["hexes"])))


def test_a_ship_may_end_at_an_opponents_building_but_not_pass_it() -> None:
    """SF-18: a ship may reach an intersection holding an opponent's building, but no ship of
    his continues from there."""
    ir = compiled("new_shores", "new_shores_4")
    s = main("new_shores")
    put(s, 0, "settlement", 36)                             # -1,-1 N, the main island's coast
    put(s, 1, "settlement", 28)                             # 0,-3 S, the islet's corner
    give(s, 0, lumber=2, wool=2)
    act(s, "build ship 39")                                 # 0,-2 W: from 36 to 28
    ships = {int(t.split()[2]) for t in texts(s) if t.startswith("build ship ")}
    beyond = set(s.board.vertex_edges[28]) - {39}
    assert ships and not ships & beyond
    assert ir["board"]["edges"][39]["vertices"] == [28, 36]


def test_harbors_lie_where_printed_and_serve_their_sides_two_corners() -> None:
    """SF-49: each harbor lies at its printed position and serves the two intersections of the
    coastal side it faces (New Shores, 3 players: the grain 2:1 west of the fields 4)."""
    ir = compiled("new_shores", "new_shores_3")
    side = eid(ir, (-1, -1), "W")
    ends = ir["board"]["edges"][side]["vertices"]
    harbor = ir["board"]["harbors"][ir["board"]["vertices"][ends[0]]["harbor"]]
    assert harbor["resource"] == "grain" and harbor["ratio"] == 2
    assert all(ir["board"]["vertices"][v]["harbor"] == harbor["id"] for v in ends)
    assert {vid(ir, (-1, -1), c) for c in ("NW", "SW")} == set(ends)

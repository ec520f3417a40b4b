"""scenarios/combinations/rivers+caravans.catan: the board of the combination and camels on
bridge sites and bridges (COMBO-RIV-CAR-01..06), with both scenarios' own rules in force."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from catan_dsl.api import compile_file
from catan_dsl.core import geometry
from catan_dsl.engine import Game
from catan_dsl.ir.realize import realize_board
from tests.engine.helpers import act, empty_main, put

COMBO = Path(__file__).resolve().parents[2] / "scenarios" / "combinations" / "rivers+caravans.catan"
RIVERS = Path(__file__).resolve().parents[2] / "scenarios" / "rivers.catan"
SEEDS = range(12)
RIVER_HEXES = {(2, -1): "mountains", (1, -1): "pasture", (0, -1): "hills", (-1, -1): "swamp",
               (-1, 1): "hills", (0, 1): "pasture", (0, 2): "swamp"}


@lru_cache(maxsize=None)
def compiled(path: Path = COMBO) -> dict:
    ir, report = compile_file(str(path))
    assert ir is not None, [d.message for d in report.diagnostics]
    return ir


@lru_cache(maxsize=None)
def game() -> Game:
    return Game(compiled())


def _coords(ir: dict) -> list[tuple[int, int]]:
    return [(h["q"], h["r"]) for h in ir["board"]["hexes"]]


@pytest.mark.parametrize("seed", SEEDS)
def test_combo_riv_car_01_02_the_terrain_rivers_as_in_rivers_oasis_in_the_centre(seed: int) -> None:
    """COMBO-RIV-CAR-01: the base terrain without 2 mountains, 2 hills, 2 pasture, 1 fields and the
    desert; COMBO-RIV-CAR-02: the rivers as in Rivers, the oasis in the centre, the rest random."""
    ir = compiled()
    rb = realize_board(ir, seed)
    where = dict(zip(_coords(ir), rb.terrain))
    assert where[(0, 0)] == "oasis"
    assert {c: where[c] for c in RIVER_HEXES} == RIVER_HEXES
    rivers = {(h["q"], h["r"]) for h in compiled(RIVERS)["board"]["hexes"] if h.get("terrain")}
    assert set(RIVER_HEXES) == rivers                     # the same fixed hexes as Rivers alone
    assert Counter(rb.terrain) == {"forest": 4, "fields": 3, "pasture": 4, "hills": 3,
                                   "mountains": 2, "swamp": 2, "oasis": 1}
    assert "desert" not in rb.terrain


def test_combo_riv_car_02_the_rest_is_shuffled() -> None:
    """COMBO-RIV-CAR-02: the eleven other hexes are placed at random (they differ between seeds)."""
    ir = compiled()
    free = [i for i, c in enumerate(_coords(ir)) if c not in RIVER_HEXES and c != (0, 0)]
    layouts = {tuple(realize_board(ir, seed).terrain[i] for i in free) for seed in SEEDS}
    assert len(free) == 11 and len(layouts) > 6


def _neighbours(coords: list[tuple[int, int]], i: int) -> list[int]:
    near = set(geometry.neighbors(coords[i]))
    return [j for j, c in enumerate(coords) if c in near]


@pytest.mark.parametrize("seed", SEEDS)
def test_combo_riv_car_03_04_two_and_twelve_join_the_threes(seed: int) -> None:
    """COMBO-RIV-CAR-03: 2 and 12 are set aside and the others dealt at random, no 6 or 8 side by
    side; COMBO-RIV-CAR-04: then the 2 and the 12 join the two 3s, one each."""
    ir = compiled()
    rb = realize_board(ir, seed)
    coords = _coords(ir)
    with_token = [i for i, t in enumerate(rb.terrain) if t not in ("swamp", "oasis")]
    assert all(rb.numbers[i] for i in with_token)
    assert not any(rb.numbers[i] for i, t in enumerate(rb.terrain) if t in ("swamp", "oasis"))
    singles = Counter(n for i in with_token for n in rb.numbers[i][:1])
    assert singles[2] == 0 and singles[12] == 0 and singles[3] == 2
    threes = sorted(rb.numbers[i] for i in with_token if 3 in rb.numbers[i])
    assert threes == [(3, 2), (3, 12)]
    hot = [i for i in with_token if rb.numbers[i][0] in (6, 8)]
    assert not any(j in hot for i in hot for j in _neighbours(coords, i))


def test_combo_riv_car_03_the_deal_is_random() -> None:
    """COMBO-RIV-CAR-03: the tokens are dealt freely: the layout differs between seeds."""
    ir = compiled()
    assert len({realize_board(ir, seed).numbers for seed in SEEDS}) == len(SEEDS)


def _bridge_site_step(s, depth: int):
    """A state reached by placing camels (at most ``depth``) whose next camel may go on a bridge
    site, with that site."""
    ch = s.game.rules.chains
    sites = s.game.rules.features["edge"]["bridge_site"]
    for e, _ in ch.steps(s, 0):
        if e in sites:
            return s, e
    if depth == 0:
        return None
    for e, _ in ch.steps(s, 0):
        c = s.clone()
        assert ch.extend(c, 0, e, 0, c.emit)
        found = _bridge_site_step(c, depth - 1)
        if found is not None:
            return found
    return None


def test_combo_riv_car_05_06_camels_on_bridge_sites_and_bridges_count_double() -> None:
    """COMBO-RIV-CAR-05: a camel may stand on a bridge site; COMBO-RIV-CAR-06: a bridge on a path
    holding a camel counts as 2 roads for Longest Road, as a road there does."""
    g = game()
    s = empty_main(g, 0, 0)
    found = _bridge_site_step(s, 4)
    assert found is not None, "no caravan reaches a bridge site within 4 camels"
    s, site = found
    ch = g.rules.chains
    assert ch.extend(s, 0, site, 0, s.emit) and ch.piece_at(s.rules_state.chains, site) >= 0
    put(s, 1, "bridge", site)                          # a bridge beside the camel
    assert g.rules.route_weight(s, site) == 2
    si = g.rules.special_index["longest_road"]
    act(s, "end turn")
    assert s.measure[si][1] == 2                       # one bridge, counted as two roads


def test_the_rules_of_both_scenarios_apply() -> None:
    """Decision #12: what the combination does not change is both scenarios' rules — Rivers' gold,
    bridges and settlers' cards, Caravans' caravan, votes, camel VP and oasis robber ban."""
    ir = compiled()
    spans = {r["span"].split(":")[0].rsplit("/", 1)[-1] for r in ir["rules"]}
    assert spans == {"rivers.catan", "caravans.catan"}
    assert set(ir["chains"]) == {"caravan"} and "gold" in ir["counters"]
    assert {"wealthiest_settler", "poor_settler"} <= set(ir["special_cards"])
    assert set(ir["pieces"]) >= {"road", "bridge", "settlement", "city"}


def test_decided_here_twelve_vp_and_the_robber_on_a_swamp() -> None:
    """The combination page is silent on the target and the robber: 12 VP (Caravans) and the robber
    starts on a swamp (Rivers), as the file's header says."""
    g = game()
    s = g.new_initial_state(3)
    assert g.rules.target(s, 0) == 12
    assert s.board.hex_terrain[s.robber] == "swamp"
    assert "DECIDED HERE" in COMBO.read_text(encoding="utf-8")


def test_random_games_play_to_a_winner() -> None:
    """The combination plays through with bots (every game ends with a winner at 12 VP)."""
    from catan_dsl.play.playtest import run_games

    summary = run_games(compiled(), ["random"] * 4, 4, seed=2)
    assert summary.no_winner == 0 and summary.cap_share == 0
    assert all(r.vp[r.winner] >= 12 for r in summary.results)

"""Every base-game variant with every Seafarers scenario through `--with` (issue 40 item 3):
each checks and plays a short game; the adaptations decided in docs/rules/seafarers.md §3
(COMBO-…-SF)."""

from __future__ import annotations

import pytest

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.play.playtest import play_game
from tests.engine.helpers import act, empty_main, give, kind, pre_roll, put, texts
from tests.scenarios.seafarers_kit import BOARDS, SCENARIOS, compiled, counter, land, sea_hex

VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", SCENARIOS)
def test_every_variant_combines_with_every_scenario(name, variant) -> None:
    """COMBO-SF-ALL-01, COMBO-C42-SF-01: each variant checks clean with each scenario and a short
    random game plays (Catan for Two on the scenario's 4-player board)."""
    report = api.check_file(f"seafarers:{name}", with_=(variant,))
    assert not report.errors and not report.warnings, report.render_text()
    ir = compiled(name, with_=(variant,))
    assert ir["meta"]["board"] == BOARDS[name][-1]
    players = 2 if variant == "catan_for_two" else 3
    result = play_game(Game(ir, players), ["random"] * players, seed=7, max_turns=12)
    assert result.turns >= 1 and result.decisions > 0


def test_tournament_keeps_the_printed_board_and_rerolls_early_sevens() -> None:
    """COMBO-TOUR-SF-01, COMBO-TOUR-SF-02, COMBO-TOUR-SF-03: the tournament variant keeps the
    scenario's board; a 7 in the first two rounds is re-rolled (neither robber nor pirate
    moves); later the pirate may go to any other sea hex while the robber keeps off the desert."""
    ir = compiled("new_shores", with_=("tournament",))
    assert ir["meta"]["board"] == "new_shores_4"
    g = Game(ir, 4)
    s = empty_main(g)
    pre_roll(s, 0)
    act(s, "roll 7")
    assert not any(t.startswith("move ") for t in texts(s))
    s.turn = 40
    pre_roll(s, 0)
    act(s, "roll 7")
    offered = texts(s)
    desert = land(ir, -2, 1)
    assert f"move robber {desert}" not in offered
    pirates = {int(t.split()[2]) for t in offered if t.startswith("move pirate ")}
    n = len(ir["board"]["hexes"])
    assert len(pirates) == len(ir["board"]["sea"]) - 1 and min(pirates) >= n


def test_friendly_robber_keeps_the_pirate_off_a_poor_players_ships() -> None:
    """COMBO-FR-SF-01, COMBO-FR-SF-03: with Friendly Robber the pirate may not go beside a ship
    of a player with at most 2 visible VP — special VP chits count among them."""
    ir = compiled("new_shores", with_=("friendly_robber",))
    g = Game(ir, 4)
    s = empty_main(g)
    put(s, 1, "ship", 39)                              # 0,-2 W: beside sea hexes -1,-2 and 0,-2
    target = sea_hex(ir, -1, -2)
    pre_roll(s, 0)
    act(s, "roll 7")
    assert f"move pirate {target}" not in texts(s)
    s = empty_main(g)
    put(s, 1, "ship", 39)
    s.rules_state.counters[1][g.rules.counter_index["special_vp"]] = 4
    pre_roll(s, 0)
    act(s, "roll 7")
    assert counter(s, 1, "special_vp") == 4 and f"move pirate {target}" in texts(s)


def test_harbormaster_raises_each_target_by_one() -> None:
    """COMBO-HM-SF-01: with Harbormaster every Seafarers scenario's target rises by 1."""
    for name in SCENARIOS:
        alone, with_hm = compiled(name), compiled(name, with_=("harbormaster",))
        g1, g2 = Game(alone, 4), Game(with_hm, 4)
        s1, s2 = empty_main(g1), empty_main(g2)
        assert g2.rules.target(s2, 0) == g1.rules.target(s1, 0) + 1


def event_game():
    ir = compiled("new_shores", with_=("event_cards",))
    return ir, Game(ir, 4)


def test_robber_attack_moves_the_robber_or_the_pirate_and_robber_flees_leaves_the_pirate() -> None:
    """COMBO-EV-SF-01, COMBO-EV-SF-02: with event cards a Robber Attack lets the revealer move the
    robber or the pirate, as a 7 does; Robber Flees sends the robber to the desert and leaves the
    pirate where it is."""
    ir, g = event_game()
    s = empty_main(g)
    pre_roll(s, 0)
    act(s, "deal events robber_attack")
    offered = texts(s)
    assert any(t.startswith("move robber ") for t in offered)
    assert any(t.startswith("move pirate ") for t in offered)
    s = empty_main(g)
    s.robber = land(ir, 0, 0)
    pirate = s.rules_state.robbers[0]
    pre_roll(s, 0)
    act(s, "deal events robber_flees")
    assert s.robber == land(ir, -2, 1) and s.rules_state.robbers[0] == pirate


def test_earthquake_damages_roads_only_and_calm_sea_counts_the_harbors() -> None:
    """COMBO-EV-SF-04, COMBO-EV-SF-05: an Earthquake damages roads only (a player with only ships
    is not affected); Calm Sea counts buildings on the Seafarers board's harbors."""
    ir, g = event_game()
    s = empty_main(g)
    put(s, 1, "settlement", 36)                        # on the 3:1 harbor at -1,-1 NE
    put(s, 1, "ship", 39)
    pre_roll(s, 0)
    act(s, "deal events earthquake")
    assert s.current_player() != 1                     # no road: nothing to damage
    s = empty_main(g)
    put(s, 1, "settlement", 36)
    pre_roll(s, 0)
    act(s, "deal events calm_sea_9")
    assert s.current_player() == 1 and all(t.startswith("choose ") for t in texts(s))


def test_trade_advantage_counts_roads_and_ships_without_a_route_holder() -> None:
    """COMBO-EV-SF-03: with no Longest Trade Route holder, Trade Advantage goes to the single
    player with the most roads and ships together: 1 road + 3 ships beat 3 roads."""
    ir, g = event_game()
    inland = [e["id"] for e in ir["board"]["edges"] if len(e["hexes"]) == 2]
    open_sea = [e["id"] for e in ir["board"]["edges"] if not e["hexes"]]
    s = empty_main(g)
    for e in inland[0:45:15]:
        put(s, 2, "road", e)                 # player 2: 3 roads, apart
    put(s, 1, "road", inland[48])
    for e in open_sea[0:45:15]:
        put(s, 1, "ship", e)                 # player 1: 1 road and 3 ships, apart
    give(s, 2, lumber=1)
    give(s, 3, lumber=1)
    assert all(h == -1 for h in s.holders)   # no Longest Trade Route yet
    pre_roll(s, 0)
    act(s, "deal events trade_advantage")
    assert s.current_player() == 1 and all(t.startswith("choose ") for t in texts(s))


def poor_cover(s, places: list[tuple[int, set[int]]], targets: set[int], kind: str):
    """Put ``kind`` pieces, round the four players (none above 2 VP), on few of ``places``
    ((id, hexes it touches)) until every target hex is touched (greedy cover)."""
    left, n = set(targets), 0
    while left:
        at, touched = max(places, key=lambda c: (len(c[1] & left), -c[0]))
        assert touched & left, "no place touches what is left"
        put(s, n % 4, kind, at)
        left -= touched
        n += 1
    assert n <= 8 or kind == "ship"          # at most 2 settlements a player: ≤ 2 VP


def friendly_fog():
    ir = compiled("fog_islands", with_=("friendly_robber",))
    return ir, Game(ir, 4)


def fence_the_land(ir: dict, s) -> None:
    """Every face-up land hex but the robber's touches a settlement of a player with ≤ 2 VP."""
    land = {h["id"] for h in ir["board"]["hexes"] if h["terrain"] is not None
            and not h.get("hidden")} - {s.robber}
    poor_cover(s, [(v["id"], set(v["hexes"])) for v in ir["board"]["vertices"]], land,
               "settlement")


def fence_the_sea(ir: dict, s) -> None:
    """Every sea hex but the pirate's has a side with a ship of a player with ≤ 2 VP."""
    n = len(ir["board"]["hexes"])
    sea = {n + i for i in range(len(ir["board"]["sea"]))} - {s.rules_state.robbers[0]}
    poor_cover(s, [(e["id"], {n + i for i in e.get("sea") or ()})
                       for e in ir["board"]["edges"]], sea, "ship")


def test_friendly_robber_with_no_sea_hex_for_the_pirate_moves_the_robber() -> None:
    """COMBO-FR-SF-02: with Friendly Robber, when no sea hex is legal for the pirate the roller
    must move the robber; when no land hex is legal either, FR-03's fallback applies to it
    (here, on a board without a desert, off the board: COMBO-FR-SF-04)."""
    ir, g = friendly_fog()
    s = empty_main(g)
    fence_the_sea(ir, s)
    pre_roll(s, 0)
    act(s, "roll 7")
    offered = texts(s)
    assert offered and all(t.startswith("move robber ") for t in offered)
    assert len(offered) > 1
    s = empty_main(g)
    fence_the_sea(ir, s)
    fence_the_land(ir, s)
    pre_roll(s, 0)
    act(s, "roll 7")
    assert texts(s) == ["move robber -1"]


def test_friendly_robber_without_a_desert_sends_the_robber_off_the_board() -> None:
    """COMBO-FR-SF-04: on a board without a desert (The Fog Islands), Friendly Robber's
    fallback sends the robber off the board; the pirate may still be moved instead."""
    ir, g = friendly_fog()
    assert not any(h["terrain"] == "desert" for h in ir["board"]["hexes"])
    s = empty_main(g)
    fence_the_land(ir, s)
    pre_roll(s, 0)
    act(s, "roll 7")
    offered = texts(s)
    assert [t for t in offered if t.startswith("move robber ")] == ["move robber -1"]
    assert any(t.startswith("move pirate ") for t in offered)
    act(s, "move robber -1")
    assert s.robber < 0


def paths_apart(ir: dict, a: int, b: int) -> int:
    """The fewest paths between two intersections."""
    seen, frontier, n = {a}, {a}, 0
    while b not in frontier:
        frontier = {y for x in frontier for y in ir["board"]["vertices"][x]["adjacent"]} - seen
        seen |= frontier
        n += 1
    return n


@pytest.mark.parametrize("name", SCENARIOS)
def test_catan_for_two_neutrals_start_inland_on_the_set_up_area(name) -> None:
    """COMBO-C42-SF-02: the two neutral starting settlements stand on intersections the
    scenario allows for a set-up settlement, touching no sea hex (three face-up land hexes),
    at least 3 paths apart."""
    ir = compiled(name, with_=("catan_for_two",))
    starts = [v for (v,) in ir["players"]["neutral_start"]]
    face_up = {h["id"] for h in ir["board"]["hexes"]
               if h["terrain"] is not None and not h.get("hidden")}
    for v in starts:
        assert len(ir["board"]["vertices"][v]["hexes"]) == 3
        assert set(ir["board"]["vertices"][v]["hexes"]) <= face_up
    alone = Game(compiled(name), 4).new_initial_state(0)
    assert {f"build settlement {v}" for v in starts} <= set(texts(alone))
    assert paths_apart(ir, *starts) >= 3


def c42_game(name: str = "new_shores"):
    ir = compiled(name, with_=("catan_for_two",))
    return ir, Game(ir, 2)


def test_catan_for_two_a_ship_built_gives_a_neutral_road() -> None:
    """COMBO-C42-SF-03: a real player who builds a ship builds, as for a road (C42-12), a road
    free of charge for a neutral player of his choice; the neutral gets a road, never a ship."""
    ir, g = c42_game()
    s = empty_main(g)
    for n, (v,) in zip((2, 3), ir["players"]["neutral_start"]):
        put(s, n, "settlement", v)                   # their start (empty_main skips the set-up)
    home = next(v for v in ir["board"]["vertices"] if v["coast"] and len(v["hexes"]) == 1)
    put(s, 0, "settlement", home["id"])
    s.prompts.clear()                                # (the neutral settlement it would give)
    s._legal = None
    ship_at = next(e for e in home["edges"] if ir["board"]["edges"][e]["sea"])
    give(s, 0, lumber=1, wool=1)
    roads = [sum(1 for o, k in zip(s.e_owner, s.e_kind) if o == n and k == kind(g, "road"))
             for n in (2, 3)]
    act(s, f"build ship {ship_at}")
    act(s, next(t for t in texts(s) if t.startswith("choose ")))    # a neutral player
    act(s, next(t for t in texts(s) if t.startswith("choose ")))    # where his road goes
    after = [sum(1 for o, k in zip(s.e_owner, s.e_kind) if o == n and k == kind(g, "road"))
             for n in (2, 3)]
    assert sum(after) == sum(roads) + 1
    assert not any(o in (2, 3) and k == kind(g, "ship") for o, k in zip(s.e_owner, s.e_kind))


def test_catan_for_two_neutrals_earn_no_special_vp() -> None:
    """COMBO-C42-SF-04: a neutral settlement on a foreign area (Through the Desert's strip) or
    on a Wonders islet earns no special VP; a real player's does."""
    for scenario, area, neutral, real, want in (
            ("through_the_desert", "strip", 2, 0, [2, 0, 0, 0]),
            ("wonders", "islet_east", 3, 1, [0, 1, 0, 0])):
        ir, g = c42_game(scenario)
        s = empty_main(g)
        hexes = set(ir["board"]["features"]["hexes"][area])
        spots = [v["id"] for v in ir["board"]["vertices"] if set(v["hexes"]) & hexes]
        put(s, neutral, "settlement", spots[0])
        put(s, real, "settlement", spots[-1])
        assert [counter(s, p, "special_vp") for p in range(4)] == want, scenario

"""The Wonders of Catan played: no pirate, the set-up bans, the islet VP, claiming and building
the five wonders, and how the game is won (SF-WON-02 … SF-WON-21)."""

from __future__ import annotations

from tests.engine.helpers import act, give, kind, pre_roll, put, texts
from tests.scenarios.seafarers_kit import compiled, counter, game, main

WON = "wonders"
IR = compiled(WON)
FEATURES = IR["board"]["features"]
COSTS = {"theater": {"brick": 1, "wool": 3, "lumber": 1},
         "great_bridge": {"wool": 1, "grain": 1, "lumber": 3},
         "monument": {"ore": 2, "grain": 3},
         "great_wall": {"brick": 3, "grain": 1, "lumber": 1},
         "cathedral": {"brick": 1, "ore": 3, "grain": 1}}


def main_corners(s) -> list[int]:
    hexes = set(FEATURES["hexes"]["main"])
    marked = {v for vs in FEATURES["vertices"].values() for v in vs}
    return [v for v in range(s.board.n_vertices) if set(s.board.vertex_hexes[v]) <= hexes
            and s.board.vertex_hexes[v] and v not in marked]


def apart(s, vs, n):
    got: list[int] = []
    for v in vs:
        if all(w not in s.board.vertex_adjacent[v] and w != v for w in got):
            got.append(v)
    return got[:n]


def claims(s) -> set[str]:
    return {t.split()[1] for t in texts(s) if t.startswith("do claim_")}


def pay(s, p: int, wonder: str, times: int = 1) -> None:
    give(s, p, **{r: n * times for r, n in COSTS[wonder].items()})


def cities(s, p: int, n: int, start: int = 0) -> list[int]:
    spots = apart(s, main_corners(s)[start:], n)
    for v in spots:
        put(s, p, "city", v)
    return spots


def test_no_pirate_moves() -> None:
    """SF-WON-02: there is no pirate: a 7 moves the robber only."""
    s = main(WON)
    pre_roll(s, 0)
    act(s, "roll 7")
    offered = texts(s)
    assert any(t.startswith("move robber ") for t in offered)
    assert not any(t.startswith("move pirate") for t in offered)


def test_no_pirate_bans_no_ship() -> None:
    """SF-WON-02: with no pirate on the board (its hex is none, -1), the ban on ships beside it
    bans none: the sides of the board's last hex, which -1 read as an index would name, take
    ships like any other path (`edges_of` of none is empty)."""
    s = main(WON)
    rules, ship = s.game.rules, s.game.piece_names.index("ship")
    sides = rules.hex_edges[len(rules.hex_edges) - 1]      # the last hex of the tables
    assert sides and all(not rules.build_forbidden(s, 0, ship, e) for e in sides)


def test_set_up_bans_then_the_marked_corners_open() -> None:
    """SF-WON-05, SF-WON-06: set-up settlements go on the main island, not on the wasteland, the
    strait or beside it; after the set-up those intersections take settlements like any other."""
    g = game(WON)
    s0 = g.new_initial_state(0)
    spots = {a.at for a in s0.legal_actions()}
    marked = {v for vs in FEATURES["vertices"].values() for v in vs}
    islets = set(FEATURES["hexes"]["islet_north_west"]) | set(FEATURES["hexes"]["islet_east"])
    assert spots and not spots & marked
    assert not any(set(s0.board.vertex_hexes[v]) & islets for v in spots)
    s = main(WON)
    settlement = kind(g, "settlement")
    assert not any(g.rules.build_forbidden(s, 0, settlement, v) for v in marked)


def test_each_islet_settlement_earns_a_special_vp() -> None:
    """SF-WON-07: every settlement a player builds on an islet earns 1 special VP, the second
    too, whoever settled there before."""
    s = main(WON)
    islet = [v for v in range(s.board.n_vertices)
             if set(s.board.vertex_hexes[v]) & set(FEATURES["hexes"]["islet_east"])]
    a, b, c = apart(s, islet, 3)
    put(s, 1, "settlement", a)
    put(s, 0, "settlement", b)
    put(s, 0, "settlement", c)
    assert counter(s, 0, "special_vp") == 2 and counter(s, 1, "special_vp") == 1


def test_claiming_the_theater_needs_two_cities_and_builds_level_one() -> None:
    """SF-WON-08, SF-WON-09, SF-WON-10, SF-WON-15, SF-WON-16, SF-WON-21: with 2 cities a player
    may claim the Theater, paying 1 brick 3 wool 1 lumber: level 1 at once (the chit marks it,
    worth no VP); each wonder is one player's, each player builds one; later levels are built
    during his turn, several a turn."""
    s = main(WON)
    pay(s, 0, "theater", 4)
    cities(s, 0, 1)
    assert "claim_theater" not in claims(s)
    cities(s, 0, 1, start=20)
    assert "claim_theater" in claims(s)
    vp = s.vp(0)
    act(s, "do claim_theater")
    assert counter(s, 0, "wonder_level") == 1 and s.vp(0) == vp
    assert not claims(s)                                   # one wonder a player
    act(s, "do build_theater")
    act(s, "do build_theater")                             # several levels a turn
    assert counter(s, 0, "wonder_level") == 3
    s.cur = 1
    s._legal = None
    pay(s, 1, "theater")
    cities(s, 1, 2, start=40)
    assert "claim_theater" not in claims(s)                # the Theater is taken


def test_the_bridge_and_the_wall_need_a_building_on_their_marked_corners() -> None:
    """SF-WON-11, SF-WON-13: the Great Bridge needs a building of the player on a strait
    intersection, the Great Wall one on a wasteland intersection."""
    s = main(WON)
    pay(s, 0, "great_bridge")
    pay(s, 0, "great_wall")
    assert not claims(s) & {"claim_great_bridge", "claim_great_wall"}
    put(s, 0, "settlement", FEATURES["vertices"]["strait"][0])
    put(s, 0, "settlement", FEATURES["vertices"]["wasteland"][0])
    assert {"claim_great_bridge", "claim_great_wall"} <= claims(s)


def test_the_monument_needs_a_city_on_a_harbor_and_a_route_of_five() -> None:
    """SF-WON-12: the Monument needs a city on a harbor and a trade route of 5 pieces (held as the
    longest or not)."""
    s = main(WON)
    pay(s, 0, "monument")
    port = next(v["id"] for v in IR["board"]["vertices"] if v["harbor"] is not None
                and set(s.board.vertex_hexes[v["id"]]) & set(FEATURES["hexes"]["main"]))
    put(s, 0, "city", port)
    assert "claim_monument" not in claims(s)
    # five roads on from the city, over land paths
    at, used = port, set()
    for _ in range(5):
        e = next(e for e in s.board.vertex_edges[at] if e not in used and IR["board"]["edges"][e]["hexes"]
                 and s.e_owner[e] < 0)
        put(s, 0, "road", e)
        used.add(e)
        at = next(w for w in s.board.edge_vertices[e] if w != at)
    assert "claim_monument" in claims(s)


def test_the_cathedral_needs_a_city_and_six_vp() -> None:
    """SF-WON-14: the Cathedral needs a city and at least 6 VP."""
    s = main(WON)
    pay(s, 0, "cathedral")
    cities(s, 0, 1)
    assert s.vp(0) < 6 and "claim_cathedral" not in claims(s)
    cities(s, 0, 2, start=20)
    assert s.vp(0) >= 6 and "claim_cathedral" in claims(s)


def test_claiming_takes_an_unbuilt_ship() -> None:
    """SF-WON-17, SF-WON-18: claiming puts one of the player's ships on the card: with all 15 on
    the board he cannot claim, and after a claim he builds 14 at most; later levels need only
    their cost."""
    g = game(WON)
    s = main(WON)
    sea_paths = [e["id"] for e in IR["board"]["edges"] if e["sea"] and not e["hexes"]]
    cities(s, 0, 2)
    pay(s, 0, "theater", 2)
    for e in sea_paths[:15]:
        put(s, 0, "ship", e)
    assert "claim_theater" not in claims(s)
    s = main(WON)
    cities(s, 0, 2)
    pay(s, 0, "theater", 2)
    act(s, "do claim_theater")
    ship = kind(g, "ship")
    for e in sea_paths[:14]:
        put(s, 0, "ship", e)
    assert g.rules.build_forbidden(s, 0, ship, sea_paths[20])
    assert "do build_theater" in texts(s)


def test_the_fourth_level_wins_at_once() -> None:
    """SF-WON-19: the player who builds the fourth level of his wonder wins at once, whatever his
    VP."""
    s = main(WON)
    cities(s, 0, 2)
    pay(s, 0, "theater", 4)
    act(s, "do claim_theater")
    for _ in range(3):
        assert s.winner() is None
        act(s, "do build_theater")
    assert s.winner() == 0 and s.vp(0) < 10             # won by the deed, not by VP


def test_ten_vp_win_only_with_the_most_levels() -> None:
    """SF-WON-20: a player at 10 VP wins on his turn only if his wonder has more levels than every
    other player's; a tie is not enough."""
    s = main(WON)
    cities(s, 0, 2)
    pay(s, 0, "theater", 2)
    act(s, "do claim_theater")                          # level 1
    s.rules_state.counters[1][s.game.rules.counter_index["wonder_level"]] = 1
    s.rules_state.counters[1][s.game.rules.counter_index["wonder_kind"]] = 5
    for v in apart(s, main_corners(s)[30:], 3):
        put(s, 0, "city", v)                            # 5 cities: 10 VP
    give(s, 0, lumber=1, brick=1)
    act(s, next(t for t in texts(s) if t.startswith("build road ")))   # the check runs: tied
    assert s.vp(0) >= 10 and s.winner() is None
    act(s, "do build_theater")                          # level 2: more than everyone
    assert s.winner() == 0

"""scenarios/catan_for_two.catan through the engine → C42-01..21 pinned (setup, rolls, neutral building)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game, State
from catan_dsl.engine.events import PieceBuilt, ResourcesProduced, SpecialCardAwarded
from tests.engine.helpers import act, empty_main, give, path_edges, pre_roll, put, texts

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "scenarios" / "catan_for_two.catan"
NEUTRALS = (2, 3)


@lru_cache(maxsize=None)
def c42(*with_: str) -> Game:
    """scenarios/catan_for_two.catan compiled (with more variants, if named) → a Game."""
    ir, report = compile_file(str(SOURCE), with_=with_)
    assert ir is not None, report.render_text()
    return Game(ir)


def quiet_put(s: State, p: int, piece: str, at: int) -> None:
    """Scripted placement: no rule reacts (no mirrored neutral piece, no tokens)."""
    rules = s.game.rules
    rules.dispatch = lambda state, event: None      # shadows the method for this one placement
    try:
        put(s, p, piece, at)
    finally:
        del rules.dispatch


def tokens(s: State, p: int) -> int:
    return s.rules_state.counters[p][s.game.rules.counter_index["trade_tokens"]]


def neutral_sites(s: State) -> list[int]:
    return [v for v in range(s.board.n_vertices) if s.v_owner[v] in NEUTRALS]


def free_vertex(s: State, ok=lambda v: True) -> int:
    """A vertex any real player may settle on (empty, distance rule) that satisfies ``ok``."""
    b = s.board
    for v in range(b.n_vertices):
        if s.v_owner[v] < 0 and not s.v_blocked[v] and ok(v) \
                and all(s.v_owner[u] < 0 for u in b.vertex_adjacent[v]):
            return v
    raise AssertionError("no such vertex")


def open_edge(s: State, v: int) -> int:
    return next(e for e in s.board.vertex_edges[v] if s.e_owner[e] < 0)


def own_settlement_with_road(s: State, p: int, ok=lambda v: True) -> tuple[int, int]:
    v = free_vertex(s, lambda x: ok(x) and all(s.e_owner[e] < 0 for e in s.board.vertex_edges[x]))
    quiet_put(s, p, "settlement", v)
    e = open_edge(s, v)
    quiet_put(s, p, "road", e)
    return v, e


def settler(s: State, p: int, target: int | None = None) -> int:
    """A settlement of ``p`` with two roads leading to a free site (``target`` if given);
    returns that site."""
    b = s.board

    def clear(x: int, r: int = 3) -> bool:        # nothing built within r paths of x
        ring = {x}
        for _ in range(r):
            ring |= {u for y in ring for u in b.vertex_adjacent[y]}
        return all(s.v_owner[u] < 0 for u in ring) and \
            all(s.e_owner[e] < 0 for u in ring for e in b.vertex_edges[u])

    for v in range(b.n_vertices):
        if not clear(v, 3 if target is None else 1):
            continue
        for m in b.vertex_adjacent[v]:
            for w in b.vertex_adjacent[m]:
                if target is not None and w != target:
                    continue
                if w != v and w not in b.vertex_adjacent[v] and s.v_owner[w] < 0 \
                        and not s.v_blocked[w] and all(s.v_owner[u] < 0 for u in b.vertex_adjacent[w]):
                    quiet_put(s, p, "settlement", v)
                    for e in path_edges(s, [v, m, w]):
                        quiet_put(s, p, "road", e)
                    return w
    raise AssertionError("no room for a settler")


def start_rolling(s: State) -> None:
    """At the start of a turn: choose to roll when an any-time action is also on offer."""
    if "roll" in texts(s):
        act(s, "roll")
    assert s.is_chance_node()


def run_setup(s: State, picks: dict[int, list[int]]) -> None:
    """Play the setup phase with settlements at ``picks[player]`` (in order), roads first legal."""
    left = {p: list(vs) for p, vs in picks.items()}
    while s.phase == 0:
        p = s.current_player()
        legal = texts(s)
        if legal[0].startswith("build settlement"):
            act(s, f"build settlement {left[p].pop(0)}")
        else:
            act(s, legal[0])


def setup_picks(s: State, first: int | None = None) -> dict[int, list[int]]:
    """Four settlement sites for a setup (player 0's first at ``first``), away from each other
    and from the neutrals."""
    taken: list[int] = [] if first is None else [first]
    b = s.board

    def far(v: int) -> bool:
        near = {v, *b.vertex_adjacent[v]}
        return not any(u in near or any(w in near for w in b.vertex_adjacent[u]) for u in taken)

    while len(taken) < 4:
        taken.append(free_vertex(s, far))
    return {0: [taken[0], taken[3]], 1: [taken[1], taken[2]]}


# --- components and setup ---------------------------------------------------------------------
def test_c42_01_02_twenty_tokens_five_each() -> None:
    """C42-01, C42-02: a supply of 20 trade tokens; each real player starts with 5 of them, the
    neutral players with none (seed 000)."""
    s = c42().new_initial_state(0)
    ci = s.game.rules.counter_index["trade_tokens"]
    assert [tokens(s, p) for p in range(4)] == [5, 5, 0, 0]
    assert s.rules_state.supply[ci] + sum(row[ci] for row in s.rules_state.counters) == 20
    assert s.rules_state.supply[ci] == 10


def test_c42_03_two_real_players_and_two_neutrals_built_by_them() -> None:
    """C42-03: two real players; the two unused colours are neutral players whose pieces the
    real players build — neutrals never act themselves (seed 000)."""
    g = c42()
    assert (g.n_real, g.num_players) == (2, 4)
    s = g.new_initial_state(0)
    run_setup(s, setup_picks(s))
    seen = set()
    s2 = empty_main(g)
    own_settlement_with_road(s2, 0)
    give(s2, 0, lumber=1, brick=1)
    act(s2, next(t for t in texts(s2) if t.startswith("build road")))
    # The mirrored road is a prompt answered by the building player, never by a neutral.
    while s2.prompts:
        seen.add(s2.current_player())
        act(s2, texts(s2)[0])
    assert seen == {0}
    assert any(s2.e_owner[e] in NEUTRALS for e in range(s2.board.n_edges))


def test_c42_04_neutral_settlements_before_the_setup_without_roads() -> None:
    """C42-04: before the real players' setup each neutral player has 1 settlement and no road
    (seed 000, Game Trade Magazine)."""
    s = c42().new_initial_state(0)
    assert s.phase == 0 and s.current_player() == 0 and texts(s)[0].startswith("build settlement")
    for n in NEUTRALS:
        assert sum(1 for o in s.v_owner if o == n) == 1
        assert not any(o == n for o in s.e_owner)
    # The real players may not settle next to them (distance rule).
    for v in neutral_sites(s):
        for u in s.board.vertex_adjacent[v]:
            assert f"build settlement {u}" not in texts(s)


def test_c42_05_neutral_sites_touch_no_sea() -> None:
    """C42-05 (decision #10, reconstructed): the neutral starting intersections touch three land
    hexes and no sea (seed 000)."""
    g = c42()
    s = g.new_initial_state(0)
    sites = neutral_sites(s)
    assert len(sites) == 2
    for v in sites:
        assert len(s.board.vertex_hexes[v]) == 3 and not g.rules.coast["vertex"][v]


def test_c42_06_neutral_sites_opposite_and_apart() -> None:
    """C42-06 (decision #10, reconstructed): the neutral sites lie on opposite sides of the
    island (one on the upper, one on the lower half), at least 3 paths apart (seed 000)."""
    g = c42()
    s = g.new_initial_state(0)
    a, b = neutral_sites(s)
    seen, frontier, d = {a}, {a}, 0
    while b not in frontier:
        frontier = {u for v in frontier for u in s.board.vertex_adjacent[v]} - seen
        seen |= frontier
        d += 1
    assert d >= 3
    rows = [g.ir["board"]["hexes"][h]["r"] for h in (*s.board.vertex_hexes[a], *s.board.vertex_hexes[b])]
    top = [g.ir["board"]["hexes"][h]["r"] for h in s.board.vertex_hexes[a]]
    bottom = [g.ir["board"]["hexes"][h]["r"] for h in s.board.vertex_hexes[b]]
    assert max(top) <= 0 <= min(bottom) and min(rows) < 0 < max(rows)


def test_c42_07_header_says_the_sites_are_reconstructed() -> None:
    """C42-07 (decision #10): the shipped file's header comment says the neutral sites are
    reconstructed, and why (the figure is lost)."""
    head = SOURCE.read_text(encoding="utf-8").split("variant catan_for_two")[0]
    assert "RECONSTRUCTED" in head and "decision #10" in head and "lost" in head


def test_c42_08_after_setup_two_and_two_real_one_per_neutral() -> None:
    """C42-08: after the setup each real player has 2 settlements and 2 roads, each neutral
    player 1 settlement (and nothing was mirrored during the setup) (seed 000)."""
    g = c42()
    s = g.new_initial_state(3)
    run_setup(s, setup_picks(s))
    assert s.phase != 0
    for p in (0, 1):
        assert sum(1 for o in s.v_owner if o == p) == 2
        assert sum(1 for o in s.e_owner if o == p) == 2
    for n in NEUTRALS:
        assert sum(1 for o in s.v_owner if o == n) == 1
        assert not any(o == n for o in s.e_owner)


# --- production: two rolls ---------------------------------------------------------------------
def _two_number_vertex(s: State) -> tuple[int, int, int]:
    b = s.board

    def ok(v: int) -> bool:
        nums = [n for h in b.vertex_hexes[v] if b.hex_resource[h] >= 0 for n in b.hex_numbers[h]]
        return len(set(nums)) >= 2 and 7 not in nums

    v = free_vertex(s, ok)
    nums = sorted({n for h in b.vertex_hexes[v] if b.hex_resource[h] >= 0 for n in b.hex_numbers[h]})
    return v, nums[0], nums[1]


def test_c42_09_two_rolls_per_turn_both_produce() -> None:
    """C42-09: the active player rolls twice per turn and both results produce (seed 000)."""
    g = c42()
    s = empty_main(g)
    v, n1, n2 = _two_number_vertex(s)
    quiet_put(s, 0, "settlement", v)
    pre_roll(s, 0)
    start_rolling(s)
    s.drain_events()
    act(s, f"roll {n1}")
    assert s.is_chance_node(), "a second roll must follow"
    act(s, f"roll {n2}")
    assert not s.is_chance_node() and "end turn" in texts(s)
    produced = [e for e in s.drain_events() if isinstance(e, ResourcesProduced) and e.player == 0]
    assert len(produced) == 2


def test_c42_10_equal_second_roll_is_rolled_again() -> None:
    """C42-10: a second roll equal to the first is rolled again until it differs: the second
    roll's outcomes never include the first total and still sum to 1 (seed 000)."""
    s = pre_roll(empty_main(c42()), 0)
    start_rolling(s)
    act(s, "roll 6")
    second = s.chance_outcomes()
    assert "roll 6" not in [str(a) for a, _ in second]
    assert abs(sum(p for _, p in second) - 1.0) < 1e-9
    # 8 is 5/36 of the dice, so 5/31 once the 6 (5/36) is rolled again.
    assert abs(dict((str(a), p) for a, p in second)["roll 8"] - 5 / 31) < 1e-9


def test_c42_11_robber_resolved_right_after_its_roll() -> None:
    """C42-11: a 7 as the first roll is resolved (discard, robber) before the second roll;
    the second roll then produces (seed 000, Catan Studio two-player rules)."""
    g = c42()
    s = empty_main(g)
    v, n1, n2 = _two_number_vertex(s)
    quiet_put(s, 1, "settlement", v)
    give(s, 1, ore=4, wool=4)          # 8 cards: player 1 must discard 4
    pre_roll(s, 0)
    start_rolling(s)
    act(s, "roll 7")
    assert s.current_player() == 1 and texts(s)[0].startswith("discard")
    for _ in range(4):
        act(s, texts(s)[0])
    assert s.current_player() == 0 and all(t.startswith("move robber") for t in texts(s))
    away = next(h for h in range(s.board.n_hexes)
                if h not in s.board.vertex_hexes[v] and f"move robber {h}" in texts(s))
    act(s, f"move robber {away}")
    assert s.is_chance_node() and "roll 7" not in [str(a) for a, _ in s.chance_outcomes()]
    s.drain_events()
    act(s, f"roll {n1}")
    assert any(isinstance(e, ResourcesProduced) and e.player == 1 for e in s.drain_events())
    assert "end turn" in texts(s)


# --- neutral building --------------------------------------------------------------------------
def test_c42_12_a_road_builds_a_free_neutral_road_chosen_by_the_player() -> None:
    """C42-12: a real player's road also builds a road free of charge for a neutral player of
    his choice, where he chooses (seed 000)."""
    s = empty_main(c42())
    own_settlement_with_road(s, 0)
    give(s, 0, lumber=1, brick=1)
    road = next(t for t in texts(s) if t.startswith("build road"))
    act(s, road)
    assert sum(s.hand[0]) == 0
    assert s.current_player() == 0 and texts(s) == ["choose player 2", "choose player 3"]
    act(s, "choose player 3")
    site = neutral_sites(s)[1]
    assert set(texts(s)) == {f"choose edge {e}" for e in s.board.vertex_edges[site]}
    s.drain_events()
    act(s, texts(s)[0])
    built = [e for e in s.drain_events() if isinstance(e, PieceBuilt)]
    assert [(e.player, e.piece, e.free) for e in built] == [(3, "road", True)]
    assert built[0].rule is not None and "catan_for_two.catan:" in built[0].rule.where
    assert "end turn" in texts(s)


def test_c42_13_a_settlement_builds_a_free_neutral_settlement() -> None:
    """C42-13: a real player's settlement also builds a settlement free of charge for a neutral
    player who can take one (seed 000)."""
    s = empty_main(c42())
    site = settler(s, 0)
    # Neutral 2 gets two roads, so it has a site; neutral 3 has none.
    n2 = neutral_sites(s)[0]
    a = s.board.vertex_edges[n2][0]
    mid = next(u for u in s.board.edge_vertices[a] if u != n2)
    b2 = next(x for x in s.board.vertex_edges[mid] if x != a)
    quiet_put(s, 2, "road", a)
    quiet_put(s, 2, "road", b2)
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    act(s, f"build settlement {site}")
    assert texts(s) == ["choose player 2"]
    act(s, "choose player 2")
    assert all(t.startswith("choose vertex") for t in texts(s))
    s.drain_events()
    act(s, texts(s)[0])
    built = [e for e in s.drain_events() if isinstance(e, PieceBuilt)]
    assert [(e.player, e.piece) for e in built] == [(2, "settlement")]
    assert sum(1 for o in s.v_owner if o == 2) == 2


def test_c42_14_no_neutral_site_means_a_neutral_road() -> None:
    """C42-14: when no neutral player can legally take a settlement, a neutral road is built
    instead (seed 000)."""
    s = empty_main(c42())
    site = settler(s, 0)
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    act(s, f"build settlement {site}")
    assert texts(s) == ["choose player 2", "choose player 3"]
    act(s, "choose player 2")
    assert all(t.startswith("choose edge") for t in texts(s))
    act(s, texts(s)[0])
    assert sum(1 for o in s.e_owner if o == 2) == 1
    assert sum(1 for o in s.v_owner if o == 2) == 1


def test_c42_15_a_city_builds_nothing_for_the_neutrals() -> None:
    """C42-15: building a city triggers no neutral building (seed 000)."""
    s = empty_main(c42())
    v, _ = own_settlement_with_road(s, 0)
    give(s, 0, grain=2, ore=3)
    before = (list(s.v_owner), list(s.e_owner))
    act(s, f"build city {v}")
    assert not s.prompts and "end turn" in texts(s)
    assert (list(s.v_owner), list(s.e_owner)) == before


def test_c42_16_a_development_card_builds_nothing_for_the_neutrals() -> None:
    """C42-16: buying a development card triggers no neutral building (seed 000)."""
    s = empty_main(c42())
    own_settlement_with_road(s, 0)
    give(s, 0, grain=1, ore=1, wool=1)
    before = (list(s.v_owner), list(s.e_owner))
    act(s, "buy card")
    act(s, "draw knight")
    assert not s.prompts and "end turn" in texts(s)
    assert (list(s.v_owner), list(s.e_owner)) == before


def test_c42_17_neutral_settlement_on_a_rolled_hex_produces_nothing() -> None:
    """C42-17: neutral settlements never produce — a real settlement on the same hex does
    (seed 000)."""
    s = empty_main(c42())
    b = s.board
    site = neutral_sites(s)[0]
    h = next(h for h in b.vertex_hexes[site] if b.hex_resource[h] >= 0 and h != s.robber)
    v = free_vertex(s, lambda x: h in b.vertex_hexes[x])
    quiet_put(s, 1, "settlement", v)
    pre_roll(s, 0)
    start_rolling(s)
    act(s, f"roll {b.hex_numbers[h][0]}")
    assert sum(s.hand[1]) >= 1
    assert sum(s.hand[2]) == sum(s.hand[3]) == 0


def test_c42_18_a_neutral_player_can_hold_longest_road() -> None:
    """C42-18: a neutral player can hold the Longest Road card (seed 000)."""
    g = c42()
    s = empty_main(g)
    b = s.board
    # Four neutral roads in a row from its settlement, then a mirrored fifth one.
    v = neutral_sites(s)[0]
    path = [v]
    for _ in range(4):
        nxt = next(u for u in b.vertex_adjacent[path[-1]] if u not in path
                   and all(w not in path[:-1] for w in b.vertex_adjacent[u]))
        path.append(nxt)
    for e in path_edges(s, path):
        quiet_put(s, 2, "road", e)
    own_settlement_with_road(s, 0)
    give(s, 0, lumber=1, brick=1)
    act(s, next(t for t in texts(s) if t.startswith("build road")))
    act(s, "choose player 2")
    ends = [e for e in b.vertex_edges[path[-1]] if s.e_owner[e] < 0]
    s.drain_events()
    act(s, f"choose edge {ends[0]}")
    si = g.rules.special_index["longest_road"]
    assert s.holders[si] == 2
    assert any(isinstance(e, SpecialCardAwarded) and e.player == 2 for e in s.drain_events())

"""The sea and ships (issue 39 item 4), played on tests/fixtures/sea_routes.catan: paths on the
water, pieces that stand only on their surface, networks that join end to end or only at an own
building, set-up alternatives, the longest route over roads and ships, moving a built piece,
and a second robber on the sea chosen on a 7 or by a Knight."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.core import geometry as g
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.base import awards, networks
from catan_dsl.engine.events import EffectSkipped, PieceMoved, RobberMoved
from catan_dsl.engine.rules import piece_moves
from catan_dsl.play.playtest import play_game
from catan_dsl.play.soak import soak
from catan_dsl.play.transcript import replay
from tests.engine.helpers import (act, check_invariants, eid, empty_main, give, give_card, pre_roll,
                                  put, texts, vid)
from tests.engine.rules_kit import play_random

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "sea_routes.catan"


@pytest.fixture(scope="module")
def ir() -> dict:
    ir, report = api.compile_file(str(FIXTURE))
    assert ir is not None, report.render_text()
    return ir


@pytest.fixture
def game(ir) -> Game:
    return Game(ir, 4)


def sea_hex(ir: dict, q: int, r: int) -> int:
    """The id rules and the engine give a sea hex: the land's count plus its sea id."""
    return len(ir["board"]["hexes"]) + next(s["id"] for s in ir["board"]["sea"]
                                            if (s["q"], s["r"]) == (q, r))


# The north-east corner of the hills (1,-1): one land hex and two sea hexes meet there. From it
# a sea path leads to an intersection of open sea, then another to the islet's coast.
HILLS = (1, -1)


def places(ir):
    v = vid(ir, HILLS, "NE")                        # coast: (1,-1) land, (2,-2), (2,-1) sea
    coast = eid(ir, HILLS, "NE")                     # land | sea
    open_sea = eid(ir, (2, -1), "NW")                # sea | sea: v to an intersection of sea
    to_islet = eid(ir, (2, -1), "NE")                # sea | sea: on to the islet's coast
    far = vid(ir, (2, -1), "NE")                     # touches the islet (3,-1)
    return v, coast, open_sea, to_islet, far


def sail_out(s, ir):
    """Red's settlement on the coast and two ships from it, out to sea and on toward the islet:
    the set-up most ship tests start from; returns ``places(ir)``."""
    spots = places(ir)
    v, _, open_sea, to_islet, _ = spots
    put(s, 0, "settlement", v)
    put(s, 0, "ship", open_sea)
    put(s, 0, "ship", to_islet)
    return spots


def settled(s):
    """The pieces put so far stand since before this turn (put() places them in it)."""
    s.rules_state.built_now.clear()
    s._legal = None
    return s


def builds(s, piece: str) -> set[int]:
    return {int(t.split()[2]) for t in texts(s) if t.startswith(f"build {piece} ")}


def test_the_sea_has_paths_and_intersections_only_where_a_piece_stands_on_it(ir):
    """Issue 39 item 4: sea paths between two sea hexes and along coasts, intersections at their
    ends, none beyond the frame; a board whose scenario has no piece on sea_edge is unchanged."""
    b = ir["board"]
    assert b["sea_paths"] is True
    land = {(h["q"], h["r"]) for h in b["hexes"]}
    sea = {(s["q"], s["r"]) for s in b["sea"]}
    keys = {e["key"] for e in b["edges"]}
    for h in sea:
        for side in g.sides(h):
            both = set(g.side_hexes(side))
            assert (g.fmt_key(side) in keys) == (both <= land | sea)      # nothing past the frame
    open_sea = [v for v in b["vertices"] if not v["hexes"]]
    assert open_sea and all(v["sea"] and not v["coast"] for v in open_sea)
    assert all(e["sea"] or e["hexes"] for e in b["edges"])
    plain, _ = api.compile_file("scenarios/base.catan")
    assert "sea_paths" not in plain["board"]
    assert all("sea" not in e for e in plain["board"]["edges"])


def test_ships_stand_on_water_paths_and_roads_on_land_paths(ir, game):
    """Issue 39 item 4: a piece on sea_edge stands on sea or coast paths only, `on edge` on land
    or coast paths only; the open sea takes no building."""
    s = empty_main(game)
    v, coast, open_sea, _, _ = places(ir)
    put(s, 0, "settlement", v)
    give(s, 0, lumber=2, brick=1, wool=1)
    assert builds(s, "ship") == set(s.board.vertex_edges[v])
    assert builds(s, "road") == set(s.board.vertex_edges[v]) - {open_sea} and coast in builds(s, "road")
    assert all(u in s.board.vertex_closed for u in s.board.edge_vertices[open_sea] if u != v)


def test_ships_join_ships_and_meet_roads_only_at_a_building(ir, game):
    """Issue 39 item 4: pieces of one network join end to end, pieces of different networks only
    at their owner's building: a road never grows from a ship's end, nor a ship from a road's."""
    s = empty_main(game)
    v, coast, open_sea, to_islet, far = sail_out(s, ir)
    give(s, 0, lumber=9, brick=9, wool=9, grain=9)
    at_far = set(s.board.vertex_edges[far])
    assert not builds(s, "road") & at_far                  # the ship's end grows no road
    assert (builds(s, "ship") & at_far) == at_far - {to_islet}
    assert f"build settlement {far}" in texts(s)           # a ship's end on a coast takes one
    act(s, f"build settlement {far}")
    assert builds(s, "road") & at_far                      # the building joins the networks
    check_invariants(s)


def test_a_network_none_piece_joins_nothing_but_buildings(ir):
    """Issue 39 item 4: `network none` connects to nothing but buildings (a wall)."""
    wall_ir = {**ir, "pieces": {**ir["pieces"], "wall": {"on": "edge", "limit": 5, "cost": {},
                                                         "vp": 0, "network": "none"}}}
    game = Game(wall_ir, 4)
    s = empty_main(game)
    v, coast, *_ = places(ir)
    put(s, 0, "settlement", v)
    put(s, 0, "wall", coast)
    other = next(u for u in s.board.edge_vertices[coast] if u != v)
    assert builds(s, "wall") == {e for e in s.board.vertex_edges[v] if s.e_owner[e] < 0
                                 and s.board.edge_land[e]}
    assert not builds(s, "road") & set(s.board.vertex_edges[other])      # no road from a wall
    assert f"build settlement {other}" not in texts(s)


@pytest.mark.parametrize("only", [True, False])
def test_a_network_none_piece_moved_leaves_the_spots_as_computed_afresh(ir, monkeypatch, only):
    """Issue 39 item 4: a `network none` piece (a wall) turned about its owner's building
    reaches the paths there and nothing beyond its other end, before and after; every
    player's spot caches after the move are those computed afresh, brought up to date only
    where the move can change them or around both paths (`networks.MOVED_ONLY` off)."""
    monkeypatch.setattr(networks, "MOVED_ONLY", only)
    wall_ir = {**ir, "pieces": {**ir["pieces"], "wall": {"on": "edge", "limit": 5, "cost": {},
                                                         "vp": 0, "network": "none"}}}
    s = empty_main(Game(wall_ir, 4))
    v, coast, *_ = places(ir)
    put(s, 0, "settlement", v)
    put(s, 0, "wall", coast)
    y = next(e for e in s.board.vertex_edges[v] if s.e_owner[e] < 0 and s.board.edge_land[e])
    piece_moves.move(s, 0, s.e_kind[coast], coast, y, -1)
    for q in range(4):
        assert s.edge_spots[q] == networks.all_codes(s, q)
        assert s.vertex_spots[q] == {u for u in range(s.board.n_vertices)
                                     if networks.settles(s, q, u)}
    other = next(u for u in s.board.edge_vertices[y] if u != v)
    assert not any(networks.code(s, net, e) in s.edge_spots[0] for net in range(s.game.n_nets)
                   for e in s.board.vertex_edges[other] if e != y and
                   v not in s.board.edge_vertices[e])


def test_setup_offers_a_ship_beside_a_coastal_settlement(ir, game):
    """Issue 39 item 4: `place settlement road|ship` — beside a coastal set-up settlement the
    player may place a ship instead of the road; inland only roads fit."""
    s = game.new_initial_state(0)
    v, coast, open_sea, _, _ = places(ir)
    act(s, f"build settlement {v}")
    offered = texts(s)
    assert f"build ship {open_sea}" in offered and f"build road {open_sea}" not in offered
    assert f"build road {coast}" in offered and f"build ship {coast}" in offered
    act(s, f"build ship {open_sea}")
    assert s.e_kind[open_sea] == game.piece_names.index("ship")
    inland = vid(ir, (0, 0), "N")
    act(s, f"build settlement {inland}")
    assert not any(t.startswith("build ship") for t in texts(s))


def test_road_building_gives_roads_or_ships(ir, game):
    """Issue 39 item 4 (for issue 40's Road Building): `effect free road|ship 2` lets each free
    piece be a road or a ship, each by its own rules."""
    s = empty_main(game)
    v, coast, open_sea, to_islet, far = places(ir)
    put(s, 0, "settlement", v)
    give_card(s, 0, "road_building")
    act(s, "play road_building")
    first = texts(s)
    assert f"build ship {open_sea}" in first and f"build road {coast}" in first
    assert f"build road {open_sea}" not in first
    act(s, f"build ship {open_sea}")
    assert f"build ship {to_islet}" in texts(s) and f"build road {to_islet}" not in texts(s)
    act(s, f"build road {coast}")
    assert s.e_kind[coast] == game.piece_names.index("road") and not s.prompts


def test_the_longest_route_joins_roads_and_ships_only_at_own_buildings(ir, game):
    """Issue 39 item 4: `measure longest_route road ship` counts a chain of both, a road and a
    ship joined only at their owner's building."""
    s = empty_main(game)
    v, coast, open_sea, to_islet, far = places(ir)
    ring = [vid(ir, HILLS, c) for c in ("NE", "SE", "S", "SW", "NW", "N")]
    roads = [eid(ir, HILLS, side) for side in ("E", "SE", "SW")]      # NE corner around to SW
    for e in roads:
        put(s, 0, "road", e)
    put(s, 0, "ship", open_sea)
    put(s, 0, "ship", to_islet)
    kinds = (game.piece_names.index("road"), game.piece_names.index("ship"))
    assert ring[0] == v and awards.longest_route(s, 0, kinds) == 3       # apart at v
    put(s, 0, "settlement", v)
    assert awards.longest_route(s, 0, kinds) == 5                         # joined there
    put(s, 1, "settlement", far)
    assert awards.longest_route(s, 0, kinds) == 5       # an opponent at the end stops nothing
    s2 = empty_main(game)
    for e in roads + [open_sea, to_islet]:
        put(s2, 0, "road" if e in roads else "ship", e)
    put(s2, 1, "settlement", v)                          # an opponent at the junction
    assert awards.longest_route(s2, 0, kinds) == 3


def test_move_takes_the_end_ship_to_where_it_could_be_built(ir, game):
    """Issue 39 item 4: `move ship from e to f` is legal only where a ship could be placed once it
    has left e; the action moves only an open route's end, never one built this turn."""
    s = empty_main(game)
    v, coast, open_sea, to_islet, far = sail_out(s, ir)
    settled(s)
    rules = game.rules
    assert [t for t in texts(s) if t.startswith("do move_ship")] == [f"do move_ship edge {to_islet}"]
    give(s, 0, lumber=1, wool=1)
    act(s, f"build ship {coast}")                               # built this turn: not movable
    assert f"do move_ship edge {coast}" not in texts(s)
    act(s, f"do move_ship edge {to_islet}")
    options = {int(t.split()[2]) for t in texts(s)}
    beyond = {e for e in s.board.vertex_edges[far] if e != to_islet}
    assert options and not options & beyond         # only joined through itself: not offered
    assert all(not rules.build_forbidden(s, 0, game.piece_names.index("ship"), f) for f in options)
    target = min(options)
    s.drain_events()
    act(s, f"choose edge {target}")
    assert s.e_owner[target] == 0 and s.e_owner[to_islet] < 0
    assert any(isinstance(e, PieceMoved) for e in s.drain_events())
    assert not any(t.startswith("do move_ship") for t in texts(s))          # once a turn
    check_invariants(s)
    si = [sp.name for sp in game.specials].index("longest_road")
    kinds = game.specials[si].route_kinds
    assert s.measure[si] == [awards.longest_route(s, q, kinds) for q in range(4)]


def test_an_illegal_move_is_a_logged_no_op(ir):
    """Issue 39 item 4: a move to where the piece could not be placed does nothing and says why."""
    rule = {"kind": "action", "id": "t.1", "span": "t.catan:1", "name": "jump", "label": "jump",
            "phase": "after_roll", "cost": {}, "limit": {}, "when": True, "target": None,
            "do": [["move_piece", "ship", ["var", "a"], ["var", "b"]]]}
    v, coast, open_sea, to_islet, far = places(ir)
    beyond = next(e for e in ir["board"]["vertices"][far]["edges"] if e != to_islet)
    rule["do"] = [["let", "a", to_islet, [["let", "b", beyond, rule["do"]]]]]
    game = Game({**ir, "rules": ir["rules"] + [rule]}, 4)
    s = empty_main(game)
    put(s, 0, "settlement", v)
    put(s, 0, "ship", open_sea)
    put(s, 0, "ship", to_islet)
    s.drain_events()
    act(s, "do jump")
    skipped = [e for e in s.drain_events() if isinstance(e, EffectSkipped)]
    assert s.e_owner[to_islet] == 0 and s.e_owner[beyond] < 0
    assert skipped and skipped[0].effect == "move_piece" and "cannot stand" in skipped[0].reason


def test_route_end_and_built_this_turn(ir, game):
    """Issue 39 item 4: route_end(e) holds for a piece with an end touching neither an own
    building nor an own piece of its network; built_this_turn(x) for pieces placed this turn."""
    v, coast, open_sea, to_islet, far = places(ir)
    rules = [{"kind": "on", "id": "t.1", "span": "t.catan:1", "event": "turn_ended", "filter": {},
              "bind": {}, "when": True, "do": []}]
    g2 = Game({**ir, "rules": ir["rules"] + rules}, 4)
    s = empty_main(g2)
    put(s, 0, "settlement", v)
    put(s, 0, "ship", open_sea)
    put(s, 0, "ship", to_islet)
    ev = _evaluator(g2)
    assert ev(s, ["route_end", ["var", "e"]], e=open_sea) is False
    assert ev(s, ["route_end", ["var", "e"]], e=to_islet) is True
    put(s, 0, "settlement", far)                                 # a closed route now
    assert ev(s, ["route_end", ["var", "e"]], e=to_islet) is False
    assert ev(s, ["built_this_turn", ["var", "e"]], e=to_islet) is True   # put() places now
    act(s, "end turn")
    assert ev(s, ["built_this_turn", ["var", "e"]], e=to_islet) is False


def _evaluator(game: Game):
    from catan_dsl.engine.rules.expressions import Ctx, compile_expr

    def ev(s, node, **env):
        types = {k: "edge" for k in env}
        fn, _ = compile_expr(node, Ctx(game.rules, types))
        return fn(s, {"player": s.cur, **env})
    return ev


def test_the_roller_picks_which_robber_moves_and_the_pirate_robs_ship_owners(ir, game):
    """Issue 39 item 4: on a 7 the roller chooses between the robber's and the pirate's moves;
    the pirate robs the owners of ships beside its new hex, not of buildings there."""
    s = empty_main(game)
    target = sea_hex(ir, 2, 0)
    s.rules_state.robbers[0] = sea_hex(ir, 2, -1)
    ship_side = eid(ir, (2, 0), "SE")
    put(s, 1, "settlement", vid(ir, (1, 0), "NE"))              # a corner of (2,0): not robbed
    put(s, 2, "ship", ship_side)
    give(s, 1, ore=2)
    give(s, 2, wool=1)
    pre_roll(s, 0)
    act(s, "roll 7")
    moves = texts(s)
    assert any(t.startswith("move robber ") for t in moves)
    assert f"move pirate {target}" in moves and "move pirate " + str(sea_hex(ir, 2, -1)) not in moves
    assert all(int(t.split()[2]) >= len(ir["board"]["hexes"]) for t in moves if "pirate" in t)
    s.drain_events()
    act(s, f"move pirate {target}")
    moved = [e for e in s.drain_events() if isinstance(e, RobberMoved)]
    assert moved[0].robber == "pirate" and s.rules_state.robbers[0] == target
    assert s.current_player() == CHANCE and {a.player for a, _ in s.chance_outcomes()} == {2}
    act(s, str(s.chance_outcomes()[0][0]))
    assert s.hand[0][game.resources.index("wool")] == 1


def test_a_knight_moves_either_robber(ir, game):
    """Issue 39 item 4: the Knight lets its player move the robber or the pirate."""
    s = empty_main(game)
    give_card(s, 0, "knight")
    act(s, "play knight")
    moves = texts(s)
    assert any(t.startswith("move robber ") for t in moves) and any(t.startswith("move pirate ") for t in moves)


def test_no_ship_is_built_or_moved_beside_the_pirate(ir, game):
    """Issue 39 item 4: `forbid build ship at e where e in edges_of(robber_hex(pirate))` keeps the
    paths beside the pirate from ships, for builds and moves alike."""
    s = empty_main(game)
    v, coast, open_sea, to_islet, far = places(ir)
    put(s, 0, "settlement", v)
    s.rules_state.robbers[0] = sea_hex(ir, 2, -1)             # beside open_sea and to_islet
    s.piece_moves += 1
    give(s, 0, lumber=2, wool=2)
    beside = set(game.rules.hex_edges[sea_hex(ir, 2, -1)])
    assert open_sea in beside and not builds(s, "ship") & beside
    put(s, 0, "ship", eid(ir, (2, -2), "SW"))
    settled(s)
    assert f"do move_ship edge {eid(ir, (2, -2), 'SW')}" in texts(s)


def test_a_forbid_naming_no_robber_is_the_land_robbers(tmp_path):
    """Issue 39 item 4: `forbid robber_move to h` without a name keeps its meaning (the land
    robber's moves); `forbid robber_move pirate to h` limits the pirate's alone."""
    def moves_after_a_seven(forbid: str) -> set[str]:
        path = tmp_path / "sea_forbids.catan"
        path.write_text(FIXTURE.read_text().replace("# No ship may be built",
                                                    forbid + "\n  # No ship may be built"))
        got, report = api.compile_file(str(path))
        assert got is not None, report.render_text()
        s = empty_main(Game(got, 4))
        pre_roll(s, 0)
        act(s, "roll 7")
        return {t.split()[1] for t in texts(s) if t.startswith("move ")}

    assert moves_after_a_seven("forbid robber_move to h where true") == {"pirate"}
    assert moves_after_a_seven("forbid robber_move pirate to h where true") == {"robber"}
    assert moves_after_a_seven("forbid robber_move robber|pirate to h where true") == set()


def test_a_pirate_without_ships_sails_the_ring(tmp_path):
    """Issue 39 item 4: a robber on the sea needs no piece on the water: its sea's hexes are
    numbered after the land's and a 7 offers every other one."""
    path = tmp_path / "pirate.catan"
    path.write_text("scenario pirate extends base {\n  robber pirate { on sea }\n"
                    "  board ring extends beginner default { robber pirate starts at 0,-3 }\n}\n")
    got, report = api.compile_file(str(path))
    assert got is not None, report.render_text()
    s = empty_main(Game(got, 4))
    pre_roll(s, 0)
    act(s, "roll 7")
    pirate = [t for t in texts(s) if t.startswith("move pirate ")]
    assert len(pirate) == len(got["board"]["sea"]) - 1 == 17


def test_rules_read_a_sea_hex_like_any_hex(ir, game):
    """Whatever `check` accepts, the engine plays: hex functions given the pirate's sea hex."""
    s = empty_main(game)
    ev = _evaluator(game)
    h = ["robber_hex", "pirate"]
    assert ev(s, h) == sea_hex(ir, 2, 0)
    assert ev(s, ["terrain", h]) == "sea" and ev(s, ["has_number", h, 6]) is False
    assert len(ev(s, ["vertices_of", h])) == 6 and len(ev(s, ["edges_of", h])) == 6
    assert ev(s, ["corner", h, 1]) >= 0 and ev(s, ["side", h, 2]) >= 0
    assert ev(s, ["pips", h]) == 0 and ev(s, ["coast", h]) is False and ev(s, ["hidden", h]) is False
    frame = sea_hex(ir, 0, -3) if any((x["q"], x["r"]) == (0, -3) for x in ir["board"]["sea"]) else None
    if frame is not None:
        assert -1 in [ev(s, ["corner", frame, k]) for k in range(1, 7)]


def test_games_replay_exactly(ir):
    """A game is a pure function of IR, seed and choices: every action round-trips through its
    text, and a recorded game replays to the same state (ships, moves and the pirate included)."""
    game = Game(ir, 4)
    for seed in (1, 2):
        s = play_random(game, seed, cap=60)
        check_invariants(s)
    result = soak(ir, [3], max_turns=60, every=5)         # every invariant, every 5 actions
    assert result.findings == [] and result.actions > 300
    result = play_game(Game(ir, 3), ["random"] * 3, 5, 40, record=True, ir=ir)
    steps = [st["action"] for st in result.transcript["steps"]]
    assert any(a.startswith("move pirate") for a in steps) and any(a.startswith("do move_ship") for a in steps)
    assert replay(result.transcript, ir).mismatch is None


def test_greedy_bots_sail_to_the_islet(ir):
    """Issue 39 item 4: the greedy bot values building and moving ships without hints: on this
    board (a small home island) greedy players build ships and settle the islet."""
    game = Game(ir, 4)
    islet = {h["id"] for h in ir["board"]["hexes"] if (h["q"], h["r"]) in ((3, -1), (3, 0), (2, 1))}
    from catan_dsl.bots.greedy import GreedyBot
    s = game.new_initial_state(1)
    rng, bot = random.Random(1), GreedyBot()
    ship = game.piece_names.index("ship")
    while not s.is_terminal() and s.turn < 200:
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else bot.choose(s, s.legal_actions(), rng))
    assert sum(k == ship for k in s.e_kind) >= 3
    assert any(set(s.board.vertex_hexes[v]) & islet for p in range(4) for v in s.buildings[p])


def test_on_moved_runs_after_a_move_with_the_new_place(ir, tmp_path):
    """Issue 40: `on moved PIECE at f` runs once a built piece has moved, `f` bound to its new
    place (the Fog Islands discover a hex by a ship sailed beside it); a build does not fire it."""
    (tmp_path / "sea_routes.catan").write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "moved.catan").write_text(
        "scenario moved extends sea_routes {\n"
        "  counter sailed \"paths sailed to\" { start 0 }\n"
        "  on moved ship at f { gain count(e in edges where e == f and occupied(e, ship)) sailed }\n"
        "}\n", encoding="utf-8")
    moved_ir, report = api.compile_file(str(tmp_path / "moved.catan"))
    assert moved_ir is not None, report.render_text()
    game = Game(moved_ir, 4)
    s = empty_main(game)
    v, coast, open_sea, to_islet, far = sail_out(s, moved_ir)
    settled(s)
    sailed = [c.name for c in game.rules.counters].index("sailed")
    give(s, 0, lumber=1, wool=1)
    act(s, f"build ship {coast}")
    assert s.rules_state.counters[0][sailed] == 0              # a build is no move
    act(s, f"do move_ship edge {to_islet}")
    target = min(int(t.split()[2]) for t in texts(s))
    act(s, f"choose edge {target}")
    assert s.rules_state.counters[0][sailed] == 1               # f: where the ship now stands


def test_a_choice_of_paths_by_can_move_to_lists_exactly_the_paths_a_move_reaches(ir, game):
    """Issue 40 (speed): `choose f in edges where can_move_to(e, f)` looks only at the free paths
    the piece's network reaches (domains.py); what it offers is what testing every path offers."""
    from catan_dsl.engine.rules.piece_moves import movable

    s = empty_main(game)
    v, coast, open_sea, to_islet, far = sail_out(s, ir)
    put(s, 0, "road", eid(ir, HILLS, "NW"))
    settled(s)
    act(s, f"do move_ship edge {to_islet}")
    offered = [int(t.split()[2]) for t in texts(s)]
    every = [f for f in range(s.board.n_edges) if f != to_islet
             and not isinstance(movable(s, True, to_islet, f), str)]
    assert offered == every and offered

"""A listing's build bans asked for many spots of one kind at once (`BuildBans.spot_ban`) and
the piece functions a generated loop writes in place (`route_end(e)`, `built_this_turn(e)` of a
loop variable) → the same answers as asked one by one through their closures."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.engine import Game

from catan_dsl.engine.rules import build_bans
from catan_dsl.engine.rules.expressions import Ctx
from catan_dsl.engine.rules.piece_moves import f_built_this_turn, f_route_end, route_end_at

from tests.engine.rules.random_walks import random_steps, seafarers_game

REPO = Path(__file__).resolve().parents[3]

SCENARIOS = ["new_shores", "fog_islands", "wonders"]


@pytest.mark.parametrize("name", SCENARIOS)
def test_spot_ban_says_what_the_bans_say_spot_by_spot(name: str) -> None:
    """SF-34 (no ship on a side of the pirate's hex), SF-48 (set-up settlements only where the
    scenario allows: SF-NS-04, SF-FOG-05, SF-WON-05) and each scenario's own build bans: along
    a random game, for every piece kind and every spot, inside a listing (the plan worked out
    at the first spot) and outside it, spot_ban's predicate holds exactly where the bans'
    conditions asked as written do — at every set-up step too,
    where a ban "setup and B" has its guard asked once per listing (`_ban_plan`'s staged
    bans)."""
    game = seafarers_game(name)
    rules, g = game.rules, game
    checked = banned = in_setup = 0
    for i, (_, s, _, _) in enumerate(random_steps(game, (7,), 900)):
        setup = s.setup_i < len(g.setup_steps)     # every set-up step: "setup and B" bans
        if i % 30 and not setup:
            continue
        in_setup += setup
        p = s.cur
        for listing in (False, True):
            for k, kind in enumerate(g.piece_names):
                n = s.board.n_edges if g.piece_on_edge[k] else s.board.n_vertices
                spots = list(range(n))[::-1] if k % 2 else list(range(n))
                if listing:
                    rules.listing_memo, rules.listing_state = {}, s
                try:
                    ban = rules.spot_ban(s, p, k, spots[0])
                    got = [ban(x) for x in spots]
                finally:
                    rules.listing_memo = rules.listing_state = None
                want = [_as_written(rules, s, p, kind, g.piece_on_edge[k], x) for x in spots]
                assert got == want, (kind, listing)
                checked += len(spots)
                banned += sum(want)
    assert checked > 1000 and banned > 50 and in_setup > 5


@pytest.mark.parametrize("name", ["barbarian_attack", "event_cards"])
def test_a_plan_kept_per_position_says_what_the_bans_say(name: str) -> None:
    """BA-27..33 (no road or settlement by a conquered hex) and EV-29 (no building while a road
    is damaged): bans reading markers, marks and pieces (Rule.plan_static, not plan_layout)
    have their plan kept in the position memo, filled by the game's own listings as it goes;
    at every 25th step of a random game a listing's verdicts for every piece kind and spot,
    and build_banned's outside a listing, equal the conditions asked as written."""
    ir, report = api.compile_file(str(REPO / "scenarios" / f"{name}.catan"))
    assert ir is not None, report.render_text()
    game = Game(ir, num_players=4)
    rules, g = game.rules, game
    kept = 0
    for i, (_, s, _, _) in enumerate(random_steps(game, (3,), 1000)):
        if i % 25:
            continue
        p = s.cur
        for k, kind in enumerate(g.piece_names):
            if rules._plan_memo(s, kind) is None or rules.plans_kept[kind] != "position":
                continue
            n = s.board.n_edges if g.piece_on_edge[k] else s.board.n_vertices
            want = [_as_written(rules, s, p, kind, g.piece_on_edge[k], x) for x in range(n)]
            assert want == [rules.build_banned(s, p, kind, g.piece_on_edge[k], x)
                            for x in range(n)]
            rules.listing_memo, rules.listing_state = {}, s
            try:
                ban = rules.spot_ban(s, p, k, 0)
                assert [ban(x) for x in range(n)] == want, kind
            finally:
                rules.listing_memo = rules.listing_state = None
            kept += 1
    assert kept > 10


@pytest.mark.parametrize("name", ["new_shores", "fog_islands"])
def test_piece_functions_written_in_place_answer_as_their_closures(name: str) -> None:
    """SF-20..SF-27 (a ship at an open end, not built this turn, may move): route_end(e) and
    built_this_turn(e) of a loop variable, as a generated loop writes them (their `inline`
    template's look-up called with the variable's value), answer what the closures answer for
    every path along a random game, including paths with no piece and non-paths."""
    game = seafarers_game(name)
    ctx = Ctx(game.rules, {"e": "edge", "player": "player"})
    var = (lambda s, env: env["e"], "edge")
    route_end, _ = f_route_end(ctx, [var], [["var", "e"]])
    built, _ = f_built_this_turn(ctx, [var], [["var", "e"]])
    assert route_end.inline[1] == (route_end_at,) and hasattr(built, "inline")
    ends = now = 0
    for i, (_, s, _, _) in enumerate(random_steps(game, (11,), 1500)):
        if i % 25:
            continue
        for e in (-1, None, *range(s.board.n_edges), s.board.n_edges):
            env = {"e": e}
            assert _written(route_end, s, env) == route_end(s, env) == _plain_route_end(s, e), e
            assert _written(built, s, env) == built(s, env) == _plain_built(s, e), e
            ends += bool(route_end(s, env))
            now += bool(built(s, env))
    assert ends > 10 and now > 0


def _written(fn, s, env):
    """What ``fn``'s ``inline`` template computes, evaluated as generated code writes it (its
    objects ``@0``, ``@1``, … by name; fused.EXPAND may have left it none)."""
    template, objects = fn.inline
    names = {f"O{k}": x for k, x in enumerate(objects)}
    for k in reversed(range(len(objects))):
        template = template.replace(f"@{k}", f"O{k}")
    return eval(template, {**names, "s": s, "env": env})


def _as_written(rules, s, p: int, kind: str, on_edge: bool, at: int) -> bool:
    """Does a build forbid hold, each rule's condition asked as written (no plan, no memo)?"""
    params = {"kind": kind, "at": at, "#at": "edge" if on_edge else "vertex"}
    for rule in rules.forbids.get("build", ()):
        env = rules._env(rule, p, params)
        if env is not None and (rule.when is None or rule.when(s, env)):
            return True
    return False


def _plain_route_end(s, e) -> bool:
    from catan_dsl.engine.base import networks
    return isinstance(e, int) and 0 <= e < s.board.n_edges and networks.route_end(s, e)


def _plain_built(s, e) -> bool:
    now = s.rules_state.built_now
    return now is not None and isinstance(e, int) and e >= 0 and e + s.board.n_vertices in now


@pytest.mark.parametrize("land_free,player_free", ((True, True), (False, True), (True, False)))
def test_a_ban_plan_kept_per_position_follows_the_pirate(land_free: bool, player_free: bool,
                                                         monkeypatch) -> None:
    """SF-34: the ship bans' plan is kept per board and robbers' places (every ban of the kind
    reads only those: Rule.plan_layout), so after the pirate moves — no piece moved — a
    listing asks the new sides of its hex: along a random game, at every step where a robber
    moved and every 40th, the listing's verdicts for every path, and build_banned's outside a
    listing (which reads the kept plan), equal the conditions asked as written, and the plan
    kept for the board is the listing's — keyed without the land robber's hex, which no kept
    plan reads (build_bans.LAND_ROBBER_FREE), or with it (off); and without the player, whom no
    ship ban reads, so every player's listing reads one plan (build_bans.PLAYER_FREE), or with
    him (off)."""
    monkeypatch.setattr(build_bans, "LAND_ROBBER_FREE", land_free)
    monkeypatch.setattr(build_bans, "PLAYER_FREE", player_free)
    game = seafarers_game("new_shores")
    rules, g = game.rules, game
    k = g.piece_names.index("ship")
    assert rules.build_bans[0]["ship"][2] and all(
        r.plan_layout for r in rules.build_bans[0]["ship"][2])
    last, moved = None, 0
    for i, (_, s, _, _) in enumerate(random_steps(game, (5,), 1500)):
        robbers = (s.robber, tuple(s.rules_state.robbers))
        changed = last is not None and robbers != last
        last = robbers
        if not changed and i % 40:
            continue
        moved += changed
        p = s.cur
        rules.listing_memo, rules.listing_state = {}, s
        try:
            ban = rules.spot_ban(s, p, k, 0)
            got = [ban(e) for e in range(s.board.n_edges)]
            kept = rules._plan_memo(s, "ship").get(rules._plan_key(s, p, "ship"))
            assert kept is rules.listing_memo[("ban plan", p, "ship")]
            shared = rules._plan_key(s, p, "ship") == rules._plan_key(s, (p + 1) % 4, "ship")
            assert shared == player_free
        finally:
            rules.listing_memo = rules.listing_state = None
        want = [_as_written(rules, s, p, "ship", True, e) for e in range(s.board.n_edges)]
        assert want == [rules.build_banned(s, p, "ship", True, e) for e in range(s.board.n_edges)]
        assert got == want
    assert moved > 3


def test_a_ban_reading_the_builder_keeps_a_plan_per_player() -> None:
    """SF-WON (a player building a wonder keeps his last ship: `wonder(player)`,
    `pieces(player, ship)`) reads the builder, so the ship bans' plans stay one per player;
    the pirate's ban alone (New Shores) reads no one and is kept once for all."""
    wonders, shores = seafarers_game("wonders").rules, seafarers_game("new_shores").rules
    assert not build_bans.player_blind(wonders.build_bans[0]["ship"])
    assert build_bans.player_blind(shores.build_bans[0]["ship"])


def test_no_kept_ban_plan_can_read_the_land_robber() -> None:
    """A plan is kept without the land robber's hex in its key: robber_on, the function that
    reads it, may not appear in a ban whose plan is kept."""
    assert "robber_on" not in build_bans.PLAN_FUNCTIONS | build_bans.PLAN_LAYOUT_FUNCTIONS


def test_layout_verdicts_carried_to_a_revealed_board_are_the_conditions() -> None:
    """SF-FOG (no road or ship beside a face-down hex, decision #15): the verdicts of
    `any(h in hexes_of(e) where hidden(h))` carried from the board before a reveal to the
    board after it (Rule.hex_local: only the revealed hex's spots asked again) equal the
    condition asked as written for every path, after every reveal of a random game."""
    game = seafarers_game("fog_islands")
    rules = game.rules
    assert all(r.hex_local for r in rules.build_bans[0]["road"][0])
    boards, carried = None, 0
    for _, s, _, _ in random_steps(game, (2, 9), 2500):
        if s.board is boards:
            continue
        boards = s.board
        for kind in ("road", "ship"):
            held = dict(rules._layout_verdicts(s, kind))    # carried, or asked on it already
            carried += len(held)
            for e, verdict in held.items():
                assert verdict == _layout_as_written(rules, s, kind, e), (kind, e)
            for e in range(s.board.n_edges):                # the next board carries them all
                rules.build_banned(s, s.cur, kind, True, e)
    assert carried > 100


def _layout_as_written(rules, s, kind: str, e: int) -> bool:
    params = {"kind": kind, "at": e, "#at": "edge"}
    for rule in rules.build_bans[0][kind][0]:
        env = rules._env(rule, 0, params)
        if env is not None and (rule.when is None or rule.when(s, env)):
            return True
    return False


def test_only_a_condition_on_the_spot_s_own_hexes_is_hex_local() -> None:
    """A build ban's verdict is carried across a changed hex only when its condition reads
    nothing but the spot's own hexes' layout."""
    from catan_dsl.engine.rules.build_bans import hex_local_ban
    fns = {"hexes_of", "hidden", "terrain", "feature", "owner", "has_number", "hexes"}
    ok = ["any", "h", ["hexes_of", ["var", "e"]], ["hidden", ["var", "h"]]]
    assert hex_local_ban(ok, "e", fns)
    assert hex_local_ban(["any", "h", ["hexes_of", ["var", "e"]],
                          ["or", ["feature", ["var", "h"], "main"],
                           ["==", ["terrain", ["var", "h"]], "desert"]]], "e", fns)
    assert not hex_local_ban(["any", "h", ["hexes", []], ["hidden", ["var", "h"]]], "e", fns)
    assert not hex_local_ban(["any", "h", ["hexes_of", ["var", "e"]], ["hidden", 5]], "e", fns)
    assert not hex_local_ban(["any", "h", ["hexes_of", ["var", "e"]],
                              ["==", ["owner", ["var", "e"]], 1]], "e", fns)
    assert not hex_local_ban(["any", "h", ["hexes_of", ["var", "e"]],
                              ["and", ["hidden", ["var", "h"]], ["var", "e"]]], "e", fns)
    assert not hex_local_ban(["not", ok], "e", fns)

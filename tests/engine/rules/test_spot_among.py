"""A build ban ``forbid build K at e where e in S`` (S not reading the spot) → S read once per
listing (queries.build_banned), with the verdicts the condition as written gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game
from catan_dsl.packs.sources import seafarers_pack

SCENARIOS = ["new_shores", "fog_islands"]


def _game(name: str) -> Game:
    path = Path(seafarers_pack()["scenarios"]) / f"{name}.catan"
    ir, report = api.compile_file(str(path))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def _sampled_states(game: Game, seed: int, steps: int, every: int):
    """The states of a seeded random game at every ``every``-th step (its first ``steps``)."""
    s = game.new_initial_state(seed)
    bot, rng = make_bot("random"), random.Random(seed)
    for step in range(steps):
        if s.is_terminal():
            return
        if step % every == 0:
            yield s
        s.apply_action(s.sample_chance(rng) if s.current_player() == CHANCE
                       else bot.choose(s, s.legal_actions(), rng))


def _env(rule, p: int, e: int) -> dict:
    var = dict(rule.bind).get("at", "at")
    return {"player": p, var: e, "#" + var: "edge"}


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_ban_on_the_places_a_set_names_holds_where_its_condition_does(name: str) -> None:
    """SF-34 (no ship is built on a side of the pirate's hex): along random games, for every
    path and path piece, the build bans with the "at in S" one read from its set once per
    listing say what their conditions say path by path, inside a listing (the memo live) and
    outside it."""
    game = _game(name)
    rules = game.rules
    among = [r for r in rules.forbids["build"] if r.spot_among is not None]
    assert among, "the pirate's ban is an 'at in S' ban"
    checked = 0
    for s in _sampled_states(game, 3, 1500, 25):
        p = s.cur
        for listing in (False, True):
            if listing:
                rules.listing_memo, rules.listing_state = {}, s
            try:
                for kind in {dict(r.filter).get("kind") for r in among}:
                    mine = [r for r in rules.forbids["build"]
                            if all(v == kind for f, v in r.filter if f == "kind")]
                    k = game.piece_names.index(kind)
                    for e in range(s.board.n_edges):
                        want = any(r.when is None or r.when(s, _env(r, p, e)) for r in mine)
                        got = rules.build_banned(s, p, kind, game.piece_on_edge[k], e)
                        assert got == want, (kind, e)
                        checked += want
            finally:
                rules.listing_memo = rules.listing_state = None
    assert checked > 20


def test_a_loop_tested_with_the_listing_memos_live_keeps_what_qualifies() -> None:
    """SF-34: a loop over every path whose condition asks the build bans (as a ship's move asks
    can_move_to) keeps, with the listing memos live while it runs, exactly the paths the bans
    asked one by one without them keep; the memos are gone afterwards."""
    from catan_dsl.engine.rules.expressions import qualifying
    from catan_dsl.engine.rules.loops import listing_live
    game = _game("new_shores")
    rules = game.rules
    k = game.piece_names.index("ship")
    paths = tuple(range(game.board(5).n_edges))
    checked = 0
    for s in _sampled_states(game, 5, 1200, 30):
        p = s.cur

        def cond(st, env):
            return not rules.build_forbidden(st, p, k, env["f"])
        picks = listing_live(
            lambda st, env: qualifying(st, env, lambda _s, _e: paths, "set:edge", "f", cond))
        live = picks(s, {"player": p})
        assert rules.listing_state is None and rules.listing_memo is None
        plain = [f for f in paths if cond(s, {"player": p, "f": f})]
        assert live == plain
        checked += 1
    assert checked >= 20

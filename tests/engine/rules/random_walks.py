"""A shipped Seafarers scenario's name → its 4-player Game; a Game and seeds → every step of
seeded random-bot games (the state after it, the action taken, and whether a piece moved), for
the tests that compare a kept answer with the one worked out afresh after each step."""

from __future__ import annotations

import random
from pathlib import Path

from catan_dsl import api
from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game
from catan_dsl.packs.sources import seafarers_pack


def seafarers_game(name: str) -> Game:
    path = Path(seafarers_pack()["scenarios"]) / f"{name}.catan"
    ir, report = api.compile_file(str(path))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def seafarers_on_and_off(name: str, monkeypatch, module, flag: str) -> tuple[Game, Game]:
    """The scenario's Game as built now, and one built with ``module.flag`` off (a switch read
    when a game is built), for tests that play the two side by side."""
    on = seafarers_game(name)
    with monkeypatch.context() as m:
        m.setattr(module, flag, False)
        off = Game(on.ir, num_players=4)
    return on, off


def random_steps(game: Game, seeds: tuple[int, ...], steps: int):
    """Yield (seed, state, action, piece moved?) after each step of each seeded game, at most
    ``steps`` steps a game (the state is the game's own: read it before the next step)."""
    for seed in seeds:
        s, rng = game.new_initial_state(seed), random.Random(seed)
        bots = [make_bot("random") for _ in range(game.num_players)]
        for _ in range(steps):
            if s.is_terminal():
                break
            p = s.current_player()
            a = s.sample_chance(rng) if p == CHANCE else bots[p].choose(s, s.legal_actions(), rng)
            before = s.piece_moves
            s.apply_action(a)
            yield seed, s, a, s.piece_moves != before


def decisions(game: Game, seed: int, steps: int):
    """Yield (state, its legal actions) at each decision of a seeded game; when the caller
    leaves the state as it was, the move is a uniform choice of the game's generator (a caller
    may make its own moves instead)."""
    s, rng = game.new_initial_state(seed=seed), random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
            continue
        legal, moved = s.legal_actions(), s._hlen
        yield s, legal
        if s._hlen == moved:
            s.apply_action(rng.choice(legal))


def rule_listings(game: Game, seed: int, steps: int):
    """Yield (state, its legal actions) at each decision of a seeded game whose listing holds
    a rule action; every move (listed or not) is a uniform choice of the game's generator."""
    for s, legal in decisions(game, seed, steps):
        if any(getattr(a, "rule", -1) >= 0 for a in legal):
            yield s, legal


def listing_afresh(s, field: str, off) -> list:
    """The listing with every rule action's ``field`` (a way of keeping its targets) set to
    ``off``, on a clone: its memos start empty, so nothing kept before is read."""
    specs = [ar.action for ar in s.game.rules.actions]
    saved = [getattr(sp, field) for sp in specs]
    try:
        for sp in specs:
            setattr(sp, field, off)
        return list(s.clone().legal_actions())
    finally:
        for sp, kept in zip(specs, saved):
            setattr(sp, field, kept)

"""Build forbids "A and B", A blind to the spot and B reading only the layout (Rule.layout_guard:
B's verdict kept per board and spot) → along random games, set-up included, every verdict is
what the forbids' conditions say when asked as written."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.packs.sources import seafarers_pack


def _as_written(s, p: int, k: int, at: int) -> bool:
    """Does a build forbid hold, each rule's whole condition asked, no verdict kept?"""
    rules, g = s.game.rules, s.game
    params = {"kind": g.piece_names[k], "at": at, "#at": "edge" if g.piece_on_edge[k] else "vertex"}
    for rule in rules.forbids.get("build", ()):
        env = rules._env(rule, p, params)
        if env is not None and (rule.when is None or rule.when(s, env)):
            return True
    return False


@pytest.mark.parametrize("name", ["new_shores", "through_the_desert"])
def test_guarded_layout_bans_say_what_their_conditions_say(name: str) -> None:
    """SF-48, SF-NS-04, SF-TTD-03 (set-up settlements only on the main island, never beside the
    strip): in set-up and after it, whether a settlement may go on each intersection is what
    the forbid's condition says asked as written, and the rule's B was kept."""
    path = Path(seafarers_pack()["scenarios"]) / f"{name}.catan"
    ir, report = api.compile_file(str(path))
    assert ir is not None, report.render_text()
    g = Game(ir, num_players=4)
    guarded = [r for r in g.rules.forbids["build"] if r.layout_guard is not None]
    assert guarded
    k = g.piece_names.index("settlement")
    checked = banned = 0
    s, rng = g.new_initial_state(seed=2), random.Random(2)
    for step in range(600):
        if s.is_terminal():
            break
        if step % 20 == 0 or s.phase == 0:
            p = max(s.cur, 0)
            for v in range(s.board.n_vertices):
                got = g.rules.build_forbidden(s, p, k, v)
                assert got == _as_written(s, p, k, v), (step, v)
                checked += 1
                banned += got
        if s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 2000 and banned > 100

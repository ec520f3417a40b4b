"""vp_memo: VP modifiers memoised by position equal a direct evaluation at every step of seeded games."""

from __future__ import annotations

import random

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.rules.functions import FUNCTIONS
from catan_dsl.engine.rules.vp_memo import memoisable, reads_no_path_piece
from tests.engine.rules.random_walks import random_steps
from tests.variants.kit import game


def test_only_modifiers_reading_pieces_chains_and_marks_are_memoised() -> None:
    camels = {"kind": "modifier", "what": "vp", "value": 1, "when": [
        ">=", ["count", "e", ["edges_of", ["var", "v"]], ["occupied", ["var", "e"], "camel"]], 2]}
    assert memoisable([camels], FUNCTIONS)
    assert memoisable([dict(camels, when=["marked", ["var", "v"], "damaged"])], FUNCTIONS)
    assert not memoisable([camels, dict(camels, value=["count_of", ["var", "player"], "wool"])],
                          FUNCTIONS)
    assert not memoisable([dict(camels, when=[">", ["yield_of", ["var", "v"]], 1])], FUNCTIONS)
    assert game(scenario="caravans").rules.vp_memo is not None
    assert game("harbormaster").rules.vp_memo is None     # no VP modifier: nothing to memoise


def test_memoised_extra_vp_equals_direct_evaluation_at_every_step() -> None:
    """Seeded random and greedy Caravans games: after every action, for every player, the
    memoised extra VP equals the modifiers evaluated afresh; the modifier does award VP."""
    g = game(scenario="caravans")
    rules = g.rules
    n = g.num_players
    awarded = False
    for bot, seed in (("random", 1), ("random", 2), ("greedy", 3)):
        rng = random.Random(seed)
        bots = [make_bot(bot) for _ in range(n)]
        s = g.new_initial_state(seed=seed)
        while not s.is_terminal() and s.turn < 400:
            p = s.current_player()
            if p == CHANCE:
                a = s.sample_chance(rng)
            else:
                legal = s.legal_actions()
                a = legal[0] if len(legal) == 1 else bots[p].choose(s, legal, rng)
            s.apply_action(a)
            s.drain_events()
            for q in range(n):
                direct = rules.modifier_vp(s, q)
                memo = rules.vp_memo.get(s, q, rules.modifier_vp)   # cached if seen
                assert memo == direct, (seed, s.turn, q)
                awarded = awarded or direct > 0
    assert awarded


SHRINES = """scenario shrines "Shrines" extends base {
  action consecrate "Consecrate a settlement" {
    target v in pieces(player, settlement) where not marked(v, shrine)
    do { mark v shrine }
  }
  action profane "Profane a shrine" {
    target v in pieces(player, settlement) where marked(v, shrine)
    do { unmark v shrine }
  }
  modifier vp + 1 for v where marked(v, shrine)
}
"""


def test_marking_and_unmarking_shows_in_the_memoised_vp_at_once(tmp_path) -> None:
    """A mark moves no piece: the memo still sees it (it counts mark changes), and a clone's
    change leaves the original's VP as it was."""
    from catan_dsl.api import compile_file
    from catan_dsl.engine import Game
    from tests.engine.helpers import act, empty_main, put
    path = tmp_path / "shrines.catan"
    path.write_text(SHRINES, encoding="utf-8")
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    g = Game(ir)
    assert g.rules.vp_memo is not None
    s = empty_main(g, 0, 0)
    put(s, 0, "settlement", 10)
    before = s.vp(0)
    act(s, "do consecrate vertex 10")
    assert s.vp(0) == before + 1
    c = s.clone()
    act(c, "do profane vertex 10")
    assert c.vp(0) == before and s.vp(0) == before + 1


def test_values_of_modifiers_reading_no_path_piece_are_kept_while_roads_are_built() -> None:
    """Barbarian Attack's conquered buildings and Caravans' camels read no path piece: their
    values are kept by the buildings' moves (roads built leave them), and after every step of
    a seeded random game they equal the modifiers evaluated afresh, with a building lying down
    on the way; a modifier reading a road (or another path than its own) is not kept so."""
    for path in ("scenarios/barbarian_attack.catan", "scenarios/caravans.catan"):
        ir, report = compile_file(path)
        assert ir is not None, report.render_text()
        g = Game(ir, num_players=4)
        rules = g.rules
        assert rules.vp_memo.no_paths, path
        lying = 0
        for _, s, _, _ in random_steps(g, (11,), 3000):
            for q in range(g.num_players):
                direct = rules.modifier_vp(s, q)
                assert rules.vp_memo.get(s, q, rules.modifier_vp) == direct, (path, s.turn, q)
                lying += direct != 0
        assert lying, path
    reads = [{"bind": {"x": "v"}, "when": [">", ["count", "e", ["pieces", ["var", "p"], "road"],
                                                   True], 3], "value": 1}]
    own_edge = [{"bind": {"x": "v"}, "when": ["any", "e", ["edges_of", ["var", "v"]],
                                              [">=", ["owner", ["var", "e"]], 0]], "value": 1}]
    for rules_ir in (reads, own_edge):
        assert not reads_no_path_piece(rules_ir, {"pieces": 0, "owner": 0, "edges_of": 0},
                                       frozenset(("vertex",)), frozenset(("settlement",)), {})

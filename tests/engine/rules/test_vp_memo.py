"""vp_memo: VP modifiers memoised by position equal a direct evaluation at every step of seeded games."""

from __future__ import annotations

import random

from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE
from catan_dsl.engine.rules.functions import FUNCTIONS
from catan_dsl.engine.rules.vp_memo import memoisable
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

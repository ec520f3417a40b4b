"""A rule that reads only the board and its pieces keeps its answers while no piece moves (the
Rivers harbor discount on selling for gold): the answer follows every piece placed, and a clone
never reuses its original's answers."""

from __future__ import annotations

import pytest

from tests.engine.helpers import set_hand, texts
from tests.scenarios.rivers_kit import game, main, put, river_bank


def _harbor_vertex(g, ratio: int) -> int:
    return next(h["vertices"][0] for h in g.ir["board"]["harbors"] if h["ratio"] == ratio)


def test_the_discount_is_kept_until_a_piece_moves_and_then_recomputed() -> None:
    g = game()
    rule = next(r for r in g.rules.modifiers["cost"])
    assert rule.board_static                       # any(...) over pieces and harbor ratios
    s = main(g)
    set_hand(s, 0, brick=3)
    assert "do sell brick" not in texts(s)         # 4 needed without a 3:1 harbor
    memo_before = s.rules_state.board_memo
    assert memo_before is not None and memo_before[0] == s.piece_moves
    put(s, 0, "settlement", _harbor_vertex(g, 3))  # a piece moves: the discount is asked again
    assert "do sell brick" in texts(s)
    assert s.rules_state.board_memo[0] == s.piece_moves != memo_before[0]


def test_a_clone_starts_without_its_originals_answers() -> None:
    g = game()
    s = main(g)
    set_hand(s, 0, brick=3)
    texts(s)
    c = s.clone()
    assert s.rules_state.board_memo is not None and c.rules_state.board_memo is None
    put(c, 0, "settlement", _harbor_vertex(g, 3))
    assert "do sell brick" in texts(c) and "do sell brick" not in texts(s)


ROADSIDE = """scenario roadside "Roadside" extends base {
  modifier yield + 1 for v where count(e in edges_of(v) where owner(e) == owner(v)) >= 1
}
"""


def test_a_yield_modifier_on_the_pieces_follows_every_piece_placed(tmp_path) -> None:
    """A yield modifier that reads only the board and its pieces is kept per building while no
    piece moves; a road placed beside the settlement changes it at once."""
    from catan_dsl.api import compile_file
    from catan_dsl.engine import Game
    from tests.engine.helpers import empty_main, put as put_piece

    path = tmp_path / "roadside.catan"
    path.write_text(ROADSIDE, encoding="utf-8")
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    g = Game(ir, num_players=4)
    assert g.rules.yield_static
    s = empty_main(g, 0, 0)
    b = s.board
    v = next(x for x in range(b.n_vertices)
             if any(b.hex_resource[h] >= 0 and h != s.robber for h in b.vertex_hexes[x]))
    put_piece(s, 0, "settlement", v)
    assert g.rules.yield_at(s, v) == 1
    e = b.vertex_edges[v][0]
    put_piece(s, 0, "road", e)                         # a piece moves: asked again
    assert g.rules.yield_at(s, v) == 2
    c = s.clone()
    put_piece(c, 1, "road", next(x for x in b.vertex_edges[v] if c.e_owner[x] < 0))
    assert g.rules.yield_at(c, v) == 2 and g.rules.yield_at(s, v) == 2


def test_the_pieces_of_a_player_follow_every_piece_placed_or_upgraded() -> None:
    """``pieces(p, K)`` is kept while no piece moves (Event Cards asks for a player's roads on
    every listing): a road placed and a settlement made a city show at once, and a clone built
    on after it does not change the original's answer."""
    from catan_dsl.engine.rules.expressions import Ctx, compile_expr
    g = game()
    s = main(g)
    ctx = Ctx(g.rules, {"player": "player"})
    roads, settlements, cities = (compile_expr(["pieces", ["var", "player"], k], ctx)[0]
                                  for k in ("road", "settlement", "city"))
    env = {"player": 0}
    v = next(x for x in range(s.board.n_vertices) if not river_bank(g, x))
    e = s.board.vertex_edges[v][0]
    assert roads(s, env) == settlements(s, env) == ()
    put(s, 0, "settlement", v)
    put(s, 0, "road", e)
    assert (roads(s, env), settlements(s, env), cities(s, env)) == ((e,), (v,), ())
    c = s.clone()
    put(c, 0, "city", v)
    assert (settlements(c, env), cities(c, env)) == ((), (v,))
    assert (settlements(s, env), cities(s, env)) == ((v,), ())
    assert roads(s, {"player": 1}) == ()


@pytest.mark.parametrize("when, real_paid", [
    ("not real(owner(v))", 1),                       # neutral buildings only: the base path
    ("real(owner(v)) and piece(v) == settlement", 2),  # real players' settlements: +1
    ("not real(owner(v)) or piece(v) == settlement", 2),
])
def test_production_asks_the_yield_modifiers_that_can_pay_real_players(
        tmp_path, when: str, real_paid: int) -> None:
    """Production only pays real players' buildings, so a yield modifier whose condition is
    false for them ("a neutral settlement yields nothing") leaves it on the base game's path;
    one that may hold for them is asked, and pays."""
    from catan_dsl.api import compile_file
    from catan_dsl.engine import Game
    from tests.engine.helpers import act, empty_main, pre_roll, put as put_piece

    path = tmp_path / "yields.catan"
    path.write_text('scenario yields "Yields" extends base {\n'
                    f"  modifier yield + 1 for v where {when}\n}}\n", encoding="utf-8")
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    g = Game(ir, num_players=4)
    assert g.rules.yield_real == (real_paid == 2)
    s = empty_main(g, 0, 0)
    b = s.board
    h = next(h for h in range(b.n_hexes) if b.hex_resource[h] >= 0 and h != s.robber
             and b.hex_numbers[h] and b.hex_numbers[h][0] != 7)
    v, n = b.hex_vertices[h][0], b.hex_numbers[h][0]
    put_piece(s, 1, "settlement", v)
    paying = sum(1 for x in b.vertex_hexes[v]
                 if b.hex_resource[x] >= 0 and x != s.robber and n in b.hex_numbers[x])
    before = sum(s.hand[1])
    pre_roll(s, 0)
    act(s, f"roll {n}")
    assert sum(s.hand[1]) - before == real_paid * paying

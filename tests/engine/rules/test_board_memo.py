"""A rule that reads only the board and its pieces keeps its answers while no piece moves (the
Rivers harbor discount on selling for gold): the answer follows every piece placed, and a clone
never reuses its original's answers."""

from __future__ import annotations

from tests.engine.helpers import set_hand, texts
from tests.scenarios.rivers_kit import game, main, put


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

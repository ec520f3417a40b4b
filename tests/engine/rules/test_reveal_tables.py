"""A hex shown face up (Board.with_hex) brings only its own corners' and sides' tables up to
date → along random games every board's path surfaces and closed intersections are what the
whole board's tables worked out afresh say."""

from __future__ import annotations

from catan_dsl.engine.board import closed_vertices, surfaces
from tests.engine.rules.random_walks import random_steps, seafarers_game


def test_revealed_boards_have_the_tables_worked_out_afresh() -> None:
    """SF-FOG-09, SF-FOG-13, SF-FOG-15 (a face-down hex is no hex until turned up; then an
    ordinary hex, sea or land): after every hex revealed, which paths are land and water paths
    and which intersections take no building are those of the whole board worked out afresh."""
    boards, seen = 0, None
    for _, s, _, _ in random_steps(seafarers_game("fog_islands"), (1, 2, 3), 3000):
        b = s.board
        if b is not seen:
            seen, boards = b, boards + 1
            assert (b.edge_land, b.edge_water) == surfaces(
                b.edge_land_hexes, b.edge_sea_hexes, b.hex_hidden, b.hex_water)
            assert b.vertex_closed == closed_vertices(b.vertex_hexes, b.hex_hidden | b.hex_water)
    assert boards > 10


def test_carried_layout_verdicts_are_those_asked_afresh() -> None:
    """SF-FOG-09, SF-FOG-16 (no road or ship beside a face-down hex; turned up, a hex takes
    them): along random Fog Islands games, every layout build-ban verdict a revealed board
    carries from the board before it (build_bans._carried_verdicts: only the changed hexes'
    spots dropped) is the verdict the ban gives asked afresh on that board."""
    g = seafarers_game("fog_islands")
    rules, carried, seen = g.rules, 0, set()
    for _, s, _, _ in random_steps(g, (1, 2), 2000):
        for kind, (board, verdicts) in list(rules.last_verdicts.items()):
            if board is not s.board:
                continue
            k = g.piece_names.index(kind)
            for at, hit in list(verdicts.items()):
                if (id(board), kind, at) not in seen:
                    seen.add((id(board), kind, at))
                    assert rules._layout_ban(s, 0, kind, g.piece_on_edge[k], at, {}) == hit
                    carried += 1
    assert carried > 100

"""A rule that reads markers but no unit keeps its verdict while only units move (knights march
every turn, barbarians seldom), and sees every marker move; a rule that reads units sees every
unit move. Driven through the put/take/move effects, as a game moves them."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, texts

SOURCE = """scenario guarded "Guarded" extends base {
  marker bandit "bandit" { on hex }
  unit guard "guard" { on edge; each 2 }
  forbid build road at x where any(h in hexes where markers(h, bandit) >= 1)
  forbid build settlement at x where count(e in units(player, guard)) > 0
  action raid "Raid" { after roll; target h in hexes where markers(h, bandit) == 0; do { put 1 bandit on h } }
  action calm "Calm" { after roll; target h in hexes where markers(h, bandit) > 0; do { take 1 bandit from h } }
  action post "Post" { after roll; target e in edges where e < 3 and not occupied(e, guard); do { put 1 guard on e } }
  action shift "Shift" { after roll; target e in units(player, guard); do { move guard from e to first(f in edges where f == 5) } }
  action recall "Recall" { after roll; target e in units(player, guard); do { take 1 guard from e } }
}
"""


def _game(tmp_path: Path) -> Game:
    p = tmp_path / "guarded.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, report.render_text()
    return Game(ir, num_players=4)


def _bans(g: Game, s) -> tuple[bool, bool]:
    """(roads banned, settlements banned) for player 0, as a listing asks them."""
    return (g.rules.build_banned(s, 0, "road", True, 0),
            g.rules.build_banned(s, 0, "settlement", False, 0))


def _do(s, prefix: str) -> None:
    act(s, next(t for t in texts(s) if t.startswith(prefix)))


def test_the_rules_are_told_apart_by_what_they_read(tmp_path: Path) -> None:
    g = _game(tmp_path)
    road, settlement = g.rules.forbids["build"]
    assert road.position_static and road.unit_blind            # markers only
    assert settlement.position_static and not settlement.unit_blind   # reads units


def test_each_ban_follows_the_moves_it_reads_and_only_those(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    assert _bans(g, s) == (False, False)
    _do(s, "do post")                       # a unit put: the unit rule sees it
    assert _bans(g, s) == (False, True)
    kept = s.rules_state.unit_blind_memo(s.piece_moves)
    _do(s, "do shift")                      # a unit moved: the marker rule's verdict stays kept
    assert _bans(g, s) == (False, True)
    assert s.rules_state.unit_blind_memo(s.piece_moves) is kept
    _do(s, "do raid")                       # a marker put: the marker rule sees it
    assert _bans(g, s) == (True, True)
    _do(s, "do recall")                     # a unit taken: the unit rule sees it
    assert _bans(g, s) == (True, False)
    _do(s, "do calm")                       # a marker taken: the marker rule sees it
    assert _bans(g, s) == (False, False)


def test_a_clone_starts_without_its_originals_verdicts(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    assert _bans(g, s) == (False, False)
    c = s.clone()
    _do(c, "do raid")
    assert _bans(g, c) == (True, False) and _bans(g, s) == (False, False)

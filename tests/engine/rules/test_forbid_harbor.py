"""`forbid harbor at v where COND`: while the condition holds for a building on a harbor, its owner
trades at the bank's ratio (or another usable harbor's); when it stops holding, the harbor works
again (Barbarian Attack: a building lying down cannot use its harbor)."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, give, put, texts

SOURCE = """scenario lying "Lying down" extends base {
  marker barbarian "barbarian" { on hex; max 3 }
  forbid harbor at v where all(h in hexes_of(v) where markers(h, barbarian) >= 3)
}
"""


def _game(tmp_path: Path) -> Game:
    p = tmp_path / "lying.catan"
    p.write_text(SOURCE, encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    return Game(ir, num_players=4)


def test_a_forbidden_harbor_gives_the_bank_ratio_until_the_ban_lifts(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g, 0, 0)
    harbor = next(h for h in g.ir["board"]["harbors"] if h["ratio"] == 2)
    v, res = harbor["vertices"][0], harbor["resource"]
    put(s, 0, "settlement", v)
    give(s, 0, **{res: 4})
    assert f"bank 2 {res} for ore" in texts(s) or f"bank 2 {res} for lumber" in texts(s)
    barbarians = s.rules_state.markers[g.rules.marker_index["barbarian"]]
    for h in s.board.vertex_hexes[v]:
        barbarians[h] = 3                     # every land hex of the building conquered
    s.rules_state.markers_moved()             # as the marker effects do: caches see the change
    s._legal = None
    offered = [t for t in texts(s) if t.startswith("bank ")]
    assert offered and all(t.startswith(f"bank 4 {res} ") for t in offered)
    act(s, offered[0])                        # the 4:1 trade goes through
    assert s.hand[0][g.resources.index(res)] == 0
    barbarians[s.board.vertex_hexes[v][0]] = 2   # one hex freed: the harbor works again
    s.rules_state.markers_moved()
    give(s, 0, **{res: 2})
    assert any(t.startswith(f"bank 2 {res} ") for t in texts(s))


def test_games_without_the_ban_read_the_cached_ratios(tmp_path: Path) -> None:
    g = Game(compile_file("scenarios/fishermen.catan")[0], num_players=4)
    assert not g.rules.harbor_forbids and _game(tmp_path).rules.harbor_forbids

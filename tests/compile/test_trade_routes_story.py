"""docs/examples/stories/trade_routes.catan — Traders & Barbarians' mechanisms as a designer
writes them (issue 14): trade hexes with a plaza and inner roads, a wagon per player on the
intersections, a trip paid by the path with tolls to road owners, loads and deliveries."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from catan_dsl.api import check_file, compile_file
from catan_dsl.cli import main as cli
from catan_dsl.engine import Game
from tests.engine.helpers import act, empty_main, put, texts

STORY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "stories" / "trade_routes.catan"


def _game() -> Game:
    ir, report = compile_file(str(STORY))
    assert ir is not None, report.render_text()
    return Game(ir)


def _counter(s, p: int, name: str) -> int:
    return s.rules_state.counters[p][s.game.rules.counter_index[name]]


def test_the_story_checks_plays_and_replays(tmp_path: Path) -> None:
    assert not check_file(str(STORY)).errors
    r = CliRunner().invoke(cli, ["play", str(STORY), "--seed", "4", "--bots", "random", "--json"])
    assert r.exit_code == 0
    (tmp_path / "g.json").write_text(r.output, encoding="utf-8")
    r = CliRunner().invoke(cli, ["replay", str(tmp_path / "g.json")])
    assert r.exit_code == 0 and "verified" in r.output


def test_a_wagon_pays_tolls_loads_at_one_plaza_and_delivers_at_the_other() -> None:
    g = _game()
    s = empty_main(g)
    keys = {v["key"]: v["id"] for v in g.ir["board"]["vertices"]}
    quarry, works = keys["2,-2,C"], keys["-2,2,C"]
    s.rules_state.units[0][quarry * g.num_players + 0] = 1     # player 0's wagon at the quarry
    s.rules_state.unit_supply[0][0] = 0
    # Loaded with marble beside the glassworks' plaza, it steps in (2 points: no road there).
    s.rules_state.counters[0][g.rules.counter_index["marble"]] = 1
    s.rules_state.units[0][quarry * g.num_players + 0] = 0
    beside = s.board.vertex_adjacent[works][0]
    s.rules_state.units[0][beside * g.num_players + 0] = 1
    gold = _counter(s, 0, "gold")
    act(s, "do travel")
    act(s, f"choose vertex {works}")
    assert _counter(s, 0, "deliveries") == 1 and _counter(s, 0, "marble") == 0
    assert _counter(s, 0, "glass") == 1                       # loads the glassworks' goods
    assert _counter(s, 0, "gold") == gold + 2 and _counter(s, 0, "mp") == 0
    assert s.vp(0) == 1
    assert not any(t.startswith("choose vertex") for t in texts(s))   # a plaza ends the trip


def test_another_players_road_costs_one_point_and_a_gold_toll() -> None:
    g = _game()
    s = empty_main(g)
    v = 20
    w = s.board.vertex_adjacent[v][0]
    e = next(x for x in s.board.vertex_edges[v] if w in s.board.edge_vertices[x])
    put(s, 1, "road", e)
    s.rules_state.units[0][v * g.num_players + 0] = 1
    s.rules_state.unit_supply[0][0] = 0
    gold0, gold1 = _counter(s, 0, "gold"), _counter(s, 1, "gold")
    act(s, "do travel")
    act(s, f"choose vertex {w}")
    assert _counter(s, 0, "mp") == 3                          # 1 point on a road
    assert (_counter(s, 0, "gold"), _counter(s, 1, "gold")) == (gold0 - 1, gold1 + 1)

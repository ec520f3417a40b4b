"""docs/examples/stories/explorers.catan — the sea and ships as a designer writes them (issue 39
item 4): ships sail from a small home island to a face-down islet and reveal it; the end ship of
an open route moves once a turn; a pirate on the sea. Checks clean, renders, plays and replays,
and a ship built beside the fog turns it up."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.events import HexRevealed
from catan_dsl.play.playtest import run_games
from tests.engine.helpers import act, empty_main, give, put

STORY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "stories" / "explorers.catan"


def _game() -> Game:
    ir, report = compile_file(str(STORY))
    assert ir is not None and not report.diagnostics, report.render_text()
    return Game(ir, num_players=4)


def test_it_renders_plays_and_replays(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["render", str(STORY), "-o", str(tmp_path / "b.svg")])
    assert r.exit_code == 0 and (tmp_path / "b.svg").stat().st_size > 0
    summary = run_games(_game().ir, ["random"] * 4, 4, seed=3, max_turns=150)
    assert summary.mean_actions.get("move_ship", 0) > 0
    r = CliRunner().invoke(main, ["play", str(STORY), "--seed", "4", "--bots", "random",
                                  "--max-turns", "60", "--json"])
    assert r.exit_code == 0, r.output
    (tmp_path / "g.json").write_text(r.output, encoding="utf-8")
    r = CliRunner().invoke(main, ["replay", str(tmp_path / "g.json")])
    assert r.exit_code == 0 and "verified" in r.output
    r = CliRunner().invoke(main, ["render", str(tmp_path / "g.json"), "-o", str(tmp_path / "g.png")])
    assert r.exit_code == 0, r.output


def test_a_ship_beside_the_fog_reveals_it() -> None:
    g = _game()
    s = empty_main(g)
    b, ir = s.board, g.ir
    hidden = sorted(b.hex_hidden)
    e = next(e for e in range(b.n_edges) if b.edge_water[e] and set(ir["board"]["edges"][e]["hexes"]) & set(hidden))
    v = b.edge_vertices[e][0]
    other = next(x for x in b.vertex_edges[v] if x != e and s.e_owner[x] < 0)
    put(s, 0, "ship", other)                        # the route that reaches the fog's edge
    give(s, 0, lumber=1, wool=1)
    act(s, f"build ship {e}")
    assert s.current_player() == CHANCE             # the reveal: one chance step
    act(s, str(s.chance_outcomes()[0][0]))
    assert any(isinstance(x, HexRevealed) for x in s.drain_events())
    assert len(s.board.hex_hidden) < len(hidden)

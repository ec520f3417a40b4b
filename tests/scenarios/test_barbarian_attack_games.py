"""Barbarian Attack alone, with each variant and in each combination source: seeded games to the
end, conservation of barbarians and knights, bit-exact replays, explain and render (issue 13)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main as cli
from catan_dsl.engine import Game
from tests.engine.rules_kit import conserved
from tests.scenarios.ba_kit import BA, VARIANTS
from tests.variants.test_combinations import play_eager

ROOT = Path(__file__).resolve().parents[2]
COMBOS = ("rivers+barbarian_attack", "fishermen+barbarian_attack")
GAMES = 50
CASES = [(str(BA), w) for w in ((), *((v,) for v in VARIANTS))] + \
    [(str(ROOT / "scenarios" / "combinations" / f"{c}.catan"), ()) for c in COMBOS]


@lru_cache(maxsize=None)
def _game(path: str, with_: tuple[str, ...]) -> Game:
    ir, report = compile_file(path, with_=with_)
    assert ir is not None, report.render_text()
    return Game(ir)


def _id(case) -> str:
    return case if isinstance(case, tuple) and not case else \
        "+".join(case) if isinstance(case, tuple) else Path(case).stem


@pytest.mark.parametrize("path,with_", CASES, ids=lambda x: _id(x) or "alone")
def test_seeded_games_play_to_the_end(path: str, with_: tuple[str, ...]) -> None:
    """COMBO-FR-ALL-01, COMBO-EV-ALL-01, COMBO-HM-ALL-01, COMBO-C42-ALL-01: Barbarian Attack
    combines with every variant — alone, with each variant and in each combination source it
    plays 50 seeded games to the end, nearly all to a winner at the (possibly raised) target
    (a game whose barbarians are all prisoners and whose board is full can run out of VP to
    win: it ends at the turn cap), with resources, cards, counters and tokens conserved, 30
    barbarians on the board, in the supply or taken, and every knight on a path or in its
    owner's supply."""
    g = _game(path, with_)
    rules = g.rules
    prisoners = rules.counter_index["prisoners"]
    winners = 0
    for seed in range(GAMES):
        s = play_eager(g, seed)
        conserved(s)
        rs = s.rules_state
        taken = sum(rs.counters[p][prisoners] for p in range(g.num_players))
        if "catan_for_two" not in with_:          # its token action removes barbarians too
            assert sum(rs.markers[0]) + rs.marker_supply[0] + taken == 30
        on_paths = [sum(1 for o in rs.units[0] if o == p + 1) for p in range(g.num_players)]
        assert all(n + rs.unit_supply[0][p] == 6 for p, n in enumerate(on_paths))
        if s.is_terminal():
            w = s.winner()
            assert w is not None and s.vp(w) >= rules.target(s, w)
            winners += 1
    assert winners >= 0.9 * GAMES, f"{winners} of {GAMES} games had a winner"


@pytest.mark.parametrize("path", [str(BA)] + [c[0] for c in CASES[-len(COMBOS):]],
                         ids=lambda p: Path(p).stem)
def test_games_replay_bit_exact(tmp_path: Path, path: str) -> None:
    """A game is a pure function of IR + seed + choices: `play --json` then `replay` verifies."""
    r = CliRunner().invoke(cli, ["play", path, "--seed", "3", "--bots", "random", "--json"])
    assert r.exit_code == 0, r.output[-400:]
    (tmp_path / "g.json").write_text(r.output, encoding="utf-8")
    r = CliRunner().invoke(cli, ["replay", str(tmp_path / "g.json")])
    assert r.exit_code == 0 and "verified" in r.output


def test_explain_summarises_the_scenario_in_words() -> None:
    """`catan-dsl explain` names the barbarians, the knights, the cards and the conquest rules."""
    out = CliRunner().invoke(cli, ["explain", str(BA)]).output.lower()
    for words in ("barbarian", "knight", "knighthood", "treason", "produces nothing",
                  "prisoners", "colour die"):
        assert words in out, words


def test_render_shows_castle_edges_knights_and_conquered_hexes(tmp_path: Path) -> None:
    """`render` draws the castle's coloured edges; a rendered game shows knights on paths, the
    barbarians' counts and the hexes that produce nothing now."""
    svg = tmp_path / "b.svg"
    r = CliRunner().invoke(cli, ["render", str(BA), "--seed", "1", "-o", str(svg)])
    assert r.exit_code == 0
    text = svg.read_text(encoding="utf-8")
    for colour in ("red", "green", "blue"):
        assert f'id="feature-edge-{colour}_edges-0"' in text
    assert "robber" not in text
    from catan_dsl.render.figure import draw_board, save_figure
    from catan_dsl.render.state_view import state_view
    from tests.engine.rules_kit import play_random
    g = _game(str(BA), ())
    s = None
    for turns in range(150, 500, 50):           # a seeded game until a hex is conquered
        s = play_random(g, 2, cap=turns)
        if max(s.rules_state.markers[0]) == 3 and any(s.rules_state.units[0]):
            break
    view = state_view(s)
    assert view.idle_hexes and view.hex_markers
    out = tmp_path / "s.svg"
    save_figure(draw_board(g.ir, seed=s.seed, state_view=view), str(out))
    text = out.read_text(encoding="utf-8")
    for e, o in enumerate(s.rules_state.units[0]):
        if o:
            assert f'id="piece-edge-{e}' in text
    for h in view.idle_hexes:
        assert f'id="idle-h{h}"' in text


@pytest.mark.parametrize("path,with_", CASES, ids=lambda x: _id(x) or "alone")
def test_every_combination_replays_to_the_same_state(path: str, with_: tuple[str, ...]) -> None:
    """A game is a pure function of IR + seed + choices, with every variant and in each
    combination file: replaying a seeded game's actions gives the same state."""
    g = _game(path, with_)
    s = play_eager(g, 7)
    r = g.new_initial_state(7)
    for a in s.history():
        r.apply_action(a)
    assert r == s and r.rules_state.to_dict() == s.rules_state.to_dict()

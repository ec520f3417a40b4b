"""`distance(v, w)` between intersections and `modifier bot_value ... for p`: a scenario's hint
of what a position is worth, which greedy bots add to their score and the game never reads."""

from __future__ import annotations

import random
from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.engine import Game
from catan_dsl.play.playtest import play_game
from tests.engine.helpers import act, empty_main

CARTS = """scenario carts "Carts" extends base {
  unit wagon "wagon" { on vertex; each 1 }
  counter mp "movement points"
  action start "Put your wagon on the board" {
    target v in vertices
    when unit_supply(player, wagon) > 0
    do { put 1 wagon on v }
  }
  action travel "Travel (2 movement points: one path)" {
    when unit_supply(player, wagon) == 0
    limit 1 per turn
    do {
      gain 2 mp
      each v in units(player, wagon) {
        choose w in neighbours(v) by player { lose 2 mp; move wagon from v to w }
      }
    }
  }
HINT}
"""
# The hint: a wagon is worth more the farther inland it stands.
HINT = ("  modifier bot_value + 40 * sum(v in units(p, wagon):\n"
        "      min(w in vertices: (distance(v, w) if coast(w) else 99))) for p\n")


def _game(tmp_path: Path, hint: str = HINT, players: int = 4) -> Game:
    p = tmp_path / "carts.catan"
    p.write_text(CARTS.replace("HINT", hint), encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    return Game(ir, players)


def _distance(g: Game, v: int, w: int) -> int:
    return g.rules.paths.steps(v).get(w, 1_000_000)


def _to_coast(s, v: int) -> int:
    return min(_distance(s.game, v, w) for w in range(s.board.n_vertices)
               if len(s.board.vertex_hexes[w]) < 3)


def test_distance_counts_the_paths_between_two_intersections(tmp_path: Path) -> None:
    g = _game(tmp_path)
    b = empty_main(g).board
    v = 20
    assert _distance(g, v, v) == 0
    assert all(_distance(g, v, w) == 1 for w in b.vertex_adjacent[v])
    # Opposite corners of a hex are three paths apart around it, and no shortcut is shorter.
    corners = list(b.hex_vertices[b.vertex_hexes[v][0]])
    assert _distance(g, v, corners[(corners.index(v) + 3) % 6]) == 3


def test_distance_goes_through_a_trade_hexs_plaza() -> None:
    """A plaza (a hex's centre) is one inner path from each land corner of its hex, so two
    opposite land corners are two paths apart through it."""
    ir, _ = compile_file("scenarios/traders_barbarians.catan")
    g = Game(ir)
    s = empty_main(g)
    b = s.board
    plaza = next(iter(g.rules.paths.centres))
    corners = b.vertex_adjacent[plaza]
    assert len(corners) == 4 and all(_distance(g, plaza, c) == 1 for c in corners)
    assert max(_distance(g, c, d) for c in corners for d in corners) == 2


def test_bot_value_sums_the_hint_for_the_player_and_is_none_without_one(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    inland = next(v for v in range(s.board.n_vertices) if _to_coast(s, v) == 2)
    act(s, f"do start vertex {inland}")
    assert g.rules.bot_value(s, 0) == 80
    assert g.rules.bot_value(s, 1) == 0               # no wagon on the board: an empty sum
    plain = _game(tmp_path, hint="")
    assert plain.rules.bot_value(empty_main(plain), 0) is None


def test_a_greedy_bot_moves_its_wagon_where_the_hint_values_it(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = empty_main(g)
    # On the coast's next ring, with one neighbour farther inland (without the hint the bot
    # goes there in 2 of 8 seeds).
    start = next(v for v in range(s.board.n_vertices) if _to_coast(s, v) == 1
                 and [_to_coast(s, w) for w in s.board.vertex_adjacent[v]].count(2) == 1)
    act(s, f"do start vertex {start}")
    bot, rng = make_bot("greedy"), random.Random(1)
    act(s, "do travel")
    while s.prompts and s.current_player() == 0:
        s.apply_action(bot.choose(s, s.legal_actions(), rng))
    where = [v for v in range(s.board.n_vertices) if s.rules_state.units[0][v * 4]]
    assert [_to_coast(s, v) for v in where] == [2]


def test_the_game_never_reads_the_hint(tmp_path: Path) -> None:
    """Random bots play the same game, move for move, with the hint and without it."""
    hinted, plain = _game(tmp_path), _game(tmp_path, hint="")
    for seed in (3, 4):
        a = play_game(hinted, ["random"] * 4, seed, max_turns=60, record=True)
        b = play_game(plain, ["random"] * 4, seed, max_turns=60, record=True)
        assert a.transcript["steps"] == b.transcript["steps"]
        assert (a.winner, a.turns, a.vp) == (b.winner, b.turns, b.vp)


def test_compile_rejects_a_bot_value_bound_to_a_place(tmp_path: Path) -> None:
    p = tmp_path / "bad.catan"
    p.write_text('scenario bad "Bad" extends base {\n  modifier bot_value + 1 for vertex v\n}\n',
                 encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is None
    assert [d.code for d in report.diagnostics] == ["E406"]


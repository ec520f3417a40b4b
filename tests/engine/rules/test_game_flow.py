"""Issue 39 item 5, game flow: `end game [ties by EXPR]` ends the game at once with the most VP
winning (ties by the expression, then a roll-off) — or `end game winner P`, P winning — logged with its file:line and counted by
playtest as its own way a game ends; `on rolled 7 instead of robber` replaces the robber's move
and steal on a 7, after the discards, while the Knight still moves the robber."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.base import building
from catan_dsl.engine.events import GameEnded, RobberMoved
from catan_dsl.engine.prompts import DISCARD, MOVE_ROBBER
from catan_dsl.cli.summary_text import summary_table
from catan_dsl.play.playtest import run_games
from catan_dsl.report.data import build, sections
from tests.engine.helpers import act, empty_main, give, give_card, pre_roll


def compile_text(tmp_path: Path, body: str, players: int = 3) -> Game:
    path = tmp_path / "t.catan"
    path.write_text(f"scenario t extends base {{\n{body}\n}}\n", encoding="utf-8")
    ir, report = api.compile_file(str(path))
    assert ir is not None and not report.errors, report.render_text()
    return Game(ir, num_players=players)


def diagnostics(tmp_path: Path, body: str) -> list[tuple[str, str]]:
    path = tmp_path / "t.catan"
    path.write_text(f"scenario t extends base {{\n{body}\n}}\n", encoding="utf-8")
    _, report = api.compile_file(str(path))
    return [(d.code, d.message) for d in report.sorted()]


def lay(s, p: int, piece: str, at: int) -> None:
    """A piece on the board before the test begins (no event: no rule reacts)."""
    building.place_quiet(s, p, s.game.piece_names.index(piece), at)
    s._legal = None


def spread_vertices(s, n: int) -> list[int]:
    """``n`` inland intersections, no two of them neighbours."""
    b, out = s.board, []
    for v in range(b.n_vertices):
        near = {w for e in b.vertex_edges[v] for w in b.edge_vertices[e]}
        if len(b.vertex_hexes[v]) == 3 and not near & set(out):
            out.append(v)
        if len(out) == n:
            return out
    raise AssertionError("board too small")


ENDER = """  counter bell "bell"
  action ring "Ring the bell" { do { end game ties by count_of(player, bell); gain 1 ore } }"""


def test_end_game_ends_at_once_and_the_most_vp_wins(tmp_path):
    """5: the game is over after the effect, the player with the most VP wins (not the one who
    acted), the event names the rule's file:line, and nothing after `end game` runs."""
    g = compile_text(tmp_path, ENDER)
    s = empty_main(g, 0, 0)
    a, b, c = spread_vertices(s, 3)
    lay(s, 1, "city", a)                      # Blue: 2 VP, Red (acting): 1 VP
    lay(s, 0, "settlement", b)
    ore = g.resources.index("ore")
    before = s.hand[0][ore]
    act(s, "do ring")
    assert s.is_terminal() and s.winner() == 1 and s.current_player() < 0
    assert s.hand[0][ore] == before            # the rest of the rule was not run
    ended = [e for e in s.drain_events() if isinstance(e, GameEnded)]
    assert len(ended) == 1 and ended[0].player == 1 and ended[0].vp == 2
    assert ended[0].how == "most VP" and ended[0].rule.where.endswith("/t.catan:3")
    assert not s.prompts and s.legal_actions() == []



def test_end_game_at_the_end_of_a_turn_ends_it_there(tmp_path):
    """5: `end game` in an `on turn_ended` rule (a deed checked when the turn closes) ends the
    game there: no next turn starts over it (it used to, and the engine failed on its own
    'game over' prompt: "KeyError: 'game_over'")."""
    g = compile_text(tmp_path, """  counter deeds "deeds" { start 5 }
  on turn_ended where count_of(player, deeds) >= 5 { end game winner player }""")
    s = empty_main(g, 0, 1)
    act(s, "end turn")
    assert s.is_terminal() and s.winner() == 1 and s.legal_actions() == []
    ended = [e for e in s.drain_events() if isinstance(e, GameEnded)]
    assert len(ended) == 1 and ended[0].how == "winner"


def test_end_game_winner_names_the_winner_whatever_the_vp(tmp_path):
    """`end game winner P`: P wins at once with fewer VP than another player (a win by a
    deed); the event says the rule named him, and nothing after it runs."""
    g = compile_text(tmp_path, """  action finish "Finish the wonder" {
    do { end game winner player; gain 1 ore }
  }""")
    s = empty_main(g, 0, 0)
    a, b = spread_vertices(s, 2)
    lay(s, 1, "city", a)                      # Blue: 2 VP, Red (acting): 1 VP
    lay(s, 0, "settlement", b)
    ore = g.resources.index("ore")
    before = s.hand[0][ore]
    act(s, "do finish")
    ended = [e for e in s.drain_events() if isinstance(e, GameEnded)]
    assert s.is_terminal() and s.winner() == 0 and s.hand[0][ore] == before
    assert len(ended) == 1 and ended[0].how == "winner" and ended[0].vp == 1


def test_end_game_winner_must_be_a_player(tmp_path):
    """A winner that is not a player is E406, with the form in the message."""
    found = diagnostics(tmp_path, '  action finish "Finish" { do { end game winner 3 } }')
    assert any(code == "E406" and "end game winner" in msg for code, msg in found)

def test_a_tie_goes_to_the_tie_break_expression(tmp_path):
    """5: Red and Blue tie on VP; Blue rang the bell more often (`ties by count_of(player,
    bell)` reads each tied player as `player`), so Blue wins."""
    g = compile_text(tmp_path, ENDER)
    s = empty_main(g, 0, 0)
    a, b = spread_vertices(s, 2)
    lay(s, 0, "settlement", a)
    lay(s, 1, "settlement", b)
    s.rules_state.counters[1][g.rules.counter_index["bell"]] = 2
    act(s, "do ring")
    ended = [e for e in s.drain_events() if isinstance(e, GameEnded)]
    assert s.winner() == 1 and ended[0].how == "ties"


def test_players_still_tied_roll_off(tmp_path):
    """5: tied on VP and on the tie-break, the tied players roll off: one chance step among
    them alone, each equally likely; its outcome decides the winner."""
    g = compile_text(tmp_path, ENDER)
    s = empty_main(g, 0, 0)
    a, b = spread_vertices(s, 2)
    lay(s, 0, "settlement", a)
    lay(s, 2, "settlement", b)
    act(s, "do ring")
    assert not s.is_terminal() and s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert [o.id for o, _ in outcomes] == [0, 2] and [p for _, p in outcomes] == [0.5, 0.5]
    s.apply_action(outcomes[1][0])
    ended = [e for e in s.drain_events() if isinstance(e, GameEnded)]
    assert s.is_terminal() and s.winner() == 2
    assert ended[0].how == "roll-off" and ended[0].tied == (0, 2)


def test_playtest_counts_a_rule_ending_as_its_own_way_a_game_ends(tmp_path):
    """5: `playtest` (text, --json and report share these counts) names the rule."""
    g = compile_text(tmp_path, """  on turn_started where turn >= 8 { end game }""", players=4)
    summary = run_games(g.ir, ["random"] * 4, 3, seed=1)
    way = f"rule {tmp_path / 't.catan'}:2"
    assert summary.ends == {way: 3} and summary.stats()["ends"] == {way: 3}
    assert all(r.winner is not None and r.ended == way for r in summary.results)
    ends = next(x for x in sections(build(g.ir, summary, source="t.catan")) if x.key == "ends")
    assert ends.rows == [[way, 3, "100.0%"]]
    assert f"3 by `end game` at {tmp_path / 't.catan'}:2" in summary_table(summary, "t")
    plain = run_games(compile_text(tmp_path, "").ir, ["random"] * 4, 2, seed=1, max_turns=5)
    assert plain.ends == {"turn cap": 2}


# ---- on rolled 7 instead of robber ---------------------------------------------------------
RAIDERS = """  counter raiders "raiders"
  on rolled 7 instead of robber { gain 1 raiders }"""


def roll_seven(s) -> None:
    pre_roll(s, 0)
    act(s, "roll 7")


def test_a_seven_runs_the_rule_instead_of_the_robber(tmp_path):
    """5: on a 7 the rule runs and the robber neither moves nor steals."""
    g = compile_text(tmp_path, RAIDERS)
    s = empty_main(g, 0, 0)
    robber = s.robber
    roll_seven(s)
    events = s.drain_events()
    assert s.rules_state.counters[0][g.rules.counter_index["raiders"]] == 1
    assert not any(p.kind == MOVE_ROBBER for p in s.prompts)
    assert s.robber == robber and not any(isinstance(e, RobberMoved) for e in events)


def test_the_discards_come_before_the_rule(tmp_path):
    """5: a player over the limit discards half first; the rule sees the hands after it."""
    g = compile_text(tmp_path, """  counter seen "cards seen"
  on rolled 7 instead of robber { each p in players { p gains cards(p) seen } }""")
    s = empty_main(g, 0, 0)
    give(s, 1, lumber=4, brick=4)             # 8 cards: Blue discards 4
    roll_seven(s)
    assert s.current_player() == 1 and s.prompts[-1].kind == DISCARD
    seen = g.rules.counter_index["seen"]
    assert s.rules_state.counters[1][seen] == 0          # not yet: the discards come first
    while s.current_player() == 1:
        s.apply_action(s.legal_actions()[0])
    assert s.rules_state.counters[1][seen] == 4


def test_a_rule_whose_condition_fails_leaves_the_robber_to_move(tmp_path):
    """5: the robber is replaced only when a rule replacing it runs."""
    g = compile_text(tmp_path, """  counter raiders "raiders"
  on rolled 7 instead of robber where turn > 100 { gain 1 raiders }""")
    s = empty_main(g, 0, 0)
    roll_seven(s)
    assert s.current_player() == 0 and s.prompts[-1].kind == MOVE_ROBBER


def test_the_knight_still_moves_the_robber(tmp_path):
    """5: the Knight's robber move is not the 7's; the rule does not run for it."""
    g = compile_text(tmp_path, RAIDERS)
    s = empty_main(g, 0, 0)
    give_card(s, 0, "knight")
    act(s, "play knight")
    assert s.prompts[-1].kind == MOVE_ROBBER
    s.apply_action(s.legal_actions()[0])
    assert any(isinstance(e, RobberMoved) for e in s.drain_events())
    assert s.rules_state.counters[0][g.rules.counter_index["raiders"]] == 0


def test_other_numbers_still_produce(tmp_path):
    """5: `on rolled 7` filters the number: an 8 produces and runs no rule of the 7."""
    g = compile_text(tmp_path, RAIDERS)
    s = empty_main(g, 0, 0)
    pre_roll(s, 0)
    act(s, "roll 8")
    assert s.rules_state.counters[0][g.rules.counter_index["raiders"]] == 0


@pytest.mark.parametrize("body, says", [
    ("on rolled 5 instead of robber { gain 1 ore }", "the robber moves on 7, not on 5"),
    ("on built instead of robber { gain 1 ore }", "'instead of robber' replaces what a rolled"),
    ("on turn_started 3 { gain 1 ore }", "3 fits no number of trigger turn_started"),
    ("action a \"A\" { do { end game ties by players } }", "end game ties by X: X must be a number"),
])
def test_game_flow_mistakes_are_located_errors(tmp_path, body, says):
    """5: a rule that could never replace the robber, a number no trigger value takes, a
    tie-break that is not a number: E406, never a rule that silently does nothing."""
    found = diagnostics(tmp_path, body)
    assert any(code == "E406" and says in msg for code, msg in found), found


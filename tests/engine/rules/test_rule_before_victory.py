"""Issue 39 item 7(a): a triggered rule, or an action, and everything it starts — rolls, random
picks, players' choices and the rules they fire — finishes before the victory check, so what
it takes away counts (a flood that costs the builder his winning settlement happens)."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.base import building
from tests.engine.helpers import act, empty_main, give


def game(tmp_path: Path, body: str) -> Game:
    path = tmp_path / "t.catan"
    path.write_text(f"scenario t extends base {{\n  victory 3\n{body}\n}}\n", encoding="utf-8")
    ir, report = api.compile_file(str(path))
    assert ir is not None and not report.errors, report.render_text()
    return Game(ir, num_players=3)


def two_settlements_and_a_third_to_build(g: Game):
    """Red (seat 0) has 2 VP and the cards and road for a third settlement: building it would
    reach the target of 3."""
    s = empty_main(g, 0, 0)
    b = s.board
    far = [v for v in range(b.n_vertices) if len(b.vertex_hexes[v]) == 3]
    put(s, 0, "settlement", far[0])
    second = next(v for v in far if building_distance(b, far[0], v) >= 3)
    put(s, 0, "settlement", second)
    third = next(v for v in far if min(building_distance(b, v, w) for w in (far[0], second)) >= 3)
    put(s, 0, "road", b.vertex_edges[third][0])
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    return s, third


def building_distance(b, v: int, w: int) -> int:
    """Paths between two intersections (breadth first)."""
    seen, frontier, d = {v}, [v], 0
    while frontier:
        if w in frontier:
            return d
        nxt = []
        for x in frontier:
            for e in b.vertex_edges[x]:
                for y in b.edge_vertices[e]:
                    if y not in seen:
                        seen.add(y)
                        nxt.append(y)
        frontier, d = nxt, d + 1
    return 1 << 30


def put(s, p: int, piece: str, at: int) -> None:
    """A piece laid before the test begins: no event, so no rule reacts to it."""
    building.place_quiet(s, p, s.game.piece_names.index(piece), at)
    s._legal = None


def answer_chance(s, pick: int = 0) -> None:
    while s.current_player() == CHANCE:
        s.apply_action(s.chance_outcomes()[pick][0])


def test_a_flood_after_a_die_roll_happens_before_the_builder_can_win(tmp_path):
    """7(a): the rule rolls a die, then floods the settlement just built; the builder does not
    win with it (he used to: the victory check ran while the die was in the air)."""
    g = game(tmp_path, "on built settlement at v where not setup { let d = roll(6); remove v }")
    s, v = two_settlements_and_a_third_to_build(g)
    act(s, f"build settlement {v}")
    assert s.vp(0) == 3 and not s.is_terminal()       # the die is still to be rolled
    answer_chance(s)
    assert s.v_owner[v] == -1 and s.vp(0) == 2
    assert s.winner() is None and not s.is_terminal()


def test_a_flood_chosen_by_the_player_happens_before_he_can_win(tmp_path):
    """7(a): the same with a choice between two alternatives in place of the die."""
    g = game(tmp_path, """
  on built settlement at v where not setup {
    choose one { "Flood it" { remove v } "Flood it anyway" { remove v } }
  }""")
    s, v = two_settlements_and_a_third_to_build(g)
    act(s, f"build settlement {v}")
    assert not s.is_terminal() and s.current_player() == 0
    s.apply_action(s.legal_actions()[0])
    assert s.v_owner[v] == -1 and s.winner() is None and not s.is_terminal()


def test_the_builder_wins_once_the_rule_has_finished_without_taking_anything(tmp_path):
    """7(a): the check is only put off, not skipped: when the rule ends and the target still
    holds, he wins then."""
    g = game(tmp_path, "on built settlement at v where not setup { let d = roll(6); gain d wool }")
    s, v = two_settlements_and_a_third_to_build(g)
    act(s, f"build settlement {v}")
    assert not s.is_terminal()
    answer_chance(s)
    assert s.winner() == 0 and s.hand[0][g.resources.index("wool")] >= 1


def test_an_action_that_rolls_finishes_before_the_victory_check(tmp_path):
    """7(a), actions: fame bought with a gamble that loses it again on the roll never wins."""
    g = game(tmp_path, """
  counter fame "fame"
  modifier vp + count_of(p, fame) for player p
  action gamble "Gamble for fame" {
    do { gain 1 fame; let d = roll(6); if d > 0 { lose 1 fame } }
  }""")
    s = empty_main(g, 0, 0)
    b = s.board
    far = [v for v in range(b.n_vertices) if len(b.vertex_hexes[v]) == 3]
    put(s, 0, "settlement", far[0])
    put(s, 0, "settlement", next(v for v in far if building_distance(b, far[0], v) >= 3))
    act(s, "do gamble")
    assert not s.is_terminal()
    answer_chance(s)
    assert s.vp(0) == 2 and s.winner() is None and not s.is_terminal()

"""The smaller general mechanisms Barbarian Attack brought, each on its own (issue 13 item 3):
`/` in expressions, `robber { none }`, per-round set-up placements, `without special|card`,
decks carried out when drawn (`at_once`), markers that leave the game (`no_return`) and move."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import check_file, compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.helpers import act, empty_main, give, pre_roll, set_hand, texts


def _game(tmp_path: Path, body: str, name: str = "t") -> Game:
    p = tmp_path / f"{name}.catan"
    p.write_text(f"scenario {name} extends base {{\n{body}\n}}\n", encoding="utf-8")
    ir, report = compile_file(str(p))
    assert ir is not None, [d.message for d in report.diagnostics]
    return Game(ir)


def test_division_rounds_down_and_by_zero_is_zero(tmp_path: Path) -> None:
    g = _game(tmp_path, "counter c")
    s = empty_main(g)
    for a, b, want in ((7, 2, 3), (6, 3, 2), (1, 2, 0), (5, 0, 0)):
        fn, t = compile_expr(["/", a, b], Ctx(g.rules, {}))
        assert t == "int" and fn(s, {}) == want


def test_no_robber_a_seven_robs_any_player_after_the_discards(tmp_path: Path) -> None:
    g = _game(tmp_path, "robber { none }")
    s = empty_main(g)
    assert s.robber < 0 and g.no_robber
    set_hand(s, 0)
    set_hand(s, 1, ore=9)
    set_hand(s, 2, wool=1)
    pre_roll(s, 0)
    act(s, "roll 7")
    for _ in range(4):
        act(s, "discard ore")
    assert sorted(texts(s)) == ["rob 1", "rob 2"]            # touching a hex or not
    act(s, "rob 2")
    act(s, "steal 2 wool")
    assert s.hand[0][g.resources.index("wool")] == 1 and s.robber < 0


def test_per_round_placements_and_a_city_on_a_free_corner(tmp_path: Path) -> None:
    g = _game(tmp_path, "setup { place settlement road; place round 2 city road }")
    kinds = [(r, g.piece_names[k]) for p, k, r in g.setup_steps if p == 0]
    assert kinds == [(1, "settlement"), (1, "road"), (2, "city"), (2, "road")]
    p = tmp_path / "bad.catan"
    p.write_text("scenario bad extends base {\n  setup { place round 3 city road }\n}\n", encoding="utf-8")
    errors = check_file(str(p)).errors
    assert errors and errors[0].code == "E207" and "round 3" in errors[0].message


def test_without_special_and_card_withdraw_them(tmp_path: Path) -> None:
    g = _game(tmp_path, "without special largest_army\n  without card monopoly, year_of_plenty")
    assert [sp.name for sp in g.specials] == ["longest_road"]
    assert "monopoly" not in g.card_names and "knight" in g.card_names
    p = tmp_path / "bad.catan"
    p.write_text("scenario bad extends base {\n  without special biggest_army\n}\n", encoding="utf-8")
    errors = check_file(str(p)).errors
    assert errors and errors[0].code == "E218" and errors[0].span.line == 2


def test_an_at_once_deck_runs_its_rules_and_discards_the_card(tmp_path: Path) -> None:
    g = _game(tmp_path, """  deck omens { card comet x 2; card rain x 1; at_once; reshuffle_spent }
  action omen "Read an omen" { cost grain 1; do { draw 1 from omens } }
  on drew rain { gain 2 grain }""")
    s = empty_main(g)
    give(s, 0, grain=1)
    act(s, "do omen")
    act(s, "deal omens rain")
    di = g.rules.deck_index["omens"]
    assert s.hand[0][g.resources.index("grain")] == 2
    assert sum(s.rules_state.held[di][0]) == 0 and sum(s.rules_state.spent[di]) == 1


def test_markers_that_leave_the_game_and_markers_that_move(tmp_path: Path) -> None:
    g = _game(tmp_path, """  marker raider "raider" { on hex; supply 5; max 2; no_return }
  action raid "Raid" { target h in hexes where markers(h, raider) < 2; do { put 1 raider on h } }
  action capture "Capture" { target h in hexes where markers(h, raider) > 0; do { take 1 raider from h } }
  action shift "Shift" {
    target h in hexes where markers(h, raider) > 0
    do { choose x in hexes by player where x != h { move raider from h to x } }
  }""")
    s = empty_main(g)
    act(s, "do raid hex 0")
    act(s, "do raid hex 0")
    act(s, "do raid hex 1")
    assert s.rules_state.marker_supply[0] == 2
    act(s, "do capture hex 1")
    assert s.rules_state.markers[0][1] == 0 and s.rules_state.marker_supply[0] == 2   # gone
    act(s, "do shift hex 0")
    act(s, "choose hex 3")
    assert s.rules_state.markers[0][:4] == [1, 0, 0, 1]
    act(s, "do raid hex 3")
    act(s, "do shift hex 0")
    s.drain_events()
    act(s, "choose hex 3")                                   # hex 3 is full: nothing moves
    assert s.rules_state.markers[0][:4] == [1, 0, 0, 2]
    assert any(type(e).__name__ == "EffectSkipped" for e in s.drain_events())


def test_a_card_whose_effect_is_its_rules(tmp_path: Path) -> None:
    """`effect rules`: the card does nothing built in; its `on played` rules are its effect
    (T&B's Knight and Swift Journey)."""
    g = _game(tmp_path, """  development { card swift_journey 2 { effect rules } }
  counter trips "extra trips"
  on played swift_journey { gain 1 trips }""")
    s = empty_main(g)
    from tests.engine.helpers import give_card
    give_card(s, 0, "swift_journey")
    act(s, "play swift_journey")
    assert s.rules_state.counters[0][g.rules.counter_index["trips"]] == 1 and not s.prompts

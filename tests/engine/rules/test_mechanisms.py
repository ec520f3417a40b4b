"""Counters, token and card decks, rolls, forbids, modifiers, award policies, neutral players, robber homes."""

from __future__ import annotations

from catan_dsl.engine import Game
from catan_dsl.engine.actions import Roll
from catan_dsl.engine.rules.player_actions import minimal_payments
from tests.engine.helpers import act, empty_main, give, pre_roll, put, texts
from tests.engine.rules_kit import P, action, conserved, ir_with, on, play_random, v

TOKENS = {"t": {"kind": "tokens", "hidden": True, "tradeable": False,
                "items": {"t1": {"count": 3, "value": 1}, "t2": {"count": 2, "value": 2},
                          "t3": {"count": 1, "value": 3}, "zero": {"count": 1, "value": 0}},
                "max_held": 3, "when_full": "swap", "reshuffle_spent": True}}
COUNTERS = {"c": {"start": 2, "supply": 9, "tradeable": False}}


def test_counters_start_from_the_supply_and_are_capped_by_it() -> None:
    g = Game(ir_with(counters=COUNTERS, rules=[on("r.1", "turn_started", [["gain", P, 5, {"counter": "c"}]])]), 4)
    s = empty_main(g)
    assert [row[0] for row in s.rules_state.counters] == [2, 2, 2, 2] and s.rules_state.supply == [1]
    act(s, "end turn")
    assert s.rules_state.counters[1][0] == 3 and s.rules_state.supply == [0]
    conserved(s)


def test_counters_survive_a_seven_a_steal_and_a_monopoly() -> None:
    """Counters are not resources: never discarded, stolen or taken by monopoly."""
    g = Game(ir_with(counters=COUNTERS), 4)
    s = play_random(g, 1, cap=80)
    assert sum(row[0] for row in s.rules_state.counters) == 8
    conserved(s)


def test_minimal_token_payments_give_no_change() -> None:
    values = (1, 2, 3, 0)
    pays = minimal_payments([2, 1, 1, 1], values, 3)
    assert (0, 0, 1, 0) in pays and (1, 1, 0, 0) in pays
    assert all(p[3] == 0 for p in pays)                        # a worthless item never pays
    assert (2, 1, 0, 0) not in pays                            # 1+1+2: one token could go
    assert minimal_payments([1, 0, 0, 0], values, 2) == ()


def test_token_draw_is_a_weighted_chance_node_with_swap_when_full() -> None:
    rules = [on("r.1", "turn_started", [["draw", P, 4, "t"]])]
    g = Game(ir_with(decks=TOKENS, rules=rules), 4)
    s = empty_main(g)
    act(s, "end turn")
    out = dict((str(a), p) for a, p in s.chance_outcomes())
    assert out["deal t t1"] == 3 / 7 and out["deal t t3"] == 1 / 7
    for _ in range(4):
        act(s, "deal t t1" if s.rules_state.pile[0][0] else "deal t t2")
    held = s.rules_state.held[0][1]
    assert sum(held) == 3 and s.rules_state.spent[0][0] == 1          # the 4th draw swapped a 1 out
    conserved(s)


def test_token_action_pays_with_a_minimal_subset_and_respects_the_turn_limit() -> None:
    rules = [action("r.1", "flee", [["move_robber", "off_board"]],
                    cost={"tokens": {"deck": "t", "value": 2}}, limit={"per_turn": 1})]
    g = Game(ir_with(decks=TOKENS, rules=rules), 4)
    s = empty_main(g)
    s.rules_state.held[0][0][:] = [2, 1, 0, 0]
    s.rules_state.pile[0][0] -= 2
    s.rules_state.pile[0][1] -= 1
    s._legal = None
    acts = [t for t in texts(s) if t.startswith("do")]
    assert acts == ["do flee pay t2", "do flee pay t1 t1"]
    act(s, "do flee pay t2")
    assert s.robber == -1 and s.rules_state.held[0][0] == [2, 0, 0, 0]
    assert not [t for t in texts(s) if t.startswith("do")]
    conserved(s)


def test_action_targets_give_one_legal_action_per_target() -> None:
    """An item is handed to each opponent with at least as many VP."""
    rules = [action("r.1", "pass", [["give_item", P, v("q"), "zero"]], phase="any",
                    when=["holds", P, "zero"],
                    target={"var": "q", "from": ["opponents", P],
                            "where": [">=", ["vp", v("q")], ["vp", P]]})]
    g = Game(ir_with(decks=TOKENS, rules=rules), 4)
    s = empty_main(g)
    s.rules_state.held[0][0][3] = 1
    s.rules_state.pile[0][3] = 0
    put(s, 0, "settlement", 0)
    put(s, 2, "settlement", 10)
    s._legal = None
    assert [t for t in texts(s) if t.startswith("do")] == ["do pass player 2"]
    act(s, "do pass player 2")
    assert s.rules_state.held[0][2][3] == 1


def _deck_ir() -> dict:
    items = {f"n{n}": {"count": 1, "number": n} for n in (5, 6, 7, 8)}
    items["n6"]["event"] = "boom"
    return ir_with(decks={"ev": {"kind": "cards", "hidden": False, "tradeable": False, "items": items,
                                 "marker": {"id": "end", "after": 3, "then": "reshuffle_and_draw"}}},
                   production={"dice": 2, "robber_number": 7, "source": {"deck": "ev"}},
                   rules=[on("r.1", "revealed", [["set_yield", "settlement", 2]],
                             filter={"card": "boom"})])


def test_card_deck_replaces_the_dice_and_reshuffles_at_the_marker() -> None:
    g = Game(_deck_ir(), 4)
    s = pre_roll(empty_main(g), 0)
    assert sorted(str(a) for a, _ in s.chance_outcomes()) == ["deal ev n5", "deal ev n6",
                                                             "deal ev n7", "deal ev n8"]
    for name in ("n5", "n6", "n7"):
        act(s, f"deal ev {name}")
        act(s, "end turn")
    assert [str(a) for a, _ in s.chance_outcomes()] == ["deal ev n5", "deal ev n6", "deal ev n7",
                                                       "deal ev n8"]  # marker: reshuffled
    act(s, "deal ev n8")
    assert s.rules_state.drawn == [1]


def test_revealed_event_runs_before_production() -> None:
    """The card's event (a yield change) applies to the production for its number."""
    g = Game(_deck_ir(), 4)
    s = pre_roll(empty_main(g), 0)
    h = next(h for h in range(s.board.n_hexes) if 6 in s.board.hex_numbers[h])
    put(s, 1, "settlement", s.board.hex_vertices[h][0])
    r = s.board.hex_resource[h]
    act(s, "deal ev n6")
    assert s.hand[1][r] == 2


def test_two_distinct_rolls_each_resolved_in_turn() -> None:
    g = Game(ir_with(production={"dice": 2, "robber_number": 7, "rolls": 2,
                                 "distinct_rolls": True}), 4)
    s = pre_roll(empty_main(g), 0)
    act(s, "roll 8")
    outcomes = s.chance_outcomes()
    assert "roll 8" not in [str(a) for a, _ in outcomes]
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    act(s, "roll 7")                           # the second roll's robber sequence follows
    assert s.prompts and s.prompts[-1].kind in ("move_robber", "discard")


def test_reroll_cancels_a_roll() -> None:
    rules = [on("r.1", "rolled", [["reroll"]], when=["==", v("n"), 7], bind={"n": "n"})]
    g = Game(ir_with(rules=rules), 4)
    s = pre_roll(empty_main(g), 0)
    act(s, "roll 7")
    assert s.is_chance_node() and isinstance(s.chance_outcomes()[0][0], Roll)


def test_forbid_robber_move_falls_back_and_marks_the_move_forced() -> None:
    everywhere = [on("r.0", "turn_started", [])]
    rules = everywhere + [
        {"kind": "forbid", "id": "f.1", "span": "t:1", "what": "robber_move", "bind": {"to": "h"},
         "when": True, "else": [{"terrain": "nowhere"}, "off_board"]},
        {"kind": "forbid", "id": "f.2", "span": "t:2", "what": "steal", "bind": {"from": "q"},
         "when": ["robber_forced"]}]
    g = Game(ir_with(rules=rules), 4)
    s = pre_roll(empty_main(g), 0)
    act(s, "roll 7")
    assert texts(s) == ["move robber -1"]
    act(s, "move robber -1")
    assert s.robber == -1 and s.rules_state.robber_forced


def test_forbid_build_and_modifiers_for_target_vp_yield_and_cost() -> None:
    rules = [
        {"kind": "forbid", "id": "f.1", "span": "t:1", "what": "build", "filter": {"kind": "road"},
         "bind": {"at": "e"}, "when": ["coast", v("e")]},
        {"kind": "modifier", "id": "m.1", "span": "t:2", "what": "target", "bind": {"p": "p"},
         "when": ["==", v("p"), 0], "value": 2},
        {"kind": "modifier", "id": "m.2", "span": "t:3", "what": "vp", "bind": {"x": "x"},
         "when": ["coast", v("x")], "value": 1},
        {"kind": "modifier", "id": "m.3", "span": "t:4", "what": "yield", "bind": {"x": "x"},
         "when": True, "value": 1},
        action("a.1", "buy", [["gain", P, 1, {"resource": "ore"}]], cost={"resources": {"wool": 2}}),
        {"kind": "modifier", "id": "m.4", "span": "t:5", "what": "cost",
         "filter": {"action": "buy"}, "when": True, "value": -1},
    ]
    g = Game(ir_with(rules=rules, victory={"target": 10, "bonus": 1}), 4)
    s = empty_main(g)
    coast_v = next(x for x in range(s.board.n_vertices) if g.rules.coast["vertex"][x])
    put(s, 0, "settlement", coast_v)
    give(s, 0, lumber=1, brick=1, wool=1)
    assert all(not g.rules.coast["edge"][int(t.split()[2])] for t in texts(s) if t.startswith("build road"))
    assert g.rules.target(s, 0) == 13 and g.rules.target(s, 1) == 11
    assert s.vp(0) == 2 and s.vp_breakdown(0)["modifiers"] == 1
    assert g.rules.yield_at(s, coast_v) == 2
    assert "do buy" in texts(s)                                 # 2 wool - 1 = 1


def test_award_policies_expr_sole_max_and_all_min() -> None:
    counters = {"c": {"start": 0, "supply": None, "tradeable": False}}
    specials = dict(ir_with()["special_cards"])
    specials["most"] = {"vp": 1, "policy": "sole_max", "measure": {"kind": "counter", "name": "c"}}
    specials["least"] = {"vp": -2, "policy": "all_min", "copies": 4,
                         "measure": {"kind": "counter", "name": "c"}}
    specials["pts"] = {"vp": 2, "min": 2, "policy": "first_then_strictly_more",
                       "measure": {"kind": "expr", "var": "p",
                                   "expr": ["count_of", v("p"), "c"]}}
    rules = [action("a.1", "earn", [["gain", P, 1, {"counter": "c"}]])]
    g = Game(ir_with(counters=counters, special_cards=specials, rules=rules), 4)
    s = empty_main(g)
    act(s, "end turn")
    act(s, "roll 8")
    least = g.rules.special_index["least"]
    assert s.rules_state.multi[least] == [0, 1, 2, 3] and s.vp(1) == -2
    act(s, "do earn")
    assert s.holders[g.rules.special_index["most"]] == 1 and s.rules_state.multi[least] == [0, 2, 3]
    assert s.vp(1) == 1
    s.rules_state.counters[1][0] = 2
    act(s, "end turn")
    assert s.holders[g.rules.special_index["pts"]] == 1 and s.vp(1) == 3


def test_neutral_players_start_placed_never_take_turns_and_never_produce() -> None:
    ir = ir_with(players={"min": 2, "max": 2, "default": 2, "neutral": 2,
                          "neutral_start": [[0], [20]]})
    g = Game(ir, 2)
    s = g.new_initial_state(0)
    assert s.v_owner[0] == 2 and s.v_owner[20] == 3
    assert g.num_players == 4 and g.n_real == 2
    s = play_random(g, 0, cap=30)
    assert {a for a in range(2)} >= {s.cur}
    assert sum(s.hand[2]) == sum(s.hand[3]) == 0


def test_start_player_roll_robber_start_and_home() -> None:
    ir = ir_with(setup={**ir_with()["setup"], "start_player": "roll"},
                 robber={"discard_above": 7, "steal": 1, "start": "off_board",
                         "home": [{"terrain": "nowhere"}, {"terrain": "desert"}]})
    g = Game(ir, 4)
    s = g.new_initial_state(0)
    assert s.robber == -1 and s.is_chance_node()
    assert [str(a) for a, _ in s.chance_outcomes()] == [f"choose player {p}" for p in range(4)]
    act(s, "choose player 2")
    assert s.current_player() == 2
    assert s.board.hex_terrain[g.rules.home_hex(s)] == "desert"


def test_return_played_card_is_boxed_and_awards_recomputed() -> None:
    rules = [action("a.1", "back", [["return_played", P, "army"]],
                    when=[">", ["played", P, "army"], 0])]
    g = Game(ir_with(rules=rules, counters=COUNTERS), 4)
    s = empty_main(g)
    knight = g.card_names.index("knight")
    la = g.rules.special_index["largest_army"]
    s.deck[knight] -= 3
    s.dev_played[0][knight] = 3
    s.measure[la][0] = 3
    s.holders[la] = 0
    s._legal = None
    act(s, "do back")
    assert s.dev_played[0][knight] == 2 and s.rules_state.box[knight] == 1 and s.holders[la] == -1
    conserved(s)


def test_random_games_with_every_mechanism_keep_every_invariant() -> None:
    rules = [
        on("r.1", "produced", [["each", "q", ["players"], True, [["draw", v("q"), 1, "t"]]]]),
        action("a.1", "flee", [["move_robber", "home"]], cost={"tokens": {"deck": "t", "value": 2}}),
        action("a.2", "buy", [["gain", P, 1, {"choice": "resource"}]], cost={"counters": {"c": 1}}),
        action("a.3", "swap", [["transfer", P, ["left", P], 1, {"random": "held"}],
                               ["lose", P, 1, {"choice": "held"}]], cost={"resources": {"ore": 1}}),
    ]
    g = Game(ir_with(rules=rules, decks=TOKENS, counters=COUNTERS), 4)
    for seed in range(4):
        s = play_random(g, seed, cap=120)
        conserved(s)

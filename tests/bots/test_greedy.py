"""Scripted positions and seeded games → the greedy bot's choices (cards, robber, unknown actions, ties)."""

from __future__ import annotations

import random

import pytest

from catan_dsl.api import compile_file
from catan_dsl.bots import make_bot
from catan_dsl.bots.greedy import production
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.actions import Build, MoveRobber, PlayCard, RuleAction
from tests.engine.helpers import empty_main, give_card, play_game, put, set_hand
from tests.engine.rules_kit import P, action, base_ir, ir_with, on


@pytest.fixture(scope="module")
def base() -> Game:
    return Game(base_ir(), 4)


def _special(g: Game, name: str) -> int:
    return [sp.name for sp in g.specials].index(name)


def _choose(s, seed: int = 0):
    return make_bot("greedy").choose(s, s.legal_actions(), random.Random(seed))


def _resolve_own_turn(s, p: int, seed: int = 0) -> None:
    """Let the greedy bot answer ``p``'s prompts (and chance) until ``p`` is back in his turn."""
    rng = random.Random(seed)
    bot = make_bot("greedy")
    while s.prompts:
        who = s.current_player()
        assert who in (p, CHANCE)
        s.apply_action(s.sample_chance(rng) if who == CHANCE
                       else bot.choose(s, s.legal_actions(), rng))


def test_plays_a_knight_that_takes_largest_army(base: Game) -> None:
    """BASE-63, BASE-65: the third played knight takes Largest Army (2 VP): a held knight is played
    for it, although a held card scores more than a played one."""
    s = empty_main(base)
    put(s, 0, "settlement", 0)
    put(s, 1, "settlement", 20)
    si = _special(base, "largest_army")
    knight = base.card_names.index("knight")
    s.dev_played[0][knight] = 2
    s.measure[si][0] = 2
    give_card(s, 0, "knight")
    a = _choose(s)
    assert isinstance(a, PlayCard) and a.card == knight
    s.apply_action(a)
    _resolve_own_turn(s, 0)
    assert s.holders[si] == 0 and s.vp(0) == 3


def test_plays_a_knight_to_block_the_leaders_best_hex(base: Game) -> None:
    """BASE-54, BASE-21: a knight moves the robber (whose hex then produces nothing) and steals;
    the bot plays its first knight (no award yet) to block the leader's most productive hex."""
    s = empty_main(base)
    b = s.board
    # The leader: two cities on the best number hexes.
    by_pips = sorted((h for h in range(len(b.hex_numbers)) if b.hex_resource[h] >= 0
                      and h != s.robber), key=lambda h: min(abs(7 - n) for n in b.hex_numbers[h]))
    leader_spots = []
    for h in by_pips:
        for v in b.hex_vertices[h]:
            if s.v_owner[v] < 0 and all(s.v_owner[u] < 0 for u in b.vertex_adjacent[v]):
                put(s, 1, "settlement", v)
                leader_spots.append(v)
                break
        if len(leader_spots) == 3:
            break
    for v in leader_spots:
        put(s, 1, "city", v)
    # The bot: one settlement on a hex the leader does not touch.
    leader_hexes = {h for v in leader_spots for h in b.vertex_hexes[v]}
    mine = next(v for v in range(b.n_vertices)
                if s.v_owner[v] < 0 and all(s.v_owner[u] < 0 for u in b.vertex_adjacent[v])
                and not set(b.vertex_hexes[v]) & leader_hexes)
    put(s, 0, "settlement", mine)
    give_card(s, 0, "knight")
    a = _choose(s)
    assert isinstance(a, PlayCard) and base.cards[a.card].effect == "robber"
    s.apply_action(a)
    before = production(s, 1)
    move = _choose(s)
    assert isinstance(move, MoveRobber)
    # The best block: the hex whose loss costs the leader most, among hexes without the bot.
    loss = {}
    for h in range(len(b.hex_numbers)):
        if h == s.robber or b.hex_resource[h] < 0 or mine in b.hex_vertices[h]:
            continue
        c = s.clone()
        c.robber = h
        loss[h] = before - production(c, 1)
    assert loss[move.hex] == max(loss.values()) > 0


def test_takes_a_rule_action_it_was_never_told_about() -> None:
    """A scenario action the bot has no code for (pay 1 wool, then name a resource and take 2 of
    it) is taken because the look-through resolves its prompt; a useless one is never taken."""
    rules = [action("a.1", "bounty", [["gain", P, 2, {"choice": "resource"}]],
                    cost={"resources": {"wool": 1}}, limit={"per_turn": 1}),
             action("a.2", "waste", [], cost={"resources": {"wool": 1}})]
    g = Game(ir_with(rules=rules), 4)
    s = empty_main(g)
    put(s, 0, "settlement", 0)
    set_hand(s, 0, wool=1)
    legal = s.legal_actions()
    assert {str(a) for a in legal if isinstance(a, RuleAction)} == {"do bounty", "do waste"}
    a = _choose(s)
    assert isinstance(a, RuleAction) and str(a) == "do bounty"
    s.apply_action(a)
    _resolve_own_turn(s, 0)
    assert sum(s.hand[0]) == 2
    # Without wool to spare for anything useful, the costly action that yields nothing is left.
    s2 = empty_main(g)
    put(s2, 0, "settlement", 0)
    set_hand(s2, 0, wool=1)
    for _ in range(3):
        a = _choose(s2, seed=_)
        assert str(a) != "do waste"


def test_ties_end_the_turn(base: Game) -> None:
    """With nothing that changes the score, ending the turn wins the tie (the bot never dithers)."""
    s = empty_main(base)
    put(s, 0, "settlement", 0)
    assert _choose(s) is base.actions.end_turn


@pytest.mark.parametrize("seed", [1, 2])
def test_four_greedy_bots_finish_and_are_deterministic(base: Game, seed: int) -> None:
    """A 4-greedy game ends with a winner well before the cap, and the same seed replays it."""
    bots = [make_bot("greedy") for _ in range(4)]
    s = play_game(base, seed, bots, cap=400)
    assert s.is_terminal() and s.winner() is not None
    again = play_game(base, seed, [make_bot("greedy") for _ in range(4)], cap=400)
    assert [str(a) for a in again.history()] == [str(a) for a in s.history()]


def test_beats_random_bots_clearly(base: Game) -> None:
    """Greedy in every seat in turn against three random bots wins at least 12 of 20 games."""
    wins = 0
    for seed in range(20):
        seat = seed % 4
        bots = [make_bot("greedy") if p == seat else make_bot("random") for p in range(4)]
        s = play_game(base, 100 + seed, bots, cap=300)
        wins += s.winner() == seat
    assert wins >= 12


@pytest.mark.parametrize("played, other, takes", [(3, 0, False), (5, 1, True)])
def test_gives_up_a_played_card_only_when_its_award_survives(played: int, other: int,
                                                             takes: bool) -> None:
    """BASE-63 (and C42-31's shape, generically): an unknown action that returns a played army
    card for 2 counters is taken when Largest Army stays with the bot (5 vs 1), refused when the
    card would fall below its minimum of 3 and be set aside."""
    rules = [action("a.1", "cash_in", [["return_played", P, "army"],
                                       ["gain", P, 2, {"counter": "c"}]],
                    when=[">", ["played", P, "army"], 0], limit={"per_turn": 1})]
    counters = {"c": {"start": 0, "supply": 20, "tradeable": False}}
    g = Game(ir_with(rules=rules, counters=counters), 4)
    s = empty_main(g)
    put(s, 0, "settlement", 0)
    knight = g.card_names.index("knight")
    si = _special(g, "largest_army")
    for p, n in ((0, played), (1, other)):
        s.dev_played[p][knight] = n
        s.measure[si][p] = n
    s.holders[si] = 0
    s._legal = None
    assert "do cash_in" in {str(a) for a in s.legal_actions()}
    a = _choose(s)
    assert (str(a) == "do cash_in") is takes
    if takes:
        s.apply_action(a)
        assert s.holders[si] == 0 and s.rules_state.counters[0][0] == 2


def _deepest_look(s, monkeypatch) -> int:
    """How many own follow-up prompts the greedy bot looks through when it chooses at ``s``
    (the depth it hands its search for each action weighed)."""
    from catan_dsl.bots import greedy
    depths: set[int] = set()
    real = greedy._Search.value

    def spy(self, state, a, decisions, chances):
        depths.add(decisions)
        return real(self, state, a, decisions, chances)
    set_hand(s, s.cur, brick=4)          # bank trades to weigh besides ending the turn
    monkeypatch.setattr(greedy._Search, "value", spy)
    _choose(s)
    return max(depths)


@pytest.mark.parametrize("set_to,want", [(None, 1), (3, 3)])
def test_a_scenario_sets_how_far_the_bot_looks_with_a_parameter(tmp_path, monkeypatch, set_to,
                                                                   want) -> None:
    """`param bot_look_ahead = N`: a greedy bot looks through N of its own follow-up prompts
    after each action it weighs; `--set` changes it like any other parameter."""
    from catan_dsl.api import compile_file
    src = tmp_path / "shallow.catan"
    src.write_text('variant shallow extends base { param bot_look_ahead = 1 in 1..3 }\n',
                   encoding="utf-8")
    ir, report = compile_file(str(src), params=None if set_to is None else
                              {"bot_look_ahead": set_to})
    assert ir is not None, report.render_text()
    assert _deepest_look(empty_main(Game(ir, 4)), monkeypatch) == want


def test_without_the_parameter_the_bot_looks_three_prompts_ahead(base: Game, monkeypatch) -> None:
    from catan_dsl.bots.greedy import OWN_DECISIONS
    assert _deepest_look(empty_main(base), monkeypatch) == OWN_DECISIONS == 3


def _settlement_in_reach(g: Game):
    """Player 0 in his main phase with a settlement, a two-road path to a free corner, and the
    cards of a settlement: the settlement at the path's end is his best build."""
    s = empty_main(g)
    b = s.board
    home = 0
    put(s, 0, "settlement", home)
    for e1 in b.vertex_edges[home]:
        mid = next(x for x in b.edge_vertices[e1] if x != home)
        for e2 in b.vertex_edges[mid]:
            far = next(x for x in b.edge_vertices[e2] if x != mid)
            if far != home and all(u != home for u in b.vertex_adjacent[far]):
                put(s, 0, "road", e1)
                put(s, 0, "road", e2)
                set_hand(s, 0, brick=1, lumber=1, wool=1, grain=1)
                return s, far
    raise AssertionError("no corner two paths away")


def test_ending_the_turn_scores_the_position_as_it_stands() -> None:
    """An end-of-turn rule pays whatever the bot does first, so it is no reason to end before
    building: with 100 tokens paid on ending (worth 200, more than a settlement's 100 VP
    points), the bot still builds the settlement first. The bot that looked through ending
    (look_through_end) credited the tokens to ending alone and ended with the cards in hand."""
    rules = [on("r.1", "turn_ended", [["gain", P, 100, {"counter": "loot"}]])]
    g = Game(ir_with(counters={"loot": {"start": 0, "supply": None, "tradeable": False}},
                     rules=rules), 4)
    s, far = _settlement_in_reach(g)
    a = _choose(s)
    assert isinstance(a, Build) and g.piece_names[a.kind] == "settlement" and a.at == far
    old = make_bot("greedy")
    old.look_through_end = True
    assert old.choose(s, s.legal_actions(), random.Random(0)) is g.actions.end_turn


GAMBLE = """scenario gamble extends base {
  deck lucky { card charm x 3; at_once }
  action gamble "Gamble" { cost wool 1; after roll; limit 1 per turn; do { draw 1 from lucky } }
  on drew charm { choose r in resources by player where r != wool { gain 3 r } }
  PARAM
}
"""


@pytest.mark.parametrize("param, gambles", [("", True),
                                            ("param bot_look_after_chance = 1 in 0..3", True),
                                            ("param bot_look_after_chance = 0 in 0..3", False)])
def test_a_scenario_sets_how_many_own_prompts_the_bot_looks_through_after_chance(
        tmp_path, param: str, gambles: bool) -> None:
    """A card drawn (a chance node) opens a prompt of the bot's own: naming a resource to take
    3 of. Looking through it (as many prompts as before chance, or `bot_look_after_chance =
    1`), the bot sees the 3 cards and gambles its wool; with 0 it sees only the wool paid."""
    path = tmp_path / "gamble.catan"
    path.write_text(GAMBLE.replace("PARAM", param))
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    g = Game(ir, 4)
    s = empty_main(g)
    put(s, 0, "settlement", 0)
    set_hand(s, 0, wool=1)
    gamble = next(a for a in s.legal_actions() if str(a) == "do gamble")
    assert (_choose(s) is gamble) == gambles
    bot = make_bot("greedy")
    bot.after_chance = 1                    # set on a bot, it overrides the scenario
    assert bot.choose(s, s.legal_actions(), random.Random(0)) is gamble


SCOUT = """scenario scout extends base {
  counter flags "flags" { start 0 }
  action scout "Scout" {
    cost wool 1; after roll; limit 1 per turn
    do { choose e in edges by player where true { gain 1 flags } }
  }
  PARAM
}
"""


def _scored(tmp_path, monkeypatch, param: str, bot=None) -> int:
    """Positions the greedy bot scores to weigh its options, scouting (a choice among all 72
    paths) among them."""
    from catan_dsl.bots import greedy
    path = tmp_path / "scout.catan"
    path.write_text(SCOUT.replace("PARAM", param))
    ir, report = compile_file(str(path))
    assert ir is not None, report.render_text()
    s = empty_main(Game(ir, 4))
    put(s, 0, "settlement", 0)
    set_hand(s, 0, wool=1)
    calls = []
    real = greedy.evaluate
    monkeypatch.setattr(greedy, "evaluate", lambda st, p: calls.append(1) or real(st, p))
    (bot or make_bot("greedy")).choose(s, s.legal_actions(), random.Random(0))
    return len(calls)


def test_a_scenario_sets_how_many_options_of_a_long_prompt_the_look_ahead_scores(
        tmp_path, monkeypatch) -> None:
    """`param bot_look_sample = N`: weighing "scout", the bot scores N of the 72 paths it could
    pick (a sample drawn with its own rng), not SAMPLE; set on a bot, it overrides the
    scenario."""
    from catan_dsl.bots.greedy import SAMPLE
    five = _scored(tmp_path, monkeypatch, "param bot_look_sample = 5 in 1..24")
    assert _scored(tmp_path, monkeypatch, "param bot_look_sample = 6 in 1..24") == five + 1
    assert _scored(tmp_path, monkeypatch, "") == five + SAMPLE - 5
    bot = make_bot("greedy")
    bot.look_sample = 6
    assert _scored(tmp_path, monkeypatch, "param bot_look_sample = 5 in 1..24", bot) == five + 1


def test_a_counter_reset_each_turn_is_worth_nothing_in_the_guess(tmp_path) -> None:
    """Without a `bot_value` hint every counter is guessed at about two cards a unit — except one
    that goes back to its start each turn (movement points): what is left of it is lost at the
    turn's end, so spending it on a step is no loss to the bot (Traders & Barbarians without its
    hints: the wagon stood still while it counted movement points as wealth)."""
    from catan_dsl.bots.greedy import COUNTER_WEIGHT, holdings
    src = tmp_path / "walk.catan"
    src.write_text('scenario walk "Walk" extends base {\n'
                   '  counter steps "steps" { start 3; reset each turn }\n'
                   '  counter kept "kept"\n}\n', encoding="utf-8")
    ir, report = compile_file(str(src))
    assert ir is not None, report.render_text()
    g = Game(ir, 4)
    s = empty_main(g)
    steps, kept = (g.rules.counter_index[n] for n in ("steps", "kept"))
    before = holdings(s, 0)
    s.rules_state.counters[0][steps] = 0
    assert holdings(s, 0) == before
    s.rules_state.counters[0][kept] += 1
    assert holdings(s, 0) == before + COUNTER_WEIGHT

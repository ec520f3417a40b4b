"""A served game without the web: seats, a human's actions and refusals, bots, the transcript it
records, the log's secrets and the view a seat gets."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest

from catan_dsl import api
from catan_dsl.bots import BOTS
from catan_dsl.engine import CHANCE
from catan_dsl.engine.actions import Choose, PlayCard, Rob
from catan_dsl.play.gamelog import DESCRIBE
from catan_dsl.play.transcript import replay
from catan_dsl.serve.session import HUMAN, GameSession, Refused, seat_kinds
from catan_dsl.serve.sources import SourceLines
from catan_dsl.serve.view import action_list, label_of
from tests.serve.conftest import FISHERMEN, short_fishermen


def _bots_until_human(s: GameSession) -> None:
    while s.step_automatic():
        pass


def test_seat_kinds_take_human_and_every_registered_bot() -> None:
    ir = short_fishermen()
    assert seat_kinds("human,greedy,random,greedy", ir) == [HUMAN, "greedy", "random", "greedy"]
    assert seat_kinds(None, ir) == [HUMAN, "greedy", "greedy", "greedy"]
    assert seat_kinds("human", ir) == [HUMAN] * 4                       # hot-seat for four
    for name in BOTS:                           # e.g. "mcts" once that bot is registered
        assert seat_kinds(f"human,{name},{name}", ir)[1] == name
    with pytest.raises(ValueError, match=r"unknown seat 'robot' \(valid: greedy, human,"):
        seat_kinds("human,robot", ir)
    with pytest.raises(ValueError, match="for 2–4 players, not 7"):
        seat_kinds(",".join(["greedy"] * 7), ir)


def test_a_human_plays_by_the_actions_text_and_bad_ones_change_nothing() -> None:
    s = GameSession(short_fishermen(), [HUMAN, "greedy", "greedy", "greedy"], seed=2)
    assert s.to_move() == 0 and s.waiting_for_human()
    before = (s.version, s.steps, s.state.to_dict())
    for seat, text, status, words in [
        (None, "build settlement 999", 422, "cannot parse"),
        (None, "fly to the moon", 422, "not an action of this game"),
        (None, "do no_such_action", 422, "not an action of this game"),
        (None, "", 422, "non-empty text"),
        (None, 7, 422, "non-empty text"),
        (1, "build settlement 0", 409, "Red's move, not Blue's"),
        (None, "end turn", 422, "end turn is not legal now (place a settlement): Red may play "
                               "build settlement 0, build settlement 1, build settlement 2, "
                               "build settlement 3, … (54 in all)"),
    ]:
        with pytest.raises(Refused, match=re.escape(words)) as refused:
            s.act(seat, text)
        assert refused.value.status == status
    assert (s.version, s.steps, s.state.to_dict()) == before
    s.act(0, "build settlement 12")
    assert s.state.v_owner[12] == 0 and s.steps == 1 and s.version == before[0] + 1
    with pytest.raises(Refused, match="Red's move"):
        s.act(1, "build road 0")


def test_a_game_of_bots_records_a_transcript_that_replays_from_its_seed() -> None:
    """Bots and chance draw from one generator in `play`'s order, so replay recomputes them."""
    ir = short_fishermen()
    s = GameSession(ir, ["greedy", "random", "greedy"], seed=5)
    _bots_until_human(s)
    assert s.over() and s.to_move() is None
    result = replay(json.loads(json.dumps(s.transcript())), ir)
    assert result.ok and result.recomputed, result.mismatch
    assert result.final["vp"] == [s.state.vp(p) for p in range(3)]


def test_a_game_with_a_human_replays_step_by_step() -> None:
    ir = short_fishermen()
    s = GameSession(ir, [HUMAN, "greedy", "greedy", "greedy"], seed=3)
    for _ in range(200):
        _bots_until_human(s)
        if s.over():
            break
        legal = [str(a) for a in s.state.legal_actions()]
        s.act(None, "end turn" if "end turn" in legal else legal[0])
    doc = s.transcript()
    assert doc["bots"] == [HUMAN, "greedy", "greedy", "greedy"]
    result = replay(doc, ir)
    assert result.ok and not result.recomputed      # a human's choices are checked, not redrawn
    assert result.steps_verified == s.steps


def test_a_failing_bot_stops_the_game_and_says_so_without_raising(monkeypatch) -> None:
    class Broken:
        name = "broken"

        def choose(self, state, legal, rng):  # type: ignore[no-untyped-def]
            raise RuntimeError("out of ideas")

    monkeypatch.setitem(BOTS, "broken", Broken)
    s = GameSession(short_fishermen(), ["broken", HUMAN, "greedy"], seed=1)
    steps = s.steps
    assert s.step_automatic() is None
    assert s.error == "Red's bot (broken) failed: RuntimeError: out of ideas"
    assert s.steps == steps and s.view(1)["error"] == s.error
    with pytest.raises(Refused, match="the game stopped") as refused:
        s.act(1, "end turn")
    assert refused.value.status == 409


def test_an_engine_failure_restores_the_position_before_the_action(monkeypatch) -> None:
    s = GameSession(short_fishermen(), [HUMAN, "greedy", "greedy"], seed=1)
    before = s.state.to_dict()
    real = type(s.state).apply_action

    def exploding(self, action):  # type: ignore[no-untyped-def]
        real(self, action)
        raise KeyError("broken rule")

    monkeypatch.setattr(type(s.state), "apply_action", exploding)
    with pytest.raises(Refused, match="the engine could not play 'build settlement 3'") as refused:
        s.act(0, "build settlement 3")
    monkeypatch.undo()
    assert refused.value.status == 500
    assert s.state.to_dict() == before and s.steps == 0 and s.recorder.steps == []


def test_base_24_43_a_seat_sees_its_own_cards_and_the_log_keeps_the_others_secret() -> None:
    """BASE-24, BASE-43: others' resource cards and bought development cards are hidden — in the
    seat panels and in the log lines (a card bought or stolen is named only to those involved)."""
    s = GameSession(short_fishermen(10), ["greedy"] * 4, seed=8)
    while not s.over() and not any(e["text"].startswith(("Red bought", "Blue bought"))
                                   and "(" in e["text"] for e in s.log.entries):
        s.step_automatic()
    bought = next(e for e in s.log.entries if "bought a development card (" in e["text"])
    buyer = bought["private"][0]
    mine, theirs = s.view(buyer), s.view((buyer + 1) % 4)
    assert any(e["text"] == bought["text"] for e in mine["log"])
    assert not any(e["text"] == bought["text"] for e in theirs["log"])
    assert bought["public"] in [e["text"] for e in theirs["log"]]
    rows = theirs["seats"]
    assert rows[buyer]["hand"] is None and rows[buyer]["development"] is None
    assert rows[buyer]["cards"] == sum(s.state.hand[buyer])
    assert mine["seats"][buyer]["hand"] == dict(zip(s.game.resources, s.state.hand[buyer]))


def test_the_view_is_json_and_names_a_place_for_each_board_action() -> None:
    s = GameSession(short_fishermen(), [HUMAN, "greedy", "greedy", "greedy"], seed=4,
                    sources=SourceLines(short_fishermen(), trusted=True))
    view = json.loads(json.dumps(s.view(0)))
    assert view["to_move"] == 0 and view["actions"]
    assert all(a["place"] == {"kind": "vertex", "id": int(a["text"].split()[2])}
               for a in view["actions"])
    assert view["svg"].count('data-action="build settlement ') == len(view["actions"])
    assert s.view(1)["actions"] == []                       # not Blue's move
    assert s.view(None)["actions"] == []                    # a spectator plays nothing


def test_rule_lines_come_only_from_the_files_the_compiler_read() -> None:
    ir = short_fishermen()
    trusted = SourceLines(ir, trusted=True)
    where = next(r["span"] for r in ir["rules"] if r.get("span", "").startswith(FISHERMEN))
    found = trusted.lookup(where)
    assert found["file"] == FISHERMEN and [found["line"], found["lines"][2][1]] == \
        [int(where.split(":")[1]), open(FISHERMEN, encoding="utf-8").read().splitlines()[
            int(where.split(":")[1]) - 1]]
    for bad in ("/etc/passwd:1", "README.md:1", f"{FISHERMEN}:99999", "nonsense"):
        with pytest.raises(LookupError):
            trusted.lookup(bad)
    with pytest.raises(LookupError, match="pass --scenario"):
        SourceLines(ir, trusted=False, reason="pass --scenario FILE").lookup(where)


def test_chance_is_never_a_seat_that_waits() -> None:
    s = GameSession(short_fishermen(), ["greedy"] * 3, seed=9)
    kinds = set()
    while (kind := s.step_automatic()) is not None:
        kinds.add(kind)
        assert s.to_move() != CHANCE or not s.waiting_for_human()
    assert kinds == {"bot", "chance"}


def test_a_seven_at_sea_says_the_pirate_may_move_too() -> None:
    """Seafarers: the prompt said "move the robber" while the buttons offered the pirate too."""
    s = GameSession(api.load_ir("tests/fixtures/sea_routes.catan"), ["random"] * 4, seed=1)
    while s.step_automatic():
        prompt = s.view(None)["prompt"]
        if prompt and prompt["kind"] == "move_robber":
            break
    assert prompt["text"] == "move the robber or the pirate"
    s = GameSession(short_fishermen(), ["random"] * 4, seed=1)
    while s.step_automatic():
        prompt = s.view(None)["prompt"]
        if prompt and prompt["kind"] == "move_robber":
            break
    assert prompt["text"] == "move the robber"


def test_buttons_name_seats_and_an_offer_to_answer_is_spelled_out() -> None:
    """A player saw "rob 2" (which seat is 2?), "play road_building" and "answer the trade
    offer" (which offer?)."""
    assert label_of(Rob(2)) == ("rob", "rob White")
    assert label_of(Choose("player", 1)) == ("choose", "choose Blue")
    assert label_of(PlayCard(2, name="road_building")) == ("play", "play road building")
    s = GameSession(short_fishermen(), ["random"] * 4, seed=3)
    while s.step_automatic():
        prompt = s.view(None)["prompt"]
        if prompt and prompt["kind"] == "trade_response":
            break
    proposer, offer = s.state.prompts[-1].params
    give, get = str(offer).removeprefix("offer ").split(" for ")
    # said to every page, the spectators' too: no "your"
    assert prompt["text"] == f"{s.view(None)['seats'][proposer]['name']} offers {give} for " \
                             f"{get}: accept or decline"
    rows, _ = action_list(s.state)
    assert {(r["text"], r["label"]) for r in rows} == {("accept", "accept"), ("decline", "decline")}


def test_a_rule_asking_for_a_place_says_what_for_in_words() -> None:
    """T&B said "choose a edge" both after a 7 and after the player's own "drive off" action;
    a choice opened by an action now names it, and a path is a path, as the board calls it."""
    s = GameSession(api.load_ir("scenarios/traders_barbarians.catan"), ["random"] * 4, seed=1)
    wanted = {"choose a path",
              "Try to drive off a barbarian next to the wagon (roll a die): choose a path"}
    seen = set()
    while s.step_automatic() and not wanted <= seen:
        if s.state.prompts and s.state.prompts[-1].kind == "rule_choose":
            seen.add(s.view(None)["prompt"]["text"])
    assert wanted <= seen and not any(" a edge" in t for t in seen)


def test_a_scenario_action_is_a_button_under_its_title() -> None:
    """T&B showed "do buy_with_gold" and "do travel edge 28": the scenario's own words are
    "Buy a resource for 2 gold" and "Move the wagon"."""
    s = GameSession(api.load_ir("scenarios/traders_barbarians.catan"), [HUMAN] + ["random"] * 3,
                    seed=1)
    for _ in range(400):
        if s.step_automatic():
            continue
        rows = {r["text"]: (r["group"], r["label"]) for r in action_list(s.state)[0]}
        travel = next((t for t in rows if t.startswith("do travel edge ")), None)
        if travel:
            break
        s.act(0, "end turn" if "end turn" in rows else next(iter(rows)))
    assert rows[travel] == ("Move the wagon", "path " + travel.rsplit(" ", 1)[1])
    assert rows["end turn"] == ("end", "end turn")


def test_a_stolen_ore_reads_an_ore() -> None:
    """The log (the page's and `play`'s) read "Red stole a ore from Blue"."""
    def steal(resource: str) -> str:
        event = SimpleNamespace(thief=0, victim=1, resource=resource)
        return DESCRIBE["CardStolen"](event, lambda p: ["Red", "Blue"][p], {})

    assert steal("ore") == "Red stole an ore from Blue"
    assert steal("brick") == "Red stole a brick from Blue"


def test_set_up_says_which_piece_to_place() -> None:
    """Set-up showed "Red — your move" and nothing else: a new player did not know to place a
    settlement first, then a road (T&B: a city in round 2)."""
    s = GameSession(api.load_ir("scenarios/traders_barbarians.catan"), [HUMAN] + ["greedy"] * 3,
                    seed=1)
    asked = []
    while s.state.phase == 0:
        if not s.step_automatic():
            asked.append(s.view(0)["prompt"]["text"])
            s.act(0, next(a["text"] for a in s.view(0)["actions"] if a["place"]))
    assert asked == ["place a settlement", "place a road", "place a city", "place a road"]


def test_a_caravans_vote_says_what_is_voted_and_bid() -> None:
    """Caravans: the prompt read "vote" and the buttons "choose bid 2"."""
    s = GameSession(api.load_ir("scenarios/caravans.catan"), ["random"] * 4, seed=1)
    asked: dict[str, list[str]] = {}
    while s.step_automatic() and len(asked) < 2:
        if s.state.prompts and s.state.prompts[-1].kind == "rule_vote":
            labels = [r["label"] for r in action_list(s.state)[0]]
            asked.setdefault(s.view(None)["prompt"]["text"], labels)
    assert list(asked) == ["vote: choose a path", "vote: how many wool or grain cards to bid"]
    assert asked["vote: how many wool or grain cards to bid"][:2] == ["bid 0", "bid 1"]


def test_road_building_says_which_free_piece_and_how_many_are_left() -> None:
    """The prompt read "place a free piece" whatever the piece and however many were left."""
    s = GameSession(api.load_ir("scenarios/base.catan"), ["random"] * 4, seed=1)
    asked: list[str] = []
    while s.step_automatic() and len(asked) < 2:
        if s.state.prompts and s.state.prompts[-1].kind == "place_free":
            asked.append(s.view(None)["prompt"]["text"])
    assert asked == ["place a free road (2 left)", "place a free road (1 left)"]


def test_answering_out_of_turn_the_view_says_whose_turn_it_is() -> None:
    """Answering Blue's offer, the page read "turn 2: Red — your move" as if it were Red's turn."""
    s = GameSession(short_fishermen(), ["random"] * 4, seed=3)
    while s.step_automatic():
        if s.state.prompts and s.state.prompts[-1].kind == "trade_response":
            break
    view = s.view(None)
    proposer = s.state.prompts[-1].params[0]
    assert view["turn_seat"] == proposer != view["to_move"]

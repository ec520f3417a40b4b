"""Front-end facts of the five shipped variants, each named by its rule ID, and their explain output."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl import api
from catan_dsl.cli import main
from catan_dsl.explain import explain

ROOT = Path(__file__).resolve().parents[2]
BASE = "scenarios/base.catan"


@pytest.fixture(autouse=True)
def _repo_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def ir_of(*with_: str) -> dict:
    ir, report = api.compile_file(BASE, with_=with_)
    assert ir is not None, report.render_text()
    return ir


def rules(ir: dict, unit: str) -> list[dict]:
    return [r for r in ir["rules"] if r["id"].startswith(unit + ".")]


# --- tournament ------------------------------------------------------------------------------
def test_tour_01_start_player_by_roll() -> None:
    """TOUR-01: the highest roll takes the first turn (setup.start_player = roll)."""
    assert ir_of("tournament")["setup"]["start_player"] == "roll"


def test_tour_02_random_board() -> None:
    """TOUR-02: the terrain, desert included, is laid at random: the pooled tournament board."""
    ir = ir_of("tournament")
    assert ir["meta"]["board"] == "tournament" and ir["board"]["pools"][0]["tiles"]["desert"] == 1


def test_tour_03_04_robber_and_reroll() -> None:
    """TOUR-03 (decision #19): the player's own robber move may not go to the desert; TOUR-04:
    7s are re-rolled in rounds 1-2. TOUR-05: no rule touches knights."""
    forbid, reroll = rules(ir_of("tournament"), "tournament")
    assert forbid["what"] == "robber_move" and forbid["when"] == ["==", ["terrain", ["var", "h"]], "desert"]
    assert "else" not in forbid
    assert reroll["event"] == "rolled" and reroll["do"] == [["reroll"]]
    assert reroll["when"] == ["and", ["<=", ["round"], 2], ["==", ["var", "n"], 7]]


# --- friendly robber -------------------------------------------------------------------------
def test_fr_01_03_robber_keeps_off_weak_players_and_falls_back_to_the_desert() -> None:
    """FR-01, FR-02: no hex touched by a player with at most 2 VP (7 and knight alike: one forbid);
    FR-03 and decision #18: the desert, else off the board."""
    f = rules(ir_of("friendly_robber"), "friendly_robber")[0]
    assert f["what"] == "robber_move" and f["else"] == [{"terrain": "desert"}, "off_board"]
    assert f["when"] == ["any", "p", ["touching", ["var", "h"]], ["<=", ["public_vp", ["var", "p"]], 2]]


def test_fr_04_06_stealing_on_the_forced_desert_and_the_czech_option() -> None:
    """FR-04/FR-05 (decision #2): only players with at most 2 VP are protected; FR-06: option
    czech_reading protects everybody. FR-07: the discard rule is untouched."""
    ir = ir_of("friendly_robber")
    a, b = [r for r in rules(ir, "friendly_robber") if r["what"] == "steal"]
    assert a["when"] == ["and", ["robber_forced"], ["<=", ["public_vp", ["var", "p"]], 2]]
    assert b["when"] == ["and", ["robber_forced"], ["option", "czech_reading"]]
    assert ir["options"]["czech_reading"]["default"] is False
    assert ir["robber"]["discard_above"] == 7


# --- event cards -----------------------------------------------------------------------------
def test_ev_21_cards_per_number() -> None:
    """EV-21: the cards per number 2..12 are 1,2,3,4,5,6,5,4,3,2,1 — 36 in all (decision #1)."""
    items = ir_of("event_cards")["decks"]["events"]["items"].values()
    per = Counter()
    for i in items:
        per[i["number"]] += i["count"]
    assert [per[n] for n in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


def test_ev_22_events_and_no_event_cards() -> None:
    """EV-22: 20 event cards showing 11 distinct events, and 16 no-event cards."""
    items = list(ir_of("event_cards")["decks"]["events"]["items"].values())
    assert sum(i["count"] for i in items if "event" in i) == 20
    assert len({i["event"] for i in items if "event" in i}) == 11
    assert sum(i["count"] for i in items if "event" not in i) == 16


@pytest.mark.parametrize("number,events", [
    (2, {"plentiful_year": 1}), (3, {"conflict": 1, None: 1}), (4, {"robber_flees": 2, None: 1}),
    (5, {"tournament": 1, "trade_advantage": 1, None: 2}),
    (6, {"epidemic": 1, "earthquake": 1, "good_neighbours": 1, None: 2}), (7, {"robber_attack": 6}),
    (8, {"epidemic": 1, None: 4}), (9, {"calm_sea": 1, None: 3}),
    (10, {"neighbourly_assistance": 1, None: 2}), (11, {"neighbourly_assistance": 1, None: 1}),
    (12, {"calm_sea": 1})])
def test_ev_10_20_composition_per_number(number: int, events: dict) -> None:
    """EV-10, EV-11, EV-12, EV-13, EV-14, EV-15, EV-16, EV-17, EV-18, EV-19, EV-20 (reconstructed,
    RULES.md §4.4; EV-18/19 per decision #1)."""
    got: Counter = Counter()
    for i in ir_of("event_cards")["decks"]["events"]["items"].values():
        if i["number"] == number:
            got[i.get("event")] += i["count"]
    assert dict(got) == events


def test_ev_02_06_new_year_and_deck_source() -> None:
    """EV-02, EV-06, EV-07, EV-08: New Year under 31 cards, reshuffle and draw; EV-03: the deck
    replaces the dice."""
    ir = ir_of("event_cards")
    assert ir["decks"]["events"]["marker"] == {"id": "new_year", "after": 31,
                                              "then": "reshuffle_and_draw", "unless": "all_cards"}
    assert ir["production"]["source"] == {"deck": "events"}


def test_every_event_has_its_rule() -> None:
    """EV-24, EV-25, EV-26, EV-27, EV-28, EV-29, EV-30, EV-31, EV-32, EV-33, EV-34, EV-35, EV-36,
    EV-37, EV-38, EV-39, EV-40, EV-41, EV-42: each of the 11 events is handled by an 'on revealed'
    rule."""
    ir = ir_of("event_cards")
    handled = {r["filter"]["card"] for r in rules(ir, "event_cards") if r["kind"] == "on"}
    events = {i["event"] for i in ir["decks"]["events"]["items"].values() if "event" in i}
    assert handled == events


def test_ev_26_29_37_epidemic_earthquake_robber_flees() -> None:
    """EV-26: cities yield 1; EV-28: repair for lumber + brick; EV-29 (decision #3): roads,
    settlements and cities blocked while damaged; EV-37: the robber goes home (decision #18)."""
    ir = ir_of("event_cards")
    rs = rules(ir, "event_cards")
    by_card = {r["filter"].get("card"): r for r in rs if r["kind"] == "on"}
    assert by_card["epidemic"]["do"] == [["set_yield", "city", 1]]
    assert by_card["robber_flees"]["do"] == [["move_robber", "home"]]
    repair = next(r for r in rs if r["kind"] == "action")
    assert repair["cost"] == {"resources": {"lumber": 1, "brick": 1}}
    assert {r["filter"]["kind"] for r in rs if r["kind"] == "forbid"} == {"road", "settlement", "city"}
    assert ir["robber"]["home"] == [{"terrain": "desert"}, "off_board"]


def test_ev_combination_with_catan_for_two_draws_two() -> None:
    """§4.5 [seed 000]: with Catan for Two two event cards are drawn."""
    assert ir_of("event_cards", "catan_for_two")["production"]["rolls"] == 2
    assert "rolls" not in ir_of("event_cards")["production"]


# --- harbormaster ----------------------------------------------------------------------------
def test_hm_01_05_the_card() -> None:
    """HM-01, HM-02, HM-03, HM-04, HM-05: settlement 1 point, city 2; first to 3; strictly more
    takes it; 2 VP."""
    hm = ir_of("harbormaster")["special_cards"]["harbormaster"]
    assert hm["vp"] == 2 and hm["min"] == 3 and hm["policy"] == "first_then_strictly_more"
    assert hm["measure"]["expr"] == ["+", ["count", "v", ["pieces", ["var", "player"], "settlement"],
                                           ["harbor", ["var", "v"]]],
                                     ["*", 2, ["count", "v", ["pieces", ["var", "player"], "city"],
                                               ["harbor", ["var", "v"]]]]]


def test_hm_06_base_game_is_won_at_11() -> None:
    """HM-06: with Harbormaster the base game is won at 11 VP."""
    v = ir_of("harbormaster")["victory"]
    assert v["target"] + v["bonus"] == 11


def test_hm_07_plus_one_in_every_combination() -> None:
    """HM-07: every scenario's VP target rises by 1, whatever else is combined."""
    for other in ("tournament", "event_cards", "catan_for_two", "friendly_robber"):
        v = ir_of(other, "harbormaster")["victory"]
        assert v["bonus"] == 1, other


# --- catan for two ---------------------------------------------------------------------------
def test_c42_01_03_05_players_tokens_and_neutral_sites() -> None:
    """C42-01/02: 20 tokens, 5 each; C42-03/04: 2 neutral players with one settlement each;
    C42-05/06 (decision #10, reconstructed): sites touch no sea, at least 3 paths apart."""
    ir = ir_of("catan_for_two")
    assert ir["players"]["min"] == ir["players"]["max"] == 2 and ir["players"]["neutral"] == 2
    assert ir["counters"]["trade_tokens"] == {"start": 5, "supply": 20, "tradeable": False, "label": "trade tokens"}
    (a,), (b,) = ir["players"]["neutral_start"]
    verts = ir["board"]["vertices"]
    assert not verts[a]["coast"] and not verts[b]["coast"]
    seen, frontier, d = {a}, {a}, 0
    while b not in frontier:
        frontier = {n for v in frontier for n in verts[v]["adjacent"]} - seen
        seen |= frontier
        d += 1
    assert d >= 3


def test_c42_07_header_says_reconstructed() -> None:
    """C42-07: the file's header says the neutral sites are reconstructed, and why."""
    head = (ROOT / "scenarios" / "catan_for_two.catan").read_text(encoding="utf-8")[:1200]
    assert "RECONSTRUCTED" in head and "decision #10" in head


def test_c42_09_10_two_distinct_rolls() -> None:
    """C42-09, C42-10: two rolls per turn, an equal second roll re-rolled."""
    p = ir_of("catan_for_two")["production"]
    assert p["rolls"] == 2 and p["distinct_rolls"] is True


def test_c42_22_24_token_actions() -> None:
    """C42-22: one token action per turn (a shared group); C42-23/24: 1 token, +1 when ahead."""
    rs = rules(ir_of("catan_for_two"), "catan_for_two")
    acts = {r["name"]: r for r in rs if r["kind"] == "action"}
    for name in ("forced_trade", "robber_to_desert"):
        assert acts[name]["limit"] == {"per_turn": 1, "per_game": None, "group": "token_action"}
        assert acts[name]["cost"] == {"counters": {"trade_tokens": 1}}
    mod = next(r for r in rs if r["kind"] == "modifier" and r["what"] == "cost")
    assert mod["filter"] == {"group": "token_action"} and mod["value"] == 1
    assert acts["robber_to_desert"]["do"] == [["move_robber", "home"]]
    assert acts["return_knight"]["limit"]["per_turn"] == 1


def test_c42_34_37_settling_tokens_also_in_setup() -> None:
    """C42-34, C42-35, C42-36, C42-37: desert +2, coast +1, both +3 — with no 'not setup'
    condition."""
    r = [r for r in rules(ir_of("catan_for_two"), "catan_for_two")
         if r["kind"] == "on" and r["bind"].get("at") == "v"][0]
    assert "setup" not in str(r["when"]) and len(r["do"]) == 2


# --- explain ---------------------------------------------------------------------------------
def _said(ir: dict) -> str:
    """explain's text on one line (it wraps at 100 columns)."""
    return " ".join(explain(ir, ir_of()).split())


def test_explain_catan_for_two_reads_like_a_summary() -> None:
    text = _said(ir_of("catan_for_two"))
    for sentence in ("For 2 players.", "2 neutral players, whose pieces the real players build",
                     "Trade tokens: kept by each player (5 each at the start, 20 in the supply)",
                     "a second roll equal to the first is rolled again",
                     "Action “Forced trade” (after the roll, once per turn among all token actions)",
                     "It costs 1 trade token; 1 more if the player has more VP than any of their "
                     "opponents.",
                     "When a real player builds a settlement on intersection V, if some hex "
                     "touching V is a desert hex, the player gains 2 trade tokens; if V is on the "
                     "coast, the player gains 1 trade token."):
        assert sentence in text, text


def test_explain_harbormaster_and_tournament() -> None:
    text = _said(ir_of("harbormaster", "tournament"))
    assert ("Harbormaster (worth 2 VP) counts the number of their settlements that are on a harbor "
            "plus (2 times the number of their cities that are on a harbor). The first player with "
            "at least 3 takes it; a player with strictly more takes it over.") in text
    assert "The first player to reach 11 VP (10 + 1) on their turn wins" in text
    assert "The players roll for who starts (highest starts)." in text
    assert "The robber may not be moved to a desert hex." in text


def test_explain_event_cards_and_friendly_robber() -> None:
    text = _said(ir_of("event_cards", "friendly_robber"))
    assert "each number from 2 to 12 on as many cards as two dice have ways to roll it" in text
    assert "No dice: the player turns the top card of the events deck instead" in text
    assert "When a “Robber Flees” card is turned up, the robber goes home: to the desert" in text
    assert "When an “Epidemic” card is turned up, for this production only, every city produces " \
           "1 resource card." in text
    assert "if no hex is allowed, it goes to the desert, else off the board" in text
    assert "Option “czech reading” (off unless chosen)" in text


def test_explain_cli_and_with_on_compile_and_render(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["explain", BASE, "--with", "harbormaster"])
    assert r.exit_code == 0 and "The first player to reach 11 VP (10 + 1)" in r.output
    r = CliRunner().invoke(main, ["explain", "scenarios/nope.catan"])
    assert r.exit_code == 1
    r = CliRunner().invoke(main, ["compile", BASE, "--with", "catan_for_two"])
    assert r.exit_code == 0 and '"neutral": 2' in r.output
    out = tmp_path / "b.svg"
    r = CliRunner().invoke(main, ["render", BASE, "--with", "tournament", "--seed", "1", "-o", str(out)])
    assert r.exit_code == 0 and out.exists(), r.output

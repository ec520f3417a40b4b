"""Every rules-language construct: a source snippet → the IR fragment of docs/ir.md it lowers to."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api

P = ["var", "player"]


def compile_snippet(tmp_path: Path, body: str) -> dict:
    p = tmp_path / "snip.catan"
    p.write_text(f"variant snip extends base {{\n{body}\n}}\n", encoding="utf-8")
    ir, report = api.compile_file(str(p))
    assert ir is not None and not report.diagnostics, report.render_text()
    return ir


def rule(tmp_path: Path, body: str, i: int = 0) -> dict:
    r = compile_snippet(tmp_path, body)["rules"][i]
    line = 2 + next(n for n, text in enumerate(body.splitlines())
                    if text.startswith(("on ", "action ", "forbid ", "modifier ")))
    assert r["id"] == f"snip.{i + 1}" and r["span"].endswith(f"snip.catan:{line}")
    return {k: v for k, v in r.items() if k not in ("id", "span")}


def test_option_counter_deck(tmp_path: Path) -> None:
    ir = compile_snippet(tmp_path, 'option czech "Czech reading"\n'
                         'counter gold "gold" { start 1; supply 30; tradeable }\n'
                         "deck fish hidden { token f1 value 1 x 11; token boot value 0 x 1 revealed\n"
                         "  max_held 7; when_full swap; reshuffle_spent; start f1 2 }\n"
                         "deck ev { card a number 2 event plenty x 1; marker ny after 0 then reshuffle_and_draw }")
    assert ir["options"] == {"czech": {"label": "Czech reading", "default": False}}
    assert ir["counters"] == {"gold": {"start": 1, "supply": 30, "tradeable": True, "label": "gold"}}
    assert ir["decks"]["fish"] == {
        "kind": "tokens", "hidden": True, "tradeable": False, "max_held": 7, "when_full": "swap",
        "reshuffle_spent": True, "start": {"f1": 2},
        "items": {"f1": {"count": 11, "value": 1}, "boot": {"count": 1, "value": 0, "revealed": True}}}
    assert ir["decks"]["ev"]["items"]["a"] == {"count": 1, "number": 2, "event": "plenty"}
    assert ir["decks"]["ev"]["marker"] == {"id": "ny", "after": 0, "then": "reshuffle_and_draw"}


def test_settings_players_neutral_victory_specials(tmp_path: Path) -> None:
    ir = compile_snippet(tmp_path, "deck ev { card a number 2 x 1 }\n"
                         "production { source deck ev; rolls 2; distinct_rolls }\n"
                         "robber { home desert, off_board; start off_board }\nsetup { start roll }\n"
                         "players 2\nneutral 1 at 0,-2,S\nvictory target + 2\ncounter gold\n"
                         "special rich { vp -2; measure counter gold; policy all_min; copies 4 }\n"
                         "special hm { vp 2; measure = count(v in pieces(player, city) where harbor(v)); min 3 }")
    assert ir["production"] == {"dice": 2, "robber_number": 7, "source": {"deck": "ev"}, "rolls": 2,
                                "distinct_rolls": True}
    assert ir["robber"]["home"] == [{"terrain": "desert"}, "off_board"] and ir["robber"]["start"] == "off_board"
    assert ir["setup"]["start_player"] == "roll"
    v = next(v["id"] for v in ir["board"]["vertices"] if v["key"] == "0,-2,S")
    assert ir["players"] == {"min": 2, "max": 2, "default": 2, "neutral": 1, "neutral_start": [[v]]}
    assert ir["victory"] == {"target": 10, "bonus": 2}
    assert ir["special_cards"]["rich"] == {"vp": -2, "min": 0, "policy": "all_min", "copies": 4,
                                           "measure": {"kind": "counter", "name": "gold"}}
    assert ir["special_cards"]["hm"]["measure"] == {
        "kind": "expr", "var": "player",
        "expr": ["count", "v", ["pieces", P, "city"], ["harbor", ["var", "v"]]]}


def test_on_rule_filter_bind_and_implicit_trigger_values(tmp_path: Path) -> None:
    assert rule(tmp_path, "on built road at e where coast(e) and not setup { gain 1 wool }") == {
        "kind": "on", "event": "built", "filter": {"piece": "road"}, "bind": {"at": "e", "setup": "setup"},
        "when": ["and", ["coast", ["var", "e"]], ["not", ["var", "setup"]]],
        "do": [["gain", P, 1, {"resource": "wool"}]]}
    assert rule(tmp_path, "on rolled n where round <= 2 and n == 7 { reroll }") == {
        "kind": "on", "event": "rolled", "filter": {}, "bind": {"n": "n"},
        "when": ["and", ["<=", ["round"], 2], ["==", ["var", "n"], 7]], "do": [["reroll"]]}


def test_action_cost_limits_target(tmp_path: Path) -> None:
    r = rule(tmp_path, 'counter t { supply 20 }\naction a "Act" { cost t 1 lumber 1; any time; limit 1 per turn; '
             "limit 2 per game; group g; when vp(player) > 2; target p in opponents(player) where cards(p) > 0; "
             "do { p gives 1 random to player } }", 0)
    assert r == {"kind": "action", "name": "a", "label": "Act", "phase": "any",
                 "cost": {"counters": {"t": 1}, "resources": {"lumber": 1}},
                 "limit": {"per_turn": 1, "per_game": 2, "group": "g"},
                 "when": [">", ["vp", P], 2],
                 "target": {"var": "p", "from": ["opponents", P], "where": [">", ["cards", ["var", "p"]], 0]},
                 "do": [["transfer", ["var", "p"], P, 1, {"random": "held"}]]}


def test_forbids(tmp_path: Path) -> None:
    ir = compile_snippet(tmp_path, "forbid robber_move to h where terrain(h) == desert else desert, off_board\n"
                         "forbid steal from p where robber_forced\n"
                         "forbid build road|city at x where false\nforbid trade of wool")
    body = [{k: v for k, v in r.items() if k not in ("id", "span")} for r in ir["rules"]]
    assert body[0] == {"kind": "forbid", "what": "robber_move", "filter": {}, "bind": {"to": "h"},
                       "when": ["==", ["terrain", ["var", "h"]], "desert"],
                       "else": [{"terrain": "desert"}, "off_board"]}
    assert body[1]["bind"] == {"from": "p"} and body[1]["when"] == ["robber_forced"]
    assert [b["filter"] for b in body[2:4]] == [{"kind": "road"}, {"kind": "city"}]
    assert ir["rules"][2]["span"] == ir["rules"][3]["span"]
    assert body[4] == {"kind": "forbid", "what": "trade", "filter": {"stock": "wool"}, "bind": {}, "when": True}


def test_modifiers(tmp_path: Path) -> None:
    ir = compile_snippet(tmp_path, 'action a "A" { do { reroll } }\n'
                         "modifier cost - 1 for a where vp(player) < 3\n"
                         "modifier target + (1 if holds(p, longest_road) else 0) for p\n"
                         "modifier yield - 1 for v where not real(owner(v))")
    m = [{k: v for k, v in r.items() if k not in ("id", "span")} for r in ir["rules"][1:]]
    assert m[0] == {"kind": "modifier", "what": "cost", "filter": {"action": "a"}, "bind": {},
                    "when": ["<", ["vp", P], 3], "value": -1}
    assert m[1]["value"] == ["if", ["holds", ["var", "p"], "longest_road"], 1, 0] and m[1]["bind"] == {"p": "p"}
    assert m[2]["bind"] == {"x": "v"} and m[2]["value"] == -1


@pytest.mark.parametrize("src,expected", [
    ("gain 2 choice", ["gain", P, 2, {"choice": "resource"}]),
    ("left(player) loses 1 ore", ["lose", ["left", P], 1, {"resource": "ore"}]),
    ("give 1 choice to left(player)", ["transfer", P, ["left", P], 1, {"choice": "held"}]),
    ("draw 1 from d", ["draw", P, 1, "d"]),
    ("choose p in opponents(player) by player where cards(p) > 1 { reroll } else { reroll }",
     ["choose", "p", P, ["opponents", P], [">", ["cards", ["var", "p"]], 1], [["reroll"]], [["reroll"]]]),
    ("each p in players { p gains 1 wool }", ["each", "p", ["players"], True, [["gain", ["var", "p"], 1, {"resource": "wool"}]]]),
    ("if sum(h in hexes where has_number(h, 6): 2) >= 1 * 3 - 1 { reroll }",
     ["if", [">=", ["sum", "h", ["hexes"], ["has_number", ["var", "h"], 6], 2], ["-", ["*", 1, 3], 1]], [["reroll"]], []]),
    ("if max(p in players: vp(p)) > min(h in hexes where has_number(h, 6): pips(h)) { reroll }",
     ["if", [">", ["max", "p", ["players"], ["vp", ["var", "p"]]],
             ["min", "h", ["hexes"], ["has_number", ["var", "h"], 6], ["pips", ["var", "h"]]]],
      [["reroll"]], []]),
    ("move robber to home", ["move_robber", "home"]),
    ("move robber to first(h in hexes where terrain(h) == desert)",
     ["move_robber", ["first", "h", ["hexes"], ["==", ["terrain", ["var", "h"]], "desert"]]]),
    ("steal 1 from opponents(player)", ["steal", P, ["opponents", P], 1]),
    ("discard_half above 7", ["discard_half", 7]),
    ("place road for player at choice", ["place", P, "road", "choice", P]),
    ("each e in pieces(player, road) { mark e dmg; unmark e dmg; remove e }",
     ["each", "e", ["pieces", P, "road"], True, [["mark", ["var", "e"], "dmg"], ["unmark", ["var", "e"], "dmg"],
                                                 ["remove", ["var", "e"]]]]),
    ("build_free player road 2", ["build_free", P, "road", 2]),
    ("reshuffle d", ["reshuffle", "d"]),
    ("set_yield city 1", ["set_yield", "city", 1]),
    ("award longest_road", ["award", "longest_road"]),
    ("set_aside largest_army", ["set_aside", "largest_army"]),
    ("return_played player army", ["return_played", P, "army"]),
    ("take_development player", ["take_development", P]),
    ("reveal t", ["reveal", "t"]),
])
def test_effects(tmp_path: Path, src: str, expected: list) -> None:
    r = rule(tmp_path, f"on turn_started {{ {src} }}\ndeck d {{ token t value 1 x 3 }}")
    assert r["do"] == [expected]


def test_if_with_and_use_board(tmp_path: Path) -> None:
    ir = compile_snippet(tmp_path, "use board tournament\nif with snip { victory target + 1 }\n"
                         "if with nobody { victory target + 5 }")
    assert ir["meta"]["board"] == "tournament" and ir["victory"]["bonus"] == 1

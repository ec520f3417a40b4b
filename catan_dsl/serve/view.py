"""A State + the seat looking → the page's JSON: seats (hands as the observation allows), VP by
source, counters, the prompt, the legal actions with the board place each one is played on."""

from __future__ import annotations

from typing import Any

from catan_dsl.engine import observation
from catan_dsl.engine.actions import Build, Choose, MoveRobber, Rob, RuleAction
from catan_dsl.engine.prompts import (CHOOSE_VICTIM, DISCARD, MONOPOLY, MOVE_ROBBER, PLACE_FREE,
                                      RULE_CHOOSE, TAKE, TRADE_RESPONSE)
from catan_dsl.engine.state import SETUP
from catan_dsl.ir.counters import shown_counters
from catan_dsl.play.gamelog import with_article
from catan_dsl.play.playtest import seat_name
from catan_dsl.render.state import DEFAULT_PLAYER_COLORS

COLORS = DEFAULT_PLAYER_COLORS
PLACES = ("hex", "vertex", "edge")
# engine.rules.votes' prompt kind and its first stage (naming an option; the second is the bid),
# named here: serve may not import engine.rules.
VOTE, NAME = "rule_vote", 0

_PROMPTS = {
    DISCARD: "discard {0} more card(s)", MOVE_ROBBER: "move the robber",
    CHOOSE_VICTIM: "choose whom to rob",
    TAKE: "take {0} resource(s) from the bank", MONOPOLY: "name a resource to take from everyone",
}


# The page's words for what a rule asks to choose (the board's tooltips say path, intersection).
_CHOICES = {"edge": "a path", "vertex": "an intersection", "hex": "a hex", "player": "a player",
            "resource": "a resource"}


def _action_title(ir: dict, key: str, by: str = "id") -> str:
    """A scenario action's title (``action move_ship "Move a ship"``), found by rule id or name."""
    rule = next((r for r in ir.get("rules", []) if r.get("kind") == "action" and r.get(by) == key),
                {})
    return rule.get("label") or str(rule.get("name") or key).replace("_", " ")


def place_of(action: Any, game: Any) -> tuple[str, int] | None:
    """The board place an action is played on (``("vertex", 12)``), None for a button only."""
    if isinstance(action, Build):
        return ("edge" if game.piece_on_edge[action.kind] else "vertex", action.at)
    if isinstance(action, MoveRobber):
        return ("hex", action.hex) if action.hex >= 0 else None
    if isinstance(action, Choose):
        return (action.what, action.id) if action.what in PLACES else None
    if isinstance(action, RuleAction) and action.target >= 0:
        words = str(action).split()                # "do NAME hex 7 [pay …]"
        if len(words) >= 4 and words[2] in PLACES and words[3].isdigit():
            return (words[2], int(words[3]))
    return None


_PLACE_WORDS = {"edge": "path", "vertex": "intersection"}


def label_of(action: Any, ir: dict | None = None) -> tuple[str, str]:
    """(group, words on the button) for an action: its text under its first word, in words
    (``play road_building`` → ``play road building``, ``rob 2`` → ``rob White``); a scenario
    action under its title, the button its target or payment (``do travel edge 28`` → "Move
    the wagon", ``path 28``). The transcript keeps the text."""
    text = str(action)
    if isinstance(action, Rob):
        return "rob", f"rob {seat_name(action.player)}"
    if isinstance(action, Choose) and action.what == "player":
        return "choose", f"choose {seat_name(action.id)}"
    if isinstance(action, Choose) and action.what == "bid":
        return "bid", f"bid {action.id}"
    if isinstance(action, RuleAction) and ir is not None:
        words = text.split()
        title = _action_title(ir, words[1] if len(words) > 1 else "", by="name")
        rest = " ".join(_PLACE_WORDS.get(w, w) if i == 0 else w for i, w in enumerate(words[2:]))
        return title, rest or title
    return text.split()[0], text.replace("_", " ")           # "play road building"


def action_list(state: Any) -> tuple[list[dict], dict[tuple[str, int], list[str]]]:
    """The legal actions as ``{"text", "label", "group", "place"}`` rows, and place → action
    texts."""
    game = state.game
    rows, targets = [], {}
    for a in state.legal_actions():
        text = str(a)
        place = place_of(a, game)
        group, label = label_of(a, game.ir)
        rows.append({"text": text, "label": label, "group": group,
                     "place": {"kind": place[0], "id": place[1]} if place else None})
        if place is not None:
            targets.setdefault(place, []).append(text)
    return rows, targets


def prompt_of(state: Any) -> dict | None:
    """What the open prompt asks, in words, and the rule that opened it (its ``file:line``)."""
    if state.is_terminal():
        return None
    if not state.prompts:
        return _setup_prompt(state)
    top = state.prompts[-1]
    words = _PROMPTS.get(top.kind)
    rule = None
    if top.kind == RULE_CHOOSE:
        what, _, cont = top.params
        text = f"choose {_CHOICES.get(what, 'a ' + what)}"
        if cont and cont[0] != "call" and isinstance(cont[1], int):
            compiled = state.game.rules.compiled[cont[1]]
            rule = {"id": compiled.id, "where": compiled.prov.where}
            if compiled.kind == "action":         # "Move a ship: choose a path"
                text = f"{_action_title(state.game.ir, compiled.id)}: {text}"
    elif top.kind == VOTE:
        stage, _, _, _, what, pay, cont, _ = top.params
        if stage == NAME:
            text = f"vote: choose {_CHOICES.get(what, 'a ' + what)}"
        else:                               # the bid: cards laid out from these resources
            names = " or ".join(state.game.resources[r] for r in pay)
            text = f"vote: how many {names} cards to bid"
        compiled = state.game.rules.compiled[cont[0]]
        rule = {"id": compiled.id, "where": compiled.prov.where}
    elif top.kind == PLACE_FREE:                 # Road Building: "place a free road (2 left)"
        piece, left = top.params
        name = state.game.piece_names[piece] if isinstance(piece, int) else str(piece)
        text = f"place a free {name.replace('_', ' ')} ({left} left)"
    elif top.kind == MOVE_ROBBER:
        # Seafarers: a 7 moves the robber or the pirate; say which the player may move.
        names = dict.fromkeys(a.name if a.robber else "robber" for a in state.legal_actions()
                              if isinstance(a, MoveRobber))
        text = "move the " + " or the ".join(names or ["robber"])
    elif top.kind == TRADE_RESPONSE:
        proposer, offer = top.params
        give, _, get = str(offer).removeprefix("offer ").partition(" for ")
        text = f"{seat_name(proposer)} offers {give} for {get}: accept or decline"
    elif words is not None:
        text = words.format(*top.params) if top.params and "{0}" in words else words
    else:
        text = top.kind.replace("rule_", "").replace("_", " ")
    return {"kind": top.kind, "text": text, "rule": rule}


def _setup_prompt(state: Any) -> dict | None:
    """Set-up asks for no prompt, only pieces: say which ("place a settlement")."""
    if state.phase != SETUP:
        return None
    kinds = dict.fromkeys(a.piece for a in state.legal_actions() if isinstance(a, Build))
    if not kinds:
        return None
    return {"kind": "setup", "rule": None,
            "text": "place " + " or ".join(with_article(k.replace('_', ' ')) for k in kinds)}


def seat_rows(state: Any, seats: list[str], viewer: int | None, omniscient: bool) -> list[dict]:
    """One row per seat: what ``viewer`` may see of it (all of it for the replay viewer)."""
    game = state.game
    hidden_vp_cards = {c.name for c in game.cards if c.effect == "vp"}
    shown = shown_counters(game.ir)
    specials = [sp.name for sp in game.specials]
    rows = []
    for p in range(game.num_players):
        own = omniscient or p == viewer
        obs = observation(state, p if own else -1)
        seat = obs["players"][p]
        full = state.vp_breakdown(p)
        by_source = full if own else {k: v for k, v in full.items() if k not in hidden_vp_cards}
        counters = {k: v for k, v in (seat.get("counters") or {}).items()
                    if k in shown and not shown[k].get("shared")}
        neutral = p >= game.n_real
        rows.append({
            "seat": p, "name": seat_name(p), "color": COLORS[p % len(COLORS)],
            "kind": "neutral" if neutral else seats[p],
            "you": p == viewer,
            "vp": state.vp(p) if own else seat["public_vp"],
            "vp_hidden": not own,
            "vp_by_source": by_source,
            "cards": seat["cards"], "hand": seat.get("hand") if own else None,
            "development_cards": seat["development_cards"],
            "development": seat.get("development") if own else None,
            "played": {k: v for k, v in seat["played"].items() if v},
            "pieces_left": seat["pieces_left"],
            "counters": counters, "items": seat.get("items") or {},
            "special": [name for i, name in enumerate(specials) if state.holders[i] == p],
        })
    return rows


def turn_of(state: Any) -> dict:
    """``turn``: the turn being played, counted as the log counts them (1 = the first after
    set-up; the engine's ``turn`` counts completed ones); ``setup``: still placing;
    ``turn_seat``: whose turn it is (another seat may be to move: a discard, an offer)."""
    return {"turn": state.turn + 1 if state.phase != SETUP else 0, "setup": state.phase == SETUP,
            "turn_seat": state.cur}


def shared_counters(state: Any) -> dict[str, int]:
    """The game's shared counters (a track), by label."""
    rules = state.game.rules
    if rules is None or not rules.any_shared:
        return {}
    return {c.label: state.rules_state.shared[i] for i, c in enumerate(rules.counters) if c.shared}

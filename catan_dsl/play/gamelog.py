"""Engine events + IR → one readable log line each, with the scenario line that caused it."""

from __future__ import annotations

from typing import Any, Callable


def _bundle(pairs: Any) -> str:
    return ", ".join(f"{n} {r}" for r, n in pairs) or "nothing"


def _place(ir: dict, piece: str, at: int) -> str:
    """``at`` named by its canonical key, so a log line can be found on the rendered board."""
    on = ir.get("pieces", {}).get(piece, {}).get("on", "vertex")
    return _element(ir, "edge" if on in ("edge", "sea_edge") else "vertex", at)


def _element(ir: dict, on: str, at: int) -> str:
    table = ir.get("board", {}).get({"edge": "edges"}.get(on, "vertices"), [])
    key = table[at].get("key") if isinstance(at, int) and 0 <= at < len(table) else None
    return f"{on} {at}" + (f" ({key})" if key else "")


def _random_chosen(e: Any, w: Any, ir: dict) -> str:
    if e.what == "die" and e.die:
        label = ((ir.get("dice") or {}).get(e.die) or {}).get("label") or e.die
        return f"{w(e.player)} rolled the {label}: {e.face}"
    if e.what == "die":
        return f"{w(e.player)} rolled a d{e.sides}: {e.value}"
    if e.what == "player":
        return f"{w(e.value)} was picked at random"
    if e.what == "hex":
        return f"{_hex(ir, e.value)} was picked at random"
    if e.what in ("vertex", "edge"):
        return f"{_element(ir, e.what, e.value)} was picked at random"
    if e.what == "resource":
        return f"{ir.get('resources', ['?'] * (e.value + 1))[e.value]} was picked at random"
    return f"{e.what} {e.value} was picked at random"


def _marker_place(ir: dict, e: Any) -> str:
    """The hex a marker went to, or the path for markers 'on edge' (the event's ``hex`` field)."""
    on = ((ir.get("markers") or {}).get(e.marker) or {}).get("on", "hex")
    return _element(ir, "edge", e.hex) if on == "edge" else _hex(ir, e.hex)


def _unit_place(ir: dict, name: str, at: int) -> str:
    return _element(ir, ((ir.get("units") or {}).get(name) or {}).get("on", "edge"), at)


def _unit(ir: dict, name: str) -> str:
    return ((ir.get("units") or {}).get(name) or {}).get("label") or name.replace("_", " ")


def _hex(ir: dict, h: int | None) -> str:
    hexes = ir.get("board", {}).get("hexes", [])
    if isinstance(h, int) and 0 <= h < len(hexes):
        return f"hex {h} ({hexes[h].get('q')},{hexes[h].get('r')})"
    sea = ir.get("board", {}).get("sea", [])
    if isinstance(h, int) and 0 <= h - len(hexes) < len(sea) and ir["board"].get("sea_paths"):
        row = sea[h - len(hexes)]         # a sea hex: its id follows the land's
        return f"sea hex {h} ({row.get('q')},{row.get('r')})"
    return "off the board" if h is None or h < 0 else f"hex {h}"


def _face(ir: dict, h: int, terrain: str | None, numbers: tuple) -> str:
    """A hex as it shows now: ``4,-2: gold_field 10`` (coordinates, terrain, token)."""
    hexes = ir.get("board", {}).get("hexes", [])
    at = f"{hexes[h].get('q')},{hexes[h].get('r')}" if isinstance(h, int) and 0 <= h < len(hexes) \
        else f"hex {h}"
    return f"{at}: {terrain or 'nothing'}" + "".join(f" {n}" for n in numbers)


def with_article(word: str) -> str:
    """``ore`` → "an ore", ``brick`` → "a brick"."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _title(name: str) -> str:
    """A declared id as words: ``largest_army`` → ``Largest Army``."""
    return name.replace("_", " ").title()


def _label(ir: dict, stock: str) -> str:
    counter = ir.get("counters", {}).get(stock)
    return (counter or {}).get("label") or stock.replace("_", " ")


def _special(ir: dict, card: str) -> str:
    spec = ir.get("special_cards", {}).get(card, {})
    vp = spec.get("vp")
    return f"the {spec.get('title') or _title(card)} card" + (f" ({vp:+d} VP)" if vp else "")


def _card(ir: dict, deck: str, card: str) -> str:
    """A revealed card by the event it carries (several cards may carry one event)."""
    item = ir.get("decks", {}).get(deck, {}).get("items", {}).get(card, {})
    return _title(item.get("event") or card)


def _marker(ir: dict, name: str, n: int) -> str:
    label = ((ir.get("markers") or {}).get(name) or {}).get("label") or name.replace("_", " ")
    return label if n == 1 else label + "s"


def _action_label(ir: dict, name: str) -> str:
    for rule in ir.get("rules", []):
        if rule.get("kind") == "action" and rule.get("name") == name:
            return rule.get("label") or _title(name)
    return _title(name)


Describe = Callable[[Any, Callable[[Any], str], dict], str]


def _stock_changed(ev: Any, who: Callable[[Any], str], ir: dict) -> str:
    verb = "got" if ev.n > 0 else "returned"
    return f"{who(ev.player)} {verb} {abs(ev.n)} {_label(ir, ev.stock)}"


def _marked(ev: Any, who: Callable[[Any], str], ir: dict) -> str:
    where = _element(ir, "edge" if ev.edge else "vertex", ev.at)
    return f"the piece on {where} is {'now' if ev.on else 'no longer'} {ev.mark}"


def _rule_action(ev: Any, who: Callable[[Any], str], ir: dict) -> str:
    text = f"{who(ev.player)} used \"{_action_label(ir, ev.action)}\""
    if ev.target is None:
        return text
    spec = next((r for r in ir.get("rules", ()) if r.get("kind") == "action"
                 and r.get("name") == ev.action), {})
    if (spec.get("target") or {}).get("from") == ["resources"]:
        return text + f" ({ir['resources'][ev.target]})"      # a resource target by its name
    return text + f" (target {ev.target})"


DESCRIBE: dict[str, Describe] = {
    "DiceRolled": lambda e, w, ir: f"{w(e.player)} rolled {e.total}",
    "ResourcesProduced": lambda e, w, ir: f"{w(e.player)} got {_bundle(e.amounts)}"
    + (" (setup)" if e.source == "setup" else ""),
    "ResourceWithheld": lambda e, w, ir: f"the bank is short of {e.resource}: nobody got it "
    f"({', '.join(w(p) for p in e.players)})",
    "PieceBuilt": lambda e, w, ir: f"{w(e.player)} "
    + (f"upgraded a {e.replaced} to a" if e.replaced else "built a")
    + f" {e.piece} at {_place(ir, e.piece, e.at)}" + (" (free)" if e.free else ""),
    "RobberMoved": lambda e, w, ir: f"{w(e.player)} moved the {e.robber or 'robber'} from "
    f"{_hex(ir, e.from_hex)} to {_hex(ir, e.hex)}",
    "PieceMoved": lambda e, w, ir: f"{w(e.player)} moved a {e.piece} from "
    f"{_place(ir, e.piece, e.from_at)} to {_place(ir, e.piece, e.at)}",
    "CardStolen": lambda e, w, ir: f"{w(e.thief)} stole {with_article(e.resource)} from {w(e.victim)}",
    "CardsDiscarded": lambda e, w, ir: f"{w(e.player)} discarded {e.n} {e.resource}",
    "DevelopmentCardBought": lambda e, w, ir: f"{w(e.player)} bought a development card ({e.card})",
    "DevelopmentCardPlayed": lambda e, w, ir: f"{w(e.player)} played {e.card}",
    "ResourcesTaken": lambda e, w, ir: f"{w(e.player)} took {e.n} {e.resource} from the bank",
    "ResourcesCollected": lambda e, w, ir: f"{w(e.player)} collected every {e.resource}: "
    + (", ".join(f"{n} from {w(p)}" for p, n in e.taken) or "nothing"),
    "TradeOffered": lambda e, w, ir: f"{w(e.player)} offered {_bundle(e.give)} for {_bundle(e.get)}",
    "TradeDeclined": lambda e, w, ir: f"{w(e.player)} declined",
    "TradeAccepted": lambda e, w, ir: f"{w(e.acceptor)} accepted {w(e.proposer)}'s offer: "
    f"{_bundle(e.give)} for {_bundle(e.get)}",
    "TradeCancelled": lambda e, w, ir: f"nobody took {w(e.player)}'s offer",
    "BankTraded": lambda e, w, ir: f"{w(e.player)} traded {e.n} {e.give} to the bank for 1 {e.get}",
    "SpecialCardAwarded": lambda e, w, ir: f"{w(e.player)} takes {_special(ir, e.card)}"
    + (f" from {w(e.previous)}" if e.previous is not None else ""),
    "SpecialCardSetAside": lambda e, w, ir: f"{_special(ir, e.card)} is set aside "
    f"({w(e.previous)} lost it)",
    "GameWon": lambda e, w, ir: f"{w(e.player)} won with {e.vp} VP",
    "GameEnded": lambda e, w, ir: f"a rule ended the game: {w(e.player)} won with {e.vp} VP"
                                  + {"ties": ", the tie broken by the rule",
                                     "winner": ", named by the rule",
                                     "roll-off": f", winning the roll-off among "
                                                 f"{', '.join(w(p) for p in e.tied)}"
                                     }.get(e.how, ""),
    "GameStalled": lambda e, w, ir: f"the game cannot go on: {w(e.player)} has no legal action "
                                   f"during {e.phase}; it ends without a winner",
    "TurnEnded": lambda e, w, ir: f"{w(e.player)} ended the turn",
    "TurnStarted": lambda e, w, ir: f"{w(e.player)} begins a turn",
    "SetupDone": lambda e, w, ir: "setup is over",
    "StartPlayerChosen": lambda e, w, ir: f"{w(e.player)} rolled highest and starts",
    "NumberProduced": lambda e, w, ir: f"production on {e.n} is done",
    "RollCancelled": lambda e, w, ir: f"{w(e.player)}'s {e.total} does not count: roll again",
    "CardRevealed": lambda e, w, ir: f"{w(e.player)} revealed {_card(ir, e.deck, e.card)} ({e.n})",
    "DeckReshuffled": lambda e, w, ir: f"{e.deck} is reshuffled"
    + (f" ({_title(e.marker)})" if e.marker else ""),
    "StockChanged": _stock_changed,
    "StockTransferred": lambda e, w, ir: f"{w(e.giver)} gave {w(e.receiver)} {e.n} "
    f"{_label(ir, e.stock)}",
    "ItemDrawn": lambda e, w, ir: f"{w(e.player)} drew a token from {e.deck}",
    "ItemReturned": lambda e, w, ir: f"{w(e.player)} returned {_title(e.item)} to {e.deck}",
    "ItemRevealed": lambda e, w, ir: f"{_title(e.item)} is revealed",
    "RandomChosen": _random_chosen,
    "EffectSkipped": lambda e, w, ir: f"'{e.effect}' did nothing in full: {e.reason}",
    "SharedCounterSet": lambda e, w, ir: f"{_label(ir, e.counter)} is now {e.value}"
    + (f" (warning: {e.asked} is outside 0..{(ir.get('counters') or {}).get(e.counter, {}).get('max')}, clamped)"
       if e.asked != e.value else ""),
    "MarkersMoved": lambda e, w, ir: (
        f"{e.n} {_marker(ir, e.marker, e.n)} placed on {_marker_place(ir, e)}" if e.n > 0 else
        f"{-e.n} {_marker(ir, e.marker, -e.n)} taken from {_marker_place(ir, e)}") + f" (now {e.now})",
    "UnitMoved": lambda e, w, ir: f"{w(e.player)}'s {_unit(ir, e.unit)} " + (
        f"went on {_unit_place(ir, e.unit, e.to)}" if e.frm < 0 else
        f"went back to the supply from {_unit_place(ir, e.unit, e.frm)}" if e.to < 0 else
        f"moved from {_unit_place(ir, e.unit, e.frm)} to {_unit_place(ir, e.unit, e.to)}"),
    "ItemGiven": lambda e, w, ir: f"{w(e.giver)} handed {_title(e.item)} to {w(e.receiver)}",
    "PieceRemoved": lambda e, w, ir: f"{w(e.player)}'s {e.piece} at {_place(ir, e.piece, e.at)} "
    "was removed",
    "PieceMarked": _marked,
    "YieldSet": lambda e, w, ir: f"this production every {e.piece} yields {e.n}",
    "PlayedCardReturned": lambda e, w, ir: f"{w(e.player)} gave back a played {e.card}",
    "RuleActionTaken": _rule_action,
    # Events the rules runtime defines beside its mechanisms (votes, chains).
    "VoteCast": lambda e, w, ir: f"{w(e.player)} voted for {e.option} with {e.votes} card"
    + ("" if e.votes == 1 else "s") + (f" ({_bundle(e.paid)})" if e.paid else ""),
    "VoteDecided": lambda e, w, ir: f"the vote chose {e.option} ({w(e.decider)} decided it"
    + (" by the deadlock rule)" if e.deadlock else ")"),
    "ChainExtended": lambda e, w, ir: f"the {e.chain.replace('_', ' ')} chain grew: a {e.piece} "
    f"on {_element(ir, 'edge', e.edge)}",
    "HexRevealed": lambda e, w, ir: f"{w(e.player)} revealed {_face(ir, e.hex, e.terrain, e.numbers)}",
    "HexChanged": lambda e, w, ir: f"hex {_face(ir, e.hex, e.terrain, e.numbers)} now",
    "AlternativeChosen": lambda e, w, ir: f"{w(e.player)} chose \"{e.label}\"",
    "TurnPhaseEntered": lambda e, w, ir: f"{w(e.player)}'s turn moves on to {e.label} "
    "(trading and building are over for this turn)",
}


def describe_event(ev: Any, names: list[str], ir: dict) -> str:
    """One engine event → one line of the game log, seats named by colour.

    Events caused by a compiled rule end with ``[rule id at file:line]`` (principle 6)."""

    def who(p: Any) -> str:
        return names[p] if isinstance(p, int) and 0 <= p < len(names) else f"player {p}"

    describe = DESCRIBE.get(type(ev).__name__)
    text = describe(ev, who, ir) if describe else str(ev)
    rule = getattr(ev, "rule", None)
    if rule is not None:
        text += f"  [{rule.where}, in {rule.via}]" if rule.via else f"  [{rule.where}]"
    return text

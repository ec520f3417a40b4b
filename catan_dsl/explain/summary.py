"""Compiled IR (a scenario with its variants) + the base game's IR → the plain-English summary of what it changes."""

from __future__ import annotations

import re
from pathlib import Path

from catan_dsl.core import vocab as V
from catan_dsl.explain.board import board_and_pieces, title, words

_CMP = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
        ">=": "is at least"}
_ARITH = {"+": "plus", "-": "minus", "*": "times", "/": "divided by (rounded down)"}
_PHASE = {"after_roll": "after the roll", "before_roll": "before the roll", "any": "at any time in the turn"}


def _player(x: str) -> str:
    return "the player" if x == "player" else x


# Nouns for per-player values, for "the highest VP among their opponents".
_NOUNS = {"vp": "VP", "public_vp": "visible VP", "cards": "resource cards",
          "played": "played {2} cards", "count_of": "{2}"}


def _plural(n: str, noun: str) -> str:
    return noun[:-1] if n == "1" and noun.endswith("s") else noun


class Describer:
    """Turns IR expressions and effects into English phrases (vocab ``describe`` templates)."""

    def expr(self, e: object) -> str:
        if isinstance(e, bool):
            return "always" if e else "never"
        if isinstance(e, int):
            return str(e)
        if isinstance(e, str):
            return words(e)
        if isinstance(e, dict):
            return ", ".join(words(str(v)) for v in e.values())
        if not isinstance(e, list) or not e:
            return str(e)
        head, args = e[0], e[1:]
        if head == "var":
            return _player(args[0])
        if head in ("and", "or"):
            return f" {head} ".join(self.expr(a) for a in args)
        if head == "not":
            return self.negate(args[0])
        if head == "in":
            return f"{self.expr(args[0])} is among {self.expr(args[1])}"
        if head == "real":
            return f"{self.expr(args[0])} is a real player"
        if head == ">" and args[1] == 0 and isinstance(args[0], list) and args[0][0] == "cards":
            return f"{self.expr(args[0][1])} holds resource cards"
        if head == ">" and args[1] == 0 and isinstance(args[0], list) and args[0][0] == "played":
            return f"{self.expr(args[0][1])} has played at least one {words(args[0][2])} card"
        if head == "any" and isinstance(args[1], list) and args[1][0] == "hexes_of" \
                and isinstance(args[2], list) and args[2][0] == "==" and args[2][1][0] == "terrain":
            return f"{self.expr(args[1][1])} touches a {words(args[2][2])}"
        if head in _CMP:
            return f"{self.expr(args[0])} {_CMP[head]} {self.expr(args[1])}"
        if head in _ARITH:
            return f"{self.expr(args[0])} {_ARITH[head]} {self.expr(args[1])}"
        if head == "if":
            return f"{self.expr(args[1])} if {self.expr(args[0])}, else {self.expr(args[2])}"
        if head in V.COMPREHENSIONS:
            return self.comp(head, args)
        fn = V.FUNCTIONS.get(head)
        if fn is not None:
            vals = {p.name: self.expr(a) for p, a in zip(fn.params, args)}
            text = fn.describe.format(**vals).replace("the player's", "their")
            return text.replace("citys", "cities")
        return words(head)

    def negate(self, e: object) -> str:
        if isinstance(e, list) and e and e[0] == "var":
            return f"not {_player(e[1])}"
        if isinstance(e, list) and e and e[0] == "any":
            c = e[3]
            if isinstance(c, list) and c[0] == "holds" and c[1] == ["var", e[1]]:
                return f"nobody holds {words(c[2])}"
            return f"there is no {e[1]} among {self.expr(e[2])} where {self.expr(c)}"
        if isinstance(e, list) and e and e[0] == "marked":
            return f"{self.expr(e[1])} is not {words(e[2])}"
        if isinstance(e, list) and e and e[0] == "real":
            return f"{self.expr(e[1])} is a neutral player"
        if isinstance(e, list) and e and e[0] == "resolving":
            return f"not while {words(e[1])} is being played"
        return f"not ({self.expr(e)})"

    def comp(self, head: str, a: list) -> str:
        var, set_ = a[0], self.expr(a[1])
        # max/min carry a filter only in sum's shape: [var, set, cond, value].
        cond = a[2] if len(a) > 2 and (head not in ("max", "min") or len(a) == 4) else True
        where = "" if cond is True else f" where {self.expr(cond)}"
        fn = V.FUNCTIONS.get(cond[0]) if isinstance(cond, list) and cond else None
        if fn is not None and cond[1:2] == [["var", var]] and fn.describe.startswith("{"):
            # "where v is on a harbor" reads better as "on a harbor"
            first = "{" + fn.params[0].name + "} is "
            if fn.describe.startswith(first) and len(fn.params) == 1:
                where = " " + fn.describe[len(first):]
        if head == "count":
            return f"the number of {set_}{where}"
        if head == "sum":
            return f"the sum of {self.expr(a[3])} over {set_}{where}"
        if head in ("max", "min"):
            v = a[-1]
            noun = self.expr(v)
            if isinstance(v, list) and v[0] in _NOUNS and v[1] == ["var", var]:
                noun = _NOUNS[v[0]].format(*[words(str(x)) for x in v])
                return f"the {'highest' if head == 'max' else 'lowest'} {noun} among {set_}{where}"
            return (f"the {'highest' if head == 'max' else 'lowest'} value of ({noun}) among "
                    f"{set_}{where} ({var})")
        if head == "any":
            return f"there is some {var} among {set_}{where}"
        if head == "all":
            return f"all of {set_}{where}"
        return f"the first of {set_}{where}"

    def stock(self, s: dict, n: object) -> str:
        k, v = next(iter(s.items()))
        amount = self.expr(n)
        if k == "choice":
            return f"{amount} resource card{'s' if amount != '1' else ''} of their choice"
        if k == "random":
            return f"{amount} random resource card{'s' if amount != '1' else ''}"
        return f"{amount} {_plural(amount, words(v))}"

    def one(self, var: str, set_: object) -> str:
        """'one player p', 'one neutral player n', 'one of their roads e'."""
        if set_ == ["players"]:
            return f"one player {var}"
        if set_ == ["neutrals"]:
            return f"one neutral player {var}"
        return f"one of {self.expr(set_)} {var}"

    def effects(self, effs: list) -> str:
        return "; ".join(self.effect(e) for e in effs) or "nothing happens"

    def effect(self, e: list) -> str:
        h, a = e[0], e[1:]
        x = self.expr
        if h in ("gain", "lose"):
            verb = "takes" if h == "gain" else "pays"
            return f"{x(a[0])} {verb} {self.stock(a[2], a[1])}"
        if h == "transfer":
            return f"{x(a[0])} gives {x(a[1])} {self.stock(a[3], a[2])}"
        if h == "draw":
            return f"{x(a[0])} draws {x(a[1])} from the {words(a[2])} deck"
        if h == "choose":
            where = "" if a[3] is True else f" where {x(a[3])}"
            out = f"{x(a[1])} chooses {self.one(a[0], a[2])}{where}: {self.effects(a[4])}"
            if a[5]:
                out += f" (if there is none: {self.effects(a[5])})"
            return out
        if h == "choose_one":           # ["choose_one", CHOOSER, {label, when, do}, ...]
            alts = "; ".join(f"\"{alt['label']}\""
                             + ("" if alt["when"] is True else f" (only if {x(alt['when'])})")
                             + f": {self.effects(alt['do'])}" for alt in a[1:])
            return f"{x(a[0])} chooses one — {alts}"
        if h == "each":
            where = "" if a[2] is True else f" where {x(a[2])}"
            return f"for each {self.one(a[0], a[1])[4:]}{where}: {self.effects(a[3])}"
        if h == "if":
            out = f"if {x(a[0])}, {self.effects(a[1])}"
            return out + (f"; otherwise {self.effects(a[2])}" if a[2] else "")
        if h == "let":
            return f"with {a[0]} = {x(a[1])}: {self.effects(a[2])}"
        if h == "roll" and isinstance(a[1], str):
            return f"the {words(a[1])} die is rolled ({a[0]} is the face shown): {self.effects(a[2])}"
        if h == "roll":
            return f"a {x(a[1])}-sided die is rolled ({a[0]}): {self.effects(a[2])}"
        if h == "choose_random":
            where = "" if a[2] is True else f" where {x(a[2])}"
            w = a[6] if len(a) > 6 else None          # [..., COUNT] or [..., COUNT, WEIGHT]
            if len(a) > 5 and (a[5] != 1 or w is not None):
                weight = f", each in proportion to {x(w)}" if w is not None else ""
                return (f"{a[5]} different of {x(a[1])} {a[0]}{where} are picked at random one after "
                        f"the other{weight}; for each: {self.effects(a[3])}")
            out = f"{self.one(a[0], a[1])}{where} is picked at random: {self.effects(a[3])}"
            return out + (f" (if there is none: {self.effects(a[4])})" if a[4] else "")
        if h == "share":   # ["share", VAR, N, SET, COND, RANK, BODY, ELSE(, ROLLING)]
            where = "" if a[3] is True else f" where {x(a[3])}"
            rank = f" (leftovers to the one with the most {x(a[4])})" if a[4] is not None else ""
            if len(a) > 7:
                rank += f"; in a roll-off {a[0]} rolls {x(a[7])} when that is 1 to 6, else a die"
            out = (f"{x(a[1])} shared among {x(a[2])} {a[0]}{where}, one each, a roll-off when "
                   f"too few{rank}; each {a[0]} receiving one: {self.effects(a[5])}")
            return out + (f"; each losing a roll-off: {self.effects(a[6])}" if a[6] else "")
        if h == "repeat":               # ["repeat", N, BODY(, WHILE)]
            until = f", each only while {x(a[2])}" if len(a) > 2 else ""
            return f"at most {x(a[0])} times{until}: {self.effects(a[1])}" if until \
                else f"{x(a[0])} times: {self.effects(a[1])}"
        if h == "via":                     # a procedure's body, inlined at its call
            return f"{words(a[0])}: {self.effects(a[3])}"
        if h == "move_robber":
            to = a[0]
            return {"choice": "the player moves the robber to a hex of their choice and robs a "
                              "player there", "off_board": "the robber leaves the board",
                    "home": "the robber goes home"}.get(to if isinstance(to, str) else "",
                                                        f"the robber moves to {x(to)}")
        if h == "steal":
            return f"{x(a[0])} steals {x(a[2])} card(s) from one of {x(a[1])}"
        if h == "discard_half":
            return f"everyone with more than {x(a[0])} resource cards discards half of them"
        if h == "place":
            return f"{x(a[3]) if a[3] != 'choice' else x(a[3 + 1])} places a free {words(a[1])} for {x(a[0])}" \
                if a[3] != "choice" else f"{x(a[3 + 1])} places a free {words(a[1])} for {x(a[0])}"
        if h == "reroll":
            return "the roll is repeated"
        if h == "vote":   # engine/votes.py: ["vote", VAR, WINNER, SET, PAY, BODY, DEADLOCK]
            pay = " and/or ".join(words(r) for r in a[3])
            out = (f"the players vote, from {x(['var', 'player'])} clockwise: each names "
                   f"{self.one(a[0], a[2])} and lays out any number of {pay} cards (one vote each, "
                   "then to the bank); an option backed by more than half of the votes wins, else "
                   "the single biggest bidder's, else the first voter's; then "
                   f"{self.effects(a[4])}")
            return out + (f" (in a deadlock instead: {self.effects(a[5])})" if a[5] is not None else "")
        entry = V.EFFECTS.get(h)
        if entry is not None:
            vals = {p.name: (self.effects(v) if p.type == "effects" else words(v)
                             if isinstance(v, str) else x(v)) for p, v in zip(entry.params, a)}
            return entry.describe.format(**{**{p.name: "" for p in entry.params}, **vals})
        return words(h)


def _who_builds(rule: dict) -> tuple[str, object]:
    """'a real player' when the condition starts with real(player); returns the rest."""
    w = rule.get("when", True)
    real = ["real", ["var", "player"]]
    if w == real:
        return "a real player", True
    if isinstance(w, list) and w[0] == "and":
        parts = _flatten_and(w)
        if real in parts:
            rest = [p for p in parts if p != real]
            out: object = rest[0] if len(rest) == 1 else True
            if len(rest) > 1:
                out = rest[0]
                for p in rest[1:]:
                    out = ["and", out, p]
            return "a real player", out
    return "a player", w


def _flatten_and(e: object) -> list:
    if isinstance(e, list) and e and e[0] == "and":
        return _flatten_and(e[1]) + _flatten_and(e[2])
    return [e]


def _trigger(rule: dict, d: Describer) -> str:
    ev, f = rule["event"], rule["filter"]
    who, _ = _who_builds(rule)
    if ev == "built":
        what = f"a {words(f['piece'])}" if "piece" in f else "anything"
        at = f" at {rule['bind']['at']}" if "at" in rule["bind"] else ""
        return f"When {who} builds {what}{at}"
    if ev == "upgraded":
        return f"When a player upgrades to a {words(f.get('piece', 'city'))}"
    if ev == "rolled":
        return f"When {rule['bind'].get('n', 'a number')} is rolled"
    if ev == "revealed":
        return f"{title(f['card'])}" if "card" in f else "When a card is revealed"
    if ev == "drew" and "item" in f:
        return f"When {who} draws {words(f['item'])}"
    if ev == "played":
        return f"When {who} plays {words(f.get('card', 'a development card'))}"
    entry = V.TRIGGERS.get(ev)
    return (entry.describe if entry else ev).format(player="a player", piece="piece", n="n",
                                                    card="card", item="item").capitalize()


def _cost(cost: dict) -> str:
    parts = [f"{n} {words(k)}" for k, n in {**cost.get("resources", {}), **cost.get("counters", {})}.items()]
    if "target_resource" in cost:
        parts.append(f"{cost['target_resource']} of the chosen resource")
    if "tokens" in cost:
        parts.append(f"{words(cost['tokens']['deck'])} tokens worth {cost['tokens']['value']}")
    parts = [p[:-1] if p.startswith("1 ") and p.endswith("s") else p for p in parts]
    return "costs " + " + ".join(parts) if parts else "free"


def describe_rule(rule: dict, d: Describer, cost_mods: list[dict]) -> str:
    where = rule.get("when", True)
    cond = "" if where is True else f" if {d.expr(where)}"
    k = rule["kind"]
    if k == "on":
        _, rest = _who_builds(rule)
        cond = "" if rest is True else f" ({d.expr(rest).replace('not setup', 'not during setup')})"
        return f"{_trigger(rule, d)}{cond}: {d.effects(rule['do'])}."
    if k == "action":
        lim = rule["limit"]
        limits = []
        if lim.get("per_turn"):
            limits.append("once per turn" if lim["per_turn"] == 1 else f"{lim['per_turn']} times per turn")
        if lim.get("per_game"):
            limits.append("once per game" if lim["per_game"] == 1 else f"{lim['per_game']} times per game")
        if lim.get("group") and limits:     # a group without a limit only names the actions
            limits[-1:] = [f"{limits[-1] if limits else 'limited'} together with the other {words(lim['group'])}s"]
        extra = [f"{'+' if isinstance(m['value'], int) and m['value'] >= 0 else ''}{d.expr(m['value'])} "
                 f"if {d.expr(m['when'])}" for m in cost_mods
                 if m["filter"].get("action") == rule["name"]
                 or (lim.get("group") is not None and m["filter"].get("group") == lim["group"])]
        costs = _cost(rule["cost"]) + (f" ({'; '.join(extra)})" if extra else "")
        target = ""
        if rule.get("target"):
            t = rule["target"]
            tw = "" if t["where"] is True else f" where {d.expr(t['where'])}"
            target = f" Target: {t['var']} among {d.expr(t['from'])}{tw}."
        when = "" if where is True else f" Only when {d.expr(where)}."
        when_offered = " or ".join(
            ([_PHASE[rule["phase"]]] if rule["phase"] in _PHASE else [])
            + [f"during the {words(p)} phase" for p in rule.get("during") or ()])
        return (f"Action \"{rule['label']}\" — {costs}; {when_offered}"
                f"{', ' + ', '.join(limits) if limits else ''}.{when}{target} "
                f"Effect: {d.effects(rule['do'])}.")
    if k == "forbid":
        entry = V.FORBIDS[rule["what"]]
        var = next(iter(rule["bind"].values()), "")
        if rule["what"] == "build":
            text = f"No {words(rule['filter']['kind'])} may be built"
        elif rule["what"] == "trade":
            text = f"{title(rule['filter']['stock'])} may not be traded"
        elif rule["what"] == "steal":
            text = f"A player {var} may not be robbed"
        elif rule["what"] == "produce":
            text = f"A hex {var} produces nothing"
        elif rule["what"] == "harbor":
            text = f"The harbor at a building {var} may not be used"
        else:
            text = entry.describe.format(to=f"a hex {var}")[0].upper() + entry.describe.format(to=f"a hex {var}")[1:]
        fb = ""
        if rule.get("else"):
            opts = [words(e) if isinstance(e, str) else f"the {words(e['terrain'])}" for e in rule["else"]]
            fb = f"; if no hex is allowed it goes to {', else '.join(opts)}"
        return f"{text}{cond}{fb}."
    if k == "modifier":
        if rule["what"] == "cost":
            return ""  # folded into the action it prices
        entry = V.MODIFIERS[rule["what"]]
        var = next(iter(rule["bind"].values()), "x")
        value = d.expr(rule["value"])
        if rule["what"] in ("yield", "target", "vp") and isinstance(rule["value"], int):
            more = "more" if rule["value"] >= 0 else "less"
            n = abs(rule["value"])
            # "needs 1 VP more to win", not "needs 1 VP to win more".
            phrase = {"yield": f"A building produces {n} resource card(s) {more}",
                      "target": f"A player needs {n} VP {more} to win",
                      "vp": f"A building is worth {n} VP {more}"}[rule["what"]]
            if rule["what"] == "target":  # the bound player reads as "that player"
                cond = re.sub(rf"\b{re.escape(var)}\b", "that player", cond)
            return f"{phrase}{cond.replace(' if ', ' when ')}."
        text = entry.describe.format(p=var, x=var, e=var, value=value)
        return f"{text[0].upper()}{text[1:]}{cond}."
    return ""


def explain(ir: dict, base: dict | None = None) -> str:
    """The summary, section by section; ``base`` (the base game's IR) marks what differs."""
    d = Describer()
    out: list[str] = []
    meta = ir["meta"]
    names = [meta["title"]] + [title(w) for w in meta["with"]]
    out.append(f"{' + '.join(names)}: changes against the base game")
    out.append("=" * len(out[0]))
    setup: list[str] = []
    p = ir["players"]
    if base is None or (p["min"], p["max"]) != (base["players"]["min"], base["players"]["max"]):
        n = f"{p['min']}" if p["min"] == p["max"] else f"{p['min']} to {p['max']}"
        setup.append(f"Players: {n}.")
    if p.get("neutral"):
        verts = {v["id"]: v["key"] for v in ir["board"]["vertices"]}
        sites = ", ".join(verts[v] for vs in p.get("neutral_start", []) for v in vs)
        setup.append(f"{p['neutral']} neutral players, whose pieces the real players build; each "
                     f"starts with one settlement (at {sites}) before the normal setup.")
    if base is None or ir["meta"]["board"] != base["meta"]["board"]:
        setup.append(f"Board: {words(ir['meta']['board'])}.")
    setup += board_and_pieces(ir, base)
    sp = ir["setup"]["start_player"]
    if base is None or sp != base["setup"]["start_player"]:
        setup.append({"roll": "The start player is decided by a roll (highest starts).",
                      "random": "The start player is chosen at random."}.get(sp, f"Start player: {sp}."))
    for name, c in ir.get("counters", {}).items():
        supply = "unlimited" if c["supply"] is None else f"a supply of {c['supply']}"
        trade = "may be traded" if c["tradeable"] else "are not resources: never discarded, stolen or traded"
        setup.append(f"{title(c.get('label', name))}: {supply}, {c['start']} per player at the start; they {trade}.")
    for name, m in (ir.get("markers") or {}).items():
        supply = "unlimited" if m["supply"] is None else f"{m['supply']} in the supply"
        cap = f", at most {m['max']} per hex" if m.get("max") else ""
        gone = "; one taken off leaves the game" if m.get("no_return") else ""
        setup.append(f"{title(m['label'])} markers on hexes: {supply}{cap}{gone}.")
    for name, u in (ir.get("units") or {}).items():
        setup.append(f"{title(u['label'])}s: {u['each']} per player, standing on paths beside the "
                     "roads, one per path.")
    for name, dd in (ir.get("dice") or {}).items():
        setup.append(f"The {dd['label']}: faces {', '.join(dd['faces'])}.")
    if ir["robber"].get("none"):
        setup.append("No robber: on the robber number, after the discards, the roller robs any player.")
    for rnd, pieces in (ir["setup"].get("place_rounds") or {}).items():
        setup.append(f"Set-up round {rnd}: each player places {' and '.join(words(x) for x in pieces)}.")
    for name, dk in ir.get("decks", {}).items():
        total = sum(i["count"] for i in dk["items"].values())
        setup.append(f"Deck \"{words(name)}\": {total} {dk['kind']}" + _deck_detail(dk) + ".")
    for name, o in ir.get("options", {}).items():
        setup.append(f"Option {name} (off unless chosen): {o['label']}.")
    for name, c in ir.get("chains", {}).items():   # engine/chains.py
        first = f"; the first {words(c['piece'])} of each goes only on a path e where " \
                f"{d.expr(c['first']['when'])}" if c.get("first") else ""
        setup.append(f"{title(c.get('label', name))}s of {c['supply']} {words(c['piece'])}s in all, one "
                     f"starting at each intersection of {words(c['start'])}: each grows from its head "
                     f"onto a free path, never branching, one {words(c['piece'])} per path; heads that "
                     f"meet go on as one{first}.")
    prod = ir["production"]
    if isinstance(prod.get("source"), dict):
        setup.append(f"No dice: the active player turns the top card of the {words(prod['source']['deck'])} "
                     "deck instead; its event happens first, then its number produces.")
    if prod.get("rolls") == 2:
        setup.append("Two rolls per turn; both produce" + (", and a second roll equal to the first is "
                     "rolled again." if prod.get("distinct_rolls") else "."))
    if ir["robber"].get("home"):
        homes = [words(h) if isinstance(h, str) else f"the {words(h['terrain'])}" for h in ir["robber"]["home"]]
        setup.append(f"The robber's home is {', else '.join(homes)}.")
    for name, s in ir["special_cards"].items():
        if base is not None and name in base["special_cards"]:
            continue
        setup.append(_special(name, s, d))
    v = ir["victory"]
    if v.get("bonus") or base is None or v["target"] != base["victory"]["target"]:
        total = v["target"] + v.get("bonus", 0)
        detail = f" ({v['target']} + {v['bonus']})" if v.get("bonus") else ""
        setup.append(f"Victory target: {total}{detail}.")
    if setup:
        out += ["", "Components and settings:"] + [f"  - {s}" for s in setup]
    cost_mods = [r for r in ir["rules"] if r["kind"] == "modifier" and r["what"] == "cost"]
    rules = [(r, describe_rule(r, d, cost_mods)) for r in ir["rules"]]
    if rules:
        out += ["", "Rules:"]
        for r, text in rules:
            if text:
                out.append(f"  - {text}  [{Path(r['span'].rsplit(':', 1)[0]).name}:{r['span'].rsplit(':', 1)[1]}]")
    return "\n".join(out) + "\n"


def _deck_detail(dk: dict) -> str:
    if dk["kind"] == "tokens":
        vals = ", ".join(f"{i['count']} × {words(n)} (value {i.get('value', 0)})" for n, i in dk["items"].items())
        return f" ({vals})" + (f"; at most {dk['max_held']} held" if dk.get("max_held") else "")
    if not any("number" in i for i in dk["items"].values()):
        cards = ", ".join(f"{i['count']} × {words(n)}" for n, i in dk["items"].items())
        return f" ({cards})" + ("; each is carried out when drawn, then discarded" if dk.get("at_once")
                                else "") + ("; reshuffled when used up" if dk.get("reshuffle_spent") else "")
    by_num: dict[int, int] = {}
    events: dict[str, int] = {}
    for i in dk["items"].values():
        by_num[i.get("number", 0)] = by_num.get(i.get("number", 0), 0) + i["count"]
        if "event" in i:
            events[i["event"]] = events.get(i["event"], 0) + i["count"]
    nums = ", ".join(f"{n}: {c}" for n, c in sorted(by_num.items()))
    text = f", cards per number {nums}; {sum(events.values())} carry one of {len(events)} events"
    m = dk.get("marker")
    if m:
        text += (f"; a {words(m['id'])} card lies under the top {m['after']}: when it comes up the deck "
                 "is reshuffled and rebuilt the same way and the next card turned")
    return text


def _special(name: str, s: dict, d: Describer) -> str:
    m = s["measure"]
    what = d.expr(m["expr"]) if m["kind"] == "expr" else words(m.get("name", m["kind"]))
    policy = {"first_then_strictly_more": f"the first player with at least {s['min']} takes it; a "
                                          "player with strictly more takes it over",
              "sole_max": "the one player with the most holds it; on a tie it is set aside",
              "all_min": "every player with the least holds a copy"}.get(s["policy"], s["policy"])
    return f"{title(name)} ({s['vp']} VP): measured by {what}; {policy}."

"""IR rules (triggered rules, actions, prohibitions, modifiers) → one English step each, through the
vocabulary's trigger, forbid and modifier templates."""

from __future__ import annotations

import re

from catan_dsl.core import vocab as V
from catan_dsl.explain.effects import Narrator, fits
from catan_dsl.explain.expressions import and_parts, is_call, uses
from catan_dsl.explain.text import (
    Step,
    article,
    counted,
    join,
    plural,
    tidy,
    title,
    var_name,
    words,
)

_PHASE = {"after_roll": "after the roll", "before_roll": "before the roll",
          "any": "at any time in the turn"}
# What a modifier's value counts (its unit); None: a plain number.
UNITS = {"target": "VP", "vp": "VP", "player_vp": "VP", "yield": "resource card",
         "bot_value": "hundredth of a VP", "route_weight": None, "cost": None}
_PLACE = {"vertex": "intersection", "edge": "path", "sea_edge": "sea path", "hex": "hex",
          "player": "player"}


def _one(ptype: str, var: str) -> str:
    """A rule's bound variable with its noun: ``a path E``, ``a player P``."""
    noun = _PLACE.get(ptype.split("|")[0].split(":")[-1], "place")
    return article(f"{noun} {var_name(var)}")


def _and(parts: list) -> object:
    out: object = True
    for p in parts:
        out = p if out is True else ["and", out, p]
    return out


def signed(value: object) -> tuple[int, object] | None:
    """(+1 or -1, size) of a modifier's value: ``0 - (2 if c else 1)`` → (-1, ``2 if c else 1``)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (1 if value >= 0 else -1), abs(value)
    if is_call(value, "-") and value[1] == 0:
        inner = signed(value[2])
        return None if inner is None else (-inner[0], inner[1])
    if is_call(value, "if"):
        a, b = signed(value[2]), signed(value[3])
        if a and b and (a[0] == b[0] or b[1] == 0 or a[1] == 0):
            sign = a[0] if a[1] != 0 else b[0]
            return sign, ["if", value[1], a[1], b[1]]
        return None
    return 1, value


class RuleTeller:
    """Speaks rules; ``cost_mods`` are folded into the actions they price."""

    def __init__(self, narrator: Narrator, ir: dict) -> None:
        self.n = narrator
        self.s = narrator.s
        self.ir = ir
        self.cost_mods = [r for r in ir["rules"] if r["kind"] == "modifier" and r["what"] == "cost"]

    def tell(self, rule: dict) -> Step | None:
        return getattr(self, f"r_{rule['kind']}")(rule)

    @staticmethod
    def merged(rules: list[dict]) -> list[dict]:
        """``forbid build road|settlement|city``, compiled to one rule per kind, told as one."""
        out: list[dict] = []
        for r in rules:
            prev = out[-1] if out else None
            if prev is not None and r["kind"] == prev["kind"] == "forbid" and \
                    r["what"] == prev["what"] == "build" and r["span"] == prev["span"] and \
                    r.get("when") == prev.get("when") and r["bind"] == prev["bind"]:
                prev["kinds"] = prev.get("kinds", [prev["filter"]["kind"]]) + [r["filter"]["kind"]]
                continue
            out.append(dict(r))
        return out

    # --- triggered rules --------------------------------------------------------------
    def trigger(self, rule: dict) -> tuple[str, object]:
        """``when a player builds a settlement on intersection V`` and the condition left over."""
        s = self.s
        ev, f, bind = rule["event"], rule["filter"], rule["bind"]
        entry = V.TRIGGERS.get(ev)
        conds = and_parts(rule.get("when", True))
        real = ["real", ["var", "player"]]
        who = "a player"
        if real in conds:
            conds = [c for c in conds if c != real]
            who = "a real player" if self.ir["players"].get("neutral") else "a player"
        during = ""
        vertex_pieces = join([words(p) for p, d in sorted(self.ir["pieces"].items(), key=lambda kv: (
            bool(kv[1].get("upgrades")), kv[0])) if d["on"] == "vertex"], "or")
        s.flags["setup"] = ("the game is in set-up", "the game is not in set-up")
        for c in list(conds):
            if c == ["var", bind.get("setup", "setup")] or c == ["not", ["var", bind.get("setup", "setup")]]:
                during = " during set-up" if c[0] == "var" else " outside set-up"
                conds.remove(c)
                break
        if "built" in bind:
            s.flags[bind["built"]] = (f"the player built a {vertex_pieces} this turn",
                                      f"the player built no {vertex_pieces} this turn")
            for c in list(conds):
                if c in (["var", bind["built"]], ["not", ["var", bind["built"]]]):
                    during = (f" in which they built a {vertex_pieces}" if c[0] == "var" else
                              f" in which they built no {vertex_pieces}")
                    conds.remove(c)
        vals = {"player": who}
        if ev in ("built", "upgraded", "moved"):
            piece = f.get("piece")
            if piece is None and ev == "upgraded":
                piece = next((p for p, d in self.ir["pieces"].items() if d.get("upgrades")), None)
            vals["piece"] = article(words(piece)) if piece else "anything"
            if "at" in bind:
                on = self.ir["pieces"].get(piece or "", {}).get("on")
                vals["piece"] += f" on {_PLACE.get(on, 'place')} {var_name(bind['at'])}" if on \
                    else f" at {var_name(bind['at'])}"
        if ev in ("rolled", "produced"):
            n = bind.get("n")
            fixed = [c for c in conds if n and is_call(c, "==") and c[1] == ["var", n]
                     and isinstance(c[2], int)]
            if isinstance(f.get("n"), int):            # "on rolled 7"
                vals["n"] = _a_number(f["n"])
            elif fixed and not uses([c for c in conds if c not in fixed], n):
                conds = [c for c in conds if c not in fixed]
                vals["n"] = _a_number(fixed[0][2])
            else:
                vals["n"] = f"a number {var_name(n)}" if n else "a number"
        if rule.get("instead") == "robber":
            during += ", after the discards and instead of the robber's move and steal"
        if ev == "hex_revealed":        # the rule's body names the hex: introduce it here
            vals["at"] = var_name(bind["at"]) if "at" in bind else ""
        if ev == "revealed":
            vals["card"] = f"a “{title(f['card'])}” card" if "card" in f else "a card"
        if ev == "drew":
            vals["item"] = s.names.item(f["item"], article=True) if "item" in f else "an item"
        if ev == "played":
            vals["card"] = f"{article(s.names.dev_card(f['card']))} card" if "card" in f \
                else "a development card"
        text = entry.describe if entry else f"when {words(ev)} happens"
        spoken = text.format(**{**{p.name: "" for p in (entry.params if entry else ())}, **vals})
        return tidy(spoken + during), _and(conds)

    def r_on(self, rule: dict) -> Step:
        head, cond = self.trigger(rule)
        body = self.n.steps(rule["do"])
        first = self.n.conditional(head, cond, word=" and ")
        return self.n.with_cond_body(first, body, ", ")

    # --- actions ------------------------------------------------------------------------
    def cost(self, rule: dict) -> str:
        c = rule["cost"]
        parts = [counted(n, self.s.names.label(k)) for k, n in
                 {**c.get("resources", {}), **c.get("counters", {})}.items()]
        if "target_resource" in c:
            parts.append(f"{c['target_resource']} of the chosen resource")
        if "tokens" in c:
            parts.append(f"{self.s.names.label(c['tokens']['deck'])} tokens worth "
                         f"{c['tokens']['value']}")
        return join(parts) if parts else ""

    def r_action(self, rule: dict) -> Step:
        s = self.s
        lim = rule["limit"]
        bits = [" or ".join([_PHASE[rule["phase"]]] if rule["phase"] in _PHASE else []
                            + [f"during the {words(p)} phase" for p in rule.get("during") or ()])]
        for key, per in (("per_turn", "turn"), ("per_game", "game")):
            k = lim.get(key)
            if k:
                bits.append({1: f"once per {per}", 2: f"at most twice per {per}"}.get(
                    k, f"at most {k} times per {per}"))
        group = lim.get("group")
        if group and len(bits) > 1:
            kind = plural(words(group)) if words(group).endswith("action") else f"{words(group)} actions"
            bits[-1] += f" among all {kind}"
        head = f"Action “{rule['label']}” ({', '.join(bits)})"
        items: list[Step] = []
        if rule.get("when", True) is not True:
            items.append(self.n.conditional("only when", rule["when"], word=" "))
        t = rule.get("target")
        if t:
            keep = uses(rule["do"], t["var"]) or uses(t["where"], t["var"])
            elem = article(s.element(t["from"], t["var"], keep))
            rel = s.relative(t["var"], t["where"])
            items.append(Step(f"the player picks {elem}{rel}") if fits(f"the player picks {elem}{rel}")
                         else self.n.conditional(f"the player picks {elem}", t["where"]))
        cost = self.cost(rule)
        mods = [m for m in self.cost_mods if m["filter"].get("action") == rule["name"]
                or (group is not None and m["filter"].get("group") == group)]
        cost_text = f"it costs {cost}" if cost else "it is free"
        for m in mods:
            sign = signed(m["value"])
            if sign and isinstance(sign[1], int):
                more = V.MODIFIERS["cost"].describe.format(
                    value=sign[1], more="more" if sign[0] > 0 else "less", action="", p="")
                items.append(self.n.conditional(f"{cost_text}; {more}", m["when"], word=" if "))
                cost_text = ""
        if cost_text:
            items.append(Step(cost_text))
        items += self.n.steps(rule["do"])
        flat = all(i.flat() for i in items)
        one = "; ".join(i.text for i in items)
        if flat and fits(f"{head}: {one}"):
            return Step(f"{head}: {one}")
        return Step(f"{head}:", items)

    # --- prohibitions ---------------------------------------------------------------------
    def r_forbid(self, rule: dict) -> Step | None:
        s = self.s
        what = rule["what"]
        entry = V.FORBIDS[what]
        param = entry.params[-1] if what == "build" else entry.params[0]
        var = next(iter(rule["bind"].values()), None)
        cond = rule.get("when", True)
        vals: dict[str, str] = {}
        if what == "build":
            vals["kind"] = join([words(k) for k in rule.get("kinds", [rule["filter"]["kind"]])], "or")
        if what == "trade":
            vals["stock"] = s.names.label(rule["filter"]["stock"])
        place_ptype = param.type
        if what == "build":
            on = self.ir["pieces"].get(rule["filter"]["kind"], {}).get("on", "vertex")
            place_ptype = on
        if var is not None and param.name not in vals:
            idiom = self.terrain_idiom(var, cond)
            if idiom:
                vals[param.name], cond = idiom, True
            elif uses(cond, var):
                rel = s.relative(var, cond)
                if rel.startswith(" that "):
                    vals[param.name], cond = _one(place_ptype, var) + rel, True
                else:
                    vals[param.name] = _one(place_ptype, var)
            elif what in ("build", "robber_move"):       # any place: "may not be moved"
                vals[param.name] = "\x00"
            else:
                vals[param.name] = _one(place_ptype, var).rsplit(" ", 1)[0]
        text = entry.describe.format(**{**{p.name: "" for p in entry.params}, **vals})
        text = tidy(re.sub(r"\s*\b(on|at|to|from)?\s*\x00", "", text))
        named = (rule.get("filter") or {}).get("robber")
        if what == "robber_move" and named and named != "robber":    # a declared robber's moves
            text = re.sub(r"(?i)\bthe robber\b", "the " + " or the ".join(
                words(r) for r in str(named).split("|")), text, count=1)
        fallback = ""
        if rule.get("else"):
            opts = ["off the board" if e == "off_board" else f"the {words(e['terrain'])}"
                    if isinstance(e, dict) else words(e) for e in rule["else"]]
            fallback = f"; if no hex is allowed, it goes to {', else '.join(opts)}"
        return self.n.conditional(text, cond, fallback, word=" if ")

    def terrain_idiom(self, var: str, cond: object) -> str | None:
        """``a hex H where H is an oasis hex`` said as ``an oasis hex``."""
        if is_call(cond, "==") and is_call(cond[1], "terrain") and cond[1][1] == ["var", var] \
                and isinstance(cond[2], str):
            return article(f"{words(cond[2])} hex")
        return None

    # --- modifiers ------------------------------------------------------------------------
    def r_modifier(self, rule: dict) -> Step | None:
        what = rule["what"]
        if what == "cost":
            return None                   # told with the action it prices
        s = self.s
        entry = V.MODIFIERS[what]
        var = next(iter(rule["bind"].values()), None)
        param = entry.params[0]
        sign = signed(rule["value"])
        unit = UNITS.get(what)
        if sign is None:
            sign = (1, rule["value"])
        size = self.n.amount(sign[1], unit) if unit else s.value(sign[1])
        formula = not fits(size)
        if formula:
            # A formula too long to say (a bot's hint, typically): what it reads instead.
            size = f"by a formula of {self.reads(sign[1])}"
        vals = {param.name: _one(param.type, var) if var else "", "value": size,
                "more": "" if formula else "more" if sign[0] > 0 else "less",
                "gains": "gains" if sign[0] > 0 else "loses"}
        text = tidy(entry.describe.format(**vals))
        cond = rule.get("when", True)
        return self.n.conditional(text, cond, word=", when " if " if " in size else " if ")

    def reads(self, e: object) -> str:
        """The things a formula reads: ``their baggage cards, gold and wagons``."""
        found: list[str] = []

        def walk(n: object) -> None:
            if isinstance(n, list) and n:
                if n[0] in ("count_of", "markers", "units", "pieces", "unit_supply") and len(n) > 2 \
                        and isinstance(n[2], str):
                    word = plural(self.s.names.label(n[2]))
                    if word not in found:
                        found.append(word)
                for x in n[1:]:
                    walk(x)
        walk(e)
        where = ["distances on the board"] if "distance" in str(e) else []
        return join(found + where) or "the position"


def _a_number(n: int) -> str:
    """A rolled number with its article: "a 7", "an 8", "an 11"."""
    return article(str(n)).replace("a 8", "an 8").replace("a 11", "an 11")

"""Merged `Model` → the rules-language IR: rules (on/action/forbid/modifier), counters, decks, options and settings."""

from __future__ import annotations


from catan_dsl.check.load import Model
from catan_dsl.compile.chains import chains_ir
from catan_dsl.compile.defines import check_defines
from catan_dsl.compile.effects import EffectLowerer
from catan_dsl.compile.bounds import target_floor
from catan_dsl.compile.lowering import FORBID_PREP, Lowerer, did_you_mean, walk_nodes
from catan_dsl.compile.never import always_false
from catan_dsl.core import geometry as g
from catan_dsl.core import vocab as V
from catan_dsl.core.frozen import Frozen, frozen_record
from catan_dsl.core.diagnostics import Report
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R


class RuleCompiler(EffectLowerer):
    """Numbers rules ``<unit>.<n>`` in composition order and lowers each one."""

    def rules(self) -> list[dict]:
        out: list[dict] = []
        count: dict[str, int] = {}
        for unit, node in self.m.rules:
            for d in self.rule(node):
                count[unit] = count.get(unit, 0) + 1
                head = {"id": f"{unit}.{count[unit]}", "span": f"{node.span.path}:{node.span.line}"}
                out.append({**head, **d})
        return out

    def rule(self, node: A.Node) -> list[dict]:
        if isinstance(node, R.OnRule):
            return [self.on(node)]
        if isinstance(node, R.Action):
            return [self.action(node)]
        if isinstance(node, R.Forbid):
            return self.forbid(node)
        if isinstance(node, R.Modifier):
            return [self.modifier(node)]
        return []  # pragma: no cover

    def on(self, r: R.OnRule) -> dict:
        trig = V.TRIGGERS.get(r.trigger.value)
        scope = {"player": "player"}
        before = len(self.raised)
        if trig is None:
            self.err("E401", r.trigger.span, name=r.trigger.value,
                     hint=did_you_mean(r.trigger.value, V.TRIGGERS) or "triggers: " + ", ".join(V.TRIGGERS))
            params: tuple = ()
        else:
            params = tuple(p for p in trig.params if p.name != "player")
        filt, bind = self.trigger_names(r, trig, params, scope)
        self.trigger_numbers(r, params, filt, bind)
        instead = self.instead_of(r, filt)
        if r.at is not None:
            at = next((p for p in params if p.name == "at"), None)
            if at is None and trig is not None:
                self.err("E406", r.at.span, message=f"trigger {trig.name} has no place to bind with 'at'")
            elif at is None:                # an unknown trigger (E401 said so): bind it loosely
                bind["at"] = r.at.value
                scope[r.at.value] = "any"
            else:
                bind["at"] = r.at.value
                piece = filt.get("piece")
                # A piece's place, or what the trigger binds (a revealed hex); built and
                # upgraded bind an intersection or a path.
                scope[r.at.value] = self.env.piece_on(piece) if piece else \
                    ("vertex|edge" if at.type.startswith("vertex") else at.type)
        used = {n.name for n in walk_nodes((r.where, r.body)) if isinstance(n, R.NameRef)}
        for p in params:  # trigger values read by name (e.g. "setup") are bound implicitly
            if p.name in used and p.name not in bind and p.name not in filt and p.name not in scope:
                bind[p.name] = p.name
                scope[p.name] = p.type
        lowered = {"kind": "on", "event": r.trigger.value, "filter": filt, "bind": bind,
                   "when": self.cond(r.where, scope), "do": self.block(r.body, scope)}
        if instead is not None:         # only then: every other rule's IR stays as it was
            lowered["instead"] = instead
        if not any(c.startswith("E") for c in self.raised[before:]):   # else a stand-in value
            self.never_fires(r, lowered)
        if lowered["when"] is True:
            how = self_firing(lowered["event"], filt, lowered["do"])
            if how:
                self.err("W402", r.trigger.span, how=how,
                         hint="add a 'where' condition that becomes false, or put the effect "
                              "under 'if'")
        return lowered

    def action(self, a: R.Action) -> dict:
        scope = {"player": "player"}
        d: dict = {"kind": "action", "name": a.name.value, "label": a.label or a.name.value,
                   "phase": "after_roll", "cost": {},
                   "limit": {"per_turn": None, "per_game": None, "group": None},
                   "when": True, "target": None, "do": []}
        props = {k: (v, s) for k, v, s in a.props}
        if "during" in props and "phase" not in props:
            d["phase"] = "during"           # only in the phases it names (turn phases)
        if "target" in props:
            var, set_, where = props["target"][0]
            s, st = self.expr(set_, scope)
            if not st.startswith("set:") and st != "any":
                self.err("E406", set_.span, message=f"target {var.value} in X: X must be a set, got {st}")
            scope[var.value] = st[4:] if st.startswith("set:") else "any"
            d["target"] = {"var": var.value, "from": s, "where": self.cond(where, scope)}
        target_var = d["target"]["var"] if d["target"] and scope.get(d["target"]["var"]) == "resource" \
            else None
        for key, val, span in a.props:
            if key == "cost":
                d["cost"] = self.cost(a, val, target_var)
            elif key == "phase":
                d["phase"] = val
            elif key == "during":
                d["during"] = [i.value for i in val if self.declared(i, ("phase",))]
            elif key in ("limit_turn", "limit_game"):
                d["limit"]["per_" + key[6:]] = val.value
            elif key == "group":
                d["limit"]["group"] = val.value
            elif key == "when":
                before = len(self.raised)
                d["when"] = self.expr(val, {"player": "player"})[0]
                if always_false(d["when"]) and not any(c.startswith("E") for c in self.raised[before:]):
                    self.err("W408", val.span, what="action", why="be taken: its 'when' is "
                             "always false", hint="change the condition, or delete the action")
            elif key == "do":
                d["do"] = self.block(val, scope)
        return d

    def cost(self, a: R.Action, items: tuple, target_var: str | None = None) -> dict:
        out: dict = {}
        bank = self.m.get("bank")
        for ident, n, tokens in items:
            name = ident.value
            if name == target_var and not tokens:
                # "target r in resources ... cost r 3": 3 of whichever resource is the target.
                out["target_resource"] = n.value
            elif tokens:
                if self.declared(ident, ("deck",)):
                    out["tokens"] = {"deck": name, "value": n.value}
                    self.tokens_payable(a, self.env.kinds["deck"][name], n.value)
            elif self.env.has("resource", name):
                out.setdefault("resources", {})[name] = n.value
                have = _bank_of(bank, name)
                if have is not None and n.value > have:
                    self.err("E409", n.span, name=a.name.value,
                             reason=f"{n.value} {name} but the bank holds only {have}",
                             hint=f"ask {have} or fewer, or put more {name} in the bank")
            elif self.env.has("counter", name):
                out.setdefault("counters", {})[name] = n.value
                c = self.env.kinds["counter"][name]
                if c.supply is not None and n.value > c.supply.value:  # type: ignore[attr-defined]
                    self.err("E409", n.span, name=a.name.value,  # type: ignore[attr-defined]
                             reason=f"{n.value} {name} but the supply is {c.supply.value}",
                             hint=f"ask {c.supply.value} or fewer, or raise the counter's supply")
            else:
                self.declared(ident, ("resource", "counter"))
        return out

    def tokens_payable(self, a: R.Action, deck: R.Deck, value: int) -> None:
        best = sorted((it.value.value for it in deck.items for _ in range(min(it.count.value, 64))
                       if it.value is not None), reverse=True)
        held = next((s.values[0].value for s in deck.props if s.key == "max_held"), None)  # type: ignore[union-attr]
        reach = sum(best[:held] if held is not None else best)
        if value > reach:
            self.err("E409", a.span, name=a.name.value,
                     reason=f"tokens worth {value} but at most {reach} can be held"
                     + (f" ({held} tokens)" if held is not None else ""),
                     hint=f"ask tokens worth {reach} or less, or let players hold more")

    def forbid(self, f: R.Forbid) -> list[dict]:
        what = f.what.value
        entry = V.FORBIDS.get(what)
        if entry is None:
            self.err("E404", f.what.span, name=what,
                     hint=did_you_mean(what, V.FORBIDS) or "prohibitions: " + ", ".join(V.FORBIDS))
            return []
        prep = FORBID_PREP[what]
        if f.prep != prep:
            self.err("E406", f.span, message=f"forbid {what} is written 'forbid {what} {prep} ...', "
                     f"not '{f.prep}'")
        scope = {"player": "player"}
        base: dict = {"kind": "forbid", "what": what, "filter": {}, "bind": {}}
        if what == "trade":
            if self.env.has("resource", f.var.value) or self.env.has("counter", f.var.value) \
                    or self.declared(f.var, ("resource", "counter", "deck")):
                base["filter"] = {"stock": f.var.value}
        else:
            param = next(p for p in entry.params if p.type != "name:piece")
            base["bind"] = {param.name: f.var.value}
            # "forbid build settlement at v": v is where those pieces stand.
            ons = {self.env.piece_on(k.value) for k in f.kinds if self.env.has("piece", k.value)}
            scope[f.var.value] = ons.pop() if what == "build" and len(ons) == 1 else param.type
        if what == "build" and not f.kinds:
            self.err("E406", f.span, message="forbid build needs the piece(s): forbid build road at e ...")
        if f.fallback and what != "robber_move":
            self.err("E406", f.fallback[0].span, message="only forbid robber_move takes 'else'")
        base["when"] = self.cond(f.where, scope)
        if what == "robber_move" and f.fallback:
            fb: list = []
            for i in f.fallback:
                if i.value == "off_board":
                    fb.append("off_board")
                else:
                    self.declared(i, ("terrain",), "E202")
                    fb.append({"terrain": i.value})
            base["else"] = fb
        if what == "robber_move":
            return self._robber_forbids(f, base)
        if what != "build":
            return [base]
        out = []
        for k in f.kinds:
            self.declared(k, ("piece",), "E203")
            out.append({**base, "filter": {"kind": k.value}})
        return out

    def _robber_forbids(self, f: R.Forbid, base: dict) -> list[dict]:
        """``forbid robber_move pirate|robber to h``: one rule per robber named ("robber" is
        the land robber); naming none means the land robber, said in the IR only where a
        second robber is declared (other scenarios keep their IR)."""
        if not f.kinds:
            return [{**base, "filter": {"robber": "robber"}} if self.env.kinds["robber"] else base]
        out = []
        for k in f.kinds:
            if k.value == "robber" or self.declared(k, ("robber",)):
                out.append({**base, "filter": {"robber": k.value}})
        return out

    def modifier(self, m: R.Modifier) -> dict:
        what = m.what.value
        entry = V.MODIFIERS.get(what)
        scope = {"player": "player"}
        d: dict = {"kind": "modifier", "what": what, "filter": {}, "bind": {}}
        if entry is None:
            self.err("E405", m.what.span, name=what,
                     hint=did_you_mean(what, V.MODIFIERS) or "modifiers: " + ", ".join(V.MODIFIERS))
            entry = None
        elif m.kind is not None and not _kind_fits(what, m.kind.value):
            self.err("E406", m.kind.span, message=f"modifier {what} binds {MODIFIER_BINDS[what]}, "
                     f"not a {m.kind.value}", hint=f"write 'for {m.var.value}'"
                     + (" ('for player p' belongs to modifier vp and modifier target)"
                        if m.kind.value == "player" else ""))
        if entry is None:
            pass
        elif m.for_player and what == "vp":
            d["what"] = what = "player_vp"
            d["bind"] = {"p": m.var.value}
            scope[m.var.value] = "player"
        elif what == "cost":
            if self.env.has("action", m.var.value):
                d["filter"] = {"action": m.var.value}
            elif self.env.has("group", m.var.value):
                d["filter"] = {"group": m.var.value}
            else:
                self.declared(m.var, ("action", "group"))
        else:
            d["bind"] = {entry.params[0].name: m.var.value}
            scope[m.var.value] = entry.params[0].type
        if m.kind is not None and not _kind_fits(what, m.kind.value):
            self.origins[m.var.value] = ""        # said once at the kind word: no cascade
        elif entry is not None:
            self.origins[m.var.value] = f"what modifier {d['what']} binds: " + \
                MODIFIER_BINDS.get(d["what"], MODIFIER_BINDS["vp"])
        try:
            v, t = self.expr(m.value, scope)
            d["when"] = self.cond(m.where, scope)
        finally:
            self.origins.pop(m.var.value, None)
        if d["what"] in ("vp", "player_vp"):
            for node in walk_nodes((m.value, m.where)):
                if isinstance(node, R.Call) and node.name.value in VP_READERS:
                    self.err("E416", node.name.span, what="vp", name=node.name.value,
                             hint="count the pieces instead: (2 if piece(v) == city else 1)")
                    break
        if m.sign == "-":
            v = -v if isinstance(v, int) else ["-", 0, v]
        d["value"] = v
        if d["what"] == "target":
            target_floor(self, m, v)
        if m.label:
            d["label"] = m.label
        return d


# Functions that add up the VP modifiers: a VP modifier reading one would ask for itself (E416).
VP_READERS = frozenset({"vp", "public_vp", "vp_of"})

# What each modifier's variable binds, in words, and the kind words that fit it.
MODIFIER_BINDS = {
    "target": "a player", "player_vp": "a player", "bot_value": "a player",
    "vp": "the place of a piece, an intersection or a path ('for player p' binds a player)",
    "route_weight": "a path", "yield": "the intersection of a producing building",
    "cost": "an action or group name",
}
_KIND_WORDS = {"target": {"player"}, "bot_value": {"player"}, "vp": {"vertex", "edge", "player"}, "route_weight": {"edge"},
               "yield": {"vertex"}, "cost": {"action", "group"}}


def _kind_fits(what: str, kind: str) -> bool:
    return kind in _KIND_WORDS.get(what, {kind})


def _bank_of(bank: A.Node | None, res: str) -> int | None:
    if isinstance(bank, A.BankEach):
        return bank.n.value
    if isinstance(bank, A.BankList):
        return next((a.n.value for a in bank.amounts if a.name.value == res), None)
    return None


@frozen_record
class LoweredRules(Frozen):
    """A model's rules language lowered once: the rules, the chains and the special-card
    measures as IR (``measures`` maps each ``measure = EXPR`` node to its IR)."""

    rules: list[dict]
    chains: dict
    measures: dict[R.MeasureExpr, dict]


# Effect → (the trigger it fires, the argument position of the name that trigger filters on,
# that filter's key): what an unguarded rule must not do to its own trigger.
FIRES = {"place": ("built", 2, "piece"), "build_free": ("built", 2, "piece"),
         "reroll": ("rolled", None, None), "draw": ("drew", 3, "deck")}


def self_firing(event: str, filt: dict, effects: list) -> str | None:
    """How an unconditional ``on EVENT`` rule fires EVENT again (effects outside any ``if``,
    ``choose`` or conditional ``each``), or None: the static half of issue 18's runaway rules."""
    for eff in effects:
        if not isinstance(eff, list) or not eff:
            continue
        if eff[0] == "each" and len(eff) > 4 and eff[3] is True:
            found = self_firing(event, filt, eff[4])
            if found:
                return found
        fires = FIRES.get(eff[0])
        if fires is None or fires[0] != event:
            continue
        _, pos, key = fires
        name = eff[pos] if pos is not None and pos < len(eff) else None
        if key is None or key not in filt or not isinstance(name, str) or filt[key] == name:
            what = f" {name}" if isinstance(name, str) else ""
            return f"its '{eff[0]}{what}' fires 'on {event}' again and nothing stops it"
    return None


def lower_rules(model: Model, report: Report | None = None) -> LoweredRules:
    """Lower every rule, chain and measure of the composition, checking names, scopes and types
    on the way; with ``report``, each mistake is added as it is found."""
    low = Lowerer(model, report)
    check_defines(low)
    measures: dict[R.MeasureExpr, dict] = {}
    for s in model.named("special").values():
        for p in s.props:  # type: ignore[attr-defined]
            if isinstance(p, R.MeasureExpr):
                expr, t = low.expr(p.expr, {"player": "player"})
                if t not in ("int", "any"):
                    low.err("E406", p.expr.span, message=f"a measure must be a number, got {t}")
                measures[p] = {"kind": "expr", "var": "player", "expr": expr}
    return LoweredRules(RuleCompiler(model, report).rules(), chains_ir(model, report), measures)


def _settings(model: Model, section: str) -> dict[str, tuple]:
    return {k: tuple(getattr(v, "value", v) for v in s.values)
            for k, s in model.settings(section).items()}


def extend_ir(model: Model, ir: dict, lowered: LoweredRules) -> None:
    """Add the rules-language sections to a compiled IR; keys appear only when a file sets them."""
    prod = _settings(model, "production")
    if "source" in prod:
        ir["production"]["source"] = {"deck": prod["source"][0]} if prod["source"] else "dice"
    if "rolls" in prod:
        ir["production"]["rolls"] = prod["rolls"][0]
    if "distinct_rolls" in prod:
        ir["production"]["distinct_rolls"] = True
    rob = _settings(model, "robber")
    if "home" in rob:
        ir["robber"]["home"] = [h if h == "off_board" else {"terrain": h} for h in rob["home"]]
    if "start" in rob or "none" in rob:
        ir["robber"]["start"] = "off_board"
    if "none" in rob:           # no robber piece: a robber number robs any player
        ir["robber"]["none"] = True
    neutral = model.get("neutral")
    if isinstance(neutral, R.Neutral):
        ids = {v["key"]: v["id"] for v in ir["board"]["vertices"]}
        ir["players"]["neutral"] = neutral.n.value
        ir["players"]["neutral_start"] = [
            [ids[g.fmt_key(g.corner(c.hex, k.value))]] for c, k in neutral.corners
            if g.fmt_key(g.corner(c.hex, k.value)) in ids]
    if model.bonuses:
        ir["victory"]["bonus"] = sum(b.n.value for b in model.bonuses)
    options = {n: {"label": o.label or n, "default": False}  # type: ignore[attr-defined]
               for n, o in model.named("option").items()}
    if options:
        ir["options"] = options
    counters = {n: _counter(c) for n, c in model.named("counter").items()}  # type: ignore[arg-type]
    if counters:
        ir["counters"] = counters
    dice = {n: {"label": d.label or n, "faces": [f.value for f in d.faces]}  # type: ignore[attr-defined]
            for n, d in model.named("die").items()}
    if dice:
        ir["dice"] = dice
    # Turn phases after trading and building, in declared order (actions say "during NAME").
    phases = [{"name": n, "label": p.label or n}  # type: ignore[attr-defined]
              for n, p in model.named("phase").items()]
    if phases:
        ir["phases"] = phases
    markers = {n: _marker(m) for n, m in model.named("marker").items()}  # type: ignore[arg-type]
    if markers:
        ir["markers"] = markers
    units = {n: {"label": u.label or n, "on": u.on.value if u.on else "edge",  # type: ignore[attr-defined]
                 "each": u.each.value if u.each else 0}  # type: ignore[attr-defined]
             for n, u in model.named("unit").items()}
    if units:
        ir["units"] = units
    decks = {n: _deck(d) for n, d in model.named("deck").items()}  # type: ignore[arg-type]
    if decks:
        ir["decks"] = decks
    if lowered.chains:
        ir["chains"] = lowered.chains
    ir["rules"] = lowered.rules


def _counter(c: R.Counter) -> dict:
    out = {"start": c.start.value if c.start else 0,
           "supply": c.supply.value if c.supply else None,
           "tradeable": c.tradeable, "label": c.label or c.name.value}
    if c.shared:        # only then: the IR of scenarios without shared counters is unchanged
        out["shared"] = True
        out["max"] = c.max.value if c.max else None
    if c.reset:         # likewise for per-turn counters and the flag that shows one
        out["reset"] = "turn"
    if c.shown:
        out["shown"] = True
    return out


def _marker(m: R.Marker) -> dict:
    out = {"label": m.label or m.name.value, "on": m.on.value if m.on else "hex",  # or "edge"
           "supply": m.supply.value if m.supply else None, "max": m.max.value if m.max else None}
    if m.no_return:
        out["no_return"] = True
    return out


def _deck(d: R.Deck) -> dict:
    kinds = {it.kind for it in d.items}
    items: dict = {}
    for it in d.items:
        e: dict = {"count": it.count.value}
        if it.value is not None:
            e["value"] = it.value.value
        if it.number is not None:
            e["number"] = it.number.value
        if it.event is not None:
            e["event"] = it.event.value
        if it.revealed:
            e["revealed"] = True
        items[it.name.value] = e
    out: dict = {"kind": "tokens" if kinds == {"token"} else "cards", "hidden": d.hidden,
                 "tradeable": False, "items": items}
    for s in d.props:
        vals = [getattr(v, "value", v) for v in s.values]
        if s.key == "max_held":
            out["max_held"] = vals[0]
        elif s.key == "when_full":
            out["when_full"] = vals[0]
        elif s.key == "reshuffle_spent":
            out["reshuffle_spent"] = True
        elif s.key == "tradeable":
            out["tradeable"] = True
        elif s.key == "at_once":
            out["at_once"] = True
        elif s.key == "marker":
            out["marker"] = {"id": vals[0], "after": vals[1], "then": vals[2]}
            if len(vals) > 3:  # an option under which the marker is left out of the deck
                out["marker"]["unless"] = vals[3]
        elif s.key == "start":
            out["start"] = dict(zip(vals[0::2], vals[1::2]))
    return out

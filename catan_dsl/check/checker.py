"""Merged `Model` → semantic diagnostics (names, values, components); boards in `check.board`."""

from __future__ import annotations

from typing import Iterable

from catan_dsl.check.board import BoardInfo, analyze_board
from catan_dsl.check.board_extends import flatten, inherited_notes
from catan_dsl.check.components import check_components
from catan_dsl.check.context import CheckContext, suggest
from catan_dsl.check.load import Model, reserved_hint
from catan_dsl.check.sea import PATH_PLACES, check_alternatives, check_sea
from catan_dsl.core.codes import RESERVED_WORDS
from catan_dsl.core.diagnostics import Report
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R

MAX_DICE = 8             # docs/limits.md
MAX_SETUP_ROUNDS = 20
MAX_PLAYERS = 16
# "rules": the card has no built-in effect; its `on played CARD` rules are what it does.
EFFECTS = {"robber": 0, "vp": 1, "free_pieces": 2, "take_resources": 1, "monopoly": 0, "rules": 0}
# Short spellings a designer may write; the IR always carries the canonical kind.
EFFECT_ALIASES = {"free": "free_pieces", "take": "take_resources"}
MEASURES = ("longest_route", "cards_played", "counter")
POLICIES = ("first_then_strictly_more", "sole_max", "all_min", "every_min")
PIECE_PLACES = (*PATH_PLACES, "vertex", "hex")
SETUP_ORDERS = ("snake", "round_robin")
START_PLAYERS = ("first", "random", "highest_roll", "roll")
CARD_FLAGS = ("any_time", "army")
# Settings with no neutral default: the base game's values live in base.catan, not here.
REQUIRED_SETTINGS = (
    ("robber", "discard", "robber discard limit"), ("robber", "steal", "robber steal count"),
    ("trade", "bank", "bank trade ratio"), ("production", "dice", "number of dice"),
    ("production", "robber_number", "robber number"), ("setup", "order", "setup order"),
    ("setup", "rounds", "setup rounds"), ("setup", "place", "setup placements"),
)


class Checker(CheckContext):
    """Runs every component check over one model, adding diagnostics to ``report``."""

    # --- checks ---------------------------------------------------------------------------
    def run(self) -> None:
        self.required()
        self.scenario_level()
        for t in self.terrains.values():
            self.terrain(t)  # type: ignore[arg-type]
        for p in self.pieces.values():
            self.piece(p)  # type: ignore[arg-type]
        self.development()
        for s in self.m.named("special").values():
            self.special(s)  # type: ignore[arg-type]
        self.sections()
        check_sea(self)

    def required(self) -> None:
        if self.m.incomplete or self.m.root.kind == "variant" and not self.complete:
            return  # a variant is a patch; it is complete only once combined
        span = self.m.root.name.span
        for key, section in (("resources", "resources"), ("victory", "victory target")):
            if self.m.get(key) is None:
                self.r.error("E208", span, section=section,
                             hint=f"add a '{key}' statement, or 'extends base'")
        for key, section in (("players", "player count"), ("bank", "bank")):
            if self.m.get(key) is None:
                self.r.error("E208", span, section=section, hint=f"add a '{key}' statement")
        for sec, key, section in REQUIRED_SETTINGS:
            if key not in self.m.settings(sec):
                self.r.error("E208", span, section=section,
                             hint=f"add '{sec} {{ {key} ... }}', or 'extends base'")
        for kind, section in (("terrain", "terrains"), ("piece", "pieces"), ("board", "board")):
            if not self.m.named(kind):
                self.r.error("E208", span, section=section,
                             hint=f"declare at least one {kind}, or 'extends base'")

    def scenario_level(self) -> None:
        res = self.m.get("resources")
        if isinstance(res, A.Resources):
            seen: dict[str, A.Ident] = {}
            for i in res.names:
                if i.value in RESERVED_WORDS:
                    self.r.error("E215", i.span, name=i.value, what="resource",
                                 hint=reserved_hint(i.value))
                if i.value in seen:
                    self.r.error("E205", i.span, what="resource", name=i.value,
                                 notes=(("first listed here", seen[i.value].span),))
                seen[i.value] = i
        players = self.m.get("players")
        if isinstance(players, A.Players):
            ok = self.num(players.min, "the number of players", most=MAX_PLAYERS)
            hi = players.max or players.min
            ok = (self.num(players.max, "the number of players", most=MAX_PLAYERS)
                  if players.max else True) and ok
            if ok and hi.value < players.min.value:
                self.r.error("E207", players.span,
                             message=f"player range {players.min.value}..{hi.value} is empty",
                             hint="write the smaller number first")
            elif ok and players.default is not None and self.num(players.default, "default players") \
                    and not players.min.value <= players.default.value <= hi.value:
                self.r.error("E207", players.default.span,
                             message=f"default {players.default.value} players is outside "
                                     f"{players.min.value}..{hi.value}")
        bank = self.m.get("bank")
        if isinstance(bank, A.BankEach):
            self.num(bank.n, "the bank's cards per resource")
        elif isinstance(bank, A.BankList):
            self.amounts(bank.amounts, "bank")
        tokens = self.m.get("tokens")
        if isinstance(tokens, A.Tokens):
            for n in tokens.values:
                self.token_number(n)
        victory = self.m.get("victory")
        if isinstance(victory, A.Victory):
            self.num(victory.target, "the victory target")

    def _props(self, props: Iterable[A.Node], owner: str) -> dict[type, A.Node]:
        """Property nodes by type; a property given twice is a duplicate definition."""
        out: dict[type, A.Node] = {}
        for p in props:
            key: type | tuple = type(p)
            if isinstance(p, A.Flag):
                if p.name in [getattr(q, "name", None) for q in out.values() if isinstance(q, A.Flag)]:
                    self.r.error("E205", p.span, what=f"property of {owner}", name=p.name)
                out[(A.Flag, p.name)] = p  # type: ignore[index]
                continue
            if key in out:
                self.r.error("E205", p.span, what=f"property of {owner}",
                             name=type(p).__name__.lower(),
                             notes=(("first given here", out[key].span),))  # type: ignore[index]
            out[key] = p  # type: ignore[index]
        return out

    def terrain(self, t: A.Terrain) -> None:
        props = self._props(t.props, f"terrain {t.name.value}")
        prod = props.get(A.Produces)
        if isinstance(prod, A.Produces) and prod.resource is not None:
            self.resource(prod.resource)
        choice = props.get(A.ProducesChoice)
        if isinstance(choice, A.ProducesChoice):
            for r in choice.excluded:
                self.resource(r)
            if prod is not None:
                self.r.error("E205", choice.span, what=f"property of terrain {t.name.value}",
                             name="produces", notes=(("first given here", prod.span),))
            elif set(self.resources) <= {r.value for r in choice.excluded}:
                self.r.error("E206", choice.span, message=f"terrain {t.name.value} excludes "
                             "every resource from its choice", hint="write 'produces nothing'")
        nums = props.get(A.TerrainNumbers)
        if isinstance(nums, A.TerrainNumbers):
            for n in nums.values:
                self.token_number(n)

    def piece(self, p: A.Piece) -> None:
        props = self._props(p.props, f"piece {p.name.value}")
        on = props.get(A.PieceOn)
        if isinstance(on, A.PieceOn):
            self.word(on.kind, PIECE_PLACES, "place for a piece")
        else:
            self.r.error("E207", p.name.span, message=f"piece {p.name.value} does not say where it goes",
                         hint="add 'on edge', 'on sea_edge', 'on vertex' or 'on hex'")
        lim = props.get(A.Limit)
        if isinstance(lim, A.Limit):
            self.num(lim.n, "a piece limit")
        cost = props.get(A.Cost)
        if isinstance(cost, A.Cost):
            self.amounts(cost.items, "cost")
        for cls, what in ((A.Vp, "victory points"), (A.Yield, "a yield")):
            v = props.get(cls)
            if v is not None:
                self.num(v.n, what, least=0)  # type: ignore[attr-defined]
        up = props.get(A.Upgrades)
        if isinstance(up, A.Upgrades):
            self.ref(up.piece, [n for n in self.pieces if n != p.name.value], "E203")

    def development(self) -> None:
        cost = self.m.get("dev_cost")
        if isinstance(cost, A.Cost):
            self.amounts(cost.items, "cost")
        per = self.m.get("per_turn")
        if isinstance(per, A.PerTurn):
            self.num(per.n, "cards per turn")
        for card in self.cards.values():
            assert isinstance(card, A.Card)
            self.num(card.count, "a card count")
            effects = [p for p in card.props if isinstance(p, A.Effect)]
            if len(effects) != 1:
                span = effects[1].span if effects else card.name.span
                self.r.error("E216", span,
                             message=f"card {card.name.value} has {len(effects)} effects, needs exactly 1",
                             hint="effects: " + ", ".join(EFFECTS))
            for e in effects:
                self.effect(e)
            self._props([p for p in card.props if isinstance(p, A.Flag)], f"card {card.name.value}")

    def effect(self, e: A.Effect) -> None:
        kind = EFFECT_ALIASES.get(e.kind.value, e.kind.value)
        if kind not in EFFECTS:
            self.r.error("E214", e.kind.span, what="card effect", name=e.kind.value,
                         hint=suggest(e.kind.value, list(EFFECTS) + list(EFFECT_ALIASES))
                         or "effects: " + ", ".join(EFFECTS))
            return
        want = EFFECTS[kind]
        if len(e.args) != want:
            self.r.error("E207", e.span, message=f"effect {e.kind.value} takes {want} value(s), got {len(e.args)}",
                         hint={"free_pieces": "e.g. 'effect free road 2'", "vp": "e.g. 'effect vp 1'",
                               "take_resources": "e.g. 'effect take 2'"}.get(kind))
            return
        if kind == "free_pieces":
            piece, n = e.args
            if not isinstance(piece, (A.Ident, A.Alternatives)) or not isinstance(n, A.Num):
                self.r.error("E206", e.span, message="free takes a piece name and a number",
                             hint="e.g. 'effect free road 2', or 'effect free road|ship 2'")
                return
            if isinstance(piece, A.Alternatives):
                check_alternatives(self, piece)
            else:
                self.ref(piece, self.pieces, "E203")
            self.num(n, "free pieces")
        elif want == 1:
            (n,) = e.args
            if isinstance(n, A.Alternatives) or not isinstance(n, A.Num):
                self.r.error("E206", n.span, message=f"effect {e.kind.value} takes a number, not \"{n.value}\"")
                return
            self.num(n, f"the {kind} amount")

    def special(self, s: A.Special) -> None:
        props = self._props(s.props, f"special card {s.name.value}")
        v = props.get(A.Vp)
        if isinstance(v, A.Vp) and v.n.value >= 0:  # "vp -2": a penalty card (Poor Settler)
            self.num(v.n, "victory points", least=0)
        copies = props.get(R.Copies)
        if isinstance(copies, R.Copies):
            self.num(copies.n, "copies")
        mn = props.get(A.Min)
        if isinstance(mn, A.Min):
            self.num(mn.n, "a minimum", least=0)
        meas = props.get(A.Measure)
        if isinstance(props.get(R.MeasureExpr), R.MeasureExpr):
            pass  # lowered and checked with the rules (compile.rules.lower_rules)
        elif isinstance(meas, A.Measure):
            if meas.kind.value not in MEASURES:
                self.r.error("E214", meas.kind.span, what="measure", name=meas.kind.value,
                             hint=suggest(meas.kind.value, MEASURES) or "measures: " + ", ".join(MEASURES))
            elif meas.kind.value == "longest_route":
                if not meas.args:
                    self.r.error("E207", meas.span, message="longest_route needs at least one piece")
                for a in meas.args:
                    self.ref(a, self.pieces, "E203")
            elif meas.kind.value == "cards_played":
                if len(meas.args) != 1:
                    self.r.error("E207", meas.span, message="cards_played needs exactly one card flag",
                                 hint="e.g. 'measure cards_played army'")
                else:
                    self.ref(meas.args[0], CARD_FLAGS, "E218", what="card flag")
            elif meas.kind.value == "counter":
                if len(meas.args) != 1:
                    self.r.error("E207", meas.span, message="measure counter needs exactly one counter",
                                 hint="e.g. 'measure counter gold'")
                else:
                    self.ref(meas.args[0], self.m.named("counter"), "E407", what="counter")
        else:
            self.r.error("E207", s.name.span, message=f"special card {s.name.value} has no measure",
                         hint="e.g. 'measure longest_route road'")
        pol = props.get(A.Policy)
        if isinstance(pol, A.Policy) and pol.name.value not in POLICIES:
            self.r.error("E214", pol.name.span, what="award policy", name=pol.name.value,
                         hint=suggest(pol.name.value, POLICIES) or "policies: " + ", ".join(POLICIES))

    def sections(self) -> None:
        for key, s in self.m.settings("robber").items():
            if key == "home":
                for v in s.values:
                    if v.value != "off_board":  # type: ignore[union-attr]
                        self.ref(v, self.terrains, "E202")  # type: ignore[arg-type]
            elif key not in ("start", "none"):
                self.num(s.values[0], "the discard limit" if key == "discard" else "cards stolen",  # type: ignore[arg-type]
                         least=0)
        for key, s in self.m.settings("trade").items():
            if s.values:
                self.num(s.values[0], f"trade {key}")  # type: ignore[arg-type]
        for key, s in self.m.settings("production").items():
            if key == "source":
                if s.values:
                    self.ref(s.values[0], self.m.named("deck"), "E407", what="deck")  # type: ignore[arg-type]
            elif key == "rolls":
                self.num(s.values[0], "production rolls", most=2)  # type: ignore[arg-type]
            elif key == "dice":
                # The roll's distribution is computed from the count: keep it to real dice.
                self.num(s.values[0], "the number of dice", most=MAX_DICE)  # type: ignore[arg-type]
            elif key != "distinct_rolls":
                self.num(s.values[0], f"production {key}")  # type: ignore[arg-type]
        setup = self.m.settings("setup")
        rounds_n = setup["rounds"].values[0].value if "rounds" in setup else 2  # type: ignore[union-attr]
        for key, s in setup.items():
            if key == "order":
                self.word(s.values[0], SETUP_ORDERS, "setup order")  # type: ignore[arg-type]
            elif key == "start":
                self.word(s.values[0], START_PLAYERS, "start player")  # type: ignore[arg-type]
            elif key == "place" or key.startswith("place_round_"):
                if key != "place" and int(key[12:]) > rounds_n:
                    self.r.error("E207", s.span, message=f"placements for round {key[12:]}, but "
                                 f"set-up has {rounds_n} rounds")
                for v in s.values:
                    if isinstance(v, A.Alternatives):
                        check_alternatives(self, v)
                    else:
                        self.ref(v, self.pieces, "E203")  # type: ignore[arg-type]
            elif key == "rounds":
                self.num(s.values[0], "setup rounds", most=MAX_SETUP_ROUNDS)  # type: ignore[arg-type]
            else:
                self.num(s.values[0], f"setup {key}")  # type: ignore[arg-type]
        rounds, yr = setup.get("rounds"), setup.get("yield_round")
        if rounds and yr and yr.values[0].value > rounds.values[0].value:  # type: ignore[union-attr]
            self.r.error("E207", yr.span, message=f"yield round {yr.values[0].value} is after the "  # type: ignore[union-attr]
                         f"last of {rounds.values[0].value} setup rounds")  # type: ignore[union-attr]

    def usage_warnings(self, used_terrains: set[str]) -> None:
        # A variant declares terrains for the scenarios that extend it (Seafarers' gold field
        # for its scenarios' boards): one its board or scenario does not use is no mistake.
        variant_files = {u.span.path for u in self.m.units if u.kind == "variant"}
        for name, t in self.terrains.items():
            if t.span.path in variant_files:  # type: ignore[attr-defined]
                continue
            if name not in used_terrains and self.m.named("board"):
                self.r.error("W201", t.name.span, name=name,  # type: ignore[attr-defined]
                             hint=f"place it on a board ('hex q,r {name}' or a pool), or delete it")
        produced = {p.resource.value for t in self.terrains.values() for p in t.props  # type: ignore[attr-defined]
                    if isinstance(p, A.Produces) and p.resource is not None}
        for t in self.terrains.values():            # a terrain of choice yields what it allows
            for p in t.props:  # type: ignore[attr-defined]
                if isinstance(p, A.ProducesChoice):
                    produced |= set(self.resources) - {r.value for r in p.excluded}
        res = self.m.get("resources")
        if isinstance(res, A.Resources) and self.terrains:
            for i in res.names:
                if i.value not in produced:
                    self.r.error("W202", i.span, name=i.value,
                                 hint=f"give a terrain 'produces {i.value}', or leave it to the "
                                      f"rules that gain it (then ignore this warning)")


def check_model(model: Model, report: Report, *, complete: bool = False) -> dict[str, BoardInfo]:
    """Check everything; returns the analysed boards by name (for the compiler).

    Args:
        model: the merged declarations.
        report: receives every diagnostic.
        complete: also demand the sections a playable scenario needs when checking a variant.
    """
    c = Checker(model, report, complete)
    c.run()
    boards = {}
    used: set[str] = set()
    named = model.named("board")

    def tiles_of(base: A.Board) -> dict:
        return analyze_board(base, CheckContext(model, Report(), complete)).tile_of

    for name, b in named.items():
        flat = flatten(b, named, report, tiles_of)  # type: ignore[arg-type]
        if flat is None:
            boards[name] = BoardInfo(name, ok=False)
            continue
        before = len(report.diagnostics)
        info = analyze_board(flat, c)
        if flat is not b:
            inherited_notes(report, before, b)  # type: ignore[arg-type]
        boards[name] = info
        used |= info.used_terrains
    c.usage_warnings(used)
    check_components(model, report, boards)
    return boards

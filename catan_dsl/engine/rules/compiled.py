"""IR counters/decks/specials/rules → CompiledRules: compiled rules plus the queries the engine asks (yield, stocks; VP in victory.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from catan_dsl.core import vocab
from catan_dsl.engine.events import Provenance
from catan_dsl.engine.rules import executor, firing, listing, player_actions, straight, tables
from catan_dsl.engine.rules.chains import Chains
from catan_dsl.engine.rules.domains import mentions
from catan_dsl.engine.rules.execution import Execution
from catan_dsl.engine.rules.expressions import Ctx, compile_cond, compile_expr, reads
from catan_dsl.engine.rules.measure_memo import (BOARD_FUNCTIONS, LAYOUT_FUNCTIONS, PerBoard,
                                                 board_only, buildings_only, env_key)
from catan_dsl.engine.rules.build_bans import (PLAN_FUNCTIONS, PLAN_LAYOUT_FUNCTIONS, BuildBans,
                                               hex_local_ban, split_build_bans)
from catan_dsl.engine.rules.queries import RuleQueries
from catan_dsl.engine.rules.robbers import robber_specs
from catan_dsl.engine.rules.units import PathGeometry, UnitPlaces
from catan_dsl.engine.rules.victory import VictoryQueries
from catan_dsl.engine.rules.vp_memo import (POSITION_FUNCTIONS, UNIT_BLIND_FUNCTIONS, VpMemo,
                                             headroom, memoisable, most_per_place, place_kinds)

# Functions whose value a board-static rule may depend on: the board and the pieces on it.
STATIC_FUNCTIONS = BOARD_FUNCTIONS | {"harbor_ratio"}
LOOP_HEADS = frozenset({"any", "all", "count", "sum", "max", "min", "first"})

RULE_KEYS = ("counters", "decks", "options", "chains", "markers", "dice", "units")


@dataclass(frozen=True)
class CounterSpec:
    name: str
    start: int
    supply: int | None
    tradeable: bool
    shared: bool = False          # one value for the game (RulesState.shared), not per player
    max: int | None = None        # a shared counter's top (None: no top)
    label: str = ""
    reset: bool = False           # back to its start at each turn's start ("reset each turn")


@dataclass(frozen=True)
class DeckSpec:
    name: str
    kind: str                    # "tokens" | "cards"
    items: tuple[str, ...]
    counts: tuple[int, ...]
    values: tuple[int, ...]
    numbers: tuple[int, ...]
    events: tuple[str, ...]                 # a card's event (its item id when it has none)
    revealed: tuple[bool, ...]
    hidden: bool
    tradeable: bool
    max_held: int | None
    when_full: str | None
    reshuffle_spent: bool
    start: tuple[int, ...]
    marker: str | None
    after: int | None
    at_once: bool = False        # drawn items are carried out and discarded, never held


@dataclass
class Rule:
    """One compiled IR rule (any kind); unused fields stay None."""

    kind: str
    id: str
    prov: Provenance
    what: str = ""                          # trigger / forbid / modifier name
    filter: tuple = ()
    bind: tuple = ()                        # (param, var) pairs
    when: Any = None
    do: list | None = None
    value: Any = None
    fallback: tuple = ()
    action: Any = None                      # player_actions.ActionSpec
    const: int | None = None                # a modifier's value when it is a constant
    label: str = ""                         # a modifier's name as a VP source (playtest)
    named: bool = False                     # the label was written in source
    reads: tuple = ()                       # the variables its condition may read, sorted
    read_key: Any = None                    # env → its values of ``reads`` (memo keys)
    board_static: bool = False              # condition and value read only the board and pieces
    position_static: bool = False           # ... and markers, units, marks, chains (not board_static)
    unit_blind: bool = False                # position_static, reading no unit
    markers_only: bool = False              # ... nor any piece: the layout and markers alone
    buildings_only: bool = False            # ... and of the pieces only buildings (not paths)
    layout_static: bool = False             # a forbid reading only the layout and its bindings
    spot_among: Any = None                  # a build forbid "at in S", S not reading at: S
    layout_guard: Any = None                # a build forbid "A and B", B layout only: (A, B)
    plan_static: bool = False               # reads only the position and the robbers' places
    plan_layout: bool = False               # reads only the layout and the robbers' places
    hex_local: bool = False                 # a build forbid reading only its spot's hexes
    ask: Any = None                         # a forbid or modifier kept: queries.RuleQueries._asker

    @property
    def chain_label(self) -> str:
        """How a budget error names the rule: its id and, when known, where it was written."""
        return f"{self.id} at {self.prov.where}" if self.prov.where else self.id


def ir_modifiers(ir: dict, what: str) -> list[dict]:
    """The IR's ``modifier WHAT`` rules, in rule order."""
    return [r for r in ir.get("rules") or [] if r.get("kind") == "modifier" and r.get("what") == what]


def _loops(expr: Any) -> bool:
    """True when an IR expression contains a comprehension (a loop over a set)."""
    if isinstance(expr, list):
        return (bool(expr) and expr[0] in LOOP_HEADS) or any(_loops(x) for x in expr[1:])
    return False


def _trigger_keys(by_trigger: dict, compiled: list) -> dict:
    """Trigger → (a parameter every one of its rules filters on, {value: those rules in order}):
    an event then looks only at the rules of its own card, piece or number (Event Cards has a
    rule per card on "revealed")."""
    out = {}
    for trig, ris in by_trigger.items():
        filters = [dict(compiled[ri].filter) for ri in ris]
        shared = set.intersection(*(set(f) for f in filters)) if filters else set()
        if len(ris) < 2 or not shared:
            continue
        key = min(shared)
        if not all(isinstance(f[key], (str, int)) for f in filters):
            continue
        index: dict = {}
        for ri, f in zip(ris, filters):
            index.setdefault(f[key], []).append(ri)
        out[trig] = (key, index)
    return out


def needs_rules(ir: dict) -> bool:
    """True when the IR uses any rules mechanism (else the engine keeps its base fast path)."""
    prod, robber, setup = ir.get("production", {}), ir.get("robber", {}), ir.get("setup", {})
    specials = (ir.get("special_cards") or {}).values()
    return bool(
        ir.get("rules") or any(ir.get(k) for k in RULE_KEYS) or ir["players"].get("neutral")
        or prod.get("source", "dice") != "dice" or int(prod.get("rolls", 1)) != 1
        or "start" in robber or "home" in robber or setup.get("start_player") == "roll"
        or (ir.get("victory") or {}).get("bonus")
        # A board that changes in play, or a terrain whose owner picks the resource.
        or (ir.get("board") or {}).get("hidden_pools") or ir.get("robbers")
        or any(t.get("produces") == "choice" for t in (ir.get("terrains") or {}).values())
        or any(s["measure"]["kind"] in ("expr", "counter") or s["policy"] != "first_then_strictly_more"
               for s in specials))


def _mentions(node: Any, head: str) -> bool:
    """Some S-expression under ``node`` (rules, their conditions and effects) calls ``head``."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, list):
            if n and n[0] == head:
                return True
            stack.extend(n)
        elif isinstance(n, dict):
            stack.extend(n.values())
        elif isinstance(n, tuple):
            stack.extend(n)
    return False


def _types_for(entry: vocab.Entry) -> dict[str, str]:
    return {p.name: p.type.replace("name:", "name") if p.type.startswith("name:") else p.type
            for p in entry.params}


class CompiledRules(RuleQueries, BuildBans, VictoryQueries):
    """Static, shared compiled form of an IR's rules and mechanisms (one per Game)."""

    def __init__(self, game, ir: dict) -> None:
        self.game = game
        # The implementation tables this runtime is handed (compile contexts read them).
        self.effects, self.functions, self.calls = tables.EFFECTS, tables.FUNCTIONS, dict(tables.CALLS)
        self.ir = ir
        self.execution = Execution()
        self.listing_memo: dict | None = None     # set while a state's legal actions are listed
        self.listing_state = None
        self.n_real = game.n_real
        self.n_total = game.num_players
        b = ir["board"]
        self.n_hexes = len(b["hexes"])
        # On a board whose sea has paths, the sea hexes follow the land in every hex table
        # (their ids n_hexes ..): a declared robber stands there, and rules read them.
        seas = b["sea"] if b.get("sea_paths") else []
        self.hex_edges = tuple(tuple(h.get("edges", ())) for h in b["hexes"]) + tuple(
            tuple(e for e in sh["sides"] if e >= 0) for sh in seas)
        # Corner and side K of each hex (-1 where a sea hex of the frame has none).
        self.hex_corner_table = tuple(tuple(h["vertices"]) for h in b["hexes"]) + tuple(
            tuple(sh["corners"]) for sh in seas)
        self.hex_side_table = tuple(tuple(h.get("edges", ())) for h in b["hexes"]) + tuple(
            tuple(sh["sides"]) for sh in seas)
        self.edge_hexes = tuple(tuple(e.get("hexes", ())) for e in b["edges"])
        self.vertex_hexes_static = tuple(tuple(v.get("hexes", ())) for v in b["vertices"])
        self.coast = {"vertex": tuple(bool(v.get("coast")) for v in b["vertices"]),
                      "edge": tuple(bool(e.get("coast")) for e in b["edges"]),
                      "hex": tuple(bool(h.get("coast")) for h in b["hexes"]) + (False,) * len(seas)}
        feats = b.get("features") or {}
        self.features = {"vertex": {k: frozenset(v) for k, v in feats.get("vertices", {}).items()},
                         "edge": {k: frozenset(v) for k, v in feats.get("edges", {}).items()},
                         "hex": {k: frozenset(v) for k, v in feats.get("hexes", {}).items()}}
        # An intersection belongs to a frame (sea) feature it touches; numbered sea features
        # (feature_number) are read from the realised board: see board.py.
        for name, seas in feats.get("sea", {}).items():
            if name not in self.features["vertex"]:
                self.features["vertex"][name] = frozenset(
                    v for sid in seas for v in b["sea"][sid]["vertices"])

        self.piece_index = {p: i for i, p in enumerate(game.piece_names)}
        self.building_kinds = frozenset(
            p for i, p in enumerate(game.piece_names) if not game.piece_on_edge[i])
        self.resource_index = {r: i for i, r in enumerate(game.resources)}
        self.counters = tuple(CounterSpec(n, int(c.get("start", 0)), c.get("supply"),
                                          bool(c.get("tradeable")), bool(c.get("shared")),
                                          c.get("max"), c.get("label") or n,
                                          c.get("reset") == "turn")
                              for n, c in (ir.get("counters") or {}).items())
        self.any_shared = any(c.shared for c in self.counters)
        self.turn_counters = tuple(i for i, c in enumerate(self.counters) if c.reset)
        # Turn phases after trading and building (index 0): name → its number, from 1.
        self.phases = tuple((p["name"], p.get("label") or p["name"]) for p in ir.get("phases") or ())
        self.phase_index = {n: i + 1 for i, (n, _) in enumerate(self.phases)}
        self.counter_index = {c.name: i for i, c in enumerate(self.counters)}
        # Markers on hexes: (name, supply or None, max per hex or None), in declared order.
        self.marker_specs = tuple((n, m.get("supply"), m.get("max"))
                                  for n, m in (ir.get("markers") or {}).items())
        self.marker_index = {m[0]: i for i, m in enumerate(self.marker_specs)}
        self.marker_returns = tuple(not m.get("no_return") for m in (ir.get("markers") or {}).values())
        self.marker_on = tuple(m.get("on", "hex") for m in (ir.get("markers") or {}).values())
        # Units on paths: (name, per player), in declared order; path geometry for their moves.
        self.unit_specs = tuple((n, int(u.get("each", 0))) for n, u in (ir.get("units") or {}).items())
        self.unit_on = tuple(u.get("on", "edge") for u in (ir.get("units") or {}).values())
        self.unit_index = {u[0]: i for i, u in enumerate(self.unit_specs)}
        self.unit_places = tuple(UnitPlaces(self, i) for i in range(len(self.unit_specs)))
        self.paths = PathGeometry(ir)
        # Dice with named faces: name → its distinct faces (first-listed order), and for each
        # entry of the face list the index of its face (a face listed twice is twice as likely).
        self.dice: dict[str, tuple[tuple[str, ...], tuple[int, ...]]] = {}
        for n, d in (ir.get("dice") or {}).items():
            distinct = tuple(dict.fromkeys(d["faces"]))
            self.dice[n] = (distinct, tuple(distinct.index(f) for f in d["faces"]))
        opts = {k: bool(v.get("default", False)) for k, v in (ir.get("options") or {}).items()}
        opts.update({k: bool(v) for k, v in (ir.get("meta", {}).get("options") or {}).items()})
        self.options = opts
        self.decks = tuple(self._deck(n, d) for n, d in (ir.get("decks") or {}).items())
        self.deck_index = {d.name: i for i, d in enumerate(self.decks)}
        self.item_index = {it: (di, i) for di, d in enumerate(self.decks)
                           for i, it in enumerate(d.items)}
        self.special_index = {sp.name: i for i, sp in enumerate(game.specials)}

        prod = ir["production"]
        src = prod.get("source", "dice")
        self.roll_deck = self.deck_index[src["deck"]] if isinstance(src, dict) else -1
        self.rolls = int(prod.get("rolls", 1))
        self.distinct = bool(prod.get("distinct_rolls"))
        robber = ir.get("robber", {})
        self.robber_start = robber.get("start")
        self.robber_home = tuple(robber.get("home") or ())
        # Declared robbers (robber NAME { on sea }), numbered from 1 (0 is the land robber).
        self.robbers = robber_specs(game, ir)
        self.robber_index = {r.name: i + 1 for i, r in enumerate(self.robbers)}
        # Whether a rule or measure asks built_this_turn: only then are the turn's placements
        # recorded.
        self.tracks_built = _mentions([v for k, v in ir.items() if k != "board"], "built_this_turn")
        self.start_roll = ir["setup"].get("start_player") == "roll"
        self.neutral_start = tuple(tuple(x) for x in ir["players"].get("neutral_start") or ())
        self.bonus = int((ir.get("victory") or {}).get("bonus", 0) or 0)

        # Specials the base awards code does not maintain: recomputed after every action.
        self.dynamic: list[tuple[int, str, Any]] = []
        for si, (name, sp) in enumerate((ir.get("special_cards") or {}).items()):
            m = sp["measure"]
            if m["kind"] == "expr":
                fn = compile_expr(m["expr"], Ctx(self, {m["var"]: "player"}))[0]
                self.dynamic.append((si, sp["policy"], (m["var"], fn)))
            elif m["kind"] == "counter":
                self.dynamic.append((si, sp["policy"], ("#c", self.counter_index[m["name"]])))
            elif sp["policy"] != "first_then_strictly_more":
                self.dynamic.append((si, sp["policy"], None))
        # Looked up by card on every award (special_cards.award): read once here.
        self.dynamic_of = {d[0]: d for d in self.dynamic}
        self.copies_of = [sp.get("copies") for sp in (ir.get("special_cards") or {}).values()]

        self.chains = Chains(self, ir)          # before the rules: effects and functions use it
        self.compiled: list[Rule] = []
        self.blocks: dict = {}              # (rule, address) → a nested effect list (executor)
        self.by_trigger: dict[str, list[int]] = {}
        # "on rolled N instead of robber" rules: run by game_flow on the robber number, after
        # the discards, in place of the robber (never dispatched with the other "rolled" ones).
        self.robber_instead: list[int] = []
        self.forbids: dict[str, list[Rule]] = {}
        self.modifiers: dict[str, list[Rule]] = {}
        self.actions: list[Rule] = []
        # action name -> (a cost modifier may apply, most it lowers, most it raises an amount)
        self.cost_modifiable: dict[str, tuple] = {}
        self.cost_kept: dict[str, str | None] = {}      # action name -> where its delta is kept
        for i, r in enumerate(ir.get("rules") or []):
            try:
                self._compile_rule(r)
            except (ValueError, KeyError, TypeError, IndexError) as exc:
                # A hand-made IR the semantic checks let through: name the rule by JSON path.
                raise ValueError(f"/rules/{i} ({r.get('id', '?')} at {r.get('span', '?')}) "
                                 f"cannot be compiled: {exc}") from None
        # Forbids of a kind whose every rule reads only the board's layout and the parameters
        # it binds ("no robber on the desert", "no road on a featured path"): the verdict for one
        # set of parameters is the same all game on a board, so it is kept per board.
        self.layout_forbids = {what: PerBoard() for what, rules in self.forbids.items()
                               if all(rule.layout_static for rule in rules)}
        self.build_bans = split_build_bans(self.forbids.get("build", ()), self.game.piece_names)
        self.plans_kept: dict = {}          # piece kind → its ban plans kept per position?
        self.last_verdicts: dict = {}       # piece kind → (board, its layout-ban verdicts)
        self.spot_splits: dict = {}         # piece kind → its "at in S" build bans, the others
        self.trigger_keys = _trigger_keys(self.by_trigger, self.compiled)
        self.straight = straight.generated(self)    # (rule, address, start) → written out
        self.in_place = firing.enabled(self)        # an event's rules fired without work items
        self.route_weighted = bool(self.modifiers.get("route_weight"))
        self.vp_modified = bool(self.modifiers.get("vp"))
        self.shared_specials = any(sp.policy == "all_min" for sp in game.specials)
        # VP modifiers reading only pieces, chains, marks, markers and units are memoised by
        # position (vp_memo).
        vp_rules, on_edge = ir_modifiers(ir, "vp"), dict(zip(game.piece_names, game.piece_on_edge))
        self.vp_kinds = frozenset().union(*(place_kinds(r, on_edge) for r in vp_rules))
        self.vp_memo = VpMemo(vp_rules, self) \
            if self.vp_modified and memoisable(vp_rules, self.functions) else None
        self.vp_place_most = most_per_place(vp_rules, self.vp_kinds) if self.vp_modified else None
        self.vp_headroom = headroom(game.specials, ir_modifiers(ir, "player_vp"))
        self.yield_modified = bool(self.modifiers.get("yield"))
        # Yield modifiers reading only the board and its pieces ("a neutral settlement yields
        # nothing") are decided once per building while no piece moves (yield_at).
        self.yield_static = self.yield_modified and all(
            board_only(r.get(k), self.functions, STATIC_FUNCTIONS)
            for r in ir_modifiers(ir, "yield") for k in ("when", "value"))
        self.pre_roll_actions = any(r.action.phase in ("before_roll", "any") for r in self.actions)
        self.listed_actions = player_actions.listed(self)
        self.listing_fns = listing.generated(self.listed_actions,
                                             [d.values for d in self.decks])
        # "modifier vp ... for player p" is asked for the mover after every action; without a
        # filter a rule's env is just {player, p} (what queries._env would build), made here.
        per_player = self.modifiers.get("player_vp", ())
        self.player_vp_plain = tuple((r.when, r.value, r.bind[0][1]) for r in per_player) \
            if all(not r.filter and len(r.bind) == 1 and r.bind[0][0] == "p"
                   for r in per_player) else None

    def _deck(self, name: str, d: dict) -> DeckSpec:
        items = tuple(d.get("items", {}))
        spec = d.get("items", {})
        start = d.get("start") or {}
        marker = d.get("marker") or {}
        return DeckSpec(
            name=name, kind=d.get("kind", "tokens"), items=items,
            counts=tuple(int(spec[i].get("count", 1)) for i in items),
            values=tuple(int(spec[i].get("value", 0)) for i in items),
            numbers=tuple(int(spec[i].get("number", 0)) for i in items),
            events=tuple(spec[i].get("event") or i for i in items),
            revealed=tuple(bool(spec[i].get("revealed")) for i in items),
            hidden=bool(d.get("hidden")), tradeable=bool(d.get("tradeable")),
            max_held=d.get("max_held"), when_full=d.get("when_full"),
            reshuffle_spent=bool(d.get("reshuffle_spent", True)), at_once=bool(d.get("at_once")),
            start=tuple(int(start.get(i, 0)) for i in items),
            # A marker whose "unless" option is on is left out: the whole deck is played.
            marker=None if self.options.get(marker.get("unless", "")) else marker.get("id"),
            after=None if self.options.get(marker.get("unless", "")) else marker.get("after"))

    def _compile_rule(self, r: dict) -> None:
        kind = r["kind"]
        prov = Provenance(r.get("id", "?"), r.get("span", ""))
        ri = len(self.compiled)
        flt = tuple(sorted((r.get("filter") or {}).items()))
        bind = tuple(sorted((r.get("bind") or {}).items()))
        if kind == "on":
            entry = vocab.TRIGGERS[r["event"]]
            types = {"player": "player"}
            ptypes = _types_for(entry)
            for param, var in bind:
                types[var] = ptypes.get(param, "any")
                if param == "at" and "piece" in dict(flt):
                    k = self.piece_index.get(dict(flt)["piece"], -1)
                    if k >= 0:
                        types[var] = "edge" if self.game.piece_on_edge[k] else "vertex"
            ctx = Ctx(self, types)
            rule = Rule("on", prov.rule_id, prov, r["event"], flt, bind, compile_cond(r.get("when"), ctx))
            self.compiled.append(rule)
            rule.do = executor.compile_effects(r.get("do") or [], ctx)
            if r.get("instead") == "robber":
                self.robber_instead.append(ri)
            else:
                self.by_trigger.setdefault(r["event"], []).append(ri)
        elif kind in ("forbid", "modifier"):
            table = vocab.FORBIDS if kind == "forbid" else vocab.MODIFIERS
            types = {"player": "player"}
            ptypes = _types_for(table[r["what"]])
            for param, var in bind:
                types[var] = ptypes.get(param, "any")
            ctx = Ctx(self, types)
            rule = Rule(kind, prov.rule_id, prov, r["what"], flt, bind, compile_cond(r.get("when"), ctx))
            # "#x" tags travel with "x" (place_kind reads them beside the variable).
            read = reads(r.get("when"), ctx) | reads(r.get("value", 0), ctx)
            rule.reads = tuple(sorted(read | {"#" + v for v in read}))
            rule.read_key = env_key(rule.reads)
            # Only a condition with a loop is worth keeping: a lookup costs about what a
            # simple test does (a terrain test per hex was slower memoised).
            rule.board_static = _loops(r.get("when")) and all(
                board_only(r.get(k), self.functions, STATIC_FUNCTIONS) for k in ("when", "value"))
            rule.position_static = not rule.board_static and _loops(r.get("when")) and all(
                board_only(r.get(k), self.functions, POSITION_FUNCTIONS) for k in ("when", "value"))
            rule.unit_blind = rule.position_static and all(
                board_only(r.get(k), self.functions, UNIT_BLIND_FUNCTIONS) for k in ("when", "value"))
            rule.buildings_only = (rule.board_static or rule.unit_blind) and all(
                buildings_only(r.get(k), self.functions, self.building_kinds)
                for k in ("when", "value"))
            bound = {v for _, v in bind}
            rule.layout_static = kind == "forbid" and \
                board_only(r.get("when"), self.functions, LAYOUT_FUNCTIONS) and \
                all(v.lstrip("#") in bound for v in rule.reads) and \
                not any(k == "player" for k, _ in flt) and "player" not in bound
            rule.plan_static = board_only(r.get("when"), self.functions, PLAN_FUNCTIONS)
            rule.plan_layout = board_only(r.get("when"), self.functions, PLAN_LAYOUT_FUNCTIONS)
            at_var, w = dict(bind).get("at"), r.get("when")
            rule.hex_local = kind == "forbid" and r["what"] == "build" \
                and hex_local_ban(w, at_var, self.functions)
            if kind == "forbid" and r["what"] == "build" and not rule.layout_static:
                rule.layout_guard = self._layout_guard(w, at_var, flt, bind, ctx)
            if kind == "forbid" and r["what"] == "build" and at_var and isinstance(w, list) \
                    and len(w) == 3 and w[0] == "in" and w[1] == ["var", at_var] \
                    and not mentions(w[2], at_var) and not mentions(w[2], "#" + at_var):
                rule.spot_among = compile_expr(w[2], ctx)[0]     # build_bans.build_banned
            if kind == "modifier":
                rule.value = compile_expr(r.get("value", 0), ctx)[0]
                rule.label = r.get("label") or f"{r['what'].replace('_', ' ')} ({prov.rule_id})"
                rule.named = bool(r.get("label"))
                raw = r.get("value", 0)
                rule.const = raw if isinstance(raw, int) and not isinstance(raw, bool) else None
            rule.fallback = tuple(r.get("else") or ())
            self.compiled.append(rule)
            (self.forbids if kind == "forbid" else self.modifiers).setdefault(r["what"], []).append(rule)
        elif kind == "action":
            rule = Rule("action", prov.rule_id, prov, r["name"])
            self.compiled.append(rule)
            rule.action = player_actions.compile_action(self, r, ri)
            rule.do = rule.action.do
            self.actions.append(rule)
        else:
            raise ValueError(f"unknown rule kind {kind!r} in rule {prov.rule_id}")

    def _layout_guard(self, w: Any, at_var: str | None, flt: tuple, bind: tuple,
                      ctx: Ctx) -> tuple | None:
        """A build forbid ``A and B``, A blind to the spot, B reading only the layout and the
        spot (``setup and not any(h in hexes_of(v) where feature(h, main))``) → (A, B)
        compiled, so a listing asks A once and B once per board and spot (build_bans._ban_plan);
        else None."""
        if not (at_var and isinstance(w, list) and len(w) == 3 and w[0] == "and") \
                or any(k in ("player", "at", "#at") for k, _ in flt):
            return None
        guard, layout = w[1], w[2]
        bound = {v for _, v in bind}
        if mentions(guard, at_var) or mentions(guard, "#" + at_var) or "player" in bound \
                or not board_only(layout, self.functions, LAYOUT_FUNCTIONS) \
                or not all(v in bound for v in reads(layout, ctx)):
            return None
        return compile_cond(guard, ctx), compile_cond(layout, ctx)

    # ---- queries the engine and the interpreter make (VP ones: victory.py) ------------------
    def count_of(self, s, p: int, stock: Any) -> int:
        if isinstance(stock, int) and not isinstance(stock, bool):
            return s.hand[p][stock]                  # a resource variable holds its index
        if isinstance(stock, dict):
            stock = next(iter(stock.values()))
        if stock in self.resource_index:
            return s.hand[p][self.resource_index[stock]]
        if stock in self.counter_index:
            return s.rules_state.counters[p][self.counter_index[stock]]
        if stock in self.item_index:
            di, i = self.item_index[stock]
            return s.rules_state.held[di][p][i]
        if stock in self.deck_index:
            return sum(s.rules_state.held[self.deck_index[stock]][p])
        return 0

    def cards_with(self, flag: str) -> tuple[int, ...]:
        return tuple(c for c, card in enumerate(self.game.cards)
                     if flag in card.flags or card.name == flag)

    def holds(self, s, p: int, what: str) -> bool:
        si = self.special_index.get(what)
        if si is not None:
            return s.holders[si] == p or p in s.rules_state.multi[si]
        return self.count_of(s, p, what) > 0

    def holder(self, s, what: str) -> int:
        si = self.special_index[what]
        if s.holders[si] >= 0:
            return s.holders[si]
        multi = s.rules_state.multi[si]
        return multi[0] if multi else -1

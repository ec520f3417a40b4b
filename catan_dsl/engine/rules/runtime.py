"""CompiledRules + the engine's hook points: dispatch, rolls (dice/deck, twice), production, robber forbids, awards."""

from __future__ import annotations

from operator import itemgetter

from catan_dsl.engine.actions import Build, OfferTrade
from catan_dsl.engine.base import building, turn_flow
from catan_dsl.engine.events import (
    CardRevealed,
    DeckReshuffled,
    DevelopmentCardPlayed,
    DiceRolled,
    HexRevealed,
    ItemDrawn,
    NumberProduced,
    PieceBuilt,
    PieceMoved,
    RollCancelled,
    SetupDone,
    TradeCancelled,
    TradeDeclined,
    TradeOffered,
    TurnEnded,
    TurnStarted,
)
from catan_dsl.engine.prompts import CHANCE, ROLL, START, Prompt
from catan_dsl.engine.rules import (ban_filter, executor, firing, game_flow, hex_changes,
                                    main_listing, player_actions, probe, robbers, special_cards,
                                    turns, victory)
from catan_dsl.engine.rules.robbers import RobberMoves
from catan_dsl.engine.rules.compiled import CompiledRules, ir_modifiers
from catan_dsl.engine.rules.interned import InternedActions
from catan_dsl.engine.rules.measure_memo import BUILDING_FUNCTIONS, MeasureMemo, board_only
from catan_dsl.engine.rules.queries import kept_kind, kept_memo, may_hold_for_real
from catan_dsl.engine.rules.rules_state import RulesState
from catan_dsl.engine.rules.special_cards import CARD_PROMPTS

MAIN = 2


# The vocabulary entries this module and compiled.py implement (a test compares with vocab).
TRIGGERS = ("built", "moved", "upgraded", "rolled", "produced", "revealed", "drew", "played",
            "turn_started", "turn_ended", "setup_done", "hex_revealed")
FORBIDS = ("robber_move", "steal", "build", "trade", "produce", "harbor")
MODIFIERS = ("target", "vp", "player_vp", "route_weight", "yield", "cost", "bot_value")
# Off, every main listing runs the rules' part, also when they add and drop nothing there (the
# reference for RulesRuntime.main_idle; read when a game is built).
IDLE_MAIN = True


class RulesRuntime(InternedActions, RobberMoves, CompiledRules):
    """The rules game plus everything the engine calls when an IR has rules or mechanisms."""

    def __init__(self, game, ir: dict) -> None:
        super().__init__(game, ir)
        self.calls.update(CALLS)
        self._actions: dict = {}
        self.action_by_name = {r.action.name: i for i, r in enumerate(self.compiled) if r.kind == "action"}
        self.build_forbids = bool(self.forbids.get("build"))
        # A main listing's builds filtered by the bans as they are listed (main_listing.py).
        self.builds_filtered = self.build_forbids and main_listing.FILTER_BUILDS
        # Forbids and modifiers reading the layout and the markers alone (a conquered hex): kept
        # until a marker moves, pieces built or not (queries.memo_for). Compiled in IR order.
        for rule, r in zip(self.compiled, ir.get("rules") or ()):
            rule.markers_only = rule.unit_blind and all(
                board_only(r.get(k), self.functions, BUILDING_FUNCTIONS) for k in ("when", "value"))
        self.prepare_asks()
        self.spot_memo_kinds = ban_filter.spot_memo_kinds(self.build_bans[0], game.piece_names)
        self.trade_forbids = bool(self.forbids.get("trade"))
        self.harbor_forbids = bool(self.forbids.get("harbor"))
        # Harbor forbids reading only what is on the board: ratios kept while that stays (while
        # roads are built too, when the forbids read only buildings, as the ratios do).
        self.ratios_kept = kept_kind(self.forbids.get("harbor", ()))
        self.dynamic_any = bool(self.dynamic) or self.route_weighted
        self.weights_follow_pieces = special_cards.weights_follow_pieces(self, ir)
        self.counters_only = bool(self.dynamic) and not self.route_weighted and all(
            m is not None and m[0] == "#c" for _, _, m in self.dynamic)
        self.counters_and_routes = bool(self.dynamic) and self.route_weighted and all(
            m is not None and m[0] == "#c" for _, _, m in self.dynamic)
        # Those cards read only the counters they measure: after an action their gate compares
        # those columns alone (a step's movement points or a drawn commodity moves no card).
        self.measured_columns = itemgetter(*sorted({m[1] for _, _, m in self.dynamic})) \
            if self.counters_only or self.counters_and_routes else None
        self.counted = special_cards.counted(self)      # those cards awarded from those columns
        # Event type -> does a rule listen to its trigger (PieceBuilt is always handled: it marks
        # the turn as one with a building, which 'on turn_ended' reads).
        heard = self.by_trigger
        self.listened = {
            PieceBuilt: True, DiceRolled: "rolled" in heard, NumberProduced: "produced" in heard,
            CardRevealed: "revealed" in heard, ItemDrawn: "drew" in heard,
            DevelopmentCardPlayed: "played" in heard, TurnStarted: "turn_started" in heard,
            TurnEnded: "turn_ended" in heard, SetupDone: "setup_done" in heard,
            HexRevealed: "hex_revealed" in heard, PieceMoved: "moved" in heard}
        # The classes listened to, as State.emit asks of every event (`in`, not a `get` call).
        self.heard = frozenset(t for t, on in self.listened.items() if on)
        # No rule hears an offer or its answers, and a rule's listing reads nothing they change
        # (the hands stay, the offer count is the base game's): the main listing before an offer
        # every other player declines is the one after it (State.apply_action keeps it).
        self.skips_closed = turns.SKIP_CLOSED       # a later turn phase lists no closed action
        self.declines_keep_listing = not any(
            self.listened.get(t) for t in (TradeOffered, TradeDeclined, TradeCancelled))
        self.choice_production = hex_changes.has_choice(ir)     # owners pick (hex_changes.py)
        if not self.choice_production:  # no picks to ask of a roll: production is all (one call)
            self.produce = self._produce
        # The dice, as the base game rolls them (no deck, no second roll that must differ):
        # turn_flow.roll_outcomes answers without asking roll_outcomes.
        self.plain_rolls = self.roll_deck < 0 and not self.distinct
        # Expression measures that read only the board are memoised by position (measure_memo).
        self.measure_memo = MeasureMemo(frozenset(
            si for si, sp in enumerate((ir.get("special_cards") or {}).values())
            if sp["measure"]["kind"] == "expr" and board_only(sp["measure"]["expr"], self.functions)))
        # Every measure to keep up to date reads only the board (and routes, marks and chains
        # at most): after an action, only a moved piece, mark or chain can change one.
        self.board_measures_only = not self.counters_only and self.dynamic_any and all(
            si in self.measure_memo.specials for si, _, _ in self.dynamic)
        # Production asks the yield modifiers only for real players' buildings: one whose
        # condition is false for those ("a neutral settlement yields nothing") changes nothing
        # there, and production keeps the base game's path.
        self.yield_real = any(may_hold_for_real(r.get("when"), (r.get("bind") or {}).get("x"))
                              for r in ir_modifiers(ir, "yield"))
        victory.settle(self)            # what the victory check asks, decided once
        # "forbid trade of X" with no condition bans the same stocks for everyone, always:
        # decided here once instead of on every listing.
        trade_rules = self.forbids.get("trade", ())
        self.static_trade_ban = None
        if trade_rules and all(r.when is None and r.bind == () and
                               all(k == "stock" for k, _ in r.filter) for r in trade_rules):
            names = self.game.resources + tuple(c.name for c in self.counters)
            self.static_trade_ban = tuple(
                any(all(v == n for _, v in r.filter) for r in trade_rules) for n in names)
        # Can a listing lose an offer at all? Not when the only bans are on trading what no
        # offer holds (a deck's items); a build? Then the listing is not walked (legal_main).
        self.offers_filtered = self.trade_forbids and (
            self.static_trade_ban is None or any(self.static_trade_ban))
        self.listing_filtered = self.build_forbids or self.offers_filtered
        # The stocks banned always, as listed (main_listing.banned_columns), when decided here.
        self.static_columns = None if self.static_trade_ban is None else \
            [r for r, b in enumerate(self.static_trade_ban) if b]
        # Per listing (after the roll, before it): do the rules add nothing to it and take
        # nothing from it (no action of theirs listed then, no build or trade ban, no turn
        # phase to close trading)? Then legal_main returns at once (a scenario with a few
        # forbids elsewhere paid for the listing memo and the walk on every main listing).
        self.main_idle = tuple(IDLE_MAIN and not self.listing_filtered and not self.phases
                               and not self.listed_actions[b] for b in (False, True))
        # Counters players may put into domestic offers (base/trade.py), and those offers interned.
        self.tradeable_counters = tuple(i for i, c in enumerate(self.counters) if c.tradeable)
        self.counter_offer_cache: dict = {}
        self.counter_offer_menus: dict = {}     # trade._counter_offers, by what they depend on
        # ("distinct", first roll) → a second roll's outcomes and their chances
        self.deal_outcomes: dict[tuple, tuple] = {}
        self.last_deal: list = [None] * len(self.decks)   # per deck: (pile, its outcomes)
        self.deck_draws: dict[int, list] = {}     # per deck, its DeckDraw actions by item

    def parse(self, text: str):
        w = text.split()
        if w[0] == "choose":
            if len(w) == 2:
                return self.choice("resource", self.resource_index[w[1]])
            return self.choice(w[1], int(w[2]))
        if w[0] == "deal":
            di = self.deck_index[w[1]]
            return self.deal(di, self.decks[di].items.index(w[2]))
        ri = self.action_by_name[w[1]]
        spec = self.compiled[ri].action
        rest = w[2:]
        target = -1
        if rest and rest[0] in self.resource_index:
            target, rest = self.resource_index[rest[0]], rest[1:]
        elif rest and rest[0] != "pay":
            target, rest = int(rest[1]), rest[2:]
        pay: tuple = ()
        if spec.token is not None:
            d = self.decks[spec.token[0]]
            counts = [0] * len(d.items)
            for name in rest[1:]:
                counts[d.items.index(name)] += 1
            pay = tuple(counts)
        return self.rule_action(ri, target, pay)

    # ---- state set-up, events, turn flow ------------------------------------------------------
    def init_state(self, s) -> None:
        s.rules_state = RulesState(self)
        if self.robber_start is not None:
            s.robber = self._where(s, [self.robber_start])
        if self.robbers:
            s.rules_state.robbers = robbers.starts(self, s)
        g = self.game
        k = g.new_vertex_kinds[0] if g.new_vertex_kinds else -1
        for i, spots in enumerate(self.neutral_start):
            for v in spots:
                building.place(s, self.n_real + i, k, v, free=True)
        if self.start_roll:
            s.prompts.append(Prompt(START, CHANCE))

    def _where(self, s, entries) -> int | None:
        """The first entry the board has: {"terrain": t}, {"hex": id}, "off_board", or a terrain."""
        for e in entries:
            if e == "off_board":
                return -1
            if e == "robber_start_terrain":
                return s.board.robber_start
            if isinstance(e, dict) and "hex" in e:
                return int(e["hex"])
            t = e.get("terrain") if isinstance(e, dict) else e
            for h, ht in enumerate(s.board.hex_terrain):
                if ht == t:
                    return h
        return None

    def home_hex(self, s) -> int | None:
        return self._where(s, self.robber_home or ["robber_start_terrain"])

    def dispatch(self, s, event) -> None:
        t = type(event)
        rules_state = s.rules_state
        if t is PieceBuilt:             # (State.emit dispatches only the classes heard)
            setup = s.phase == 0
            g = self.game
            k = g.piece_names.index(event.piece)
            if not g.piece_on_edge[k] and event.player == s.cur and not setup:
                rules_state.built_turn = True
            trig = "built" if event.replaced is None else "upgraded"
            if not self.by_trigger.get(trig):
                return                  # only the turn's building to mark: no parameters made
            if event.replaced is None:
                params = {"player": event.player, "piece": event.piece, "at": event.at,
                          "#at": "edge" if g.piece_on_edge[k] else "vertex", "setup": setup}
            else:
                params = {"player": event.player, "piece": event.piece, "at": event.at,
                          "#at": "vertex"}
        elif t is PieceMoved:
            trig, params = "moved", {"player": event.player, "piece": event.piece, "at": event.at,
                                     "#at": "edge" if self.game.piece_on_edge[
                                         self.game.piece_names.index(event.piece)] else "vertex"}
        elif t is DiceRolled:
            trig, params = "rolled", {"player": event.player, "n": event.total}
        elif t is NumberProduced:
            trig, params = "produced", {"player": event.player, "n": event.n}
        elif t is CardRevealed:
            d = self.decks[self.deck_index[event.deck]]
            trig, params = "revealed", {"player": event.player, "deck": event.deck,
                                        "card": d.events[d.items.index(event.card)], "n": event.n}
        elif t is ItemDrawn:
            trig, params = "drew", {"player": event.player, "deck": event.deck, "item": event.item}
        elif t is DevelopmentCardPlayed:
            trig, params = "played", {"player": event.player, "card": event.card}
        elif t is TurnStarted:
            trig, params = "turn_started", {"player": event.player}
        elif t is TurnEnded:
            trig, params = "turn_ended", {"player": event.player, "built": rules_state.built_turn}
        elif t is SetupDone:
            trig, params = "setup_done", {"player": s.cur}
        elif t is HexRevealed:
            trig, params = "hex_revealed", hex_changes.revealed_params(s, event)
        else:
            return
        fired = self.fired_by.get(trig)
        if fired is not None:               # its rules' written function, kept below
            fired(s, params)
            return
        triggered = self.by_trigger.get(trig)
        if not triggered:
            return
        keyed = self.trigger_keys.get(trig)
        if keyed is not None:               # only the rules filtering on this event's value
            triggered = keyed[1].get(params.get(keyed[0]), ())
        top = s.prompts[-1] if trig == "played" and s.prompts else None
        if top is None or top.kind not in CARD_PROMPTS:
            if self.in_place:
                firing.fire(s, self, triggered, params)
                if self.fires is not None and keyed is None and trig != "played":
                    self.fired_by[trig] = self.fires[id(triggered)][1]  # always these rules
            else:
                items = executor.rule_items(self.compiled, triggered, params)
                if items:
                    executor.run(s, items)
            return
        # The card's own effect resolves first (its free pieces, its robber move); the rules
        # on playing it run after, e.g. a player's free roads before a mirrored pair.
        items = executor.rule_items(self.compiled, triggered, params)
        if items:
            s.prompts.insert(len(s.prompts) - 1,
                             Prompt(executor.RESUME, executor.AUTO, (tuple(items),)))

    def setup_done(self, s) -> None:
        s.emit(SetupDone())
        self.turn_started(s)

    def turn_started(self, s) -> None:
        rules_state = s.rules_state
        if rules_state.built_now is not None:
            rules_state.built_now = set()
        rules_state.uses_turn = {}
        rules_state.built_turn = False
        rules_state.robber_forced = False
        if self.turn_counters or self.phases:
            turns.start(self, rules_state)
        s.emit(TurnStarted(s.cur, s.turn))

    # ---- rolls and production -----------------------------------------------------------------
    def roll_outcomes(self, s, prompt):
        if self.roll_deck >= 0:
            di = self.roll_deck
            d = self.decks[di]
            pile = s.rules_state.pile[di]
            if (d.after is not None and s.rules_state.drawn[di] >= d.after) or not any(pile):
                pile = d.counts
            return self.deck_outcomes(di, pile)
        outcomes = self.game.roll_actions
        if prompt.params and self.distinct:
            first = prompt.params[1]        # a second roll that must differ: once per number
            got = self.deal_outcomes.get(("distinct", first))
            if got is None:
                rest = sum(p for a, p in outcomes if a.total != first)
                got = self.deal_outcomes[("distinct", first)] = tuple(
                    (a, p / rest) for a, p in outcomes if a.total != first)
            return got
        return outcomes

    def apply_roll(self, s, a, prompt) -> None:
        s.prompts.pop()
        s.phase = MAIN
        idx = prompt.params[0] if prompt.params else 1
        n0 = len(s.prompts)
        if self.roll_deck >= 0:
            di = self.roll_deck
            d, rules_state = self.decks[di], s.rules_state
            if (d.after is not None and rules_state.drawn[di] >= d.after) or not any(rules_state.pile[di]):
                rules_state.pile[di] = list(d.counts)
                rules_state.spent[di] = [0] * len(d.items)
                rules_state.drawn[di] = 0
                s.emit(DeckReshuffled(d.name, d.marker))
            rules_state.pile[di][a.item] -= 1
            rules_state.spent[di][a.item] += 1
            rules_state.drawn[di] += 1
            n = d.numbers[a.item]
            s.emit(CardRevealed(s.cur, d.name, d.items[a.item], n))
        else:
            n = a.total
        # The robber number's discards are counted from the hands as the dice show it (base
        # rule: discards first), whatever the "on rolled" rules then do before the robber.
        held = [sum(hand) for hand in s.hand] \
            if n == self.game.robber_number and self.roll_deck < 0 else None
        s.emit(DiceRolled(s.cur, n))
        if s.rules_state.rerolled:
            s.rules_state.rerolled = False
            s.emit(RollCancelled(s.cur, n))
            s.prompts.append(Prompt(ROLL, CHANCE, prompt.params))
            return
        at = n0
        if idx < self.rolls:
            s.prompts.insert(n0, Prompt(ROLL, CHANCE, (idx + 1, n)))
            at += 1
        if len(s.prompts) > at:
            s.prompts.insert(at, Prompt(executor.RESUME, executor.AUTO, ((("call", "after_roll", (n,)),),)))
        else:
            after_roll(s, n)
        if held is not None:
            # On top: made before the rules' own prompts and the robber.
            turn_flow.push_discards(s, s.cur, held)

    def produce(self, s, total: int) -> None:
        """Base production (neutral players never produce, yields can change), then a hex of
        choice's owners pick their resources (hex_changes.py)."""
        picks = hex_changes.choice_yields(self, s, total) if self.choice_production else ()
        self._produce(s, total)
        if picks:                       # (asked on every roll: most have no hex of choice)
            hex_changes.push_picks(self, s, picks)

    def setup_picks(self, s, p: int, v: int) -> None:
        """The set-up yield round's hexes of choice beside ``v`` (base/setup.py asks)."""
        hex_changes.push_picks(self, s, hex_changes.setup_choices(self, s, p, v))

    def _stops_production(self, s, total: int) -> bool:
        """Does a ``forbid produce`` hold for a hex showing ``total`` that would produce?"""
        b = s.board
        for h in b.number_hexes[total] if 0 <= total < len(b.number_hexes) else ():
            if b.hex_resource[h] >= 0 and h != s.robber and \
                    self.forbidden(s, "produce", s.cur, {"at": h}) is not None:
                return True
        return False

    def _produce(self, s, total: int) -> None:
        banned = self.forbids.get("produce")
        if not self.yield_real and not s.rules_state.yield_now and not (
                banned and self._stops_production(s, total)):
            # Nothing differs from the base game's production but the neutral seats (with
            # production forbids: when none holds for a hex of this number, most rolls).
            turn_flow.produce(s, total, self.n_real)
            return
        g, b = self.game, s.board
        hexes = b.number_hexes[total] if 0 <= total < len(b.number_hexes) else ()
        n, nr = self.n_real, g.n_resources
        gains = [[0] * nr for _ in range(n)]
        demand = [0] * nr
        paid = False
        for h in hexes:
            r = b.hex_resource[h]
            if r < 0 or h == s.robber:
                continue
            if banned and self.forbidden(s, "produce", s.cur, {"at": h}) is not None:
                continue
            for v in b.hex_vertices[h]:
                o = s.v_owner[v]
                if 0 <= o < n:
                    y = self.yield_at(s, v)
                    if y:
                        gains[o][r] += y
                        demand[r] += y
                        paid = True
        s.rules_state.yield_now.clear()
        if paid:                        # nothing due: nothing to pay, withhold or announce
            turn_flow.pay_out(s, gains, demand)

    # ---- builds, trades (the robbers' moves: robbers.RobberMoves) --------------------------------
    def legal_main(self, s, p: int, out: list, before_roll: bool,
                   builds: tuple[int, int] | None = None) -> None:
        """Drop forbidden builds and trades, then add the scenario's actions. ``builds``: the
        slice of ``out`` that holds the builds, when the caller knows it. Not called when
        ``main_idle[before_roll]`` (the callers ask: once per main listing; after the roll
        main_listing.listing lists it all)."""
        self.listing_memo, self.listing_state = {}, s
        try:                                # (one call level: asked for every main listing)
            main_listing.filter_main(self, s, p, out,
                                     not before_roll and s.rules_state.turn_phase, builds)
            player_actions.legal(s, p, out, before_roll)
        finally:
            self.listing_memo = self.listing_state = None

    def trade_ratios(self, s, p: int) -> list[int]:
        """``p``'s bank-trade ratios counting only the harbors no ``forbid harbor`` holds for
        (read-only: the list may be the one kept for the position)."""
        memo = kept_memo(s, self.ratios_kept) if self.ratios_kept is not None else {}
        got = memo.get(("ratios", p))
        if got is None:
            got = memo[("ratios", p)] = self._harbor_ratios(s, p)
        return got

    def _harbor_ratios(self, s, p: int) -> list[int]:
        return building.harbor_ratios(
            s, p, lambda v: self.forbidden(s, "harbor", p, {"at": v, "#at": "vertex"}) is None)

    def trade_banned(self, s, p: int) -> tuple[bool, ...]:
        """Per stock (resources, then counters, as in an offer): may ``p`` not trade it now?"""
        if self.static_trade_ban is not None:
            return self.static_trade_ban
        names = self.game.resources + tuple(c.name for c in self.counters)
        return tuple(self.forbidden(s, "trade", p, {"stock": n}) is not None for n in names)

    def allowed(self, s, p: int, a, banned: tuple[bool, ...] | None = None) -> bool:
        if type(a) is Build:
            return not self.build_forbidden(s, p, a.kind, a.at)
        if type(a) is OfferTrade and self.trade_forbids:
            banned = self.trade_banned(s, p) if banned is None else banned
            return not any((g or w) and banned[r] for r, (g, w) in enumerate(zip(a.give, a.get)))
        return True

    def build_forbidden(self, s, p: int, k: int, at: int) -> bool:
        g = self.game
        return self.build_banned(s, p, g.piece_names[k], g.piece_on_edge[k], at)

    # ---- special cards (special_cards.py) -------------------------------------------------------
    # Asked after every action: the function itself, not a method that calls it.
    after_action = special_cards.after_action

    def award(self, s, si: int) -> None:
        special_cards.award(self, s, si)

    def run_from(self, s, rule_index: int, addr: tuple, at: int, env: dict) -> bool:
        """A player action's block run on ``s`` from one of its effects, outside any action
        (a bot's look-ahead; probe.py)."""
        return probe.run_from(s, rule_index, addr, at, env)


def after_roll(s, n: int) -> None:
    g = s.game
    if n == g.robber_number:
        # A card deck's robber number does nothing by itself: rules on `revealed` give it meaning.
        if g.rules.roll_deck < 0:          # the discards are pushed by apply_roll
            game_flow.robber_number(s, n)   # the robber, or the rules that replace it
    else:
        prompts = s.prompts
        n0 = len(prompts)
        g.rules.produce(s, n)
        if len(prompts) > n0:               # after the picks of hexes of choice
            hex_changes.produced(s, n0, n)
        else:                               # (hex_changes.produced, which would emit it now)
            s.emit(NumberProduced(s.cur, n))


# Continuations this module adds to the runtime's table (see tables.CALLS).
CALLS = {"after_roll": after_roll}

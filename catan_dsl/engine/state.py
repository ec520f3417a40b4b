"""Game + board → a mutable State with the OpenSpiel-shaped API (legal actions, apply, chance, clone)."""

from __future__ import annotations

import random
from operator import itemgetter
from typing import Callable

from catan_dsl.engine.actions import (
    Action,
    BankTrade,
    Build,
    BuyCard,
    EndTurn,
    OfferTrade,
    PlayCard,
    RollDice,
    RuleAction,
)
from catan_dsl.engine import snapshot
from catan_dsl.engine.base import awards, building, cards, networks, setup, trade, turn_flow
from catan_dsl.engine.board import Board
from catan_dsl.engine.events import Event, GameStalled, GameWon
from catan_dsl.engine.prompts import CHANCE, ROLL, START, TERMINAL, Prompt
from catan_dsl.engine.rules import (chance, executor, hex_changes, main_listing, player_actions,
                                    stocks, turns, votes)
from catan_dsl.engine.rules.execution import CHANCE_STEP

SETUP, PRE_ROLL, MAIN, OVER = 0, 1, 2, 3
_AUTO = executor.AUTO
_ROLL_PROMPT = Prompt(ROLL, CHANCE)     # prompts are immutable: one roll prompt serves every turn
# Off, awards and the victory check run after an offer or a decline too (_after's reference).
QUIET_TRADES = True


class IllegalActionError(ValueError):
    """An action that is not legal in the current state; the state is left unchanged."""


# Prompt kind → (legal | chance outcomes, apply). Compiled rules register new kinds here.
PROMPT_LEGAL: dict[str, Callable] = {**turn_flow.PROMPT_LEGAL, **cards.PROMPT_LEGAL,
                                     **trade.PROMPT_LEGAL,
                                     executor.CHOOSE: executor.legal_choose,
                                     votes.VOTE: votes.legal_vote}
PROMPT_CHANCE: dict[str, Callable] = {**turn_flow.PROMPT_CHANCE, **cards.PROMPT_CHANCE,
                                      stocks.DRAW_ITEM: stocks.draw_outcomes,
                                      stocks.RANDOM: stocks.random_outcomes,
                                      chance.RANDOM_CHOICE: chance.random_outcomes,
                                      hex_changes.REVEAL: hex_changes.reveal_outcomes,
                                      START: turns.start_outcomes}
PROMPT_APPLY: dict[str, Callable] = {**turn_flow.PROMPT_APPLY, **cards.PROMPT_APPLY,
                                     **trade.PROMPT_APPLY,
                                     executor.CHOOSE: executor.apply_choose,
                                     votes.VOTE: votes.apply_vote,
                                     stocks.DRAW_ITEM: stocks.apply_draw,
                                     stocks.RANDOM: stocks.apply_random,
                                     chance.RANDOM_CHOICE: chance.apply_random,
                                     hex_changes.REVEAL: hex_changes.apply_reveal,
                                     START: turns.apply_start}
# Action type → apply, for the acting player's own free actions (no prompt open).
TURN_APPLY: dict[type, Callable] = {
    EndTurn: turn_flow.apply_end_turn, RollDice: turn_flow.apply_roll_dice,
    Build: building.apply_build, BuyCard: cards.apply_buy,
    PlayCard: cards.apply_play, BankTrade: trade.apply_bank_trade,
    OfferTrade: trade.apply_offer, RuleAction: player_actions.apply,
}

_first = itemgetter(0)
_copy = list.copy          # rows are copied with map(_copy, ...): the fastest spelling in CPython


class State:
    """One game in progress. All mutable data is flat lists of ints; the board is shared."""

    __slots__ = ("game", "board", *snapshot.LIST_FIELDS, *snapshot.NESTED_FIELDS,
                 *snapshot.SET_FIELDS, *snapshot.SCALARS,
                 "_history", "_hlen", "_events", "_legal", "rules_state", "stalled",
                 "spots_shared", "piece_moves", "building_moves", "building_memo", "analysis_memo",
                 "_listing_at_offer", "_drawn", "_checked")

    def __init__(self, game, board: Board, seed: int) -> None:
        g = game
        n, nr, nc = g.num_players, g.n_resources, len(g.cards)
        self.game = g
        self.board = board
        self.seed = seed
        self.hand = [[0] * nr for _ in range(n)]
        self.bank = list(g.bank_total)
        self.v_owner = [-1] * board.n_vertices
        self.v_kind = [-1] * board.n_vertices
        self.v_blocked = [0] * board.n_vertices
        self.e_owner = [-1] * board.n_edges
        self.e_kind = [-1] * board.n_edges
        self.supply = [list(g.piece_limit) for _ in range(n)]
        self.robber = board.robber_start
        self.deck = list(g.card_count)
        self.dev_hand = [[0] * nc for _ in range(n)]
        self.dev_new = [[0] * nc for _ in range(n)]
        self.dev_played = [[0] * nc for _ in range(n)]
        self.played_this_turn = 0
        self.offers_this_turn = 0
        self.phase = SETUP if g.setup_steps else PRE_ROLL
        self.setup_i = 0
        self.last_vertex = [-1] * n
        self.cur = g.first_player
        self.turn = 0
        self.prompts: list[Prompt] = []
        self.board_vp = [0] * n
        self.card_vp = [0] * n
        self.holders = [-1] * len(g.specials)
        self.measure = [[0] * n for _ in g.specials]
        self.ratio = [[g.bank_ratio] * nr for _ in range(n)]
        self.buildings: list[list[int]] = [[] for _ in range(n)]
        self.route_edges: list[list[int]] = [[] for _ in range(n)]
        self.edge_spots: list[set[int]] = [set() for _ in range(n)]
        self.vertex_spots: list[set[int]] = [set() for _ in range(n)]
        # The spot sets are shared with clones until one side places a piece (copy on write:
        # bots clone for every action they weigh, and most actions build nothing).
        self.spots_shared = False
        # Pieces placed, upgraded or removed so far in this state's line (clones inherit it):
        # what reads only the pieces on the board is unchanged while it is. Not in to_dict.
        self.piece_moves = 0
        # Likewise for the buildings alone (pieces on intersections, and a changed hex): what
        # reads only them and the layout (a harbor discount on a sale) is kept while roads are
        # built, in building_memo: (its key, {what: answer}); a clone starts without one.
        self.building_moves = 0
        self.building_memo: tuple | None = None
        # Read-only analyses of this position (bots' production tables...), keyed by what they
        # read; shared with clones, which check the key before using it.
        self.analysis_memo: tuple | None = None
        self.winner_ = -1
        # The actions applied so far as an immutable chain (earlier chain, last action): a clone
        # shares it instead of copying a list that grows with the game (history() unrolls it).
        self._history: tuple | None = None
        self._hlen = 0
        self._events: list[Event] = []
        self._legal: list[Action] | None = None
        # The outcome sample_chance just drew from this state's chance node: applying it needs
        # no listing of the outcomes to check it (a deck's draw would list every card left).
        self._drawn: Action | None = None
        # The main listing an open offer was made from, listed again if nobody takes the offer
        # (_legal_main). Not in to_dict.
        self._listing_at_offer: list[Action] | None = None
        self._checked = -1      # the history length the victory check last failed at (_after)
        self.rules_state = None        # RulesState when the IR has rules or mechanisms
        self.stalled: tuple[int, str] | None = None   # (player, phase) when no action was left
        if g.rules is not None:
            g.rules.init_state(self)
        self._after()

    # ---- OpenSpiel-shaped API -------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        prompts = self.prompts
        p = prompts[-1].player if prompts else self._to_move()
        if p != CHANCE and not (self._legal or self.legal_actions()):
            return TERMINAL                   # stalled just now (see legal_actions)
        return p

    def _to_move(self) -> int:
        if self.prompts:
            return self.prompts[-1].player
        if self.phase == SETUP:
            return setup.step(self)[0]
        return self.cur

    def legal_actions(self) -> list[Action]:
        """Legal actions in a deterministic order (category, then ids ascending).

        The list is cached until the next apply_action: read it, don't mutate it. A state that
        is not over but offers its player nothing (say, no set-up spot left) ends the game there,
        without a winner (``stalled`` says who and when), so no driver is ever handed an empty
        list to choose from."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
            if not legal and self.phase != OVER:
                self._stall()
        return legal

    def _stall(self) -> None:
        who = self._to_move()
        phase = ("set-up", "the start of a turn", "a turn", "the end")[self.phase]
        self.stalled = (who, phase)
        self.phase = OVER
        self.emit(GameStalled(who, phase))

    def _compute_legal(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.prompts:
            top = self.prompts[-1]
            if top.player == CHANCE:
                return list(map(_first, PROMPT_CHANCE[top.kind](self, top)))   # the outcomes
            return PROMPT_LEGAL[top.kind](self, top)
        if self.phase == SETUP:
            return setup.legal(self)
        if self.phase == PRE_ROLL:
            return turn_flow.legal_pre_roll(self)
        return self._legal_main()

    def _legal_main(self) -> list[Action]:
        kept = self._listing_at_offer
        if kept is not None:
            self._listing_at_offer = None
            return kept
        rules = self.game.rules
        if rules is not None and not rules.main_idle[0]:
            # The rules add or drop something (or have a turn phase): their one pass lists it.
            return main_listing.listing(rules, self, self.cur)
        out: list[Action] = [self.game.actions.end_turn]
        p = self.cur
        building.legal_builds(self, p, out)
        cards.legal_buy(self, p, out)
        cards.legal_play(self, p, out, False)
        trade.legal_trades(self, p, out)
        return out

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == OVER or not self.prompts or self.prompts[-1].player != CHANCE:
            return []
        top = self.prompts[-1]
        return list(PROMPT_CHANCE[top.kind](self, top))

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw one chance outcome with ``rng`` (the state itself owns no generator)."""
        prompts = self.prompts
        if self.phase == OVER or not prompts or prompts[-1].player != CHANCE:
            raise IllegalActionError("not a chance node")     # (is_chance_node, inlined)
        top = prompts[-1]
        outcomes = PROMPT_CHANCE[top.kind](self, top)
        x = rng.random()
        for a, prob in outcomes:
            x -= prob
            if x < 0:
                self._drawn = a
                return a
        a = self._drawn = outcomes[-1][0]
        return a

    def is_chance_node(self) -> bool:
        return self.phase != OVER and bool(self.prompts) and self.prompts[-1].player == CHANCE

    def apply_action(self, action: Action) -> None:
        legal = self._legal
        if legal is not None or action is not self._drawn:
            if legal is None:
                legal = self._legal = self._compute_legal()
            for x in legal:
                # Identity first: legal actions are interned, and dataclass __eq__ is slow.
                if x is action:
                    break
            else:
                self._check_legal(action, legal)
        self._drawn = None
        self._history = (self._history, action)
        self._hlen += 1
        self._legal = None
        rules = self.game.rules
        prompts = self.prompts
        if rules is not None:
            # execution.reset, written out (every action applied pays it). A chance outcome goes
            # on with the budget of the steps since a player last chose: rules that re-roll
            # every roll then stop instead of rolling for ever.
            execution = rules.execution
            execution.stamp = self._hlen
            execution.steps = execution.carried = self.rules_state.quiet_steps + CHANCE_STEP \
                if prompts and prompts[-1].player == CHANCE else 0
            if execution.chain:
                execution.chain = {}
        quiet = False       # an offer or a decline, which no rule hears: see _after
        if prompts:
            top = prompts[-1]
            if action is self.game.actions.decline:
                quiet = rules is None or rules.declines_keep_listing   # (only answers offers)
            elif self._listing_at_offer is not None:
                self._listing_at_offer = None     # taken (or anything else): the hands moved
            PROMPT_APPLY[top.kind](self, action, top)
        elif self.phase == SETUP:
            setup.apply(self, action)
        else:
            if type(action) is OfferTrade and (rules is None or rules.declines_keep_listing):
                quiet = True
                if self.offers_this_turn + 1 < self.game.offers_per_turn:
                    # Random bots offer in a third of their decisions, a third of the offers
                    # declined by all. Declines change nothing the main listing reads: it comes
                    # back as it was (with rules: while none hears them, declines_keep_listing).
                    self._listing_at_offer = legal
            TURN_APPLY[type(action)](self, action)
        self._after(quiet and QUIET_TRADES)
        if rules is not None:
            self.rules_state.quiet_steps = execution.steps

    def _check_legal(self, action: Action, legal: list[Action]) -> None:
        if action not in legal and not (isinstance(action, OfferTrade) and self.phase == MAIN
                                        and not self.prompts
                                        and trade.offer_allowed(self, self.cur, action)):
            who = self.current_player()
            raise IllegalActionError(
                f"{action} is not legal now (player {who}, {len(legal)} legal actions"
                + (f", e.g. {', '.join(str(a) for a in legal[:4])})" if legal else ")"))

    def _after(self, quiet: bool = False) -> None:
        """Settle automatic steps: skip empty prompts, roll when nothing else is possible, victory
        (once no rule is under way: no resume item of a rule on the stack). ``quiet``: the action
        was an offer or a decline, which moves nothing an award, a score or a target reads."""
        prompts = self.prompts
        while prompts:
            if self.phase == OVER:
                prompts.clear()             # a rule ended the game: nothing more is run
                break
            top = prompts[-1]
            if top.player == _AUTO:
                # A rule's suspended work: its prompts were answered, so it runs on now.
                prompts.pop()
                executor.resume(self, top)
                continue
            legal = self._compute_legal()
            if legal:
                self._legal = legal
                break
            prompts.pop()
        if not prompts and self.phase == SETUP and self.game.rules is not None:
            setup.skip_spent(self)          # rules' free pieces may have used a step's piece
            self._legal = None
            if prompts:                     # set-up ended there and its rules opened prompts
                self._after()
                return
        if not prompts and self.phase == PRE_ROLL:
            self._legal = None
            if not cards.can_play_before_roll(self, self.cur) and not (
                    self.game.rules is not None and self.game.rules.pre_roll_actions):
                prompts.append(_ROLL_PROMPT)
        if quiet and self._checked == self._hlen - 1:
            # Nothing an award, a score or a target reads moved: the last action's verdicts stand.
            self._checked += 1
            return
        g = self.game
        rules = g.rules
        phase = self.phase
        if rules is not None and phase != OVER and (rules.dynamic_any or self.rules_state.resolving):
            rules.after_action(self)    # special cards to award again, a card's effect ending
        if (phase == PRE_ROLL or phase == MAIN) and self.winner_ < 0:
            if prompts and rules is not None:
                # A rule (or what it started: its rolls, picks, choices and the rules they fire)
                # still waits for an answer: no one may win yet, the rule finishes first.
                for prompt in prompts:
                    if prompt.player == _AUTO:
                        return
            p = self.cur
            if rules is None or not rules.adds_vp:
                # vp(p), inlined (runs every action): no rule adds VP, so it is the score.
                score = self.board_vp[p] + self.card_vp[p]
                if p in self.holders:
                    for h, special in zip(self.holders, g.specials):
                        if h == p:
                            score += special.vp
            else:
                score = rules.victory_score(self, p)
            target = g.target if rules is None else rules.fixed_target
            if target is None and (rules.min_target is None or score >= rules.min_target):
                target = rules.target(self, p)     # below the lowest target: not asked
            if target is not None and score >= target:
                self.winner_ = p
                self.phase = OVER
                self._legal = None
                self.emit(GameWon(p, score))
            else:
                self._checked = self._hlen

    def emit(self, event: Event) -> None:
        """Every state change passes here, so compiled rules can hook any event."""
        rules = self.game.rules
        self._events.append(event)
        if rules is not None:          # the base game has no rules: nothing to stamp or fire
            prov = rules.execution.prov   # stamped with the rule running now, if any
            if prov is not None and event.rule is None:
                event.rule = prov
            if type(event) in rules.heard:
                rules.dispatch(self, event)

    def is_terminal(self) -> bool:
        if self.phase == OVER:
            return True
        # Only set-up can run out of actions: a turn always offers its roll or its end, and
        # _after drops prompts nobody can answer. (legal_actions stalls any other empty state.)
        if self.phase != SETUP or self.prompts or self._legal is not None:
            return False
        return not self.legal_actions()

    def winner(self) -> int | None:
        return self.winner_ if self.winner_ >= 0 else None

    def returns(self) -> list[float]:
        n = self.game.n_real
        if self.winner_ < 0:
            return [0.0] * n
        return [1.0 if p == self.winner_ else -1.0 / (n - 1) for p in range(n)]

    def history(self) -> list[Action]:
        out = []
        node = self._history
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    def forget_listings(self) -> None:
        """Drop the legal-action listings this state keeps, after something changed it outside
        ``apply_action`` (a bot's sampled world, effects run as a look-ahead, the game ended)."""
        self._legal = self._listing_at_offer = None
        self._checked = -1      # and the victory check after it (State._after)

    def drain_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def vp(self, p: int, pieces: bool = True) -> int:
        """``p``'s victory points (``pieces=False``: without the rules' piece modifiers)."""
        total = self.board_vp[p] + self.card_vp[p]
        if p in self.holders:
            for si, h in enumerate(self.holders):
                if h == p:
                    total += self.game.specials[si].vp
        rules = self.game.rules
        if rules is not None and rules.adds_vp:
            total += rules.extra_vp(self, p, pieces)
        return total

    def path_spots(self, p: int) -> set[int]:
        """The free paths ``p``'s pieces reach, whatever their network (read it, don't change
        it)."""
        return networks.spot_edges(self, p)

    def buildings_kept(self, key) -> dict:
        """Answers read off the buildings and the layout (and whatever ``key`` adds to
        ``building_moves``), kept while ``key`` stays; a clone starts without them."""
        memo = self.building_memo
        if memo is None or memo[0] != key:
            memo = self.building_memo = (key, {})
        return memo[1]

    def vp_breakdown(self, p: int) -> dict[str, int]:
        return awards.vp_breakdown(self, p)

    def clone(self) -> "State":
        # Field by field, not by getattr over the field lists: bots clone a state for every
        # action they consider, so this is the hottest copy in the program. A test checks that
        # every slot is copied (tests/engine/test_state_api.py).
        c = State.__new__(State)
        c.game, c.board, c.seed, c.robber = self.game, self.board, self.seed, self.robber
        c.played_this_turn, c.offers_this_turn = self.played_this_turn, self.offers_this_turn
        c.phase, c.setup_i, c.cur, c.turn = self.phase, self.setup_i, self.cur, self.turn
        c.winner_, c.stalled, c._legal = self.winner_, self.stalled, self._legal
        c._listing_at_offer, c._drawn, c._checked = self._listing_at_offer, None, self._checked
        c._history, c._hlen = self._history, self._hlen
        c.bank, c.deck, c.prompts = self.bank[:], self.deck[:], self.prompts[:]
        c.v_owner, c.v_kind, c.v_blocked = self.v_owner[:], self.v_kind[:], self.v_blocked[:]
        c.e_owner, c.e_kind = self.e_owner[:], self.e_kind[:]
        c.board_vp, c.card_vp, c.holders = self.board_vp[:], self.card_vp[:], self.holders[:]
        c.last_vertex = self.last_vertex[:]
        c.hand = [*map(_copy, self.hand)]
        c.supply = [*map(_copy, self.supply)]
        c.dev_hand = [*map(_copy, self.dev_hand)]
        c.dev_new = [*map(_copy, self.dev_new)]
        c.dev_played = [*map(_copy, self.dev_played)]
        c.ratio = [*map(_copy, self.ratio)]
        c.measure = [*map(_copy, self.measure)]
        c.buildings = [*map(_copy, self.buildings)]
        c.route_edges = [*map(_copy, self.route_edges)]
        c.edge_spots, c.vertex_spots = self.edge_spots, self.vertex_spots
        c.spots_shared = self.spots_shared = True   # building.own_spots copies before a change
        c.piece_moves, c.analysis_memo = self.piece_moves, self.analysis_memo
        c.building_moves, c.building_memo = self.building_moves, None
        c._events = self._events[:]
        c.rules_state = self.rules_state.clone() if self.rules_state is not None else None
        return c

    def to_dict(self) -> dict:
        """A full, JSON-able snapshot of the mutable state (for tests and transcripts)."""
        return snapshot.to_dict(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<State turn={self.turn} phase={self.phase} player={self.current_player()} "
                f"vp={[self.vp(p) for p in range(self.game.num_players)]}>")

"""State + legal actions + rng → the action a Monte-Carlo tree search over sampled worlds finds best (bot ``mcts``)."""

from __future__ import annotations

import math
import random
import time

from catan_dsl.bots.goals import arrival_rules, goal_pull
from catan_dsl.bots.greedy import GreedyBot, evaluate
from catan_dsl.bots.kinds import decision_kind, parse_kinds
from catan_dsl.bots.playout import (SETUP, STEP_LIMIT, Horizon, leaf_value, passive_choice,
                                    quick_choice)
from catan_dsl.bots.value import award_race, rival_rest, search_value, steady_evaluate
from catan_dsl.bots.worlds import sample_world
from catan_dsl.engine import CHANCE, Action, State
from catan_dsl.engine.actions import OfferTrade

THINK_MS = 200            # CPU milliseconds a decision may take, when no playout count is set
C_PUCT = 1.5              # exploration: how far a child's prior and few visits outweigh its value
PRIOR_TEMPERATURE = 25.0  # evaluation points between two options that make one e times likelier
WIDEN_BASE = 2.0          # options open at a node after N visits: WIDEN_BASE * N ** WIDEN_POWER,
WIDEN_POWER = 0.5         # best prior first (progressive widening)
SETUP_STEPS = 2           # set-up placements a playout looks through from a set-up decision
QUICK_WIDTH = 6           # options the quick policy weighs at each playout move
SCENES = 32               # worlds and dice a decision's playouts share (common random numbers)
INNER_OPTIONS = 10        # options of a deeper node ranked by a one-move score (a sample if more)


class Node:
    """The searching seat's decision after one sequence of its own moves (open loop: chance and
    the other seats' moves between them are drawn anew in each playout, so the options open
    at a node may differ between visits). Options are kept best prior first."""

    __slots__ = ("actions", "priors", "visits", "totals", "children", "n")

    def __init__(self) -> None:
        self.actions: list[Action] | None = None      # filled on the first visit
        self.priors: list[float] = []
        self.visits: list[int] = []
        self.totals: list[float] = []
        self.children: list[Node | None] = []
        self.n = 0

    def open(self, actions: list[Action], values: list[float]) -> None:
        """Rank ``actions`` by ``values`` (an evaluation of each) and keep their priors."""
        order = sorted(range(len(actions)), key=lambda i: -values[i])
        top = values[order[0]]
        weights = [math.exp((values[i] - top) / PRIOR_TEMPERATURE) for i in order]
        total = sum(weights)
        self.actions = [actions[i] for i in order]
        self.priors = [w / total for w in weights]
        self.visits = [0] * len(order)
        self.totals = [0.0] * len(order)
        self.children = [None] * len(order)

    def select(self, legal: list[Action] | None, floor: float = 0.0) -> int | None:
        """The option to try next (PUCT over the options opened so far, values scaled to the
        range seen at this node, or to ``floor`` leaf units if that range is narrower);
        ``legal``: only those open in this world (None: all)."""
        actions, visits, totals, priors = self.actions, self.visits, self.totals, self.priors
        width = min(len(actions), max(1, int(WIDEN_BASE * (self.n + 1) ** WIDEN_POWER)))
        seen = [totals[i] / visits[i] for i in range(width) if visits[i]]
        lo, hi = (min(seen), max(seen)) if seen else (0.0, 0.0)
        # A floor keeps near-ties near: scaled to their own tiny range, noise between them
        # would span the whole [0, 1] and visits would chase it.
        spread = max(hi - lo, floor)
        explore = C_PUCT * math.sqrt(self.n + 1)
        # The engine interns its actions, so an option open in this world is the same object.
        here = None if legal is None else set(map(id, legal))
        best, best_score = None, -math.inf
        for i in range(width):
            if here is not None and id(actions[i]) not in here:
                continue
            v = visits[i]
            q = ((totals[i] / v - lo) / spread if spread > 0 else 0.5) if v else 0.0
            score = q + explore * priors[i] / (1 + v)
            if score > best_score:
                best, best_score = i, score
        return best

    def update(self, i: int, value: float) -> None:
        self.n += 1
        self.visits[i] += 1
        self.totals[i] += value

    def adopt(self, old: Node) -> None:
        """Take over ``old``'s statistics for the options open here (actions are interned, so
        the same option is the same object): the search below a move just played goes on."""
        index = {id(a): i for i, a in enumerate(old.actions or ())}
        for j, a in enumerate(self.actions):
            i = index.get(id(a))
            if i is not None and old.visits[i]:
                self.visits[j], self.totals[j] = old.visits[i], old.totals[i]
                self.children[j] = old.children[i]
                self.n += old.visits[i]

    def settled(self, left: int) -> bool:
        """Can ``left`` more playouts no longer change ``choice()``? (The option visited most
        leads the next by more than that: a clear decision stops early, with the same move.)"""
        first = second = 0
        for v in self.visits:
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first > second + left

    def choice(self) -> int:
        """The option visited most (the better prior on a tie)."""
        return max(range(len(self.actions)), key=lambda i: (self.visits[i], -i))


class MctsBot:
    """Information-set Monte-Carlo tree search: each playout samples a world that agrees with
    what the seat sees (bots/worlds.py), walks the tree of the seat's own moves (PUCT, options
    opened best first as the node is visited more, priors from the greedy bot's scores at the
    root and a one-move score deeper), lets the other seats, and the seat itself below the
    tree, play as the greedy bot would to the end of the turn under way, and scores the
    position there with the greedy evaluation. The move played is the root option visited
    most: a rollout search, which improves on the policy it rolls out with.

    The playouts of a decision share SCENES scenes, each a world and a stream of dice and
    draws: a root option's j-th visit plays scene j, so two options are compared on the same
    deals and rolls (common random numbers), not on luck.

    With ``playouts`` set, each decision runs that many playouts: the game is a function of the
    seed. Otherwise each runs for ``think_ms`` of CPU time, so how many playouts fit, and with
    it the move, depends on the machine. Either way the bot draws one number from the game's
    generator per decision, so chance in the game does not depend on how long it thought."""

    name = "mcts"
    # Tuning knobs, class attributes like the greedy bot's (bench/bot_strength.py sets them).
    setup_steps = SETUP_STEPS
    quick_width = QUICK_WIDTH
    scenes = SCENES
    # Below the tree and for the other seats: the greedy bot's moves (False), so every option
    # is valued as "this, then play on as the greedy bot would" and the search improves on
    # that bot; or the cheaper quick policy (True), a sample of six one move ahead.
    quick_rollouts = False
    # After a move that leads straight to the seat's next decision (nothing drawn, nobody else
    # asked in between: a build, a bank trade, a card played), start that decision from the
    # subtree the last search grew below the move, instead of from nothing (True). About one
    # decision in six on base; off until a strength run says it helps (bench/README.md).
    reuse_subtree = False
    # The value of a playout's last position: the greedy evaluation (False), or the log-odds of
    # winning fitted on greedy games (True, bots/value.py; the spec's `fitted=1`). Off: screens
    # and a longer run did not show it stronger (bench/README.md).
    fitted_value = False
    # Playouts end when the turn under way ends (False) or at the seat's next turn, the others'
    # turns played by the rollout policy (True: at 40 playouts a base game cost 45 CPU s, four
    # times the default's at 160, bench/README.md).
    full_round = False
    # Rounds (every seat's turn) past the turn under way that a playout plays before it is
    # scored (the spec's `horizon=N`; 0: the turn's end, the bot before this setting; from the
    # seat's own turn, N = 1 ends at its next turn's end). The other seats' turns in those
    # rounds are played by a seat that only waits (rolls, ends its turn, answers prompts by
    # the quick policy: playout.passive_choice), the seat's own by the tree and then the
    # greedy bot: plans that pay a turn or more after their first move (saving for a city, a
    # piece on its way) are valued where they pay, at a few times a playout's cost.
    horizon_turns = 0

    # Set-up decisions: their playouts (or CPU time) are this many times a later decision's
    # (a handful a game, and they decide the production of the whole game); the fitted value
    # scores their playouts (True), whatever ``fitted_value`` says.
    setup_budget = 1
    setup_fitted = False
    # Trade offers to the other seats among the search's own options (True), or left out
    # (False: the greedy bot never offers, and an offer a rival accepts helps that rival too).
    offers = True
    # The root's prior for a trade offer: the position once the seats it asks have answered
    # as the greedy bot would (True), so offers they accept and that help rank first; or the
    # greedy bot's score, the position unchanged, the same for every offer (False, the bot
    # before this setting: `offer_prior=0`). On: 89 of 200 paired base games at 40 playouts
    # against 52 (bench/README.md).
    offer_prior = True
    # Per cent of their VP at which the leaf value counts the special cards that change hands
    # whenever their measure does (the sole most, everyone at the least: bots/value.py
    # steady_evaluate): 100 counts them in full, as the greedy evaluation does (the bot before
    # this setting); less keeps the search from trading lasting value for a card the next
    # rival's gain takes back. No shipped card of the base game is of this kind.
    fleeting = 100
    # Where a rule fires on a unit's arrival (bots/goals.py: T&B's wagon at a plaza), the leaf
    # value credits each of the seat's units with a pull toward the goal place worth most (True;
    # the spec's `goals=0` leaves it out): a trip pays turns after its first step, past the
    # horizon. Nothing changes in a game without such a rule.
    goals = True
    # A playout's turn ends once the rules the turn's end fires are played out (True; the
    # spec's `ends=0` is the bot before this setting, scored the moment the next turn is
    # counted, before them): what they make of the seat's pieces (a unit's march, a battle
    # it wins) is then in the value. In a game with no such rule nothing changes.
    settle_ends = True
    # The scene a playout plays: chosen with the root option, the option's j-th visit playing
    # scene j (True; the spec's `paired=0` is the bot before this setting, scene n mod SCENES
    # for the n-th playout), so two options with as many visits were scored on the same worlds
    # and dice, and their difference is not luck.
    paired_scenes = True
    # PUCT scales the values at a node to the range seen there, but never to less than this
    # many leaf units (the spec's `spread=N`, in thousandths; 0, the bot before this setting:
    # the range however narrow, so the luckiest first scene took every later visit). With
    # paired scenes: 33 of 100 base games at 160 playouts against three copies at 40, where
    # the bot before won 22 (bench/README.md).
    spread_floor = 0.4
    # Shares of the leading rival's terms beyond VP and production taken off the value (`rival=N`
    # %: value.rival_rest; the greedy evaluation left them out, so an offer the rival accepts
    # looked free) and of linear award progress added (`race=N` %: value.award_race). Both off.
    rival_weight = race_weight = 0.0

    def __init__(self, think_ms: int | None = None, playouts: int | None = None,
                 fitted: int | None = None, only: str | None = None,
                 setup_steps: int | None = None, setup_x: int | None = None,
                 setup_fitted: int | None = None, offers: int | None = None,
                 offer_prior: int | None = None, fleeting: int | None = None,
                 horizon: int | None = None, goals: int | None = None,
                 paired: int | None = None, spread: int | None = None,
                 ends: int | None = None, rival: int | None = None,
                 race: int | None = None) -> None:
        self.think_ms = THINK_MS if think_ms is None else think_ms
        if race is not None:
            self.race_weight = race / 100.0
        if rival is not None:
            self.rival_weight = rival / 100.0
        if ends is not None:
            self.settle_ends = bool(ends)
        if paired is not None:
            self.paired_scenes = bool(paired)
        if spread is not None:
            self.spread_floor = spread / 1000.0
        if goals is not None:
            self.goals = bool(goals)
        if horizon is not None:
            self.horizon_turns = horizon
        if setup_steps is not None:
            self.setup_steps = setup_steps
        if setup_x is not None:
            self.setup_budget = setup_x
        if setup_fitted is not None:
            self.setup_fitted = bool(setup_fitted)
        if offers is not None:
            self.offers = bool(offers)
        if offer_prior is not None:
            self.offer_prior = bool(offer_prior)
        if fleeting is not None:
            self.fleeting = min(100, fleeting)
        # The kinds of decision the search makes (bots/kinds.py); the greedy bot makes the
        # others. None: all. A diagnosis: which kinds carry the search's edge (bench/README.md).
        self.only = None if only is None else parse_kinds(only)
        if fitted is not None:
            self.fitted_value = bool(fitted)
        self._fitted_now = self.fitted_value     # set again per decision (set-up may differ)
        self._goals_now = False                   # likewise: does the game have arrival rules?
        self.playouts = playouts
        self.reproducible = playouts is not None
        self.prior_bot = GreedyBot()
        self.inner_bot = GreedyBot()
        self.inner_bot.own_decisions = 0      # deeper nodes: one move and its chance node
        self.rollout_bot = GreedyBot()
        self.last_playouts = 0                # playouts of the last decision (bench/ reads it)
        self.last_root: Node | None = None    # the last decision's root (bench/ reads its visits)
        # (history before the move, the move, the subtree below it, the scenes' base values)
        self._kept: tuple | None = None

    def choose(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        p = state.current_player()
        if p == CHANCE:
            return state.sample_chance(rng)
        if self.only is not None and decision_kind(state) not in self.only:
            # The greedy bot's move, drawing from the game's generator as a search would (one
            # number): the dice after it are those the search would have met, so runs of
            # different kinds searched stay paired game by game until a move differs.
            self.last_playouts, self._kept = 0, None
            return self.prior_bot.choose(state, legal, random.Random(rng.getrandbits(64)))
        if not self.offers:
            legal = _without_offers(legal)
            if len(legal) == 1:
                return legal[0]
        search_rng = random.Random(rng.getrandbits(64))
        scenes: list = [search_rng.getrandbits(64) for _ in range(self.scenes)]
        root = Node()
        history = state.history()
        kept = self._kept_subtree(state, history)
        bases = kept[3] if kept is not None else None
        n_real = state.game.n_real
        horizon = Horizon(state, self.setup_steps, n_real * self.horizon_turns
                          if self.horizon_turns else (n_real - 1 if self.full_round else 0),
                          self.settle_ends)
        in_setup = state.phase == SETUP
        scale = self.setup_budget if in_setup else 1
        self._fitted_now = self.fitted_value or (in_setup and self.setup_fitted)
        self._goals_now = self.goals and state.game.rules is not None and \
            bool(arrival_rules(state.game.rules))
        playouts = None if self.playouts is None else self.playouts * scale
        start = time.process_time()
        budget = self.think_ms * scale / 1000.0
        n = 0
        while True:
            first = None
            if self.paired_scenes and root.actions is not None:
                first = root.select(None, self.spread_floor)
                k = root.visits[first] % len(scenes)
            else:
                k = n % len(scenes)
            if type(scenes[k]) is int:                  # first visit: deal the scene's world
                scene = random.Random(scenes[k])
                world = sample_world(state, p, scene)
                base = self._value(world, p) if bases is None else bases[k]
                scenes[k] = (world, scene.getstate(), base)
            world, dice, base = scenes[k]
            scene = random.Random()
            scene.setstate(dice)
            if root.actions is None and kept is not None:
                self._open(root, world, legal, search_rng, True)
                root.adopt(kept[2])
            self._playout(root, world.clone(), base, legal, p, scene, search_rng, horizon, first)
            n += 1
            if playouts is not None:
                left = playouts - n
            else:
                spent = time.process_time() - start
                # Playouts still to come at the pace so far (at least one while time is left).
                left = max(1, int(n * (budget - spent) / spent)) if spent < budget else 0
            if left <= 0 or root.settled(left):
                break
        self.last_playouts, self.last_root = n, root
        self._kept = None
        if root.actions is None:         # no playout reached the decision (the game ended)
            return legal[0]
        i = root.choice()
        if self.reuse_subtree and root.children[i] is not None:
            # The scenes' base values go along: the subtree's values count gains from them.
            self._kept = (history, root.actions[i], root.children[i],
                          [x[2] if type(x) is tuple else None for x in scenes])
        return root.actions[i]

    def _value(self, s: State, p: int) -> float:
        """A position's value for ``p``: a scene's base and each playout's leaf."""
        if self._fitted_now:
            value = search_value(s, p)
        elif self.fleeting < 100:
            value = steady_evaluate(s, p, self.fleeting / 100.0)
        else:
            value = evaluate(s, p)
        if self.rival_weight:
            value -= self.rival_weight * rival_rest(s, p)
        if self.race_weight and s.game.specials:
            value += self.race_weight * award_race(s, p)
        return value + goal_pull(s, p) if self._goals_now else value

    def _kept_subtree(self, state: State, history: list[Action]) -> tuple | None:
        """What the last search kept, if this decision follows straight from its move: the
        history is that search's plus the move alone (same game, nothing drawn or answered),
        past set-up (whose horizon moves with each placement; a turn's end does not)."""
        kept = self._kept
        if kept is None or not self.reuse_subtree or state.phase == SETUP:
            return None
        before, move = kept[0], kept[1]
        if len(history) != len(before) + 1 or history[-1] is not move or \
                any(a is not b for a, b in zip(before, history)):
            return None
        if kept[2].actions is None or any(b is None for b in kept[3]):
            return None
        return kept

    def _playout(self, root: Node, s: State, base: float, legal: list[Action], p: int,
                 scene: random.Random, rng: random.Random, horizon: Horizon,
                 first: int | None = None) -> None:
        """One playout in ``s``, a copy of a scene's world (whose evaluation is ``base``): down
        the tree, on to the turn's end, back up. ``scene`` draws the world's chance and the
        policies' samples, from where its deal left off, so a scene's playouts share the world
        and the dice; ``rng`` (the search's own) samples the options a new node ranks, so
        opening a node shifts no scene. (A scene's world is dealt once and copied after, the
        same world and dice as dealing it again, without the cost.)"""
        node: Node | None = root
        path: list[tuple[Node, int]] = []
        width = self.quick_width
        passive = self.horizon_turns > 0
        for _ in range(STEP_LIMIT):
            if horizon.reached(s):
                break
            who = s.current_player()
            if who == CHANCE:
                s.apply_action(s.sample_chance(scene))
                continue
            if who < 0:                                  # stalled: nobody can move
                break
            options = s.legal_actions()
            if len(options) == 1:
                s.apply_action(options[0])
                continue
            if who != p and passive and s.turn > horizon.now:
                s.apply_action(passive_choice(s, options, who, scene, width))
                continue
            if who != p or node is None:
                if self.quick_rollouts:
                    s.apply_action(quick_choice(s, options, who, scene, width))
                else:
                    s.apply_action(self.rollout_bot.choose(s, options, scene))
                continue
            if node.actions is None:
                if node is not root and not self.offers:
                    options = _without_offers(options)
                self._open(node, s, legal if node is root else options, rng, node is root)
            if node is root:
                # Chosen with its scene (paired), or any root option: each is legal in the true
                # position, but a world dealt otherwise can forbid one (a cost that depends on
                # another seat's hidden VP): then only those open here.
                i = first if first is not None else node.select(None, self.spread_floor)
                if i is not None and not _among(node.actions[i], options):
                    i = node.select(options, self.spread_floor)
            else:
                i = node.select(options, self.spread_floor)
            if i is None:                                # none of its options is open here
                node = None
                continue
            path.append((node, i))
            s.apply_action(node.actions[i])
            child = node.children[i]
            if child is None:                            # grow the tree by one node a playout
                node.children[i] = Node()
                node = None
            else:
                node = child
        value = leaf_value(s, p, base, self._value)
        for at, i in path:
            at.update(i, value)

    def _open(self, node: Node, s: State, options: list[Action], rng: random.Random,
              is_root: bool) -> None:
        """Score ``options`` for the node's priors: at the root as the greedy bot weighs them
        (so a search too short to learn anything plays the greedy bot's move), deeper by one
        move and its chance node, on a sample of INNER_OPTIONS when there are more."""
        if is_root:
            # The true position's options, weighed in this world: one it forbids (a cost that
            # reads another seat's hidden cards) cannot be tried here and is ranked last.
            here = set(map(id, s.legal_actions()))      # (interned: the same objects)
            closed = [a for a in options if id(a) not in here]
            open_here = [a for a in options if id(a) in here] if closed else options
            actions, values = self.prior_bot.weigh(s, open_here, rng) if open_here else ([], [])
            if self.offer_prior and actions:
                values = self._answered_offers(s, actions, values, rng)
            if closed:
                last = min(values, default=0.0) - 4 * PRIOR_TEMPERATURE
                actions, values = list(actions) + closed, list(values) + [last] * len(closed)
        else:
            if len(options) > INNER_OPTIONS:
                end = s.game.actions.end_turn
                rest = [a for a in options if a is not end]
                options = ([end] if len(rest) < len(options) else []) + \
                    rng.sample(rest, INNER_OPTIONS)
            actions, values = self.inner_bot.weigh(s, options, rng)
        node.open(actions, values)

    def _answered_offers(self, s: State, actions: list[Action], values: list[float],
                         rng: random.Random) -> list[float]:
        """``values`` with each trade offer's replaced by the evaluation once the prompts it
        raises are answered by the rollout policy (the greedy bot), on a clone: an offer moves
        no card until answered, so the greedy score is the same for every offer."""
        if not any(type(a) is OfferTrade for a in actions):
            return values
        p = s.current_player()
        answers = random.Random(rng.getrandbits(64))   # one draw: the search's stream stays put
        out = list(values)
        # With the rival's terms in the value: what the answer moves of them, against now.
        rival_now = rival_rest(s, p) if self.rival_weight else 0.0
        for i, a in enumerate(actions):
            if type(a) is not OfferTrade:
                continue
            c = s.clone()
            depth = len(c.prompts)
            c.apply_action(a)
            for _ in range(STEP_LIMIT):
                if c.is_terminal() or len(c.prompts) <= depth:
                    break                                # answered: the offer is settled
                who = c.current_player()
                if who == CHANCE:
                    c.apply_action(c.sample_chance(answers))
                    continue
                if who < 0:                              # stalled: nobody can move
                    break
                legal = c.legal_actions()
                c.apply_action(legal[0] if len(legal) == 1
                               else self.rollout_bot.choose(c, legal, answers))
            out[i] = evaluate(c, p)
            if self.rival_weight:
                out[i] -= self.rival_weight * (rival_rest(c, p) - rival_now)
        return out


def _among(action: Action, actions: list[Action]) -> bool:
    """Is ``action`` one of ``actions``? (The engine interns its actions: the same object.)"""
    return any(a is action for a in actions)


def _without_offers(options: list[Action]) -> list[Action]:
    """``options`` without trade offers to other seats (all of them if nothing else is left)."""
    kept = [a for a in options if type(a) is not OfferTrade]
    return kept or options

"""IR + bot names + seed → seeded bot games (optionally in parallel) → balance statistics."""

from __future__ import annotations

import gc
import math
import random
import statistics
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterator

from catan_dsl.bots import make_bot
from catan_dsl.play.backends import map_chunks
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.state import OVER, SETUP
from catan_dsl.play.balance import Balance, balance
from catan_dsl.play.intervals import wilson_interval
from catan_dsl.play.seats import FIXED, BotStats, bot_stats, seat_bots, seat_label
from catan_dsl.play.tally import CAP, STALLED, TARGET, UseTally, shared_values
from catan_dsl.play.transcript import record as start_recording
from catan_dsl.play.turns import turn_over

DEFAULT_MAX_TURNS = 500
BOT_NAMES = ("random", "greedy")
COLOURS = ("Red", "Blue", "White", "Orange", "Green", "Brown")


def seat_name(p: int) -> str:
    """Colour name of seat ``p`` (extra seats beyond the colours get 'Player N')."""
    return COLOURS[p] if 0 <= p < len(COLOURS) else f"Player {p + 1}"


def game_seed(base_seed: int, index: int) -> int:
    """Seed of game ``index`` in a run: a pure function of both, so scheduling cannot change it."""
    return base_seed * 1_000_003 + index


@dataclass(frozen=True)
class GameResult:
    """One finished (or capped) game: who won, how long, VP per seat and by source, effort."""

    index: int
    seed: int
    winner: int | None
    turns: int
    capped: bool
    vp: tuple[int, ...]
    vp_breakdown: tuple[dict, ...]
    decisions: int
    steps: int
    seconds: float = field(compare=False)
    transcript: dict | None = field(default=None, compare=False)
    # Uses per name in this game: scenario actions, development cards played, and pieces that
    # rules placed for free after the setup (e.g. mirrored or free builds).
    actions: dict = field(default_factory=dict)
    cards: dict = field(default_factory=dict)
    placed: dict = field(default_factory=dict)
    built: dict = field(default_factory=dict)       # pieces built after the set-up, by kind
    events: dict = field(default_factory=dict)      # events by kind (UseTally)
    # Final value of each shared counter (one value for the game, not per seat).
    shared: dict = field(default_factory=dict)
    # Effects that did nothing (or less than they said), by the rule's "id at file:line".
    noops: dict = field(default_factory=dict)
    # Rule firings by rule id: runs of the rule's body (UseTally says exactly what counts).
    fired: dict = field(default_factory=dict)
    # Resource cards produced per seat by resource (rolls and set-up).
    income: tuple = ()
    # The bot in each seat of this game (play/seats.py: rotated runs move them game by game).
    bots: tuple = ()
    # How the game ended (one of ENDS, a rule's with its file:line: "rule race.catan:12").
    ended: str = ""
    # Per seat, its uses of rule actions and cards ("action fish", "card knight"): balance.py.
    seat_uses: tuple = ()


def play_game(game: Game, bot_names: list[str] | tuple[str, ...], seed: int,
              max_turns: int | None = DEFAULT_MAX_TURNS, record: bool = False, *,
              index: int = 0, board_seed: int | None = None, source: str | None = None,
              ir: dict | None = None,
              observer: Callable[[Any, int, Any], Any] | None = None,
              on_events: Callable[[list], Any] | None = None) -> GameResult:
    """Play one game with one ``random.Random(seed)`` driving both chance and the bots.

    Args:
        game: the ``Game`` (its player count must equal ``len(bot_names)``).
        bot_names: bot per seat, e.g. ``["greedy", "random", "random", "random"]``.
        seed: the game's seed; also the board seed unless ``board_seed`` is given.
        max_turns: stop after this many completed turns (counted as capped), or None.
        record: also return the JSON transcript (``ir`` is then needed for its hash).
        index: the game's position in a run, carried through for re-ordering.
        board_seed: seed for the random board parts, when it differs from ``seed``.
        source: the scenario path written into the transcript.
        ir: the IR the game was built from (only read when ``record`` is set).
        observer: called as ``observer(state, player, action)`` after each applied action;
            it must not change the state.
        on_events: called with the events of each applied action (the CLI's game log);
            play_game drains them from the state to count rule actions, so read them here.

    Returns:
        A ``GameResult``; ``transcript`` is set when ``record`` is true.
    """
    rng = random.Random(seed)  # the one generator of this game; never module-level random
    bots = [make_bot(name) for name in bot_names]
    n = len(bots)
    bseed = seed if board_seed is None else board_seed
    state = game.new_initial_state(seed=bseed)
    rec = None
    if record:
        rec = start_recording(ir if ir is not None else getattr(game, "ir"), source=source, seed=seed,
                              board_seed=bseed, players=n, bots=list(bot_names),
                              max_turns=max_turns)
    decisions = steps = 0
    cap = math.inf if max_turns is None else max_turns
    # Bound methods hoisted out of the loop: this loop runs ~1,500 times per game.
    choose = [b.choose for b in bots]
    is_terminal, current, legal_actions = state.is_terminal, state.current_player, state.legal_actions
    apply, sample, drain = state.apply_action, state.sample_chance, state.drain_events
    rules = game.rules
    tally = UseTally(n, [c.id for c in rules.compiled] if rules is not None else ())
    if rules is not None:
        # One firing per run of a rule's body in this game (not in a bot's look-ahead clones).
        rules.execution.on_run = lambda s, ri: tally.ran(ri) if s is state else None
    turn, over = 0, False    # play.turns.TurnCounter, inlined: the turn the last action was in
    add_events = tally.add
    t0 = time.perf_counter()
    # is_terminal() asked only in set-up (where a state can stall); after it, the phase says.
    while (state.phase != OVER if state.phase != SETUP else not is_terminal()) and (
            state.turn < cap):
        p = current()
        if p == CHANCE:
            action = sample(rng)
            if rec is not None:
                rec.step(p, action, len(legal_actions()))
        else:
            legal = legal_actions()
            action = legal[0] if len(legal) == 1 else choose[p](state, legal, rng)
            decisions += 1
            if rec is not None:
                rec.step(p, action, len(legal))
        apply(action)
        steps += 1
        if over:
            turn, over = turn + 1, False
        if state.turn >= turn:
            over = turn_over(state, turn)
        events = drain()
        if events:
            add_events(events, state.phase == SETUP)
            if on_events is not None:
                on_events(events)
        if observer is not None:
            observer(state, p, action)
    seconds = time.perf_counter() - t0
    if rules is not None:
        rules.execution.on_run = None    # (an engine error leaves it set: the next game resets it)
    terminal = state.is_terminal()
    events = drain()                 # e.g. the GameStalled that ending the loop just raised
    if events:
        tally.add(events, state.phase == 0)
        if on_events is not None:
            on_events(events)
    return GameResult(
        index=index, seed=seed, winner=state.winner() if terminal else None, turns=turn,
        capped=not terminal, vp=tuple(state.vp(q) for q in range(n)),
        vp_breakdown=tuple(dict(state.vp_breakdown(q)) for q in range(n)),
        decisions=decisions, steps=steps, seconds=seconds,
        transcript=rec.finish(state, turn) if rec is not None else None,
        actions=tally.actions, cards=tally.cards, placed=tally.placed, built=tally.built,
        events=tally.events,
        shared=shared_values(state), noops=tally.noops, fired=tally.fired,
        income=tuple(tally.income), bots=tuple(bot_names),
        ended=tally.ended if terminal else CAP, seat_uses=tuple(tally.seat_uses))


def play_chunk(job: tuple[dict, tuple[str, ...], int, list[int], int | None, str]
               ) -> list[GameResult]:
    """Worker entry point: plays the games whose indices are given (top level so spawn can pickle it)."""
    ir, bot_names, base_seed, indices, max_turns, seating = job
    return _play_indices(Game(ir, num_players=len(bot_names)), bot_names, base_seed, indices,
                         max_turns, seating)


def _play_indices(game: Game, bot_names: tuple[str, ...], base_seed: int, indices: list[int],
                  max_turns: int | None, seating: str = FIXED) -> list[GameResult]:
    with games_heap():
        return [play_game(game, seat_bots(bot_names, i, seating), game_seed(base_seed, i),
                          max_turns, index=i)
                for i in indices]


@contextmanager
def games_heap() -> Iterator[None]:
    """While games are played: what is loaded by then (modules, the grammar, the compiled
    scenario) lives on, and the games allocate many short-lived tuples but few cycles. So the
    loaded objects are moved out of the collector's sight (gc.freeze) and young objects are
    collected less often; without this, the collector took 6% of a base-game playtest's time
    and 8% of an Event Cards one (bench/README.md). Results do not depend on it."""
    threshold = gc.get_threshold()
    ours = gc.get_freeze_count() == 0          # a caller's own frozen objects stay frozen
    gc.freeze()
    gc.set_threshold(max(10_000, threshold[0]), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        if ours:
            gc.unfreeze()


@dataclass(frozen=True)
class SeatStats:
    """Per-seat outcome over a run."""

    seat: int
    colour: str
    bot: str
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_vp: float
    mean_vp_by_source: dict[str, float]


@dataclass
class PlaytestSummary:
    """Statistics of a run; ``stats()`` is deterministic, ``timing`` is not (kept apart)."""

    games: int
    seed: int
    max_turns: int | None
    bots: list[str]
    seats: list[SeatStats]
    no_winner: int
    mean_turns: float
    median_turns: float
    cap_share: float
    mean_decisions: float
    # Mean uses per game by name (every game counts, also those without a use).
    mean_actions: dict[str, float] = field(default_factory=dict)
    mean_cards: dict[str, float] = field(default_factory=dict)
    mean_placed: dict[str, float] = field(default_factory=dict)
    mean_built: dict[str, float] = field(default_factory=dict)
    mean_events: dict[str, float] = field(default_factory=dict)
    mean_shared: dict[str, float] = field(default_factory=dict)
    mean_noops: dict[str, float] = field(default_factory=dict)
    # Mean firings per game by rule id (runs of its body; rules that never fired are absent).
    mean_fired: dict[str, float] = field(default_factory=dict)
    # Per seat, mean resource cards produced per game by resource.
    mean_income: list[dict[str, float]] = field(default_factory=list)
    results: list[GameResult] = field(repr=False, default_factory=list)
    timing: dict[str, float] = field(default_factory=dict)
    # Games asked for; more than ``games`` when the run was stopped early.
    requested: int = 0
    # How the bots were seated (play/seats.py) and each bot's results over its seats.
    seating: str = FIXED
    per_bot: list[BotStats] = field(default_factory=list)
    # Games per way of ending (GameResult.ended): the victory target, a rule's `end game`
    # (one entry per rule, by file:line), a stall, the turn cap.
    ends: dict[str, int] = field(default_factory=dict)
    # Seat advantage and what winners did that losers did not (play/balance.py).
    balance: Balance | None = None

    @property
    def partial(self) -> bool:
        """True when the run was stopped (Ctrl-C) before every game asked for had finished."""
        return self.games < self.requested

    def stats(self) -> dict:
        """Everything except timing, as JSON-able data (identical for any worker count)."""
        return {
            "games": self.games, "seed": self.seed, "max_turns": self.max_turns,
            "bots": list(self.bots), "seating": self.seating,
            "seats": [asdict(s) for s in self.seats],
            "per_bot": [asdict(b) for b in self.per_bot],
            "no_winner": self.no_winner, "mean_turns": self.mean_turns,
            "median_turns": self.median_turns, "cap_share": self.cap_share,
            "mean_decisions": self.mean_decisions, "ends": dict(self.ends),
            "mean_actions": dict(self.mean_actions), "mean_cards": dict(self.mean_cards),
            "mean_placed": dict(self.mean_placed), "mean_built": dict(self.mean_built),
            "mean_events": dict(self.mean_events),
            # Shared counters once for the run (not per seat); only when the scenario has any.
            **({"mean_shared": dict(self.mean_shared)} if self.mean_shared else {}),
            # Rule effects that did nothing in full, per rule (only when some did).
            **({"mean_noops": dict(self.mean_noops)} if self.mean_noops else {}),
            "mean_fired": dict(self.mean_fired),
            "mean_income": [dict(x) for x in self.mean_income],
            **({"balance": self.balance.to_dict()} if self.balance is not None else {}),
            # Only a stopped run says so, with how many games were asked for.
            **({"partial": True, "games_requested": self.requested} if self.partial else {}),
        }

    def to_dict(self) -> dict:
        """``stats()`` plus the timing block (for ``--json``)."""
        return {**self.stats(), "timing": dict(self.timing)}


def summarize(results: list[GameResult], bot_names: list[str] | tuple[str, ...], seed: int,
              max_turns: int | None, seconds: float = 0.0,
              requested: int | None = None, seating: str = FIXED) -> PlaytestSummary:
    """Fold per-game results (in index order) into a ``PlaytestSummary``; ``requested`` is the
    number of games asked for, when fewer finished (a run stopped by Ctrl-C); ``seating`` how
    the bots were seated (each result names its own)."""
    n = len(results)
    seats = []
    seated = [r.bots or tuple(bot_names) for r in results]
    for p in range(len(bot_names)):
        bot = seat_label(seated, p) if seated else bot_names[p]
        wins = sum(1 for r in results if r.winner == p)
        lo, hi = wilson_interval(wins, n)
        sources = sorted({k for r in results for k in r.vp_breakdown[p]})
        by_source = {k: _mean([r.vp_breakdown[p].get(k, 0) for r in results]) for k in sources}
        seats.append(SeatStats(seat=p, colour=seat_name(p), bot=bot, wins=wins,
                               win_rate=wins / n if n else 0.0, ci_low=lo, ci_high=hi,
                               mean_vp=_mean([r.vp[p] for r in results]),
                               mean_vp_by_source=by_source))
    turns = [r.turns for r in results]
    decisions = sum(r.decisions for r in results)
    timing = {
        "seconds": seconds,
        "games_per_second": n / seconds if seconds > 0 else 0.0,
        "decisions_per_second": decisions / seconds if seconds > 0 else 0.0,
    }
    return PlaytestSummary(
        games=n, seed=seed, max_turns=max_turns, bots=list(bot_names), seats=seats,
        no_winner=sum(1 for r in results if r.winner is None),
        mean_turns=_mean(turns), median_turns=float(statistics.median(turns)) if turns else 0.0,
        cap_share=sum(1 for r in results if r.capped) / n if n else 0.0,
        mean_decisions=decisions / n if n else 0.0, mean_actions=_mean_uses(results, "actions"),
        mean_cards=_mean_uses(results, "cards"), mean_placed=_mean_uses(results, "placed"),
        mean_shared=_mean_uses(results, "shared"), mean_noops=_mean_uses(results, "noops"),
        mean_fired=_mean_uses(results, "fired"), mean_built=_mean_uses(results, "built"),
        mean_events=_mean_uses(results, "events"),
        mean_income=[_mean_seat(results, p) for p in range(len(bot_names))],
        results=results, timing=timing, requested=n if requested is None else requested,
        seating=seating, per_bot=bot_stats(results, list(bot_names), wilson_interval),
        ends=_ends(results), balance=balance(results, len(bot_names)) if n else None)


def _ends(results: list[GameResult]) -> dict[str, int]:
    """Games per way of ending, the victory target first, then the rules by where they are
    written, stalls and the turn cap last."""
    counts: dict[str, int] = {}
    for r in results:
        counts[r.ended] = counts.get(r.ended, 0) + 1
    order = {TARGET: 0, STALLED: 2, CAP: 3}
    return dict(sorted(counts.items(), key=lambda kv: (order.get(kv[0], 1), kv[0])))


def _mean_seat(results: list[GameResult], seat: int) -> dict[str, float]:
    """Seat ``seat``'s mean resource income per game, by resource."""
    rows = [r.income[seat] if seat < len(r.income) else {} for r in results]
    names = sorted({k for row in rows for k in row})
    return {k: _mean([row.get(k, 0) for row in rows]) for k in names}


def _mean_uses(results: list[GameResult], what: str) -> dict[str, float]:
    """Per name, the mean number of uses per game over all ``results`` (sorted by name)."""
    names = sorted({k for r in results for k in getattr(r, what)})
    return {k: _mean([getattr(r, what).get(k, 0) for r in results]) for k in names}


def _mean(xs: list[int] | list[float]) -> float:
    # Rounded so float summation order can never leak into compared output.
    return round(sum(xs) / len(xs), 9) if xs else 0.0


def _chunks(indices: range, workers: int) -> list[list[int]]:
    """The games a pool plays, in chunks: several per worker keeps the progress bar moving and
    balances long games (games played in this process go one by one, in run_games)."""
    size = max(1, min(50, len(indices) // (workers * 4) or 1))
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


# With ``adaptive``, a run expected to take longer than this in one process hands the games it
# has not played yet to a process pool; a shorter one never pays the pool's start-up.
POOL_AFTER = 2.0


def run_games(ir: dict, bot_names: list[str] | tuple[str, ...], games: int, seed: int = 0,
              workers: int = 1, max_turns: int | None = DEFAULT_MAX_TURNS,
              progress: Callable[[int], Any] | None = None, backend: str = "local",
              scheduler: str | None = None, adaptive: bool = False,
              seating: str = FIXED) -> PlaytestSummary:
    """Play ``games`` seeded games and summarise them; the result does not depend on ``workers``,
    ``adaptive`` or the backend.

    Args:
        ir: a validated IR dict (sent to workers as data, never as live objects).
        bot_names: bot per seat; the seat count is ``len(bot_names)``.
        games: how many games.
        seed: base seed; game ``i`` uses ``game_seed(seed, i)``.
        workers: processes to use (1 = in this process; with dask, the local cluster's size).
        max_turns: turn cap per game, or None.
        progress: called with the number of games just finished, after each chunk.
        backend: "local" (this process or a process pool) or "dask" (``play.backends``).
        scheduler: with dask, the address of a running scheduler instead of a local cluster.
        adaptive: (local, ``workers`` > 1) play in this process first, and start the pool for
            the rest only once the whole run looks longer than ``POOL_AFTER`` seconds.
        seating: "fixed" (``bot_names`` seat by seat in every game) or "rotated" (game i
            shifts the list by i; ``play.seats``).

    Returns:
        A ``PlaytestSummary`` with results in game-index order. Ctrl-C (KeyboardInterrupt) ends
        the run early: the games finished so far are summarised and the summary is ``partial``.

    Raises:
        BackendError: the backend cannot run (dask missing, scheduler unreachable).
    """
    for name in bot_names:
        make_bot(name)  # fail fast on an unknown name, before any worker starts
    names = tuple(bot_names)
    local = backend != "dask"
    results: list[GameResult] = []
    t0 = time.perf_counter()
    start = 0
    try:
        if local and (workers <= 1 or adaptive):
            game = Game(ir, num_players=len(names))   # built once for the games played here
            while start < games:
                results.extend(_play_indices(game, names, seed, [start], max_turns, seating))
                start += 1
                if progress is not None:
                    progress(1)
                left = (time.perf_counter() - t0) / start * (games - start)   # at this pace
                if workers > 1 and left > POOL_AFTER:
                    break
        rest = range(start, games)
        jobs = [(ir, names, seed, chunk, max_turns, seating)
                for chunk in _chunks(rest, max(1, workers) if local else 2 * max(1, workers))]
        for done in map_chunks(play_chunk, jobs, min(workers, len(jobs)) if local else workers,
                               backend, scheduler):
            results.extend(done)
            if progress is not None:
                progress(len(done))
    except KeyboardInterrupt:
        pass  # keep what finished; the summary says it is partial
    seconds = time.perf_counter() - t0
    results.sort(key=lambda r: r.index)
    return summarize(results, names, seed, max_turns, seconds, requested=games, seating=seating)

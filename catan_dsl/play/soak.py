"""IR + seeds → seeded bot games checked after every action by engine/invariants.py; the
broken invariants found, each with the game, step and action that broke it (tests, bench/soak.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from catan_dsl.bots import make_bot
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.invariants import RobberDiscards, violations


@dataclass(frozen=True)
class Finding:
    """The first time one invariant broke: in which game, after which step and action."""

    seed: int
    step: int
    action: str
    message: str


@dataclass
class SoakResult:
    games: int = 0
    actions: int = 0
    findings: list[Finding] = field(default_factory=list)


def soak(ir: dict, seeds: range | list[int], *, players: int | None = None,
         bots: str = "random", max_turns: int = 400, every: int = 1) -> SoakResult:
    """Play one game per seed and check every invariant after every ``every``-th action.

    Each broken invariant is reported once (by its kind: the text before the first colon),
    with the first game and step where it broke, so a long soak stays readable.
    """
    game = Game(ir, num_players=players)
    result = SoakResult()
    seen: set[str] = set()
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        seats = [make_bot(bots) for _ in range(game.n_real)]
        step = 0
        action = None
        discards = RobberDiscards(game)
        state.drain_events()
        try:
            while not state.is_terminal() and state.turn < max_turns:
                who = state.current_player()
                if who == CHANCE:
                    action = state.sample_chance(rng)
                else:
                    action = seats[who].choose(state, state.legal_actions(), rng)
                discards.before(state)
                state.apply_action(action)
                step += 1
                broken = discards.after(state.drain_events())
                if step % every == 0 or state.is_terminal():
                    broken += violations(state)
                for message in broken:
                    kind = message.split(":")[0]
                    if kind not in seen:
                        seen.add(kind)
                        result.findings.append(Finding(seed, step, str(action), message))
        except Exception as e:  # noqa: BLE001 - a game that stops is a finding, the soak goes on
            result.findings.append(Finding(seed, step, str(action),
                                           f"crash: {type(e).__name__}: {e}"))
        result.games += 1
        result.actions += step
    return result

"""Legal actions + rng → one uniformly random legal action."""

from __future__ import annotations

import random

from catan_dsl.engine import Action, State


class RandomBot:
    name = "random"

    def choose(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        # rng._randbelow(n) is what rng.randrange(n) returns for n > 0 (CPython 3.11-3.13: the
        # same draw, so the same games), without randrange's argument checks: random games call
        # this for every decision, and those checks were a third of the bot's time.
        return legal[rng._randbelow(len(legal))] if len(legal) > 1 else legal[0]

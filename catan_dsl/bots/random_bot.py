"""Legal actions + rng → one uniformly random legal action."""

from __future__ import annotations

import random

from catan_dsl.engine import Action, State


class RandomBot:
    name = "random"

    def choose(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]

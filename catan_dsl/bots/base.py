"""The bot protocol: (state, legal actions, rng) → one of the legal actions."""

from __future__ import annotations

import random
from typing import Protocol

from catan_dsl.engine import Action, State


class Bot(Protocol):
    name: str

    def choose(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        """Pick one action from ``legal``; all randomness comes from ``rng``."""
        ...

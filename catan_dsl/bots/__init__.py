"""Bot name → bot object with ``choose(state, legal, rng) -> Action`` (seeded only by the rng passed in)."""

from __future__ import annotations

from catan_dsl.bots.base import Bot
from catan_dsl.bots.greedy import GreedyBot
from catan_dsl.bots.random_bot import RandomBot

BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Bot:
    """A fresh bot by name ("random", "greedy")."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]

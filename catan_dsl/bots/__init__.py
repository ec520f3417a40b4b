"""Bots: game state + legal actions + rng → a chosen action."""

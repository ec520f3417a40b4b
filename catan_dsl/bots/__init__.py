"""Bot spec (a name, with settings: ``mcts:playouts=400``) → bot object with ``choose(state, legal, rng) -> Action`` (seeded only by the rng passed in)."""

from __future__ import annotations

from catan_dsl.bots.base import Bot
from catan_dsl.bots.greedy import GreedyBot
from catan_dsl.bots.kinds import parse_kinds
from catan_dsl.bots.mcts import MctsBot
from catan_dsl.bots.random_bot import RandomBot

BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}
# The settings a spec may give each bot: name → (keyword of the bot's constructor, least value).
SETTINGS: dict[str, dict[str, tuple[str, int]]] = {
    "mcts": {"think_ms": ("think_ms", 1), "playouts": ("playouts", 1), "fitted": ("fitted", 0),
             "setup_steps": ("setup_steps", 1), "setup_x": ("setup_x", 1),
             "setup_fitted": ("setup_fitted", 0), "offers": ("offers", 0),
             "offer_prior": ("offer_prior", 0), "fleeting": ("fleeting", 0),
             "horizon": ("horizon", 0), "goals": ("goals", 0),
             "paired": ("paired", 0), "spread": ("spread", 0),
             "ends": ("ends", 0), "rival": ("rival", 0),
             "race": ("race", 0)},
}
# The most a setting may ask (cli/bot_options.py's --think-ms and --playouts bounds are the same;
# a test keeps them equal): a search with no end in sight is a mistake, not a budget.
MOST: dict[str, dict[str, int]] = {"mcts": {"think_ms": 60_000, "playouts": 10_000}}
# Settings whose value is a word: name → (keyword, the parser that checks and reads it).
WORD_SETTINGS: dict[str, dict[str, tuple[str, object]]] = {
    "mcts": {"only": ("only", parse_kinds)},     # mcts:only=setup+robber (bots/kinds.py)
}


def parse_spec(spec: str) -> tuple[str, dict[str, int | str]]:
    """``NAME`` or ``NAME:KEY=N[:KEY=N...]`` → (name, settings); ValueError naming what is wrong.
    A word setting (``only=setup+robber``) keeps its text; the bot reads it.

    A spec is plain text so it travels to worker processes and into transcripts as it is.
    """
    name, *parts = spec.strip().split(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}")
    allowed = SETTINGS.get(name, {})
    words = WORD_SETTINGS.get(name, {})
    settings: dict[str, int | str] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        key = key.strip().replace("-", "_")
        if key in words:
            keyword, check = words[key]
            check(value)                      # ValueError naming the bad word
            settings[keyword] = value.strip()
            continue
        if key not in allowed:
            known = ", ".join([*allowed, *words]) or "none"
            raise ValueError(f"bot {name!r} has no setting {key!r} (settings: {known})")
        try:
            number = int(value)
        except ValueError:
            number = None
        if not eq or number is None or number < allowed[key][1]:
            raise ValueError(f"{spec!r}: {key} needs a whole number of at least "
                             f"{allowed[key][1]}, e.g. {name}:{key}=100")
        most = MOST.get(name, {}).get(key)
        if most is not None and number > most:
            raise ValueError(f"{spec!r}: {key} may be at most {most:,} (docs/limits.md)")
        settings[allowed[key][0]] = number
    return name, settings


def make_bot(spec: str) -> Bot:
    """A fresh bot from its spec: "random", "greedy", "mcts", "mcts:playouts=400",
    "mcts:fitted=1" (the fitted leaf value, bots/value.py), "mcts:only=setup" (the search
    decides set-up only, the greedy bot the rest: bots/kinds.py)."""
    name, settings = parse_spec(spec)
    return BOTS[name](**settings)


def with_settings(spec: str, **settings: int | None) -> str:
    """``spec`` with each given setting the bot takes and the spec does not name added, e.g.
    with_settings("mcts", think_ms=50) == "mcts:think_ms=50"; other bots are left as they are
    (the command line's --think-ms and --playouts reach every search bot this way)."""
    name, own = parse_spec(spec)
    extra = [f"{k}={v}" for k, v in settings.items()
             if v is not None and k in SETTINGS.get(name, {}) and k not in own]
    return ":".join([spec.strip(), *extra])


def reproducible(spec: str) -> bool:
    """Does the bot of ``spec`` choose the same moves for the same seed on any machine? Not a
    search bot that thinks for a CPU time (its playout count follows the machine's speed)."""
    return bool(getattr(make_bot(spec), "reproducible", True))


__all__ = ["BOTS", "MOST", "Bot", "GreedyBot", "MctsBot", "RandomBot", "make_bot", "parse_spec",
           "reproducible", "with_settings"]

"""--bots, --players, --think-ms, --playouts and --seats → one bot spec per seat and how the seats turn (play, playtest, compare, sweep)."""

from __future__ import annotations

import click

# The default seats: one bot in every seat, so a playtest measures the scenario, not a gap
# between bots (the search bot would be fairer still, but 100 base games take ~50 minutes).
DEFAULT_BOT = "greedy"

# The search bot's budget (bots/mcts.py THINK_MS is the default; a test keeps the two equal),
# bounded as bots.MOST bounds a spec's (a minute a decision; docs/limits.md): a number past
# them is a usage error, not a bot that never answers.
MAX_THINK_MS = 60_000
MAX_PLAYOUTS = 10_000
bot_budget_options = [
    click.option("--think-ms", type=click.IntRange(min=1, max=MAX_THINK_MS), default=None,
                 metavar="N",
                 help="CPU milliseconds a search bot (mcts) thinks per decision (default 200); "
                      "how far it gets depends on the machine, so its games do too."),
    click.option("--playouts", type=click.IntRange(min=1, max=MAX_PLAYOUTS), default=None,
                 metavar="N",
                 help="Playouts a search bot runs per decision instead of a time: the same "
                      "games on any machine."),
]
seats_option = click.option(
    "--seats", "seating", type=click.Choice(["rotated", "fixed"]), default="rotated",
    show_default=True,
    help="rotated: game i shifts the bot list by i, so every bot sits in every seat; fixed: the "
         "list as given in every game.")


def _bot_names() -> list[str]:
    from catan_dsl import bots

    names = getattr(bots, "BOT_NAMES", None) or getattr(bots, "BOTS", None) or ("greedy", "random")
    return sorted(names)


def seat_list(text: str | None, option: str, example: str) -> list[str]:
    """A comma-separated list of one entry per seat (--bots, serve's --seats); an empty entry
    is a usage error naming ``option``: a stray comma would otherwise drop a seat
    ("greedy,random," played two players)."""
    names = [t.strip() for t in text.split(",")] if text is not None else []
    if "" in names:
        raise click.BadParameter(f"{text!r} has an empty entry: one per seat, separated by "
                                 f"commas, e.g. {example}", param_hint=f"'{option}'")
    return names


def parse_bots(text: str | None, players: int | None, ir: dict, think_ms: int | None = None,
               playouts: int | None = None) -> list[str]:
    """``--bots``/``--players`` → one bot spec per seat (``mcts:playouts=400``: a bot with its
    settings; ``think_ms``/``playouts`` are added to every search bot that does not set its
    own); a bad name, setting or count is a usage error."""
    from catan_dsl.bots import parse_spec, with_settings

    valid = _bot_names()
    names = seat_list(text, "--bots", "greedy,mcts,greedy")
    for n in names:
        try:
            parse_spec(n)
        except ValueError as exc:
            message = str(exc) if n.split(":")[0] in valid else \
                f"unknown bot {n.split(':')[0]!r} (valid: {', '.join(valid)})"
            raise click.BadParameter(message, param_hint="'--bots'") from None
    names = [with_settings(n, think_ms=think_ms, playouts=playouts) for n in names]
    # One name means "every seat plays this bot", so it does not set the seat count.
    n = players if players is not None else \
        (len(names) if len(names) > 1 else 0) or ir.get("players", {}).get("default", 4)
    lo, hi = ir.get("players", {}).get("min", 1), ir.get("players", {}).get("max", n)
    if not lo <= n <= hi:
        raise click.BadParameter(f"this scenario is for {lo}–{hi} players, not {n}",
                                 param_hint="'--players'")
    if not names:
        return [DEFAULT_BOT] * n
    if len(names) == 1:
        return names * n
    if len(names) != n:
        raise click.BadParameter(f"{len(names)} bots given for {n} players",
                                 param_hint="'--bots'")
    return names

"""A turn's own stages → the start player drawn, per-turn counters back to their start, and the
turn phases after trading and building: entering one, and the built-in actions it closes."""

from __future__ import annotations

from catan_dsl.engine.actions import BankTrade, Build, BuyCard, OfferTrade
from catan_dsl.engine.events import StartPlayerChosen, TurnPhaseEntered
from catan_dsl.engine.rules.fused import define

# The built-in actions of the trading and building phase, closed in the turn phases after it
# (playing a development card and ending the turn stay open).
CLOSED_AFTER_TRADING = (Build, BuyCard, BankTrade, OfferTrade)
FILENAME = "<generated turn start>"
# In a later turn phase the main listing leaves the closed actions out from the start
# (State._legal_main) instead of listing them and dropping them (close_trading, the reference).
SKIP_CLOSED = True
# Off, a turn's start loops over the counters and seats (``reset``, the reference); on, that
# loop is written out once per game as straight code (``written``): a store per seat and counter.
WRITTEN_START = True


def start(rules, rules_state) -> None:
    """A new turn: back to its first phase, and every ``reset each turn`` counter back to its
    start (neutral seats to 0, as they began), the difference to or from its supply; a shared
    one to its start."""
    fn = getattr(rules, "turn_start", None)
    if fn is None:
        fn = rules.turn_start = (written(rules) if WRITTEN_START else None) or \
            (lambda rs: reset(rules, rs))
    fn(rules_state)


def written(rules):
    """``reset(rules, rules_state)`` for this game's counters and seats, as one generated
    function of ``rules_state`` (it ran after every turn's end, two loops over a few counters
    and the seats); None when it does not compile."""
    lines = ["def start(rules_state):", "    rules_state.turn_phase = 0",
             "    supply, rows = rules_state.supply, rules_state.counters"]
    own = []
    for c in rules.turn_counters:
        spec = rules.counters[c]
        if spec.shared:
            lines.append(f"    rules_state.shared[{c}] = {spec.start!r}")
        else:
            own.append((c, spec))
    for p in range(rules.n_total) if own else ():
        lines.append(f"    row = rows[{p}]")
        for c, spec in own:
            begin = spec.start if p < rules.n_real else 0
            if spec.supply is None:        # no supply to give the difference to (None in it)
                lines.append(f"    row[{c}] = {begin!r}")
            else:
                lines += [f"    if row[{c}] != {begin!r}:",
                          f"        supply[{c}] += row[{c}] - {begin!r}",
                          f"        row[{c}] = {begin!r}"]
    return define("\n".join(lines) + "\n", "start", {}, FILENAME)


def reset(rules, rules_state) -> None:
    """start as a loop over the counters and seats (the reference ``written`` is tested against)."""
    rules_state.turn_phase = 0
    for c in rules.turn_counters:
        spec = rules.counters[c]
        if spec.shared:
            rules_state.shared[c] = spec.start
            continue
        supply = rules_state.supply
        for p, row in enumerate(rules_state.counters):
            begin = spec.start if p < rules.n_real else 0
            if row[c] != begin:
                if supply[c] is not None:
                    supply[c] += row[c] - begin
                row[c] = begin


def close_trading(out: list) -> None:
    """Drop from a listing the built-in actions a later turn phase has closed."""
    out[:] = [a for a in out if type(a) not in CLOSED_AFTER_TRADING]


def enter(s, k: int) -> None:
    """The turn moves on to phase ``k`` (from 1): the phases before it are over this turn."""
    s.rules_state.turn_phase = k
    name, label = s.game.rules.phases[k - 1]
    s.emit(TurnPhaseEntered(s.cur, name, label))


def start_outcomes(s, prompt) -> list:
    rules = s.game.rules
    return [(rules.choice("player", p), 1 / rules.n_real) for p in range(rules.n_real)]


def apply_start(s, a, prompt) -> None:
    s.prompts.pop()
    s.rules_state.start = a.id
    s.cur = a.id
    s.emit(StartPlayerChosen(a.id))


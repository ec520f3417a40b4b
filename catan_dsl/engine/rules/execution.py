"""A rule run's bookkeeping for one applied action → its step budget, the chain of rules that
ran (named when the budget stops the game) and the error that says so."""

from __future__ import annotations

STEP_BUDGET = 10_000
# What one chance outcome (a roll, a re-roll, a random draw) costs of the budget. A chance step
# does not reset the budget the way a player's decision does: rules that keep asking chance
# again (`on rolled { reroll }`, a `repeat … while` around a roll) would otherwise get a fresh
# budget at every outcome and never stop. A real turn takes a handful of chance steps, and
# each is an applied action with its own log line: it weighs as much as ten rule steps.
CHANCE_STEP = 10
MAX_DEPTH = 40          # nested rule dispatch (a rule's event firing a rule...) before we give up


class RuleBudgetExceeded(RuntimeError):
    """A compiled rule chain ran more than the step budget (or nested too deep) in one action:
    the scenario's rules never stop, or do more than one action may. ``where`` is the source
    location (FILE:LINE) of the first rule on the chain, when known."""

    def __init__(self, chain: list[str], why: str, where: str = "") -> None:
        self.chain = chain
        self.where = where
        self.why = why
        names = " → ".join(chain) if chain else "(no rule)"
        super().__init__(f"rule step budget exceeded ({why}); rules on the trigger chain: {names}")

    def __reduce__(self):
        # Raised in a worker process (playtest --workers), it is pickled back to the parent:
        # rebuilt from its own fields, not from the message (the default, which this
        # __init__ does not take).
        return RuleBudgetExceeded, (self.chain, self.why, self.where)


class Execution:
    """Transient per-game evaluation bookkeeping (never part of a state: reset each action)."""

    __slots__ = ("steps", "stamp", "chain", "prov", "depth", "vias", "on_run", "carried",
                 "resumes")

    def __init__(self) -> None:
        self.steps = 0
        self.carried = 0               # steps carried over from earlier chance steps (reset)
        self.stamp = -1
        self.chain: dict = {}          # id(rule) → the rules run for this action, in order
        self.prov = None
        self.depth = 0
        self.vias: dict = {}      # (rule id, procedure tag) → its provenance, made once
        # Called as on_run(state, rule index) each time a triggered rule's condition holds and
        # its body starts: one firing. A playtest counts them (play.playtest); it must not
        # change the state, and it sees clones' runs too (a bot's look-ahead), told apart by
        # the state it is given.
        self.on_run = None
        # Answers and resumptions run their blocks in place (executor.go_on): set when the
        # Game is built (firing.enabled).
        self.resumes = False

    def begin(self, s) -> None:
        """Reset the budget when a new applied action starts evaluating rules."""
        stamp = s._hlen
        if stamp != self.stamp:
            self.reset(stamp)

    def reset(self, stamp: int, carried: int = 0) -> None:
        """A new action: the budget starts at ``carried``, the steps spent since a player last
        chose when this action is a chance outcome (0 for a player's own action).
        State.apply_action writes this out for every action applied."""
        self.stamp = stamp
        self.steps = self.carried = carried
        if self.chain:              # no new dict when empty
            self.chain = {}

    def tick(self, n: int = 1) -> None:
        # Only rule runs can loop (effects fire triggers); plain queries are bounded by set sizes.
        if self.depth:
            self.steps += n
            if self.steps > STEP_BUDGET:
                why = f"{STEP_BUDGET} steps"
                if self.carried:
                    why += " since a player last chose, chance steps such as re-rolls included"
                raise RuleBudgetExceeded(self.chain_names(), why, self.origin())

    def enter(self, rule) -> None:
        # The rules themselves are kept, by identity; their labels are made only when a budget
        # error names the chain.
        self.chain.setdefault(id(rule), rule)

    def too_deep(self) -> RuleBudgetExceeded:
        """The error for rules nested past Python's own recursion limit (a RecursionError in
        a rule run), naming the chain."""
        return RuleBudgetExceeded(self.chain_names(), "rules nested too deep", self.origin())

    def chain_names(self) -> list[str]:
        return list(dict.fromkeys(r.chain_label for r in self.chain.values()))

    def origin(self) -> str:
        """Where the first rule on the chain was written (FILE:LINE), or ""."""
        return next((r.prov.where for r in self.chain.values() if r.prov.where), "")

"""One game's events → what the bots did with the rules: actions, cards, pieces built and
placed, events by kind, rule firings, income, uses per seat, and how the game ended."""

from __future__ import annotations

from catan_dsl.engine.events import (
    DevelopmentCardPlayed,
    EffectSkipped,
    GameEnded,
    GameStalled,
    GameWon,
    PieceBuilt,
    ResourcesProduced,
    RuleActionTaken,
)

# The ways a game ends, as GameResult.ended and the summary's "ends" name them.
TARGET, RULE, STALLED, CAP = "victory target", "rule", "stalled", "turn cap"


def shared_values(state) -> dict[str, int]:
    """A state's shared counters (tracks) by name; empty when the scenario has none."""
    rules = state.game.rules
    if rules is None or not rules.any_shared:
        return {}
    return {c.name: state.rules_state.shared[i] for i, c in enumerate(rules.counters) if c.shared}


# The event kinds that carry something besides their count (UseTally._note).
_NOTED = frozenset({ResourcesProduced, RuleActionTaken, DevelopmentCardPlayed, PieceBuilt,
                    EffectSkipped, GameWon, GameEnded, GameStalled})


class UseTally:
    """Counts what the bots did with the rules in one game: actions, cards, free pieces, and
    rule firings.

    The counts every output shares (playtest text and ``--json``, the report, ``compare``): a
    *use* of a rule action is one action taken (a ``RuleActionTaken`` event), and a *firing* is
    one run of a rule's body — a triggered rule whose condition held (reported by the engine's
    ``on_run`` hook, so a body that opens prompts and runs on over several actions counts once,
    and one that changes nothing still counts), or one use of a rule action. An action's
    firings therefore equal its uses.
    """

    def __init__(self, seats: int = 0, rule_ids: list[str] | tuple[str, ...] = ()) -> None:
        self.actions: dict[str, int] = {}
        self.cards: dict[str, int] = {}
        self.placed: dict[str, int] = {}
        # Pieces built after the set-up by kind (bought or free, upgrades too), and every event
        # by kind (``events``: HexRevealed, PieceMoved, RobberMoved …): what a scenario's pieces
        # and board did.
        self.built: dict[str, int] = {}
        self.by_type: dict[type, int] = {}    # every event by class (``events`` names them)
        self.noops: dict[str, int] = {}
        self.fired: dict[str, int] = {}
        self.income: list[dict[str, int]] = [{} for _ in range(seats)]
        self.seat_uses: list[dict[str, int]] = [{} for _ in range(seats)]
        self.rule_ids = rule_ids           # the compiled rules' ids, by index
        self.ended = ""                    # how the game ended, once it has (GameResult.ended)

    def ran(self, rule_index: int) -> None:
        """A triggered rule's body began: one firing."""
        rid = self.rule_ids[rule_index]
        self.fired[rid] = self.fired.get(rid, 0) + 1

    @property
    def events(self) -> dict[str, int]:
        """Events by class name, in the order each kind first came."""
        named: dict[str, int] = {}
        for t, k in self.by_type.items():
            named[t.__name__] = named.get(t.__name__, 0) + k
        return named

    def add(self, events: list, in_setup: bool) -> None:
        # Runs after every action: most events are only counted (by class, named once at the
        # end); the few kinds that carry a use go to _note.
        counted = self.by_type
        noted = _NOTED
        for e in events:
            t = type(e)
            counted[t] = counted.get(t, 0) + 1
            if t in noted:
                self._note(e, t, in_setup)

    def _note(self, e, t: type, in_setup: bool) -> None:
        if t is ResourcesProduced:
            got = self.income[e.player] if 0 <= e.player < len(self.income) else {}
            for res, k in e.amounts:
                got[res] = got.get(res, 0) + k
        elif t is RuleActionTaken:
            self.actions[e.action] = self.actions.get(e.action, 0) + 1
            self._by_seat(e.player, f"action {e.action}")
            if e.rule is not None:          # the action's own rule ran its body once
                rid = e.rule.rule_id
                self.fired[rid] = self.fired.get(rid, 0) + 1
        elif t is DevelopmentCardPlayed:
            self.cards[e.card] = self.cards.get(e.card, 0) + 1
            self._by_seat(e.player, f"card {e.card}")
        elif t is PieceBuilt:
            if not in_setup:
                self.built[e.piece] = self.built.get(e.piece, 0) + 1
                if e.rule is not None:
                    self.placed[e.piece] = self.placed.get(e.piece, 0) + 1
        elif t is EffectSkipped:
            where = e.rule.where if e.rule is not None else "?"
            self.noops[where] = self.noops.get(where, 0) + 1
        elif t is GameWon:
            self.ended = TARGET
        elif t is GameEnded:             # "end game": its own way, named by the rule
            self.ended = f"{RULE} {e.rule.where}" if e.rule is not None else RULE
        elif t is GameStalled:
            self.ended = STALLED

    def _by_seat(self, player: int, what: str) -> None:
        if 0 <= player < len(self.seat_uses):
            mine = self.seat_uses[player]
            mine[what] = mine.get(what, 0) + 1

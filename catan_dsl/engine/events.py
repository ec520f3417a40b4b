"""State changes → typed past-tense events (slotted dataclasses), each with optional rule provenance."""

from __future__ import annotations

from dataclasses import dataclass

from catan_dsl.core.value_equality import ValueEquality

# Events are made on every state change (2,500 a base game), so they are plain slotted dataclasses:
# a frozen one's __init__ sets each field through object.__setattr__, four to five times the cost.
# Treat them as immutable all the same: the history shares them between clones of a state.
# Equality, hashing and repr are inherited (core/value_equality.py) rather than generated for each
# of the fifty classes (what every process that plays pays at start-up); they read as a frozen
# dataclass's would (the fields in order, equal only within one class).
event = dataclass(slots=True, eq=False, repr=False)


@dataclass(frozen=True, slots=True)
class Provenance:
    """Which compiled rule caused an event: its id and "file:line"."""

    rule_id: str
    where: str
    via: str = ""        # "erupt() at FILE:LINE" when the effect came from a procedure's body


@dataclass(slots=True, eq=False, repr=False, kw_only=True)
class Event(ValueEquality):
    """Base event; ``rule`` is None for base-game events."""

    rule: Provenance | None = None


@event
class DiceRolled(Event):
    player: int
    total: int


@event
class ResourcesProduced(Event):
    """``player`` received ``amounts`` ((resource, n) pairs); ``source`` is "roll" or "setup"."""

    player: int
    amounts: tuple[tuple[str, int], ...]
    source: str


@event
class ResourceWithheld(Event):
    """The bank could not pay ``resource`` to every entitled player, so nobody got it."""

    resource: str
    players: tuple[int, ...]


@event
class PieceBuilt(Event):
    """``piece`` placed at ``at`` (vertex or edge id); ``replaced`` names an upgraded piece."""

    player: int
    piece: str
    at: int
    free: bool
    replaced: str | None


@event
class RobberMoved(Event):
    """The robber (or the declared robber named ``robber``) went from ``from_hex`` to
    ``hex`` (-1: off the board; a sea hex's id follows the land's)."""

    player: int
    hex: int
    from_hex: int
    robber: str = ""


@event
class CardStolen(Event):
    thief: int
    victim: int
    resource: str


@event
class CardsDiscarded(Event):
    player: int
    resource: str
    n: int


@event
class DevelopmentCardBought(Event):
    player: int
    card: str


@event
class DevelopmentCardPlayed(Event):
    player: int
    card: str


@event
class ResourcesTaken(Event):
    """``player`` took ``n`` ``resource`` from the bank (a card effect)."""

    player: int
    resource: str
    n: int


@event
class ResourcesCollected(Event):
    """``player`` took every ``resource`` from the others: ``taken`` = (player, n) pairs."""

    player: int
    resource: str
    taken: tuple[tuple[int, int], ...]


@event
class TradeOffered(Event):
    player: int
    give: tuple[tuple[str, int], ...]
    get: tuple[tuple[str, int], ...]


@event
class TradeDeclined(Event):
    player: int


@event
class TradeAccepted(Event):
    proposer: int
    acceptor: int
    give: tuple[tuple[str, int], ...]
    get: tuple[tuple[str, int], ...]


@event
class TradeCancelled(Event):
    """Nobody accepted the offer."""

    player: int


@event
class BankTraded(Event):
    player: int
    give: str
    n: int
    get: str


@event
class SpecialCardAwarded(Event):
    card: str
    player: int
    previous: int | None


@event
class SpecialCardSetAside(Event):
    card: str
    previous: int


@event
class TurnEnded(Event):
    player: int
    turn: int


@event
class GameWon(Event):
    player: int
    vp: int


@event
class GameEnded(Event):
    """A rule ended the game at once (``end game``): ``player`` wins with ``vp`` VP, found by
    ``how``: "most VP", "ties" (the rule's tie-break decided), "roll-off" among ``tied``, or
    "winner" (the rule named him: ``end game winner P``)."""

    player: int
    vp: int
    how: str
    tied: tuple[int, ...] = ()


@event
class GameStalled(Event):
    """The game cannot go on: ``player`` has no legal action in ``phase`` (e.g. no set-up spot
    is left); it ends there without a winner."""

    player: int
    phase: str


# ---- events of the rules mechanisms (compiled rules and the mechanisms they drive) ------------
@event
class TurnStarted(Event):
    player: int
    turn: int


@event
class SetupDone(Event):
    pass


@event
class StartPlayerChosen(Event):
    player: int


@event
class NumberProduced(Event):
    """Production for ``n`` (a roll or a card) has been paid out."""

    player: int
    n: int


@event
class RollCancelled(Event):
    player: int
    total: int


@event
class CardRevealed(Event):
    """A card of a deck that replaces the dice was turned over."""

    player: int
    deck: str
    card: str
    n: int


@event
class DeckReshuffled(Event):
    deck: str
    marker: str | None


@event
class StockChanged(Event):
    """``player`` gained (n > 0) or returned (n < 0) ``n`` of a resource or counter."""

    player: int
    stock: str
    n: int


@event
class StockTransferred(Event):
    giver: int
    receiver: int
    stock: str
    n: int


@event
class ItemDrawn(Event):
    player: int
    deck: str
    item: str


@event
class ItemReturned(Event):
    """A held deck item went to the spent pile (paid, or swapped out when the hand is full)."""

    player: int
    deck: str
    item: str


@event
class RandomChosen(Event):
    """A rule's chance: a die with ``sides`` sides showed ``value`` (what == "die"), or ``value``
    (a player, hex, intersection, path or resource id) was picked at random; a die with named
    faces (``die``) showed ``face``."""

    player: int | None
    what: str
    value: int
    sides: int = 0
    die: str = ""
    face: str = ""


@event
class EffectSkipped(Event):
    """A rule's effect did nothing, or less than it said (``effect`` its IR head): why."""

    effect: str
    reason: str


@event
class MarkersMoved(Event):
    """``n`` markers went onto hex ``hex`` (a path's id for markers on paths; taken off when
    negative); ``now`` lie there."""

    marker: str
    hex: int
    n: int
    now: int


@event
class UnitMoved(Event):
    """``player``'s ``unit`` went from place ``frm`` to place ``to`` (a path, or an
    intersection for units 'on vertex'; -1: his supply)."""

    unit: str
    player: int
    frm: int
    to: int


@event
class SharedCounterSet(Event):
    """A shared counter (one value for the game) became ``value``; ``asked`` differs when the
    value set was outside 0..max and was clamped."""

    counter: str
    value: int
    asked: int


@event
class ItemRevealed(Event):
    item: str


@event
class ItemGiven(Event):
    giver: int
    receiver: int
    item: str


@event
class PieceRemoved(Event):
    player: int
    piece: str
    at: int


@event
class PieceMoved(Event):
    """``player``'s ``piece`` went from ``from_at`` to ``at`` (paths, or intersections)."""

    player: int
    piece: str
    from_at: int
    at: int


@event
class PieceMarked(Event):
    """``mark`` put on (``on``) or cleared from the piece at ``at`` (an edge when ``edge``)."""

    at: int
    edge: bool
    mark: str
    on: bool


@event
class YieldSet(Event):
    piece: str
    n: int


@event
class PlayedCardReturned(Event):
    player: int
    card: str


@event
class RuleActionTaken(Event):
    player: int
    action: str
    target: int | None


@event
class HexRevealed(Event):
    """Face-down hex ``hex`` was turned up by ``player``'s rule: it shows ``terrain`` (the
    water word of core.topology for sea) and ``numbers`` (its token, if it drew one)."""

    player: int | None
    hex: int
    terrain: str
    numbers: tuple[int, ...]


@event
class HexChanged(Event):
    """A rule changed hex ``hex``: it shows ``terrain`` and ``numbers`` now."""

    hex: int
    terrain: str | None
    numbers: tuple[int, ...]


@event
class AlternativeChosen(Event):
    """``player`` picked the alternative ``label`` of a rule's ``choose one``."""

    player: int
    label: str


@event
class TurnPhaseEntered(Event):
    """``player``'s turn went on to the turn phase ``phase`` (its label ``label``): the phases
    before it, trading and building among them, are closed for the rest of the turn."""

    player: int
    phase: str
    label: str

"""State changes → typed past-tense events (frozen dataclasses), each with optional rule provenance."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Provenance:
    """Which compiled rule caused an event: its id and "file:line"."""

    rule_id: str
    where: str
    via: str = ""        # "erupt() at FILE:LINE" when the effect came from a procedure's body


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base event; ``rule`` is None for base-game events."""

    rule: Provenance | None = None


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    player: int
    total: int


@dataclass(frozen=True, slots=True)
class ResourcesProduced(Event):
    """``player`` received ``amounts`` ((resource, n) pairs); ``source`` is "roll" or "setup"."""

    player: int
    amounts: tuple[tuple[str, int], ...]
    source: str


@dataclass(frozen=True, slots=True)
class ResourceWithheld(Event):
    """The bank could not pay ``resource`` to every entitled player, so nobody got it."""

    resource: str
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PieceBuilt(Event):
    """``piece`` placed at ``at`` (vertex or edge id); ``replaced`` names an upgraded piece."""

    player: int
    piece: str
    at: int
    free: bool
    replaced: str | None


@dataclass(frozen=True, slots=True)
class RobberMoved(Event):
    """The robber (or the declared robber named ``robber``) went from ``from_hex`` to
    ``hex`` (-1: off the board; a sea hex's id follows the land's)."""

    player: int
    hex: int
    from_hex: int
    robber: str = ""


@dataclass(frozen=True, slots=True)
class CardStolen(Event):
    thief: int
    victim: int
    resource: str


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    player: int
    resource: str
    n: int


@dataclass(frozen=True, slots=True)
class DevelopmentCardBought(Event):
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class DevelopmentCardPlayed(Event):
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class ResourcesTaken(Event):
    """``player`` took ``n`` ``resource`` from the bank (a card effect)."""

    player: int
    resource: str
    n: int


@dataclass(frozen=True, slots=True)
class ResourcesCollected(Event):
    """``player`` took every ``resource`` from the others: ``taken`` = (player, n) pairs."""

    player: int
    resource: str
    taken: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class TradeOffered(Event):
    player: int
    give: tuple[tuple[str, int], ...]
    get: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class TradeDeclined(Event):
    player: int


@dataclass(frozen=True, slots=True)
class TradeAccepted(Event):
    proposer: int
    acceptor: int
    give: tuple[tuple[str, int], ...]
    get: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class TradeCancelled(Event):
    """Nobody accepted the offer."""

    player: int


@dataclass(frozen=True, slots=True)
class BankTraded(Event):
    player: int
    give: str
    n: int
    get: str


@dataclass(frozen=True, slots=True)
class SpecialCardAwarded(Event):
    card: str
    player: int
    previous: int | None


@dataclass(frozen=True, slots=True)
class SpecialCardSetAside(Event):
    card: str
    previous: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    player: int
    turn: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    player: int
    vp: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """A rule ended the game at once (``end game``): ``player`` wins with ``vp`` VP, found by
    ``how``: "most VP", "ties" (the rule's tie-break decided), or "roll-off" among ``tied``."""

    player: int
    vp: int
    how: str
    tied: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GameStalled(Event):
    """The game cannot go on: ``player`` has no legal action in ``phase`` (e.g. no set-up spot
    is left); it ends there without a winner."""

    player: int
    phase: str


# ---- events of the rules mechanisms (compiled rules and the mechanisms they drive) ------------
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int
    turn: int


@dataclass(frozen=True, slots=True)
class SetupDone(Event):
    pass


@dataclass(frozen=True, slots=True)
class StartPlayerChosen(Event):
    player: int


@dataclass(frozen=True, slots=True)
class NumberProduced(Event):
    """Production for ``n`` (a roll or a card) has been paid out."""

    player: int
    n: int


@dataclass(frozen=True, slots=True)
class RollCancelled(Event):
    player: int
    total: int


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """A card of a deck that replaces the dice was turned over."""

    player: int
    deck: str
    card: str
    n: int


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    deck: str
    marker: str | None


@dataclass(frozen=True, slots=True)
class StockChanged(Event):
    """``player`` gained (n > 0) or returned (n < 0) ``n`` of a resource or counter."""

    player: int
    stock: str
    n: int


@dataclass(frozen=True, slots=True)
class StockTransferred(Event):
    giver: int
    receiver: int
    stock: str
    n: int


@dataclass(frozen=True, slots=True)
class ItemDrawn(Event):
    player: int
    deck: str
    item: str


@dataclass(frozen=True, slots=True)
class ItemReturned(Event):
    """A held deck item went to the spent pile (paid, or swapped out when the hand is full)."""

    player: int
    deck: str
    item: str


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class EffectSkipped(Event):
    """A rule's effect did nothing, or less than it said (``effect`` its IR head): why."""

    effect: str
    reason: str


@dataclass(frozen=True, slots=True)
class MarkersMoved(Event):
    """``n`` markers went onto hex ``hex`` (a path's id for markers on paths; taken off when
    negative); ``now`` lie there."""

    marker: str
    hex: int
    n: int
    now: int


@dataclass(frozen=True, slots=True)
class UnitMoved(Event):
    """``player``'s ``unit`` went from place ``frm`` to place ``to`` (a path, or an
    intersection for units 'on vertex'; -1: his supply)."""

    unit: str
    player: int
    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class SharedCounterSet(Event):
    """A shared counter (one value for the game) became ``value``; ``asked`` differs when the
    value set was outside 0..max and was clamped."""

    counter: str
    value: int
    asked: int


@dataclass(frozen=True, slots=True)
class ItemRevealed(Event):
    item: str


@dataclass(frozen=True, slots=True)
class ItemGiven(Event):
    giver: int
    receiver: int
    item: str


@dataclass(frozen=True, slots=True)
class PieceRemoved(Event):
    player: int
    piece: str
    at: int


@dataclass(frozen=True, slots=True)
class PieceMoved(Event):
    """``player``'s ``piece`` went from ``from_at`` to ``at`` (paths, or intersections)."""

    player: int
    piece: str
    from_at: int
    at: int


@dataclass(frozen=True, slots=True)
class PieceMarked(Event):
    """``mark`` put on (``on``) or cleared from the piece at ``at`` (an edge when ``edge``)."""

    at: int
    edge: bool
    mark: str
    on: bool


@dataclass(frozen=True, slots=True)
class YieldSet(Event):
    piece: str
    n: int


@dataclass(frozen=True, slots=True)
class PlayedCardReturned(Event):
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class RuleActionTaken(Event):
    player: int
    action: str
    target: int | None


@dataclass(frozen=True, slots=True)
class HexRevealed(Event):
    """Face-down hex ``hex`` was turned up by ``player``'s rule: it shows ``terrain`` (the
    water word of core.topology for sea) and ``numbers`` (its token, if it drew one)."""

    player: int | None
    hex: int
    terrain: str
    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HexChanged(Event):
    """A rule changed hex ``hex``: it shows ``terrain`` and ``numbers`` now."""

    hex: int
    terrain: str | None
    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AlternativeChosen(Event):
    """``player`` picked the alternative ``label`` of a rule's ``choose one``."""

    player: int
    label: str


@dataclass(frozen=True, slots=True)
class TurnPhaseEntered(Event):
    """``player``'s turn went on to the turn phase ``phase`` (its label ``label``): the phases
    before it, trading and building among them, are closed for the rest of the turn."""

    player: int
    phase: str
    label: str

"""IR names → immutable typed actions (one frozen dataclass per kind), interned per game, with text round-trip."""

from __future__ import annotations

from dataclasses import dataclass, field


class Action:
    """Base of every action; subclasses are frozen slotted dataclasses whose str() round-trips."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class RollDice(Action):
    """The player chooses to roll (offered only when he could also play a card before rolling)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance outcome: the dice show ``total``."""

    total: int

    def __str__(self) -> str:
        return f"roll {self.total}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Place piece kind ``kind`` (index in the game's piece list) at vertex or edge ``at``."""

    kind: int
    at: int
    piece: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"build {self.piece} {self.at}"


@dataclass(frozen=True, slots=True)
class BuyCard(Action):
    def __str__(self) -> str:
        return "buy card"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance outcome: the bought development card is ``card``."""

    card: int
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"draw {self.name}"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    card: int
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"play {self.name}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one card of ``resource`` while a discard prompt is open."""

    resource: int
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"discard {self.name}"


@dataclass(frozen=True, slots=True)
class MoveRobber(Action):
    """Move the robber to ``hex`` (-1: off the board); ``robber`` > 0 is the declared robber of
    that number, ``name`` its name (its hex may be a sea hex, whose id follows the land's)."""

    hex: int
    robber: int = 0
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"move {self.name} {self.hex}" if self.robber else f"move robber {self.hex}"


@dataclass(frozen=True, slots=True)
class Rob(Action):
    """Choose the victim of a steal."""

    player: int

    def __str__(self) -> str:
        return f"rob {self.player}"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Chance outcome: the card taken from ``player`` is a ``resource``."""

    player: int
    resource: int
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"steal {self.player} {self.name}"


@dataclass(frozen=True, slots=True)
class PickResource(Action):
    """Name a resource for an open prompt (take from the bank, monopoly, ...)."""

    resource: int
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"pick {self.name}"


@dataclass(frozen=True, slots=True)
class BankTrade(Action):
    give: int
    n: int
    get: int
    give_name: str = field(default="", compare=False)
    get_name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"bank {self.n} {self.give_name} for {self.get_name}"


@dataclass(frozen=True, slots=True)
class OfferTrade(Action):
    """Offer the table ``give`` (counts per resource) for ``get`` (counts per resource)."""

    give: tuple[int, ...]
    get: tuple[int, ...]
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class AcceptTrade(Action):
    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class DeclineTrade(Action):
    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Answer a rule's prompt: a player, hex, vertex or edge id, or a resource (by name)."""

    what: str
    id: int
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"choose {self.name}" if self.what == "resource" else f"choose {self.what} {self.id}"


@dataclass(frozen=True, slots=True)
class DeckDraw(Action):
    """Chance outcome: item ``item`` of deck ``deck`` comes up."""

    deck: int
    item: int
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"deal {self.name}"


@dataclass(frozen=True, slots=True)
class RuleAction(Action):
    """A scenario action (IR rule of kind ``action``): ``target`` (-1 none), ``pay`` item counts."""

    rule: int
    target: int
    pay: tuple[int, ...] = ()
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text


def bundle_text(counts: tuple[int, ...], names: tuple[str, ...]) -> str:
    return " ".join(f"{n} {names[r]}" for r, n in enumerate(counts) if n)


class ActionTable:
    """Every action a game can produce, built once so legal_actions() allocates nothing new."""

    def __init__(self, resources: tuple[str, ...], pieces: tuple[str, ...], cards: tuple[str, ...],
                 n_vertices: int, n_edges: int, piece_on_edge: tuple[bool, ...], n_hexes: int,
                 num_players: int, max_total: int) -> None:
        self.resources = resources
        self.pieces = pieces
        self.cards = cards
        self.roll_dice = RollDice()
        self.end_turn = EndTurn()
        self.buy_card = BuyCard()
        self.accept = AcceptTrade()
        self.decline = DeclineTrade()
        self.roll = tuple(Roll(t) for t in range(max_total + 1))
        self.build = tuple(
            tuple(Build(k, i, name) for i in range(n_edges if on_edge else n_vertices))
            for k, (name, on_edge) in enumerate(zip(pieces, piece_on_edge)))
        self.draw = tuple(Draw(c, n) for c, n in enumerate(cards))
        self.play = tuple(PlayCard(c, n) for c, n in enumerate(cards))
        self.discard = tuple(Discard(r, n) for r, n in enumerate(resources))
        self.pick = tuple(PickResource(r, n) for r, n in enumerate(resources))
        self.move_robber = tuple(MoveRobber(h) for h in range(n_hexes))
        self.robber_off = MoveRobber(-1)
        self.extra: dict[str, Action] = {}     # rule-made actions by text (choose/deal/do)
        self.rob = tuple(Rob(p) for p in range(num_players))
        self.steal = tuple(tuple(Steal(p, r, n) for r, n in enumerate(resources))
                           for p in range(num_players))
        self._bank: dict[tuple[int, int, int], BankTrade] = {}
        # base/trade.py's memos: (hand, ratio, bank) signatures → bank trades / domestic offers
        self.bank_menus: dict[tuple, tuple] = {}
        self.offer_menus: dict[tuple, tuple] = {}
        self.offer_by_hand: dict[tuple, tuple] = {}   # (hand, opponents hold) → offer menu
        self.offer_sides: dict[tuple, tuple] = {}   # offer side → its non-zero (entry, count)s
        self.offer_pairs: dict[tuple, tuple] = {}   # offer side → its (name, count)s for events
        # base/turn_flow.py's memo: resources won per resource → their (name, count)s for events
        self.produced_pairs: dict[tuple, tuple] = {}
        nr = len(resources)
        # Canonical offers listed by legal_actions: n of one resource for 1 of another, n = 1, 2.
        self.offers: dict[tuple[int, int, int], OfferTrade] = {}
        for give in range(nr):
            for n in (1, 2):
                for get in range(nr):
                    if get != give:
                        g = tuple(n if r == give else 0 for r in range(nr))
                        w = tuple(1 if r == get else 0 for r in range(nr))
                        self.offers[(give, n, get)] = self.offer(g, w)
        self.offer_grid = tuple(
            tuple(tuple(self.offers.get((give, n, get)) for get in range(nr)) for n in range(3))
            for give in range(nr))

    def bank(self, give: int, n: int, get: int) -> BankTrade:
        a = self._bank.get((give, n, get))
        if a is None:
            a = BankTrade(give, n, get, self.resources[give], self.resources[get])
            self._bank[(give, n, get)] = a
        return a

    def offer(self, give: tuple[int, ...], get: tuple[int, ...],
              names: tuple[str, ...] | None = None) -> OfferTrade:
        """``names`` names the entries beyond the resources (tradeable counters), when any."""
        names = names or self.resources
        text = f"offer {bundle_text(give, names)} for {bundle_text(get, names)}"
        return OfferTrade(tuple(give), tuple(get), text)


def parse_action(text: str, game) -> Action:
    """Parse the text form produced by ``str(action)`` back into the game's interned action."""
    t: ActionTable = game.actions
    words = text.split()
    if not words:
        raise ValueError("empty action text")

    def res(name: str) -> int:
        if name not in t.resources:
            raise ValueError(f"unknown resource {name!r} in {text!r}")
        return t.resources.index(name)

    def bundle(ws: list[str]) -> tuple[int, ...]:
        counts = [0] * len(t.resources)
        if not ws or len(ws) % 2:
            raise ValueError(f"bad bundle in {text!r}")
        for i in range(0, len(ws), 2):
            counts[res(ws[i + 1])] += int(ws[i])
        return tuple(counts)

    try:
        head = words[0]
        if words == ["roll"]:
            return t.roll_dice
        if head == "roll" and len(words) == 2:
            return t.roll[int(words[1])]
        if words == ["end", "turn"]:
            return t.end_turn
        if words == ["buy", "card"]:
            return t.buy_card
        if words == ["accept"]:
            return t.accept
        if words == ["decline"]:
            return t.decline
        if head == "build" and len(words) == 3:
            return t.build[t.pieces.index(words[1])][int(words[2])]
        if head in ("draw", "play") and len(words) == 2:
            return (t.draw if head == "draw" else t.play)[t.cards.index(words[1])]
        if head == "discard" and len(words) == 2:
            return t.discard[res(words[1])]
        if head == "pick" and len(words) == 2:
            return t.pick[res(words[1])]
        if head == "move" and len(words) == 3 and game.rules is not None \
                and words[1] in game.rules.robber_index:
            return game.rules.robber_move(game.rules.robber_index[words[1]], int(words[2]))
        if words[:2] == ["move", "robber"] and len(words) == 3:
            return t.robber_off if int(words[2]) < 0 else t.move_robber[int(words[2])]
        if head in ("choose", "deal", "do") and game.rules is not None:
            return game.rules.parse(text)
        if head == "rob" and len(words) == 2:
            return t.rob[int(words[1])]
        if head == "steal" and len(words) == 3:
            return t.steal[int(words[1])][res(words[2])]
        if head == "bank" and len(words) == 5 and words[3] == "for":
            return t.bank(res(words[2]), int(words[1]), res(words[4]))
        if head == "offer" and "for" in words:
            k = words.index("for")
            counters = tuple(c.name for c in game.rules.counters) if game.rules is not None else ()
            if counters and any(w in counters for w in words):
                # An offer with counters: vectors of resources followed by counters.
                names = t.resources + counters

                def stock_bundle(ws: list[str]) -> tuple[int, ...]:
                    counts = [0] * len(names)
                    for i in range(0, len(ws) - 1, 2):
                        counts[names.index(ws[i + 1])] += int(ws[i])
                    return tuple(counts)
                return t.offer(stock_bundle(words[1:k]), stock_bundle(words[k + 1:]), names)
            return t.offer(bundle(words[1:k]), bundle(words[k + 1:]))
    except (IndexError, ValueError) as exc:
        raise ValueError(f"cannot parse action {text!r}: {exc}") from None
    raise ValueError(f"cannot parse action {text!r}")

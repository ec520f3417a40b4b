"""Validated IR dict → Game: every rule number as int tables, the interned actions, and new states."""

from __future__ import annotations

from dataclasses import dataclass

from catan_dsl.engine.actions import ActionTable
from catan_dsl.engine.board import Board, build_board
from catan_dsl.engine.rules.compiled import needs_rules
from catan_dsl.engine.rules.runtime import RulesRuntime
from catan_dsl.engine.state import State
from catan_dsl.ir import realize


@dataclass(frozen=True, slots=True)
class CardSpec:
    name: str
    count: int
    effect: str
    any_time: bool
    flags: frozenset[str]
    vp: int
    piece: int | tuple[int, ...]   # piece kind for free_pieces (kinds: one of each), else -1
    n: int


@dataclass(frozen=True, slots=True)
class SpecialSpec:
    name: str
    vp: int
    measure: str        # "longest_route" | "cards_played"
    route_kinds: tuple[int, ...]
    flag: str
    min: int
    policy: str


def _dice_distribution(dice: int) -> tuple[tuple[int, float], ...]:
    dist = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, ways in dist.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        dist = nxt
    n = 6 ** dice
    return tuple((t, w / n) for t, w in sorted(dist.items()))


class Game:
    """Static, shared description of a game: built once, read by every state and clone."""

    def __init__(self, ir: dict, num_players: int | None = None) -> None:
        players = ir["players"]
        n = players.get("default", players["max"]) if num_players is None else num_players
        if not players["min"] <= n <= players["max"]:
            raise ValueError(f"{n} players; this scenario takes {players['min']}..{players['max']}")
        self.ir = ir
        # Neutral players (IR players.neutral) sit after the real ones: they own pieces and may
        # hold special cards, but never take turns, roll, produce or hold cards.
        self.n_real = n
        self.num_players = n + int(players.get("neutral", 0) or 0)
        self.resources: tuple[str, ...] = tuple(ir["resources"])
        self.n_resources = len(self.resources)
        rix = {r: i for i, r in enumerate(self.resources)}
        self.bank_total = tuple(int(ir["bank"].get(r, 0)) for r in self.resources)

        def cost(c: dict) -> tuple[tuple[int, int], ...]:
            return tuple((rix[r], int(k)) for r, k in sorted(c.items(), key=lambda x: rix[x[0]]))

        pieces = ir["pieces"]
        self.piece_names: tuple[str, ...] = tuple(pieces)
        pix = {p: i for i, p in enumerate(self.piece_names)}
        self.piece_on_edge = tuple(pieces[p]["on"] in ("edge", "sea_edge") for p in self.piece_names)
        self.piece_water = tuple(pieces[p]["on"] == "sea_edge" for p in self.piece_names)
        # Networks of path pieces ("road" unless the piece says): which pieces continue one
        # another; "none" joins nothing. One network in every game that names none.
        nets = ["road"]
        for p in self.piece_names:
            name = pieces[p].get("network", "road")
            if self.piece_on_edge[pix[p]] and name not in nets:
                nets.append(name)
        self.networks: tuple[str, ...] = tuple(nets)
        self.n_nets = len(nets)
        self.edge_net = tuple(nets.index(pieces[p].get("network", "road")) if self.piece_on_edge[k]
                              else 0 for k, p in enumerate(self.piece_names))
        self.net_joins = tuple(name != "none" for name in nets)
        # No limit (null) means as many as the board has places for that kind of piece.
        places = {k: len(ir["board"][table]) for k, table in
                  (("edge", "edges"), ("sea_edge", "edges"), ("vertex", "vertices"),
                   ("hex", "hexes"))}
        self.piece_limit = tuple(int(pieces[p]["limit"]) if pieces[p]["limit"] is not None
                                 else places[pieces[p]["on"]] for p in self.piece_names)
        self.piece_cost = tuple(cost(pieces[p].get("cost", {})) for p in self.piece_names)
        self.piece_vp = tuple(int(pieces[p].get("vp", 0)) for p in self.piece_names)
        self.piece_yield = tuple(int(pieces[p].get("yield", 0)) for p in self.piece_names)
        self.piece_upgrades = tuple(pix[pieces[p]["upgrades"]] if pieces[p].get("upgrades") else -1
                                    for p in self.piece_names)
        self.piece_distance = tuple(bool(pieces[p].get("distance_rule")) for p in self.piece_names)
        self.piece_route = tuple(bool(pieces[p].get("route")) for p in self.piece_names)
        self.edge_kinds = tuple(k for k in range(len(pieces)) if self.piece_on_edge[k])
        self.new_vertex_kinds = tuple(k for k in range(len(pieces))
                                      if not self.piece_on_edge[k] and self.piece_upgrades[k] < 0)
        self.upgrade_kinds = tuple(k for k in range(len(pieces)) if self.piece_upgrades[k] >= 0)
        # building.legal_builds' one pass: (kind, its cost, 0 path / 1 new building / 2 upgrade).
        self.build_order = tuple((k, self.piece_cost[k], where) for where, kinds in enumerate(
            (self.edge_kinds, self.new_vertex_kinds, self.upgrade_kinds)) for k in kinds)

        dev = ir.get("development") or {"cards": {}, "cost": {}, "per_turn": 0}
        self.dev_cost = cost(dev.get("cost", {}))
        self.dev_per_turn = int(dev["per_turn"])
        self.cards: tuple[CardSpec, ...] = tuple(
            CardSpec(name=c, count=int(spec["count"]), effect=spec["effect"],
                     any_time=bool(spec.get("any_time")),
                     flags=frozenset(k for k, v in spec.items() if v is True and k != "any_time"),
                     vp=int(spec.get("vp", 0)),
                     piece=tuple(pix[x] for x in spec["piece"]) if isinstance(spec.get("piece"), list)
                     else pix.get(spec.get("piece"), -1),
                     n=int(spec.get("n", 0)))
            for c, spec in dev.get("cards", {}).items())
        self.card_names = tuple(c.name for c in self.cards)
        self.card_count = tuple(c.count for c in self.cards)

        self.specials: tuple[SpecialSpec, ...] = tuple(
            SpecialSpec(name=name, vp=int(s.get("vp", 0)), measure=s["measure"]["kind"],
                        route_kinds=tuple(pix[p] for p in s["measure"].get("pieces", [])),
                        flag=s["measure"].get("flag", ""), min=int(s.get("min", 0) or 0),
                        policy=s["policy"])
            for name, s in (ir.get("special_cards") or {}).items())
        # card index → does playing it count toward each special card's measure
        self.card_counts_for = tuple(
            tuple(sp.measure == "cards_played" and sp.flag in c.flags for c in self.cards)
            for sp in self.specials)

        self.robber_number = int(ir["production"]["robber_number"])
        self.dice = int(ir["production"]["dice"])
        self.roll_outcomes = _dice_distribution(self.dice)
        self.discard_above = int(ir["robber"]["discard_above"])
        self.steal_n = int(ir["robber"]["steal"])
        self.no_robber = bool(ir["robber"].get("none"))
        trade = ir["trade"]
        self.bank_ratio = int(trade["bank_ratio"])
        self.domestic = bool(trade["domestic"])
        # null (not set in source) means no limit on trade offers per turn.
        offers = trade.get("offers_per_turn")
        self.offers_per_turn = 10**9 if offers is None else int(offers)
        self.target = int(ir["victory"]["target"])

        setup = ir["setup"]
        order = list(range(self.n_real))
        start = setup.get("start_player", "first")
        if isinstance(start, int):
            order = order[start:] + order[:start]
        steps, choices = [], []
        for rnd in range(int(setup["rounds"])):
            seq = order if setup["order"] != "snake" or rnd % 2 == 0 else order[::-1]
            for p in seq:
                for piece in (setup.get("place_rounds") or {}).get(str(rnd + 1), setup["place"]):
                    # "a|b" in source: the player places one of the pieces offered (IR: a list).
                    kinds = tuple(pix[x] for x in piece) if isinstance(piece, list) else (pix[piece],)
                    steps.append((p, kinds[0], rnd + 1))
                    choices.append(kinds)
        self.setup_steps: tuple[tuple[int, int, int], ...] = tuple(steps)
        self.setup_choices: tuple[tuple[int, ...], ...] = tuple(choices)
        self.setup_yield_round = int(setup.get("yield_round", 0) or 0)
        self.first_player = order[0]

        self._boards: dict[int, Board] = {}
        self._fixed_board = not realize.needs_realization(ir)
        topo = ir["board"]
        self.actions = ActionTable(
            self.resources, self.piece_names, self.card_names, len(topo["vertices"]),
            len(topo["edges"]), self.piece_on_edge, len(topo["hexes"]), self.num_players,
            self.roll_outcomes[-1][0])
        self.roll_actions = tuple((self.actions.roll[t], p) for t, p in self.roll_outcomes)
        # The compiled rules and mechanisms, or None: the base game keeps the fast path.
        self.rules = RulesRuntime(self, ir) if needs_rules(ir) else None

    def board(self, seed: int) -> Board:
        key = 0 if self._fixed_board else seed
        b = self._boards.get(key)
        if b is None:
            b = build_board(self.ir, seed)
            if len(self._boards) > 64:
                self._boards.clear()
            self._boards[key] = b
        return b

    def new_initial_state(self, seed: int = 0):
        return State(self, self.board(seed), seed)

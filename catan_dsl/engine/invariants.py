"""A State → the invariants it breaks, each a sentence; derived from the Game (so from its IR)
alone, naming no scenario: every stock conserved, every VP source recounted from the board and
the hands, every declared limit held, the victory rule, a text of its own for every legal
action. Used by the soak tests and bench/soak.py."""

from __future__ import annotations

from catan_dsl.engine.base import building, networks
from catan_dsl.engine.events import (CardRevealed, CardsDiscarded, DeckReshuffled, DiceRolled,
                                     GameWon, RollCancelled, TurnEnded)


def violations(s, caches: bool = True) -> list[str]:
    """Every broken invariant of ``s`` (empty when all hold).

    Args:
        s: a State, at any point of a game.
        caches: also recompute the engine's incremental caches (build spots, VP totals), which
            costs a walk over the board.
    """
    out: list[str] = []
    out += _resources(s)
    out += _cards(s)
    out += _pieces(s)
    if s.rules_state is not None:
        out += _counters(s)
        out += _decks(s)
        out += _robbers(s)
    out += _routes(s)
    out += _vp(s, caches)
    out += _victory(s)
    out += _action_texts(s)
    if caches:
        out += _spot_caches(s)
    return out


def _resources(s) -> list[str]:
    g, out = s.game, []
    for r, name in enumerate(g.resources):
        held = [s.hand[p][r] for p in range(g.num_players)]
        if s.bank[r] + sum(held) != g.bank_total[r]:
            out.append(f"resource {name}: bank {s.bank[r]} + hands {held} != {g.bank_total[r]}")
        if s.bank[r] < 0 or min(held, default=0) < 0:
            out.append(f"resource {name}: a negative count (bank {s.bank[r]}, hands {held})")
    return out


def _cards(s) -> list[str]:
    g, out = s.game, []
    box = s.rules_state.box if s.rules_state is not None else [0] * len(g.cards)
    for c, card in enumerate(g.cards):
        hands = sum(s.dev_hand[p][c] + s.dev_played[p][c] for p in range(g.num_players))
        if s.deck[c] + hands + box[c] != card.count:
            out.append(f"card {card.name}: deck {s.deck[c]} + held/played {hands} + given back "
                       f"{box[c]} != {card.count}")
        for p in range(g.num_players):
            if s.dev_hand[p][c] < 0 or not 0 <= s.dev_new[p][c] <= s.dev_hand[p][c]:
                out.append(f"card {card.name}: player {p} holds {s.dev_hand[p][c]}, "
                           f"{s.dev_new[p][c]} of them new")
    return out


def _pieces(s) -> list[str]:
    g, b, out = s.game, s.board, []
    on_board = [[0] * len(g.piece_names) for _ in range(g.num_players)]
    for v in range(b.n_vertices):
        if (s.v_owner[v] < 0) != (s.v_kind[v] < 0):
            out.append(f"intersection {v}: owner {s.v_owner[v]} but kind {s.v_kind[v]}")
        elif s.v_owner[v] >= 0:
            on_board[s.v_owner[v]][s.v_kind[v]] += 1
    for e in range(b.n_edges):
        if (s.e_owner[e] < 0) != (s.e_kind[e] < 0):
            out.append(f"path {e}: owner {s.e_owner[e]} but kind {s.e_kind[e]}")
        elif s.e_owner[e] >= 0:
            on_board[s.e_owner[e]][s.e_kind[e]] += 1
    for p in range(g.num_players):
        for k, name in enumerate(g.piece_names):
            if s.supply[p][k] < 0 or s.supply[p][k] + on_board[p][k] != g.piece_limit[k]:
                out.append(f"piece {name} of player {p}: supply {s.supply[p][k]} + on the board "
                           f"{on_board[p][k]} != limit {g.piece_limit[k]}")
        if sorted(s.buildings[p]) != sorted(v for v in range(b.n_vertices) if s.v_owner[v] == p):
            out.append(f"player {p}: the list of buildings disagrees with the board")
    for v in range(b.n_vertices):
        k = s.v_kind[v]
        if k >= 0 and g.piece_distance[k]:
            near = [u for u in b.vertex_adjacent[v]
                    if s.v_owner[u] >= 0 and g.piece_distance[s.v_kind[u]]]
            if near:
                out.append(f"distance rule: intersection {v} has a neighbour built on at {near}")
    return out


def _routes(s) -> list[str]:
    """Every path piece of a player is joined to his buildings through his own paths (an
    opponent's building may later split a route, so the walk passes through buildings)."""
    g, b, out = s.game, s.board, []
    for p in range(g.num_players):
        mine = {e for e in range(b.n_edges) if s.e_owner[e] == p}
        reached: set[int] = set()
        stack = [v for v in range(b.n_vertices) if s.v_owner[v] == p]
        visited = set(stack)
        while stack:
            v = stack.pop()
            for e in b.vertex_edges[v]:
                if e in mine and e not in reached:
                    reached.add(e)
                    stack += [u for u in b.edge_vertices[e] if u not in visited]
                    visited.update(b.edge_vertices[e])
        if reached != mine:
            out.append(f"player {p}: paths {sorted(mine - reached)} are not joined to a building")
    return out


def _robbers(s) -> list[str]:
    """Each declared robber stands on a hex of the sea, or off the board."""
    rules, b = s.game.rules, s.board
    sea = set(b.hex_water) | set(range(b.n_hexes, b.n_hexes + b.n_sea))
    return [f"robber {r.name} stands on hex {h}, not on the sea"
            for r, h in zip(rules.robbers, s.rules_state.robbers) if h != -1 and h not in sea]


def _counters(s) -> list[str]:
    rules, rs, out = s.game.rules, s.rules_state, []
    for i, c in enumerate(rules.counters):
        held = [rs.counters[p][i] for p in range(rules.n_total)]
        if c.shared:
            top = c.max if c.max is not None else rs.shared[i]
            if any(held) or not 0 <= rs.shared[i] <= top:
                out.append(f"counter {c.name}: shared value {rs.shared[i]} outside 0..{c.max}, "
                           f"or held by players {held}")
            continue
        if min(held, default=0) < 0:
            out.append(f"counter {c.name}: a negative count {held}")
        if c.supply is not None and rs.supply[i] + sum(held) != c.supply:
            out.append(f"counter {c.name}: supply {rs.supply[i]} + held {held} != {c.supply}")
    return out


def _decks(s) -> list[str]:
    rules, rs, out = s.game.rules, s.rules_state, []
    for di, d in enumerate(rules.decks):
        for i, item in enumerate(d.items):
            held = sum(rs.held[di][p][i] for p in range(rules.n_total))
            total = rs.pile[di][i] + rs.spent[di][i] + held
            if total != d.counts[i] or min(rs.pile[di][i], rs.spent[di][i]) < 0:
                out.append(f"deck {d.name}, item {item}: pile {rs.pile[di][i]} + spent "
                           f"{rs.spent[di][i]} + held {held} != {d.counts[i]}")
        if d.max_held is not None:
            for p in range(rules.n_total):
                # Revealed items lie open and are not counted (RULES.md Decision #21).
                n = sum(k for i, k in enumerate(rs.held[di][p]) if not d.revealed[i])
                if n > d.max_held:
                    out.append(f"deck {d.name}: player {p} holds {n}, over max_held {d.max_held}")
    return out


def _vp(s, caches: bool) -> list[str]:
    g, b, out = s.game, s.board, []
    for p in range(g.num_players):
        board_vp = sum(g.piece_vp[s.v_kind[v]] for v in range(b.n_vertices) if s.v_owner[v] == p)
        board_vp += sum(g.piece_vp[s.e_kind[e]] for e in range(b.n_edges) if s.e_owner[e] == p)
        card_vp = sum(c.vp * s.dev_hand[p][i] for i, c in enumerate(g.cards) if c.effect == "vp")
        specials = sum(g.specials[si].vp for si, h in enumerate(s.holders) if h == p)
        expected = board_vp + card_vp + specials
        rules = g.rules
        if rules is not None:
            expected += sum(g.specials[si].vp for si, h in enumerate(s.rules_state.multi) if p in h)
            if caches and rules.vp_modified:
                expected += rules.modifier_vp(s, p)       # evaluated now, past every memo
            # The player modifiers only: a labelled piece modifier is in modifier_vp already
            # (counted twice, it once made 3,019 false mismatches over the conquered buildings).
            expected += sum(rules.player_vp_sources(s, p, pieces=False).values())
        elif s.board_vp[p] != board_vp:
            out.append(f"player {p}: board VP {s.board_vp[p]}, recounted {board_vp}")
        got = s.vp(p)
        if (caches or rules is None or not rules.vp_modified) and got != expected:
            out.append(f"player {p}: {got} VP, recounted {expected}")
        if got != sum(s.vp_breakdown(p).values()):
            out.append(f"player {p}: {got} VP but the breakdown adds up to "
                       f"{sum(s.vp_breakdown(p).values())}")
    return out


def _victory(s) -> list[str]:
    g, out = s.game, []
    if s.is_terminal():
        w = s.winner()
        if w is not None and w >= 0:
            target = g.rules.target(s, w) if g.rules is not None else g.target
            if s.vp(w) < target:
                out.append(f"player {w} won with {s.vp(w)} VP, under the target {target}")
    elif not s.legal_actions():
        out.append("a game that is not over offers no legal action")
    return out


def _action_texts(s) -> list[str]:
    """Every legal action (or chance outcome) prints a text of its own: transcripts, replay and
    the CLI find an action by its text, so two alike would make a game unreplayable."""
    if s.is_terminal():
        return []
    seen: set[str] = set()
    for a in s.legal_actions():
        text = str(a)
        if text in seen:
            return [f"legal actions: two of them print '{text}'"]
        seen.add(text)
    return []


def _spot_caches(s) -> list[str]:
    g, b, out = s.game, s.board, []
    if s.phase == 0:
        return out
    for p in range(g.num_players):
        spots = networks.all_codes(s, p)      # per network: net * n_edges + path
        if spots != s.edge_spots[p]:
            out.append(f"player {p}: cached road spots differ by {sorted(spots ^ s.edge_spots[p])}")
        vspots = {v for v in range(b.n_vertices) if building.can_settle(s, p, v)}
        if vspots != s.vertex_spots[p]:
            out.append(f"player {p}: cached building spots differ by "
                       f"{sorted(vspots ^ s.vertex_spots[p])}")
    kept = s.rules_state.route_ends if s.rules_state is not None else None
    stale = sorted(e for e, answer in (kept or {}).items() if answer != networks.route_end(s, e))
    if stale:
        out.append(f"kept route_end answers differ on paths {stale}")
    return out


class RobberDiscards:
    """Across the actions of one game (the soak feeds it): a rolled robber number makes every
    real player holding more than the limit *at the roll* discard half of those cards, rounded
    down, before the turn goes on — counted from the hands at the roll, not from what rules
    do to them afterwards (base rule §1: the discards come first)."""

    def __init__(self, game) -> None:
        self.game = game
        self.hands: list[int] = []
        self.owed: dict[int, int] | None = None   # player → cards to discard, after a roll
        self.held: list[int] = []
        self.paid: dict[int, int] = {}

    def before(self, s) -> None:
        """Call before each action: the hands a roll in it would find."""
        self.hands = [sum(s.hand[p]) for p in range(self.game.n_real)]

    def after(self, events: list) -> list[str]:
        """Call after each action with its events: the discards that broke the rule."""
        out: list[str] = []
        g = self.game
        hands_moved = False                   # by a rule, before the number came up
        for ev in events:
            t = type(ev)
            if t is DiceRolled:
                out += self.settle()
                if ev.total == g.robber_number and not hands_moved:
                    self.held = self.hands
                    self.owed = {p: n // 2 for p, n in enumerate(self.hands) if n > g.discard_above}
                    self.paid = {}
            elif t is RollCancelled:
                self.owed = None
            elif t is CardsDiscarded:
                if self.owed is not None:
                    self.paid[ev.player] = self.paid.get(ev.player, 0) + ev.n
            elif t is TurnEnded or t is GameWon:
                out += self.settle()
            elif t is not CardRevealed and t is not DeckReshuffled:
                hands_moved = True
        return out

    def settle(self) -> list[str]:
        owed, self.owed = self.owed, None
        if owed is None:
            return []
        return [f"discards on {self.game.robber_number}: player {p} held {self.held[p]} cards "
                f"at the roll and discarded {self.paid.get(p, 0)}, not {owed.get(p, 0)}"
                for p in sorted(set(owed) | set(self.paid))
                if self.paid.get(p, 0) != owed.get(p, 0)]

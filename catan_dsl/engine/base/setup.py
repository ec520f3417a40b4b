"""Setup step (IR ``setup``) + placement → pieces placed in snake order, the yield round paid out."""

from __future__ import annotations

from catan_dsl.engine.base import building, networks
from catan_dsl.engine.events import ResourcesProduced


def step(s) -> tuple[int, int, int]:
    """The current setup step (player, piece kind, round), rotated to a rolled start player."""
    p, k, rnd = s.game.setup_steps[s.setup_i]
    if s.rules_state is not None and s.rules_state.start:
        p = (p + s.rules_state.start) % s.game.n_real
    return p, k, rnd


def legal(s) -> list:
    """A vertex piece goes on any free spot obeying the distance rule; an edge piece must touch
    the vertex piece the same player placed just before it, on a path of its surface. A step
    offering several pieces (``a|b`` in source) lists each one's spots."""
    g = s.game
    p, k, _ = step(s)
    kinds = g.setup_choices[s.setup_i]
    out = _spots(s, p, k) if len(kinds) == 1 else [a for kk in kinds for a in _spots(s, p, kk)]
    if out and g.rules is not None and g.rules.build_forbids:
        out = g.rules.allowed_builds(s, p, out)
    return out


def _spots(s, p: int, k: int) -> list:
    g, b = s.game, s.board
    row = g.actions.build[k]
    if g.piece_on_edge[k]:
        v = s.last_vertex[p]
        edges = b.vertex_edges[v] if v >= 0 else range(b.n_edges)
        out = [row[e] for e in sorted(edges) if s.e_owner[e] < 0]
        if b.edge_water or g.piece_water[k]:
            out = [a for a in out if networks.surface_ok(s, k, a.at)]
        return out
    # A city placed straight away in set-up keeps the distance rule of what it upgrades.
    distance = g.piece_distance[k] or (g.piece_upgrades[k] >= 0
                                       and g.piece_distance[g.piece_upgrades[k]])
    v_owner, blocked, closed = s.v_owner, s.v_blocked, b.vertex_closed
    return [row[v] for v in range(b.n_vertices)
            if v_owner[v] < 0 and not (distance and blocked[v]) and v not in closed]


def apply(s, a) -> None:
    g, b = s.game, s.board
    p, _, rnd = step(s)
    k = a.kind                   # the piece placed (one of a step's choices)
    building.place(s, p, k, a.at, free=True)
    if rnd == g.setup_yield_round and not g.piece_on_edge[k]:
        hand, bank = s.hand[p], s.bank
        got = [0] * g.n_resources
        for h in b.vertex_hexes[a.at]:
            r = b.hex_resource[h]
            if r >= 0 and bank[r] > 0:
                bank[r] -= 1
                hand[r] += 1
                got[r] += 1
        if any(got):
            s.emit(ResourcesProduced(p, tuple((g.resources[r], n) for r, n in enumerate(got) if n),
                                     "setup"))
        if g.rules is not None and g.rules.choice_production:    # a hex of choice: a pick each
            g.rules.setup_picks(s, p, a.at)
    s.setup_i += 1
    if s.setup_i >= len(g.setup_steps):
        _done(s)


def skip_spent(s) -> None:
    """Pass over the set-up steps whose player has no piece of the kind left (a rule gave him
    free pieces during set-up): there is nothing to place; set-up ends after the last step."""
    g = s.game
    steps = g.setup_steps
    while s.setup_i < len(steps):
        p, k, _ = step(s)
        if s.supply[p][k] > 0:
            return
        s.setup_i += 1
    _done(s)


def _done(s) -> None:
    g = s.game
    s.phase = 1  # PRE_ROLL
    s.cur = g.first_player
    if g.rules is not None:
        s.cur = (g.first_player + s.rules_state.start) % g.n_real
        g.rules.setup_done(s)

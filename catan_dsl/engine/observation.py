"""State + seat → what that player may know: own hand and cards in full, others' only as counts."""

from __future__ import annotations

from typing import Any


def observation(state: Any, player: int) -> dict:
    """The public state plus ``player``'s private information (a JSON-able dict).

    Hidden from the other players (BASE-24, BASE-43): resource cards in hand and development
    cards not yet played are shown only as totals, and items of a hidden deck are counted, not
    named, for everyone but their holder. The action history is left out: its chance outcomes
    (a card drawn, a card stolen) name hidden cards. On a board that changes in play the hexes
    are listed as they lie: a face-down hex shows no terrain and no token (its tile is drawn
    only when a rule reveals it, so no seat can know it), and each hidden pool only how many
    tiles and tokens it has left.

    Args:
        state: an engine ``State``.
        player: the seat whose view this is.

    Returns:
        ``{"player", "turn", "current", "robber", "board", "special_cards", "players": [...]}``.
    """
    s, g = state, state.game
    seats = []
    for p in range(g.num_players):
        own = p == player
        seat: dict = {
            "cards": sum(s.hand[p]),
            "development_cards": sum(s.dev_hand[p]),
            "played": dict(zip(g.card_names, s.dev_played[p])),
            "public_vp": s.vp(p) - s.card_vp[p],
            "pieces_left": dict(zip(g.piece_names, s.supply[p])),
        }
        if own:
            seat["hand"] = dict(zip(g.resources, s.hand[p]))
            seat["development"] = dict(zip(g.card_names, s.dev_hand[p]))
            seat["vp"] = s.vp(p)
        if s.rules_state is not None:
            seat.update(_rule_stocks(s, p, own))
        seats.append(seat)
    return {
        "player": player,
        "turn": s.turn,
        "current": s.current_player(),
        "robber": s.robber,
        "board": {"vertex_owner": list(s.v_owner), "vertex_piece": list(s.v_kind),
                  "edge_owner": list(s.e_owner), "edge_piece": list(s.e_kind)},
        "special_cards": dict(zip((sp.name for sp in g.specials), s.holders)),
        "players": seats,
        **_hexes(s),
        **_robbers(s),
    }


def _robbers(s: Any) -> dict:
    """Where each declared robber stands (a sea hex's id follows the land's; -1 off the board),
    for a game that declares one."""
    rules = s.game.rules
    if rules is None or not rules.robbers:
        return {}
    return {"robbers": {r.name: h for r, h in zip(rules.robbers, s.rules_state.robbers)}}


def _hexes(s: Any) -> dict:
    """The land hexes as they lie, for a board with face-down hexes or one a rule changed
    (other boards are what the IR says: nothing to add)."""
    b = s.board
    if not (b.hidden_left or b.revision):
        return {}
    return {"hexes": [{"terrain": None if h in b.hex_hidden else b.hex_terrain[h],
                       "numbers": [] if h in b.hex_hidden else list(b.hex_numbers[h]),
                       "face_down": h in b.hex_hidden} for h in range(b.n_hexes)],
            "hidden_pools": [{"tiles": sum(k for _, k in tiles), "tokens": len(tokens)}
                             for tiles, tokens in b.hidden_left]}


def _rule_stocks(s: Any, p: int, own: bool) -> dict:
    """Counters are public; items of a hidden deck are named only for their holder."""
    rules = s.game.rules
    out: dict = {"counters": {c.name: s.rules_state.counters[p][i] for i, c in enumerate(rules.counters)}}
    items: dict = {}
    for di, d in enumerate(rules.decks):
        held = s.rules_state.held[di][p]
        if d.hidden and not own:
            shown = {it: k for it, k in zip(d.items, held)
                     if k and s.rules_state.revealed.get(it)}
            items[d.name] = {"count": sum(held), "revealed": shown}
        else:
            items[d.name] = {it: k for it, k in zip(d.items, held) if k}
    out["items"] = items
    return out

"""A State → its full JSON-able snapshot (tests, transcripts), and the field lists it reads."""

from __future__ import annotations

LIST_FIELDS = ("bank", "v_owner", "v_kind", "v_blocked", "e_owner", "e_kind", "deck",
               "board_vp", "card_vp", "holders", "last_vertex", "prompts")
NESTED_FIELDS = ("hand", "supply", "dev_hand", "dev_new", "dev_played", "ratio", "measure",
                 "buildings", "route_edges")
SET_FIELDS = ("edge_spots", "vertex_spots")
SCALARS = ("seed", "robber", "played_this_turn", "offers_this_turn", "phase", "setup_i", "cur",
           "turn", "winner_")


def to_dict(s) -> dict:
    """State.to_dict: the mutable state, every field by name."""
    d: dict = {f: getattr(s, f) for f in SCALARS}
    for f in LIST_FIELDS:
        d[f] = [list(x) if isinstance(x, tuple) else x for x in getattr(s, f)]
    d["prompts"] = [[pr.kind, pr.player, [str(x) for x in pr.params]] for pr in s.prompts]
    for f in NESTED_FIELDS:
        d[f] = [list(row) for row in getattr(s, f)]
    for f in SET_FIELDS:
        d[f] = [sorted(x) for x in getattr(s, f)]
    d["history"] = [str(a) for a in s.history()]
    if s.rules_state is not None:
        d["ext"] = s.rules_state.to_dict()  # transcript key kept: digests stay valid
    if s.stalled is not None:              # only then: other games' digests stay as they were
        d["stalled"] = list(s.stalled)
    if s.board.revision:                   # a hex changed in play (likewise only then)
        d["board"] = s.board.changes()
    return d

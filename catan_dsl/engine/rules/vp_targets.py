"""A rule action's targets among the acting player's opponents, chosen by their VP alone → that choice kept per acting player and VP row."""

from __future__ import annotations

from typing import Any, Callable

# Off, such targets are picked afresh on every listing (the reference; on: kept_by_vp's table).
KEEP_VP_TARGETS = True
# What a condition may be made of besides vp(VAR), vp(player) and whole numbers.
_OPS = frozenset(("and", "or", "not", "-", "+", "==", "!=", "<", "<=", ">", ">="))


def _vp_only(node: Any, var: str) -> bool:
    """Does an IR condition read nothing but ``vp`` of VAR and of the acting player?"""
    if isinstance(node, int):
        return True
    if not isinstance(node, list) or not node:
        return False
    if node[0] == "vp":
        return node[1:] in ([["var", var]], [["var", "player"]])
    return node[0] in _OPS and all(_vp_only(x, var) for x in node[1:])


def kept_by_vp(picks: Callable | None, target: dict, rules) -> Callable | None:
    """``picks`` (a target loop, ``(state, env)`` → the targets) when the targets are the acting
    player's opponents chosen by VP alone ("target p in opponents(player) where vp(p) >=
    vp(player)", asked on every listing of a player who may give something to a richer one),
    answered from a table kept by the player and the players' VP as the listing reads them
    (victory.vp_row, in the listing memo, as functions.vp reads it); else ``picks`` itself."""
    var, where = target["var"], target.get("where")
    if picks is None or not KEEP_VP_TARGETS or var == "player" \
            or target["from"] != ["opponents", ["var", "player"]] or not _vp_only(where, var):
        return picks
    execution = rules.execution
    table: dict = {}

    def kept(s, env):
        row = rules.vp_row
        if row is None or s is not rules.listing_state or execution.depth:
            return picks(s, env)        # VP not read off the row: as functions.vp asks it then
        memo = rules.listing_memo
        got = memo.get("vp row")
        if got is None:
            got = memo["vp row"] = row(s)
        key = (env["player"], got)
        targets = table.get(key)
        if targets is None:
            if len(table) >= 4096:
                table.clear()
            targets = table[key] = picks(s, env)
        return targets
    return kept

"""State + a player action's effect address + variables → that block run from one effect, outside any action (a bot's look-ahead)."""

from __future__ import annotations


def run_from(s, rule_index: int, addr: tuple, at: int, env: dict) -> bool:
    """Run action ``rule_index``'s effect list at ``addr`` from its effect ``at`` on ``s``
    (a copy the caller owns), with the variables ``env``, as the engine writes the block out
    (straight.py): to its end, or to the first effect that needs the work stack (a draw's
    chance step, a prompt), which is left open on ``s``. The effects get a step budget of their
    own (the next action resets it) and name the rule as their provenance. False when nothing
    ran: the block is not written out (``straight.GENERATED`` off) or it reads a variable
    ``env`` lacks (one of the action's own)."""
    rules = s.game.rules
    block = rules.straight[rule_index, addr, at] if rules.straight is not None else None
    if block is None:
        return False
    execution = rules.execution
    execution.reset(execution.stamp)
    saved, execution.prov = execution.prov, rules.compiled[rule_index].prov
    try:
        block(s, env, [])
    except KeyError:
        return False
    finally:
        execution.prov = saved
        # The effects ran outside apply_action: the listings the copy kept are no longer its own.
        s.forget_listings()
    return True

"""An IR counter declaration → whether a player sees it (explain, legends, the state view)."""

from __future__ import annotations


def bookkeeping(name: str, spec: dict) -> bool:
    """True for a counter that only helps the rules keep track: reset each turn, or named with a
    leading underscore — unless its declaration says ``shown``."""
    if spec.get("shown"):
        return False
    return name.startswith("_") or spec.get("reset") == "turn"


def shown_counters(ir: dict) -> dict[str, dict]:
    """The IR's counters a player sees, in the IR's order."""
    return {name: spec for name, spec in ir.get("counters", {}).items()
            if not bookkeeping(name, spec)}

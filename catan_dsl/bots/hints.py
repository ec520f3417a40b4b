"""IR → the same IR without the bots' hints (`modifier bot_value`, `param bot_*`): what a bot plays by when a scenario says nothing."""

from __future__ import annotations


def without_hints(ir: dict) -> dict:
    """The IR with the bots' hints taken out: `modifier bot_value` rules and `param bot_*`
    values (the game never reads them, so the rules are the same)."""
    out = dict(ir)
    out["rules"] = [r for r in ir.get("rules", []) if not (r.get("kind") == "modifier"
                                                          and r.get("what") == "bot_value")]
    meta = dict(ir.get("meta", {}))
    meta["params"] = {k: v for k, v in (meta.get("params") or {}).items()
                      if not k.startswith("bot_")}
    out["meta"] = meta
    return out

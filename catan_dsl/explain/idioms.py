"""The shapes of IR expressions a player would not say word for word → the words they would:
sentinels ("no piece stands on E"), amounts ("holds at least 3 barbarians"), negations."""

from __future__ import annotations

import re

from catan_dsl.explain.text import join, plural, singular

# Functions whose -1 means "none" (their vocabulary doc says so): the clause for "none", then for
# "some" (tests/explain checks every such function is here).
SENTINEL = {
    "owner": ("no piece stands on {x}", "a piece stands on {x}"),
    "unit_owner": ("no {unit} stands on {e}", "a {unit} stands on {e}"),
    "holder": ("nobody holds {what}", "somebody holds {what}"),
    "chain_of": ("no chain holds {e}", "a chain holds {e}"),
    "path_between": ("no path joins {v} and {w}", "a path joins {v} and {w}"),
    "corner": ("{h} has no corner {k}", "{h} has a corner {k}"),
    "side": ("{h} has no side {k}", "{h} has a side {k}"),
    "robber_hex": ("the {r} is off the board", "the {r} is on the board"),
}
# Functions whose 0 means "none": the clause for 0, then for more than 0.
ZERO = {
    "pips": ("{h} has no number token", "{h} has a number token"),
    "harbor_ratio": ("{v} is on no harbor", "{v} is on a harbor"),
}
# Counts compared with a number read as "{p} has at least 2 gold": the clause with {n} where the
# amount goes, and the noun counted.
AMOUNTS = {
    "count_of": ("{p} has {n}", "{stock}"),
    "cards": ("{p} has {n}", "resource card"),
    "played": ("{p} has played {n}", "{flag} card"),
    "markers": ("{h} holds {n}", "{marker}"),
    "marker_supply": ("the supply holds {n}", "{marker}"),
    "unit_supply": ("{p} has {n} in the supply", "{unit}"),
    "chain_supply": ("the supply holds {n}", "{chain} piece"),
    "pips": ("{h} has {n}", "pip"),
    "path_distance": ("{f} is {n} from {e}", "step"),
    "distance": ("{w} is {n} from {v}", "path"),
    "vp": ("{p} has {n}", "VP"),
    "public_vp": ("{p} has {n}", "visible VP"),
    "yield_of": ("the building on {x} produces {n}", "resource card"),
    "harbor_ratio": ("{v} is on a harbor of ratio {n}", ""),
}
# Verbs a clause template may use, and their negation (the first one in the clause is negated).
_VERBS = {" is ": " is not ", " are ": " are not ", " has ": " does not have ",
          " holds ": " does not hold ", " carries ": " does not carry ",
          " stands ": " does not stand ", " touches ": " does not touch ",
          " runs ": " does not run ", " was ": " was not ", " joins ": " does not join "}


def quantity(op: str, k: int) -> tuple[str, int] | None:
    """A comparison with k as an amount: (``at least 3``, the count its noun agrees with)."""
    table = {">": ("at least 1", 1) if k == 0 else (f"more than {k}", 2),
             ">=": (f"at least {k}", k) if k > 0 else None,
             "<": ("no", 0) if k == 1 else (f"fewer than {k}", 2) if k > 1 else None,
             "<=": ("no", 0) if k == 0 else (f"at most {k}", k) if k > 0 else None,
             "==": ("no", 0) if k == 0 else (f"exactly {k}", k),
             "!=": ("at least 1", 1) if k == 0 else None}
    return table.get(op)


def counted_amount(amount: str, n: int, noun: str) -> str:
    """``no barbarians``, ``at least 1 barbarian``, ``more than 3 barbarians``."""
    if amount == "no":
        return f"no {plural(noun)}"
    return f"{amount} {singular(noun) if n == 1 else plural(noun)}"


def negate_clause(text: str) -> str:
    """A clause made negative: "a knight stands on E" → "no knight stands on E", "E is marked
    tried" → "E is not marked tried"."""
    m = re.match(r"(a|an|some) ", text)
    if m:
        return "no " + text[m.end():]
    hits = [(text.find(v), v) for v in _VERBS if text.find(v) >= 0]
    if hits:
        i, v = min(hits)
        return text[:i] + _VERBS[v] + text[i + len(v):]
    return f"it is not the case that {text}"


_PLURAL_VERBS = {"is": "are", "has": "have", "does": "do", "was": "were"}


def plural_verb(pred: str) -> str:
    """A predicate for a plural subject: "is on the coast" → "are on the coast"."""
    verb, _, rest = pred.partition(" ")
    if verb in _PLURAL_VERBS:
        verb = _PLURAL_VERBS[verb]
    elif verb.endswith("ies"):
        verb = verb[:-3] + "y"
    elif verb.endswith(("ches", "shes", "sses")):
        verb = verb[:-2]
    elif verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]
    return f"{verb} {rest}".strip()


def merge_or(texts: list[str]) -> str:
    """"V holds a settlement or V holds a city" → "V holds a settlement or a city"."""
    first = texts[0].split(" ")
    for k in range(1, min(4, len(first))):
        if first[k] in ("is", "holds", "has", "carries", "shows"):
            prefix = " ".join(first[:k + 1]) + " "
            if len(texts) > 1 and all(t.startswith(prefix) for t in texts) \
                    and not any(" and " in t or " or " in t for t in texts):
                return prefix + join([t[len(prefix):] for t in texts], "or")
            break
    return " or ".join(texts)

"""A compiled IR's own components (counters, markers, units, dice, decks, chains, options) →
explain sentences for what a player sees; bookkeeping counters are left out."""

from __future__ import annotations

from catan_dsl.explain.expressions import Speaker
from catan_dsl.explain.text import cap, join, plural, title, var_name, words
from catan_dsl.ir.counters import bookkeeping


def counters(ir: dict, base: dict | None) -> list[str]:
    out = []
    old = (base or {}).get("counters") or {}
    for name, c in (ir.get("counters") or {}).items():
        if bookkeeping(name, c) or old.get(name) == c:
            continue
        label = c.get("label") or words(name)
        if c.get("shared"):
            top = f", at most {c['max']}" if c.get("max") is not None else ""
            out.append(f"{cap(label)}: one shared count for the whole game, starting at "
                       f"{c['start']}{top}.")
            continue
        start = f"{c['start']} each at the start" if c["start"] else "none at the start"
        supply = f", {c['supply']} in the supply" if c.get("supply") is not None else ""
        how = ("they change hands in trades, but are not resource cards: never discarded or stolen"
               if c.get("tradeable") else
               "they are not resource cards: never discarded, stolen or traded")
        out.append(f"{cap(label)}: kept by each player ({start}{supply}); {how}.")
    return out


def markers(ir: dict) -> list[str]:
    out = []
    for m in (ir.get("markers") or {}).values():
        where = "paths" if m.get("on") == "edge" else "hexes"
        supply = f"{m['supply']} " if m.get("supply") is not None else ""
        cap_ = f", at most {m['max']} on one {where[:-1] if where == 'paths' else 'hex'}" \
            if m.get("max") else ""
        gone = "; one taken off the board leaves the game" if m.get("no_return") else ""
        out.append(f"{cap(plural(m['label']))}: {supply}markers that stand on {where}{cap_}{gone}.")
    return out


def units(ir: dict) -> list[str]:
    out = []
    for u in (ir.get("units") or {}).values():
        if u.get("on") == "vertex":
            where = "intersections (any number may share one)"
        else:
            where = "paths, one per path, beside roads or not"
        out.append(f"{cap(plural(u['label']))}: {u['each']} per player, standing on {where}.")
    return out


def dice(ir: dict) -> list[str]:
    return [f"{cap(d['label'])}: a die whose faces show {join(d['faces'])}."
            for d in (ir.get("dice") or {}).values()]


def options(ir: dict) -> list[str]:
    return [f"Option “{words(name)}” (off unless chosen): {o['label']}."
            for name, o in (ir.get("options") or {}).items()]


def chains(ir: dict, s: Speaker) -> list[str]:
    out = []
    for name, c in (ir.get("chains") or {}).items():
        piece = words(c["piece"])
        first = ""
        if c.get("first"):
            var = c["first"]["var"]
            first = (f" The first {piece} of each goes only on a path {var_name(var)}"
                     f"{s.relative(var, c['first']['when'])}.")
        label = c.get("label") or words(name)
        start = s.names.feature(c["start"])
        out.append(f"{cap(plural(label))}: {c['supply']} {plural(piece)} in all; one {label} starts "
                   f"at each intersection of the {start} and grows from its head onto a free path, "
                   f"never branching, one {piece} per path; two that meet go on as one.{first}")
    return out


def decks(ir: dict, s: Speaker) -> list[str]:
    out = []
    for name, dk in (ir.get("decks") or {}).items():
        items = dk["items"]
        total = sum(i["count"] for i in items.values())
        if dk["kind"] == "tokens":
            parts = [f"{i['count']} × {title(n)} worth {i.get('value', 0)}" for n, i in items.items()]
            bits = [f"{cap(s.names.deck(name))}: {total} face-down tokens ({join(parts)})"]
            shown = [title(n) for n, i in items.items() if i.get("revealed")]
            if shown:
                bits.append(f"The {join(shown)} is shown when drawn")
            if dk.get("max_held"):
                full = "; a player drawing one more swaps one back" if dk.get("when_full") == "swap" else ""
                bits.append(f"A player holds at most {dk['max_held']}{full}")
            if dk.get("start"):
                bits.append("Each player starts with " + join(
                    [f"{k} × {title(n)}" for n, k in dk["start"].items()]))
            if dk.get("reshuffle_spent"):
                bits.append("Spent tokens are shuffled back when the supply runs out")
            out.append(". ".join(bits) + ".")
            continue
        if any("number" in i for i in items.values()):
            out.append(_number_deck(name, dk, total))
            continue
        cards = join([f"{i['count']} × {title(n)}" for n, i in items.items()])
        bits = [f"{cap(s.names.deck(name))}: {total} cards ({cards})"]
        if dk.get("at_once"):
            bits.append("A card is carried out as soon as it is drawn, then discarded")
        if dk.get("reshuffle_spent"):
            bits.append("Spent cards are shuffled back when the deck runs out")
        out.append(". ".join(bits) + ".")
    return out


def _number_deck(name: str, dk: dict, total: int) -> str:
    by_num: dict[int, int] = {}
    events: dict[str, int] = {}
    for i in dk["items"].values():
        by_num[i.get("number", 0)] = by_num.get(i.get("number", 0), 0) + i["count"]
        if "event" in i:
            events[i["event"]] = events.get(i["event"], 0) + i["count"]
    dice = {n: 6 - abs(7 - n) for n in range(2, 13)}
    if by_num == dice:
        nums = "each number from 2 to 12 on as many cards as two dice have ways to roll it"
    else:
        nums = "; ".join(f"{c} showing {n}" for n, c in sorted(by_num.items()))
    text = (f"The {words(name)} deck: {total} cards, {nums}. {sum(events.values())} of them also "
            f"carry one of {len(events)} events.")
    m = dk.get("marker")
    if m:
        unless = f" (not with the option “{words(m['unless'])}”)" if m.get("unless") else ""
        text += (f" A {title(m['id'])} card lies under the top {m['after']}{unless}: when it comes "
                 "up the deck is reshuffled and the next card is turned.")
    return text

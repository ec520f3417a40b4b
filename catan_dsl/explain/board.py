"""Compiled IR + the base game's IR → the explain lines on terrains, pieces, special-card
measures and number tokens (the board part of catan_dsl/explain.py's summary)."""

from __future__ import annotations


def words(name: str) -> str:
    return name.replace("_", " ")


def title(name: str) -> str:
    return words(name).title()


def board_and_pieces(ir: dict, base: dict | None) -> list[str]:
    """Terrains, pieces, special-card measures and number laying that differ from the base game."""
    out = []
    if base is None:
        return out
    hidden = ir["board"].get("hidden_pools") or ()
    for name, t in ir["terrains"].items():
        if name not in base["terrains"] and (any(h.get("terrain") == name for h in ir["board"]["hexes"])
                                             or any(name in p["tiles"] for p in hidden)):
            bits = [f"produces {t['produces']}" if t.get("produces") else "produces nothing"]
            if t.get("produces") == "choice":
                bits = ["yields a resource of its owner's choice for each card"
                        + (f" (not {', '.join(t['except'])})" if t.get("except") else "")]
            bits += [] if t.get("token", True) else ["takes no number"]
            bits += ["the robber starts here"] if t.get("robber_start") else []
            out.append(f"Terrain {words(name)}: {', '.join(bits)}.")
    for name, pc in ir["pieces"].items():
        if name in base["pieces"]:
            continue
        cost = " + ".join(f"{n} {r}" for r, n in pc.get("cost", {}).items()) or "nothing"
        where = {"edge": "a path", "vertex": "an intersection", "hex": "a hex"}[pc["on"]]
        out.append(f"Piece {words(name)}: on {where}, {pc.get('limit') or 'any number'} per player, "
                   f"costs {cost}" + ("; counts as a route piece" if pc.get("route") else "") + ".")
    for name, sc in ir["special_cards"].items():
        old = base["special_cards"].get(name)
        if old is not None and sc["measure"] != old["measure"] and sc["measure"].get("pieces"):
            out.append(f"{title(name)} now measures the longest route of "
                       f"{' and '.join(words(x) + 's' for x in sc['measure']['pieces'])}.")
    for p in hidden:
        tiles = ", ".join(f"{n} {words(t)}" for t, n in p["tiles"].items())
        out.append(f"{len(p['hexes'])} hexes start face down (pool {words(p['id'])}: {tiles}); "
                   "a revealed one draws its tile at random, and a token from "
                   f"{' '.join(map(str, p['tokens'])) or 'none'} when it takes one.")
    numbers = ir["board"]["numbers"]
    for a in numbers.get("aside") or ():
        token = a["letter"] if "letter" in a else f"{a['number']}"
        out.append(f"Number token {token} is set aside; after the others are laid it joins the "
                   f"hex with {a['joins']}, which then produces on both numbers.")
    for pin in numbers.get("pins") or ():
        h = ir["board"]["hexes"][pin["hex"]]
        out.append(f"The hex at {h['q']},{h['r']} always carries the number {pin['number']}; the "
                   "other tokens are dealt at random.")
    return out

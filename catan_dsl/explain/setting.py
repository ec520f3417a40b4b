"""A compiled IR's game settings (+ the base game's, to say only what changes) → explain sentences:
players, resources, pieces, development and special cards, the turn, the robber, set-up, victory."""

from __future__ import annotations

from catan_dsl.explain.board import corner
from catan_dsl.explain.expressions import Speaker
from catan_dsl.explain.text import counted, join, plural, title, words

_DEV_EFFECTS = {
    "robber": "move the robber and rob a player there",
    "vp": "{vp} VP, kept hidden until it wins the game",
    "free_pieces": "build {n} {piece}s free",
    "take_resources": "take {n} resource cards of one's choice from the bank",
    "monopoly": "name a resource: every other player gives the player all of theirs",
    "rules": "what it does is in the rules below",
}


def _cost(cost: dict) -> str:
    return join([counted(n, words(r)) for r, n in cost.items()]) or "nothing"


def players(ir: dict, base: dict | None) -> list[str]:
    p = ir["players"]
    out = []
    if base is None or (p["min"], p["max"]) != (base["players"]["min"], base["players"]["max"]):
        n = f"{p['min']}" if p["min"] == p["max"] else f"{p['min']} to {p['max']}"
        out.append(f"For {n} players.")
    if p.get("neutral"):
        verts = {v["id"]: v["key"] for v in ir["board"]["vertices"]}
        spots = join([corner(ir, verts[v]) for vs in p.get("neutral_start", []) for v in vs])
        out.append(f"{p['neutral']} neutral players, whose pieces the real players build for them. "
                   f"Before the set-up each gets one settlement: on {spots}.")
    return out


def resources(ir: dict, base: dict | None) -> list[str]:
    res = ir["resources"]
    bank = ir.get("bank") or {}
    if base is None:
        each = set(bank.values())
        size = f", {each.pop()} cards of each in the bank" if len(each) == 1 else ""
        return [f"Resources: {join(res)}{size}."]
    new = [r for r in res if r not in base["resources"]]
    gone = [r for r in base["resources"] if r not in res]
    out = [f"New resource: {r} ({bank.get(r, 0)} cards in the bank)." for r in new]
    out += [f"The resource {r} is not used." for r in gone]
    return out


def pieces(ir: dict, base: dict | None) -> list[str]:
    out = []
    order = sorted(ir["pieces"].items(), key=lambda kv: (kv[1]["on"] != "edge",
                                                         bool(kv[1].get("upgrades")), kv[0]))
    for name, pc in order:
        old = (base or {}).get("pieces", {}).get(name)
        if base is not None and old == pc:
            continue
        limit = pc.get("limit")
        bits = [f"costs {_cost(pc.get('cost', {}))}"]
        if pc.get("upgrades"):
            bits.append(f"replaces one of the player's {plural(words(pc['upgrades']))}")
        else:
            where = {"edge": "goes on a path", "sea_edge": "goes on a path at sea (between "
                     "two sea hexes or along a coast)", "vertex": "goes on an intersection",
                     "hex": "goes on a hex"}[pc["on"]]
            if pc.get("distance_rule"):
                where += ", never next to another building"
            bits.append(where)
        if pc.get("vp"):
            bits.append(f"worth {pc['vp']} VP")
        if pc.get("yield"):
            bits.append(f"produces {counted(pc['yield'], 'resource card')} for each neighbouring "
                        "hex whose number comes up")
        if pc.get("route"):
            bits.append("counts toward the longest route")
        net = pc.get("network")
        joins = ""                  # its own sentence: a piece's line stays readable
        if net == "none":
            bits.append("joins nothing but its owner's buildings")
        elif net is not None:
            joins = (f" It continues only pieces of the {words(net)} network; other pieces "
                     "meet it at its owner's buildings.")
        label = "New piece: " if base is not None and old is None else ""
        each = f"{limit} per player" if limit else "any number per player"
        out.append(f"{label}{words(name).capitalize()} ({each}): {'; '.join(bits)}.{joins}")
    for name in (base or {}).get("pieces", {}):
        if name not in ir["pieces"]:
            out.append(f"The {words(name)} is not used.")
    return out


def development(ir: dict, base: dict | None, s: Speaker) -> list[str]:
    dev = ir.get("development") or {}
    cards = dev.get("cards") or {}
    old = ((base or {}).get("development") or {}).get("cards") or {}
    if base is not None and cards == old and dev.get("cost") == (base.get("development") or {}).get("cost"):
        return []
    if not cards:
        return ["There are no development cards."] if old or base is None else []
    total = sum(c["count"] for c in cards.values())
    head = (f"Development cards: {total} in the deck, each bought for {_cost(dev.get('cost', {}))}; "
            f"at most {dev.get('per_turn', 1)} played per turn.")
    out = [head]
    for name, c in cards.items():
        if base is not None and old.get(name) == c:
            continue
        what = _DEV_EFFECTS.get(c.get("effect", "rules"), "see the rules").format(
            vp=c.get("vp", 1), n=c.get("n", 2), piece=_free_kinds(c.get("piece", "road")))
        extra = []
        if c.get("army"):
            extra.append("counts toward the largest army")
        if c.get("any_time"):
            extra.append("may be played before the roll")
        tail = f" ({join(extra)})" if extra else ""
        out.append(f"{title(name)} ({c['count']}): {what}{tail}.")
    gone = [title(n) for n in old if n not in cards]
    if gone and cards:
        out.append(f"Not used: the {join(gone)} cards.")
    return out


def special_cards(ir: dict, base: dict | None, s: Speaker) -> list[str]:
    out = []
    old = (base or {}).get("special_cards") or {}
    for name, sc in ir["special_cards"].items():
        if base is not None and old.get(name) == sc:
            continue
        out.append(_special(name, sc, s, old.get(name)))
    for name in old:
        if name not in ir["special_cards"]:
            out.append(f"There is no {title(name)}.")
    return out


def _special(name: str, sc: dict, s: Speaker, old: dict | None) -> str:
    m = sc["measure"]
    if m["kind"] == "expr":
        s_var = m.get("var", "player")
        measure = s.value(m["expr"]).replace(f"{s_var.upper()}'s", "their")
    elif m["kind"] == "longest_route":
        measure = f"the longest unbroken route of {join([plural(words(p)) for p in m['pieces']], 'and')}"
    elif m["kind"] == "cards_played":
        measure = f"the {s.names.dev_card(m.get('flag', ''))} cards played"
    elif m["kind"] == "counter":
        measure = f"their {s.names.label(m['name'])}"
    else:
        measure = words(m["kind"])
    vp = sc["vp"]
    worth = f"worth {vp} VP" if vp >= 0 else f"costs its holder {-vp} VP"
    policy = {"first_then_strictly_more": f"the first player with at least {sc.get('min')} takes it; "
                                          "a player with strictly more takes it over",
              "sole_max": "the one player with the most holds it; on a tie nobody does",
              "all_min": "every player with the least holds one"}.get(sc["policy"], words(sc["policy"]))
    if old is not None and old["measure"] != m and old["vp"] == vp:
        return f"{title(name)} now counts {measure}."
    return f"{title(name)} ({worth}) counts {measure}. {policy[0].upper()}{policy[1:]}."


def turn(ir: dict, base: dict | None) -> list[str]:
    prod = ir["production"]
    oldp = (base or {}).get("production") or {}
    out = []
    src = prod.get("source")
    if base is None:
        out.append(f"On their turn a player rolls {prod.get('dice', 2)} dice: every hex showing the "
                   "number produces for each building on its corners; then the player trades and "
                   "builds in any order.")
    elif isinstance(src, dict) and src != oldp.get("source"):
        out.append(f"No dice: the player turns the top card of the {words(src['deck'])} deck "
                   "instead; its event happens first, then its number produces.")
    if prod.get("rolls", 1) == 2 and oldp.get("rolls", 1) != 2:
        out.append("Two rolls per turn, both producing" + (
            "; a second roll equal to the first is rolled again." if prod.get("distinct_rolls")
            else "."))
    return out


def robber(ir: dict, base: dict | None) -> list[str]:
    r = ir["robber"]
    old = (base or {}).get("robber") or {}
    number = ir["production"].get("robber_number", 7)
    out = []
    if r.get("none"):
        rob = (f"the roller robs {counted(r.get('steal', 1), 'random resource card')} from a player "
               "of their choice") if r.get("steal", 1) else "nobody is robbed"
        out.append(f"There is no robber. On a {number} every player with more than "
                   f"{r.get('discard_above', 7)} resource cards still discards half, then {rob}.")
    elif base is None or r.get("discard_above") != old.get("discard_above") or \
            r.get("steal") != old.get("steal"):
        out.append(f"On a {number} nobody produces: every player with more than "
                   f"{r.get('discard_above', 7)} resource cards discards half (rounded down); the "
                   "roller moves the robber to another hex and robs "
                   f"{counted(r.get('steal', 1), 'random resource card')} from a player with a "
                   "building there. The robber's hex produces nothing.")
    for name, spec in (ir.get("robbers") or {}).items():
        if spec == ((base or {}).get("robbers") or {}).get(name):
            continue
        robs = join([plural(words(p)) for p in spec["robs"]], "or") if "robs" in spec \
            else "pieces on its paths"
        out.append(f"A second robber, the {words(name)}, stands on the sea's hexes. On a {number} "
                   f"or a Knight the player moves either robber; the {words(name)} robs a player "
                   f"with {robs} beside its hex.")
    if r.get("home") and r.get("home") != old.get("home"):
        homes = ["off the board" if h == "off_board" else f"the {words(h['terrain'])}"
                 if isinstance(h, dict) else words(h) for h in r["home"]]
        out.append(f"The robber's home (where it goes when sent home) is {', else '.join(homes)}.")
    return out


def trade(ir: dict, base: dict | None) -> list[str]:
    t = ir.get("trade") or {}
    if base is not None and t == base.get("trade"):
        return []
    offers = t.get("offers_per_turn")
    domestic = ("; with the other players on their own turn" +
                (f" (at most {offers} offers a turn)" if offers else "")) if t.get("domestic") else ""
    return [(f"Trade: with the bank {t.get('bank_ratio', 4)}:1, or at the ratio of a harbor where "
             f"the player has a building{domestic}.")]


def setup(ir: dict, base: dict | None) -> list[str]:
    st = ir["setup"]
    old = (base or {}).get("setup") or {}
    out = []
    if base is None:
        order = " (the second in reverse order)" if st.get("order") == "snake" else ""
        place = join([_placed(p) for p in st.get("place", [])])
        yr = st.get("yield_round")
        out.append(f"Set-up: {st.get('rounds', 2)} rounds{order}; in each, every player places "
                   f"{place}." + (f" The buildings of round {yr} produce their first resources."
                                  if yr else ""))
    elif st.get("place") != old.get("place"):
        out.append(f"In each set-up round every player places "
                   f"{join([_placed(p) for p in st.get('place', [])])}.")
    for rnd, pcs in (st.get("place_rounds") or {}).items():
        if pcs != (old.get("place_rounds") or {}).get(rnd):
            out.append(f"In set-up round {rnd} each player places "
                       f"{join([_placed(x) for x in pcs])} instead.")
    sp = st.get("start_player")
    if base is None or sp != old.get("start_player"):
        out.append({"roll": "The players roll for who starts (highest starts).",
                    "random": "The start player is chosen at random.",
                    "first": "The first player starts."}.get(sp, f"Start player: {sp}."))
    return out


def _free_kinds(p: str | list[str]) -> str:
    """The free pieces of a card: "road", or "road or ship" for a choice (road|ship)."""
    if not isinstance(p, list):
        return words(p)
    return " or ".join([plural(words(x)) for x in p[:-1]] + [words(p[-1])])   # + "s" after


def _placed(p: str | list[str]) -> str:
    """A set-up placement: "a road", or "a road or a ship" for a choice (road|ship)."""
    return " or ".join(f"a {words(x)}" for x in p) if isinstance(p, list) else f"a {words(p)}"


def victory(ir: dict, base: dict | None) -> list[str]:
    v = ir["victory"]
    total = v["target"] + v.get("bonus", 0)
    old = (base or {}).get("victory") or {}
    old_total = old.get("target", 0) + old.get("bonus", 0)
    if base is not None and total == old_total:
        return []
    was = f" (instead of {old_total})" if base is not None else ""
    detail = f" ({v['target']} + {v['bonus']})" if v.get("bonus") else ""
    return [f"The first player to reach {total} VP{detail} on their turn wins{was}."]

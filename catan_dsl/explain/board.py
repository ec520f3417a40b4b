"""A compiled IR's board and terrains (+ the base game's, to say what is new) → explain sentences:
the hexes, number tokens, harbors and named features a player sets up."""

from __future__ import annotations

from collections import Counter

from catan_dsl.explain.text import join, plural, words


def _rows(ir: dict) -> list[list[dict]]:
    """The land hexes row by row from the top, each row from the left."""
    by_row: dict[int, list[dict]] = {}
    for h in ir["board"]["hexes"]:
        by_row.setdefault(h["r"], []).append(h)
    return [sorted(by_row[r], key=lambda h: h["q"]) for r in sorted(by_row)]


def place(ir: dict, hex_id: int) -> str:
    """Where a hex is, in words: ``the 1st hex of row 4``."""
    for i, row in enumerate(_rows(ir), 1):
        for j, h in enumerate(row, 1):
            if h["id"] == hex_id:
                return f"the {ordinal(j)} hex of row {i}"
    return "a hex"


def corner(ir: dict, key: str) -> str:
    """An intersection by its key (``0,-2,S``) in words: ``the bottom corner of the 1st hex of
    row 1``."""
    q, r, side = key.split(",")
    h = next((h for h in ir["board"]["hexes"] if (h["q"], h["r"]) == (int(q), int(r))), None)
    where = {"N": "top", "S": "bottom", "C": "centre"}.get(side, side)
    return f"the {where} corner of {place(ir, h['id'])}" if h else "an intersection"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _layout(ir: dict) -> list[str]:
    pinned = {p["hex"]: p["number"] for p in ir["board"]["numbers"].get("pins") or ()}
    lines = []
    for row in _rows(ir):
        cells = []
        for h in row:
            nums = " and ".join(str(n) for n in h.get("numbers") or ([pinned[h["id"]]] if h["id"] in
                                                                     pinned else []))
            cells.append(f"{words(h['terrain'])} {nums}".strip() if h.get("terrain") else
                         f"? ({nums})" if nums else "?")
        lines.append(", ".join(cells))
    return lines


# The base terrains read as the rule book counts them ("4 forest"); any other takes a plural.
_MASS_TERRAINS = {"fields", "forest", "hills", "mountains", "pasture", "sea"}


def _tiles(counts: dict[str, int]) -> str:
    return join([f"{n} {words(t) if n == 1 or t in _MASS_TERRAINS else plural(words(t))}"
                 for t, n in counts.items() if n])


def board(ir: dict, base: dict | None) -> list[str]:
    """The board's make-up: hexes, numbers, harbors, features, where the robber starts."""
    b = ir["board"]
    if base is not None and ir["meta"]["board"] == base["meta"]["board"]:
        return []
    hexes = b["hexes"]
    rows = Counter(h["r"] for h in hexes)
    shape = join([str(rows[r]) for r in sorted(rows)])
    out = [(f"The board “{words(ir['meta']['board'])}”: {len(hexes)} land hexes in rows of {shape}, "
            "surrounded by sea.")]
    fixed = [h for h in hexes if h.get("terrain")]
    pools = b.get("pools") or []
    if fixed:
        random = " (“?”: a hex dealt at random)" if pools else ""
        out.append(f"The hexes, row by row from the top{random}:")
        out += [f"\tRow {i}: {line}." for i, line in enumerate(_layout(ir), 1)]
    if pools:
        dealt = []
        for p in pools:
            where = {"coastal": "on the coast", "inland": "inland"}.get(p["id"], "")
            dealt.append(f"{_tiles(p['tiles'])}{' ' + where if where and len(pools) > 1 else ''}")
        out.append(f"{'The hexes marked ? are' if fixed else 'The hexes are'} dealt at random: "
                   f"{'; '.join(dealt)}.")
    for p in b.get("hidden_pools") or ():
        n = len(p["hexes"])
        tokens = join([str(x) for x in p["tokens"]]) if p["tokens"] else ""
        out.append(f"{n} hex{'es start' if n != 1 else ' starts'} face down. When one is revealed "
                   f"it shows a tile drawn at random from {_tiles(p['tiles'])}"
                   + (f". A terrain that takes a token gets one drawn from {tokens}." if tokens
                      else "."))
    out += _numbers(ir)
    out += _harbors(b)
    out += _features(b)
    start = b.get("robber", {}).get("start")
    if ir["robber"].get("none"):
        pass
    elif (ir["robber"].get("start") or start) == "off_board":
        out.append("The robber starts off the board.")
    return out


def _numbers(ir: dict) -> list[str]:
    b = ir["board"]
    n = b["numbers"]
    method = n.get("method")
    out = []
    if method == "fixed":
        out.append("The number tokens lie as shown.")
    elif method == "spiral":
        corner = "a random corner" if n.get("start") == "random" else f"corner {n.get('start')}"
        out.append("The number tokens are laid in letter order along a spiral from "
                   f"{corner} toward the centre, skipping the hexes that take none.")
    elif method == "random":
        groups = n.get("groups") or []
        if groups:
            parts = [f"{'on the coast' if g.get('on') == 'coast' else 'inland'} "
                     f"{join([str(t) for t in g['tokens']])}" for g in groups]
            out.append(f"The number tokens are dealt at random: {'; '.join(parts)}.")
        else:
            out.append("The number tokens are dealt at random.")
        apart = n.get("no_adjacent") or []
        if apart:
            out.append(f"No two hexes showing {join([str(x) for x in apart], 'or')} are neighbours.")
    for a in n.get("aside") or ():
        token = a["letter"] if "letter" in a else a["number"]
        out.append(f"Number token {token} is set aside; after the others are laid it joins the "
                   f"hex with {a['joins']}, which then produces on both numbers.")
    for pin in n.get("pins") or ():
        out.append(f"{place(ir, pin['hex'])[0].upper()}{place(ir, pin['hex'])[1:]} always carries "
                   f"the number {pin['number']}; the other tokens are dealt at random.")
    return out


def _harbors(b: dict) -> list[str]:
    hs = b.get("harbors") or []
    if not hs:
        return ["There are no harbors."]
    generic = sum(1 for h in hs if h.get("resource") is None)
    special = [h["resource"] for h in hs if h.get("resource")]
    # The generic harbors' own ratio (the first harbor listed may be a 2:1).
    ratio = next((h["ratio"] for h in hs if h.get("resource") is None), 3)
    parts = [f"{generic} generic {ratio}:1"] if generic else []
    if len(special) > 1:
        parts.append(f"one 2:1 for each of {join(special)}")
    elif special:
        parts.append(f"one {special[0]} 2:1")
    dealt = sum(len(grp) for grp in b.get("harbor_shuffle") or ())
    if dealt:
        where = "their printed positions" if dealt == len(hs) else f"{dealt} of the positions"
        return [f"{len(hs)} harbors: {join(parts)}; the types are dealt at random over "
                f"{where} each game."]
    return [f"{len(hs)} harbors: {join(parts)}."]


def _features(b: dict) -> list[str]:
    out = []
    f = b.get("features") or {}
    nouns = {"hexes": "hex", "edges": "path", "vertices": "intersection", "sea": "sea hex"}
    for kind, table in f.items():
        for name, ids in table.items():
            count = len(ids)
            noun = nouns.get(kind, "place")
            what = f"{count} {plural(noun) if count != 1 else noun}"
            nums = (b.get("feature_numbers") or {}).get(name)
            extra = ""
            if nums:
                flat = [str(x) for ns in nums for x in ns]
                shuffled = name in (b.get("feature_shuffle") or [])
                extra = f", numbered {join(flat)}" + (" (shuffled each game)" if shuffled else "")
            frame = " on the frame" if kind == "sea" else ""
            out.append(f"{what}{frame} make up the {words(name)}{extra}.")
    inner = sum(1 for v in b.get("vertices", []) if str(v.get("key", "")).endswith(",C"))
    if inner:
        out.append(f"{inner} hexes have a plaza: an intersection at their centre, joined by paths "
                   "to their land corners.")
    return out


def terrains(ir: dict, base: dict | None) -> list[str]:
    """Each terrain (only the new or changed ones against ``base``): what it produces, its tokens."""
    out = []
    used = {h.get("terrain") for h in ir["board"]["hexes"]} | {
        t for key in ("pools", "hidden_pools") for p in ir["board"].get(key) or []
        for t in p["tiles"]}
    plain = {name: t["produces"] for name, t in ir["terrains"].items() if name in used and
             base is None and t.get("produces") and t.get("token", True) and not t.get("numbers")
             and not t.get("never_on_coast") and not t.get("robber_start")}
    if plain:
        pairs = [f"{words(n)} {'produce ' if i == 0 else ''}{r}" for i, (n, r) in enumerate(plain.items())]
        out.append(f"Terrains: {join(pairs)}.")
    for name, t in ir["terrains"].items():
        old = (base or {}).get("terrains", {}).get(name)
        if name not in used or name in plain or (base is not None and old == t):
            continue
        makes = f"produces {t['produces']}" if t.get("produces") else "produces nothing"
        if t.get("produces") == "choice":
            makes = ("yields, for each card it pays, a resource of its owner's choice"
                     + (f" other than {join(list(t['except']))}" if t.get("except") else ""))
        bits = [makes]
        if t.get("numbers"):
            nums = t["numbers"]
            bits.append(f"carries the number{'s' if len(nums) > 1 else ''} "
                        f"{join([str(x) for x in nums])} instead of a number token")
        elif not t.get("token", True):
            bits.append("takes no number token")
        if t.get("never_on_coast"):
            bits.append("never lies on the coast")
        if t.get("robber_start"):
            bits.append("holds the robber at the start")
        if base is None:
            out.append(f"The {words(name)} {join(bits)}.")
        else:
            out.append(f"{'New terrain' if old is None else 'Terrain'} {words(name)}: {join(bits)}.")
    return out

"""IR board + seed → a realised board: pool slots filled, number tokens laid, harbor types dealt (pure function)."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from catan_dsl.core import geometry as g

MAX_NUMBER_TRIES = 10_000


class BoardGenError(ValueError):
    """The board's random parts cannot be realised (e.g. an unsatisfiable constraint)."""


@dataclass(frozen=True)
class RealizedBoard:
    """Terrain and number tokens per land hex id, the spiral letters when laid by letter, and
    the numbers of named sea features (shuffled when the board says so)."""

    terrain: tuple[str | None, ...]
    numbers: tuple[tuple[int, ...], ...]
    letters: tuple[str | None, ...]
    feature_numbers: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...] = ()
    # (ratio, resource or None) per harbor id, as dealt ('harbors shuffled'); empty when the
    # board deals no harbor types (every harbor keeps its printed type).
    harbor_types: tuple[tuple[int, str | None], ...] = ()


def needs_realization(ir: dict) -> bool:
    """True when some terrain or number on the board is still left to chance."""
    board = ir["board"]
    if board["numbers"]["method"] != "fixed" or board.get("feature_shuffle") \
            or board.get("harbor_shuffle"):
        return True
    return any(h.get("terrain") is None and h.get("pool") for h in board["hexes"])


def realize_board(ir: dict, seed: int) -> RealizedBoard:
    """Fill pools and lay number tokens with one ``random.Random(seed)``.

    Args:
        ir: a compiled IR (only ``terrains`` and ``board`` are read).
        seed: any int; the same (ir, seed) always gives the same board.

    Returns:
        The terrain, numbers and letters of every land hex, indexed by hex id.
    """
    rng = random.Random(seed)
    board = ir["board"]
    terrains = ir["terrains"]
    hexes = board["hexes"]
    terrain: list[str | None] = [h.get("terrain") for h in hexes]
    for pool in board.get("pools", []):
        for slot, tile in _fill_pool(pool, hexes, terrains, rng).items():
            terrain[slot] = tile

    numbers: list[tuple[int, ...]] = [tuple(h.get("numbers") or ()) for h in hexes]
    letters: list[str | None] = [h.get("letter") for h in hexes]
    spec = board["numbers"]
    method = spec["method"]

    def takes_token(i: int) -> bool:
        t = terrain[i]
        return t is not None and bool(terrains[t].get("token", True))

    if method == "spiral":
        order = _spiral_order(hexes, spec, rng)
        letter_seq = spec.get("letters") or ""
        # Tokens set aside (e.g. Rivers' B) are skipped by the spiral and later join the hex
        # that carries another number, which then produces on both.
        aside = {a["letter"]: a.get("joins") for a in spec.get("aside") or ()}
        laid = [
            (n, letter_seq[k] if k < len(letter_seq) else None)
            for k, n in enumerate(spec["sequence"])
            if (letter_seq[k] if k < len(letter_seq) else None) not in aside
        ]
        k = 0
        for i in order:
            if not takes_token(i):
                continue
            if k >= len(laid):
                raise BoardGenError("more token-bearing hexes than tokens in the spiral sequence")
            numbers[i], letters[i] = (laid[k][0],), laid[k][1]
            k += 1
        if k != len(laid):
            raise BoardGenError(f"{len(laid)} spiral tokens for {k} token-bearing hexes")
        for letter, joins in aside.items():
            pos = letter_seq.index(letter) if letter in letter_seq else -1
            if pos < 0 or joins is None:
                continue
            target = next((i for i, nums in enumerate(numbers) if joins in nums), None)
            if target is None:
                raise BoardGenError(f"no hex carries {joins} for token {letter} to join")
            numbers[target] = numbers[target] + (spec["sequence"][pos],)
    elif method == "random":
        pins = {p["hex"]: p["number"] for p in spec.get("pins") or ()}
        slots = [i for i in range(len(hexes)) if takes_token(i)]
        groups = []
        for grp in spec.get("groups") or ():
            # A group's hexes get its own tokens; a surplus token stays out, chosen at random.
            # A hex set's group ("on": "hexes") comes first and takes its own hexes.
            if grp["on"] == "hexes":
                own = set(grp.get("hexes") or ())
                mine = [i for i in slots if i in own]
            else:
                mine = [i for i in slots if bool(hexes[i].get("coast")) == (grp["on"] == "coast")]
            if len(grp["tokens"]) < len(mine):
                raise BoardGenError(f"{len(grp['tokens'])} {grp['on']} tokens for {len(mine)} hexes")
            groups.append((mine, list(grp["tokens"])))
            slots = [i for i in slots if i not in mine]
        tokens = list(spec["tokens"]) if slots or not groups else []
        aside_random = spec.get("aside") or ()
        for a in aside_random:
            # Dealt to no hex; joins one below (with groups it is in no group's list).
            if a["number"] in tokens:
                tokens.remove(a["number"])
        for h, n in pins.items():
            # A pinned hex keeps its token: both leave the list that would have covered it.
            mine, group_tokens = next(((m, gt) for m, gt in groups + [(slots, tokens)] if h in m),
                                      ((), ()))
            if n not in group_tokens:
                raise BoardGenError(f"hex {h} is pinned to {n}, but takes no token or no {n} "
                                    "is left for it")
            mine.remove(h)
            group_tokens.remove(n)
        if len(tokens) != len(slots):
            raise BoardGenError(f"{len(tokens)} tokens for {len(slots)} token-bearing hexes")
        hot = set(spec.get("no_adjacent") or ())
        for _ in range(MAX_NUMBER_TRIES):
            rng.shuffle(tokens)
            placed = dict(pins)
            placed.update(zip(slots, tokens))
            for mine, group_tokens in groups:
                rng.shuffle(group_tokens)
                placed.update(zip(mine, group_tokens))
            if not hot or _no_hot_neighbours(hexes, placed, hot):
                break
        else:
            raise BoardGenError("no arrangement keeps the constrained numbers apart")
        for i, n in placed.items():
            numbers[i] = (n,)
        joined: set[int] = set()
        for a in aside_random:
            # The first hex (by id) carrying the number that no set-aside token joined yet:
            # the deal was shuffled, so which one it is was random already.
            target = next((i for i in sorted(placed)
                           if numbers[i] == (a["joins"],) and i not in joined), None)
            if target is None:
                raise BoardGenError(f"no hex carries {a['joins']} for the {a['number']} to join")
            joined.add(target)
            numbers[target] = numbers[target] + (a["number"],)
    elif method != "fixed":
        raise BoardGenError(f"unknown number method {method!r}")

    # A terrain that always produces on fixed numbers (e.g. several numbers) keeps them.
    for i, t in enumerate(terrain):
        if t is not None and terrains[t].get("numbers"):
            numbers[i] = tuple(terrains[t]["numbers"])
    feats = []
    for name, entries in sorted((board.get("feature_numbers") or {}).items()):
        entries = [tuple(e) for e in entries]
        if name in (board.get("feature_shuffle") or ()):
            rng.shuffle(entries)
        feats.append((name, tuple(entries)))
    return RealizedBoard(tuple(terrain), tuple(numbers), tuple(letters), tuple(feats),
                         _deal_harbors(board, rng))


def _deal_harbors(board: dict, rng: random.Random) -> tuple[tuple[int, str | None], ...]:
    """Each harbor's (ratio, resource), the types of each shuffled group dealt among its
    positions; drawn last, so a board without such a group draws exactly what it did before."""
    groups = board.get("harbor_shuffle") or ()
    if not groups:
        return ()
    types = [(h["ratio"], h.get("resource")) for h in board.get("harbors") or ()]
    for group in groups:
        dealt = [types[i] for i in group]
        rng.shuffle(dealt)
        for i, t in zip(group, dealt):
            types[i] = t
    return tuple(types)


def dealt_harbors(board: dict, rb: RealizedBoard | None) -> list[dict]:
    """The board's harbors with the types ``rb`` dealt them (as printed when nothing was dealt)."""
    harbors = board.get("harbors") or []
    if rb is None or not rb.harbor_types:
        return harbors
    return [dict(h, ratio=t[0], resource=t[1]) for h, t in zip(harbors, rb.harbor_types)]


def realize(ir: dict, seed: int) -> dict:
    """A copy of ``ir`` whose board has no random parts left (``compile --seed N``)."""
    rb = realize_board(ir, seed)
    out = copy.deepcopy(ir)
    for h, t, nums, letter in zip(out["board"]["hexes"], rb.terrain, rb.numbers, rb.letters):
        h["terrain"] = t
        h["pool"] = None
        h["numbers"] = list(nums)
        if letter is not None:
            h["letter"] = letter
    out["board"]["pools"] = []
    out["board"]["numbers"] = {"method": "fixed"}
    for name, entries in rb.feature_numbers:
        out["board"]["feature_numbers"][name] = [list(e) for e in entries]
    out["board"]["feature_shuffle"] = []
    if out["board"].get("harbor_shuffle"):
        out["board"]["harbors"] = dealt_harbors(out["board"], rb)
        out["board"]["harbor_shuffle"] = []
    out["meta"]["seed"] = seed
    return out


def _fill_pool(pool: dict, hexes: list[dict], terrains: dict, rng: random.Random) -> dict[int, str]:
    """Shuffle a pool's tiles into its slots; tiles that may not touch the sea go first into
    random inland slots, so the constraint holds by construction rather than by re-drawing."""
    tiles = [name for name, n in sorted(pool["tiles"].items()) for _ in range(n)]
    slots = sorted(pool["slots"])
    if len(tiles) != len(slots):
        raise BoardGenError(f"pool {pool['id']!r} has {len(tiles)} tiles for {len(slots)} slots")
    inland_only = [t for t in tiles if terrains[t].get("never_on_coast")]
    rest = [t for t in tiles if not terrains[t].get("never_on_coast")]
    inland = [i for i in slots if not hexes[i].get("coast")]
    if len(inland_only) > len(inland):
        raise BoardGenError(
            f"pool {pool['id']!r}: {len(inland_only)} tiles must lie inland but only "
            f"{len(inland)} of its slots do"
        )
    chosen = rng.sample(inland, len(inland_only))
    out = dict(zip(chosen, inland_only))
    free = [i for i in slots if i not in out]
    rng.shuffle(rest)
    out.update(zip(free, rest))
    return out


def _spiral_order(hexes: list[dict], spec: dict, rng: random.Random) -> list[int]:
    coords = [(h["q"], h["r"]) for h in hexes]
    center, radius = g.centre(tuple(coords))
    start = spec.get("start", "random")
    start_dir = rng.randrange(6) if start == "random" else int(start)
    index = {c: i for i, c in enumerate(coords)}
    walk = g.spiral(center, radius, start_dir, bool(spec.get("clockwise", False)))
    return [index[c] for c in walk if c in index]


def _no_hot_neighbours(hexes: list[dict], placed: dict[int, int], hot: set[int]) -> bool:
    for i, n in placed.items():
        if n not in hot:
            continue
        for j in hexes[i]["neighbors"]:
            if placed.get(j) in hot:
                return False
    return True

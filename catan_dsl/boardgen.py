"""IR board + seed → a realised board: pool slots filled, number tokens laid (pure function)."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from catan_dsl import geometry as g

MAX_NUMBER_TRIES = 10_000


class BoardGenError(ValueError):
    """The board's random parts cannot be realised (e.g. an unsatisfiable constraint)."""


@dataclass(frozen=True)
class RealizedBoard:
    """Terrain and number tokens per land hex id, plus the spiral letters when laid by letter."""

    terrain: tuple[str | None, ...]
    numbers: tuple[tuple[int, ...], ...]
    letters: tuple[str | None, ...]


def needs_realization(ir: dict) -> bool:
    """True when some terrain or number on the board is still left to chance."""
    board = ir["board"]
    if board["numbers"]["method"] != "fixed":
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
        tiles = [name for name, n in sorted(pool["tiles"].items()) for _ in range(n)]
        rng.shuffle(tiles)
        slots = sorted(pool["slots"])
        if len(tiles) != len(slots):
            raise BoardGenError(f"pool {pool['id']!r} has {len(tiles)} tiles for {len(slots)} slots")
        for slot, tile in zip(slots, tiles):
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
        seq = list(spec["sequence"])
        letter_seq = spec.get("letters") or ""
        k = 0
        for i in order:
            if not takes_token(i):
                continue
            if k >= len(seq):
                raise BoardGenError("more token-bearing hexes than tokens in the spiral sequence")
            numbers[i] = (seq[k],)
            letters[i] = letter_seq[k] if k < len(letter_seq) else None
            k += 1
        if k != len(seq):
            raise BoardGenError(f"{len(seq)} spiral tokens for {k} token-bearing hexes")
    elif method == "random":
        slots = [i for i in range(len(hexes)) if takes_token(i)]
        tokens = list(spec["tokens"])
        if len(tokens) != len(slots):
            raise BoardGenError(f"{len(tokens)} tokens for {len(slots)} token-bearing hexes")
        hot = set(spec.get("no_adjacent") or ())
        for _ in range(MAX_NUMBER_TRIES):
            rng.shuffle(tokens)
            placed = dict(zip(slots, tokens))
            if not hot or _no_hot_neighbours(hexes, placed, hot):
                break
        else:
            raise BoardGenError("no arrangement keeps the constrained numbers apart")
        for i, n in placed.items():
            numbers[i] = (n,)
    elif method != "fixed":
        raise BoardGenError(f"unknown number method {method!r}")

    # A terrain that always produces on fixed numbers (e.g. several numbers) keeps them.
    for i, t in enumerate(terrain):
        if t is not None and terrains[t].get("numbers"):
            numbers[i] = tuple(terrains[t]["numbers"])
    return RealizedBoard(tuple(terrain), tuple(numbers), tuple(letters))


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
    out["meta"]["seed"] = seed
    return out


def _spiral_order(hexes: list[dict], spec: dict, rng: random.Random) -> list[int]:
    coords = [(h["q"], h["r"]) for h in hexes]
    center = min(coords, key=lambda c: (max(g.distance(c, o) for o in coords), g.sort_key_hex(c)))
    radius = max(g.distance(center, c) for c in coords)
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

"""Axial hex coordinates → neighbours, canonical corner/side keys, spirals and pixel positions.

Conventions (used by the compiler, the IR, the renderer and every test):

* Hexes are pointy-top, addressed by axial ``(q, r)``; ``s = -q - r``.  Row ``r`` grows
  downward on screen, so ``(1, -1)`` is up-right of ``(0, 0)``.
* Directions, counter-clockwise on screen starting east: ``E NE NW W SW SE``.
* A corner (intersection) is named canonically as the ``N`` or ``S`` corner of exactly one
  hex: ``(q, r, "N")`` / ``(q, r, "S")``.  A side (path) is the ``NE``, ``NW`` or ``W`` side of
  exactly one hex.  Keys never depend on build order.
* Text forms: a hex is ``"q,r"``, a corner ``"q,r,N"``, a side ``"q,r,NE"``.
"""

from __future__ import annotations

import math
from typing import Iterable, Iterator

Hex = tuple[int, int]
Corner = tuple[int, int, str]  # (q, r, "N" | "S")
Side = tuple[int, int, str]  # (q, r, "NE" | "NW" | "W")

DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTIONS: dict[str, Hex] = {
    "E": (1, 0),
    "NE": (1, -1),
    "NW": (0, -1),
    "W": (-1, 0),
    "SW": (-1, 1),
    "SE": (0, 1),
}
# Corner names of a pointy-top hex, clockwise from the top.
CORNER_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
# Side names of a pointy-top hex, clockwise from the upper right; side i runs from
# corner i to corner i+1 (CORNER_NAMES order).
SIDE_NAMES: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")


def neighbor(h: Hex, direction: str) -> Hex:
    dq, dr = DIRECTIONS[direction]
    return (h[0] + dq, h[1] + dr)


def neighbors(h: Hex) -> list[Hex]:
    """The six neighbours of ``h`` in ``DIRECTION_NAMES`` order."""
    return [(h[0] + dq, h[1] + dr) for dq, dr in (DIRECTIONS[d] for d in DIRECTION_NAMES)]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# Off, centre works out every board's centre afresh (on: kept per tuple of slots).
KEEP_CENTRES = True
_CENTRES: dict[tuple[Hex, ...], tuple[Hex, int]] = {}


def centre(coords: tuple[Hex, ...]) -> tuple[Hex, int]:
    """The hex of ``coords`` whose farthest one is nearest (ties: reading order), and how far
    that one lies: where a spiral over them starts. Kept per tuple while ``KEEP_CENTRES``: a
    board dealt again for each game asks it of the same slots (19² distances each time)."""
    got = _CENTRES.get(coords) if KEEP_CENTRES else None
    if got is None:
        middle = min(coords, key=lambda c: (max(distance(c, o) for o in coords), sort_key_hex(c)))
        got = (middle, max(distance(middle, c) for c in coords))
        if KEEP_CENTRES and len(_CENTRES) < 256:
            _CENTRES[coords] = got
    return got


def corner(h: Hex, name: str) -> Corner:
    """Canonical key of corner ``name`` (one of CORNER_NAMES) of hex ``h``."""
    q, r = h
    if name == "N":
        return (q, r, "N")
    if name == "S":
        return (q, r, "S")
    if name == "NE":
        return (q + 1, r - 1, "S")
    if name == "NW":
        return (q, r - 1, "S")
    if name == "SE":
        return (q, r + 1, "N")
    if name == "SW":
        return (q - 1, r + 1, "N")
    raise ValueError(f"unknown corner name {name!r}")


def corners(h: Hex) -> list[Corner]:
    """The six corners of ``h`` clockwise from the top (CORNER_NAMES order)."""
    return [corner(h, n) for n in CORNER_NAMES]


def side(h: Hex, name: str) -> Side:
    """Canonical key of side ``name`` (one of SIDE_NAMES) of hex ``h``."""
    q, r = h
    if name in ("NE", "NW", "W"):
        return (q, r, name)
    if name == "E":
        return (q + 1, r, "W")
    if name == "SE":
        return (q, r + 1, "NW")
    if name == "SW":
        return (q - 1, r + 1, "NE")
    raise ValueError(f"unknown side name {name!r}")


def sides(h: Hex) -> list[Side]:
    """The six sides of ``h`` clockwise from the upper right (SIDE_NAMES order)."""
    return [side(h, n) for n in SIDE_NAMES]


def corner_hexes(c: Corner) -> list[Hex]:
    """The three hexes that meet at corner ``c``."""
    q, r, n = c
    if n == "N":
        return [(q, r), (q, r - 1), (q + 1, r - 1)]
    if n == "S":
        return [(q, r), (q, r + 1), (q - 1, r + 1)]
    raise ValueError(f"bad corner key {c!r}")


def side_hexes(s: Side) -> list[Hex]:
    """The two hexes on either side of side ``s`` (the one hex of an interior path)."""
    q, r, n = s
    if n.startswith(INTERIOR + "-"):
        return [(q, r)]
    return [(q, r), neighbor((q, r), n)]


def side_corners(s: Side) -> tuple[Corner, Corner]:
    """The two end corners of side ``s``."""
    q, r, n = s
    if n.startswith(INTERIOR + "-"):          # an interior path: the centre and one corner
        return (q, r, INTERIOR), corner((q, r), n[len(INTERIOR) + 1:])
    i = SIDE_NAMES.index(n)
    return corner((q, r), CORNER_NAMES[i]), corner((q, r), CORNER_NAMES[(i + 1) % 6])


def ring(center: Hex, radius: int, start: int = 0, clockwise: bool = False) -> list[Hex]:
    """Hexes at ``radius`` from ``center``, starting at the corner hex in direction
    ``DIRECTION_NAMES[start]`` and walking counter-clockwise (or clockwise) on screen."""
    if radius == 0:
        return [center]
    out: list[Hex] = []
    dq, dr = DIRECTIONS[DIRECTION_NAMES[start % 6]]
    h = (center[0] + dq * radius, center[1] + dr * radius)
    for k in range(6):
        if clockwise:
            step = DIRECTION_NAMES[(start - 2 - k) % 6]
        else:
            step = DIRECTION_NAMES[(start + 2 + k) % 6]
        sq, sr = DIRECTIONS[step]
        for _ in range(radius):
            out.append(h)
            h = (h[0] + sq, h[1] + sr)
    return out


def spiral(center: Hex, radius: int, start: int = 0, clockwise: bool = False) -> list[Hex]:
    """Outer ring first, then each inner ring from the corner in the same direction, then the
    centre: the order in which lettered number tokens are laid (seed 004)."""
    out: list[Hex] = []
    for rad in range(radius, -1, -1):
        out.extend(ring(center, rad, start, clockwise))
    return out


def hexagon(radius: int, center: Hex = (0, 0)) -> list[Hex]:
    """All hexes within ``radius`` of ``center``, in reading order (row by row)."""
    cq, cr = center
    out = []
    for r in range(-radius, radius + 1):
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1):
            out.append((cq + q, cr + r))
    return out


def rows_layout(lengths: Iterable[int]) -> list[list[Hex]]:
    """Hexes of a layout given as centred row lengths top to bottom (e.g. 3 4 5 4 3)."""
    lengths = list(lengths)
    top = -(len(lengths) // 2)
    out = []
    for i, n in enumerate(lengths):
        r = top + i
        # Centre each row on x = 0: x ∝ q + r/2, so q_start = -(r + n - 1) / 2, floored.
        q0 = math.floor(-(r + n - 1) / 2)
        out.append([(q0 + k, r) for k in range(n)])
    return out


def sort_key_hex(h: Hex) -> tuple[int, int]:
    """Reading order: top to bottom, then left to right."""
    return (h[1], h[0])


def hex_center(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Pixel centre of ``h`` (y grows downward)."""
    q, r = h
    return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * r)


_CORNER_OFFSETS = {
    "N": (0.0, -1.0),
    "S": (0.0, 1.0),
    "C": (0.0, 0.0),     # a hex's centre: the intersection of a hex with an interior
}
INTERIOR = "C"           # corner name of a hex's centre; its paths are sides "C-<corner name>"


def is_centre_key(key: str) -> bool:
    """The canonical key names a hex's centre (``q,r,C``)."""
    return key.endswith("," + INTERIOR)


def is_inner_path_key(key: str) -> bool:
    """The canonical key names a path inside a hex (``q,r,C-NE`` ...)."""
    return f",{INTERIOR}-" in key


def corner_point(c: Corner, size: float = 1.0) -> tuple[float, float]:
    x, y = hex_center((c[0], c[1]), size)
    dx, dy = _CORNER_OFFSETS[c[2]]
    return (x + dx * size, y + dy * size)


def hex_corner_points(h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
    """Pixel positions of the six corners, clockwise from the top."""
    return [corner_point(c, size) for c in corners(h)]


def sort_key_point(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[1], 6), round(p[0], 6))


def fmt_hex(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def fmt_key(k: tuple[int, int, str]) -> str:
    return f"{k[0]},{k[1]},{k[2]}"


def parse_key(text: str) -> tuple:
    """Inverse of fmt_hex / fmt_key."""
    parts = text.split(",")
    if len(parts) == 2:
        return (int(parts[0]), int(parts[1]))
    return (int(parts[0]), int(parts[1]), parts[2])


def iter_unique(items: Iterable) -> Iterator:
    seen = set()
    for it in items:
        if it not in seen:
            seen.add(it)
            yield it

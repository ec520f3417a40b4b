"""IR + seed → board tables (flat int tuples), built once per game start and shared by clones; a
hex that changes in play gives a new Board (copy on write)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from catan_dsl.core.topology import WATER
from catan_dsl.ir import realize

NO_HEX = -1
NOTHING = -1        # hex_resource of a hex that produces nothing (desert, sea, face down)
CHOICE = -2         # hex_resource of a hex whose owner picks a resource per yield


@dataclass(frozen=True, slots=True)
class Board:
    """Integer-indexed topology plus the realised terrain/number layout of one game.

    Every table is a tuple indexed by id so the hot loop never looks anything up by name.
    """

    n_hexes: int
    n_vertices: int
    n_edges: int
    hex_vertices: tuple[tuple[int, ...], ...]
    hex_terrain: tuple[str | None, ...]
    hex_resource: tuple[int, ...]            # resource index, -1 when the hex produces nothing
    hex_numbers: tuple[tuple[int, ...], ...]
    vertex_hexes: tuple[tuple[int, ...], ...]
    vertex_adjacent: tuple[tuple[int, ...], ...]
    vertex_edges: tuple[tuple[int, ...], ...]
    edge_vertices: tuple[tuple[int, int], ...]
    edge_adjacent: tuple[tuple[int, ...], ...]
    vertex_harbor: tuple[tuple[int, int] | None, ...]   # (ratio, resource index or -1 = any)
    number_hexes: tuple[tuple[int, ...], ...]           # index = number rolled
    robber_start: int                                   # NO_HEX when off the board
    letters: tuple[str | None, ...]
    # (feature name, number) -> the intersections of the sea features carrying that number,
    # after the board's shuffle (a shuffled frame deals its numbers anew per seed).
    feature_number_vertices: tuple[tuple[tuple[str, int], frozenset[int]], ...] = ()
    # A board that changes in play (engine/rules/hex_changes.py): the face-down hexes, the land
    # hexes turned to sea, the intersections no building may take (every hex of theirs is face
    # down or sea), what each hidden pool has left — (tiles as (terrain, count) pairs, tokens)
    # by pool, in the IR's order — and how many changes were made (0: as dealt).
    hex_hidden: frozenset[int] = frozenset()
    hex_water: frozenset[int] = frozenset()
    vertex_closed: frozenset[int] = frozenset()
    hidden_left: tuple[tuple[tuple[tuple[str, int], ...], tuple[int, ...]], ...] = ()
    revision: int = 0
    # A board whose sea has paths (a piece stands on the water): the sea hexes follow the land
    # in the hex tables (ids n_hexes .. n_hexes + n_sea - 1: water, no token, their existing
    # corners), and each path says whether it is a land path (it touches a face-up land hex)
    # and a water path (it touches a sea hex, or land turned to sea); a coast path is both.
    # Empty on every other board: all its paths are land paths.
    n_sea: int = 0
    edge_land: tuple[bool, ...] = ()
    edge_water: tuple[bool, ...] = ()
    edge_land_hexes: tuple[tuple[int, ...], ...] = ()
    edge_sea_hexes: tuple[tuple[int, ...], ...] = ()

    def with_hex(self, h: int, terrain: str | None, numbers: tuple[int, ...], resource: int,
                 hidden: bool = False, hidden_left: tuple | None = None) -> "Board":
        """A copy with hex ``h`` showing ``terrain`` (``WATER``: sea) and ``numbers``, face down
        when ``hidden``; the tables that follow from it (by number, closed intersections) too."""
        by_number = [list(x) for x in self.number_hexes]
        for n in self.hex_numbers[h]:
            by_number[n].remove(h)
        for n in numbers:
            while n >= len(by_number):
                by_number.append([])
            by_number[n].append(h)
            by_number[n].sort()
        water = self.hex_water - {h} | ({h} if terrain == WATER else set())
        hidden_set = self.hex_hidden - {h} | ({h} if hidden else set())
        terrains, nums = list(self.hex_terrain), list(self.hex_numbers)
        res = list(self.hex_resource)
        terrains[h], nums[h], res[h] = terrain, tuple(numbers), resource
        land, wet, closed = self._around(h, hidden_set, water)
        return replace(self, hex_terrain=tuple(terrains), hex_numbers=tuple(nums),
                       hex_resource=tuple(res), number_hexes=tuple(tuple(x) for x in by_number),
                       hex_hidden=frozenset(hidden_set), hex_water=frozenset(water),
                       vertex_closed=closed,
                       hidden_left=self.hidden_left if hidden_left is None else hidden_left,
                       revision=self.revision + 1, edge_land=land, edge_water=wet)

    def _around(self, h: int, hidden: set, water: set) -> tuple:
        """The paths' surfaces and the closed intersections once hex ``h`` is face down or sea as
        ``hidden`` and ``water`` say: only ``h``'s corners and sides can change, so the rest is
        this board's (which follow the same rule: surfaces, closed_vertices)."""
        corners = self.hex_vertices[h]
        shut = hidden | water
        closed = set(self.vertex_closed)
        for v in corners:
            if all(x in shut for x in self.vertex_hexes[v]):
                closed.add(v)
            else:
                closed.discard(v)
        if not self.edge_sea_hexes:
            return self.edge_land, self.edge_water, frozenset(closed)
        land, wet = list(self.edge_land), list(self.edge_water)
        land_hexes, sea_hexes = self.edge_land_hexes, self.edge_sea_hexes
        for e in {e for v in corners for e in self.vertex_edges[v]}:
            hs = land_hexes[e]
            if h in hs:
                land[e] = any(x not in hidden and x not in water for x in hs)
                wet[e] = bool(sea_hexes[e]) or any(x in water for x in hs)
        return tuple(land), tuple(wet), frozenset(closed)

    def changes(self) -> dict:
        """What differs from the board as dealt, as JSON data (State.to_dict, when changed)."""
        return {"terrain": list(self.hex_terrain), "numbers": [list(n) for n in self.hex_numbers],
                "hidden": sorted(self.hex_hidden),
                "left": [[[list(t) for t in tiles], list(tokens)]
                         for tiles, tokens in self.hidden_left]}


def closed_vertices(vertex_hexes: tuple[tuple[int, ...], ...],
                    shut: set | frozenset) -> frozenset[int]:
    """Intersections every land hex of which is face down or sea (or that touch no land: the
    open sea's): no building stands there."""
    return frozenset(v for v, hs in enumerate(vertex_hexes) if all(h in shut for h in hs))


def surfaces(land_hexes: tuple[tuple[int, ...], ...], sea_hexes: tuple[tuple[int, ...], ...],
             hidden: set | frozenset, water: set | frozenset) -> tuple[tuple[bool, ...], ...]:
    """Per path: a land path (it touches a face-up land hex) and a water path (a sea hex, or
    land turned to sea). Empty tables for a board without sea paths."""
    if not sea_hexes:
        return (), ()
    land = tuple(any(h not in hidden and h not in water for h in hs) for hs in land_hexes)
    wet = tuple(bool(seas) or any(h in water for h in hs)
                for hs, seas in zip(land_hexes, sea_hexes))
    return land, wet


def resource_code(ir: dict, res_index: dict[str, int], terrain: str | None) -> int:
    """What a hex of ``terrain`` yields: a resource index, ``CHOICE`` or ``NOTHING``."""
    if terrain is None or terrain not in ir["terrains"]:
        return NOTHING                  # face down, or sea
    produces = ir["terrains"][terrain].get("produces")
    if produces == "choice":
        return CHOICE
    return res_index[produces] if produces in res_index else NOTHING


def build_board(ir: dict, seed: int) -> Board:
    """Realise the random parts of ``ir``'s board with ``seed`` and flatten it into tables."""
    b = ir["board"]
    res_index = {name: i for i, name in enumerate(ir["resources"])}
    rb = realize.realize_board(ir, seed) if realize.needs_realization(ir) else None
    hexes = b["hexes"]
    terrain = rb.terrain if rb else tuple(h.get("terrain") for h in hexes)
    numbers = rb.numbers if rb else tuple(tuple(h.get("numbers") or ()) for h in hexes)
    letters = rb.letters if rb else tuple(h.get("letter") for h in hexes)
    terrains = ir["terrains"]

    hex_resource = tuple(resource_code(ir, res_index, t) for t in terrain)
    max_number = max([n for nums in numbers for n in nums] + [ir["production"]["dice"] * 6])
    by_number: list[list[int]] = [[] for _ in range(max_number + 1)]
    for i, nums in enumerate(numbers):
        for n in nums:
            by_number[n].append(i)

    harbors = {h["id"]: h for h in realize.dealt_harbors(b, rb)}   # types as dealt
    vertex_harbor: list[tuple[int, int] | None] = []
    for v in b["vertices"]:
        h = harbors.get(v.get("harbor")) if v.get("harbor") is not None else None
        if h is None:
            vertex_harbor.append(None)
        else:
            vertex_harbor.append((h["ratio"], res_index[h["resource"]] if h.get("resource") else -1))
    # A harbor can also be declared only by its vertex list.
    for h in harbors.values():
        for v in h.get("vertices", []):
            if vertex_harbor[v] is None:
                vertex_harbor[v] = (h["ratio"], res_index[h["resource"]] if h.get("resource") else -1)

    start = b.get("robber", {}).get("start", "robber_start_terrain")
    robber = NO_HEX
    if start == "robber_start_terrain":
        robber = next((i for i, t in enumerate(terrain)
                       if t is not None and terrains[t].get("robber_start")), NO_HEX)
    elif isinstance(start, dict):
        robber = int(start["hex"])

    dealt = dict(rb.feature_numbers) if rb else {}
    fnum: dict[tuple[str, int], set[int]] = {}
    for name, seas in (b.get("features") or {}).get("sea", {}).items():
        entries = dealt.get(name) or (b.get("feature_numbers") or {}).get(name, [])
        for sid, nums in zip(seas, entries):
            for n in nums:
                fnum.setdefault((name, n), set()).update(b["sea"][sid]["vertices"])

    # Face-down hexes (hidden pools): no terrain, no token until a rule reveals them.
    pools = b.get("hidden_pools") or ()
    hidden = frozenset(h for pool in pools for h in pool["hexes"])
    vertex_hexes = tuple(tuple(v["hexes"]) for v in b["vertices"])
    # The sea's hexes follow the land's in the hex tables when the sea has paths.
    seas = b["sea"] if b.get("sea_paths") else []
    sea_corners = tuple(tuple(v for v in sh["corners"] if v >= 0) for sh in seas)
    edge_land_hexes = tuple(tuple(e["hexes"]) for e in b["edges"]) if seas else ()
    edge_sea_hexes = tuple(tuple(len(hexes) + i for i in e.get("sea", ())) for e in b["edges"]) \
        if seas else ()
    land, wet = surfaces(edge_land_hexes, edge_sea_hexes, hidden, frozenset())
    return Board(
        n_sea=len(seas),
        edge_land=land,
        edge_water=wet,
        edge_land_hexes=edge_land_hexes,
        edge_sea_hexes=edge_sea_hexes,
        hex_hidden=hidden,
        vertex_closed=closed_vertices(vertex_hexes, hidden),
        hidden_left=tuple((tuple(sorted(pool["tiles"].items())), tuple(sorted(pool["tokens"])))
                          for pool in pools),
        n_hexes=len(hexes),
        n_vertices=len(b["vertices"]),
        n_edges=len(b["edges"]),
        hex_vertices=tuple(tuple(h["vertices"]) for h in hexes) + sea_corners,
        hex_terrain=tuple(terrain) + (WATER,) * len(seas),
        hex_resource=hex_resource + (NOTHING,) * len(seas),
        hex_numbers=tuple(tuple(n) for n in numbers) + ((),) * len(seas),
        vertex_hexes=vertex_hexes,
        vertex_adjacent=tuple(tuple(v["adjacent"]) for v in b["vertices"]),
        vertex_edges=tuple(tuple(v["edges"]) for v in b["vertices"]),
        edge_vertices=tuple((e["vertices"][0], e["vertices"][1]) for e in b["edges"]),
        edge_adjacent=tuple(tuple(e["adjacent"]) for e in b["edges"]),
        vertex_harbor=tuple(vertex_harbor),
        number_hexes=tuple(tuple(x) for x in by_number),
        robber_start=robber,
        letters=tuple(letters) + (None,) * len(seas),
        feature_number_vertices=tuple((k, frozenset(v)) for k, v in sorted(fnum.items())),
    )

"""IR + seed → static board tables (flat int tuples), built once per game start and shared by clones."""

from __future__ import annotations

from dataclasses import dataclass

from catan_dsl.ir import realize

NO_HEX = -1


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

    def resource_of(t: str | None) -> int:
        if t is None:
            return -1
        produces = terrains[t].get("produces")
        return res_index[produces] if produces in res_index else -1

    hex_resource = tuple(resource_of(t) for t in terrain)
    max_number = max([n for nums in numbers for n in nums] + [ir["production"]["dice"] * 6])
    by_number: list[list[int]] = [[] for _ in range(max_number + 1)]
    for i, nums in enumerate(numbers):
        for n in nums:
            by_number[n].append(i)

    harbors = {h["id"]: h for h in b.get("harbors", [])}
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

    return Board(
        n_hexes=len(hexes),
        n_vertices=len(b["vertices"]),
        n_edges=len(b["edges"]),
        hex_vertices=tuple(tuple(h["vertices"]) for h in hexes),
        hex_terrain=tuple(terrain),
        hex_resource=hex_resource,
        hex_numbers=tuple(tuple(n) for n in numbers),
        vertex_hexes=tuple(tuple(v["hexes"]) for v in b["vertices"]),
        vertex_adjacent=tuple(tuple(v["adjacent"]) for v in b["vertices"]),
        vertex_edges=tuple(tuple(v["edges"]) for v in b["vertices"]),
        edge_vertices=tuple((e["vertices"][0], e["vertices"][1]) for e in b["edges"]),
        edge_adjacent=tuple(tuple(e["adjacent"]) for e in b["edges"]),
        vertex_harbor=tuple(vertex_harbor),
        number_hexes=tuple(tuple(x) for x in by_number),
        robber_start=robber,
        letters=tuple(letters),
        feature_number_vertices=tuple((k, frozenset(v)) for k, v in sorted(fnum.items())),
    )

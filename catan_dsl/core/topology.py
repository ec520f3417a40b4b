"""Land hex coordinates → integer-indexed board topology (hexes, intersections, paths).

The compiler calls :func:`build_topology` once; the resulting tables go into the IR's
``board`` section so that the engine never does geometry at run time (docs/architecture.md).
Ids are positions in reading order (top to bottom, left to right), so they are stable for a
given layout and readable in error messages; the canonical key of every element is kept beside
its id.
"""

from __future__ import annotations

from typing import Iterable

from catan_dsl.core import geometry as g

# The terrain word for water on a land hex: a hidden pool's tile or "set terrain H = sea" turns
# the hex into sea (it produces nothing, takes no token, the robber leaves it). A scenario that
# declares a terrain of this name means its own terrain instead.
WATER = "sea"


def build_topology(land: Iterable[g.Hex], frame: Iterable[g.Hex] | None = None,
                   interiors: Iterable[g.Hex] = (), sea_paths: bool = False) -> dict:
    """Build the topology tables for a set of land hexes.

    Args:
        land: axial coordinates of every land hex (any order, no duplicates).
        frame: sea hexes to record as the frame; defaults to every non-land neighbour of land.
        interiors: land hexes with an interior: a centre intersection joined by a path to each
            corner the hex shares with other land (nothing changes for a board without them).
        sea_paths: the sea has paths too (a scenario declares a piece ``on sea_edge`` or a
            robber ``on sea``): every
            side between two sea hexes becomes a path and its ends intersections, each path and
            intersection lists the sea hexes it touches (``sea``), and each sea hex its six
            corners and sides (``corners``/``sides``, -1 where the frame ends). Without it the
            tables are exactly those of the land, so every other board keeps its ids.

    Returns:
        ``{"hexes": [...], "vertices": [...], "edges": [...], "sea": [...]}`` where every list
        element is a JSON-able dict (see docs/ir.md, "board").
    """
    land_list = sorted(set(land), key=g.sort_key_hex)
    land_set = set(land_list)
    if frame is None:
        frame_set = {n for h in land_list for n in g.neighbors(h) if n not in land_set}
    else:
        frame_set = set(frame) - land_set
    sea_list = sorted(frame_set, key=g.sort_key_hex)

    inner = sorted(set(interiors) & land_set, key=g.sort_key_hex)
    centres = [(q, r, g.INTERIOR) for q, r in inner]
    inner_sides = [(q, r, f"{g.INTERIOR}-{name}") for q, r in inner for name in g.CORNER_NAMES
                   if any(x != (q, r) and x in land_set
                          for x in g.corner_hexes(g.corner((q, r), name)))]
    # Paths on the water: the sides between two sea hexes (a coast side is a land side already).
    water = [s for h in sea_list for s in g.sides(h)
             if all(x in frame_set for x in g.side_hexes(s))] if sea_paths else []
    water_ends = [c for s in water for c in g.side_corners(s)]
    corner_keys = sorted(
        g.iter_unique([c for h in land_list for c in g.corners(h)] + centres + water_ends),
        key=lambda c: g.sort_key_point(g.corner_point(c)),
    )
    side_keys = sorted(
        g.iter_unique([s for h in land_list for s in g.sides(h)] + inner_sides + water),
        key=lambda s: _side_sort_key(s),
    )
    hex_id = {h: i for i, h in enumerate(land_list)}
    sea_id = {h: i for i, h in enumerate(sea_list)}
    v_id = {c: i for i, c in enumerate(corner_keys)}
    e_id = {s: i for i, s in enumerate(side_keys)}

    hexes = []
    for h in land_list:
        nbrs = [hex_id[n] for n in g.neighbors(h) if n in land_set]
        hexes.append(
            {
                "id": hex_id[h],
                "q": h[0],
                "r": h[1],
                "coast": len(nbrs) < 6,
                "vertices": [v_id[c] for c in g.corners(h)],
                "edges": [e_id[s] for s in g.sides(h)],
                "neighbors": sorted(nbrs),
            }
        )

    vertex_edges: dict[int, list[int]] = {i: [] for i in range(len(corner_keys))}
    edges = []
    for s in side_keys:
        a, b = g.side_corners(s)
        va, vb = sorted((v_id[a], v_id[b]))
        vertex_edges[va].append(e_id[s])
        vertex_edges[vb].append(e_id[s])
        on_land = [hex_id[h] for h in g.side_hexes(s) if h in land_set]
        edges.append(
            {
                "id": e_id[s],
                "key": g.fmt_key(s),
                "vertices": [va, vb],
                "hexes": sorted(on_land),
                # An interior path lies inside its hex: never on the coast; a path between two
                # sea hexes is open water, not coast.
                "coast": len(on_land) == 1 and not s[2].startswith(g.INTERIOR),
            }
        )
        if sea_paths:
            edges[-1]["sea"] = sorted(sea_id[h] for h in g.side_hexes(s) if h in sea_id)
    for e in edges:
        va, vb = e["vertices"]
        e["adjacent"] = sorted((set(vertex_edges[va]) | set(vertex_edges[vb])) - {e["id"]})

    vertices = []
    for c in corner_keys:
        vid = v_id[c]
        centre = c[2] == g.INTERIOR
        on_land = [hex_id[(c[0], c[1])]] if centre else \
            [hex_id[h] for h in g.corner_hexes(c) if h in land_set]
        adj = sorted({x for eid in vertex_edges[vid] for x in edges[eid]["vertices"]} - {vid})
        vertices.append(
            {
                "id": vid,
                "key": g.fmt_key(c),
                "hexes": sorted(on_land),
                "edges": sorted(vertex_edges[vid]),
                "adjacent": adj,
                "coast": 0 < len(on_land) < 3 and not centre,
            }
        )
        if sea_paths:
            vertices[-1]["sea"] = [] if centre else \
                sorted(sea_id[h] for h in g.corner_hexes(c) if h in sea_id)

    sea = []
    for h in sea_list:
        # The intersections on land a sea hex touches (a fishing ground's): the coast's.
        touching = [v_id[c] for c in g.corners(h)
                    if c in v_id and any(x in land_set for x in g.corner_hexes(c))]
        sea.append(
            {
                "id": sea_id[h],
                "q": h[0],
                "r": h[1],
                "vertices": sorted(touching),
                "land_neighbors": sorted(hex_id[n] for n in g.neighbors(h) if n in land_set),
            }
        )
        if sea_paths:
            sea[-1]["corners"] = [v_id.get(c, -1) for c in g.corners(h)]
            sea[-1]["sides"] = [e_id.get(x, -1) for x in g.sides(h)]
    return {"hexes": hexes, "vertices": vertices, "edges": edges, "sea": sea}


def _side_sort_key(s: g.Side) -> tuple[float, float]:
    a, b = g.side_corners(s)
    pa, pb = g.corner_point(a), g.corner_point(b)
    return g.sort_key_point(((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2))


def islands_of(land: Iterable[g.Hex]) -> list[list[g.Hex]]:
    """The land split into islands (connected through land neighbours), largest first, then by
    their first hex in reading order; each island's hexes in reading order."""
    left = set(land)
    out = []
    for start in sorted(left, key=g.sort_key_hex):
        if start not in left:
            continue
        left.discard(start)
        island, todo = [start], [start]
        while todo:
            for n in g.neighbors(todo.pop()):
                if n in left:
                    left.discard(n)
                    island.append(n)
                    todo.append(n)
        out.append(sorted(island, key=g.sort_key_hex))
    return sorted(out, key=lambda i: (-len(i), g.sort_key_hex(i[0])))


def land_is_connected(land: Iterable[g.Hex]) -> bool:
    """True when every land hex can reach every other through land neighbours."""
    land_set = set(land)
    if not land_set:
        return True
    start = next(iter(land_set))
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in g.neighbors(h):
            if n in land_set and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(land_set)

"""A plain view of a game state (pieces, robber, colours) → its artists on a board Axes."""

from __future__ import annotations

from dataclasses import dataclass, field

from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Polygon

Point = tuple[float, float]

DEFAULT_PLAYER_COLORS: tuple[str, ...] = (
    "#d32f2f",
    "#1976d2",
    "#f5f5f5",
    "#ef6c00",
    "#388e3c",
    "#6d4c41",
)
ROBBER_COLOR = "#263238"


@dataclass(frozen=True)
class StateView:
    """What a picture of a game state needs, independent of the engine's classes.

    Piece kinds are the IR's piece names; how a kind is drawn is derived from its IR entry
    (a piece that ``upgrades`` another is drawn as a city), never from its name. Player ``-1``
    owns nothing: such pieces are drawn in a neutral grey.
    """

    pieces_on_vertices: dict[int, tuple[str, int]] = field(
        default_factory=dict
    )  # vertex → (kind, player)
    pieces_on_edges: dict[int, tuple[str, int]] = field(
        default_factory=dict
    )  # edge → (kind, player)
    robber_hex: int | None = None  # land hex id; None = off the board (or no robber)
    player_colors: tuple[str, ...] = DEFAULT_PLAYER_COLORS
    # Further pieces sharing an edge with the one in pieces_on_edges (drawn side by side).
    more_on_edges: dict[int, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    marks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # "v12" / "e3" → marks
    # Markers lying on hexes: hex id → ((label, count), ...), e.g. {7: (("barbarian", 3),)}.
    hex_markers: dict[int, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    # One legend label per seat (e.g. "Red 7 VP"); empty → "player N" for seats with pieces.
    player_labels: tuple[str, ...] = ()
    robber_off_board: bool = False  # draw the robber beside the board, labelled as such
    # Markers lying on paths: edge id → ((label, count), ...), e.g. {31: (("barbarian", 1),)}.
    edge_markers: dict[int, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    # Units standing on intersections (wagons): vertex id → ((label, player), ...).
    vertex_units: dict[int, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    # Land hexes a rule keeps from producing now (forbid produce: a conquered hex), hatched.
    idle_hexes: frozenset[int] = frozenset()
    # Shared counters (tracks), once for the game, e.g. "pollution 3 of 5".
    shared_labels: tuple[str, ...] = ()
    caption: str = ""  # e.g. "end of turn 12", added to the picture's subtitle
    # The land hexes as the game left them when a rule changed the board (revealed or changed
    # hexes): per hex id (terrain, numbers, face down); None = as dealt.
    hexes: tuple[tuple[str | None, tuple[int, ...], bool], ...] | None = None
    # Declared second robbers (robber NAME { on sea }): (name, hex id or -1 off the board); a
    # sea hex's id follows the land's.
    robbers: tuple[tuple[str, int], ...] = ()


def draw_robber(ax: Axes, at: Point, gid: str, z: float = 9.0) -> None:
    """A dark pawn standing on ``at`` (body then head), both tagged with ``gid``."""
    x, y = at
    body = Polygon(
        [(x - 0.16, y + 0.26), (x + 0.16, y + 0.26), (x + 0.07, y - 0.06), (x - 0.07, y - 0.06)],
        closed=True,
        facecolor=ROBBER_COLOR,
        edgecolor="white",
        linewidth=1.0,
        zorder=z,
    )
    body.set_gid(gid)
    head = Circle(
        (x, y - 0.13), 0.1, facecolor=ROBBER_COLOR, edgecolor="white", linewidth=1.0, zorder=z
    )
    head.set_gid(gid + "-head")
    ax.add_patch(body)
    ax.add_patch(head)


def draw_sea_robber(ax: Axes, at: Point, gid: str, name: str, z: float = 9.0) -> None:
    """A declared robber on the sea (a pirate): a dark ship under a black sail, its name below,
    unlike the land robber's pawn."""
    x, y = at
    hull = Polygon([(x - 0.3, y + 0.05), (x + 0.3, y + 0.05), (x + 0.2, y + 0.2),
                    (x - 0.2, y + 0.2)], closed=True, facecolor=ROBBER_COLOR, edgecolor="white",
                   linewidth=1.0, zorder=z)
    sail = Polygon([(x - 0.02, y - 0.32), (x - 0.02, y + 0.02), (x - 0.24, y + 0.02)],
                   closed=True, facecolor="#000000", edgecolor="white", linewidth=0.8, zorder=z)
    flag = Polygon([(x + 0.02, y - 0.3), (x + 0.02, y + 0.02), (x + 0.2, y + 0.02)],
                   closed=True, facecolor="#000000", edgecolor="white", linewidth=0.8, zorder=z)
    for i, part in enumerate((hull, sail, flag)):
        part.set_gid(f"{gid}-{i}" if i else gid)
        ax.add_patch(part)
    t = ax.text(x, y + 0.34, name, ha="center", va="center", fontsize=6.5, color="white",
                zorder=z, bbox={"boxstyle": "round,pad=0.12", "facecolor": ROBBER_COLOR,
                                "linewidth": 0})
    t.set_gid(gid + "-name")


def draw_robber_beside(ax: Axes, hex_centers: list[Point], gid: str, text: str) -> None:
    """The robber beside the island, top left in the sea frame: visibly on no hex."""
    x0 = min(c[0] for c in hex_centers) - 1.2
    y0 = min(c[1] for c in hex_centers) - 0.9
    draw_robber(ax, (x0, y0), gid)
    ax.text(x0, y0 + 0.4, text, ha="center", va="top", fontsize=7, color="#212121", zorder=9,
            linespacing=1.0,
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.85,
                  "linewidth": 0})


def _house(x: float, y: float, s: float) -> list[Point]:
    return [
        (x - s, y + s),
        (x + s, y + s),
        (x + s, y - 0.3 * s),
        (x, y - 1.2 * s),
        (x - s, y - 0.3 * s),
    ]


def _city(x: float, y: float, s: float) -> list[Point]:
    # A house with a taller annex on the left: recognisably bigger than a settlement.
    return [
        (x - 1.5 * s, y + s),
        (x + 1.4 * s, y + s),
        (x + 1.4 * s, y - 0.1 * s),
        (x + 0.2 * s, y - 0.1 * s),
        (x + 0.2 * s, y - 0.9 * s),
        (x - 0.65 * s, y - 1.7 * s),
        (x - 1.5 * s, y - 0.9 * s),
    ]


def _vertex_styles(ir: dict) -> dict[str, str]:
    """Kind → "city" | "settlement" | "token", from the IR piece entries, never from names:
    a piece that upgrades another is a city; the upgraded one, or one bound by the distance
    rule, is a settlement; any other vertex piece is a lettered token."""
    pieces = ir.get("pieces", {})
    upgraded = {spec.get("upgrades") for spec in pieces.values()}
    styles: dict[str, str] = {}
    for name in sorted(pieces):
        spec = pieces[name]
        if spec.get("on") != "vertex":
            continue
        if spec.get("upgrades"):
            styles[name] = "city"
        elif name in upgraded or spec.get("distance_rule"):
            styles[name] = "settlement"
        else:
            styles[name] = "token"
    return styles


def _edge_styles(ir: dict) -> dict[str, int]:
    """Kind → style index. The usual road gets the plain solid line: edge pieces placed in
    setup first, then route pieces, the more plentiful (higher limit) first, then by name."""
    pieces = ir.get("pieces", {})
    in_setup = {x for item in ir.get("setup", {}).get("place", [])
                for x in (item if isinstance(item, list) else [item])}
    kinds = [n for n in sorted(pieces) if pieces[n].get("on") in ("edge", "sea_edge")]
    kinds.sort(key=lambda n: (n not in in_setup, not pieces[n].get("route", False),
                              -int(pieces[n].get("limit", 0) or 0), n))
    # Units (knights) come after the pieces, by their labels as the view names them.
    kinds += sorted(u.get("label") or n for n, u in (ir.get("units") or {}).items())
    return {n: i for i, n in enumerate(kinds)}


_EDGE_LINESTYLES = ("-", (0, (2.0, 1.2)), ":", "-.")
_BEAD_MARKERS = ("D", "o", "s", "^")
NO_OWNER_COLOR = "#9e9e9e"


def _color(colors: tuple[str, ...], player: int) -> str:
    return NO_OWNER_COLOR if player < 0 else colors[player % len(colors)]


def _is_route(ir: dict, kind: str) -> bool:
    return bool(ir.get("pieces", {}).get(kind, {}).get("route", False))


def _on_water(ir: dict, kind: str) -> bool:
    return ir.get("pieces", {}).get(kind, {}).get("on") == "sea_edge"


def _draw_hull(ax: Axes, p: Point, q: Point, color: str, gid: str, narrow: bool) -> None:
    """A piece on a sea path (a ship): a hull along the path in its owner's colour, pointed at
    one end, with a dark mast, so it never reads as a road."""
    w = 0.075 if narrow else 0.1
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    nx, ny = -dy / length * w, dx / length * w

    def at(t: float, side: float) -> Point:
        return (p[0] + t * dx + side * nx, p[1] + t * dy + side * ny)

    hull = Polygon([at(0.0, 0.7), at(0.65, 1.0), at(1.0, 0.0), at(0.65, -1.0), at(0.0, -0.7)],
                   closed=True, facecolor=color, edgecolor="#212121", linewidth=1.3, zorder=7.1)
    hull.set_gid(gid)
    ax.add_patch(hull)
    mast = Circle(at(0.45, 0.0), w * 0.45, facecolor="#212121", edgecolor="none", zorder=7.2)
    mast.set_gid(gid + "-mast")
    ax.add_patch(mast)


def _draw_edge_piece(ax: Axes, p: Point, q: Point, color: str, idx: int, route: bool,
                     gid: str, narrow: bool) -> None:
    """A route piece is a bar (solid, dashed, ...by kind); any other edge piece is a row of
    beads, so e.g. a token on a path never looks like a road beside it."""
    if route:
        under = Line2D([p[0], q[0]], [p[1], q[1]], color="#212121", linewidth=6 if narrow else 8,
                       zorder=7, solid_capstyle="round")
        over = Line2D([p[0], q[0]], [p[1], q[1]], color=color, linewidth=3.8 if narrow else 5.5,
                      linestyle=_EDGE_LINESTYLES[idx % len(_EDGE_LINESTYLES)], zorder=7.1,
                      solid_capstyle="round", dash_capstyle="round")
    else:
        xs = [p[0] + t * (q[0] - p[0]) for t in (0.1, 0.5, 0.9)]
        ys = [p[1] + t * (q[1] - p[1]) for t in (0.1, 0.5, 0.9)]
        under = Line2D(xs, ys, color="#212121", linewidth=1.2, zorder=7)
        over = Line2D(xs, ys, color=color, linestyle="", marker=_BEAD_MARKERS[idx % 4],
                      markersize=7 if narrow else 8, markeredgecolor="#212121",
                      markeredgewidth=1.0, zorder=7.1)
    under.set_gid(gid)
    over.set_gid(gid + "-fill")
    ax.add_line(under)
    ax.add_line(over)


def _mark_label(ax: Axes, at: Point, marks: tuple[str, ...], gid: str) -> None:
    # Marks are names the scenario chose ("damaged"): print them small beside the piece.
    t = ax.text(at[0] + 0.12, at[1] - 0.2, ",".join(marks), fontsize=6.5, zorder=8.5,
                ha="left", va="center", color="#212121",
                bbox={"boxstyle": "round,pad=0.1", "facecolor": "#fff59d", "linewidth": 0.5})
    t.set_gid(gid)


def draw_state(
    ax: Axes,
    ir: dict,
    view: StateView,
    vertex_pts: list[Point],
    hex_centers: list[Point],
    token_hexes: set[int],
) -> list[Line2D]:
    """Draw pieces, marks and the robber; return legend handles for players and edge kinds."""
    colors = view.player_colors or DEFAULT_PLAYER_COLORS
    edges = ir["board"]["edges"]
    edge_style = _edge_styles(ir)
    used_kinds: dict[str, int] = {}
    used_units: dict[str, bool] = {}
    owners: set[int] = set()
    for eid in sorted(set(view.pieces_on_edges) | set(view.more_on_edges)):
        stack = ([view.pieces_on_edges[eid]] if eid in view.pieces_on_edges else []) + list(
            view.more_on_edges.get(eid, ()))
        a, b = (vertex_pts[v] for v in edges[eid]["vertices"])
        # Shorten each piece so neighbouring roads stay distinguishable at shared corners.
        p = (a[0] + 0.15 * (b[0] - a[0]), a[1] + 0.15 * (b[1] - a[1]))
        q = (a[0] + 0.85 * (b[0] - a[0]), a[1] + 0.85 * (b[1] - a[1]))
        length = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 or 1.0
        nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
        for j, (kind, player) in enumerate(stack):
            # Pieces sharing a path sit side by side across it, so each stays visible.
            off = (j - (len(stack) - 1) / 2) * 0.16
            pj = (p[0] + off * nx, p[1] + off * ny)
            qj = (q[0] + off * nx, q[1] + off * ny)
            idx = edge_style.get(kind, len(edge_style))
            used_kinds[kind] = idx
            owners.add(player)
            gid = f"piece-edge-{eid}" if j == 0 else f"piece-edge-{eid}-also-{j}"
            if _on_water(ir, kind):
                _draw_hull(ax, pj, qj, _color(colors, player), gid, narrow=len(stack) > 1)
            else:
                _draw_edge_piece(ax, pj, qj, _color(colors, player), idx, _is_route(ir, kind),
                                 gid, narrow=len(stack) > 1)
        marks = view.marks.get(f"e{eid}")
        if marks:
            _mark_label(ax, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), marks, f"mark-e{eid}")

    vstyle = _vertex_styles(ir)
    for vid in sorted(view.pieces_on_vertices):
        kind, player = view.pieces_on_vertices[vid]
        owners.add(player)
        x, y = vertex_pts[vid]
        color = _color(colors, player)
        style = vstyle.get(kind, "token")
        if style == "token":
            patch = Circle(
                (x, y), 0.15, facecolor=color, edgecolor="#212121", linewidth=1.2, zorder=8
            )
            ax.add_patch(patch)
            ax.text(
                x,
                y,
                kind[:1].upper(),
                ha="center",
                va="center",
                fontsize=7,
                zorder=8.1,
                color="#212121",
            )
        else:
            pts = _city(x, y, 0.15) if style == "city" else _house(x, y, 0.13)
            patch = Polygon(
                pts, closed=True, facecolor=color, edgecolor="#212121", linewidth=1.2, zorder=8
            )
            ax.add_patch(patch)
        patch.set_gid(f"piece-vertex-{vid}")
        marks = view.marks.get(f"v{vid}")
        if marks:
            _mark_label(ax, (x, y), marks, f"mark-v{vid}")

    hexes = ir["board"]["hexes"]
    for h in sorted(view.idle_hexes):
        shade = Polygon([vertex_pts[v] for v in hexes[h]["vertices"]], closed=True,
                        facecolor="#212121", alpha=0.35, hatch="xx", edgecolor="#eeeeee",
                        linewidth=0, zorder=2.5)
        shade.set_gid(f"idle-h{h}")
        ax.add_patch(shade)
    for v, stack in sorted(view.vertex_units.items()):
        x, y = vertex_pts[v]
        for j, (label, player) in enumerate(stack):
            # Side by side below the intersection, so a building there stays visible.
            dot = Line2D([x - 0.12 * (len(stack) - 1) / 2 + 0.12 * j], [y + 0.22], marker="P",
                         markersize=8, linestyle="", color=_color(colors, player),
                         markeredgecolor="#212121", zorder=8.8)
            dot.set_gid(f"unit-v{v}-{j}")
            ax.add_line(dot)
            used_units[label] = True
    for e, counts in sorted(view.edge_markers.items()):
        (x1, y1), (x2, y2) = (vertex_pts[v] for v in edges[e]["vertices"])
        text = " ".join(f"{n}×{label}" if n > 1 else label for label, n in counts)
        t = ax.text((x1 + x2) / 2, (y1 + y2) / 2, text, ha="center", va="center", fontsize=6.5,
                    zorder=8.7, color="white", bbox={"boxstyle": "round,pad=0.15",
                                                     "facecolor": "#212121", "edgecolor": "white",
                                                     "linewidth": 0.8})
        t.set_gid(f"markers-e{e}")
    for h, counts in sorted(view.hex_markers.items()):
        cx, cy = hex_centers[h]
        text = "\n".join(f"{n} × {label}" for label, n in counts)
        t = ax.text(cx, cy + 0.55, text, ha="center", va="center", fontsize=7, zorder=8.6,
                    color="white", bbox={"boxstyle": "round,pad=0.2", "facecolor": "#4e342e",
                                         "edgecolor": "white", "linewidth": 0.8})
        t.set_gid(f"markers-h{h}")

    handles: list[Line2D] = []
    if view.robber_hex is not None:
        cx, cy = hex_centers[view.robber_hex]
        at = (cx - 0.45, cy + 0.05) if view.robber_hex in token_hexes else (cx, cy)
        draw_robber(ax, at, "robber")
    elif view.robber_off_board:
        draw_robber_beside(ax, hex_centers, "robber", "robber off\nthe board")
    for name, h in view.robbers:
        if 0 <= h < len(hex_centers):
            draw_sea_robber(ax, hex_centers[h], f"robber-{name}", name)

    # With labels every seat is listed (a player without pieces still has VP); else the owners.
    seats = list(range(len(view.player_labels))) or sorted(p for p in owners if p >= 0)
    for p in seats:
        label = view.player_labels[p] if p < len(view.player_labels) else f"player {p}"
        handles.append(Line2D([], [], marker="s", linestyle="", markersize=9,
                              markeredgecolor="#212121", color=_color(colors, p), label=label))
    for text in view.shared_labels:
        handles.append(Line2D([], [], linestyle="", marker="D", markersize=7, color="#9e9e9e",
                              markeredgecolor="#212121", label=text))
    for kind, idx in sorted(used_kinds.items(), key=lambda kv: kv[1]):
        if _on_water(ir, kind):
            handles.append(Line2D([], [], color="#616161", linestyle="", marker=">",
                                  markersize=9, markeredgecolor="#212121", label=kind))
        elif _is_route(ir, kind):
            handles.append(Line2D([], [], color="#616161", linewidth=4,
                                  linestyle=_EDGE_LINESTYLES[idx % len(_EDGE_LINESTYLES)],
                                  label=kind))
        else:
            handles.append(Line2D([], [], color="#616161", linestyle="",
                                  marker=_BEAD_MARKERS[idx % 4], markersize=8,
                                  markeredgecolor="#212121", label=kind))
    for label in used_units:
        handles.append(Line2D([], [], color="#616161", linestyle="", marker="P", markersize=8,
                              markeredgecolor="#212121", label=label))
    if view.idle_hexes:
        from matplotlib.patches import Patch
        handles.append(Patch(facecolor="#212121", alpha=0.35, hatch="xx", edgecolor="#eeeeee",
                             label="produces nothing now"))
    return handles


def draw_neutral_starts(ax: Axes, ir: dict, vertex_pts: list[Point],
                        colors: tuple[str, ...] = DEFAULT_PLAYER_COLORS) -> list[Line2D]:
    """The neutral players' starting buildings (IR ``players.neutral_start``) on a bare board,
    each neutral in the colour of the seat it takes after the real players."""
    players = ir.get("players", {})
    starts = players.get("neutral_start") or []
    first = int(players.get("default", players.get("min", 0)) or 0)
    handles: list[Line2D] = []
    for i, spots in enumerate(starts):
        color = _color(colors, first + i)
        for v in spots:
            x, y = vertex_pts[v]
            patch = Polygon(_house(x, y, 0.13), closed=True, facecolor=color, edgecolor="#212121",
                            linewidth=1.2, zorder=8)
            patch.set_gid(f"neutral-start-{i}-{v}")
            ax.add_patch(patch)
        handles.append(Line2D([], [], marker="s", linestyle="", markersize=9,
                              markeredgecolor="#212121", color=color,
                              label=f"neutral {i + 1} start"))
    return handles

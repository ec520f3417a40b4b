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
    (a piece that ``upgrades`` another is drawn as a city), never from its name.
    """

    pieces_on_vertices: dict[int, tuple[str, int]] = field(
        default_factory=dict
    )  # vertex → (kind, player)
    pieces_on_edges: dict[int, tuple[str, int]] = field(
        default_factory=dict
    )  # edge → (kind, player)
    robber_hex: int | None = None  # land hex id; None = off the board
    player_colors: tuple[str, ...] = DEFAULT_PLAYER_COLORS


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
    """Kind → style index; route pieces first so the usual road gets the plain solid line."""
    kinds = [n for n in sorted(ir.get("pieces", {})) if ir["pieces"][n].get("on") == "edge"]
    kinds.sort(key=lambda n: (not ir["pieces"][n].get("route", False), n))
    return {n: i for i, n in enumerate(kinds)}


_EDGE_LINESTYLES = ("-", (0, (2.0, 1.2)), ":", "-.")


def draw_state(
    ax: Axes,
    ir: dict,
    view: StateView,
    vertex_pts: list[Point],
    hex_centers: list[Point],
    token_hexes: set[int],
) -> list[Line2D]:
    """Draw pieces and the robber; return legend handles for the players and edge kinds used."""
    colors = view.player_colors or DEFAULT_PLAYER_COLORS
    edges = ir["board"]["edges"]
    edge_style = _edge_styles(ir)
    used_kinds: dict[str, int] = {}
    for eid in sorted(view.pieces_on_edges):
        kind, player = view.pieces_on_edges[eid]
        a, b = (vertex_pts[v] for v in edges[eid]["vertices"])
        # Shorten each piece so neighbouring roads stay distinguishable at shared corners.
        p = (a[0] + 0.15 * (b[0] - a[0]), a[1] + 0.15 * (b[1] - a[1]))
        q = (a[0] + 0.85 * (b[0] - a[0]), a[1] + 0.85 * (b[1] - a[1]))
        idx = edge_style.get(kind, len(edge_style))
        used_kinds[kind] = idx
        ls = _EDGE_LINESTYLES[idx % len(_EDGE_LINESTYLES)]
        under = Line2D(
            [p[0], q[0]],
            [p[1], q[1]],
            color="#212121",
            linewidth=8,
            zorder=7,
            solid_capstyle="round",
        )
        over = Line2D(
            [p[0], q[0]],
            [p[1], q[1]],
            color=colors[player % len(colors)],
            linewidth=5.5,
            linestyle=ls,
            zorder=7.1,
            solid_capstyle="round",
            dash_capstyle="round",
        )
        under.set_gid(f"piece-edge-{eid}")
        over.set_gid(f"piece-edge-{eid}-fill")
        ax.add_line(under)
        ax.add_line(over)

    vstyle = _vertex_styles(ir)
    for vid in sorted(view.pieces_on_vertices):
        kind, player = view.pieces_on_vertices[vid]
        x, y = vertex_pts[vid]
        color = colors[player % len(colors)]
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

    if view.robber_hex is not None:
        cx, cy = hex_centers[view.robber_hex]
        at = (cx - 0.45, cy + 0.05) if view.robber_hex in token_hexes else (cx, cy)
        draw_robber(ax, at, "robber")

    handles: list[Line2D] = []
    players = sorted(
        {p for _, p in view.pieces_on_vertices.values()}
        | {p for _, p in view.pieces_on_edges.values()}
    )
    for p in players:
        handles.append(
            Line2D(
                [],
                [],
                marker="s",
                linestyle="",
                markersize=9,
                markeredgecolor="#212121",
                color=colors[p % len(colors)],
                label=f"player {p}",
            )
        )
    for kind, idx in sorted(used_kinds.items(), key=lambda kv: kv[1]):
        handles.append(
            Line2D(
                [],
                [],
                color="#616161",
                linewidth=4,
                linestyle=_EDGE_LINESTYLES[idx % len(_EDGE_LINESTYLES)],
                label=kind,
            )
        )
    return handles

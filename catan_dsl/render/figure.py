"""IR (+ seed or game-state view) → a matplotlib Figure of the board → deterministic SVG/PNG."""

from __future__ import annotations

import io
import os
import textwrap
from pathlib import Path

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Polygon

from catan_dsl.core import geometry as g
from catan_dsl.core.files import write_atomic
from catan_dsl.render.board import (
    OFF_BOARD,
    SEA_COLOR,
    SEA_EDGE,
    UNIT_IN,
    Board,
    draw_harbors,
    draw_land,
    pips,
    random_note,
)
from catan_dsl.render.chains import draw_chain_starts
from catan_dsl.render.features import draw_coords, draw_features
from catan_dsl.render.state import (
    StateView,
    draw_neutral_starts,
    draw_robber,
    draw_robber_beside,
    draw_sea_robber,
    draw_state,
)

__all__ = ["StateView", "draw_board", "figure_bytes", "pips", "save_figure"]

SAVE_RC = {"svg.hashsalt": "catan-dsl", "svg.fonttype": "none"}


def draw_board(
    ir: dict, *, seed: int | None = None, coords: bool = False, state_view: StateView | None = None
) -> Figure:
    """Draw the board of a compiled IR.

    Args:
        ir: a compiled IR (docs/ir.md); only ``meta``, ``terrains``, ``pieces`` and ``board`` are read.
        seed: realise pools and number tokens with ``ir.realize`` first; without it random parts
            are drawn as grey "?" slots.
        coords: overlay ``q,r`` on every hex and vertex/edge ids (for writing scenario files).
        state_view: pieces and robber of a game state; replaces the robber start marker.

    Returns:
        A Figure not attached to pyplot (nothing global changes); see :func:`save_figure`.
    """
    # The coordinate overlay needs room for ~130 small ids: a bigger board at a finer dpi.
    scale = UNIT_IN * (1.5 if coords else 1.0)
    bd = Board(ir, seed, scale)
    if state_view is not None and state_view.hexes is not None:
        bd.show_faces(state_view.hexes)      # hexes revealed or changed in the game
    x0, x1, y0, y1 = bd.extent()
    note = random_note(ir) if bd.random else ""
    # A header band above the board holds the title and, for random boards, what is random.
    header = 0.55 + 0.2 * (note.count("\n") + 1 if note else 0)
    board_h = (y1 - y0) * scale
    fig = Figure(figsize=((x1 - x0) * scale, board_h + header), dpi=150 if coords else 100)
    ax = fig.add_axes((0.0, 0.0, 1.0, board_h / (board_h + header)))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y1, y0)  # y grows downward, as in geometry.py
    ax.set_aspect("equal")
    ax.axis("off")
    legend: list = []

    for i, s in enumerate(bd.sea):
        poly = Polygon(
            g.hex_corner_points((s["q"], s["r"])),
            closed=True,
            facecolor=SEA_COLOR,
            edgecolor=SEA_EDGE,
            linewidth=1.0,
            zorder=1,
        )
        poly.set_gid(f"sea-{i}")
        ax.add_patch(poly)

    token_hexes = draw_land(ax, bd)
    harbor_seas = draw_harbors(ax, bd)
    legend += draw_features(ax, bd, harbor_seas)
    legend += draw_chain_starts(ax, ir, bd.vpts, seed)   # render/chains.py

    if state_view is None:
        # A game without a robber (robber { none }) draws none.
        start = None if (ir.get("robber") or {}).get("none") else bd.robber_start()
        if start == OFF_BOARD:
            draw_robber_beside(ax, bd.centers, "robber-start", "robber starts\noff the board")
        elif start is not None:
            cx, cy = bd.centers[start]
            at = (cx - 0.45, cy + 0.05) if start in token_hexes else (cx, cy + 0.05)
            draw_robber(ax, at, "robber-start")
            legend.append(
                Line2D(
                    [],
                    [],
                    marker="^",
                    linestyle="",
                    markersize=9,
                    color="#263238",
                    label="robber start",
                )
            )
        for name, h in bd.robber_starts():          # a declared robber on the sea (a pirate)
            draw_sea_robber(ax, bd.all_centers[h], f"robber-{name}-start", name)
            legend.append(Line2D([], [], marker="v", linestyle="", markersize=9,
                                 color="#263238", label=f"{name} start"))
        legend += draw_neutral_starts(ax, ir, bd.vpts)
    else:
        legend += draw_state(ax, ir, state_view, bd.vpts, bd.all_centers, token_hexes)

    if coords:
        draw_coords(ax, bd)

    meta = ir.get("meta", {})
    title = meta.get("title") or meta.get("id") or "board"
    parts = [f"board {meta['board']}"] if meta.get("board") else []
    if meta.get("with"):
        parts.append("with " + ", ".join(meta["with"]))
    if seed is not None:
        parts.append(f"seed {seed}")
    elif meta.get("seed") is not None:
        parts.append(f"seed {meta['seed']}")
    if bd.random:
        parts.append("random board: pass --seed to fix it")
    if state_view is not None and state_view.caption:
        parts.append(state_view.caption)
    top = 1.0 - 0.08 / (board_h + header)
    fig.text(0.5, top, title, ha="center", va="top", fontsize=bd.fs(0.24), fontweight="bold")
    sub = " · ".join(parts) + ("\n" + note if note else "")
    if sub:
        fig.text(
            0.5,
            top - 0.42 / (board_h + header),
            sub,
            ha="center",
            va="top",
            fontsize=bd.fs(0.15),
            color="#424242",
            linespacing=1.3,
        )
    if legend:
        fit_legend(fig, ax, legend, bd.fs(0.16))
    return fig


LEGEND_WRAP = 40   # characters per line of a legend label (a player's VP, cards and counters)


def _wrap(label: str) -> str:
    """A long label on several lines, broken between its " · " parts where it has them (a
    player's VP, then each counter), else between words."""
    if len(label) <= LEGEND_WRAP:
        return label
    parts = label.split(" · ")
    if len(parts) == 1:
        return textwrap.fill(label, LEGEND_WRAP, subsequent_indent="  ", break_on_hyphens=False)
    lines = [parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + 3 + len(part) <= LEGEND_WRAP:
            lines[-1] += " · " + part
        else:
            lines.append("  · " + part)
    return "\n".join(lines)


def fit_legend(fig: Figure, ax: Axes, handles: list, fontsize: float) -> None:
    """The legend below the board in as many columns (up to 4) as fit within the board's width,
    long labels wrapped onto several lines: whatever a legend holds, the picture stays as wide
    as the board and the board keeps its size."""
    for h in handles:
        h.set_label(_wrap(h.get_label()))
    renderer = FigureCanvasAgg(fig).get_renderer()
    room = ax.get_window_extent(renderer).width
    for ncol in range(min(4, len(handles)), 0, -1):
        leg = ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.01),
                        frameon=False, fontsize=fontsize, handlelength=2.6, ncol=ncol)
        if ncol == 1 or leg.get_window_extent(renderer).width <= room:
            return
        leg.remove()


def figure_bytes(fig: Figure, fmt: str) -> bytes:
    """Render ``fig`` as ``"svg"`` or ``"png"``; same figure → same bytes (no dates, fixed ids)."""
    if fmt not in ("svg", "png"):
        raise ValueError(f"unsupported picture format {fmt!r} (use .svg or .png)")
    buf = io.BytesIO()
    # rc_context, not rcParams: rendering must not change anyone else's matplotlib settings.
    with matplotlib.rc_context(SAVE_RC):
        meta = {"Date": None} if fmt == "svg" else {"Software": None}
        fig.savefig(
            buf,
            format=fmt,
            metadata=meta,
            bbox_inches="tight",
            pad_inches=0.15,
            facecolor="white",
            dpi="figure",
        )
    return buf.getvalue()


def save_figure(fig: Figure, path: str | os.PathLike) -> Path:
    """Write ``fig`` to ``path`` as SVG or PNG (by suffix), atomically: never a half-written file."""
    p = Path(path)
    fmt = p.suffix.lower().lstrip(".")
    write_atomic(p, figure_bytes(fig, fmt))
    return p

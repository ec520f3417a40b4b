"""Regenerates docs/img/corner-numbers.png, the picture of docs/language.md's corner(h, K) and
side(h, K): one hex with its corners numbered 1..6 clockwise from the top (N) and its sides
1..6 clockwise from the top right (NE), drawn from the same geometry the compiler uses.
Usage: python docs/img/make_corner_numbers.py"""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.patches import Circle, Polygon

from catan_dsl.core import geometry as g
from catan_dsl.render.board import INK, LAND_EDGE, TOKEN_COLOR
from catan_dsl.render.figure import save_figure

HERE = Path(__file__).resolve().parent
CORNER_INK, SIDE_INK = "#0d47a1", "#bf360c"


def main() -> None:
    fig = Figure(figsize=(4.6, 4.6), dpi=100)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(-1.75, 1.75)
    ax.set_ylim(1.75, -1.75)                  # y grows downward, as in geometry.py
    ax.set_aspect("equal")
    ax.axis("off")
    pts = g.hex_corner_points((0, 0))         # clockwise from the top: N NE SE S SW NW
    ax.add_patch(Polygon(pts, closed=True, facecolor="#9ccc65", edgecolor=LAND_EDGE, linewidth=3))
    ax.text(0, -0.12, "h", ha="center", va="center", fontsize=22, color=INK, fontweight="bold")
    ax.text(0, 0.25, "corner(h, K): circles", ha="center", va="center", fontsize=9,
            color=CORNER_INK)
    ax.text(0, 0.45, "side(h, K): squares", ha="center", va="center", fontsize=9, color=SIDE_INK)
    for k, (name, (x, y)) in enumerate(zip(g.CORNER_NAMES, pts), 1):
        ax.add_patch(Circle((x, y), 0.17, facecolor=TOKEN_COLOR, edgecolor=CORNER_INK, linewidth=2))
        ax.text(x, y, str(k), ha="center", va="center", fontsize=12, color=CORNER_INK,
                fontweight="bold")
        ax.text(x * 1.42, y * 1.42, name, ha="center", va="center", fontsize=9, color=CORNER_INK)
    for k, name in enumerate(g.SIDE_NAMES, 1):   # side K runs from corner K to corner K+1
        (ax0, ay0), (bx, by) = pts[k - 1], pts[k % 6]
        mx, my = (ax0 + bx) / 2, (ay0 + by) / 2
        ax.add_patch(Polygon([(mx - 0.13, my - 0.13), (mx + 0.13, my - 0.13),
                              (mx + 0.13, my + 0.13), (mx - 0.13, my + 0.13)], closed=True,
                             facecolor="white", edgecolor=SIDE_INK, linewidth=2))
        ax.text(mx, my, str(k), ha="center", va="center", fontsize=11, color=SIDE_INK,
                fontweight="bold")
        ax.text(mx * 1.5, my * 1.5, name, ha="center", va="center", fontsize=9, color=SIDE_INK)
    save_figure(fig, HERE / "corner-numbers.png")


if __name__ == "__main__":
    main()

"""Board features (edge, vertex, sea, hex) and the coordinate overlay → artists on an Axes."""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, Patch, Polygon

from catan_dsl.core import geometry as g
from catan_dsl.render.board import (
    FEATURE_COLORS,
    HATCHES,
    HOT_COLOR,
    INK,
    LINESTYLES,
    MARKERS,
    Board,
    mix,
)


def feature_items(raw: object) -> list[tuple[int, dict]]:
    """Feature ids with optional extras: accepts ``[id, ...]``, ``[{"id": i, "numbers": [...]}, ...]``
    or ``{"ids": [...], "numbers": [...]}`` (numbers parallel to ids) so the picture does not
    break while the compiler settles how features carry data."""
    if isinstance(raw, dict):
        ids = raw.get("ids", [])
        nums = raw.get("numbers")
        out = []
        for k, i in enumerate(ids):
            extra = {}
            if isinstance(nums, list) and k < len(nums):
                extra["numbers"] = nums[k] if isinstance(nums[k], list) else [nums[k]]
            out.append((int(i), extra))
        return out
    out = []
    for item in raw or []:
        if isinstance(item, dict):
            key = next((k for k in ("id", "edge", "vertex", "sea", "hex") if k in item), None)
            if key is None:
                continue
            extra = dict(item)
            if "number" in extra and "numbers" not in extra:
                extra["numbers"] = [extra["number"]]
            out.append((int(item[key]), extra))
        else:
            out.append((int(item), {}))
    return out


# Colour words a feature's name may carry (red_edges), as matplotlib-safe hex colours.
NAMED_COLORS = {"red": "#d32f2f", "green": "#2e7d32", "blue": "#1565c0", "yellow": "#fbc02d",
                "orange": "#ef6c00", "white": "#fafafa", "black": "#212121", "purple": "#6a1b9a",
                "brown": "#6d4c41"}


def draw_features(ax: Axes, bd: Board, harbor_seas: set[int]) -> list:
    """Edge lines/arrows, vertex markers, sea circles and hex hatching; returns legend handles."""
    feats = bd.ir["board"].get("features") or {}
    handles: list = []
    k = 0  # one colour per named feature across all kinds, so the legend stays unambiguous
    edges = bd.ir["board"]["edges"]
    for name in sorted(feats.get("edges") or {}):
        color, ls = FEATURE_COLORS[k % len(FEATURE_COLORS)], LINESTYLES[k % len(LINESTYLES)]
        # A feature named after a colour (the castle's red_edges) is drawn in it, solid.
        word = next((w for w in name.split("_") if w in NAMED_COLORS), None)
        if word is not None:
            color, ls = NAMED_COLORS[word], "-"
        k += 1
        for j, (eid, extra) in enumerate(feature_items(feats["edges"][name])):
            va, vb = edges[eid]["vertices"]
            if "from" in extra and extra["from"] == vb:
                va, vb = vb, va
            a, b = bd.vpts[va], bd.vpts[vb]
            if "from" in extra:
                art = FancyArrowPatch(
                    a, b, arrowstyle="-|>", mutation_scale=18, color=color, linewidth=3, zorder=6
                )
                ax.add_patch(art)
            else:
                art = Line2D(
                    [a[0], b[0]],
                    [a[1], b[1]],
                    color=color,
                    linewidth=5,
                    linestyle=ls,
                    zorder=6,
                    solid_capstyle="round",
                )
                ax.add_line(art)
            art.set_gid(f"feature-edge-{name}-{j}")
        arrow = any("from" in extra for _, extra in feature_items(feats["edges"][name]))
        handles.append(
            Line2D(
                [],
                [],
                color=color,
                linewidth=3 if arrow else 4,
                linestyle="-" if arrow else ls,
                marker=">" if arrow else None,
                markevery=[1],
                label=name,
            )
        )
    for m, name in enumerate(sorted(feats.get("vertices") or {})):
        color = FEATURE_COLORS[k % len(FEATURE_COLORS)]
        k += 1
        marker = MARKERS[m % len(MARKERS)]
        for j, (vid, _extra) in enumerate(feature_items(feats["vertices"][name])):
            x, y = bd.vpts[vid]
            art = Line2D(
                [x],
                [y],
                marker=marker,
                markersize=11,
                color=color,
                markeredgecolor="white",
                linestyle="",
                zorder=6.5,
            )
            art.set_gid(f"feature-vertex-{name}-{j}")
            ax.add_line(art)
        handles.append(
            Line2D(
                [],
                [],
                marker=marker,
                markersize=10,
                color=color,
                markeredgecolor="white",
                linestyle="",
                label=name,
            )
        )
    for name in sorted(feats.get("sea") or {}):
        color = FEATURE_COLORS[k % len(FEATURE_COLORS)]
        k += 1
        for j, (sid, extra) in enumerate(feature_items(feats["sea"][name])):
            cx, cy = bd.sea_centers[sid]
            # Share a harbor's sea hex without covering the harbor disc.
            at = (cx, cy + 0.35) if sid in harbor_seas else (cx, cy - 0.1)
            disc = Circle(at, 0.3, facecolor="#e0f2f1", edgecolor=color, linewidth=2.5, zorder=4)
            disc.set_gid(f"feature-sea-{name}-{j}")
            ax.add_patch(disc)
            # The coastal intersections the feature marks (e.g. a fishing ground's 3 spots).
            for v in bd.sea[sid].get("vertices", ()):
                vx, vy = bd.vpts[v]
                ax.plot([at[0], vx], [at[1], vy], color=color, linewidth=1.2, linestyle=":", zorder=3.5)
                ax.add_patch(Circle((vx, vy), 0.09, facecolor=color, edgecolor="white",
                                    linewidth=1, zorder=4.5))
            dealt = getattr(bd, "feature_numbers", {}).get(name) or []
            nums = extra.get("numbers") or (dealt[j] if j < len(dealt) else [])
            # The name sits under the circle on the sea: long names stay readable there.
            ax.text(
                at[0],
                at[1] + 0.45,
                extra.get("label", name.replace("_", " ")),
                ha="center",
                va="center",
                fontsize=bd.fs(0.12),
                zorder=5,
                color="white",
            )
            if nums:
                hot = any(n in (6, 8) for n in nums)
                ax.text(
                    at[0],
                    at[1],
                    "·".join(map(str, nums)),
                    ha="center",
                    va="center",
                    fontsize=bd.fs(0.22 if len(nums) == 1 else 0.15),
                    fontweight="bold",
                    zorder=5,
                    color=HOT_COLOR if hot else INK,
                )
        handles.append(Patch(facecolor="#e0f2f1", edgecolor=color, linewidth=2, label=name))
    for m, name in enumerate(sorted(feats.get("hexes") or {})):
        color = FEATURE_COLORS[k % len(FEATURE_COLORS)]
        k += 1
        hatch = HATCHES[m % len(HATCHES)]
        for j, (hid, _extra) in enumerate(feature_items(feats["hexes"][name])):
            h = bd.hexes[hid]
            over = Polygon(
                g.hex_corner_points((h["q"], h["r"])),
                closed=True,
                fill=False,
                hatch=hatch,
                edgecolor=color,
                linewidth=0,
                zorder=2.5,
            )
            over.set_gid(f"feature-hex-{name}-{j}")
            ax.add_patch(over)
            cx, cy = bd.centers[hid]
            ax.text(
                cx,
                cy + 0.55,
                name,
                ha="center",
                va="center",
                fontsize=bd.fs(0.13),
                zorder=5,
                color="white",
                bbox={"boxstyle": "round,pad=0.15", "facecolor": color, "linewidth": 0},
            )
        handles.append(Patch(facecolor="white", edgecolor=color, hatch=hatch, label=name))
    return handles


def draw_coords(ax: Axes, bd: Board) -> None:
    """``q,r`` per hex (land ``#id``, sea ``s#id``), vertex ids and edge ids, small."""
    for i, h in enumerate(bd.hexes):
        cx, cy = bd.centers[i]
        ax.text(
            cx,
            cy + 0.72,
            f"{h['q']},{h['r']}  #{i}",
            ha="center",
            va="center",
            fontsize=bd.fs(0.1),
            zorder=10,
            color=INK,
            bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "alpha": 0.8, "linewidth": 0},
        )
        if bd.letters[i]:
            ax.text(
                cx + 0.36,
                cy - 0.22,
                bd.letters[i],
                ha="center",
                va="center",
                fontsize=bd.fs(0.11),
                zorder=10,
                color="#4e342e",
                fontstyle="italic",
            )
    for i, s in enumerate(bd.sea):
        cx, cy = bd.sea_centers[i]
        ax.text(
            cx,
            cy - 0.6,
            f"{s['q']},{s['r']}  s{i}",
            ha="center",
            va="center",
            fontsize=bd.fs(0.1),
            zorder=10,
            color="white",
        )
    for i, (x, y) in enumerate(bd.vpts):
        ax.text(
            x,
            y,
            str(i),
            ha="center",
            va="center",
            fontsize=bd.fs(0.085),
            zorder=10,
            color="#0d47a1",
            bbox={
                "boxstyle": "circle,pad=0.1",
                "facecolor": "white",
                "edgecolor": "#0d47a1",
                "linewidth": 0.5,
            },
        )
    for e in bd.ir["board"]["edges"]:
        a, b = (bd.vpts[v] for v in e["vertices"])
        x, y = mix(a, b, 0.5)
        ax.text(
            x,
            y,
            str(e["id"]),
            ha="center",
            va="center",
            fontsize=bd.fs(0.08),
            zorder=10,
            color="#b71c1c",
            bbox={
                "boxstyle": "square,pad=0.05",
                "facecolor": "#fff8e1",
                "linewidth": 0,
                "alpha": 0.9,
            },
        )

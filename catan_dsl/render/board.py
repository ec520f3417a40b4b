"""IR board (+ seed) → realised hex contents; land, number tokens and harbors drawn on an Axes."""

from __future__ import annotations

import zlib

from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyBboxPatch, Polygon

from catan_dsl.core import geometry as g
from catan_dsl.core.topology import WATER
from catan_dsl.ir import realize

Point = tuple[float, float]

SEA_COLOR = "#4f8ac9"
SEA_EDGE = "#8fb8e3"
LAND_EDGE = "#f4ecd8"
POOL_COLOR = "#c7ccd1"
FACE_DOWN = "#455a64"  # a hidden pool's hex, not revealed yet (drawn face down)
FACE_DOWN_EDGE = "#90a4ae"
TOKEN_COLOR = "#f6ecd0"
HOT_COLOR = "#c62828"  # 6 and 8: the numbers printed red on real tokens
INK = "#212121"
FEATURE_COLORS = ("#0d47a1", "#6a1b9a", "#00838f", "#e65100", "#ad1457", "#33691e", "#4e342e")
FALLBACK_TERRAIN = ("#a1887f", "#90a4ae", "#aed581", "#ffb74d", "#ce93d8", "#80cbc4", "#fff176")
LINESTYLES = ("-", (0, (3.0, 1.5)), (0, (1.0, 1.0)), "-.")
MARKERS = ("o", "s", "^", "D", "*", "P", "X")
HATCHES = ("//", "\\\\", "xx", "..", "oo", "++")
OFF_BOARD = -1  # Board.robber_start(): the robber starts beside the island
UNIT_IN = 0.78  # inches per hex radius: tokens stay legible at the default 100 dpi


def pips(n: int) -> int:
    """Dice combinations that roll ``n`` with two dice (the dots on a token): 2/12 → 1, 6/8 → 5."""
    return max(0, 6 - abs(7 - n))


def _fallback_color(name: str) -> str:
    # crc32, not hash(): the colour must not change between interpreter runs.
    return FALLBACK_TERRAIN[zlib.crc32(name.encode()) % len(FALLBACK_TERRAIN)]


def _terrain_color(ir: dict, name: str) -> str:
    return ir.get("terrains", {}).get(name, {}).get("color") or _fallback_color(name)


def mix(a: Point, b: Point, t: float) -> Point:
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


class Board:
    """Positions and realised contents of one board, computed once per picture."""

    def __init__(self, ir: dict, seed: int | None, scale: float) -> None:
        b = ir["board"]
        self.ir = ir
        self.scale = scale  # inches per hex radius
        self.hexes = b["hexes"]
        self.sea = b.get("sea", [])
        self.centers = [g.hex_center((h["q"], h["r"])) for h in self.hexes]
        self.sea_centers = [g.hex_center((s["q"], s["r"])) for s in self.sea]
        # By hex id as rules and the engine number them: on a board whose sea has paths the
        # sea hexes follow the land (a second robber stands there).
        self.all_centers = self.centers + (self.sea_centers if b.get("sea_paths") else [])
        self.vpts = [g.corner_point(g.parse_key(v["key"])) for v in b["vertices"]]
        self.random = realize.needs_realization(ir) and seed is None
        self.feature_numbers: dict[str, list[list[int]]] = {
            n: [list(x) for x in e] for n, e in (b.get("feature_numbers") or {}).items()
            if not self.random or n not in (b.get("feature_shuffle") or ())}
        # Harbors as printed; types dealt for this seed below ('harbors shuffled'); without a
        # seed, a dealt harbor's type is unknown and drawn as such.
        self.harbors = b.get("harbors", [])
        self.harbors_unknown = {i for grp in b.get("harbor_shuffle") or () for i in grp} \
            if self.random else set()
        if seed is not None and realize.needs_realization(ir):
            rb = realize.realize_board(ir, seed)
            self.harbors = realize.dealt_harbors(b, rb)
            # Numbers of frame features as dealt for this seed (a shuffled frame).
            self.feature_numbers = {n: [list(x) for x in e] for n, e in rb.feature_numbers}
            self.terrain = list(rb.terrain)
            self.numbers = [list(n) for n in rb.numbers]
            self.letters = list(rb.letters)
        else:
            self.terrain = [h.get("terrain") for h in self.hexes]
            self.numbers = [list(h.get("numbers") or []) for h in self.hexes]
            self.letters = [h.get("letter") for h in self.hexes]
            if not self.random:
                # A fixed board may still leave lake-like numbers to the terrain entry.
                for i, t in enumerate(self.terrain):
                    if t is not None and ir["terrains"].get(t, {}).get("numbers"):
                        self.numbers[i] = list(ir["terrains"][t]["numbers"])

        # Face-down hexes (hidden pools): hex id → its pool, until a game reveals them.
        self.hidden = {i: h["hidden"] for i, h in enumerate(self.hexes) if h.get("hidden")}

    def show_faces(self, faces: tuple) -> None:
        """The hexes as a game left them: (terrain, numbers, face down) per hex id."""
        for i, (terrain, numbers, down) in enumerate(faces):
            self.terrain[i], self.numbers[i] = terrain, list(numbers)
            if not down:
                self.hidden.pop(i, None)

    def water(self, name: str | None) -> bool:
        """A hex turned to sea in play (the water word, not a declared terrain)."""
        return name == WATER and name not in self.ir.get("terrains", {})

    def fs(self, units: float) -> float:
        """A font size in points for text ``units`` hex radii tall, so text scales with the board."""
        return units * self.scale * 72

    def robber_start(self) -> int | None:
        """The hex the robber starts on, ``OFF_BOARD``, or None when the picture cannot know
        (an unrealised random board). The rules' ``robber.start`` overrides the board's."""
        rules = (self.ir.get("robber") or {}).get("start")
        start = rules if rules is not None else self.ir["board"].get("robber", {}).get(
            "start", "robber_start_terrain")
        if start == "off_board":
            return OFF_BOARD
        if isinstance(start, dict) and "hex" in start:
            return int(start["hex"])
        if start == "robber_start_terrain":
            match = lambda t: bool(self.ir["terrains"].get(t, {}).get("robber_start"))  # noqa: E731
        else:
            want = start.get("terrain") if isinstance(start, dict) else start
            match = lambda t: t == want  # noqa: E731
        return next((i for i, t in enumerate(self.terrain) if t is not None and match(t)), None)

    def robber_starts(self) -> list[tuple[str, int]]:
        """Each declared robber that starts on this board: (name, hex id, sea hexes after the
        land's)."""
        starts = (self.ir["board"].get("robber") or {}).get("starts") or {}
        return [(name, len(self.hexes) + at["sea"]) for name, at in sorted(starts.items())
                if isinstance(at, dict)]

    def extent(self) -> tuple[float, float, float, float]:
        pts = self.centers + self.sea_centers
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return min(xs) - 1.0, max(xs) + 1.0, min(ys) - 1.1, max(ys) + 1.1


def draw_land(ax: Axes, bd: Board) -> set[int]:
    """Terrain hexes, names, pool slots and number tokens; returns the hexes carrying a token."""
    token_hexes: set[int] = set()
    for i, h in enumerate(bd.hexes):
        cx, cy = bd.centers[i]
        t = bd.terrain[i]
        if i in bd.hidden:
            _draw_face_down(ax, bd, i, h)
            continue
        face = SEA_COLOR if bd.water(t) else \
            _terrain_color(bd.ir, t) if t is not None else POOL_COLOR
        poly = Polygon(
            g.hex_corner_points((h["q"], h["r"])),
            closed=True,
            facecolor=face,
            edgecolor=LAND_EDGE,
            linewidth=2.5,
            zorder=2,
        )
        poly.set_gid(f"hex-{i}")
        ax.add_patch(poly)
        label = t.replace("_", " ") if t is not None else f"pool {h.get('pool') or '?'}"
        ax.text(
            cx,
            cy - 0.6,
            label,
            ha="center",
            va="center",
            fontsize=bd.fs(0.15),
            zorder=3,
            color=INK,
            bbox={
                "boxstyle": "round,pad=0.15",
                "facecolor": "white",
                "alpha": 0.55,
                "linewidth": 0,
            },
        )
        nums = bd.numbers[i]
        if nums:
            _draw_token(ax, bd, i, (cx, cy + 0.05), nums)
            token_hexes.add(i)
        elif t is None:
            ax.text(
                cx,
                cy + 0.05,
                "?",
                ha="center",
                va="center",
                fontsize=bd.fs(0.45),
                zorder=3,
                color="#616161",
                fontweight="bold",
            )
    _draw_interiors(ax, bd)
    return token_hexes


def _draw_face_down(ax: Axes, bd: Board, i: int, h: dict) -> None:
    """A hidden pool's hex lying face down: a dark tile with a "?" and its pool's name (what it
    will show is drawn when a rule reveals it)."""
    cx, cy = bd.centers[i]
    poly = Polygon(g.hex_corner_points((h["q"], h["r"])), closed=True, facecolor=FACE_DOWN,
                   edgecolor=FACE_DOWN_EDGE, linewidth=2.5, hatch="..", zorder=2)
    poly.set_gid(f"hex-{i}")
    ax.add_patch(poly)
    ax.text(cx, cy - 0.6, f"face down ({bd.hidden[i].replace('_', ' ')})", ha="center",
            va="center", fontsize=bd.fs(0.13), zorder=3, color="white")
    ax.text(cx, cy + 0.05, "?", ha="center", va="center", fontsize=bd.fs(0.45), zorder=3,
            color="#eceff1", fontweight="bold")


def _draw_interiors(ax: Axes, bd: Board) -> None:
    """A hex with an interior: its paths from the centre to the corners as thin roadside lines
    and the centre intersection as a small square (a trade hex's plaza)."""
    edges, vertices = bd.ir["board"]["edges"], bd.ir["board"]["vertices"]
    for e in edges:
        if g.is_inner_path_key(e["key"]):
            (ax_, ay), (bx, by) = (bd.vpts[v] for v in e["vertices"])
            line = Line2D([ax_, bx], [ay, by], color=LAND_EDGE, linewidth=2.0, zorder=3.2)
            line.set_gid(f"interior-edge-{e['id']}")
            ax.add_line(line)
    for v in vertices:
        if g.is_centre_key(v["key"]):
            x, y = bd.vpts[v["id"]]
            sq = Polygon([(x - 0.09, y - 0.09), (x + 0.09, y - 0.09), (x + 0.09, y + 0.09),
                          (x - 0.09, y + 0.09)], closed=True, facecolor=LAND_EDGE,
                         edgecolor=INK, linewidth=1.0, zorder=3.3)
            sq.set_gid(f"interior-vertex-{v['id']}")
            ax.add_patch(sq)


def _draw_token(ax: Axes, bd: Board, hex_id: int, at: Point, nums: list[int]) -> None:
    x, y = at
    hot = any(n in (6, 8) for n in nums)
    color = HOT_COLOR if hot and len(nums) == 1 else INK
    if len(nums) == 1:
        disc = Circle(at, 0.3, facecolor=TOKEN_COLOR, edgecolor="#8d6e63", linewidth=1.2, zorder=4)
        text, size = str(nums[0]), 0.24
    else:
        # Several numbers on one hex (a lake, a 2·12 hex): one wide token listing them all.
        text = "·".join(str(n) for n in nums)
        width = 0.16 * len(text) + 0.1
        disc = FancyBboxPatch(
            (x - width / 2, y - 0.2),
            width,
            0.4,
            boxstyle="round,pad=0.02,rounding_size=0.18",
            facecolor=TOKEN_COLOR,
            edgecolor="#8d6e63",
            linewidth=1.2,
            zorder=4,
        )
        size = 0.2
    disc.set_gid(f"token-{hex_id}")
    ax.add_patch(disc)
    txt = ax.text(
        x,
        y - 0.04,
        text,
        ha="center",
        va="center",
        fontsize=bd.fs(size),
        zorder=5,
        color=color,
        fontweight="bold",
    )
    txt.set_gid(f"token-text-{hex_id}")
    if len(nums) == 1:
        k = pips(nums[0])
        for j in range(k):
            dot = Circle((x + (j - (k - 1) / 2) * 0.07, y + 0.17), 0.022, facecolor=color, zorder=5)
            ax.add_patch(dot)


def draw_harbors(ax: Axes, bd: Board) -> set[int]:
    """Harbor discs in their sea hex with piers to both harbor vertices; returns the sea ids used."""
    used: set[int] = set()
    produced_by = {t.get("produces"): t.get("color") for t in bd.ir.get("terrains", {}).values()}
    for hb in bd.harbors:
        sea = bd.sea_centers[hb["sea"]]
        used.add(hb["sea"])
        a, b = (bd.vpts[v] for v in hb["vertices"])
        mid = mix(a, b, 0.5)
        at = mix(sea, mid, 0.2)
        for v in (a, b):
            pier = Line2D(
                [v[0], mix(v, at, 0.62)[0]],
                [v[1], mix(v, at, 0.62)[1]],
                color="#6d4c41",
                linewidth=4,
                solid_capstyle="butt",
                zorder=3,
            )
            ax.add_line(pier)
        res = hb.get("resource")
        ring = (produced_by.get(res) if res else None) or "#6d4c41"
        unknown = hb["id"] in bd.harbors_unknown    # dealt at game start: no type before a seed
        if unknown:
            res, ring = None, "#6d4c41"
        disc = Circle(at, 0.36, facecolor="#fffdf5", edgecolor=ring, linewidth=3, zorder=4)
        disc.set_gid(f"harbor-{hb['id']}")
        ax.add_patch(disc)
        text = "?" if unknown else f"{hb['ratio']}:1" + (f"\n{res}" if res else "")
        lbl = ax.text(
            at[0],
            at[1],
            text,
            ha="center",
            va="center",
            fontsize=bd.fs(0.14 if res else 0.19),
            zorder=5,
            color=INK,
            fontweight="bold",
            linespacing=1.0,
        )
        lbl.set_gid(f"harbor-label-{hb['id']}")
    return used


def random_note(ir: dict) -> str:
    """One line per random part: pool contents and how the numbers are laid."""
    b = ir["board"]
    lines = []
    for p in b.get("pools", []):
        tiles = ", ".join(f"{n} {t}" for t, n in sorted(p["tiles"].items()))
        lines.append(f"pool {p['id']} ({len(p['slots'])} slots): {tiles}")
    for grp in b.get("harbor_shuffle") or ():
        lines.append(f"harbors: {len(grp)} types dealt among {len(grp)} positions")
    spec = b["numbers"]
    if spec["method"] == "spiral":
        start = spec.get("start", "random")
        where = "a random corner" if start == "random" else f"corner {start}"
        lines.append(f"numbers: spiral {' '.join(map(str, spec['sequence']))} from {where}")
    elif spec["method"] == "random":
        apart = spec.get("no_adjacent")
        lines.append(
            "numbers: shuffled"
            + (f", {' and '.join(map(str, apart))} never adjacent" if apart else "")
        )
    return "\n".join(lines)

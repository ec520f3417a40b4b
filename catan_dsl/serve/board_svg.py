"""IR board + a game's realised tiles + a ``StateView`` → the page's SVG: every hex ``data-hex="q,r"``,
every intersection ``data-vertex``, every path ``data-edge``, pieces, units, markers, the robber,
and the places the seat to move may click (``data-action`` holding the action's text)."""

from __future__ import annotations

import json
import math
import zlib
from html import escape
from typing import Any

from catan_dsl.core import geometry as g
from catan_dsl.ir import realize
from catan_dsl.play.playtest import seat_name

S = 48.0                     # pixels per hex radius
SEA, SEA_LINE, LAND_LINE = "#4f8ac9", "#8fb8e3", "#f4ecd8"
TOKEN, HOT, INK = "#f6ecd0", "#c62828", "#212121"
FALLBACK = ("#a1887f", "#90a4ae", "#aed581", "#ffb74d", "#ce93d8", "#80cbc4", "#fff176")
FEATURE = ("#0d47a1", "#6a1b9a", "#00838f", "#e65100", "#ad1457", "#33691e", "#4e342e")
NEUTRAL = "#9e9e9e"


def _a(value: Any) -> str:
    """An attribute value, quoted for SVG/HTML."""
    return escape(str(value), quote=True)


def _pt(p: tuple[float, float]) -> str:
    return f"{p[0]:.1f},{p[1]:.1f}"


def _mix(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def _pips(n: int) -> int:
    """Dots under a number token: the ways two dice roll it."""
    return max(0, 6 - abs(7 - n))


def _terrain_color(ir: dict, name: str) -> str:
    # crc32, not hash(): a terrain keeps its colour from one run to the next.
    return (ir.get("terrains", {}).get(name) or {}).get("color") or \
        FALLBACK[zlib.crc32(name.encode()) % len(FALLBACK)]


class BoardDrawing:
    """Positions and the unchanging layers of one game's board, computed once; ``svg`` draws a
    position on them."""

    def __init__(self, ir: dict, board: Any, board_seed: int) -> None:
        b = ir["board"]
        self.ir = ir
        self.board = board                                   # the engine's realised Board
        self.hexes = b["hexes"]
        self.hex_key = [f"{h['q']},{h['r']}" for h in self.hexes]
        self.centers = [g.hex_center((h["q"], h["r"]), S) for h in self.hexes]
        self.polys = [" ".join(_pt(p) for p in g.hex_corner_points((h["q"], h["r"]), S))
                      for h in self.hexes]
        self.vpts = [g.corner_point(g.parse_key(v["key"]), S) for v in b["vertices"]]
        self.vkeys = [v["key"] for v in b["vertices"]]
        self.ekeys = [e["key"] for e in b["edges"]]
        self.ends = [(self.vpts[e["vertices"][0]], self.vpts[e["vertices"][1]]) for e in b["edges"]]
        self.sea = b.get("sea", [])
        self.sea_centers = [g.hex_center((s["q"], s["r"]), S) for s in self.sea]
        pts = self.centers + self.sea_centers
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self.box = (min(xs) - 1.2 * S, min(ys) - 1.3 * S, max(xs) - min(xs) + 2.4 * S,
                    max(ys) - min(ys) + 2.9 * S)
        names = list((b.get("features") or {}).get("hexes", {})) + \
            list((b.get("features") or {}).get("edges", {})) + \
            list((b.get("features") or {}).get("vertices", {})) + \
            list((b.get("features") or {}).get("sea", {}))
        self.feature_color = {n: FEATURE[i % len(FEATURE)] for i, n in enumerate(names)}
        self.static = self._sea_layer(board_seed) + self._harbors(board_seed) + self._features()
        self.inner = self._inner_places()

    # ---- the layers that never change ---------------------------------------------------------
    def _sea_layer(self, board_seed: int) -> str:
        b = self.ir["board"]
        numbers: dict[int, tuple[str, tuple[int, ...]]] = {}
        dealt = dict(realize.realize_board(self.ir, board_seed).feature_numbers) \
            if realize.needs_realization(self.ir) else \
            {n: tuple(tuple(x) for x in e) for n, e in (b.get("feature_numbers") or {}).items()}
        for name, seas in ((b.get("features") or {}).get("sea") or {}).items():
            for sid, nums in zip(seas, dealt.get(name, ())):
                numbers[sid] = (name, tuple(nums))
        out = ['<g class="sea">']
        for i, s in enumerate(self.sea):
            poly = " ".join(_pt(p) for p in g.hex_corner_points((s["q"], s["r"]), S))
            out.append(f'<polygon class="sea-hex" data-sea="{s["q"]},{s["r"]}" points="{poly}" '
                       f'fill="{SEA}" stroke="{SEA_LINE}" stroke-width="1"/>')
            if i in numbers:
                name, nums = numbers[i]
                (x, y), col = self.sea_centers[i], self.feature_color.get(name, INK)
                out.append(f'<g class="feature-number"><title>{_a(name)} {" ".join(map(str, nums))}'
                           f'</title><circle cx="{x:.1f}" cy="{y:.1f}" r="{0.3 * S:.1f}" '
                           f'fill="{TOKEN}" stroke="{col}" stroke-width="3"/>'
                           f'<text x="{x:.1f}" y="{y + 5:.1f}" class="num">'
                           f'{" ".join(map(str, nums))}</text></g>')
        out.append("</g>")
        return "".join(out)

    def _harbors(self, board_seed: int) -> str:
        out = ['<g class="harbors">']
        board = self.ir["board"]
        dealt = realize.dealt_harbors(board, realize.realize_board(self.ir, board_seed)) \
            if board.get("harbor_shuffle") else board.get("harbors", [])   # types as dealt this game
        for h in dealt:
            verts = h.get("vertices") or []
            if h.get("sea") is not None and h["sea"] < len(self.sea_centers) and h.get("edge") is not None:
                a, b = self.ends[h["edge"]]
                at = _mix(self.sea_centers[h["sea"]], _mix(a, b, 0.5), 0.35)
            elif verts:
                at = _mix(self.vpts[verts[0]], self.vpts[verts[-1]], 0.5)
            else:
                continue
            label = f"{h['ratio']}:1" + (f" {h['resource']}" if h.get("resource") else "")
            for v in verts:
                out.append(f'<line x1="{at[0]:.1f}" y1="{at[1]:.1f}" x2="{self.vpts[v][0]:.1f}" '
                           f'y2="{self.vpts[v][1]:.1f}" class="harbor-line"/>')
            out.append(f'<g class="harbor"><title>harbor {_a(label)}</title>'
                       f'<rect x="{at[0] - 20:.1f}" y="{at[1] - 8:.1f}" width="40" height="16" rx="4"/>'
                       f'<text x="{at[0]:.1f}" y="{at[1] + 4:.1f}">{_a(label)}</text></g>')
        out.append("</g>")
        return "".join(out)

    def _features(self) -> str:
        feats = self.ir["board"].get("features") or {}
        out = ['<g class="features">']
        for name, ids in (feats.get("edges") or {}).items():
            col = self.feature_color[name]
            for e in ids:
                (x1, y1), (x2, y2) = self.ends[e]
                out.append(f'<line class="feature-edge" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                           f'y2="{y2:.1f}" stroke="{col}"><title>{_a(name)}</title></line>')
        for name, ids in (feats.get("vertices") or {}).items():
            col = self.feature_color[name]
            for v in ids:
                x, y = self.vpts[v]
                out.append(f'<circle class="feature-vertex" cx="{x:.1f}" cy="{y:.1f}" r="11" '
                           f'stroke="{col}"><title>{_a(name)}</title></circle>')
        for name, ids in (feats.get("hexes") or {}).items():
            col = self.feature_color[name]
            for h in ids:
                x, y = self.centers[h]
                out.append(f'<text class="feature-hex" x="{x:.1f}" y="{y - 0.45 * S:.1f}" '
                           f'fill="{col}">{_a(name.replace("_", " "))}</text>')
        out.append("</g>")
        return "".join(out)

    def _inner_places(self) -> str:
        """Paths and intersections inside a hex (a plaza and its paths), drawn over the tile."""
        out = ['<g class="inner">']
        for e, key in enumerate(self.ekeys):
            if g.is_inner_path_key(key):
                (x1, y1), (x2, y2) = self.ends[e]
                out.append(f'<line class="inner-path" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                           f'y2="{y2:.1f}"/>')
        for v, key in enumerate(self.vkeys):
            if g.is_centre_key(key):
                x, y = self.vpts[v]
                out.append(f'<circle class="inner-place" cx="{x:.1f}" cy="{y:.1f}" r="6"/>')
        out.append("</g>")
        return "".join(out)

    # ---- a position --------------------------------------------------------------------------
    def svg(self, view: Any, game: Any, targets: dict[tuple[str, int], list[str]],
            colors: tuple[str, ...]) -> str:
        """The whole picture of ``view`` (a renderer ``StateView``); ``targets`` maps a place
        (``("hex"|"vertex"|"edge", id)``) to the texts of the legal actions played there."""
        x, y, w, h = self.box
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="{x:.0f} {y:.0f} '
               f'{w:.0f} {h:.0f}" role="img" aria-label="the board">',
               '<defs><pattern id="idle" width="8" height="8" patternUnits="userSpaceOnUse" '
               'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" stroke="#333" '
               'stroke-width="2"/></pattern></defs>', self.static]
        out.append(self._sea_targets(targets))
        out.append(self._land(view, targets))
        out.append(self.inner)
        out.append(self._edges(view, game, colors))
        out.append(self._vertices(view, game, colors))
        out.append(self._robber(view, game))
        # The places to click come last, above every piece, unit and marker: a wagon or a
        # barbarian standing on a path must not swallow the click meant for that path.
        out.append(self._spots(targets))
        out.append("</svg>")
        return "".join(out)

    def _sea_targets(self, targets: dict) -> str:
        """A sea hex an action is played on (the pirate's moves: a sea hex's id follows the
        land's), drawn over the sea as a place to click."""
        out = []
        for i, s in enumerate(self.sea):
            h = len(self.hex_key) + i
            acts = targets.get(("hex", h), [])
            if acts:
                poly = " ".join(_pt(p) for p in g.hex_corner_points((s["q"], s["r"]), S))
                out.append(f'<g class="hex sea target" data-sea="{s["q"]},{s["r"]}" data-id="{h}"'
                           f'{_action_attrs(acts)}><title>sea hex {h} ({s["q"]},{s["r"]})'
                           f'{"".join(" · " + _a(a) for a in acts)}</title><polygon '
                           f'points="{poly}" fill="{SEA}" stroke="{SEA_LINE}"/></g>')
        return "".join(out)

    def _land(self, view: Any, targets: dict) -> str:
        bd = self.board
        out = ['<g class="land">']
        for i, key in enumerate(self.hex_key):
            cx, cy = self.centers[i]
            terrain = bd.hex_terrain[i]
            # A hex whose terrain is not known yet (a face-down tile) is drawn face down.
            down = terrain is None
            poly = self.polys[i]
            acts = targets.get(("hex", i), [])
            attrs = _action_attrs(acts)
            out.append(f'<g class="hex{" target" if acts else ""}{" face-down" if down else ""}" '
                       f'data-hex="{key}" data-id="{i}"{attrs}>'
                       f'<title>hex {i} ({key}){": " + _a(terrain) if terrain else " face down"}'
                       f'{"".join(" · " + _a(a) for a in acts)}</title>'
                       f'<polygon points="{poly}" fill="{"#8d8d8d" if down else _terrain_color(self.ir, terrain)}" '
                       f'stroke="{LAND_LINE}" stroke-width="3"/>')
            if down:
                out.append(f'<text class="terrain" x="{cx:.1f}" y="{cy + 8:.1f}">?</text>')
            else:
                out.append(f'<text class="terrain" x="{cx:.1f}" y="{cy + 0.62 * S:.1f}">'
                           f'{_a(terrain.replace("_", " "))}</text>')
                nums = bd.hex_numbers[i]
                if nums:
                    hot = any(n in (6, 8) for n in nums)
                    r = 0.3 * S if len(nums) == 1 else 0.38 * S
                    out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{TOKEN}" '
                               f'stroke="#6d5c3d"/><text class="num{" hot" if hot else ""}'
                               f'{" many" if len(nums) > 1 else ""}" '
                               f'x="{cx:.1f}" y="{cy + 4:.1f}">{" ".join(map(str, nums))}</text>')
                    if len(nums) == 1:
                        out.append(f'<text class="pips" x="{cx:.1f}" y="{cy + 12:.1f}">'
                                   f'{"•" * _pips(nums[0])}</text>')
            if i in view.idle_hexes:
                out.append(f'<polygon points="{poly}" fill="url(#idle)" opacity="0.5"/>')
            for k, (label, n) in enumerate(view.hex_markers.get(i, ())):
                mx, my = cx + 0.45 * S, cy - 0.42 * S + k * 18
                out.append(f'<g class="marker"><title>{n} {_a(label)}</title>'
                           f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="9"/>'
                           f'<text x="{mx:.1f}" y="{my + 4:.1f}">{n}</text></g>')
            out.append("</g>")
        out.append("</g>")
        return "".join(out)

    def _edges(self, view: Any, game: Any, colors: tuple[str, ...]) -> str:
        edge_kinds = [k for k in game.piece_names if game.piece_on_edge[game.piece_names.index(k)]]
        out = ['<g class="paths">']
        for e, (kind, owner) in sorted(view.pieces_on_edges.items()):
            out.append(self._edge_piece(e, kind, owner, edge_kinds, colors, 0))
        for e, more in sorted(view.more_on_edges.items()):
            for k, (kind, owner) in enumerate(more, 1):
                out.append(self._edge_piece(e, kind, owner, edge_kinds, colors, k))
        for e, markers in sorted(view.edge_markers.items()):
            (x1, y1), (x2, y2) = self.ends[e]
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            for k, (label, n) in enumerate(markers):
                out.append(f'<g class="marker"><title>{n} {_a(label)} on path {e}</title>'
                           f'<rect x="{mx - 7 + 12 * k:.1f}" y="{my - 7:.1f}" width="14" height="14"/>'
                           f'<text x="{mx + 12 * k:.1f}" y="{my + 4:.1f}">{n}</text></g>')
        out.append("</g>")
        return "".join(out)

    def _edge_piece(self, e: int, kind: str, owner: int, edge_kinds: list[str],
                    colors: tuple[str, ...], k: int) -> str:
        a, b = self.ends[e]
        col = colors[owner % len(colors)] if owner >= 0 else NEUTRAL
        tip = f"{_owner_word(owner)} {kind} on path {e} ({self.ekeys[e]})"
        if kind in edge_kinds and k == 0:
            dash = ' stroke-dasharray="9 5"' if edge_kinds.index(kind) > 0 else ""
            p, q = _mix(a, b, 0.14), _mix(a, b, 0.86)
            return (f'<g class="piece" data-piece="{_a(kind)}" data-owner="{owner}"><title>{_a(tip)}'
                    f'</title><line x1="{p[0]:.1f}" y1="{p[1]:.1f}" x2="{q[0]:.1f}" y2="{q[1]:.1f}" '
                    f'class="road-edge"/><line x1="{p[0]:.1f}" y1="{p[1]:.1f}" x2="{q[0]:.1f}" '
                    f'y2="{q[1]:.1f}" class="road" stroke="{col}"{dash}/></g>')
        # A unit or a chain piece: a bead on the path, beside what else stands there.
        dx, dy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(dx, dy) or 1.0
        off = 9.0 * k
        cx, cy = (a[0] + b[0]) / 2 - dy / norm * off, (a[1] + b[1]) / 2 + dx / norm * off
        return (f'<g class="unit" data-piece="{_a(kind)}" data-owner="{owner}"><title>{_a(tip)}</title>'
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="7" fill="{col}"/>'
                f'<text x="{cx:.1f}" y="{cy + 3.5:.1f}">{_a(kind[:1].upper())}</text></g>')

    def _vertices(self, view: Any, game: Any, colors: tuple[str, ...]) -> str:
        out = ['<g class="intersections">']
        for v, (kind, owner) in sorted(view.pieces_on_vertices.items()):
            x, y = self.vpts[v]
            col = colors[owner % len(colors)] if owner >= 0 else NEUTRAL
            k = game.piece_names.index(kind) if kind in game.piece_names else -1
            marks = view.marks.get(f"v{v}", ())
            tip = f"{_owner_word(owner)} {kind} at intersection {v} ({self.vkeys[v]})" + \
                (f" — {', '.join(marks)}" if marks else "")
            if k >= 0 and game.piece_upgrades[k] >= 0:          # drawn as a city
                shape = (f'<path d="M{x - 11:.1f},{y + 8:.1f} V{y - 2:.1f} L{x - 5:.1f},{y - 9:.1f} '
                         f'L{x + 1:.1f},{y - 2:.1f} H{x + 11:.1f} V{y + 8:.1f} Z" fill="{col}"/>')
            else:
                shape = (f'<path d="M{x - 7:.1f},{y + 7:.1f} V{y - 2:.1f} L{x:.1f},{y - 9:.1f} '
                         f'L{x + 7:.1f},{y - 2:.1f} V{y + 7:.1f} Z" fill="{col}"/>')
            out.append(f'<g class="piece" data-piece="{_a(kind)}" data-owner="{owner}">'
                       f'<title>{_a(tip)}</title>{shape}</g>')
        for v, units in sorted(view.vertex_units.items()):
            x, y = self.vpts[v]
            for k, (label, owner) in enumerate(units):
                col = colors[owner % len(colors)] if owner >= 0 else NEUTRAL
                ux, uy = x + 10 + 9 * k, y + 10
                out.append(f'<g class="unit" data-piece="{_a(label)}" data-owner="{owner}"><title>'
                           f'{_a(_owner_word(owner))} {_a(label)} at intersection {v}</title>'
                           f'<rect x="{ux - 6:.1f}" y="{uy - 6:.1f}" width="12" height="12" '
                           f'transform="rotate(45 {ux:.1f} {uy:.1f})" fill="{col}"/></g>')
        out.append("</g>")
        return "".join(out)

    def _spots(self, targets: dict) -> str:
        """Every path and intersection as a place to click (transparent and inert unless an
        action is played there)."""
        out = ['<g class="spots">']
        for e, key in enumerate(self.ekeys):
            (x1, y1), (x2, y2) = self.ends[e]
            acts = targets.get(("edge", e), [])
            out.append(f'<line class="spot{" target" if acts else ""}" data-edge="{e}" '
                       f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
                       f'{_action_attrs(acts)}><title>path {e} ({key})'
                       f'{"".join(" · " + _a(a) for a in acts)}</title></line>')
        for v, key in enumerate(self.vkeys):
            x, y = self.vpts[v]
            acts = targets.get(("vertex", v), [])
            out.append(f'<circle class="spot{" target" if acts else ""}" data-vertex="{v}" '
                       f'cx="{x:.1f}" cy="{y:.1f}" r="9"{_action_attrs(acts)}>'
                       f'<title>intersection {v} ({key}){"".join(" · " + _a(a) for a in acts)}'
                       f'</title></circle>')
        out.append("</g>")
        return "".join(out)

    def _robber(self, view: Any, game: Any) -> str:
        return self._land_robber(view) + "".join(self._sea_robber(name, h)
                                                 for name, h in view.robbers)

    def _sea_robber(self, name: str, h: int) -> str:
        """A declared robber on the sea (its hex id follows the land's): a dark hull and sail."""
        i = h - len(self.hex_key)
        if not 0 <= i < len(self.sea_centers):
            return ""
        x, y = self.sea_centers[i]
        return (f'<g class="robber sea-robber" data-robber="{_a(name)}"><title>the {_a(name)}: '
                f'sea hex {h}</title><path d="M{x - 12:.1f},{y + 2:.1f} L{x + 12:.1f},{y + 2:.1f} '
                f'L{x + 8:.1f},{y + 9:.1f} L{x - 8:.1f},{y + 9:.1f} Z"/><path d="M{x:.1f},'
                f'{y - 14:.1f} L{x:.1f},{y:.1f} L{x - 10:.1f},{y:.1f} Z"/></g>')

    def _land_robber(self, view: Any) -> str:
        if view.robber_hex is not None:
            cx, cy = self.centers[view.robber_hex]
            x, y, where = cx - 0.5 * S, cy - 0.05 * S, self.hex_key[view.robber_hex]
        elif view.robber_off_board:
            x, y, where = self.box[0] + 0.6 * S, self.box[1] + 0.6 * S, "off the board"
        else:
            return ""
        return (f'<g class="robber" data-robber="{where}"><title>the robber: {where}</title>'
                f'<path d="M{x - 7:.1f},{y + 12:.1f} L{x + 7:.1f},{y + 12:.1f} L{x + 3:.1f},{y - 2:.1f} '
                f'L{x - 3:.1f},{y - 2:.1f} Z"/><circle cx="{x:.1f}" cy="{y - 7:.1f}" r="5.5"/>'
                + (f'<text x="{x:.1f}" y="{y + 26:.1f}">off the board</text>'
                   if view.robber_hex is None else "") + "</g>")


def _owner_word(owner: int) -> str:
    return seat_name(owner) if owner >= 0 else "neutral"


def _action_attrs(actions: list[str]) -> str:
    """One action: ``data-action``; several at one place: ``data-actions`` (the page asks which)."""
    if not actions:
        return ""
    if len(actions) == 1:
        return f' data-action="{_a(actions[0])}"'
    return f' data-actions="{_a(json.dumps(actions))}"'

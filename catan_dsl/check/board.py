"""One `board` declaration → its resolved land, tiles, pools, tokens, harbors and features, plus board diagnostics."""

from __future__ import annotations

from dataclasses import dataclass, field

from catan_dsl.check.board_hidden import HiddenPools
from catan_dsl.check.board_numbers import NumberChecks
from catan_dsl.check.context import CheckContext
from catan_dsl.check.sea import divided_sea
from catan_dsl.core import geometry as g
from catan_dsl.core.source import Span
from catan_dsl.core.topology import islands_of
from catan_dsl.syntax import ast as A

MAX_LAND = 400  # far beyond any published board; keeps a typo from building a huge topology
MAX_ROWS = 40   # rows of a 'layout rows', and hexes in one row


@dataclass
class BoardInfo:
    """What the compiler needs from a checked board (hexes as axial tuples, not ids yet)."""

    name: str
    land: list[g.Hex] = field(default_factory=list)  # reading order
    frame: list[g.Hex] | None = None  # None = every sea neighbour of the land
    terrain: dict[g.Hex, str | None] = field(default_factory=dict)
    numbers: dict[g.Hex, list[int]] = field(default_factory=dict)
    pool_of: dict[g.Hex, str] = field(default_factory=dict)
    pools: list[tuple[str, list[g.Hex], dict[str, int]]] = field(default_factory=list)
    numbers_spec: dict = field(default_factory=lambda: {"method": "fixed"})
    harbors: list[tuple[int, str | None, g.Hex, str]] = field(default_factory=list)
    # Per 'harbors shuffled' block, the indices (into harbors) whose types are dealt among them.
    harbor_shuffle: list[list[int]] = field(default_factory=list)
    robber: object = "robber_start_terrain"
    # Where each declared robber (robber NAME { on sea }) starts: a sea hex or "off_board".
    robbers: dict[str, object] = field(default_factory=dict)
    edge_sets: dict[str, list[tuple[g.Hex, str, str | None]]] = field(default_factory=dict)
    corner_sets: dict[str, list[tuple[g.Hex, str]]] = field(default_factory=dict)
    frame_sets: dict[str, list[tuple[g.Hex, list[int]]]] = field(default_factory=dict)
    hex_sets: dict[str, list[g.Hex]] = field(default_factory=dict)
    frame_shuffled: list[str] = field(default_factory=list)  # frame sets dealt at game start
    interiors: list[g.Hex] = field(default_factory=list)  # hexes with a centre and inner paths
    used_terrains: set[str] = field(default_factory=set)
    # Face-down hexes (pool NAME hidden at ...): hex → its pool; each pool's hexes, tiles and
    # tokens, in source order.
    hidden_of: dict[g.Hex, str] = field(default_factory=dict)
    hidden_pools: list[tuple[str, list[g.Hex], dict[str, int], list[int]]] = field(default_factory=list)
    tile_of: dict[g.Hex, A.Tile] = field(default_factory=dict)  # hexes the `tiles` list fills
    ok: bool = True


class _BoardChecker(NumberChecks, HiddenPools):
    def __init__(self, b: A.Board, c: CheckContext) -> None:
        self.b, self.c, self.r = b, c, c.r
        self.info = BoardInfo(b.name.value)
        self.errors_before = len([d for d in self.r.diagnostics if d.severity.value == "error"])
        self.land_set: set[g.Hex] = set()
        self.coast: set[g.Hex] = set()
        self.frame_set: set[g.Hex] = set()
        self.tile_span: dict[g.Hex, Span] = {}

    def items(self, *types: type) -> list:
        return [i for i in self.b.items if isinstance(i, types)]

    def one(self, *types: type) -> A.Node | None:
        found = self.items(*types)
        for extra in found[1:]:
            self.r.error("E205", extra.span, what="board setting", name=type(extra).__name__.lower(),
                         notes=(("first given here", found[0].span),))
        return found[0] if found else None

    def land_hex(self, coord: A.Coord) -> bool:
        if coord.hex in self.land_set:
            return True
        self.r.error("E301", coord.span, hex=str(coord),
                     hint="land hexes are listed by the board's layout")
        return False

    # --- steps ----------------------------------------------------------------------------
    def run(self) -> BoardInfo:
        if self.layout():
            self.sea()
            self.tiles_and_pools()
            self.numbers()
            self.harbors()
            self.robber()
            self.features()
        errors_now = len([d for d in self.r.diagnostics if d.severity.value == "error"])
        self.info.ok = errors_now == self.errors_before
        return self.info

    def layout(self) -> bool:
        lay = self.one(A.LayoutRows, A.LayoutHexes, A.LayoutHexagon)
        hexes: list[g.Hex] = []
        if isinstance(lay, A.LayoutRows):
            if len(lay.lengths) > MAX_ROWS:
                self.too_large(lay, f"{len(lay.lengths)} rows", MAX_ROWS)
                return False
            if not all([self.c.num(n, "a row length", most=MAX_ROWS) for n in lay.lengths]):
                return False                 # said at each row (E211/E212), not "no land" too
            hexes = [h for row in g.rows_layout(n.value for n in lay.lengths) for h in row]
        elif isinstance(lay, A.LayoutHexagon):
            if not self.c.num(lay.radius, "a hexagon radius", least=0, most=10):
                return False
            hexes = g.hexagon(lay.radius.value)
        elif isinstance(lay, A.LayoutHexes):
            seen: dict[g.Hex, A.Coord] = {}
            for cd in lay.coords:
                if cd.hex in seen:
                    self.r.error("E310", cd.span, hex=str(cd), hint="list each hex once: delete one",
                                 notes=(("first given here", seen[cd.hex].span),))
                elif max(abs(cd.q), abs(cd.r)) > 50:
                    self.c.num(A.Num(cd.span, max(abs(cd.q), abs(cd.r))), "a coordinate", most=50)
                else:
                    seen[cd.hex] = cd
                    hexes.append(cd.hex)
        if not hexes:
            self.r.error("E313", self.b.name.span, name=self.b.name.value,
                         hint="add e.g. 'layout rows 3 4 5 4 3'")
            return False
        if len(hexes) > MAX_LAND:
            self.too_large(lay, f"{len(hexes)} land hexes", MAX_LAND)  # type: ignore[arg-type]
            return False
        self.info.land = sorted(hexes, key=g.sort_key_hex)
        self.land_set = set(hexes)
        self.coast = {h for h in hexes if any(n not in self.land_set for n in g.neighbors(h))}
        self.check_islands(lay)
        return True

    def too_large(self, lay: A.Node, what: str, most: int) -> None:
        """E320: a layout past a documented bound (docs/limits.md), said at the layout."""
        self.r.error("E320", lay.span, name=self.b.name.value, what=what, most=most,
                     hint=f"a board has at most {MAX_ROWS} rows of at most {MAX_ROWS} hexes and "
                          f"{MAX_LAND} land hexes in all (docs/limits.md)")

    def check_islands(self, lay: A.Node | None) -> None:
        """E304 unless the land forms as many islands as ``islands N`` says (default 1); each
        island too many is named by its hexes, the smallest first."""
        decl = self.one(A.Islands)
        want = decl.count.value if isinstance(decl, A.Islands) else 1  # type: ignore[union-attr]
        islands = islands_of(self.info.land)
        if len(islands) == want:
            return
        span = decl.span if decl is not None and len(islands) < want else lay.span  # type: ignore[union-attr]
        if len(islands) < want:
            self.r.error("E304", span, what=f"the land forms {len(islands)} island"
                         f"{'s' if len(islands) != 1 else ''}, not {want}",
                         hint="separate the islands by at least one sea hex, or say 'islands "
                              f"{len(islands)}'")
            return
        for extra in reversed(islands[want:]):           # the smallest first
            if isinstance(lay, A.LayoutHexes):
                span = next(cd.span for cd in lay.coords if cd.hex == extra[0])
            hexes = ", ".join(g.fmt_hex(h) for h in extra)
            self.r.error("E304", span, what=f"land is not connected: hex{'es' if len(extra) > 1 else ''} "
                         f"{hexes} form{'s' if len(extra) == 1 else ''} an island of "
                         f"{len(extra)} beyond the {want} the board has",
                         hint=f"join them to the land, or say 'islands {len(islands)}'")

    def sea(self) -> None:
        sea = self.one(A.SeaRing, A.SeaHexes)
        ring = {n for h in self.land_set for n in g.neighbors(h) if n not in self.land_set}
        if isinstance(sea, A.SeaHexes):
            frame = []
            for cd in sea.coords:
                if cd.hex in self.land_set:
                    self.r.error("E206", cd.span, message=f"sea hex {cd} is a land hex of the layout")
                elif cd.hex not in frame:
                    frame.append(cd.hex)
            self.info.frame = sorted(frame, key=g.sort_key_hex)
            self.frame_set = set(frame)
        else:
            self.frame_set = ring
        divided_sea(self.c, self.frame_set, self.land_set, sea.span if sea else self.b.name.span)

    def tiles_and_pools(self) -> None:
        info, c = self.info, self.c
        taken: dict[g.Hex, Span] = {}

        def claim(h: g.Hex, span: Span) -> bool:
            if h in taken:
                self.r.error("E310", span, hex=g.fmt_hex(h), notes=(("first placed here", taken[h]),),
                             hint="a hex takes one tile: delete one of the two, or move it")
                return False
            taken[h] = span
            return True

        def place(h: g.Hex, tile: A.Tile | A.HexTile, span: Span) -> None:
            name = tile.terrain.value
            info.used_terrains.add(name)
            if not c.ref(tile.terrain, c.terrains, "E202"):
                return
            info.terrain[h] = name
            info.numbers[h] = [n.value for n in tile.numbers]
            self.tile_span[h] = span
            for n in tile.numbers:
                c.token_number(n)
            if tile.numbers and not self.takes_token(name):
                self.r.error("E206", tile.numbers[0].span,
                             message=f"{name} takes no number token",
                             hint=f"remove the number after {name}")
            if h in self.coast and self.never_on_coast(name):
                self.r.error("E303", span, terrain=name, hex=g.fmt_hex(h),
                             hint=f"move {name} to an inner hex")

        for ht in self.items(A.HexTile):
            if self.land_hex(ht.coord) and claim(ht.coord.hex, ht.span):
                place(ht.coord.hex, ht, ht.span)
        self.hidden(claim)
        pools = [p for p in self.items(A.Pool) if not p.hidden]
        slotted = [p for p in pools if p.slots is not None]
        rest_pools = [p for p in pools if p.slots is None]
        pool_slots: dict[str, list[g.Hex]] = {}
        for p in slotted:
            slots: list[g.Hex] = []
            if isinstance(p.slots, A.PoolOn) and c.word(p.slots.where, ("coast", "inner"), "pool place"):
                want_coast = p.slots.where.value == "coast"
                slots = [h for h in info.land if (h in self.coast) == want_coast and h not in taken]
                for h in slots:
                    taken[h] = p.span
            elif isinstance(p.slots, A.PoolAt):
                for cd in p.slots.coords:
                    if self.land_hex(cd) and claim(cd.hex, cd.span):
                        slots.append(cd.hex)
            pool_slots[p.name.value] = sorted(slots, key=g.sort_key_hex)
        for tiles in self.items(A.Tiles)[:1]:
            free = [h for h in info.land if h not in taken]
            if len(tiles.tiles) != len(free):
                self.r.error("E311", tiles.span, tiles=len(tiles.tiles), hexes=len(free),
                             hint="one tile per hex, in reading order (top row first, left to right)")
            for h, t in zip(free, tiles.tiles):
                taken[h] = t.span
                info.tile_of[h] = t
                place(h, t, t.span)
            for h in free[len(tiles.tiles):]:
                taken[h] = tiles.span  # already reported as E311; no E314 per hex on top
        for extra in self.items(A.Tiles)[1:]:
            self.r.error("E205", extra.span, what="board setting", name="tiles")
        free = [h for h in info.land if h not in taken]
        for p in rest_pools[:1]:
            pool_slots[p.name.value] = free
            free = []
        for p in rest_pools[1:]:
            self.r.error("E207", p.span, message="only one pool may take the remaining hexes",
                         hint="give the others 'on coast', 'on inner' or 'at q,r ...'")
        names: dict[str, A.Pool] = {p.name.value: p for p in self.items(A.Pool) if p.hidden}
        for p in pools:
            if p.name.value in names:
                self.r.error("E205", p.name.span, what="pool", name=p.name.value)
                continue
            names[p.name.value] = p
            tiles_n: dict[str, int] = {}
            for a in p.tiles:
                info.used_terrains.add(a.name.value)
                if c.ref(a.name, c.terrains, "E202") and c.num(a.n, "a pool count"):
                    tiles_n[a.name.value] = tiles_n.get(a.name.value, 0) + a.n.value
            slots = pool_slots.get(p.name.value, [])
            total = sum(tiles_n.values())
            if total != len(slots):
                self.r.error("E305", p.span, name=p.name.value, tiles=total, slots=len(slots),
                             hint="add or remove tiles so each slot gets exactly one")
            # The shuffle deals tiles that may not touch the sea into inland slots first
            # (ir.realize), so a pool is wrong only when it has too few inland slots for them.
            inland = [h for h in slots if h not in self.coast]
            need = 0
            for a in p.tiles:
                if a.name.value in tiles_n and self.never_on_coast(a.name.value):
                    need += a.n.value if isinstance(a.n.value, int) else 0
                    coastal = [h for h in slots if h in self.coast]
                    if coastal and need > len(inland):
                        self.r.error("E303", a.span, terrain=a.name.value, hex=g.fmt_hex(coastal[0]),
                                     hint=f"the pool has {len(inland)} inland slot(s) for {need} such tiles; "
                                          "put them in a pool 'on inner'")
            for h in slots:
                info.pool_of[h] = p.name.value
                info.terrain[h] = None
                info.numbers[h] = []
            info.pools.append((p.name.value, slots, tiles_n))
        if free:
            # One error for the board, naming every such hex (a layout without tiles at all
            # would be an error per hex).
            shown = ", ".join(g.fmt_hex(h) for h in free[:12]) + (", ..." if len(free) > 12 else "")
            self.r.error("E314", self.b.name.span,
                         message=f"hex {shown} gets no terrain" if len(free) == 1
                         else f"{len(free)} hexes get no terrain: {shown}",
                         hint="add a tile for it, or a pool that fills the remaining hexes"
                         if len(free) == 1 else "add tiles for them ('tiles { ... }' in reading "
                         "order, or 'hex q,r TERRAIN'), or a pool that fills them")

    def terrain_prop(self, name: str, cls: type) -> A.Node | None:
        t = self.c.terrains.get(name)
        return next((p for p in t.props if isinstance(p, cls)), None) if t else None  # type: ignore[attr-defined]

    def takes_token(self, name: str) -> bool:
        return self.terrain_prop(name, A.NoToken) is None and self.terrain_prop(name, A.TerrainNumbers) is None

    def never_on_coast(self, name: str) -> bool:
        return self.terrain_prop(name, A.NeverOnCoast) is not None

    def harbors(self) -> None:
        seen: dict[g.Hex, A.Harbor] = {}
        for block in self.items(A.Harbors):
            dealt: list[int] = []
            for hb in block.harbors:
                ok = self.c.num(hb.give, "a harbor ratio") & self.c.num(hb.get, "a harbor ratio")
                if ok and hb.get.value != 1:
                    self.r.error("E206", hb.get.span, message=f"harbors trade N:1, not {hb.give.value}:{hb.get.value}")
                    ok = False
                if hb.resource is not None:
                    ok = self.c.resource(hb.resource) and ok
                ok = self.land_hex(hb.coord) and ok
                if not self.c.word(hb.side, g.SIDE_NAMES, "side (NE E SE SW W NW)") or not ok:
                    continue
                sea = g.neighbor(hb.coord.hex, hb.side.value)
                if sea in self.land_set or sea not in self.frame_set:
                    self.r.error("E302", hb.span, hex=str(hb.coord), side=hb.side.value,
                                 hint=self._coast_hint(hb.coord.hex))
                    continue
                if sea in seen:
                    self.r.error("E205", hb.span, what="harbor on sea hex", name=g.fmt_hex(sea),
                                 notes=(("the other harbor", seen[sea].span),))
                    continue
                seen[sea] = hb
                dealt.append(len(self.info.harbors))
                self.info.harbors.append((hb.give.value, hb.resource.value if hb.resource else None,
                                          hb.coord.hex, hb.side.value))
            if block.shuffled and len(dealt) > 1:
                self.info.harbor_shuffle.append(dealt)
        self.harbor_seas = set(seen)

    def _coast_hint(self, h: g.Hex) -> str:
        sides = [d for d in g.SIDE_NAMES if g.neighbor(h, d) in self.frame_set]
        if not sides:
            return f"{g.fmt_hex(h)} is an inner hex; harbors go on coastal hexes"
        return f"coast sides of {g.fmt_hex(h)}: " + " ".join(sides)

    def robber(self) -> None:
        rb = self.one(A.RobberAt)
        if isinstance(rb, A.RobberAt):
            if rb.coord is None:
                self.info.robber = "off_board"
            elif self.land_hex(rb.coord):
                self.info.robber = rb.coord.hex
        declared = self.c.m.named("robber")
        seen: dict[str, A.NamedRobberAt] = {}
        for it in self.items(A.NamedRobberAt):
            name = it.name.value
            if not self.c.ref(it.name, declared, "E407", what="robber"):
                continue
            if name in seen:
                self.r.error("E205", it.span, what="robber start", name=name,
                             notes=(("first given here", seen[name].span),))
                continue
            seen[name] = it
            if it.coord is None:
                self.info.robbers[name] = "off_board"
            elif it.coord.hex not in self.frame_set:
                what = "a land hex" if it.coord.hex in self.land_set else "not a sea hex of the board"
                self.r.error("E206", it.coord.span, message=f"robber {name} stands on the sea, "
                             f"but {it.coord} is {what}",
                             hint="name a hex of the board's sea (its 'sea hexes' or the ring "
                                  "around the land)")
            else:
                self.info.robbers[name] = it.coord.hex

    def features(self) -> None:
        info = self.info
        for it in self.items(A.Interiors):
            for cd in it.coords:
                if cd.hex in info.interiors:
                    self.r.error("E310", cd.span, hex=str(cd), hint="list each hex once: delete one")
                elif self.land_hex(cd):
                    info.interiors.append(cd.hex)
        names: dict[tuple[str, str], A.FeatureSet] = {}
        for fs in self.items(A.FeatureSet):
            key = (fs.kind, fs.name.value)
            if key in names:
                self.r.error("E205", fs.name.span, what=f"{fs.kind} feature", name=fs.name.value,
                             notes=(("first defined here", names[key].name.span),))
                continue
            names[key] = fs
            seen: set = set()
            out: list = []
            for ref in fs.refs:
                item = self.feature_ref(fs, ref)
                if item is None:
                    continue
                k = {"edges": item[:2], "vertices": item, "sea": item[0]}.get(fs.kind, item)  # type: ignore[index]
                if k in seen:
                    self.r.error("E310", ref.span, hex=str(getattr(ref, "coord", ref)),
                                 hint="a feature lists each place once: delete one")
                    continue
                seen.add(k)
                out.append(item)
            {"edges": info.edge_sets, "vertices": info.corner_sets, "sea": info.frame_sets,
             "hexes": info.hex_sets}[fs.kind][fs.name.value] = out
            if fs.shuffled:
                info.frame_shuffled.append(fs.name.value)

    def feature_ref(self, fs: A.FeatureSet, ref: A.Node) -> tuple | g.Hex | None:
        if isinstance(ref, A.EdgeRef):
            if self.land_hex(ref.coord) and self.c.word(ref.side, g.SIDE_NAMES, "side (NE E SE SW W NW)"):
                return (ref.coord.hex, ref.side.value, ref.mark.value if ref.mark else None)
        elif isinstance(ref, A.CornerRef):
            if self.land_hex(ref.coord) and self.c.word(ref.corner, g.CORNER_NAMES, "corner (N NE SE S SW NW)"):
                return (ref.coord.hex, ref.corner.value)
        elif isinstance(ref, A.FrameRef):
            for n in ref.numbers:
                self.c.token_number(n)
            h = ref.coord.hex
            if h not in self.frame_set:
                self.r.error("E312", ref.coord.span, hex=str(ref.coord),
                             hint="frame features sit on the sea hexes around the land")
                return None
            if h in getattr(self, "harbor_seas", set()):
                self.r.error("E308", ref.span, name=fs.name.value, hex=str(ref.coord),
                             hint="move the feature or the harbor to another sea hex")
                return None
            touching = [c for c in g.corners(h) if any(x in self.land_set for x in g.corner_hexes(c))]
            if len(touching) != 3:
                self.r.error("E309", ref.span, name=fs.name.value, hex=str(ref.coord), n=len(touching),
                             hint="pick a sea hex beside two land hexes")
                return None
            return (h, [n.value for n in ref.numbers])
        elif isinstance(ref, A.Coord):
            if self.land_hex(ref):
                return ref.hex
        return None


def analyze_board(b: A.Board, c: CheckContext) -> BoardInfo:
    """Check one board and resolve it; ``info.ok`` is False when it produced errors."""
    return _BoardChecker(b, c).run()

"""A board that extends another (``board NAME extends OTHER { ... }``) → one flat `A.Board`:
OTHER's items (flattened the same way) with this block's items applied over them."""

from __future__ import annotations

import dataclasses
from typing import Callable

from catan_dsl.check.reading import suggest
from catan_dsl.core import geometry as g
from catan_dsl.core.diagnostics import Report
from catan_dsl.syntax import ast as A

# Items of which a board has one: the block's own replaces the inherited one.
_SINGLE = (
    (A.LayoutRows, A.LayoutHexes, A.LayoutHexagon), (A.SeaRing, A.SeaHexes), (A.Islands,),
    (A.Tiles,), (A.NumbersSpiral, A.NumbersRandom, A.NumbersFixed), (A.Tokens,), (A.RobberAt,),
)

# The hexes the `tiles` list of an analysed board fills, by coordinate (check/board.py).
TilesOf = Callable[[A.Board], dict[g.Hex, A.Tile]]


def flatten(board: A.Board, boards: dict[str, A.Node], report: Report,
            tiles_of: TilesOf) -> A.Board | None:
    """``board`` with everything it inherits spelled out (itself when it extends nothing), or
    None when what it extends is unknown (E204) or extends it back (E210).

    ``tiles_of`` analyses a flattened parent quietly, for the hexes its `tiles` list fills: a
    `hex q,r ...` line of the child replaces that one tile."""
    line = [board]
    while line[-1].extends is not None:
        ident = line[-1].extends
        names = [b.name.value for b in line]
        if ident.value in names:
            loop = names[names.index(ident.value):] + [ident.value]
            report.error("E210", board.extends.span, what="board extends",  # type: ignore[union-attr]
                         chain=" -> ".join(loop),
                         hint="a board extends a board that does not extend it back")
            return None
        parent = boards.get(ident.value)
        if not isinstance(parent, A.Board):
            report.error("E204", ident.span, name=ident.value,
                         hint=suggest(ident.value, boards) or "a board extends another board "
                              "of the scenario or of what it extends: " + ", ".join(boards))
            return None
        line.append(parent)
    root = line[-1]
    if root is board:
        for w in root.items:
            if isinstance(w, A.WithoutHarbor):
                report.error("E206", w.span, message=f"board {board.name.value} extends no "
                             "board: it has no harbor to take away",
                             hint="drop the harbor from its 'harbors { ... }' instead")
        return board                    # the checker reads no 'without harbor' item
    flat = _own(root)
    for child in reversed(line[:-1]):
        base = flat
        items = _apply(list(base.items), child, report, lambda base=base: tiles_of(base))
        flat = A.Board(child.span, child.name, child.default, tuple(items))
    return flat


def _own(board: A.Board) -> A.Board:
    return A.Board(board.span, board.name, board.default,
                   tuple(i for i in board.items if not isinstance(i, A.WithoutHarbor)))


def _apply(inherited: list, board: A.Board, report: Report,
           tiles_of: Callable[[], dict[g.Hex, A.Tile]]) -> list:
    own = [i for i in board.items if not isinstance(i, A.WithoutHarbor)]
    replaced = {group for group in _SINGLE for i in own if isinstance(i, group)}
    # The hexes this block fills itself (a tile, or a slot of its own pool) replace the
    # inherited tiles and slots there.
    hex_tiles = {i.coord.hex for i in own if isinstance(i, A.HexTile)} | {
        cd.hex for i in own if isinstance(i, A.Pool) and isinstance(i.slots, A.PoolAt)
        for cd in i.slots.coords}
    pools = {i.name.value for i in own if isinstance(i, A.Pool)}
    features = {(i.kind, i.name.value) for i in own if isinstance(i, A.FeatureSet)}
    robbers = {i.name.value for i in own if isinstance(i, A.NamedRobberAt)}
    out: list = []
    for item in inherited:
        if any(isinstance(item, group) for group in replaced):
            continue
        if isinstance(item, A.Tiles) and hex_tiles:
            # A tile of the list replaced here: the list becomes one `hex` line per hex.
            filled = tiles_of()
            if hex_tiles & set(filled):
                out += [A.HexTile(t.span, A.Coord(t.span, *h), t.terrain, t.numbers)
                        for h, t in filled.items() if h not in hex_tiles]
                continue
        if isinstance(item, A.HexTile) and item.coord.hex in hex_tiles:
            continue
        if isinstance(item, A.Pool) and item.name.value in pools:
            continue
        if isinstance(item, A.Pool) and isinstance(item.slots, A.PoolAt) and hex_tiles:
            # A hex the pool would fill is fixed now; the pool says so if its count no longer
            # fits (E305): the block then declares the pool anew.
            at = tuple(cd for cd in item.slots.coords if cd.hex not in hex_tiles)
            item = A.Pool(item.span, item.name, A.PoolAt(item.slots.span, at), item.tiles,
                          item.hidden, item.tokens)
        if isinstance(item, A.FeatureSet) and (item.kind, item.name.value) in features:
            continue
        if isinstance(item, A.NamedRobberAt) and item.name.value in robbers:
            continue
        out.append(item)
    out = _harbors(out, board, report)
    return out + own


def _harbors(items: list, board: A.Board, report: Report) -> list:
    """The inherited harbors less those the block takes away (``without harbor``) or puts a
    harbor of its own on (the same coast side)."""
    own = {(hb.coord.hex, hb.side.value) for i in board.items if isinstance(i, A.Harbors)
           for hb in i.harbors}
    gone = {(w.coord.hex, w.side.value): w for w in board.items if isinstance(w, A.WithoutHarbor)}
    found: set = set()
    out = []
    for item in items:
        if not isinstance(item, A.Harbors):
            out.append(item)
            continue
        keep = []
        for hb in item.harbors:
            key = (hb.coord.hex, hb.side.value)
            if key in gone:
                found.add(key)
            elif key not in own:
                keep.append(hb)
        out.append(A.Harbors(item.span, tuple(keep), item.shuffled))
    for key, w in gone.items():
        if key not in found:
            report.error("E206", w.span, message=f"board {board.name.value} inherits no harbor at "
                         f"{w.coord} {w.side.value}",
                         hint=f"the harbors of {board.extends.value} are listed in its "  # type: ignore[union-attr]
                              "'harbors { ... }'; name one of them by its hex and side")
    return out


def inherited_notes(report: Report, since: int, board: A.Board) -> None:
    """Diagnostics from ``since`` on that point at an inherited item (in the parent's block)
    say which board inherited it: the parent alone may be fine."""
    span = board.span
    note = (f"inherited by board {board.name.value}, which extends {board.extends.value}", span)  # type: ignore[union-attr]
    for i in range(since, len(report.diagnostics)):
        d = report.diagnostics[i]
        inside = d.span.path == span.path and span.start <= d.span.start <= span.end
        if not inside:
            report.diagnostics[i] = dataclasses.replace(d, notes=tuple(d.notes) + (note,))

"""Merged `Model` → diagnostics for pieces on the water and their networks, declared robbers, and
set-up placements that offer a choice of pieces (``place settlement road|ship``)."""

from __future__ import annotations

from catan_dsl.check.context import CheckContext
from catan_dsl.core import geometry as g
from catan_dsl.core.source import Span
from catan_dsl.core.topology import islands_of
from catan_dsl.syntax import ast as A

PATH_PLACES = ("edge", "sea_edge")       # pieces that stand on paths (land, water)
ROBBER_PLACES = ("sea",)                 # where a declared robber stands (the land has its own)
LAND_ROBBER = "robber"                   # the land robber's word: no declared one takes it


def piece_place(piece: A.Node | None) -> str | None:
    """Where a declared piece stands (``edge``, ``sea_edge``, ``vertex``, ``hex``), or None."""
    for p in getattr(piece, "props", ()):
        if isinstance(p, A.PieceOn):
            return p.kind.value
    return None


def check_sea(c: CheckContext) -> None:
    """Networks only on path pieces; each declared robber says where it stands and robs pieces."""
    for piece in c.pieces.values():
        for p in piece.props:  # type: ignore[attr-defined]
            if isinstance(p, A.PieceNetwork) and piece_place(piece) in ("vertex", "hex"):
                c.r.error("E206", p.span, message=f"piece {piece.name.value} is not on a path: "  # type: ignore[attr-defined]
                          "only path pieces join a network",
                          hint="drop 'network', or put the piece 'on edge' or 'on sea_edge'")
    for r in c.m.named("robber").values():
        assert isinstance(r, A.RobberDecl)
        _robber(c, r)


def divided_sea(c: CheckContext, frame: set, land: set, span: Span) -> None:
    """W301 when ships sail (a piece on sea_edge) and a board's sea is in parts that touch
    nowhere: no ship crosses from one to another, so land only a small part touches is out of
    reach of the ships of the rest (an island whose sea ring does not meet the others')."""
    if not any(piece_place(p) == "sea_edge" for p in c.pieces.values()):
        return
    parts = islands_of(frame)
    if len(parts) < 2:
        return
    main = {h for s in parts[0] for h in g.neighbors(s) if h in land}
    for part in parts[1:]:
        alone = sorted({h for s in part for h in g.neighbors(s) if h in land} - main,
                       key=g.sort_key_hex)
        if alone:
            c.r.error("W301", span, n=len(parts), hexes=", ".join(map(g.fmt_hex, alone)),
                      hint="add sea hexes between them ('sea hexes ...'), or bring the land "
                           "nearer, so the sea is one")


def _robber(c: CheckContext, r: A.RobberDecl) -> None:
    name = r.name.value
    if name == LAND_ROBBER:
        c.r.error("E206", r.name.span, message='"robber" is the land robber: a second robber '
                  "needs a name of its own", hint="e.g. 'robber pirate { on sea }'")
    on = [p for p in r.props if isinstance(p, A.RobberDeclOn)]
    robs = [p for p in r.props if isinstance(p, A.RobberRobs)]
    for extra in (on[1:] + robs[1:]):
        c.r.error("E205", extra.span, what=f"property of robber {name}",
                  name="on" if isinstance(extra, A.RobberDeclOn) else "robs")
    if not on:
        c.r.error("E207", r.name.span, message=f"robber {name} does not say where it stands",
                  hint="add 'on sea'")
    else:
        c.word(on[0].where, ROBBER_PLACES, "place for a robber (the land has the robber)")
    for p in robs[:1]:
        for ident in p.pieces:
            c.ref(ident, c.pieces, "E203")


def check_alternatives(c: CheckContext, alts: A.Alternatives) -> None:
    """``road|ship``: every name a piece, all standing on the same kind of place."""
    places = set()
    for ident in alts.names:
        if c.ref(ident, c.pieces, "E203"):
            place = piece_place(c.pieces[ident.value])
            if place in (*PATH_PLACES, "vertex", "hex"):     # a wrong one is said where it is
                places.add("path" if place in PATH_PLACES else place)
    if len(places) > 1:
        c.r.error("E206", alts.span, message=f"set-up offers {alts.value}, pieces on different "
                  "kinds of place", hint="offer pieces that stand on the same kind of place "
                                         "(a road or a ship)")

"""Merged `Model` + analysed boards → diagnostics for counters, decks, players, neutral players and combinations."""

from __future__ import annotations

from catan_dsl.check.board import BoardInfo
from catan_dsl.check.load import Model
from catan_dsl.check.reading import suggest
from catan_dsl.core import geometry as g
from catan_dsl.core.diagnostics import Report
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R


def check_components(model: Model, report: Report, boards: dict[str, BoardInfo]) -> None:
    """The declarations the rules language adds (its rules, measures and chains are typed where
    they are lowered: compile.rules.lower_rules)."""
    for c in model.named("counter").values():
        assert isinstance(c, R.Counter)
        if c.start and c.supply and c.start.value > c.supply.value:
            report.error("E207", c.start.span, message=f"counter {c.name.value} starts at "
                         f"{c.start.value} per player but its supply is only {c.supply.value}")
    for m in model.named("marker").values():
        assert isinstance(m, R.Marker)
        if m.on is not None and m.on.value not in ("hex", "edge"):
            report.error("E206", m.on.span, message=f"marker {m.name.value} is on "
                         f"{m.on.value}: markers lie on hexes or paths",
                         hint="write 'on hex' or 'on edge'")
        if m.max is not None and m.max.value < 1:
            report.error("E206", m.max.span, message="a hex must hold at least 1 marker",
                         hint="drop 'max' for no limit")
    for u in model.named("unit").values():
        assert isinstance(u, R.Unit)
        if u.on is not None and u.on.value not in ("edge", "vertex"):
            report.error("E206", u.on.span, message=f"unit {u.name.value} is on "
                         f"{u.on.value}: units stand on paths or intersections",
                         hint="write 'on edge' or 'on vertex'")
    for d in model.named("deck").values():
        _deck(d, report, model)  # type: ignore[arg-type]
    if model.use_board is not None and model.use_board.name.value not in boards:
        name = model.use_board.name.value
        report.error("E204", model.use_board.name.span, name=name,
                     hint=suggest(name, boards) or ("boards: " + ", ".join(boards) if boards
                                                    else "declare a board first"))
    _players(model, report)
    _neutral(model, report, boards)


def _deck(d: R.Deck, report: Report, model: Model) -> None:
    items = {it.name.value: it for it in d.items}
    for it in d.items:
        if it.count.value < 1:
            report.error("E211", it.count.span, what="an item count", least=1, value=it.count.value,
                         hint="write x 1 or more, or delete the item")
    if not d.items:
        report.error("E207", d.name.span, message=f"deck {d.name.value} has no items",
                     hint="add 'token NAME value N x COUNT' or 'card NAME number N x COUNT'")
    total = sum(it.count.value for it in d.items)
    for s in d.props:
        if s.key == "marker" and s.values[1].value > total:  # type: ignore[union-attr]
            report.error("E207", s.values[1].span, message=f"marker after {s.values[1].value} "  # type: ignore[union-attr]
                         f"cards, but deck {d.name.value} holds only {total}")
        if s.key == "start":
            for name in s.values[0::2]:
                if name.value not in items:  # type: ignore[union-attr]
                    report.error("E407", name.span, what="deck item", name=name.value,  # type: ignore[union-attr]
                                 hint="declared: " + ", ".join(items))
        if s.key == "when_full" and s.values[0].value not in ("swap",):  # type: ignore[union-attr]
            report.error("E206", s.values[0].span, message=f'"{s.values[0].value}" is not a valid '  # type: ignore[union-attr]
                         "when_full rule", hint="use: swap")
        if s.key == "marker" and s.values[2].value not in ("reshuffle_and_draw",):  # type: ignore[union-attr]
            report.error("E206", s.values[2].span, message=f'"{s.values[2].value}" is not a valid '  # type: ignore[union-attr]
                         "marker action", hint="use: reshuffle_and_draw")
        if s.key == "marker" and len(s.values) > 3:
            unless = s.values[3]
            options = model.named("option")
            if unless.value not in options:  # type: ignore[union-attr]
                report.error("E407", unless.span, what="option", name=unless.value,  # type: ignore[union-attr]
                             hint="declared: " + (", ".join(options) or "none"))


def _range(p: A.Players) -> tuple[int, int]:
    return p.min.value, (p.max or p.min).value


def _players(model: Model, report: Report) -> None:
    """A variant's player range must meet every scenario's of the composition (E411)."""
    kinds = {u.name.value: u.kind for u in model.units}
    for vu, vp in model.players_by_unit:
        if kinds.get(vu) != "variant":
            continue
        lo, hi = _range(vp)
        for su, sp in model.players_by_unit:
            if kinds.get(su) != "scenario":
                continue
            slo, shi = _range(sp)
            if hi < slo or lo > shi:
                report.error("E411", vp.span,
                             message=f"variant {vu} needs {lo}..{hi} players but {su} "
                                     f"allows only {slo}..{shi}",
                             notes=((f"{su} sets its player count here", sp.span),),
                             hint=f"combine {vu} with a scenario that can be played by {lo}..{hi}")


def _neutral(model: Model, report: Report, boards: dict[str, BoardInfo]) -> None:
    n = model.get("neutral")
    if not isinstance(n, R.Neutral):
        return
    if n.corners and len(n.corners) != n.n.value:
        report.error("E412", n.span, message=f"{n.n.value} neutral players but {len(n.corners)} "
                     "starting settlements", hint="give one corner per neutral player")
    name = model.default_board or next(iter(boards), None)
    info = boards.get(name) if name else None
    if info is None or not info.ok:
        return
    land = set(info.land)
    for coord, corner in n.corners:
        if corner.value not in ("N", "NE", "SE", "S", "SW", "NW"):
            report.error("E206", corner.span, message=f'"{corner.value}" is not a corner',
                         hint="corners: N NE SE S SW NW")
            continue
        c = g.corner(coord.hex, corner.value)
        if not any(h in land for h in g.corner_hexes(c)):
            report.error("E412", coord.span, message=f"neutral settlement {coord},{corner.value} is "
                         f"not an intersection of board {name}",
                         hint="name a corner of a land hex: q,r,CORNER")

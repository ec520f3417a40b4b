"""Checked `Model` + analysed boards → IR dict exactly as docs/ir.md describes (plain JSON data)."""

from __future__ import annotations

from catan_dsl.check.board import BoardInfo
from catan_dsl.check.checker import EFFECT_ALIASES
from catan_dsl.check.load import Model
from catan_dsl.check.sea import piece_place
from catan_dsl.compile.rules import LoweredRules, extend_ir
from catan_dsl.core import geometry as g
from catan_dsl.core.topology import build_topology
from catan_dsl.ir import IR_VERSION
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R


def compile_model(model: Model, board: BoardInfo, lowered: LoweredRules) -> dict:
    """Assemble the IR of a model whose checks passed: ``board`` is the selected, analysed
    board and ``lowered`` its rules language, lowered once (compile.rules.lower_rules)."""
    unit = model.root
    ir = {
        "ir_version": IR_VERSION,
        "meta": {
            "id": unit.name.value,
            "title": unit.title if unit.title is not None else unit.name.value,
            "kind": unit.kind,
            "source": model.path,
            "extends": list(model.extends),
            "with": list(model.with_),
            "board": board.name,
            "seed": None,
            "options": {},
            # Parameters with the values this IR was compiled with (declared or --set).
            **({"params": dict(sorted(model.param_values.items()))} if model.param_values else {}),
            # "board B for players N": the board each player count plays (the CLI recompiles).
            **({"board_for_players": {str(n): b for n, b in sorted(model.boards_by_players.items())}}
               if model.boards_by_players else {}),
        },
        "players": _players(model),
        "resources": _resources(model),
        "bank": _bank(model),
        "terrains": _terrains(model),
        "board": compile_board(board, sea_paths=has_sea_paths(model)),
        "pieces": _pieces(model),
        "development": _development(model),
        "special_cards": _specials(model, lowered),
        "robber": {"discard_above": _setting(model, "robber", "discard", 0),
                   "steal": _setting(model, "robber", "steal", 0)},
        "trade": _trade(model),
        "production": {"dice": _setting(model, "production", "dice", 2),
                       "robber_number": _setting(model, "production", "robber_number", 7)},
        "setup": _setup(model),
        "victory": {"target": model.get("victory").target.value},  # type: ignore[union-attr]
        "rules": [],
    }
    robbers = _robbers(model)
    if robbers:             # only when declared: every other scenario's IR stays as it was
        ir["robbers"] = robbers
    extend_ir(model, ir, lowered)
    return ir


def has_sea_paths(model: Model) -> bool:
    """A piece stands on the water, or a robber: the sea gets paths and intersections, and its
    hexes ids after the land's (docs/language.md)."""
    return any(piece_place(p) == "sea_edge" for p in model.named("piece").values()) \
        or bool(model.named("robber"))


def _robbers(model: Model) -> dict:
    """``robber NAME { on sea; robs PIECE ... }`` → ``{NAME: {"on": "sea", "robs": [...]}}``."""
    out = {}
    for name, r in model.named("robber").items():
        assert isinstance(r, A.RobberDecl)
        on = next(p.where.value for p in r.props if isinstance(p, A.RobberDeclOn))
        d: dict = {"on": on}
        robs = next((p for p in r.props if isinstance(p, A.RobberRobs)), None)
        if robs is not None:
            d["robs"] = [i.value for i in robs.pieces]
        out[name] = d
    return out

def _setting(model: Model, section: str, key: str, default: object) -> object:
    s = model.settings(section).get(key)
    if s is None or not s.values:
        return default
    v = s.values[0]
    return v.value


def _players(model: Model) -> dict:
    p = model.get("players")
    assert isinstance(p, A.Players)
    lo = p.min.value
    hi = p.max.value if p.max else lo
    return {"min": lo, "max": hi, "default": p.default.value if p.default else hi}


def _resources(model: Model) -> list[str]:
    r = model.get("resources")
    return [i.value for i in r.names] if isinstance(r, A.Resources) else []


def _bank(model: Model) -> dict:
    b = model.get("bank")
    if isinstance(b, A.BankEach):
        return {r: b.n.value for r in _resources(model)}
    if isinstance(b, A.BankList):
        return {a.name.value: a.n.value for a in b.amounts}
    return {}


def _prop(props: tuple, cls: type) -> A.Node | None:
    return next((p for p in props if isinstance(p, cls)), None)


def _flags(props: tuple) -> set[str]:
    return {p.name for p in props if isinstance(p, A.Flag)}


def _terrains(model: Model) -> dict:
    out = {}
    for name, t in model.named("terrain").items():
        props = t.props  # type: ignore[attr-defined]
        prod = _prop(props, A.Produces)
        nums = _prop(props, A.TerrainNumbers)
        color = _prop(props, A.Color)
        choice = _prop(props, A.ProducesChoice)
        d: dict = {
            "produces": prod.resource.value if isinstance(prod, A.Produces) and prod.resource else None,
            "token": _prop(props, A.NoToken) is None and nums is None,
            "robber_start": _prop(props, A.RobberHere) is not None,
            "never_on_coast": _prop(props, A.NeverOnCoast) is not None,
        }
        if isinstance(choice, A.ProducesChoice):
            # Each yield is a resource of the owner's choice (a gold field); "except" only when
            # written, so every other terrain's IR stays as it was.
            d["produces"] = "choice"
            if choice.excluded:
                d["except"] = sorted({r.value for r in choice.excluded})
        if isinstance(color, A.Color):
            d["color"] = color.value
        if isinstance(nums, A.TerrainNumbers):
            d["numbers"] = [n.value for n in nums.values]
        out[name] = d
    return out


def _cost(node: A.Node | None) -> dict:
    return {a.name.value: a.n.value for a in node.items} if isinstance(node, A.Cost) else {}


def _pieces(model: Model) -> dict:
    out = {}
    for name, p in model.named("piece").items():
        props = p.props  # type: ignore[attr-defined]
        on, lim = _prop(props, A.PieceOn), _prop(props, A.Limit)
        vp, yld, up = _prop(props, A.Vp), _prop(props, A.Yield), _prop(props, A.Upgrades)
        d: dict = {
            "on": on.kind.value if isinstance(on, A.PieceOn) else "vertex",
            "limit": lim.n.value if isinstance(lim, A.Limit) else None,
            "cost": _cost(_prop(props, A.Cost)),
            "vp": vp.n.value if isinstance(vp, A.Vp) else 0,
        }
        if isinstance(yld, A.Yield):
            d["yield"] = yld.n.value
        for flag in sorted(_flags(props)):
            d[flag] = True
        if isinstance(up, A.Upgrades):
            d["upgrades"] = up.piece.value
        net = _prop(props, A.PieceNetwork)
        if isinstance(net, A.PieceNetwork):     # only when written: the default is "road"
            d["network"] = net.name.value
        out[name] = d
    return out


def _development(model: Model) -> dict:
    cards = {}
    for name, c in model.named("card").items():
        assert isinstance(c, A.Card)
        eff = _prop(c.props, A.Effect)
        assert isinstance(eff, A.Effect)
        kind = EFFECT_ALIASES.get(eff.kind.value, eff.kind.value)
        d: dict = {"count": c.count.value, "effect": kind}
        args = [[i.value for i in a.names] if isinstance(a, A.Alternatives) else a.value
                for a in eff.args]
        if kind == "vp":
            d["vp"] = args[0]
        elif kind == "free_pieces":
            d["piece"], d["n"] = args[0], args[1]
        elif kind == "take_resources":
            d["n"] = args[0]
        for flag in sorted(_flags(c.props)):
            d[flag] = True
        cards[name] = d
    per = model.get("per_turn")
    return {"cost": _cost(model.get("dev_cost")), "cards": cards,
            "per_turn": per.n.value if isinstance(per, A.PerTurn) else 1}


def _specials(model: Model, lowered: LoweredRules) -> dict:
    out = {}
    for name, s in model.named("special").items():
        props = s.props  # type: ignore[attr-defined]
        vp, mn, pol = _prop(props, A.Vp), _prop(props, A.Min), _prop(props, A.Policy)
        meas = _prop(props, A.Measure) or _prop(props, R.MeasureExpr)
        if isinstance(meas, R.MeasureExpr):
            measure = lowered.measures[meas]
        elif meas.kind.value == "longest_route":  # type: ignore[union-attr]
            measure = {"kind": "longest_route", "pieces": [a.value for a in meas.args]}  # type: ignore[union-attr]
        elif meas.kind.value == "counter":  # type: ignore[union-attr]
            measure = {"kind": "counter", "name": meas.args[0].value}  # type: ignore[union-attr]
        else:
            measure = {"kind": meas.kind.value, "flag": meas.args[0].value}  # type: ignore[union-attr]
        out[name] = {
            "vp": vp.n.value if isinstance(vp, A.Vp) else 0,
            "measure": measure,
            "min": mn.n.value if isinstance(mn, A.Min) else 0,
            "policy": pol.name.value if isinstance(pol, A.Policy) else "first_then_strictly_more",
        }
        copies = _prop(props, R.Copies)
        if isinstance(copies, R.Copies):
            out[name]["copies"] = copies.n.value
    return out


def _trade(model: Model) -> dict:
    t = model.settings("trade")
    dom = t.get("domestic")
    return {"bank_ratio": _setting(model, "trade", "bank", 4),
            "domestic": dom is None or dom.key == "domestic",
            "offers_per_turn": _setting(model, "trade", "offers_per_turn", None)}


def _setup(model: Model) -> dict:
    s = model.settings("setup")
    place = s.get("place")
    out = {"order": _setting(model, "setup", "order", "snake"),
           "rounds": _setting(model, "setup", "rounds", 2),
           "place": [_placed(v) for v in place.values] if place else [],
           "yield_round": _setting(model, "setup", "yield_round", None),
           "start_player": _setting(model, "setup", "start", "first")}
    # "place round 2 city road": only when written, so other scenarios' IR stays as it was.
    rounds = {k[len("place_round_"):]: [_placed(v) for v in st.values]  # type: ignore[union-attr]
              for k, st in sorted(s.items()) if k.startswith("place_round_")}
    if rounds:
        out["place_rounds"] = rounds
    return out


def _placed(v: A.Node) -> str | list[str]:
    """A set-up placement: a piece's name, or the names of the pieces offered (road|ship)."""
    if isinstance(v, A.Alternatives):
        return [n.value for n in v.names]
    return v.value  # type: ignore[attr-defined]


def compile_board(info: BoardInfo, sea_paths: bool = False) -> dict:
    """Topology from `topology.build_topology`, then terrain, pools, tokens, harbors, features;
    ``sea_paths``: the sea has paths and intersections too (a piece stands on the water)."""
    topo = build_topology(info.land, info.frame, info.interiors, sea_paths=sea_paths)
    hex_id = {(h["q"], h["r"]): h["id"] for h in topo["hexes"]}
    sea_id = {(s["q"], s["r"]): s["id"] for s in topo["sea"]}
    edge_id = {e["key"]: e["id"] for e in topo["edges"]}
    vert_id = {v["key"]: v["id"] for v in topo["vertices"]}
    for h in topo["hexes"]:
        xy = (h["q"], h["r"])
        h["terrain"] = info.terrain.get(xy)
        h["pool"] = info.pool_of.get(xy)
        h["numbers"] = list(info.numbers.get(xy, []))
        if xy in info.hidden_of:          # face down until a rule reveals it
            h["hidden"] = info.hidden_of[xy]
    for v in topo["vertices"]:
        v["harbor"] = None
    harbors = []
    for i, (ratio, res, hx, side) in enumerate(info.harbors):
        e = edge_id[g.fmt_key(g.side(hx, side))]
        verts = topo["edges"][e]["vertices"]
        for v in verts:
            topo["vertices"][v]["harbor"] = i
        harbors.append({"id": i, "ratio": ratio, "resource": res, "edge": e,
                        "vertices": list(verts), "sea": sea_id[g.neighbor(hx, side)]})
    features: dict = {
        "edges": {n: [edge_id[g.fmt_key(g.side(h, s))] for h, s, _ in refs]
                  for n, refs in info.edge_sets.items()},
        "vertices": {n: [vert_id[g.fmt_key(g.corner(h, c))] for h, c in refs]
                     for n, refs in info.corner_sets.items()},
        "sea": {n: [sea_id[h] for h, _ in refs] for n, refs in info.frame_sets.items()},
        "hexes": {n: [hex_id[h] for h in refs] for n, refs in info.hex_sets.items()},
    }
    robber: object = info.robber
    if isinstance(robber, tuple):
        robber = {"hex": hex_id[robber]}
    out = {
        "hexes": topo["hexes"],
        "vertices": topo["vertices"],
        "edges": topo["edges"],
        "sea": topo["sea"],
        "harbors": harbors,
        "pools": [{"id": n, "slots": [hex_id[h] for h in slots], "tiles": dict(sorted(tiles.items()))}
                  for n, slots, tiles in info.pools],
        "numbers": _numbers_spec(info.numbers_spec, hex_id),
        "robber": {"start": robber},
        "features": features,
        # Additive to docs/ir.md: per-entry data of named features, aligned with
        # features.edges[name] / features.sea[name] (edge marks such as castle colours,
        # numbers of frame features such as fishing grounds).
        "feature_marks": {n: [m for _, _, m in refs] for n, refs in info.edge_sets.items()},
        "feature_numbers": {n: [nums for _, nums in refs] for n, refs in info.frame_sets.items()},
    }
    if info.hidden_pools:
        # Only when the board has face-down hexes: other boards keep their IR byte for byte.
        out["hidden_pools"] = [{"id": n, "hexes": [hex_id[h] for h in hexes],
                                "tiles": dict(sorted(tiles.items())), "tokens": sorted(tokens)}
                               for n, hexes, tiles, tokens in info.hidden_pools]
    if sea_paths:
        out["sea_paths"] = True
    if info.robbers:
        out["robber"]["starts"] = {n: at if at == "off_board" else {"sea": sea_id[at]}
                                   for n, at in sorted(info.robbers.items())}
    if info.frame_shuffled:
        # Only when asked, so boards without shuffled features keep their IR byte for byte.
        out["feature_shuffle"] = sorted(info.frame_shuffled)
    if info.harbor_shuffle:
        # Harbor ids whose types are dealt among them at game start ('harbors shuffled'); only
        # when asked, like feature_shuffle.
        out["harbor_shuffle"] = [list(group) for group in info.harbor_shuffle]
    return out


def _numbers_spec(spec: dict, hex_id: dict) -> dict:
    """The checked numbers spec for the IR: pinned hexes by id, not by coordinate."""
    out = dict(spec)
    if "pins" in out:
        out["pins"] = [{"hex": hex_id[tuple(p["at"])], "number": p["number"]} for p in out["pins"]]
    if "groups" in out:
        out["groups"] = [{"on": "hexes", "name": grp["name"], "tokens": grp["tokens"],
                          "hexes": sorted(hex_id[tuple(h)] for h in grp["at"])}
                         if grp["on"] == "hexes" else grp for grp in out["groups"]]
    return out

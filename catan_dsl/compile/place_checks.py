"""Calls and comparisons whose argument kinds make them always false (a corner asked about a set
of hexes, a path asked for a settlement) → located E406 errors naming both kinds and the way to
write it (a mixin of `compile.lowering.Lowerer`); and the kinds of place a set holds, refined
from its arguments (``pieces(p, road)`` is a set of paths)."""

from __future__ import annotations

from typing import Any

from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R

PLACES = ("vertex", "edge", "hex")
# How a kind of value reads in a message ("x is an intersection").
WORDS = {"vertex": "an intersection", "edge": "a path", "hex": "a hex", "int": "a number",
         "bool": "true or false", "player": "a player", "resource": "a resource",
         "stock": "a resource or counter"}
# A set of features by its declaration: the kind of place in it, and how to say it.
FEATURE_KINDS = {"hexes": ("hex", "a set of hexes"), "edges": ("edge", "a set of paths"),
                 "vertices": ("vertex", "a set of corners"),
                 "sea": ("vertex", "a frame feature (it holds the intersections it touches)")}
# From a place of one kind to the places of another kind it touches, as a rule writes it.
TOUCHING = {("vertex", "hex"): "hexes_of({x})", ("edge", "hex"): "hexes_of({x})",
            ("vertex", "edge"): "edges_of({x})", ("hex", "edge"): "edges_of({x})",
            ("edge", "vertex"): "ends({x})", ("hex", "vertex"): "vertices_of({x})"}
LETTER = {"hex": "h", "edge": "e", "vertex": "v"}
# Kinds of declared names that are never equal to one another.
DISJOINT = ("terrain", "piece", "resource", "counter", "special", "marker", "unit", "face",
            "option", "feature", "deck", "die", "chain", "phase")


def kind_words(t: str) -> str:
    """A checker type in words: "vertex" → "an intersection", "set:hex" → "a set of hexes",
    "name:terrain" → "a terrain"."""
    if t.startswith("set:"):
        inner = [w.split(" ", 1)[-1] for w in (kind_words(x) for x in t[4:].split("|"))]
        plural = {"hex": "hexes", "intersection": "intersections", "path": "paths",
                  "player": "players", "resource": "resources"}
        return "a set of " + " or ".join(plural.get(w, w + "s") for w in inner)
    if t.startswith("name:"):
        noun = t[5:].replace("_", " ")
        return ("an " if noun[0] in "aeiou" else "a ") + noun
    return " or ".join(WORDS.get(x, x) for x in t.split("|"))


def place_of(t: str) -> str | None:
    """The one kind of place a type is (None: not a place, or not known to be one)."""
    return t if t in PLACES else None


class PlaceChecks:
    """``self.env``, ``self.err`` and ``self.m`` come from the Lowerer."""

    env: Any
    m: Any
    # id of a lowered ``piece(X)`` node → the kind of place X is (read by check_compare).
    piece_places: dict[int, str]

    def feature_kinds(self, name: str) -> dict[str, str]:
        """The kinds of place a named feature holds on the boards declaring it."""
        out: dict[str, str] = {}
        for b in self.m.named("board").values():
            for item in b.items:
                if isinstance(item, A.FeatureSet) and item.name.value == name:
                    out.setdefault(*FEATURE_KINDS.get(item.kind, ("", "")))
        return {k: v for k, v in out.items() if k}

    def set_of_places(self, name: str, out: list, types: list[str], ret: str) -> str:
        """``pieces(p, K)`` and ``units(p, U)`` hold the kind of place K stands on."""
        if len(out) == 3 and isinstance(out[2], str) and types[1].startswith("name:"):
            if name == "pieces" and self.env.has("piece", out[2]):
                on = self.env.piece_on(out[2])  # type: ignore[attr-defined]
                return f"set:{on}" if on in PLACES else ret
            if name == "units" and self.env.has("unit", out[2]):
                return f"set:{self.unit_on(out[2])}"  # type: ignore[attr-defined]
        return ret

    def check_places(self, name: str, e: R.Call, types: list[str], out: list) -> None:
        """E406 where the kinds of a call's arguments make it always false."""
        if name == "feature" and len(out) == 3 and isinstance(out[2], str):
            self._feature(e, place_of(types[0]), out[2])
        elif name == "feature_number" and len(out) == 4 and isinstance(out[2], str):
            decls = self._feature_decl_kinds(out[2])
            if decls and "sea" not in decls:
                said = FEATURE_KINDS.get(sorted(decls)[0], ("", "another feature"))[1]
                self.err("E406", e.args[1].span,  # type: ignore[attr-defined]
                         message=f"feature_number(): {out[2]} is {said}, not a frame feature: "
                                 "no intersection touches it with a number",
                         hint="feature_number reads the numbers of 'frame NAME { N at q,r }'")
        elif name == "occupied" and len(out) == 3 and isinstance(out[2], str):
            self._occupied(e, place_of(types[0]), out[2])

    def _feature_decl_kinds(self, name: str) -> set[str]:
        return {item.kind for b in self.m.named("board").values() for item in b.items
                if isinstance(item, A.FeatureSet) and item.name.value == name}

    def _feature(self, e: R.Call, place: str | None, feat: str) -> None:
        kinds = self.feature_kinds(feat)
        if place is None or not kinds or place in kinds:
            return
        have, said = next(iter(kinds.items()))
        x = shown(e.args[0])
        letter = LETTER[have]
        way = TOUCHING.get((place, have), "").format(x=x)
        self.err("E406", e.args[0].span,  # type: ignore[attr-defined]
                 message=f"feature(): {x} is {WORDS[place]}, {feat} is {said}: never true",
                 hint=f"use any({letter} in {way} where feature({letter}, {feat}))" if way
                 else f"ask feature() of {WORDS[have]}")

    def _occupied(self, e: R.Call, place: str | None, kind: str) -> None:
        if place not in ("vertex", "edge"):
            return
        if self.env.has("piece", kind):
            on = self.env.piece_on(kind)
        elif self.env.has("unit", kind):
            on = self.unit_on(kind)  # type: ignore[attr-defined]
        elif self.env.has("chain", kind):
            on = "edge"
        else:
            return
        if on in PLACES and on != place:
            self.err("E406", e.args[0].span,  # type: ignore[attr-defined]
                     message=f"occupied(): {shown(e.args[0])} is {WORDS[place]}, and a {kind} "
                             f"stands on {WORDS[on].split(' ', 1)[1]}s: never true",
                     hint=f"look at the {WORDS[on].split(' ', 1)[1]}s it touches: any(x in "
                          f"{TOUCHING[(place, on)].format(x=shown(e.args[0]))} where "
                          f"occupied(x, {kind}))")

    def check_compare(self, op: str, e: R.Op, args: list[tuple[object, str]]) -> None:
        """``==``/``!=`` of values that can never be equal, ``x in S`` of an element S never
        holds: E406 (the condition would always be false, or always true)."""
        (a, at), (b, bt) = args[0], args[1]
        if op == "in":
            elem = bt[4:] if bt.startswith("set:") else None
            if elem is not None and place_of(at) and all(place_of(x) for x in elem.split("|")) \
                    and at not in elem.split("|"):
                held = elem.split("|")[0]
                way = TOUCHING.get((at, held), "").format(x=shown(e.args[0]))
                self.err("E406", e.args[0].span,  # type: ignore[attr-defined]
                         message=f"{shown(e.args[0])} is {WORDS[at]} and the set holds "
                                 f"{kind_words(bt)[len('a set of '):]}: never in it",
                         hint=f"ask of the {kind_words(bt)[len('a set of '):]} it touches: "
                              f"any(y in {way} where y in ...)" if way else
                              "test a place of the kind the set holds")
            return
        for x, y in ((a, b), (b, a)):       # piece(e) == city, with e a path
            if isinstance(x, list) and len(x) == 2 and x[0] == "piece" and isinstance(y, str) \
                    and self.env.has("piece", y):
                on = self.env.piece_on(y)
                place = self.piece_places.get(id(x))
                if place in ("vertex", "edge") and on in PLACES and on != place:
                    way = TOUCHING.get((place, on), "").format(x="e" if place == "edge" else "v")
                    self.err("E406", e.span,  # type: ignore[attr-defined]
                             message=f"piece() of {WORDS[place]} is never a {y}, which stands "
                                     f"on {WORDS[on].split(' ', 1)[1]}s: always "
                                     f"{'false' if op == '==' else 'true'}",
                             hint=f"ask the {WORDS[on].split(' ', 1)[1]}s it touches: "
                                  f"any(x in {way} where piece(x) == {y})" if way else
                                  f"ask piece() of {WORDS[on]}")
                    return
        ka = at[5:] if at.startswith("name:") else "resource" if at == "resource" else None
        kb = bt[5:] if bt.startswith("name:") else "resource" if bt == "resource" else None
        if ka in DISJOINT and kb in DISJOINT and ka != kb:
            self.err("E406", e.span,  # type: ignore[attr-defined]
                     message=f"'{op}' compares {kind_words(at)} with {kind_words(bt)}: they are "
                             f"never equal", hint="compare like with like, e.g. "
                             "terrain(h) == forest, piece(v) == city")


def shown(node: Any) -> str:
    """An argument as the designer wrote it, when it is a name; else "the place"."""
    return node.name if isinstance(node, R.NameRef) else "the place"

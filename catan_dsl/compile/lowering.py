"""Rules-language AST (expressions, effects, on/action/forbid/modifier) → IR S-expressions, checking names, scopes and types on the way."""

from __future__ import annotations

import itertools
from typing import Iterable

from catan_dsl.check.load import Model
from catan_dsl.compile.bounds import interval
from catan_dsl.compile.defines import DefineMixin
from catan_dsl.compile.place_checks import TOUCHING, PlaceChecks, kind_words, place_of, shown
from catan_dsl.core import vocab as V
from catan_dsl.core.diagnostics import Report
from catan_dsl.core.source import Span
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R

CARD_FLAGS = ("any_time", "army")
MOVE_ROBBER_WORDS = ("choice", "off_board", "home")
FORBID_PREP = {"robber_move": "to", "steal": "from", "build": "at", "trade": "of", "produce": "at",
               "harbor": "at"}
HIDDEN_WINNER = "#winner"     # the vote's decider when the source does not name it
WHAT = {"resource": "resource", "terrain": "terrain", "piece": "piece", "counter": "counter",
        "deck": "deck", "card": "card", "special": "special card", "feature": "feature",
        "mark": "mark", "option": "option", "item": "deck item", "flag": "card flag",
        "event": "event", "action": "action", "group": "action group", "chain": "chain",
        "marker": "marker", "die": "die", "face": "die face", "unit": "unit",
        "phase": "turn phase", "robber": "robber"}


# Words a designer may reach for → the vocabulary function that means it (E402's hint).
SYNONYMS = {"corner": "vertices_of", "intersection": "vertices_of", "vertice": "vertices_of",
            "vertex": "vertices_of", "path": "edges_of", "side": "edges_of", "edge": "edges_of",
            "tile": "hexes_of", "hex": "hexes_of", "neighbour": "touching", "neighbor": "touching",
            "adjacent": "touching", "points": "vp", "victory_point": "vp", "score": "vp",
            "hand": "cards", "resource_count": "count_of", "amount": "count_of",
            "building": "piece", "structure": "piece", "player_count": "num_players"}


def did_you_mean(name: str, known: Iterable[str]) -> str | None:
    import difflib          # here: only a misspelt name needs it (start-up)

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f'did you mean "{close[0]}"?' if close else None


class Env:
    """Every declared name of the merged model, by kind."""

    def __init__(self, model: Model) -> None:
        res = model.get("resources")
        self.kinds: dict[str, dict[str, object]] = {k: {} for k in WHAT}
        self.kinds["resource"] = {i.value: i for i in res.names} if isinstance(res, A.Resources) else {}
        for kind in ("terrain", "piece", "card", "special", "option", "counter", "deck", "action",
                     "marker", "die", "unit", "phase", "robber"):
            self.kinds[kind] = dict(model.named(kind))
        self.kinds["flag"] = {f: f for f in CARD_FLAGS}
        for d in model.named("deck").values():
            for it in d.items:  # type: ignore[attr-defined]
                self.kinds["item"][it.name.value] = it
                if it.event is not None:
                    self.kinds["event"][it.event.value] = it
        for b in model.named("board").values():
            for item in b.items:  # type: ignore[attr-defined]
                if isinstance(item, A.FeatureSet):
                    self.kinds["feature"][item.name.value] = item
        for _, r in model.rules:
            if isinstance(r, R.Action):
                for key, val, _s in r.props:
                    if key == "group":
                        self.kinds["group"][val.value] = val
        self.kinds["mark"] = {m: m for m in _marks(model)}
        for d in model.named("die").values():      # a face reads as its name: c == red
            for face in d.faces:  # type: ignore[attr-defined]
                self.kinds["face"].setdefault(face.value, face)
        for c in model.named("chain").values():   # a chain is named by itself or by its piece
            self.kinds["chain"][c.name.value] = c  # type: ignore[attr-defined]
            if c.piece is not None:  # type: ignore[attr-defined]
                self.kinds["chain"].setdefault(c.piece.value, c)  # type: ignore[attr-defined]
        self.bound_somewhere = _bound_names(model)

    def has(self, kind: str, name: str) -> bool:
        return name in self.kinds.get(kind, {})

    def kind_of(self, name: str) -> str | None:
        for k in ("resource", "terrain", "piece", "counter", "deck", "special", "card", "event",
                  "item", "flag", "feature", "mark", "option", "chain", "marker", "die", "unit",
                  "face", "robber"):
            if name in self.kinds[k]:
                return k
        return None

    def shared(self, name: str) -> bool:
        """A counter declared ``shared``: one value for the game, not one per player."""
        return bool(getattr(self.kinds["counter"].get(name), "shared", False))

    def piece_on(self, name: str) -> str:
        p = self.kinds["piece"].get(name)
        for prop in getattr(p, "props", ()):
            if isinstance(prop, A.PieceOn):      # a path on the water is a path ("edge")
                return "edge" if prop.kind.value == "sea_edge" else prop.kind.value
        return "vertex|edge"


def walk_nodes(node: object) -> Iterable[object]:
    """Every AST node and effect below ``node`` (effects keep their parts in ``args``)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, R.Eff):
            stack += [v for _, v in n.args]
        elif isinstance(n, (tuple, list)):
            stack += list(n)
        elif isinstance(n, A.Node):
            stack += [getattr(n, f) for f in n.__dataclass_fields__ if f != "span"]  # type: ignore[attr-defined]


def _marks(model: Model) -> set[str]:
    return {n.get("mark").value for _, r in model.rules for n in walk_nodes(r)  # type: ignore[union-attr]
            if isinstance(n, R.Eff) and n.kind == "mark"}


def _bound_names(model: Model) -> set[str]:
    out: set[str] = set()
    for _, r in model.rules:
        for n in walk_nodes(r):
            if isinstance(n, R.Comp):
                out.add(n.var.value)
            elif isinstance(n, R.Eff) and n.kind in ("choose", "each", "vote"):
                out.add(n.get("var").value)  # type: ignore[union-attr]
            elif isinstance(n, (R.Forbid, R.Modifier)):
                out.add(n.var.value)
            elif isinstance(n, R.OnRule) and n.at is not None:
                out.add(n.at.value)
    return out


def compatible(actual: str, expected: str) -> bool:
    if "any" in (actual, expected):
        return True
    want = set(expected.split("|"))
    if expected.startswith("set:"):
        want = {"set:" + t for t in expected[4:].split("|")}
    if actual.startswith("set:"):
        got = {"set:" + t for t in actual[4:].split("|")}
    else:
        got = set(actual.split("|"))
    if "stock" in want:
        want |= {"name:resource", "name:counter", "name:item", "resource"}
    return bool(got & want)


# E414's hint, as docs/diagnostics.md gives it.
ROLL_HINT = "roll inside the block instead: 'let d = roll(6)', then test d ('if d > 3 { ... }')"

# Codes about a name: reported once per name, however often the name is used.
ONE_PER_NAME = frozenset({"E402", "E403", "E407"})


# Bare names the board's resources are compared with: produces(h) == nothing, == choice.
RESOURCE_WORDS = {"nothing": -1, "choice": -2}


class Lowerer(DefineMixin, PlaceChecks):
    """Lowers one model's rules; with a report it also checks (the compiler passes none)."""

    def __init__(self, model: Model, report: Report | None) -> None:
        self.m = model
        self.r = report
        self.env = Env(model)
        # roll(N) met while lowering one effect: (hidden name, sides); None outside effects.
        self.rolls: list[tuple[str, object]] | None = None
        self.roll_count = 0
        self.calling: list[str] = []        # procedures being inlined (recursion is E415)
        self.defining: list[str] = []       # defines being inlined, likewise (defines.py)
        self.fresh_names = itertools.count(1)
        self.raised: list[str] = []         # every error code raised, reported or not
        self.reported: set[tuple[str, str]] = set()
        # A modifier's or rule's variable → what binds it, said when it is used as another kind.
        self.origins: dict[str, str] = {}
        # The most the 'modifier target' rules lowered so far can take off the target (W407).
        self.target_drop = 0
        self.piece_places: dict[int, str] = {}     # place_checks: piece(X) → X's kind

    def err(self, code: str, span: Span, **kw: object) -> None:
        self.raised.append(code)
        if code in ONE_PER_NAME and isinstance(kw.get("name"), str):
            # One error per unknown name, not one per use: the first use is the one to fix.
            if (code, kw["name"]) in self.reported:
                return
            self.reported.add((code, kw["name"]))  # type: ignore[arg-type]
        if self.r is not None:
            self.r.error(code, span, **kw)

    # --- names ----------------------------------------------------------------------------
    def declared(self, ident: A.Ident | R.NameRef, kinds: tuple[str, ...], code: str = "E407") -> bool:
        name = ident.value if isinstance(ident, A.Ident) else ident.name
        if any(self.env.has(k, name) for k in kinds):
            return True
        known = [n for k in kinds for n in self.env.kinds.get(k, {})]
        what = " or ".join(WHAT[k] for k in kinds)
        hint = did_you_mean(name, known) or (f"declared: {', '.join(known[:10])}" if known else
                                      f"declare it first, e.g. '{kinds[0]} {name} ...'")
        if kinds == ("mark",) and not did_you_mean(name, known):
            hint = f"no rule puts this mark: add 'mark X {name}' to the rule that sets it"
        if code == "E407":
            self.err(code, ident.span, what=what, name=name, hint=hint)
        else:
            self.err(code, ident.span, name=name, hint=hint)
        return False

    # --- expressions ----------------------------------------------------------------------
    def expr(self, e: A.Node, scope: dict[str, str]) -> tuple[object, str]:
        if isinstance(e, R.IntLit):
            return e.value, "int"
        if isinstance(e, R.NameRef):
            return self.name(e, scope)
        if isinstance(e, R.Call):
            return self.call(e, scope)
        if isinstance(e, R.Comp):
            return self.comp(e, scope)
        if isinstance(e, R.CondExpr):
            c, _ = self.expr(e.cond, scope)
            t, tt = self.expr(e.then, scope)
            o, _ = self.expr(e.other, scope)
            return ["if", c, t, o], tt
        if isinstance(e, R.Op):
            args = [self.expr(a, scope) for a in e.args]
            if e.op == "not":
                return ["not", args[0][0]], "bool"
            acc = args[0][0]
            if e.op == "in" and not args[1][1].startswith("set:") and args[1][1] != "any":
                self.err("E406", e.args[1].span, message=f"x in X: X must be a set, got {args[1][1]}",
                         hint="a set: hexes, players, hexes_of(v), pieces(p, road), ...; "
                              "'==' compares one value")
            elif e.op in ("==", "!=", "in") and len(args) == 2:
                self.check_compare(e.op, e, args)
            for a, _t in args[1:]:
                acc = [e.op, acc, a]
            if e.op in ("+", "-", "*", "/"):
                for (_, t), a in zip(args, e.args):
                    if not compatible(t, "int"):
                        self.err("E406", a.span, message=f"'{e.op}' needs numbers, got {t}",
                                 hint="count(x in SET) for a set's size, count_of(p, R) for a stock")
                if e.op == "/":
                    for (v, _t), a in zip(args[1:], e.args[1:]):
                        if interval(v) == (0, 0):
                            self.err("W405", a.span,
                                     hint="divide by a number that is never 0, or drop the '/'")
                return acc, "int"
            if e.op in ("<", "<=", ">", ">="):
                for (_, t), a in zip(args, e.args):
                    # Players and places are numbers underneath (owner(e) < 0); a set or a name
                    # is not, and the game would stop the first time it compared one.
                    if t.startswith(("set:", "name")):
                        self.err("E406", a.span, message=f"'{e.op}' compares numbers, got {t}",
                                 hint="count(x in SET) for a set's size")
            return acc, "bool"
        return None, "any"  # pragma: no cover - the grammar builds no other expression

    def name(self, e: R.NameRef, scope: dict[str, str]) -> tuple[object, str]:
        n = e.name
        if n in scope:
            return ["var", n], scope[n]
        if n in ("true", "false"):
            return n == "true", "bool"
        fn = V.FUNCTIONS.get(n)
        if fn is not None and not fn.params:
            return [n], fn.returns
        if n in self.m.param_values:
            return self.m.param_values[n], "int"     # a parameter reads as its number
        used = self.define_name(e, scope)
        if used is not None:
            return used
        kind = self.env.kind_of(n)
        if kind is None and n == "pieces":          # the bare name: every declared piece
            return ["piece_kinds"], V.FUNCTIONS["piece_kinds"].returns
        if kind is None and n in RESOURCE_WORDS:
            return RESOURCE_WORDS[n], "resource"
        if kind == "counter" and self.env.shared(n):
            return ["shared_value", n], "int"          # a track: its bare name is its value
        if kind is not None:
            return n, f"name:{kind}"
        if n in self.env.bound_somewhere:
            self.err("E408", e.span, name=n, hint="it is bound by another rule, comprehension or "
                     "block; bind it here (e.g. 'each x in ...') or use that one's body")
        else:
            known = list(scope) + [k for k, f in V.FUNCTIONS.items() if not f.params]
            sets = [k for k, f in V.FUNCTIONS.items() if not f.params and f.returns.startswith("set:")]
            self.err("E407", e.span, what="name", name=n,
                     hint=did_you_mean(n, known + [x for d in self.env.kinds.values() for x in d])
                     or "not a variable, a function or a declared name; the sets are "
                        + ", ".join(sets))
        return n, "any"

    def name_arg(self, e: A.Node, ptype: str, scope: dict[str, str]) -> tuple[object, str]:
        """An argument whose parameter takes a declared name: resolve against those kinds."""
        kinds = tuple(dict.fromkeys(
            k for alt in ptype.split("|") if alt.startswith("name:")
            for k in ({"card": ("card", "event", "item", "flag")}.get(alt[5:], (alt[5:],)))
            if k in WHAT))
        if isinstance(e, R.NameRef) and e.name not in scope and kinds:
            if any(self.env.has(k, e.name) for k in kinds):
                return e.name, ptype
            if ptype.split("|") == [f"name:{kinds[0]}"] or self.env.kind_of(e.name) is None:
                self.declared(e, kinds)
                return e.name, ptype
        return self.expr(e, scope)

    def marker_on(self, name: str) -> str:
        """Where a marker kind lies: "hex" (the default) or "edge"."""
        m = self.env.kinds["marker"].get(name)
        on = getattr(m, "on", None)
        return "edge" if on is not None and on.value == "edge" else "hex"

    def unit_on(self, name: str) -> str:
        """Where a unit kind stands: "edge" (the default) or "vertex"."""
        u = self.env.kinds["unit"].get(name)
        on = getattr(u, "on", None)
        return "vertex" if on is not None and on.value == "vertex" else "edge"

    def _kind_of_place(self, name: str, e: R.Call, types: list[str], out: list) -> None:
        """markers(X, M) and unit_owner(X, U): X must be the kind of place M lies or U stands
        on (a path's number read as a hex's would read another table, or past its end)."""
        what = "marker" if name == "markers" else "unit"
        if len(out) != 3 or not isinstance(out[2], str) or not self.env.has(what, out[2]):
            return
        on = self.marker_on(out[2]) if what == "marker" else self.unit_on(out[2])
        if not compatible(types[0], on):
            where = {"hex": "hexes", "edge": "paths", "vertex": "intersections"}[on]
            place = place_of(types[0])
            way = TOUCHING.get((place, on), "").format(x=shown(e.args[0])) if place else ""
            self.err("E406", e.args[0].span,
                     message=f"{name}(): {out[2]} {'markers lie' if what == 'marker' else 'units stand'} "
                             f"on {where}; got {types[0]}",
                     hint=f"ask it of the {where} it touches: any(x in {way} where "
                          f"{name}(x, {out[2]}) ...)" if way else f"give it one of the {where}")

    def call(self, e: R.Call, scope: dict[str, str]) -> tuple[object, str]:
        name = e.name.value
        if name == "roll" and name not in V.FUNCTIONS:
            return self.roll(e, scope)
        fn = V.FUNCTIONS.get(name)
        if fn is None and self.define_of(name) is not None:
            return self.define_use(self.define_of(name), e.args, e.span, scope)  # type: ignore[arg-type]
        if fn is None:
            if name in V.COMPREHENSIONS:
                self.err("E406", e.span, message=f"{name} needs the form {name}(x in SET where COND)")
            else:
                types = [self.expr(a, scope)[1] for a in e.args]
                self.err("E402", e.name.span, name=name, hint=self.function_hint(name, types))
                return [name], "any"
            for a in e.args:
                self.expr(a, scope)
            return [name], "any"
        if len(e.args) != len(fn.params):
            self.err("E406", e.span, message=f"{name}() takes {len(fn.params)} value(s), got "
                     f"{len(e.args)}", hint=f"e.g. {fn.example}")
        out: list[object] = [name]
        types: list[str] = []
        for a, p in zip(e.args, fn.params):
            if "name:" in p.type:
                v, t = self.name_arg(a, p.type, scope)
            else:
                v, t = self.expr(a, scope)
            types.append(t)
            origin = self.origins.get(a.name) if isinstance(a, R.NameRef) else None
            if p.type == "stock" and isinstance(a, R.NameRef) and a.name not in scope \
                    and self.env.shared(a.name):
                self.err("E406", a.span, message=f"{name}(): {a.name} is a shared counter, one "
                         "value for the whole game that nobody holds",
                         hint=f"read it by its bare name: '{a.name} >= 3'")
            elif not compatible(t, p.type) and not ("name:" in p.type and t.startswith("name:")) \
                    and origin != "":
                self.err("E406", a.span, message=f"{name}(): {p.name} must be {p.type.replace('|', ' or ')}, "
                         f"got {t}" + (f" ({a.name} is {origin})" if origin else ""),
                         hint=f"e.g. {fn.example}")
            out.append(v)
        if name in ("markers", "unit_owner"):
            self._kind_of_place(name, e, types, out)
        if len(types) == len(fn.params):
            self.check_places(name, e, types, out)
        if name == "piece" and types:
            self.piece_places[id(out)] = types[0]
        if name in ("corner", "side") and len(out) == 3 and isinstance(out[2], int) \
                and not 1 <= out[2] <= 6:
            self.err("E406", e.args[1].span, message=f"{name}(h, K): K counts 1..6, got {out[2]}",
                     hint=f"{name}s are numbered clockwise from the top: see {name}() in "
                          "docs/language.md")
        return out, self.set_of_places(name, out, types, fn.returns)

    @staticmethod
    def function_hint(name: str, types: list[str]) -> str | None:
        """Did-you-mean by spelling or by meaning, and the functions taking these arguments."""
        meant = SYNONYMS.get(name.lower().rstrip("s")) or SYNONYMS.get(name.lower())
        guess = f'did you mean "{meant}"?' if meant is not None else \
            did_you_mean(name, list(V.FUNCTIONS) + list(V.COMPREHENSIONS))
        fits = [f.name for f in V.FUNCTIONS.values() if len(f.params) == len(types) and types
                and all(compatible(t, p.type) and t != "any" for t, p in zip(types, f.params))]
        if fits:
            taking = ", ".join(types)
            more = f"functions taking ({taking}): {', '.join(fits[:8])}"
            return f"{guess} {more}" if guess else more
        return guess

    def roll(self, e: R.Call, scope: dict[str, str]) -> tuple[object, str]:
        """``roll(N)``: a die rolled when the enclosing effect starts; the expression reads it
        through a hidden name bound by a "roll" effect around that effect (see block())."""
        if len(e.args) != 1:
            self.err("E406", e.span, message=f"roll() takes the number of sides, got {len(e.args)} values",
                     hint="e.g. let d = roll(6)")
            return 0, "int"
        arg = e.args[0]
        if isinstance(arg, R.NameRef) and arg.name not in scope and self.env.has("die", arg.name):
            # A die with named faces: the roll reads as the face it shows (c == red).
            if self.rolls is None:
                self.err("E414", e.span, hint=ROLL_HINT)
                return 0, "name:face"
            self.roll_count += 1
            var = f"#roll{self.roll_count}"
            self.rolls.append((var, arg.name))
            return ["var", var], "name:face"
        sides, t = self.expr(arg, scope)
        if not compatible(t, "int"):
            self.err("E406", e.args[0].span, message=f"roll(): the number of sides must be a number, got {t}",
                     hint="e.g. roll(6), or roll(NAME) of a declared die")
        if self.rolls is None:
            self.err("E414", e.span, hint=ROLL_HINT)
            return 0, "int"
        self.roll_count += 1
        var = f"#roll{self.roll_count}"
        self.rolls.append((var, sides))
        return ["var", var], "int"

    def fresh_name(self, ident: A.Ident, scope: dict[str, str]) -> None:
        """E413 unless ``ident`` names nothing visible yet (a variable, a declaration, a function)."""
        n = ident.value
        what = ("a variable" if n in scope else "a function" if n in V.FUNCTIONS
                else f"a declared {WHAT[self.env.kind_of(n)]}" if self.env.kind_of(n) else None)
        if what is not None:
            self.err("E413", ident.span, name=n, what=what, hint="pick another name")

    def comp(self, e: R.Comp, scope: dict[str, str]) -> tuple[object, str]:
        head = e.head.value
        if head not in V.COMPREHENSIONS:
            self.err("E402", e.head.span, name=head, hint=did_you_mean(head, V.COMPREHENSIONS)
                     or "comprehensions: " + ", ".join(V.COMPREHENSIONS))
        s, st = self.expr(e.set, scope)
        if not st.startswith("set:") and st != "any":
            self.err("E406", e.set.span, message=f"{head}(... in X): X must be a set, got {st}",
                     hint=f"e.g. {head}(h in hexes where ...), {head}(p in players where ...)")
        inner = {**scope, e.var.value: st[4:] if st.startswith("set:") else "any"}
        cond = self.expr(e.where, inner)[0] if e.where is not None else True
        value = self.expr(e.value, inner)[0] if e.value is not None else None
        if head in ("sum", "max", "min") and e.value is None:
            self.err("E406", e.span, message=f"{head} needs a value: {head}(x in SET: VALUE)")
        if head in ("count", "any", "all", "first") and e.value is not None:
            self.err("E406", e.value.span, message=f"{head} takes no ': VALUE'")
        if head in ("max", "min"):
            # With a filter the node takes sum's shape (COND before VALUE); without, the shape
            # it always had, so existing IR stays as it was.
            if e.where is not None:
                return [head, e.var.value, s, cond, value], "int"
            return [head, e.var.value, s, value], "int"
        if head == "sum":
            return [head, e.var.value, s, cond, value], "int"
        ret = {"count": "int", "first": st[4:] if st.startswith("set:") else "any"}.get(head, "bool")
        return [head, e.var.value, s, cond], ret

    def numbers_only(self, e: A.Node, scope: dict[str, str]) -> object:
        """``e`` lowered when it is made of numbers and parameters alone (what ``interval``
        bounds), else None; reports nothing, so it may look at a node lowered elsewhere."""
        if isinstance(e, R.IntLit):
            return e.value
        if isinstance(e, R.NameRef):
            return self.m.param_values.get(e.name) if e.name not in scope else None
        if isinstance(e, R.CondExpr):
            a, b = self.numbers_only(e.then, scope), self.numbers_only(e.other, scope)
            return None if a is None or b is None else ["if", True, a, b]
        if isinstance(e, R.Op) and e.op in ("+", "-", "*", "/"):
            parts = [self.numbers_only(a, scope) for a in e.args]
            if any(p is None for p in parts):
                return None
            acc = parts[0]
            for p in parts[1:]:
                acc = [e.op, acc, p]
            return acc
        return None

    def cond(self, e: A.Node | None, scope: dict[str, str]) -> object:
        return True if e is None else self.expr(e, scope)[0]

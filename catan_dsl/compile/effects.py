"""Rules-language effects (AST ``Eff`` blocks) → IR effect lists: the effect half of the lowering,
checking names, scopes and types on the way; ``let`` and ``roll(N)`` become scoped effects."""

from __future__ import annotations

from typing import Iterable

from catan_dsl.compile.bounds import interval
from catan_dsl.compile.flow_effects import FlowLowering
from catan_dsl.compile.hex_effects import HexEffects
from catan_dsl.compile.lowering import (HIDDEN_WINNER, MOVE_ROBBER_WORDS, Lowerer, compatible,
                                       did_you_mean)
from catan_dsl.compile.place_checks import kind_words
from catan_dsl.core import vocab as V
from catan_dsl.core.codes import MAX_AMOUNT
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R


# Effects whose "n" is an amount moved (W406 past MAX_AMOUNT); `repeat N` is a cap, and
# `discard_half N` a threshold, not amounts.
AMOUNT_EFFECTS = {"gain": "gain", "lose": "lose", "give": "give", "draw": "draw", "steal": "steal",
                  "build_free": "build_free", "set_yield": "set_yield", "put_markers": "put",
                  "take_markers": "take", "share": "share"}

# Functions that read who or what stands on a place: meaningless right after removing it.
PLACE_READERS = ("owner", "piece", "occupied", "marked", "yield_of", "vp_of")


class EffectLowerer(FlowLowering, HexEffects, Lowerer):
    """Lowers effect blocks (on top of the expression lowering it inherits)."""

    # --- effects --------------------------------------------------------------------------
    def block(self, effs: Iterable[R.Eff], scope: dict[str, str],
              removed: dict[str, object] | None = None) -> list:
        """Effects in order. A ``let`` scopes over the rest of its block, so it is lowered as
        ["let", name, value, [rest...]]; an effect reading roll(N) is wrapped in
        ["roll", hidden, N, [effect]] (the die is rolled when that effect starts). ``removed``:
        the place variables a ``remove`` of this block emptied (W404 when read again)."""
        effs = list(effs)
        out: list = []
        removed = dict(removed or {})
        for i, f in enumerate(effs):
            outer, self.rolls = self.rolls, []
            try:
                if f.kind == "let":
                    var: A.Ident = f.get("var")  # type: ignore[assignment]
                    self.fresh_name(var, scope)
                    value = f.get("value")
                    if isinstance(value, R.Call) and value.name.value == "roll" and \
                            "roll" not in V.FUNCTIONS and len(value.args) == 1:
                        _, shows = self.roll(value, scope)
                        hidden, sides = self.rolls.pop()
                        rest = self.block(effs[i + 1:], {**scope, var.value: shows}, removed)
                        lowered = ["roll", var.value, sides, rest]
                    else:
                        v, t = self.expr(value, scope)  # type: ignore[arg-type]
                        self.read_after_remove(f, v, removed)
                        rest = self.block(effs[i + 1:], {**scope, var.value: t}, removed)
                        lowered = ["let", var.value, v, rest]
                    out.append(self.wrap_rolls(lowered, self.rolls))
                    return out
                x = self.effect(f, scope)
                self.amount_bound(f, scope)
                if x is not None:
                    self.read_after_remove(f, x, removed)
                    out.append(self.wrap_rolls(x, self.rolls))
                at = f.get("at") if f.kind == "remove" else None
                if isinstance(at, R.NameRef) and at.name in scope:
                    removed[at.name] = at.span
            finally:
                self.rolls = outer
        return out

    def amount_bound(self, f: R.Eff, scope: dict[str, str]) -> None:
        """W406 when an effect's amount, made of numbers alone, can exceed MAX_AMOUNT."""
        n = f.get("n") if f.kind in AMOUNT_EFFECTS else None
        bounds = interval(self.numbers_only(n, scope)) if n is not None else None
        if bounds is not None and bounds[1] > MAX_AMOUNT:
            self.err("W406", n.span, what=AMOUNT_EFFECTS[f.kind], value=f"{bounds[1]:,}",  # type: ignore[union-attr]
                     most=f"{MAX_AMOUNT:,}", hint="a whole game holds a few hundred cards and "
                     "items; check the number (docs/limits.md)")

    def read_after_remove(self, f: R.Eff, lowered: object, removed: dict[str, object]) -> None:
        """W404 when an effect reads who or what stands on a place this block already emptied
        (``owner(v)`` is -1 and ``piece(v)`` names nothing after ``remove v``)."""
        if not removed:
            return
        stack = [lowered]
        while stack:
            n = stack.pop()
            if isinstance(n, list):
                if len(n) >= 2 and n[0] in PLACE_READERS and n[1] in (["var", v] for v in removed):
                    var = n[1][1]
                    self.err("W404", f.span, name=var, what=f"{n[0]}({var})",
                             notes=(("removed here", removed[var]),),
                             hint=f"read {n[0]}({var}) with 'let' before 'remove {var}'")
                    return
                stack.extend(n)

    @staticmethod
    def wrap_rolls(effect: list, rolls: list[tuple[str, object]]) -> list:
        for var, sides in reversed(rolls):
            effect = ["roll", var, sides, [effect]]
        return effect

    def who(self, f: R.Eff, key: str, scope: dict[str, str]) -> object:
        """The player an effect names at ``key`` (the acting player when it names none)."""
        e = f.get(key)
        if e is None:
            return ["var", "player"]
        v, t = self.expr(e, scope)  # type: ignore[arg-type]
        if not compatible(t, "player|int"):
            # A set or a name is never one player: the game could not be built, or would fail
            # the first time the effect runs.
            self.err("E406", e.span, message=f"expected a player here, got {t}",  # type: ignore[attr-defined]
                     hint="one player: player, a variable bound to a player, owner(x), left(p)")
        return v

    def stock(self, ident: A.Ident | R.Call, giving: bool, scope: dict[str, str] | None = None,
              verb: str = "gain") -> object:
        if isinstance(ident, R.Call):                   # "gain 1 produces(h)"
            return self.stock_call(ident, scope or {}, verb)
        n = ident.value
        if scope is not None and scope.get(n) == "resource":
            return {"var": n}               # a variable bound to a resource (choose r in resources)
        if scope is not None and n in scope and scope[n] != "any":
            self.err("E406", ident.span, message=f"{verb}: {n} is {kind_words(scope[n])}, not a "
                     "resource or a counter", hint="a resource or counter name, choice, or a "
                     "variable bound to a resource (choose r in resources)")
            return {"resource": n}
        if self.env.shared(n):
            self.err("E406", ident.span, message=f"{n} is a shared counter: it belongs to nobody",
                     hint=f"change it with 'set {n} = {n} + 1'")
        if n == "choice":
            return {"choice": "held" if giving else "resource"}
        if n == "random" and giving:
            return {"random": "held"}
        if self.env.has("resource", n):
            return {"resource": n}
        if self.env.has("counter", n):
            return {"counter": n}
        self.declared(ident, ("resource", "counter"))
        return {"resource": n}

    def edge_arg(self, node: object, scope: dict[str, str], verb: str, on: str = "edge") -> object:
        v, t = self.expr(node, scope)  # type: ignore[arg-type]
        if not compatible(t, on):
            where = "intersections" if on == "vertex" else "paths"
            self.err("E406", node.span, message=f"{verb}: these units stand on {where}; got {t}",  # type: ignore[attr-defined]
                     hint=f"give one of the {where}: a variable bound to one, or units(p, NAME)")
        return v

    def piece_place(self, node: object, scope: dict[str, str], verb: str) -> object:
        """The place of a piece (an intersection or a path) an effect acts on; anything else
        (a card's name, a number) is E406 here rather than a game that cannot be built."""
        v, t = self.expr(node, scope)  # type: ignore[arg-type]
        if not compatible(t, "vertex|edge"):
            self.err("E406", node.span,  # type: ignore[attr-defined]
                     message=f"{verb} X: X must be an intersection or a path, got {t}",
                     hint="a variable bound to a piece's place, e.g. 'choose e in pieces(p, road)'")
        return v

    def move_piece(self, f: R.Eff, scope: dict[str, str]) -> list:
        """``move ship from e to f``: a built piece moves; both places of its kind (a path for
        a piece on paths), else E406 naming what was given."""
        name = f.get("unit").value  # type: ignore[union-attr]
        on = self.env.piece_on(name)
        if on == "hex":
            self.err("E406", f.get("unit").span, message=f"{name} stands on hexes: only pieces "  # type: ignore[union-attr]
                     "on paths or intersections move")
        where = "paths" if on == "edge" else "intersections"
        ends = []
        for key in ("frm", "to"):
            node = f.get(key)
            v, t = self.expr(node, scope)  # type: ignore[arg-type]
            if on in ("edge", "vertex") and not compatible(t, on):
                self.err("E406", node.span, message=f"move {name} from X to Y: {name} stands "  # type: ignore[union-attr]
                         f"on {where}, so X and Y are {where}; got {t}")
            ends.append(v)
        return ["move_piece", name, *ends]

    def unit_effect(self, f: R.Eff, scope: dict[str, str]) -> list:
        """``put 1 knight on e [for p]`` / ``take 1 knight from e``: one unit per path, so the
        count must be 1."""
        g = f.get
        n = g("n")
        if not (isinstance(n, R.IntLit) and n.value == 1):
            self.err("E406", n.span, message="units are put or taken one at a time: put or take 1",  # type: ignore[union-attr]
                     hint="repeat the effect for each unit")
        name = g("marker").value  # type: ignore[union-attr]
        on = self.unit_on(name)
        if f.kind == "take_markers":        # a taken unit goes back to its owner's supply
            return ["take_unit", name, self.edge_arg(g("at"), scope, "take", on)]
        return ["put_unit", name, self.edge_arg(g("at"), scope, "put", on), self.who(f, "p", scope)]

    def share(self, f: R.Eff, scope: dict[str, str]) -> list:
        """``share N among p in SET [where COND] [by RANK] [rolling R] { … } [else { … }]`` →
        ["share", var, n, set, cond, rank, body, else(, rolling)]; SET is a set of players, RANK
        and R numbers per player."""
        g = f.get
        var: A.Ident = g("var")  # type: ignore[assignment]
        n, nt = self.expr(g("n"), scope)  # type: ignore[arg-type]
        if not compatible(nt, "int"):
            self.err("E406", g("n").span, message=f"share N: N must be a number, got {nt}")  # type: ignore[union-attr]
        s, st = self.expr(g("set"), scope)  # type: ignore[arg-type]
        if not compatible(st, "set:player"):
            self.err("E406", g("set").span, message=f"share among p in X: X must be a set of "  # type: ignore[union-attr]
                     f"players, got {st}")
        inner = {**scope, var.value: "player"}
        cond = self.cond(g("where"), inner)  # type: ignore[arg-type]
        rank = None
        if g("by") is not None:
            rank, rt = self.expr(g("by"), inner)  # type: ignore[arg-type]
            if not compatible(rt, "int"):
                self.err("E406", g("by").span, message=f"share ... by RANK: RANK must be a number, got {rt}")  # type: ignore[union-attr]
        out = ["share", var.value, n, s, cond, rank, self.block(g("body"), inner),  # type: ignore[arg-type]
               self.block(g("other") or (), inner)]  # type: ignore[arg-type]
        if g("rolling") is not None:        # only then: every other share's IR stays as it was
            roll, rt = self.expr(g("rolling"), inner)  # type: ignore[arg-type]
            if not compatible(rt, "int"):
                self.err("E406", g("rolling").span, message="share ... rolling R: R must be a "  # type: ignore[union-attr]
                         f"number, got {rt}", hint="a number 1 to 6 is a fixed roll, 0 a die")
            out.append(roll)
        return out

    def choose_one(self, f: R.Eff, scope: dict[str, str]) -> list:
        """``choose one [by P] { "Label" [when COND] { … } … }`` → ["choose_one", P,
        {"label", "when", "do"}, …]; two alternatives of one label would read the same in the
        log and to a player, so that is an error."""
        out, seen = [], {}
        for alt in f.get("options") or ():  # type: ignore[union-attr]
            if alt.label in seen:
                self.err("E406", alt.span, message=f'two alternatives are labelled "{alt.label}"',
                         notes=(("the first", seen[alt.label]),),
                         hint="give each alternative its own label")
            seen[alt.label] = alt.span
            when: object = True
            if alt.when is not None:
                when, t = self.expr(alt.when, scope)
                if not compatible(t, "bool"):
                    self.err("E406", alt.when.span, message=f'"{alt.label}" when X: X must be '
                             f"true or false, got {t}", hint="compare: 'when cards(player) > 0'")
            out.append({"label": alt.label, "when": when, "do": self.block(alt.body, scope)})
        return ["choose_one", self.who(f, "by", scope), *out]

    def number(self, f: R.Eff, key: str, scope: dict[str, str]) -> object:
        """An effect's amount, lowered; one that is not a number (`gain v ore` with v a place)
        is E406 here, not an amount the engine reads as nothing."""
        node = f.get(key)
        v, t = self.expr(node, scope)  # type: ignore[arg-type]
        if not compatible(t, "int"):
            self.err("E406", node.span, message=f"{f.kind} N ...: N must be a number, got {t}",  # type: ignore[union-attr]
                     hint="a number, a parameter, or count(x in SET) for a set's size")
        return v

    def effect(self, f: R.Eff, scope: dict[str, str]) -> list | None:
        k, g = f.kind, f.get
        ex = lambda key: self.expr(g(key), scope)[0]  # noqa: E731
        amount = lambda: self.number(f, "n", scope)  # noqa: E731
        if k in ("gain", "lose"):
            return [k, self.who(f, "p", scope), amount(), self.stock(g("stock"), False, scope, k)]  # type: ignore[arg-type]
        if k == "give" and isinstance(g("stock"), A.Ident) and self.env.has("item", g("stock").value):  # type: ignore[union-attr]
            # A deck item changes hands as itself (the old boot): "give 1 old_boot to p".
            return ["give_item", self.who(f, "p", scope), self.who(f, "to", scope), g("stock").value]  # type: ignore[union-attr]
        if k == "give":
            return ["transfer", self.who(f, "p", scope), self.who(f, "to", scope), amount(),  # type: ignore[arg-type]
                    self.stock(g("stock"), True, scope, "give")]
        if k == "draw":
            self.declared(g("deck"), ("deck",))  # type: ignore[arg-type]
            return ["draw", self.who(f, "p", scope), amount(), g("deck").value]  # type: ignore[union-attr]
        if k == "call":
            return self.call_procedure(f, scope)
        if k == "set":
            counter: A.Ident = g("counter")  # type: ignore[assignment]
            v, t = self.expr(g("value"), scope)  # type: ignore[arg-type]
            if not self.env.shared(counter.value):
                self.err("E406", counter.span, message=f"set {counter.value} = ...: only a shared "
                         "counter is set", hint="declare it 'counter NAME { shared; max N }', or "
                         "change a player's counter with gain/lose")
            elif not compatible(t, "int"):
                self.err("E406", g("value").span, message=f"set {counter.value} = X: X must be a number, got {t}")  # type: ignore[union-attr]
            return ["set_counter", counter.value, v]
        if k == "repeat":
            n, t = self.expr(g("n"), scope)  # type: ignore[arg-type]
            if not compatible(t, "int"):
                self.err("E406", g("n").span, message=f"repeat N: N must be a number, got {t}")  # type: ignore[union-attr]
            body = self.block(g("body"), scope)  # type: ignore[arg-type]
            if g("cond") is None:
                return ["repeat", n, body]
            cond, ct = self.expr(g("cond"), scope)  # type: ignore[arg-type]
            if not compatible(ct, "bool"):
                self.err("E406", g("cond").span, message=f"repeat N while X: X must be true or "  # type: ignore[union-attr]
                         f"false, got {ct}", hint="compare a number: 'while count_of(player, mp) > 0'")
            return ["repeat", n, body, cond]
        if k in ("choose", "each"):
            var: A.Ident = g("var")  # type: ignore[assignment]
            s, st = self.expr(g("set"), scope)  # type: ignore[arg-type]
            if not st.startswith("set:") and st != "any":
                self.err("E406", g("set").span, message=f"{k} {var.value} in X: X must be a set, got {st}")  # type: ignore[union-attr]
            inner = {**scope, var.value: st[4:] if st.startswith("set:") else "any"}
            cond = self.cond(g("where"), inner)  # type: ignore[arg-type]
            body = self.block(g("body"), inner)  # type: ignore[arg-type]
            if k == "each":
                return ["each", var.value, s, cond, body]
            if g("random"):
                out = ["choose_random", var.value, s, cond, body,
                       self.block(g("other") or (), scope)]  # type: ignore[arg-type]
                count, weight = g("count"), g("weight")
                if count is not None or weight is not None:
                    w = None
                    if weight is not None:
                        w, wt = self.expr(weight, inner)  # type: ignore[arg-type]
                        if not compatible(wt, "int"):
                            self.err("E406", weight.span,  # type: ignore[union-attr]
                                     message=f"weighted by: a weight must be a number, got {wt}")
                    n = count.value if count is not None else 1  # type: ignore[union-attr]
                    if n < 1:
                        self.err("E406", count.span,  # type: ignore[union-attr]
                                 message="choose N ... at random: N must be at least 1")
                    out += [n] if w is None else [n, w]     # an unweighted pick has no weight
                return out
            for part, words in (("count", "'choose N ...' picks N elements"),
                                ("weight", "'weighted by' weighs a random pick")):
                if g(part) is not None:
                    self.err("E406", g(part).span,  # type: ignore[union-attr]
                             message=f"{words} at random: add 'at random'")
            return ["choose", var.value, self.who(f, "by", scope), s, cond, body,
                    self.block(g("other") or (), scope)]  # type: ignore[arg-type]
        if k == "if":
            return ["if", ex("cond"), self.block(g("body"), scope),  # type: ignore[arg-type]
                    self.block(g("other") or (), scope)]  # type: ignore[arg-type]
        if k == "move_robber":
            to = g("to")
            if isinstance(to, R.NameRef) and to.name in MOVE_ROBBER_WORDS and to.name not in scope:
                return ["move_robber", to.name]
            v, t = self.expr(to, scope)  # type: ignore[arg-type]
            if not compatible(t, "hex"):
                self.err("E406", to.span, message=f"move robber to: expected choice, off_board, home "  # type: ignore[union-attr]
                         f"or a hex, got {t}")
            return ["move_robber", v]
        if k == "steal":
            return ["steal", ["var", "player"], ex("set"), amount()]
        if k == "discard_half":
            return ["discard_half", amount()]
        if k == "place":
            self.declared(g("kind"), ("piece",), "E203")  # type: ignore[arg-type]
            at = g("at")
            at_ir = "choice" if at is None or (isinstance(at, R.NameRef) and at.name == "choice") \
                else self.piece_place(at, scope, "place ... at")
            return ["place", self.who(f, "p", scope), g("kind").value, at_ir, self.who(f, "by", scope)]  # type: ignore[union-attr]
        if k in ("put_markers", "take_markers") and self.env.has("unit", g("marker").value):  # type: ignore[union-attr]
            return self.unit_effect(f, scope)
        if k == "move_unit" and self.env.has("marker", g("unit").value):  # type: ignore[union-attr]
            ends = []
            on = self.marker_on(g("unit").value)  # type: ignore[union-attr]
            for key in ("frm", "to"):
                v, t = self.expr(g(key), scope)  # type: ignore[arg-type]
                if not compatible(t, on):
                    self.err("E406", g(key).span, message=f"these markers lie on {on}s; got {t}",  # type: ignore[union-attr]
                             hint=f"give a {on}: a variable bound to one")
                ends.append(v)
            return ["move_markers", g("unit").value, *ends]  # type: ignore[union-attr]
        if k == "move_unit" and self.env.has("piece", g("unit").value):  # type: ignore[union-attr]
            return self.move_piece(f, scope)
        if k == "move_unit":
            self.declared(g("unit"), ("unit", "marker", "piece"))  # type: ignore[arg-type]
            on = self.unit_on(g("unit").value)  # type: ignore[union-attr]
            frm, to = self.edge_arg(g("frm"), scope, "move", on), self.edge_arg(g("to"), scope, "move", on)  # type: ignore[arg-type]
            return ["move_unit", g("unit").value, frm, to]  # type: ignore[union-attr]
        if k == "share":
            return self.share(f, scope)
        if k == "choose_one":
            return self.choose_one(f, scope)
        if k == "end_game":
            return self.end_game(f, scope)
        if k in ("put_markers", "take_markers"):
            if g("p") is not None:
                self.err("E406", g("p").span, message="markers belong to nobody: 'for P' is for "  # type: ignore[union-attr]
                         "units", hint="drop 'for ...'")
            self.declared(g("marker"), ("marker",))  # type: ignore[arg-type]
            at, t = self.expr(g("at"), scope)  # type: ignore[arg-type]
            on = self.marker_on(g("marker").value)  # type: ignore[union-attr]
            if not compatible(t, on):
                self.err("E406", g("at").span,  # type: ignore[union-attr]
                         message=f"these markers lie on {on}s; got {t}",
                         hint=f"give a {on}: a variable bound to one")
            return [k, amount(), g("marker").value, at]  # type: ignore[union-attr]
        if k in ("mark", "unmark"):
            if k == "unmark":  # a mark is declared by the rule that puts it
                self.declared(g("mark"), ("mark",))  # type: ignore[arg-type]
            return [k, self.piece_place(g("at"), scope, k), g("mark").value]  # type: ignore[union-attr]
        if k == "build_free":
            self.declared(g("kind"), ("piece",), "E203")  # type: ignore[arg-type]
            return ["build_free", self.who(f, "p", scope), g("kind").value, amount()]  # type: ignore[union-attr]
        if k == "reroll":
            return ["reroll"]
        if k == "reshuffle":
            self.declared(g("deck"), ("deck",))  # type: ignore[arg-type]
            return ["reshuffle", g("deck").value]  # type: ignore[union-attr]
        if k == "set_yield":
            self.declared(g("kind"), ("piece",), "E203")  # type: ignore[arg-type]
            return ["set_yield", g("kind").value, amount()]  # type: ignore[union-attr]
        if k in ("award", "set_aside"):
            self.declared(g("special"), ("special",), "E410")  # type: ignore[arg-type]
            return [k, g("special").value]  # type: ignore[union-attr]
        if k == "return_played":
            self.declared(g("flag"), ("flag", "card"))  # type: ignore[arg-type]
            return ["return_played", self.who(f, "p", scope), g("flag").value]  # type: ignore[union-attr]
        if k == "take_development":
            return ["take_development", self.who(f, "p", scope)]
        if k == "remove":
            return ["remove", self.piece_place(g("at"), scope, "remove")]
        if k in ("reveal", "set_terrain", "set_number"):
            return self.hex_effect(f, scope)
        if k in ("extend", "vote"):
            return self.chain_effect(f, scope)
        return None  # pragma: no cover - the grammar builds no other effect

    def chain_effect(self, f: R.Eff, scope: dict[str, str]) -> list:
        """``extend CHAIN at EDGE`` and ``vote x in SET paying R, ... [winner w] { } [deadlock { }]``."""
        g = f.get
        if f.kind == "extend":
            chain = g("chain")
            self.declared(chain, ("chain",))
            at, t = self.expr(g("at"), scope)
            if not compatible(t, "edge"):
                self.err("E406", g("at").span, message=f"extend {chain.value} at X: X must be a path "
                        f"(an edge), got {t}")
            return ["extend", self.chain_name(chain.value), at]
        var: A.Ident = g("var")  # type: ignore[assignment]
        s, st = self.expr(g("set"), scope)
        if not st.startswith("set:") and st != "any":
            self.err("E406", g("set").span, message=f"vote {var.value} in X: X must be a set, got {st}")
        pay = []
        for r in g("pay") or ():
            if self.declared(r, ("resource",)):
                pay.append(r.value)
        winner = g("winner")
        inner = {**scope, var.value: st[4:] if st.startswith("set:") else "any"}
        wname = winner.value if winner is not None else HIDDEN_WINNER
        inner[wname] = "player"
        body = self.block(g("body"), inner)
        other = g("other")
        return ["vote", var.value, wname, s, pay, body,
                self.block(other, inner) if other is not None else None]

    def call_procedure(self, f: R.Eff, scope: dict[str, str]) -> list | None:
        """``NAME(ARG, ...)``: the procedure's body inlined, each parameter bound by a ``let`` to
        its argument (evaluated once, in the caller's scope). The body is lowered for the
        argument types of each call, so a type that does not fit is an error at the call."""
        ident: A.Ident = f.get("name")  # type: ignore[assignment]
        args: tuple = f.get("args") or ()  # type: ignore[assignment]
        proc = self.m.named("procedure").get(ident.value)
        if not isinstance(proc, R.Procedure):
            self.err("E403", ident.span, name=ident.value,
                     hint=did_you_mean(ident.value, list(self.m.named("procedure")))
                     or "declare it: procedure NAME(P, ...) { EFFECTS }")
            return None
        if len(args) != len(proc.params):
            self.err("E406", f.span, message=f"{ident.value}() takes {len(proc.params)} value(s), "
                     f"got {len(args)}", notes=(("the procedure", proc.name.span),))
            return None
        if ident.value in self.calling:
            chain = " → ".join(self.calling + [ident.value])
            self.err("E415", ident.span, what="procedure", name=ident.value, chain=chain,
                     notes=(("the procedure", proc.name.span),),
                     hint="loop with 'each' or 'repeat' instead")
            return None
        lowered = [self.expr(a, scope) for a in args]
        inner = {"player": "player", **{p.value: t for p, (_, t) in zip(proc.params, lowered)}}
        before = len(self.raised)
        self.calling.append(ident.value)
        try:
            body = self.block(proc.body, inner)  # type: ignore[arg-type]
        finally:
            self.calling.pop()
        new = self.raised[before:]
        # Only a type error can depend on the arguments; an unknown name is wrong at any call.
        if "E406" in new and "E415" not in new:
            types = ", ".join(f"{p.value}: {t}" for p, (_, t) in zip(proc.params, lowered))
            self.err("E406", f.span, message=f"this call of {ident.value}({types}) does not fit "
                     "its body (see the errors there)", notes=(("the procedure", proc.name.span),),
                     hint="pass values of the kinds its body reads, or fix the body")
        for p, (v, _) in reversed(list(zip(proc.params, lowered))):
            if v != ["var", p.value]:        # the caller's variable of the same name
                body = [["let", p.value, v, body]]   # is bound already: nothing to rename
        # "via" only names where the body came from, for the log (the call's line and the
        # procedure's): it runs the body as it is.
        at = f"{proc.name.span.path}:{proc.name.span.line}"
        return ["via", ident.value, f"{f.span.path}:{f.span.line}", at, body]

    def chain_name(self, name: str) -> str:
        """A chain named by its piece ("extend camel") is the declaration's own name in the IR."""
        c = self.env.kinds["chain"].get(name)
        return c.name.value if isinstance(c, R.Chain) else name

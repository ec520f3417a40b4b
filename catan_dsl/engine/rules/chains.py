"""IR ``chains`` → neutral pieces grown one path at a time from each chain's head: legal spots, extend, merge."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from catan_dsl.engine.events import Event
from catan_dsl.engine.rules.executor import Eff, emit
from catan_dsl.engine.rules.expressions import Ctx, compile_cond, compile_expr

# Per-game state is one flat int list (rules_state.chains), so a clone is a single list copy:
#   [0, n_specs)                    pieces left in each declaration's supply
#   [n_specs, n_specs + n_edges)    instance + 1 of the piece standing on each edge (0: none)
#   then 3 ints per instance        head vertex, pieces placed, root (itself unless merged)
# A path holds at most one chain piece, whatever chain declaration it belongs to.


@dataclass(frozen=True, slots=True)
class ChainExtended(Event):
    """A piece of chain ``chain`` (instance ``instance``) now stands on ``edge``, heading
    from ``tail`` to ``head``; ``merged`` lists instances that joined it at ``tail``."""

    chain: str
    piece: str
    instance: int
    edge: int
    tail: int
    head: int
    player: int
    merged: tuple[int, ...] = ()


@dataclass(frozen=True)
class ChainSpec:
    name: str
    piece: str
    label: str
    supply: int
    starts: tuple[int, ...]            # one instance per start intersection
    first: Any                         # condition on the first step of an instance, or None
    first_var: str
    instances: tuple[int, ...]


class Chains:
    """Static, shared compiled form of the IR's ``chains`` (one per CompiledRules)."""

    def __init__(self, rules, ir: dict) -> None:
        b = ir["board"]
        vfeat = (b.get("features") or {}).get("vertices", {})
        self.n_edges = len(b["edges"])
        specs: list[ChainSpec] = []
        inst: list[int] = []
        for name, c in (ir.get("chains") or {}).items():
            starts = tuple(int(v) for v in vfeat.get(c.get("start"), ())) \
                if isinstance(c.get("start"), str) else tuple(int(v) for v in c.get("start") or ())
            first = c.get("first") or {}
            var = first.get("var", "e")
            cond = compile_cond(first.get("when"), Ctx(rules, {"player": "player", var: "edge"}))
            ids = tuple(range(len(inst), len(inst) + len(starts)))
            inst += [len(specs)] * len(starts)
            specs.append(ChainSpec(name, c.get("piece", name), c.get("label") or name,
                                   int(c.get("supply", 0)), starts, cond, var, ids))
        self.specs = tuple(specs)
        self.inst_spec = tuple(inst)
        self.index = {}
        for i, sp in enumerate(specs):
            self.index[sp.name] = i
            self.index.setdefault(sp.piece, i)
        self.n_specs = len(specs)
        self.base = self.n_specs + self.n_edges

    def __bool__(self) -> bool:
        return bool(self.specs)

    def initial(self) -> list[int]:
        st = [sp.supply for sp in self.specs] + [0] * self.n_edges
        for sp in self.specs:
            for i, v in zip(sp.instances, sp.starts):
                st += [v, 0, i]
        return st

    # ---- queries ---------------------------------------------------------------------------
    def root(self, st: list[int], i: int) -> int:
        at = self.base + 3 * i + 2
        while st[at] != i:
            i = st[at]
            at = self.base + 3 * i + 2
        return i

    def piece_at(self, st: list[int], e: int) -> int:
        """The instance whose piece stands on edge ``e``, or -1."""
        return st[self.n_specs + e] - 1

    def occupied(self, st: list[int], d: int, e: int) -> bool:
        i = st[self.n_specs + e] - 1
        return i >= 0 and self.inst_spec[i] == d

    def steps(self, s, d: int) -> list[tuple[int, int]]:
        """(edge, instance) for every legal next piece of declaration ``d``: each open instance
        extends from its head onto a free path (its first step must pass ``first``); an edge two
        heads could take goes to the lower instance. Empty when the supply is used up."""
        st = s.rules_state.chains
        if st[d] <= 0:
            return []
        sp = self.specs[d]
        out: dict[int, int] = {}
        vertex_edges, ne = s.board.vertex_edges, self.n_specs
        for i in sp.instances:
            at = self.base + 3 * i
            if st[at + 2] != i:
                continue                                   # merged into another instance
            for e in vertex_edges[st[at]]:
                if st[ne + e] or e in out:
                    continue
                if st[at + 1] == 0 and sp.first is not None \
                        and not sp.first(s, {"player": s.cur, sp.first_var: e}):
                    continue
                out[e] = i
        return sorted(out.items())

    def spots(self, s, d: int) -> list[int]:
        return [e for e, _ in self.steps(s, d)]

    def chain_of(self, s, e: int) -> int:
        """The instance (after merges) holding ``e``, or the one a piece on ``e`` would extend; -1
        (also for no path: ``e`` -1, as path_between gives it)."""
        if not 0 <= e < self.n_edges:
            return -1
        st = s.rules_state.chains
        i = st[self.n_specs + e] - 1
        if i >= 0:
            return self.root(st, i)
        for d in range(self.n_specs):
            for x, j in self.steps(s, d):
                if x == e:
                    return j
        return -1

    def count(self, st: list[int], d: int) -> int:
        return self.specs[d].supply - st[d]

    # ---- the one state change ------------------------------------------------------------------
    def extend(self, s, d: int, e: int, player: int, emit) -> bool:
        """Put a piece of ``d`` on ``e`` if that is a legal step; merge instances sharing the head."""
        for x, i in self.steps(s, d):
            if x == e:
                break
        else:
            return False
        st = s.rules_state.chains
        at = self.base + 3 * i
        tail = st[at]
        a, b = s.board.edge_vertices[e]
        head = b if a == tail else a
        s.rules_state.shape_moves += 1
        st[self.n_specs + e] = i + 1
        st[at] = head
        st[at + 1] += 1
        st[d] -= 1
        merged = []
        for j in self.specs[d].instances:
            jt = self.base + 3 * j
            if j != i and st[jt + 2] == j and st[jt] == tail:
                st[jt + 2] = i                           # two heads met here: one chain now
                merged.append(j)
        sp = self.specs[d]
        emit(ChainExtended(sp.name, sp.piece, i, e, tail, head, player, tuple(merged)))
        return True


def fx_extend(node, ctx):
    """``["extend", CHAIN, EDGE]``: the next piece of a chain on that path (ignored if illegal)."""
    chains = ctx.rules.chains
    d = chains.index[node[1]]
    at = compile_expr(node[2], ctx)[0]

    def run_(s, env, ri, addr):
        e = at(s, env)
        if e is not None and e >= 0:
            chains.extend(s, d, e, env.get("player", s.cur), lambda ev: emit(s, ri, ev))
        return None
    return Eff("extend", run_)


# ---- vocabulary functions -------------------------------------------------------------------
def f_chain_spots(ctx, a, raw):
    chains = ctx.rules.chains
    d = chains.index.get(raw[0], -1) if isinstance(raw[0], str) else -1
    name = a[0][0]
    return (lambda s, env: chains.spots(s, d if d >= 0 else chains.index[name(s, env)])), "set:edge"


def f_chain_of(ctx, a, raw):
    chains, e = ctx.rules.chains, a[0][0]
    return (lambda s, env: chains.chain_of(s, e(s, env))), "int"


def f_chain_supply(ctx, a, raw):
    chains, name = ctx.rules.chains, a[0][0]
    return (lambda s, env: s.rules_state.chains[chains.index[name(s, env)]]), "int"


EFFECTS = {"extend": fx_extend}
FUNCTIONS = {"chain_spots": f_chain_spots, "chain_of": f_chain_of, "chain_supply": f_chain_supply}

"""IR expressions (JSON S-expressions over catan_dsl.core.vocab) → Python closures ``(state, env) -> value``."""

from __future__ import annotations

from functools import reduce
from typing import Any, Callable

from catan_dsl.core import vocab
from catan_dsl.engine.rules.domains import conjuncts, layout_sieve, narrow
from catan_dsl.engine.rules.prefilters import layout_prefilter
from catan_dsl.engine.rules.turn_order import ordered
from catan_dsl.engine.rules import loops
from catan_dsl.engine.rules.fused import FUSED, fuse, inline
from catan_dsl.engine.rules.measure_memo import layout_memo
from catan_dsl.engine.rules.unions import within_union

Fn = Callable[[Any, dict], Any]
# Loops with a condition as generated functions (loops.py); off, the closures below run them.
GENERATED_LOOPS = True


class Ctx:
    """Compile-time context: the compiled rules (names, topology, and the function and effect
    tables they were handed) and the static types of the variables in scope."""

    __slots__ = ("rules", "types", "functions", "effects")

    def __init__(self, rules, types: dict[str, str]) -> None:
        self.rules = rules
        self.types = dict(types)
        self.functions = rules.functions
        self.effects = rules.effects

    def bind(self, var: str, typ: str) -> "Ctx":
        c = Ctx(self.rules, self.types)
        c.types[var] = typ
        return c


def elem_type(set_type: str) -> str:
    return set_type[4:] if set_type.startswith("set:") else "any"


def compile_expr(node: Any, ctx: Ctx) -> tuple[Fn, str]:
    """``node`` → (closure, static type). Unknown heads raise ValueError at compile time."""
    if isinstance(node, bool):
        return inline(lambda s, env, v=node: v, repr(node)), "bool"
    if isinstance(node, int):
        return inline(lambda s, env, v=node: v, repr(node)), "int"
    if node is None:
        return inline(lambda s, env: None, "None"), "null"
    if isinstance(node, str):
        if node in ctx.types:
            return _var(node, ctx)
        return inline(lambda s, env, v=node: v, repr(node)), "name"
    if isinstance(node, dict):
        return (lambda s, env, v=node: v), "stock"
    if not isinstance(node, list) or not node:
        raise ValueError(f"bad expression {node!r}")
    head = node[0]
    if head == "var":
        return _var(node[1], ctx)
    if head in vocab.COMPREHENSIONS and len(node) >= 4 and isinstance(node[1], str) \
            and not (head in ("max", "min") and len(node) == 3):
        fn, typ = _comprehension(head, node, ctx)
        read = {n: ctx.types[n] for n in reads(node, ctx) if n in ctx.types}
        return layout_memo(node, fn, read, ctx.functions), typ
    if head in FUSED:
        # An operator tree: one generated function, not a closure per operator (fused.py).
        got = fuse(node, ctx.types, ctx.rules.resource_index, lambda n: compile_expr(n, ctx))
        if got is not None:
            return got
    if head in OPERATORS:
        return OPERATORS[head](node[1:], ctx)
    impl = ctx.functions.get(head)
    if impl is None:
        raise ValueError(f"unknown function {head!r}")
    args = [compile_expr(a, ctx) for a in node[1:]]
    _check_args(head, [t for _, t in args])
    return impl(ctx, args, node[1:])


# Parameter types whose values are players, places, numbers, truth values or sets: a bare name
# or a null can never stand for one (a hand-edited IR, not a compiled one, gets this far).
_VALUE_TYPES = {"player", "hex", "vertex", "edge", "int", "bool"}


_PLACES = {"hex", "vertex", "edge"}


def _check_args(head: str, types: list[str], table: dict | None = None) -> None:
    """A constant that can never be the value a parameter needs is a compile error: a name or
    null for a player, place, number, truth value or set, a number for a place."""
    entry = (vocab.FUNCTIONS if table is None else table).get(head)
    if entry is None:
        return
    for param, got in zip(entry.params, types):
        wanted = param.type.split("|")
        if got in ("name", "null") and all(w in _VALUE_TYPES or w.startswith("set:")
                                           for w in wanted) \
                or got in ("int", "bool") and all(w in _PLACES for w in wanted):
            raise ValueError(f"{head}: argument {param.name} must be a {param.type}, "
                             f"not a constant {'name' if got == 'name' else got}")


def check_effect_args(node: list) -> None:
    """``_check_args`` for an effect node's constant arguments (positions follow its vocabulary
    entry; structural arguments such as bodies and stocks are not constants of a value type)."""
    types = []
    for arg in node[1:]:
        types.append("null" if arg is None else "bool" if isinstance(arg, bool)
                     else "int" if isinstance(arg, int) else "name" if isinstance(arg, str)
                     else "any")
    _check_args(node[0], types, vocab.EFFECTS)


def _var(name: str, ctx: Ctx) -> tuple[Fn, str]:
    if name not in ctx.types:
        raise ValueError(f"variable {name!r} is not bound here")

    def read(s, env, name=name):
        return env[name]
    return inline(read, f"env[{name!r}]"), ctx.types.get(name, "any")


def constant_name(node: Any, ctx: Ctx) -> str | None:
    """The name an argument always is (a bare name no variable in scope shadows), so a function
    can look it up once when it is compiled rather than on every call; else None."""
    return node if isinstance(node, str) and node not in ctx.types else None


def variable_name(node: Any, ctx: Ctx) -> str | None:
    """The variable an argument is and nothing more (``player``, ``e``), so a function can read
    ``env`` itself rather than call the variable's closure; else None."""
    if isinstance(node, list) and len(node) == 2 and node[0] == "var":
        node = node[1]
    return node if isinstance(node, str) and node in ctx.types else None


def reads(node: Any, ctx: Ctx) -> frozenset[str]:
    """The variables of ``ctx`` an IR expression may read (an over-approximation: a name bound
    again inside a comprehension still counts), so a caller can key a cached value by them. A
    comprehension's own variable is not one of them: it is bound before it is read."""
    out: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, str):
            if n in ctx.types:
                out.add(n)
        elif isinstance(n, list):
            if len(n) == 2 and n[0] == "var" and isinstance(n[1], str):
                if n[1] in ctx.types:
                    out.add(n[1])
            else:
                stack.extend(n)
        elif isinstance(n, dict):
            stack.extend(n.values())
    return frozenset(out)


def compile_cond(node: Any, ctx: Ctx) -> Fn | None:
    """A condition closure, or None for an always-true condition (fast path)."""
    if node is None or node is True:
        return None
    return compile_expr(node, ctx)[0]


# ---- comprehensions ------------------------------------------------------------------------
def qualifying(s, env: dict, set_fn: Fn, set_t: str, var: str, cond: Fn | None) -> list:
    """The elements of a set (in ``ordered`` order) meeting ``cond`` with ``var`` bound to each;
    ``env`` is left as it was (each, choose and choose-at-random pick their elements so)."""
    items = ordered(s, set_fn(s, env), set_t, env)
    if cond is None:
        return list(items)
    if not items:                   # most narrowed loops of a rule run find nothing
        return []
    probe = dict(env)
    chosen = []
    for x in items:
        probe[var] = x
        if cond(s, probe):
            chosen.append(x)
    return chosen


def _narrow(set_node: Any, var: str, cond_node: Any, set_fn: Fn, ctx: Ctx, inner: Ctx
            ) -> tuple[Fn, Fn | None, Any]:
    """The loop's set and condition as the loop runs them (engine/rules/domains.py): a layout
    prefilter, else a narrowed set; the same elements qualify, in the same order. → (the set,
    the condition's closure, the condition's IR: what is left of COND to ask)."""
    def compile_typed(n: Any, extra: dict) -> tuple[Fn, str]:
        here = inner
        for name, typ in extra.items():
            here = here.bind(name, typ)
        return compile_expr(n, here)

    pre = layout_prefilter(set_node, var, cond_node, set_fn, ctx.types, ctx.functions,
                           lambda n: compile_expr(n, inner)[0], compile_typed)
    if pre is not None:
        return pre[0], compile_cond(pre[1], inner), pre[1]
    if cond_node is None:
        return narrow(set_node, var, None, set_fn, ctx.rules, ctx.types,
                      lambda n: compile_expr(n, ctx)[0]), None, None
    parts = conjuncts(cond_node)
    full = compile_cond(cond_node, inner)
    sieve = layout_sieve(var, parts, ctx.types, ctx.functions, lambda n: compile_expr(n, inner)[0],
                         set_node)
    loop = within_union(narrow(set_node, var, cond_node, set_fn, ctx.rules, ctx.types, lambda n:
                               compile_expr(n, ctx)[0], sieve, full), parts, var, compile_typed)
    decided = getattr(loop, "decided", ())
    if not decided:
        return loop, full, cond_node
    # What the sieve decided for every candidate it lets through is not asked again.
    rest = [p for i, p in enumerate(parts) if i not in decided]
    left = reduce(lambda a, b: ["and", a, b], rest) if rest else None
    return loop, compile_cond(left, inner), left


def compile_domain(set_node: Any, var: str, cond_node: Any, ctx: Ctx
                   ) -> tuple[Fn, str, Ctx, Fn | None, Any]:
    """``VAR in SET where COND`` of a loop or a choice → the set's closure and type, the context
    with VAR bound, the condition's closure (None: always true) and its IR as narrowed."""
    set_fn, set_t = compile_expr(set_node, ctx)
    inner = ctx.bind(var, elem_type(set_t))
    loop, cond, cond_ir = _narrow(set_node, var, cond_node, set_fn, ctx, inner)
    return loop, set_t, inner, cond, cond_ir


def compile_picks(set_node: Any, var: str, cond_node: Any, ctx: Ctx) -> tuple[Fn, str, Ctx]:
    """``VAR in SET where COND`` of an each, a choose or a share → ``(state, env) →`` the
    elements meeting COND in ``ordered`` order (``qualifying``, a generated loop when the
    condition can be written out: loops.picked), the set's type, the context with VAR bound."""
    set_fn, set_t = compile_expr(set_node, ctx)
    inner = ctx.bind(var, elem_type(set_t))
    loop, cond, cond_ir = _narrow(set_node, var, cond_node, set_fn, ctx, inner)
    if GENERATED_LOOPS and cond is not None:
        got = loops.picked(var, loop, set_t, cond_ir, inner.types, ctx.rules.resource_index,
                           lambda n: compile_expr(n, inner), ordered)
        if got is not None:
            return loops.listing_live(got, (set_node, cond_node), ctx.functions), set_t, inner
    if cond is None:
        if set_t != "set:player":           # every element, in the set's own order
            return (lambda s, env: list(loop(s, env))), set_t, inner
        return (lambda s, env: qualifying(s, env, loop, set_t, var, cond)), set_t, inner
    return loops.listing_live(lambda s, env: qualifying(s, env, loop, set_t, var, cond),
                              (set_node, cond_node), ctx.functions), set_t, inner


def _generated(head: str, var: str, set_fn: Fn, set_t: str, cond_ir: Any, value_ir: Any,
               ctx: Ctx, inner: Ctx) -> Fn | None:
    """The comprehension as a generated loop (loops.comprehension), or None."""
    if not GENERATED_LOOPS:
        return None
    return loops.comprehension(head, var, set_fn, set_t, cond_ir, value_ir, inner.types,
                               ctx.rules.resource_index, lambda n: compile_expr(n, inner),
                               ctx.rules.execution, ordered)


def _comprehension(head: str, node: list, ctx: Ctx) -> tuple[Fn, str]:
    var = node[1]
    set_fn, set_t = compile_expr(node[2], ctx)
    if set_t in ("int", "bool", "name", "null"):
        raise ValueError(f"{head} over {node[2]!r}, which is not a set")
    inner = ctx.bind(var, elem_type(set_t))
    execution = ctx.rules.execution
    if head in ("max", "min") and len(node) == 4:          # no filter: every element counts
        return loops.extreme(head, var, set_fn, None, compile_expr(node[3], inner)[0],
                             execution), "int"
    if head == "all":
        # COND is what every element must meet, not a filter: the set is never narrowed by it
        # (narrowed, "all hexes of v are sea" would look only at the sea hexes, and hold).
        cond = compile_cond(node[3], inner)
        got = _generated(head, var, set_fn, set_t, node[3], None, ctx, inner) \
            if cond is not None else None
        if got is not None:
            return got, "bool"

        def all_(s, env):
            items = list(set_fn(s, env))
            if execution.depth:
                execution.tick(len(items) + 1)
            for x in items:
                env[var] = x
                if cond is not None and not cond(s, env):
                    return False
            return True
        return all_, "bool"
    set_fn, cond, cond_ir = _narrow(node[2], var, node[3], set_fn, ctx, inner)
    if cond is not None:
        got = _generated(head, var, set_fn, set_t, cond_ir,
                         node[4] if head in ("sum", "max", "min") else None, ctx, inner)
        if got is not None:
            return got, ("bool" if head == "any" else elem_type(set_t) if head == "first"
                         else "int")
    if head == "sum":
        val = compile_expr(node[4], inner)[0]

        def total(s, env):
            items = list(set_fn(s, env))
            if execution.depth:
                execution.tick(len(items) + 1)
            t = 0
            for x in items:
                env[var] = x
                if cond is None or cond(s, env):
                    t += val(s, env)
            return t
        return total, "int"
    if head in ("max", "min"):
        return loops.extreme(head, var, set_fn, cond, compile_expr(node[4], inner)[0],
                             execution), "int"

    # Direct loops, not a shared generator: these run for every rule condition of every query.
    def count(s, env):
        items = set_fn(s, env)
        if not isinstance(items, (list, tuple)):
            items = list(items)
        if execution.depth:
            execution.tick(len(items) + 1)
        if cond is None:
            return len(items)
        n = 0
        for x in items:
            env[var] = x
            if cond(s, env):
                n += 1
        return n

    def any_(s, env):
        items = set_fn(s, env)
        if not isinstance(items, (list, tuple)):
            items = list(items)
        if execution.depth:
            execution.tick(len(items) + 1)
        if cond is None:
            return bool(items)
        for x in items:
            env[var] = x
            if cond(s, env):
                return True
        return False

    if head == "count":
        return count, "int"
    if head == "any":
        return any_, "bool"
    if cond is None and set_t != "set:player":      # "first(v in units(p, U) where true)"
        return loops.first_of(var, set_fn, execution), elem_type(set_t)
    def first(s, env):
        items = ordered(s, set_fn(s, env), set_t, env)
        if execution.depth:
            execution.tick(len(items) + 1)
        for x in items:
            env[var] = x
            if cond is None or cond(s, env):
                return x
        return -1
    return first, elem_type(set_t)


# ---- operators -----------------------------------------------------------------------------
def _op2(f: Callable[[Any, Any], Any], typ: str):
    def make(args, ctx):
        (a, _), (b, _) = compile_expr(args[0], ctx), compile_expr(args[1], ctx)
        return (lambda s, env: f(a(s, env), b(s, env))), typ
    return make


def _compare(op: str):
    """A comparison closure specialised by operator and by a constant right-hand side (the
    common ``terrain(h) == desert``, ``n == 7``): one call less per evaluation than _op2."""
    def make(args, ctx):
        a, ta = compile_expr(args[0], ctx)
        right = args[1]
        if isinstance(right, (bool, int)) or right is None or \
                (isinstance(right, str) and right not in ctx.types):
            k = right
            if ta == "resource" and isinstance(k, str):
                # A resource variable holds the resource's index; "r != ore" names it.
                k = ctx.rules.resource_index.get(k, k)
            x = variable_name(args[0], ctx)
            if x is not None:               # "n == 7", "c == red": read the variable directly
                return {
                    "==": lambda s, env: env[x] == k, "!=": lambda s, env: env[x] != k,
                    "<": lambda s, env: env[x] < k, "<=": lambda s, env: env[x] <= k,
                    ">": lambda s, env: env[x] > k, ">=": lambda s, env: env[x] >= k,
                }[op], "bool"
            return {
                "==": lambda s, env: a(s, env) == k, "!=": lambda s, env: a(s, env) != k,
                "<": lambda s, env: a(s, env) < k, "<=": lambda s, env: a(s, env) <= k,
                ">": lambda s, env: a(s, env) > k, ">=": lambda s, env: a(s, env) >= k,
            }[op], "bool"
        y = variable_name(right, ctx)
        if y is not None:                   # "w == v", "unit_owner(e, knight) == p"
            x = variable_name(args[0], ctx)
            if x is not None:
                return {
                    "==": lambda s, env: env[x] == env[y], "!=": lambda s, env: env[x] != env[y],
                    "<": lambda s, env: env[x] < env[y], "<=": lambda s, env: env[x] <= env[y],
                    ">": lambda s, env: env[x] > env[y], ">=": lambda s, env: env[x] >= env[y],
                }[op], "bool"
            return {
                "==": lambda s, env: a(s, env) == env[y], "!=": lambda s, env: a(s, env) != env[y],
                "<": lambda s, env: a(s, env) < env[y], "<=": lambda s, env: a(s, env) <= env[y],
                ">": lambda s, env: a(s, env) > env[y], ">=": lambda s, env: a(s, env) >= env[y],
            }[op], "bool"
        b = compile_expr(right, ctx)[0]
        return {
            "==": lambda s, env: a(s, env) == b(s, env), "!=": lambda s, env: a(s, env) != b(s, env),
            "<": lambda s, env: a(s, env) < b(s, env), "<=": lambda s, env: a(s, env) <= b(s, env),
            ">": lambda s, env: a(s, env) > b(s, env), ">=": lambda s, env: a(s, env) >= b(s, env),
        }[op], "bool"
    return make


def _and(args, ctx):
    fs = [compile_expr(a, ctx)[0] for a in args]
    if len(fs) == 2:
        f, g = fs
        return (lambda s, env: True if f(s, env) and g(s, env) else False), "bool"
    if len(fs) == 3:                        # a generator per test costs more than the tests
        f, g, h = fs
        return (lambda s, env: True if f(s, env) and g(s, env) and h(s, env) else False), "bool"
    return (lambda s, env: all(f(s, env) for f in fs)), "bool"


def _or(args, ctx):
    fs = [compile_expr(a, ctx)[0] for a in args]
    if len(fs) == 2:
        f, g = fs
        return (lambda s, env: True if f(s, env) or g(s, env) else False), "bool"
    if len(fs) == 3:
        f, g, h = fs
        return (lambda s, env: True if f(s, env) or g(s, env) or h(s, env) else False), "bool"
    return (lambda s, env: any(f(s, env) for f in fs)), "bool"


def _not(args, ctx):
    f = compile_expr(args[0], ctx)[0]
    return (lambda s, env: not f(s, env)), "bool"


def _member(args, ctx):
    a, b = compile_expr(args[0], ctx)[0], compile_expr(args[1], ctx)[0]
    return (lambda s, env: a(s, env) in b(s, env)), "bool"


def _ite(args, ctx):
    c = compile_expr(args[0], ctx)[0]
    (a, ta), (b, _) = compile_expr(args[1], ctx), compile_expr(args[2], ctx)
    return (lambda s, env: a(s, env) if c(s, env) else b(s, env)), ta


def _minus(args, ctx):
    if len(args) == 1:
        f = compile_expr(args[0], ctx)[0]
        return (lambda s, env: -f(s, env)), "int"
    return _op2(lambda x, y: x - y, "int")(args, ctx)


def _var_op(args, ctx):
    return _var(args[0], ctx)


OPERATORS: dict[str, Callable] = {
    "and": _and, "or": _or, "not": _not, "if": _ite, "var": _var_op, "-": _minus, "in": _member,
    "==": _compare("=="), "!=": _compare("!="), "<": _compare("<"), "<=": _compare("<="),
    ">": _compare(">"), ">=": _compare(">="),
    "+": _op2(lambda x, y: x + y, "int"), "*": _op2(lambda x, y: x * y, "int"),
    "/": _op2(lambda x, y: x // y if y else 0, "int"),     # rounds down; by 0 is 0
}

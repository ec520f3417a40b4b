"""A root ``.catan`` path (+ variants) → its files (read by ``reading.py``) merged into one `Model`.

Merge order: the extended file (recursively), then imports, then the file itself, then each
``with`` variant. A later file overrides an earlier one's declaration of the same name; one
file declaring a name twice is an error (E205).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from catan_dsl.check.reading import (MAX_COMPOSITION_DEPTH, MAX_SOURCE_BYTES, Loader,
                                     ParsedFiles, display, parse_source, reachable_files,
                                     read_source, resolve_name, suggest)
from catan_dsl.core.codes import RESERVED_WORDS
from catan_dsl.core.diagnostics import Report
from catan_dsl.core.source import Span
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R

__all__ = ["MAX_COMPOSITION_DEPTH", "MAX_SOURCE_BYTES", "Model", "ParsedFiles", "load_model",
           "parse_source", "read_source", "resolve_name"]

Key = tuple[str, ...]


@dataclass
class Model:
    """The merged declarations of a scenario and everything it extends, imports and adds."""

    root: A.Unit
    path: str
    extends: list[str] = field(default_factory=list)  # nearest first
    with_: list[str] = field(default_factory=list)
    decls: dict[Key, A.Node] = field(default_factory=dict)
    default_board: str | None = None
    boards_by_players: dict[int, str] = field(default_factory=dict)  # "board B for players N"
    incomplete: bool = False  # an extends/import/with failed: missing sections are no news
    # Rules-language statements in composition order, each with the id of its unit (file).
    rules: list[tuple[str, A.Node]] = field(default_factory=list)
    bonuses: list[R.VictoryBonus] = field(default_factory=list)  # "victory target + N", all add up
    units: list[A.Unit] = field(default_factory=list)  # every merged file's unit, in order
    players_by_unit: list[tuple[str, A.Players]] = field(default_factory=list)
    use_board: R.UseBoard | None = None  # "use board NAME" (the last one wins)
    # What a "without" took out: a second file withdrawing it again is no mistake (two
    # scenarios that both replace the development cards, composed).
    withdrawn: set = field(default_factory=set)
    # What any merged file declares in an "if with" branch that did not apply: withdrawing it
    # is no mistake either (Fishermen's Catan-for-Two part withdrawing the knight action that
    # Catan for Two leaves out itself when Barbarian Attack is in the composition).
    branch_only: set = field(default_factory=set)
    param_values: dict[str, int] = field(default_factory=dict)  # after --set (check/params.py)

    def get(self, *key: str) -> A.Node | None:
        return self.decls.get(tuple(key))

    def named(self, kind: str) -> dict[str, A.Node]:
        """Every declaration of ``kind`` ("terrain", "piece", "card", ...) by name, in order."""
        return {k[1]: v for k, v in self.decls.items() if k[0] == kind}

    def settings(self, section: str) -> dict[str, A.Setting]:
        return {k[2]: v for k, v in self.decls.items()  # type: ignore[misc]
                if k[0] == "setting" and k[1] == section}


def load_model(path: str, with_: tuple[str, ...] = (), report: Report | None = None,
               texts: dict[Path, str] | None = None, cache: ParsedFiles | None = None
               ) -> tuple[Model | None, Report]:
    """Read, parse and merge ``path`` with what it extends, imports and the extra variants;
    ``texts`` (resolved path → text) stands in for files an editor holds unsaved; ``cache``
    shares the files read between checks (and says how to name them)."""
    report = report if report is not None else Report()
    loader = Loader(report, texts, cache)
    files = loader.collect(Path(path), path, None, ())
    root = loader.files.get(loader.cache.resolve(Path(path)))
    if root is None:
        return None, report
    root_key = loader.cache.resolve(Path(path))
    with_names = []
    for name in with_:
        # A variant by name (beside the file, then shipped), or by path (PACK:VARIANT resolved).
        as_path = Path(name) if name.endswith(".catan") else None
        target = as_path if as_path is not None and as_path.is_file() else \
            resolve_name(name, root_key.parent)
        if target is None:
            close = suggest(name, reachable_files(root_key.parent))
            report.error("E209", root.unit.name.span, what="variant", name=name,
                         hint="--with names a variant file in scenarios/" + (f"; {close}" if close else ""))
            loader.failed = True
            with_names.append(name)
            continue
        key = loader.cache.resolve(target)
        if key not in loader.with_seen:
            loader.with_seen.add(key)
            files += loader.collect(target, display(target), None, (), depth=1)
        loaded = loader.files.get(key)
        with_names.append(loaded.unit.name.value if as_path is not None and loaded else name)
    model = Model(root=root.unit, path=path)
    model.extends = _extends_chain(root, Path(path), loader)
    model.with_ = [i.value for i in root.unit.with_] + with_names
    model.incomplete = loader.failed
    seen_files: set[int] = set()
    unique = []
    for f in files:
        if id(f) in seen_files:
            continue  # the same file reached twice (e.g. two imports of one library)
        seen_files.add(id(f))
        unique.append(f)
    # "if with NAME { ... }" applies when NAME is any unit of the composition.
    names = {f.unit.name.value for f in unique} | set(model.with_)
    origin: dict[Key, A.Node] = {}
    model.branch_only = {k for f in unique for k in _branch_keys(f.unit.body)}
    # An "if with NAME" block adapts the file to NAME, so when NAME is merged later it applies
    # after NAME's own statements (the adaptation wins, e.g. a scenario zeroing a variant's
    # counter); blocks naming an earlier unit stay in place.
    order = [f.unit.name.value for f in unique]
    deferred: list[tuple[A.File, list[A.Node]]] = []
    for i, f in enumerate(unique):
        model.units.append(f.unit)
        adapts = _if_with_names(f.unit.body)
        later = set(order[i + 1:]) if adapts else set()
        if later & adapts:
            deferred.append((f, []))
            _merge(model, f, report, names, origin, later, deferred[-1][1])
        else:
            _merge(model, f, report, names, origin)
    for f, nodes in deferred:
        if nodes:
            _merge(model, f, report, names, origin, body=nodes)
    _check_board_choice(model, root, report)
    _check_action_names(model, root, report)
    return model, report


def _check_board_choice(model: Model, root: A.File, report: Report) -> None:
    """W403: a variant's ``use board`` that takes away the played scenario's own default board
    (Fishermen with the tournament variant once played on the base game's board, lake lost)."""
    use = model.use_board
    if use is None and root.unit.kind == "scenario":
        _check_default_board_taken(model, root, report)
    if use is None or root.unit.kind != "scenario" or use.span.path == root.unit.span.path:
        return
    own = next((n for n in root.unit.body if isinstance(n, A.Board) and n.default), None)
    chosen = model.decls.get(("board", use.name.value))
    if own is None or chosen is None or chosen.span.path == root.unit.span.path:
        return
    variant = next((u.name.value for u in model.units if u.span.path == use.span.path), "a variant")
    report.error("W403", use.span, what=f"'use board {use.name.value}' of {variant}",
                 board=own.name.value, scenario=root.unit.name.value,
                 notes=(("the scenario's board", own.name.span),),
                 hint=f"to keep it, write 'if with {variant} {{ use board {own.name.value} }}' in "
                      f"the scenario")


def _drop_orphan_cost_modifiers(model: Model) -> None:
    """A cost modifier of withdrawn actions (or of a group none of whose actions is left) goes too."""
    left = {r.name.value for _, r in model.rules if isinstance(r, R.Action)}
    left |= {val.value for _, r in model.rules if isinstance(r, R.Action)
             for key, val, _ in r.props if key == "group" and isinstance(val, A.Ident)}
    model.rules = [(u, r) for u, r in model.rules
                   if not (isinstance(r, R.Modifier) and r.what.value == "cost"
                           and r.var.value not in left)]


def reserved_hint(name: str) -> str:
    """E215's hint, wherever a declared name is a word of the rules language."""
    return f"'{name}' is a word of the rules language: pick another name"


def _branch_keys(nodes: tuple[A.Node, ...], inside: bool = False) -> set[tuple[str, str]]:
    """(kind, name) of every action, special card and development card declared inside an
    ``if with`` block or its ``else``, whichever applies."""
    keys: set[tuple[str, str]] = set()
    for n in nodes:
        if isinstance(n, R.IfWith):
            keys |= _branch_keys(n.body, True) | _branch_keys(n.orelse, True)
        elif not inside:
            continue
        elif isinstance(n, R.Action):
            keys.add(("action", n.name.value))
        elif isinstance(n, A.Special):
            keys.add(("special", n.name.value))
        elif isinstance(n, A.Development):
            keys |= {("card", i.name.value) for i in n.items if isinstance(i, A.Card)}
    return keys


def _if_with_names(nodes: tuple[A.Node, ...]) -> set[str]:
    return {n.name.value for n in nodes if isinstance(n, R.IfWith)}


def _extends_chain(root: A.File, path: Path, loader: Loader) -> list[str]:
    """Ids of the files ``root`` extends, nearest first (docs/ir.md ``meta.extends``)."""
    chain: list[str] = []
    cur, here = root, path.resolve().parent
    while cur.unit.extends is not None and len(chain) < 64:
        target = loader.cache.resolve_name(cur.unit.extends.value, here)
        nxt = loader.files.get(loader.cache.resolve(target)) if target else None
        if nxt is None or nxt.unit.name.value in chain:
            break
        chain.append(nxt.unit.name.value)
        cur, here = nxt, loader.cache.resolve(target).parent  # type: ignore[arg-type]
    return chain


_NAMED = {A.Terrain: "terrain", A.Piece: "piece", A.Special: "special", A.Board: "board",
          R.Option: "option", R.Counter: "counter", R.Deck: "deck", R.Chain: "chain",
          R.Marker: "marker", R.Die: "die", R.Unit: "unit",
          R.Procedure: "procedure", R.Param: "param", R.Define: "define",
          R.Phase: "phase", A.RobberDecl: "robber"}
_SINGLE = {A.Players: "players", A.Resources: "resources", A.BankEach: "bank",
           A.BankList: "bank", A.Tokens: "tokens", A.Victory: "victory", R.Neutral: "neutral"}
_RULES = (R.OnRule, R.Action, R.Forbid, R.Modifier)
# Settings two variants may both want to set: a second, different value is a W401 warning.
CONFLICT_KEYS = {("production", "source"), ("production", "rolls"), ("robber", "home"),
                 ("robber", "start"), ("setup", "start")}


def _setting_value(node: A.Node) -> tuple:
    return tuple(getattr(v, "value", v) for v in getattr(node, "values", ()))


def _body(nodes: tuple[A.Node, ...], names: set[str], adapted: set[int] | None = None,
          later: set[str] | None = None, deferred: list[A.Node] | None = None) -> list[A.Node]:
    """The unit's statements with every applicable ``if with`` block spliced in place.

    ``adapted`` collects the ids of spliced section nodes: an adaptation may override a
    setting of its own file without being a duplicate (E205).
    """
    out: list[A.Node] = []
    for n in nodes:
        if isinstance(n, R.IfWith):
            if n.name.value in names and later and deferred is not None and n.name.value in later:
                deferred.extend(_body(n.body, names))
            elif n.name.value in names:
                inner = _body(n.body, names, adapted)
                if adapted is not None:
                    adapted.update(id(x) for x in inner)
                out += inner
            elif n.orelse:
                out += _body(n.orelse, names, adapted, later, deferred)
        else:
            out.append(n)
    return out


def _merge(model: Model, f: A.File, report: Report, names: set[str] | None = None,
           origin: dict[Key, A.Node] | None = None, later: set[str] | None = None,
           deferred: list[A.Node] | None = None, body: list[A.Node] | None = None) -> None:
    here: dict[Key, A.Node] = {}
    defaults: list[A.Board] = []
    origin = origin if origin is not None else {}
    unit = f.unit.name.value

    adapted: set[int] = set()
    current: list[A.Node] = []

    def put(key: Key, node: A.Node, what: str, name: str) -> None:
        if key in here and not (current and id(current[0]) in adapted):
            report.error("E205", _name_span(node), what=what, name=name,
                         notes=(("first defined here", _name_span(here[key])),),
                         hint="remove one of them, or rename it")
            return
        here[key] = node
        model.decls[key] = node

    if body is not None:            # a deferred adaptation: every node may override
        nodes = body
        adapted.update(id(x) for x in body)
    else:
        nodes = _body(f.unit.body, names or set(), adapted, later, deferred)
    for node in nodes:
        current[:] = [node]
        if isinstance(node, _RULES):
            model.rules.append((unit, node))
            if isinstance(node, R.Action):
                put(("action", node.name.value), node, "action", node.name.value)
            continue
        if isinstance(node, R.VictoryBonus):
            model.bonuses.append(node)
            continue
        if isinstance(node, R.UseBoard):
            model.use_board = node
            continue
        if isinstance(node, R.WithoutActions):
            for ident in node.names:
                if model.decls.pop((node.kind, ident.value), None) is None:
                    if (node.kind, ident.value) not in model.withdrawn | model.branch_only:
                        report.error("E218", ident.span, what=node.kind, name=ident.value,
                                     hint=f"name a {node.kind} declared by a file merged before this one")
                    continue
                model.withdrawn.add((node.kind, ident.value))
                if node.kind == "board" and model.default_board == ident.value:
                    model.default_board = None     # the first board left is the default
                if node.kind != "action":
                    continue
                model.rules = [(u, r) for u, r in model.rules
                               if not (isinstance(r, R.Action) and r.name.value == ident.value)]
            _drop_orphan_cost_modifiers(model)
            continue
        if isinstance(node, A.Players):
            model.players_by_unit.append((unit, node))
        if type(node) in _NAMED:
            kind = _NAMED[type(node)]
            name = node.name.value  # type: ignore[attr-defined]
            if name in RESERVED_WORDS:
                report.error("E215", node.name.span, name=name, what=kind,  # type: ignore[attr-defined]
                             hint=reserved_hint(name))
            put((kind, name), node, kind, name)
            if isinstance(node, A.Board) and node.default:
                defaults.append(node)
            if isinstance(node, A.Board):           # the last board naming a count wins
                for n in node.players:
                    model.boards_by_players[n.value] = name
        elif type(node) in _SINGLE:
            kind = _SINGLE[type(node)]
            put((kind,), node, "section", kind)
        elif isinstance(node, A.Development):
            for item in node.items:
                if isinstance(item, A.Card):
                    put(("card", item.name.value), item, "card", item.name.value)
                elif isinstance(item, A.Cost):
                    put(("dev_cost",), item, "setting", "development cost")
                elif isinstance(item, A.PerTurn):
                    put(("per_turn",), item, "setting", "per_turn")
        elif isinstance(node, A.Section):
            for item in node.items:
                if isinstance(item, A.Setting):
                    key = "domestic" if item.key == "no_domestic" else item.key
                    k = ("setting", node.kind, key)
                    prev = origin.get(k)
                    # Only two variants can conflict: a scenario or variant overriding what it
                    # extends (or a scenario's setting) is the point of writing it.
                    if (node.kind, key) in CONFLICT_KEYS and prev is not None and k not in here \
                            and prev.span.path != item.span.path and f.unit.kind == "variant" \
                            and _unit_kind(model, prev.span.path) == "variant" \
                            and _setting_value(prev) != _setting_value(item):
                        report.error("W401", item.span, what=f"{node.kind} {key}",
                                     notes=(("also set here", prev.span),),
                                     hint="the later file wins; say which one applies with 'if with'")
                    put(k, item, "setting", f"{node.kind} {key}")
                    origin[k] = item
    if len(defaults) > 1:
        report.error("E217", defaults[1].name.span,
                     notes=(("the first default board", defaults[0].name.span),),
                     hint="keep 'default' on one board only")
    if defaults:
        model.default_board = defaults[0].name.value
    if model.use_board is not None:
        model.default_board = model.use_board.name.value


def _unit_kind(model: Model, path: str) -> str | None:
    """The kind of the merged unit in file ``path`` (looked up only for a conflict: a
    composition of many files is merged in linear time)."""
    return next((u.kind for u in model.units if u.span.path == path), None)


def _check_default_board_taken(model: Model, root: A.File, report: Report) -> None:
    """W403 too: a file combined after the scenario (``--with rivers``, a scenario) whose own
    default board becomes the default, so the scenario's board is silently not played."""
    own = next((n for n in root.unit.body if isinstance(n, A.Board) and n.default), None)
    chosen = model.decls.get(("board", model.default_board or ""))
    if own is None or chosen is None or chosen.span.path == root.unit.span.path:
        return
    other = next((u.name.value for u in model.units if u.span.path == chosen.span.path), "a file")
    report.error("W403", chosen.name.span, what=f"the default board {chosen.name.value} of {other}",
                 board=own.name.value, scenario=root.unit.name.value,
                 notes=(("the scenario's board", own.name.span),),
                 hint=f"combine variants with --with; a scenario combined with another is a file "
                      f"of its own that says which board (scenarios/combinations/)")


def _check_action_names(model: Model, root: A.File, report: Report) -> None:
    """E225: two actions of one name left in the composition (two files declare it and neither
    withdraws the other). Their legal actions would read the same, in the log and in a
    transcript; the composing file says which applies: 'without action NAME' withdraws every
    one declared before it, then it declares its own."""
    first: dict[str, R.Action] = {}
    for _, node in model.rules:
        if not isinstance(node, R.Action):
            continue
        name = node.name.value
        earlier = first.setdefault(name, node)
        if earlier is node or earlier.span.path == node.span.path:
            continue                # one file declaring it twice is E205, said at the second
        mine = node.span.path == root.unit.span.path
        notes = (("declared first here", earlier.name.span),) + \
            (() if mine else (("and again here", node.name.span),))
        report.error("E225", node.name.span if mine else root.unit.name.span, name=name,
                     notes=notes,
                     hint=f"write 'without action {name}' before this one to replace the "
                          "inherited one" if mine else
                          f"in this file, write 'without action {name}' (it withdraws both) and "
                          "declare the one this game plays, or rename one")


def _name_span(node: A.Node) -> Span:
    name = getattr(node, "name", None)
    return name.span if isinstance(name, A.Ident) else node.span

"""Checks the architecture's promises on the source tree (docs/architecture.md): an allowed-edges
table between stage packages, no import cycle (function-level imports included), no private
name imported across modules, no scenario words in the engine, no module-level randomness,
one-line module docstrings and small modules."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "catan_dsl"
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))

# Unit → the units it may import (its own unit always). One row per stage package of
# docs/architecture.md; inside the engine, ``engine.model`` is the vocabulary every engine part
# shares (actions, events, prompts, board tables), ``engine.base`` the built-in turn,
# ``engine.rules`` the rules-language runtime and ``engine`` the Game/State on top of both.
ALLOWED: dict[str, set[str]] = {
    "catan_dsl": set(),
    "core": set(),
    "syntax": {"core"},
    "check": {"core", "syntax"},
    "compile": {"core", "syntax", "check", "ir"},
    "ir": {"core"},
    "engine.model": {"core", "ir"},
    "engine.base": {"core", "ir", "engine.model"},
    "engine.rules": {"core", "ir", "engine.model", "engine.base"},
    "engine": {"core", "ir", "engine.model", "engine.base", "engine.rules"},
    "bots": {"core", "engine", "engine.model"},
    "play": {"core", "ir", "engine", "engine.model", "bots"},
    "render": {"core", "ir", "engine", "engine.model", "play"},
    "explain": {"core", "ir"},
    # api reads PACK:SCENARIO names through packs.catalog, which imports no api; packs checks
    # scenarios through the api (build, verify, install): the module graph stays acyclic (below).
    "api": {"core", "syntax", "check", "compile", "ir", "packs"},
    "packs": {"core", "api"},
    "editor": {"core", "syntax", "check", "compile", "ir", "api", "explain"},
    "report": {"core", "ir", "play"},
    "serve": {"core", "ir", "engine", "engine.model", "bots", "play", "render"},
    "__main__": {"cli"},
    "cli": {"core", "syntax", "check", "compile", "ir", "engine", "engine.model", "bots", "play",
            "render", "explain", "api", "packs", "editor", "report", "serve"},
}
ENGINE_MODEL = {"actions", "events", "prompts", "board"}

# The words of principle 1 (and of the before-stop check): scenario vocabulary has no place in
# generic engine code.
SCENARIO_WORDS = re.compile(
    r"\b(fish|lake|river|swamp|bridge|gold\b|coins?\b|camel|caravan|oasis|barbarian|castle|"
    r"wagon|harbou?r.?master|glass|quarry|marble|old.?boot|captive|richest|poor.?settler|"
    r"ships?\b|pirate|fog\b|seafar)",
    re.IGNORECASE,
)
MODULE_RANDOM = re.compile(
    r"(?<![\w.])random\.(random|randint|choice|choices|shuffle|seed|sample|uniform|randrange|getrandbits)\("
)


def module_names(package: Path) -> dict[str, Path]:
    """Dotted module name (``catan_dsl.engine.rules.executor``; a package by its own name) → file."""
    out = {}
    for p in package.rglob("*.py"):
        parts = list(p.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module → the package's modules it imports anywhere in its text (top level, in functions,
    under TYPE_CHECKING). ``from P import m`` of a submodule ``m`` is an edge to ``P.m`` only."""
    mods = module_names(package)
    root = package.name
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, path in mods.items():
        is_pkg = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = m.split(".") if is_pkg else m.split(".")[:-1]
                    parts = parts[: len(parts) - (node.level - 1)]
                    base = ".".join(parts + ([node.module] if node.module else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base
                           for a in node.names]
            else:
                continue
            for t in targets:
                while t and t not in mods:
                    t = t.rpartition(".")[0]
                if t and t.split(".")[0] == root and t != m:
                    graph[m].add(t)
    return graph


def unit_of(module: str) -> str:
    """The row of ALLOWED a module belongs to."""
    parts = module.split(".")[1:]
    if not parts:
        return "catan_dsl"
    if parts[0] == "engine" and len(parts) > 1:
        if parts[1] in ("base", "rules"):
            return f"engine.{parts[1]}"
        if parts[1] in ENGINE_MODEL:
            return "engine.model"
    return parts[0]


def violations(package: Path) -> list[str]:
    """Every import that the ALLOWED table does not permit, as ``importer → imported``."""
    out = []
    for m, targets in sorted(import_graph(package).items()):
        u = unit_of(m)
        allowed = ALLOWED.get(u)
        if allowed is None:
            out.append(f"{m}: unit {u!r} has no row in ALLOWED")
            continue
        for t in sorted(targets):
            v = unit_of(t)
            if v != u and v not in allowed and t != package.name:
                out.append(f"{m} → {t} ({u} may not import {v})")
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on_stack.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def _private_imports(package: Path) -> list[str]:
    out = []
    for m, path in module_names(package).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package.name):
                out += [f"{m} imports {node.module}.{a.name}" for a in node.names
                        if a.name.startswith("_") and not a.name.startswith("__")]
    return out


def _rel(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def _under(path: Path, sub: str) -> bool:
    return (PACKAGE / sub) in path.parents


def test_every_import_follows_the_allowed_edges_table() -> None:
    """docs/architecture.md: imports flow one way between stage packages, every module covered."""
    assert violations(PACKAGE) == []


def test_the_import_graph_has_no_cycle() -> None:
    """docs/architecture.md: no import cycle, counting imports inside functions."""
    assert cycles(import_graph(PACKAGE)) == []


def test_no_module_imports_another_modules_private_name() -> None:
    assert _private_imports(PACKAGE) == []


def test_no_import_at_the_bottom_of_a_module_dodges_a_cycle() -> None:
    """Module-level imports sit above the first definition (no ``# noqa: E402`` imports)."""
    late = []
    for path in MODULES:
        seen_def = False
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                seen_def = True
            elif seen_def and isinstance(node, (ast.Import, ast.ImportFrom)):
                late.append(f"{_rel(path)}:{node.lineno}")
    assert late == []


def test_the_checks_catch_a_backwards_import_and_a_cycle(tmp_path: Path) -> None:
    """The table and the cycle check fail when someone adds a backwards import (here inside a
    function, where it is easiest to hide) or closes a loop between two engine modules."""
    copy = tmp_path / "catan_dsl"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    geometry = copy / "core" / "geometry.py"
    geometry.write_text(geometry.read_text(encoding="utf-8")
                        + "\n\ndef _sneaky():\n    from catan_dsl.cli import main\n    return main\n",
                        encoding="utf-8")
    assert any(v.startswith("catan_dsl.core.geometry → catan_dsl.cli ") for v in violations(copy))

    expressions = copy / "engine" / "rules" / "expressions.py"
    expressions.write_text(expressions.read_text(encoding="utf-8")
                           + "\n\ndef _loop():\n    from catan_dsl.engine.rules import compiled\n",
                           encoding="utf-8")
    loops = cycles(import_graph(copy))
    assert any("catan_dsl.engine.rules.expressions" in c and "catan_dsl.engine.rules.compiled" in c
               for c in loops)


@pytest.mark.parametrize("path", [p for p in MODULES if _under(p, "engine")], ids=_rel)
def test_engine_knows_no_scenario(path: Path) -> None:
    """docs/architecture.md, rule 1: no scenario- or variant-specific word in engine code."""
    hits = [
        f"{i}: {line.strip()}"
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SCENARIO_WORDS.search(line)
    ]
    assert not hits, f"{_rel(path)}:\n" + "\n".join(hits)


@pytest.mark.parametrize("path", [p for p in MODULES if not _under(p, "cli")], ids=_rel)
def test_only_the_cli_imports_click(path: Path) -> None:
    """docs/architecture.md: only cli/ prints, exits or knows about click."""
    names = {a.name for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
              if isinstance(n, ast.ImportFrom) and n.module}
    assert "click" not in names


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_no_module_level_randomness(path: Path) -> None:
    """docs/architecture.md, rule 2: seeds in, identical transcripts out — only Random instances."""
    hits = [
        f"{i}: {line.strip()}"
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if MODULE_RANDOM.search(line)
    ]
    assert not hits, f"{_rel(path)} uses the module-level generator:\n" + "\n".join(hits)


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_module_has_a_docstring_and_stays_small(path: Path) -> None:
    """A module docstring saying input → output; modules of about 500 lines at most."""
    text = path.read_text(encoding="utf-8")
    doc = ast.get_docstring(ast.parse(text))
    assert doc, f"{_rel(path)} has no module docstring"
    assert len(text.splitlines()) <= 500, f"{_rel(path)} has {len(text.splitlines())} lines"


def test_at_most_four_modules_stay_loose_at_the_top() -> None:
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(loose) <= 4, loose

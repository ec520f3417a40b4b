"""Checks the architecture's promises on the source tree: import layers, no scenario words in the
engine, no module-level randomness, one-line module docstrings and small modules."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "catan_dsl"
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))

# Front-end stages the engine must never see (ARCHITECTURE.md: "The engine reads only the IR").
FRONT_END = {"ast", "parser", "transformer", "checker", "compiler", "api", "cli", "render", "packs"}
# The words of principle 1 (and of the before-stop check): scenario vocabulary has no place in
# generic engine code.
SCENARIO_WORDS = re.compile(
    r"\b(fish|lake|river|swamp|bridge|gold\b|coins?\b|camel|caravan|oasis|barbarian|castle|"
    r"wagon|harbou?r.?master|glass|quarry|marble|old.?boot|captive|richest|poor.?settler)",
    re.IGNORECASE,
)
MODULE_RANDOM = re.compile(
    r"(?<![\w.])random\.(random|randint|choice|choices|shuffle|seed|sample|uniform|randrange|getrandbits)\("
)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            if node.module == "catan_dsl":
                names.update(f"catan_dsl.{a.name}" for a in node.names)
    return names


def _rel(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def _under(path: Path, sub: str) -> bool:
    return (PACKAGE / sub) in path.parents


@pytest.mark.parametrize("path", [p for p in MODULES if _under(p, "engine")], ids=_rel)
def test_engine_never_imports_the_front_end(path: Path) -> None:
    """ARCHITECTURE.md principle 1 / STYLE.md §4: the engine consumes IR only."""
    bad = {
        name
        for name in _imports(path)
        if name.startswith("catan_dsl.") and name.split(".")[1] in FRONT_END or name == "click"
    }
    assert not bad, f"{_rel(path)} imports {sorted(bad)}"


@pytest.mark.parametrize("path", [p for p in MODULES if _under(p, "bots")], ids=_rel)
def test_bots_import_only_the_engine(path: Path) -> None:
    """STYLE.md §4: bots must not import anything above the engine."""
    bad = {
        name
        for name in _imports(path)
        if name.startswith("catan_dsl.")
        and name.split(".")[1] not in {"engine", "bots", "geometry"}
    }
    assert not bad, f"{_rel(path)} imports {sorted(bad)}"


@pytest.mark.parametrize("path", [p for p in MODULES if not _under(p, "cli")], ids=_rel)
def test_only_the_cli_imports_click(path: Path) -> None:
    """STYLE.md §4: nothing below cli may import click."""
    assert "click" not in _imports(path)


@pytest.mark.parametrize("path", [p for p in MODULES if _under(p, "engine")], ids=_rel)
def test_engine_knows_no_scenario(path: Path) -> None:
    """ARCHITECTURE.md principle 1: no scenario- or variant-specific word in engine code."""
    hits = [
        f"{i}: {line.strip()}"
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SCENARIO_WORDS.search(line)
    ]
    assert not hits, f"{_rel(path)}:\n" + "\n".join(hits)


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_no_module_level_randomness(path: Path) -> None:
    """ARCHITECTURE.md principle 5: seeds in, identical transcripts out — only Random instances."""
    hits = [
        f"{i}: {line.strip()}"
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if MODULE_RANDOM.search(line)
    ]
    assert not hits, f"{_rel(path)} uses the module-level generator:\n" + "\n".join(hits)


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_module_has_a_one_line_docstring_and_stays_small(path: Path) -> None:
    """STYLE.md: one-line module docstring saying input → output; modules of about 500 lines."""
    text = path.read_text(encoding="utf-8")
    doc = ast.get_docstring(ast.parse(text))
    assert doc, f"{_rel(path)} has no module docstring"
    assert len(text.splitlines()) <= 600, f"{_rel(path)} has {len(text.splitlines())} lines"

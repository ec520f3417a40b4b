"""Lark is imported without `regex` and `interegular` when the built parser is cached (they
serve only to build one), with them when it must be built; either way the modules stay
importable afterwards, and a parser built without them reads every shipped scenario the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from catan_dsl.core.paths import HOME_ENV

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import json, sys
from catan_dsl.syntax import parser as P
from catan_dsl.syntax.lark_import import extras_hidden
import lark, lark.lexer
hidden = extras_hidden()
had = "interegular" in sys.modules
import importlib.util                     # each extra that is installed (regex is optional)
for name in ("interegular", "regex"):     # is still importable by anyone else
    if importlib.util.find_spec(name) is not None:
        __import__(name)
parser = P.get_parser()

def shape(t):           # a built parser names a tree by a str, a loaded one by a Token: equal
    if isinstance(t, lark.Token):
        return [t.type, str(t), t.start_pos, t.end_pos]
    return [str(t.data), [shape(c) for c in t.children]]

trees = {f: shape(parser.parse(open(f, encoding="utf-8").read())) for f in sys.argv[1:]}
print(json.dumps({"hidden": hidden, "lark_has_interegular": lark.lexer.has_interegular,
                  "imported_before": had, "trees": trees}))
"""


def _probe(home: Path, files: list[str]) -> dict:
    env = dict(os.environ, **{HOME_ENV: str(home)})
    out = subprocess.run([sys.executable, "-c", _PROBE, *files], capture_output=True, text=True,
                         env=env, cwd=ROOT, check=True).stdout
    return json.loads(out)


def test_lark_is_imported_without_its_building_extras_only_when_a_parser_is_cached(
        tmp_path: Path) -> None:
    files = [str(ROOT / "scenarios" / n) for n in ("base.catan", "caravans.catan", "rivers.catan")]
    first = _probe(tmp_path, files)                   # nothing cached: built, strictly
    assert first["hidden"] is False and first["lark_has_interegular"] is True
    assert list((tmp_path / "cache").glob("parser-*.lark"))
    second = _probe(tmp_path, files)                  # cached: lark without them
    assert second["hidden"] is True and second["lark_has_interegular"] is False
    assert second["imported_before"] is False
    assert second["trees"] == first["trees"]
    for f in (tmp_path / "cache").glob("parser-*.lark"):   # cached but unreadable: built again,
        f.write_bytes(b"damaged")                          # in the same process, not strictly
    third = _probe(tmp_path, files)
    assert third["hidden"] is True and third["trees"] == first["trees"]
    assert all(f.read_bytes() != b"damaged" for f in (tmp_path / "cache").glob("parser-*.lark"))


def test_the_package_s_modules_take_lark_from_lark_import_only() -> None:
    """A module of catan_dsl/syntax importing lark itself could come first and import it with
    its building extras; and the modules that need no lark (the keywords the highlighters read)
    import none."""
    import re

    direct = re.compile(r"^\s*(from lark[\s.]|import lark\b)", re.MULTILINE)
    offenders = [p.name for p in sorted((ROOT / "catan_dsl" / "syntax").glob("*.py"))
                 if p.name != "lark_import.py" and direct.search(p.read_text(encoding="utf-8"))]
    assert offenders == []
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-c", "import sys, catan_dsl.syntax.keywords, "
                          "catan_dsl.syntax.ast; print('lark' in sys.modules)"],
                         capture_output=True, text=True, env=env, cwd=ROOT, check=True).stdout
    assert out.strip() == "False"

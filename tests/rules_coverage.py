"""Rules checklist + test docstrings → the share of rule IDs pinned by a test, per section.

Run ``python tests/rules_coverage.py [CHECKLIST.md]`` from the repository root. A rule counts
as pinned when its ID appears in the first paragraph of a test function's docstring (where
the house style puts it); the IDs still unpinned are listed per section.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CHECKLIST = ROOT.parent / "shared" / "rules" / "CHECKLIST.md"
RULE_ID = re.compile(r"[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+")


def checklist_ids(path: Path) -> list[str]:
    """Every rule ID written in bold in the checklist, in order."""
    return re.findall(r"\*\*([A-Z0-9]+(?:-[A-Z0-9]+)*-\d+)\*\*", path.read_text(encoding="utf-8"))


def pinned_ids(tests: Path) -> set[str]:
    """IDs named in the first paragraph of any test function's docstring under ``tests``."""
    out: set[str] = set()
    for path in tests.rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node)
                if doc:
                    out.update(RULE_ID.findall(doc.split("\n\n")[0]))
    return out


def section(rule_id: str) -> str:
    return re.sub(r"-\d+$", "", rule_id)


def main(argv: list[str]) -> int:
    checklist = Path(argv[1]) if len(argv) > 1 else DEFAULT_CHECKLIST
    if not checklist.is_file():
        print(f"no checklist at {checklist}; pass its path", file=sys.stderr)
        return 2
    ids = checklist_ids(checklist)
    pinned = pinned_ids(ROOT / "tests")
    total, got = Counter(map(section, ids)), Counter(section(i) for i in ids if i in pinned)
    for name in sorted(total):
        missing = [i for i in ids if section(i) == name and i not in pinned]
        tail = f"  missing: {' '.join(missing)}" if 0 < len(missing) <= 12 else ""
        print(f"{name:<16} {got[name]:>3}/{total[name]:<3}{tail}")
    share = sum(got.values()) / max(1, len(ids))
    print(f"{'all':<16} {sum(got.values()):>3}/{len(ids):<3} ({share:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

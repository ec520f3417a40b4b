"""A game's IR → the scenario lines its rules name (``file:line``), read once from the files the
compiler opened; the page shows the line behind each rule-caused event."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

WHERE = re.compile(r"^(?P<file>.+\.catan):(?P<line>\d+)$")
MAX_BYTES = 2_000_000          # a scenario file is a few KB; a bigger one is not shown
CONTEXT = 2                    # lines shown above and below the rule's line


def rule_files(ir: dict) -> list[str]:
    """Every ``.catan`` file named by a ``file:line`` string anywhere in the IR's rules."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, str):
            m = WHERE.match(node)
            if m:
                found.add(m["file"])
        elif isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(ir.get("rules", []))
    return sorted(found)


class SourceLines:
    """Looks up ``file:line``; only the files of a scenario we compiled ourselves are read.

    A transcript is data from anywhere: the paths it names are never opened (``reason`` says so),
    as for ``catan-dsl replay``."""

    def __init__(self, ir: dict, *, trusted: bool, reason: str = "") -> None:
        self.files: dict[str, list[str]] = {}
        self.reason = reason or "the scenario's source files are not available"
        if not trusted:
            return
        for name in rule_files(ir):
            path = Path(name)
            try:
                if path.is_file() and path.stat().st_size <= MAX_BYTES:
                    self.files[name] = path.read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError):
                continue

    def lookup(self, where: str) -> dict:
        """``file:line`` → ``{"where", "file", "line", "lines": [[n, text], ...]}``.

        Raises:
            LookupError: not a ``file:line`` of this game's rules, or its file was not read.
        """
        m = WHERE.match(where or "")
        if m is None:
            raise LookupError(f"{where!r} is not a FILE.catan:LINE of this game")
        lines = self.files.get(m["file"])
        if lines is None:
            raise LookupError(f"{m['file']}: {self.reason}")
        n = int(m["line"])
        if not 1 <= n <= len(lines):
            raise LookupError(f"{m['file']} has {len(lines)} lines, not {n}")
        lo, hi = max(1, n - CONTEXT), min(len(lines), n + CONTEXT)
        return {"where": where, "file": m["file"], "line": n,
                "lines": [[i, lines[i - 1]] for i in range(lo, hi + 1)]}

"""Suite-wide pytest options: ``--update-golden`` rewrites golden files instead of comparing."""

from __future__ import annotations

import lark  # noqa: F401  (first, with all its extras: see below)
import pytest

# The suite builds the parser in strict mode (lark's collision and conflict checks, which need
# `interegular`): lark is imported here before catan_dsl.syntax could import it without its
# building extras (syntax/lark_import.py; tests/syntax/test_lark_import.py covers that path).


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite golden files (IR, render, playthroughs) from the current code")

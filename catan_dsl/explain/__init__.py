"""Compiled IR (a scenario with its variants) → a plain-English summary of what it changes
against the base game: ``explain(ir, base)`` (summary.py; the board part in board.py)."""

from catan_dsl.explain.summary import explain

__all__ = ["explain"]

"""Compiled IR (a scenario with its variants) + the base game's IR → English as a rule book says
it, each vocabulary word through its template (Ludii's ``toEnglish`` is the anchor):
``explain(ir, base)`` (summary.py assembles the sections)."""

from catan_dsl.explain.summary import explain

__all__ = ["explain"]

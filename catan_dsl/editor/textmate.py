"""The grammar's words → a TextMate grammar for ``.catan`` files (VS Code, Sublime, GitHub's
Linguist), with the same token classes as the Pygments lexer; ``python -m
catan_dsl.editor.textmate`` prints it (editors/vscode/syntaxes/catan.tmLanguage.json)."""

from __future__ import annotations

import json
import re

from catan_dsl.core import vocab
from catan_dsl.syntax.keywords import DECLARATIONS, grammar_keywords

SCOPE = "source.catan"


def _alternation(names: set[str] | frozenset[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(names, key=lambda w: (-len(w), w)))


def textmate_grammar() -> dict:
    """The grammar as a dict (patterns tried in order, like the Pygments lexer's)."""
    keywords = grammar_keywords()
    builtins = {*vocab.FUNCTIONS, *vocab.TRIGGERS} - keywords
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Catan",
        "scopeName": SCOPE,
        "fileTypes": ["catan"],
        "patterns": [
            {"name": "comment.line.number-sign.catan", "match": "#.*$"},
            {"name": "string.quoted.double.catan", "match": r'"([^"\\]|\\.)*("|$)'},
            {"name": "constant.numeric.coordinate.catan", "match": r"-?[0-9]+,-?[0-9]+"},
            {"name": "constant.numeric.ratio.catan", "match": r"\b[0-9]+:[0-9]+"},
            {"name": "constant.numeric.integer.catan", "match": r"\b[0-9]+\b"},
            {"name": "entity.name.function.catan", "match": r"\b[A-Za-z_][A-Za-z0-9_]*(?=\s*\()"},
            {"name": "keyword.other.declaration.catan",
             "match": rf"\b({_alternation(DECLARATIONS)})\b"},
            {"name": "keyword.control.catan",
             "match": rf"\b({_alternation(keywords - DECLARATIONS)})\b"},
            {"name": "support.function.builtin.catan", "match": rf"\b({_alternation(builtins)})\b"},
            {"name": "variable.other.catan", "match": r"\b[A-Za-z_][A-Za-z0-9_]*\b"},
            {"name": "keyword.operator.catan", "match": r"\.\.|==|!=|<=|>=|[<>=+\-*/|]"},
            {"name": "punctuation.separator.catan", "match": r"[{}()\[\],;:]"},
        ],
    }


def dumps() -> str:
    return json.dumps(textmate_grammar(), indent=2) + "\n"


if __name__ == "__main__":
    print(dumps(), end="")

"""``.catan`` text → Pygments tokens: the lexer registered as ``catan`` (entry point
``pygments.lexers``), so Pygments, Sphinx, MkDocs and ``pygmentize`` colour scenario files."""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
)

from catan_dsl.core import vocab
from catan_dsl.syntax.keywords import DECLARATIONS, grammar_keywords

_OTHER_KEYWORDS = sorted(grammar_keywords() - DECLARATIONS, key=lambda w: (-len(w), w))
# Vocabulary words that are no grammar keyword: sets and zero-argument functions read bare.
_BUILTINS = sorted({*vocab.FUNCTIONS, *vocab.TRIGGERS} - grammar_keywords(),
                   key=lambda w: (-len(w), w))


class CatanLexer(RegexLexer):
    """Scenario and variant files of catan-dsl (docs/language.md)."""

    name = "Catan"
    aliases = ["catan", "catan-dsl"]
    filenames = ["*.catan"]
    mimetypes = ["text/x-catan"]
    url = "https://pypi.org/project/catan-dsl/"

    tokens = {
        "root": [
            (r"[ \t\r\n\f]+", Text.Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"([^"\\\n]|\\.)*"', String.Double),
            (r'"[^\n]*', String.Double),           # unterminated: still a string, not an error
            (r"-?[0-9]+,-?[0-9]+", Number.Other),   # a hex coordinate q,r
            (r"[0-9]+:[0-9]+", Number.Other),       # a harbor ratio
            (r"[0-9]+", Number.Integer),
            # A name right before "(" on its line is a call (count(…), a procedure), keyword or
            # not; across a line break it is not (as in the line-based TextMate grammar).
            (r"([A-Za-z_][A-Za-z0-9_]*)([ \t]*)(\()", bygroups(Name.Function, Text.Whitespace,
                                                              Punctuation)),
            (words(sorted(DECLARATIONS, key=lambda w: (-len(w), w)), suffix=r"\b"),
             Keyword.Declaration),
            (words(_OTHER_KEYWORDS, suffix=r"\b"), Keyword),
            (words(_BUILTINS, suffix=r"\b"), Name.Builtin),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (r"\.\.|==|!=|<=|>=|[<>=+\-*/|]", Operator),
            (r"[{}()\[\],;:]", Punctuation),
        ],
    }

"""The built parser is kept in the user's cache folder with its post-lexer, so a parser loaded
from the cache reads 'scenarioo' as one misspelt word like a freshly built one (issue 38), and
a cache file without the post-lexer (an older version's) is never used in its place."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark

from catan_dsl.core.paths import HOME_ENV
from catan_dsl.core.source import SourceFile
from catan_dsl.syntax import parser as P


def test_the_cached_parser_keeps_its_post_lexer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    P.get_parser.cache_clear()
    try:
        P.get_parser()                                # built, and saved to the cache
        path = P.parser_cache_path()
        assert path.is_file()
        P.get_parser.cache_clear()
        build = Lark.open

        def no_build(*a, **k):  # type: ignore[no-untyped-def]
            raise AssertionError("the cached parser was not used")

        monkeypatch.setattr(Lark, "open", no_build)
        tree, diags = P.parse(SourceFile("s.catan", "scenarioo t extends base {\n}\n"))
        assert tree is None and [d.message for d in diags] == ["unknown word 'scenarioo'"]

        with path.open("rb") as fh:                   # what a parser without it would leave
            plain = Lark.load(fh)
        plain.options.postlex = None
        with path.open("wb") as fh:
            plain.save(fh)
        monkeypatch.setattr(Lark, "open", build)
        P.get_parser.cache_clear()
        tree, diags = P.parse(SourceFile("s.catan", "scenarioo t extends base {\n}\n"))
        assert [d.message for d in diags] == ["unknown word 'scenarioo'"]
    finally:
        P.get_parser.cache_clear()

"""The built parser is kept in the user's cache folder with its post-lexer, so a parser loaded
from the cache reads 'scenarioo' as one misspelt word like a freshly built one (issue 38), and
a cache file without the post-lexer (an older version's) is never used in its place."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest
from lark import Lark

from catan_dsl.core.paths import HOME_ENV, data_dir
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
            plain = P.parser_cache.load(fh)
        assert plain is not None
        plain.options.postlex = None
        with path.open("wb") as fh:
            P.parser_cache.save(plain, fh)
        monkeypatch.setattr(Lark, "open", build)
        P.get_parser.cache_clear()
        tree, diags = P.parse(SourceFile("s.catan", "scenarioo t extends base {\n}\n"))
        assert [d.message for d in diags] == ["unknown word 'scenarioo'"]
    finally:
        P.get_parser.cache_clear()



def test_a_cache_file_of_another_format_or_damaged_is_rebuilt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache file in lark's own format (an older version's), empty, damaged or holding
    something else is never used: the parser is built again and the file written anew in the
    current format."""
    ready = P.get_parser()
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    builds = []

    def build(*a, **k):  # type: ignore[no-untyped-def]
        builds.append(1)
        return ready                                  # building for real takes seconds

    monkeypatch.setattr(Lark, "open", build)
    path = P.parser_cache_path()
    path.parent.mkdir(parents=True)
    try:
        for content in ("lark", b"", b"not a pickle", pickle.dumps(1), pickle.dumps({})):
            with path.open("wb") as fh:
                if content == "lark":
                    ready.save(fh)
                else:
                    fh.write(content)  # type: ignore[arg-type]
            P.get_parser.cache_clear()
            assert P.get_parser() is ready
            with path.open("rb") as fh:
                assert P.parser_cache.load(fh) is not None, content
        assert len(builds) == 5
        P.get_parser.cache_clear()
        assert P.get_parser() is not ready and len(builds) == 5     # now read from the file
    finally:
        P.get_parser.cache_clear()


def test_the_cached_parser_reads_every_shipped_scenario_as_lark_s_own_cache_did() -> None:
    """The pickled parser gives the same tree as the parser lark's own format gives back (what
    the cache held before), for every shipped scenario file: the parse table's actions are
    compared by identity in lark, so they must come back as the same objects."""
    parser = P.get_parser()
    mine, theirs = io.BytesIO(), io.BytesIO()
    P.parser_cache.save(parser, mine)
    parser.save(theirs)
    mine.seek(0)
    theirs.seek(0)
    loaded, reference = P.parser_cache.load(mine), Lark.load(theirs)
    assert loaded is not None
    scenarios = sorted(data_dir("scenarios", "base.catan").glob("**/*.catan"))
    assert len(scenarios) > 10
    for f in scenarios:
        text = f.read_text(encoding="utf-8")
        assert loaded.parse(text) == reference.parse(text), f.name


def test_old_parser_caches_are_pruned_but_a_few_kept(tmp_path: Path) -> None:
    """Each grammar or format change names a new cache file: writing one removes the oldest
    others, keeping the newest few (two installed versions used in turn rebuild nothing) and
    never a file that is not a parser cache."""
    import os

    from catan_dsl.syntax.parser_files import KEPT_CACHES, prune_caches
    olds = []
    for i in range(KEPT_CACHES + 3):
        p = tmp_path / f"parser-old{i}.lark"
        p.write_bytes(b"x")
        os.utime(p, (1000 + i, 1000 + i))
        olds.append(p)
    mine = tmp_path / "notes.txt"
    mine.write_text("keep me")
    built = tmp_path / "parser-new.lark"
    built.write_bytes(b"y")
    os.utime(built, (10, 10))            # older than all: still kept, it is the one in use
    prune_caches(built)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([p.name for p in olds[-KEPT_CACHES:]] + ["notes.txt", "parser-new.lark"])

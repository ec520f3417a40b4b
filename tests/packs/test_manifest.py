"""pack.toml and RECORD: names follow Python's project-name rules, versions are semantic, ranges
are PEP 440, and every mistake is named."""

from __future__ import annotations

import pytest

from catan_dsl.packs.manifest import (PackError, normalize, parse_meta, parse_record,
                                      record_text, satisfies)

GOOD = """
[pack]
name = "Island_Race"
version = "1.2.0-beta.1"
description = "Races between islands"
license = "MIT"
authors = ["Ada"]
requires-catan-dsl = ">=0.1,<1"

[dependencies]
"base.extras" = ">=1.0,<2"
"""


def test_a_valid_pack_toml_is_read_with_normalised_names() -> None:
    meta = parse_meta(GOOD)
    assert (meta.name, meta.key, meta.version) == ("Island_Race", "island-race", "1.2.0-beta.1")
    assert meta.filename == "island-race-1.2.0-beta.1.catanpack"
    assert meta.dependencies == {"base-extras": ">=1.0,<2"}
    assert normalize("My.Pack__two") == "my-pack-two"


@pytest.mark.parametrize("change, message", [
    (("Island_Race", "-bad-"), "not a valid project name"),
    (("Island_Race", "two words"), "not a valid project name"),
    (("1.2.0-beta.1", "1.2"), "not a semantic version"),
    (("1.2.0-beta.1", "01.2.0"), "not a semantic version"),
    ((">=0.1,<1", "at least 0.1"), "not a version range"),
    (('"base.extras" = ">=1.0,<2"', '"base.extras" = 3'), "needs a version range string"),
    (('authors = ["Ada"]', "authors = []"), "authors must be a non-empty list"),
    (('license = "MIT"', 'license = ""'), "license must be a non-empty string"),
    (('license = "MIT"', 'license = "MIT"\nhomepage = "x"'), "unknown key 'homepage'"),
    (('"base.extras"', '"island-race"'), "depends on itself"),
    (("[pack]", "[pak]"), "needs a [pack] table"),
    (("[pack]", "[pack"), "not valid TOML"),
])
def test_each_mistake_in_pack_toml_is_named(change: tuple[str, str], message: str) -> None:
    with pytest.raises(PackError, match=message.replace("[", r"\[")):
        parse_meta(GOOD.replace(*change))


def test_version_ranges() -> None:
    assert satisfies("1.4.0", ">=1.0,<2") and not satisfies("2.0.0", ">=1.0,<2")
    assert satisfies("1.0.0-alpha", ">=1.0.0a0")
    assert not satisfies("not-a-version", ">=1")


def test_record_round_trip_and_malformed_lines() -> None:
    files = {"pack.toml": b"x", "scenarios/a.catan": b"yy"}
    parsed = parse_record(record_text(files))
    assert set(parsed) == set(files) and parsed["scenarios/a.catan"][1] == 2
    with pytest.raises(PackError, match="RECORD:1"):
        parse_record("pack.toml,md5=abc,1\n")
    with pytest.raises(PackError, match="listed twice"):
        line = record_text({"a": b"1"}).splitlines()[0]
        parse_record(f"{line}\n{line}\n")

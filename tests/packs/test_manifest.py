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
    digest = "0" * 64
    for size in ("\u00b2", "\uff11", "1\t", " 1", "-1", "1" * 13):     # '²'.isdigit() is True
        with pytest.raises(PackError, match="RECORD:1"):
            parse_record(f"pack.toml,sha256={digest},{size}")
    with pytest.raises(PackError, match="listed twice"):
        line = record_text({"a": b"1"}).splitlines()[0]
        parse_record(f"{line}\n{line}\n")


# One character of each class a name check must decide on; the ASCII ones a class admits are
# listed per check below, everything else must be refused wherever it stands (middle or end).
CHARS = ["A", "z", "0", "9", ".", "_", "-", "+", " ", "\t", "\n", "\r", "\0", "\x1b", "/", "\\",
         ":", "~", "$", "\u00e9", "\u0661", "\u212a", "\u017f", "\u0301", "\u202e", "\u200b",
         "\u2028", "\U0001f600", "\ud800"]


@pytest.mark.parametrize("ch", CHARS, ids=[f"U+{ord(c):04X}" for c in CHARS])
def test_every_check_is_anchored_to_the_whole_string_for_every_character_class(ch: str) -> None:
    """Issue 38: re.match with '$' let "core\\n" and "1.0.0\\n" through; without re.ASCII, \\d and
    IGNORECASE let other scripts' digits, the Kelvin sign and the long s through."""
    from catan_dsl.packs.archive import check_entry_name
    from catan_dsl.packs.catalog import SPEC_RE
    from catan_dsl.packs.manifest import NAME_RE, SEMVER_RE

    alnum = ch.isascii() and ch.isalnum()
    assert bool(NAME_RE.fullmatch(f"a{ch}b")) == (alnum or ch in "._-")
    assert bool(NAME_RE.fullmatch(f"ab{ch}")) == alnum
    assert bool(SEMVER_RE.fullmatch(f"1.0.0-a{ch}b")) == (alnum or ch in "-.+")
    assert bool(SEMVER_RE.fullmatch(f"1.0.0-ab{ch}")) == (alnum or ch == "-")
    assert not SEMVER_RE.fullmatch(f"1.0.0{ch}")
    assert bool(SPEC_RE.fullmatch(f"core:a{ch}b")) == (alnum or ch in "_.+-/")
    assert bool(SPEC_RE.fullmatch(f"core:ab{ch}")) == (alnum or ch in "_.+-/")
    if alnum or ch in "._+-/":
        check_entry_name(f"scenarios/a{ch}b.catan")
    else:
        with pytest.raises(PackError):
            check_entry_name(f"scenarios/a{ch}b.catan")
    with pytest.raises(PackError):
        check_entry_name(f"scenarios/ab.catan{ch}")
    with pytest.raises(PackError):
        parse_meta(GOOD.replace('"1.2.0-beta.1"', f'"1.2.0{_toml(ch)}"'))
    if not alnum:
        with pytest.raises(PackError):
            parse_meta(GOOD.replace('name = "Island_Race"', f'name = "Island_Race{_toml(ch)}"'))


def _toml(ch: str) -> str:
    """``ch`` inside a TOML basic string."""
    return ch if ch.isprintable() and ch not in '"\\' else f"\\U{ord(ch):08X}"

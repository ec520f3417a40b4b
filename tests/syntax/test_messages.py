"""Syntax messages for the vague cases of hostile input (issue 18 item 7): a misspelt first
keyword gets "did you mean", a look-alike letter from another script is named with its code
point, and carriage-return line ends read like any others."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.syntax.keywords import DECLARATIONS


def _check(tmp_path: Path, data: bytes) -> str:
    p = tmp_path / "s.catan"
    p.write_bytes(data)
    return api.check_file(str(p)).render_text()


def test_a_misspelt_first_keyword_gets_a_suggestion(tmp_path: Path) -> None:
    out = _check(tmp_path, b"scenari t extends base {\n  victory 8\n}\n").splitlines()
    assert out[0].endswith("error[E100]: expected 'import', 'scenario' or 'variant', found 'scenari'")
    assert out[-1] == "  = help: did you mean 'scenario'?"
    out = _check(tmp_path, b"varaint v extends base {\n}\n").splitlines()
    assert out[-1] == "  = help: did you mean 'variant'?"


def test_a_look_alike_letter_is_named_with_its_code_point(tmp_path: Path) -> None:
    out = _check(tmp_path, "scenario t extends base {\n  v\u0456ctory 8\n}\n".encode()).splitlines()
    assert out[0].endswith("s.catan:2:4: error[E103]: unexpected character '\u0456' (U+0456 "
                           "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I) in 'v\u0456ctory'")
    assert out[-1] == "  = help: it looks like the ASCII letter 'i': retype it"
    out = _check(tmp_path, "scenario t extends base {\n  victory 8 caf\u00e9\n}\n".encode())
    assert "U+00E9 LATIN SMALL LETTER E WITH ACUTE" in out
    assert "ASCII letters, digits and '_' only" in out


def test_carriage_return_and_mixed_line_ends_read_correctly(tmp_path: Path) -> None:
    for nl in (b"\r", b"\r\n", b"\n"):
        text = b"scenario t extends base {" + nl + b"  victory 8" + nl + b"}" + nl
        assert _check(tmp_path, text) == ""
    bad = b"scenario t extends base {\r  victory = 10\r}\r"
    assert ":2:11: error[E100]" in _check(tmp_path, bad)


def test_nesting_past_the_limit_is_located_not_an_internal_error(tmp_path: Path) -> None:
    """E109: a linear scan finds the first bracket (or 'not') past the limit before parsing."""
    from catan_dsl.syntax.parser import MAX_NESTING

    ifs = "if true { " * 5000 + "gain 1 wool" + " }" * 5000
    p = tmp_path / "s.catan"
    p.write_text("scenario t extends base {\n  on turn_started { " + ifs + " }\n}\n")
    report = api.check_file(str(p))
    [d] = report.errors
    assert d.code == "E109" and d.span.line == 2
    assert d.message == f"blocks and parentheses nested too deep (limit {MAX_NESTING})"
    text = report.render_text().splitlines()
    assert max(len(line) for line in text) < 200          # a window of the long line
    nots = "not " * 20_000
    p.write_text("scenario t extends base {\n  on turn_started where " + nots + "true { gain 1 wool }\n}\n")
    assert [d.code for d in api.check_file(str(p)).errors] == ["E109"]
    shallow = "(" * 40 + "true" + ")" * 40
    p.write_text("scenario t extends base {\n  on turn_started where " + shallow + " { gain 1 wool }\n}\n")
    assert api.check_file(str(p)).errors == []


def _head_typo(keyword: str) -> str:
    """A file whose ``keyword`` is written with its last letter twice, where it heads a
    statement (or the file)."""
    typo = keyword + keyword[-1]
    if keyword in ("scenario", "variant"):
        return f"{typo} t extends base {{\n}}\n"
    if keyword == "import":
        return f"{typo} x\nscenario t extends base {{\n}}\n"
    if keyword in ("extends", "with"):
        return f"scenario t {typo} base {{\n}}\n"
    return f"scenario t extends base {{\n  {typo} x\n}}\n"


@pytest.mark.parametrize("keyword", sorted(DECLARATIONS))
def test_a_keyword_followed_by_letters_is_one_misspelt_word(tmp_path: Path, keyword: str) -> None:
    """Issue 38: 'scenarioo' was read as 'scenario' followed by a name 'o' (the lexer cuts a
    keyword off the front of a word where no name may stand); it is one word, named whole,
    with the keyword it was meant to be — for every word that heads a statement."""
    typo = keyword + keyword[-1]
    report = api.check_file(_write(tmp_path, _head_typo(keyword)))
    assert [d.code for d in report.diagnostics] == ["E100"], report.render_text()
    d = report.diagnostics[0]
    assert d.message == f"unknown word '{typo}'" and d.hint == f"did you mean '{keyword}'?"
    assert d.span.end_col - d.span.col == len(typo)        # the caret covers the whole word


def test_a_keyword_glued_to_a_name_suggests_the_space(tmp_path: Path) -> None:
    """'scenariofoo {' used to parse silently as a scenario named foo."""
    out = _check(tmp_path, b"scenariofoo extends base {\n}\n").splitlines()
    assert out[0].endswith("s.catan:1:1: error[E100]: unknown word 'scenariofoo'")
    assert out[-1] == "  = help: did you mean 'scenario foo'? A keyword is a word of its own"


def _write(tmp_path: Path, text: str) -> str:
    p = tmp_path / "s.catan"
    p.write_text(text, encoding="utf-8")
    return str(p)


@pytest.mark.parametrize(("body", "hint"), [
    ('action a "A" { after roll; cost ore wool; do { gain 1 ore } }',
     "write it as cost lumber 1 brick 1 (each resource, then how many)"),
    ('victory "ten"', "write it as victory 10 (or a parameter: victory vp_target)"),
    ("on built where player = 1 { gain 1 ore }",
     "compare with '==' ('=' only names a value: let x = ..., set C = ...)"),
    ('on built road where count_of(player, ore) > "3" { gain 1 ore }',
     "write the number without quotes: 3"),
    ("on built { each p in players { p gains 1 } }",
     "after the number, what: gain 1 ore, p gains 2 wool, lose 1 harvests"),
])
def test_a_statement_written_wrong_is_told_its_form(tmp_path: Path, body: str, hint: str) -> None:
    """Every syntax error has a hint: a statement written wrong gets the form it takes (these
    three had none, or a list of 20 keywords for a '=' meant as '=='; a gain without what
    was "expected 'piece' or 'terrain'")."""
    out = _check(tmp_path, f"scenario t extends base {{\n  {body}\n}}\n".encode()).splitlines()
    assert ":2:" in out[0] and "error[E100]" in out[0]
    assert out[-1] == f"  = help: {hint}"


def test_a_colour_without_quotes_is_told_that_hash_starts_a_comment(tmp_path: Path) -> None:
    out = _check(tmp_path, b"scenario t extends base {\n  terrain lake { produces nothing; "
                           b"color #fff }\n}\n")
    assert "a colour is written in quotes, color \"#2e7d32\": '#' starts a comment" in out


def test_an_empty_file_says_so(tmp_path: Path) -> None:
    for data in (b"", b"# only a comment\n\n"):
        out = _check(tmp_path, data).splitlines()
        assert out[0].endswith("error[E101]: unexpected end of file: the file is empty")
        assert out[-1] == "  = help: a scenario starts 'scenario NAME extends base { ... }'"


def test_a_number_too_large_is_quoted_as_written(tmp_path: Path) -> None:
    """E212 names the number the designer wrote, not the clamped value the parser holds for a
    number of more than 12 digits (it said 1000000000000 for 99999999999999999999)."""
    out = _check(tmp_path, b"scenario t extends base {\n  victory 99999999999999999999\n}\n")
    assert "error[E212]: number 99999999999999999999 is too large (at most 10000)" in out


@pytest.mark.parametrize(("data", "reason", "hint"), [
    (b"\x00\x01\x02scenario", "byte 0x00 at offset 0: a binary file, not text",
     "is this the scenario file you meant? A .catan file is UTF-8 text"),
    ("scenario t extends base { }\n".encode("utf-16"), "it is UTF-16 text, its first bytes say",
     "save the file as UTF-8 (in most editors: Save As, encoding UTF-8)"),
])
def test_a_binary_or_utf16_file_is_named_for_what_it_is(tmp_path: Path, data: bytes, reason: str,
                                                         hint: str) -> None:
    """A binary file was "unexpected character '\\x00'" with the raw bytes printed as its
    source line; a UTF-16 file "byte 0xff at offset 0"."""
    out = _check(tmp_path, data).splitlines()
    assert out[0].endswith(f"s.catan:1:1: error[E105]: file is not valid UTF-8 ({reason})")
    assert out[-1] == f"  = help: {hint}"


def test_a_latin1_file_is_told_its_likely_encoding(tmp_path: Path) -> None:
    """A file an editor saved as Windows-1252 / Latin-1 names the character its bad byte is
    there, so the designer knows which encoding to convert from."""
    out = _check(tmp_path, 'scenario t "Café" extends base { }\n'.encode("cp1252")).splitlines()
    assert out[0].endswith("s.catan:1:16: error[E105]: file is not valid UTF-8 (byte 0xe9 at "
                           "offset 15)")
    assert out[-1] == ("  = help: save the file as UTF-8 (it reads as Windows-1252 / Latin-1 "
                       "text, where that byte is 'é')")

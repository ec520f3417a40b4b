"""File-level and façade diagnostics, and verbatim rendering of user-facing messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.core.codes import CODES

ROOT = Path(__file__).resolve().parents[2]
BASE = str(ROOT / "scenarios" / "base.catan")


def codes(report) -> list[str]:  # type: ignore[no-untyped-def]
    return [d.code for d in report.sorted()]


def test_catalogue_has_at_least_twenty_codes_with_slugs() -> None:
    assert len(CODES) >= 20
    for c in CODES.values():
        assert c.slug == c.slug.lower() and " " not in c.slug and c.explanation


def test_not_utf8_is_a_diagnostic(tmp_path: Path) -> None:
    p = tmp_path / "latin1.catan"
    p.write_bytes(b'scenario t "Caf\xe9" {\n}\n')
    report = api.check_file(str(p))
    assert codes(report) == ["E105"]
    d = report.errors[0]
    assert (d.span.line, d.span.col) == (1, 16)
    assert "0xe9" in d.message


def test_missing_file_is_a_diagnostic(tmp_path: Path) -> None:
    report = api.check_file(str(tmp_path / "nope.catan"))
    assert codes(report) == ["E106"]
    assert report.render_text().startswith(f"{tmp_path / 'nope.catan'}: error[E106]: cannot read")


def test_unknown_board_suggests_a_close_name() -> None:
    ir, report = api.compile_file(BASE, board="tournamnet")
    assert ir is None and codes(report) == ["E204"]
    assert report.errors[0].hint == 'did you mean "tournament"?'


def test_unsatisfiable_random_numbers_under_seed(tmp_path: Path) -> None:
    p = tmp_path / "tight.catan"
    p.write_text("scenario tight extends base {\n"
                 "  board b default { layout rows 2; pool p { forest 1, hills 1 }\n"
                 "    tokens 6 8; numbers random apart 6 8 }\n}\n", encoding="utf-8")
    ir, report = api.compile_file(str(p))
    assert ir is not None, report.render_text()
    ir, report = api.compile_file(str(p), seed=1)
    assert ir is None and "E504" in codes(report)


def test_internal_error_becomes_a_diagnostic(monkeypatch: pytest.MonkeyPatch) -> None:
    import catan_dsl.compile.compiler as compiler_mod

    def boom(*a, **k):  # type: ignore[no-untyped-def]
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(compiler_mod, "compile_model", boom)
    ir, report = api.compile_file(BASE)
    assert ir is None and codes(report) == ["E900"]
    assert "simulated bug" in report.render_text()


def test_load_ir_raises_compile_error_with_report(tmp_path: Path) -> None:
    p = tmp_path / "bad.catan"
    p.write_text("scenario t extends base { victory 0 }\n", encoding="utf-8")
    with pytest.raises(api.CompileError) as e:
        api.load_ir(str(p))
    assert codes(e.value.report) == ["E211"]


def _render(tmp_path: Path, text: str) -> str:
    p = tmp_path / "s.catan"
    p.write_text(text, encoding="utf-8")
    return api.check_file(str(p)).render_text().replace(str(p), "s.catan")


def test_render_unknown_resource_verbatim(tmp_path: Path) -> None:
    out = _render(tmp_path, "scenario t extends base {\n  piece wall { on edge; cost lumbr 1 }\n}\n")
    assert out == (
        's.catan:2:30: error[E201]: unknown resource "lumbr"\n'
        "  |\n"
        "2 |   piece wall { on edge; cost lumbr 1 }\n"
        "  |                              ^~~~~\n"
        '  = help: did you mean "lumber"?\n'
    )


def test_render_syntax_error_says_what_was_expected(tmp_path: Path) -> None:
    out = _render(tmp_path, 'scenario t extends base {\n  piece wall { limit "many" }\n}\n')
    assert out == (
        "s.catan:2:22: error[E100]: expected a name or a number after 'limit', found '\"many\"'\n"
        "  |\n"
        '2 |   piece wall { limit "many" }\n'
        "  |                      ^~~~~~\n"
        "  = help: write it as limit 15 (a piece), or limit 1 per turn (an action)\n"
    )


def test_render_unclosed_brace_points_at_it(tmp_path: Path) -> None:
    out = _render(tmp_path, "scenario t extends base {\n  terrain lake { no token\n")
    assert out == (
        "s.catan:2:26: error[E101]: unexpected end of file: a '{' is never closed\n"
        "  |\n"
        "2 |   terrain lake { no token\n"
        "  |                          ^\n"
        "  = note: s.catan:2:16: the unclosed '{' is here\n"
        "  = help: add the missing '}'\n"
    )


def test_render_duplicate_has_a_note(tmp_path: Path) -> None:
    out = _render(tmp_path, "scenario t extends base {\n  victory 10\n  victory 12\n}\n")
    assert out.splitlines()[0] == 's.catan:3:3: error[E205]: section "victory" is defined twice'
    assert "  = note: s.catan:2:3: first defined here" in out


def test_json_diagnostics_carry_code_slug_and_position(tmp_path: Path) -> None:
    p = tmp_path / "s.catan"
    p.write_text("scenario t extends base {\n  victory 0\n}\n", encoding="utf-8")
    (d,) = api.check_file(str(p)).to_json()
    assert (d["code"], d["slug"], d["line"], d["col"], d["severity"]) == \
        ("E211", "not-positive", 2, 11, "error")


def test_docs_list_every_code_and_keyword() -> None:
    """docs/diagnostics.md covers the catalogue; docs/language.md mentions every keyword."""
    import re as _re

    diag = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert all(f"## {code} " in diag for code in CODES)
    lang = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    grammar = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "grammar").glob("*.lark"))
    keywords = set(_re.findall(r'"([a-z_]{2,})"', grammar))
    assert sorted(k for k in keywords if k not in lang) == []


def test_language_tour_example_compiles(tmp_path: Path) -> None:
    """The first example of docs/language.md is valid source."""
    lang = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    example = lang.split("```catan\n", 1)[1].split("```\n", 1)[0]
    p = tmp_path / "tiny.catan"
    p.write_text(example, encoding="utf-8")
    ir, report = api.compile_file(str(p), seed=3)
    assert ir is not None, report.render_text()
    assert not report.diagnostics, report.render_text()


def test_misspelt_keyword_gets_a_suggestion(tmp_path: Path) -> None:
    out = _render(tmp_path, "scenario t extends base {\n  victroy 10\n}\n")
    assert out.splitlines()[0] == "s.catan:2:3: error[E100]: unexpected 'victroy' after '{'"
    assert out.splitlines()[-1] == "  = help: did you mean 'victory'?"


def test_running_out_of_memory_is_its_own_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18 item 7: memory exhaustion is "E110" with a hint, not an internal error E900."""
    import catan_dsl.api as api_mod

    def hungry(*a, **k):  # type: ignore[no-untyped-def]
        raise MemoryError()

    monkeypatch.setattr(api_mod, "check_model", hungry)
    report = api.check_file(BASE)
    assert codes(report) == ["E110"]
    assert "ran out of memory" in report.render_text() and "E900" not in report.render_text()


# A diagnostic's source line, message and caret with control characters in the file: shown as
# escapes a terminal prints (raw, BEL rings and ESC recolours the terminal), the caret still
# under the span.

def test_a_control_character_is_shown_escaped_with_the_caret_under_it(tmp_path: Path) -> None:
    out = _render(tmp_path, "scenario t extends base {\n  \x1b[31m\n}\n")
    assert "\x1b" not in out
    assert out.startswith("s.catan:2:3: error[E103]: unexpected character '\\x1b'\n"
                          "  |\n"
                          "2 |   \\x1b[31m\n"
                          "  |   ^~~~\n")


def test_the_caret_after_an_escaped_character_stays_under_the_span(tmp_path: Path) -> None:
    """A BEL inside a string before the error, and a right-to-left override in the span."""
    out = _render(tmp_path, 'scenario t extends base {\n  piece wall { limit "\x07\u202e" }\n}\n')
    assert "\x07" not in out and "\u202e" not in out
    lines = out.splitlines()
    assert lines[2] == '2 |   piece wall { limit "\\x07\\u202e" }'
    assert lines[3] == "  |                      ^~~~~~~~~~~~"
    assert "found '\"\\x07\\u202e\"'" in lines[0]


def test_the_caret_after_wide_characters_counts_their_two_columns(tmp_path: Path) -> None:
    """A terminal shows 城 in two columns: the caret moves one more column for each."""
    out = _render(tmp_path, 'scenario t extends base {\n  piece wall { limit "城堡" }\n}\n')
    lines = out.splitlines()
    assert lines[2] == '2 |   piece wall { limit "城堡" }'
    assert lines[3] == "  |                      ^~~~~~"
    out = _render(tmp_path, 'scenario t extends base {\n  counter c "城堡" { max "x" }\n}\n')
    assert out.splitlines()[3] == "  |                          ^~~"

"""A diagnostic's source line, message and caret with control characters in the file: shown as
escapes a terminal prints (raw, BEL rings and ESC recolours the terminal), the caret still under
the span."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api


def _render(tmp_path: Path, text: str) -> str:
    p = tmp_path / "s.catan"
    p.write_text(text, encoding="utf-8")
    return api.check_file(str(p)).render_text().replace(str(p), "s.catan")


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

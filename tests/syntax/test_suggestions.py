"""Did-you-mean on a syntax error only when it is likely: a keyword the parser would take at that
place, of about the word's length; the typo suggestions users rely on stay."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_dsl import api

RULE = "scenario t extends base {{\n  on built road at e where count_of(player, ore) > foo {} {{ }}\n}}\n"


def _hint(tmp_path: Path, text: str) -> str | None:
    p = tmp_path / "s.catan"
    p.write_text(text, encoding="utf-8")
    [d] = api.check_file(str(p)).errors
    return d.hint


def test_a_short_word_is_not_taken_for_a_longer_keyword(tmp_path: Path) -> None:
    """'bar' after a rule's condition once got "did you mean 'board'?"; only '{' may stand there."""
    assert _hint(tmp_path, RULE.format("bar")) == "expected '{' here"


def test_a_keyword_that_cannot_stand_there_is_never_suggested(tmp_path: Path) -> None:
    """'boar' is one letter from 'board', but a board is declared in a scenario's body, not
    inside a rule's condition."""
    assert "board" not in (_hint(tmp_path, RULE.format("boar")) or "")


@pytest.mark.parametrize("body, keyword", [
    ("  victroy 10", "victory"),
    ("  on built road at e wher true { }", "where"),
    ("  on built road at e { gain 1 wool }\n  victroy 10", "victory"),
    ("  pice wall { on edge }", "piece"),
])
def test_a_likely_typo_still_gets_its_keyword(tmp_path: Path, body: str, keyword: str) -> None:
    assert _hint(tmp_path, f"scenario t extends base {{\n{body}\n}}\n") == f"did you mean '{keyword}'?"


@pytest.mark.parametrize("word, hint", [
    ("gian", "did you mean 'gain'?"),        # a typo
    ("remvoe", "did you mean 'remove'?"),
    ("get", "did you mean 'gain'?"),         # a newcomer's word (it once suggested 'let')
    ("pay", "did you mean 'lose'?"),
])
def test_an_unknown_effect_gets_the_effect_meant(tmp_path: Path, word: str, hint: str) -> None:
    assert _hint(tmp_path, f"scenario t extends base {{\n  on turn_started {{ {word} 1 wool }}\n}}\n") == hint


def test_an_unknown_effect_like_no_effect_gets_the_list(tmp_path: Path) -> None:
    """'dance' is 0.6 similar to 'place': no guess, the list of effects."""
    hint = _hint(tmp_path, "scenario t extends base {\n  on turn_started { dance 1 wool }\n}\n")
    assert hint is not None and hint.startswith("effects: gain, lose, give")

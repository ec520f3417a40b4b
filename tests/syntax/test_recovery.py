"""Every syntax error at once (issue 16 item 5): after an error the parser resumes at the next
statement, so files with several independent mistakes report each one where it is, and
nothing else."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from catan_dsl import api

REPO = Path(__file__).resolve().parents[2]


def errors(tmp_path: Path, text: str) -> list[tuple[str, int, int]]:
    p = tmp_path / "m.catan"
    p.write_text(text, encoding="utf-8")
    report = api.check_file(str(p))
    return [(d.code, d.span.line, d.span.col) for d in report.errors]


def test_five_mistakes_five_errors(tmp_path: Path) -> None:
    text = """scenario multi "Many mistakes" extends base {
  victroy 11
  terrain swamp { produces }
  piece wall { on edge; limit 5; cost lumber 1 }
  on built road at e where coast(e) and { gain 1 wool }
  on turn_started {
    gain 1 wool
    gian 2 brick
  }
  action dig "Dig" { cost ore 1; do { gain 1 brick } }
  modifier vp + for v where piece(v) == city
}
"""
    assert [(c, ln) for c, ln, _ in errors(tmp_path, text)] == [
        ("E100", 2), ("E100", 3), ("E100", 5), ("E403", 8), ("E100", 11)]


def test_an_unterminated_string_and_a_missing_brace_do_not_hide_what_follows(tmp_path: Path) -> None:
    text = """scenario multi2 extends base {
  terrain swamp { produces nothing; color "#333 }
  on built road at e where coast(e) {
    gain 1 wool
  piece wall { on edge; limit 5; cost lumber 1 }
  victory 11 @
  counter gold "Gold" { start 2 }
}
"""
    p = tmp_path / "m.catan"
    p.write_text(text, encoding="utf-8")
    report = api.check_file(str(p))
    assert [(d.code, d.span.line) for d in report.errors] == [("E102", 2), ("E100", 5), ("E103", 6)]
    brace = report.errors[1]
    assert "the block opened on line 3 is still open" in brace.message
    assert brace.hint == "add the missing '}' before it" and brace.notes[0][1].line == 3


def test_a_single_mistake_is_still_a_single_error(tmp_path: Path) -> None:
    assert len(errors(tmp_path, "scenario t extends base {\n  victory\n  bank 19 each\n}\n")) == 1


STATEMENT = re.compile(r"^  (terrain|piece|special|on|action|forbid|modifier|counter|deck) ")


@pytest.mark.parametrize("seed", range(24))
def test_k_independent_mistakes_give_k_errors_on_their_lines(tmp_path: Path, seed: int) -> None:
    """Misspell the first word of, or put a stray '@' into, 2-5 statements of a shipped
    scenario (at least two lines apart): each is reported on its own line, and no other
    error appears."""
    rng = random.Random(seed)
    path = rng.choice(sorted(REPO.glob("scenarios/*.catan")))
    lines = path.read_text(encoding="utf-8").split("\n")
    candidates = [i for i, ln in enumerate(lines) if STATEMENT.match(ln)]
    if len(candidates) < 2:
        pytest.skip(f"{path.name} has too few statements")
    chosen: list[int] = []
    want = rng.randint(2, 5)
    for i in rng.sample(candidates, len(candidates)):
        if all(abs(i - j) >= 2 for j in chosen):
            chosen.append(i)
        if len(chosen) == want:
            break
    for i in chosen:
        if rng.random() < 0.5 or "#" in lines[i] or "\"" in lines[i]:   # a misspelt first word
            lines[i] = re.sub(r"^  (\w+)", lambda m: "  " + m.group(1)[::-1] + "x", lines[i])
        else:                                          # a stray character after the words
            words = lines[i].split(" ")
            k = rng.randrange(3, len(words) + 1)
            lines[i] = " ".join(words[:k] + ["@"] + words[k:])
    (tmp_path / path.name).write_text("\n".join(lines), encoding="utf-8")
    p = tmp_path / path.name
    report = api.check_file(str(p))
    assert sorted(d.span.line for d in report.errors) == sorted(i + 1 for i in chosen), \
        report.render_text()

"""Every shipped .catan file (scenarios, variants, combinations; T&B with each variant) →
`catan-dsl explain` English a rule-book reader can trust (issue 37): no sentence over the limit,
no leaked encoding, and the golden text, reviewed by reading (``--update-golden`` rewrites it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl import api
from catan_dsl.cli import main
from catan_dsl.explain import explain
from catan_dsl.explain.text import LIMIT

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "explain"
FILES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "scenarios").rglob("*.catan"))
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")

# What the IR says that a reader should never see (issue 37): sentinel comparisons, raw ids and
# Python values, declared names with their underscores, template slots, "(s)" plurals, a
# define's variables as the compiler renamed them (w'3).
LEAKS = ("less than 0", "at least 0", "-1", "None", "True", "False", "{", "}", "_", "(s)",
         "0 minus", "divided by (", "#", "'1", "'2", "'3", "'4", "'5", "'6", "'7", "'8", "'9")
RAW_ID = re.compile(r"\b[vehs]\d+\b")
TAG = re.compile(r"\s*\[[^\]\s]+:\d+\]")


def sentences(text: str) -> list[str]:
    """The text's sentences: a list item (a number, letter or dash) with its continuation
    lines is one paragraph, split at full stops; the [file:line] tags are left out."""
    paragraphs: list[str] = []
    for line in text.splitlines():
        body = line.strip()
        if not body or set(body) == {"="}:
            continue
        item = re.match(r"(-|\w+\.|\(\w+\))\s", body)
        indent = len(line) - len(line.lstrip())
        if item or indent <= 2 or not paragraphs:
            paragraphs.append(body[item.end():] if item else body)
        else:
            paragraphs[-1] += " " + body
    out = []
    for p in paragraphs:
        out += re.split(r"(?<=[.!?])\s+(?=[A-Z“(])", TAG.sub("", p))
    return out


@pytest.fixture(scope="module")
def base() -> dict:
    ir, report = api.compile_file(str(ROOT / "scenarios" / "base.catan"))
    assert ir is not None, report.render_text()
    return ir


@pytest.fixture(scope="module")
def texts(base: dict) -> dict[str, str]:
    out = {}
    for f in FILES:
        ir, report = api.compile_file(str(ROOT / f))
        assert ir is not None, report.render_text()
        out[f] = explain(ir, base)
    return out


def check_reads(text: str) -> None:
    for s in sentences(text):
        assert len(s.split()) <= LIMIT, f"{len(s.split())} words: {s}"
        plain = TAG.sub("", s)
        for leak in LEAKS:
            assert leak not in plain, f"{leak!r} in: {s}"
    assert not RAW_ID.search(text), RAW_ID.search(text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: Path(p).stem)
def test_no_sentence_is_too_long_and_nothing_leaks(texts: dict[str, str], path: str) -> None:
    check_reads(texts[path])


@pytest.mark.parametrize("path", FILES, ids=lambda p: Path(p).stem)
def test_the_english_is_the_golden_text(texts: dict[str, str], path: str,
                                        request: pytest.FixtureRequest) -> None:
    """Byte for byte; regenerate with ``pytest tests/explain --update-golden`` and read the diff."""
    golden = GOLDEN / f"{Path(path).stem}.txt"
    if request.config.getoption("--update-golden"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(texts[path], encoding="utf-8")
    assert golden.exists(), f"no golden file; run pytest --update-golden ({golden})"
    assert texts[path] == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("variant", VARIANTS)
def test_traders_and_barbarians_with_each_variant_reads_too(base: dict, variant: str) -> None:
    """The random pick of the barbarians' first paths once crashed the summary with a variant."""
    ir, report = api.compile_file(str(ROOT / "scenarios" / "traders_barbarians.catan"),
                                  with_=(variant,))
    assert ir is not None, report.render_text()
    text = explain(ir, base)
    check_reads(text)
    assert "Pick 3 different paths E at random" in text


def test_the_command_prints_the_summary_and_exits_0(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    r = CliRunner().invoke(main, ["explain", "scenarios/harbormaster.catan"])
    assert r.exit_code == 0 and r.exception is None, r.output
    assert r.output == (GOLDEN / "harbormaster.txt").read_text(encoding="utf-8")
    r = CliRunner().invoke(main, ["explain", "scenarios/nope.catan"])
    assert r.exit_code != 0 and "Traceback" not in r.output

"""Every example of the vocabulary (core/vocab.py) checks clean: the examples are what a designer
copies from the generated reference, the editor's hover and the hints of E402/E403/E406
("e.g. ..."), so one that fails `check` teaches a mistake.

An example is a statement (an `on` rule, a `forbid`, a `modifier`), an effect, or an expression.
Each is put into a scenario that extends the shipped file declaring the names it uses (the
base game unless HOSTS says otherwise), as a rule of its own: effects inside `on turn_ended`,
expressions as `let`, with its free one-letter variables bound by loops over their sets.
`{ ... }` stands for any block and is read as `{ gain 1 wool }`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from catan_dsl.api import check_file
from catan_dsl.core import vocab
from catan_dsl.core.diagnostics import Severity

ROOT = Path(__file__).resolve().parents[2]
# Beside the designer stories, so that `extends oil` and `extends volcano` resolve too.
HARNESS = ROOT / "docs" / "examples" / "stories" / "_vocabulary_examples.catan"
KINDS = ("TRIGGERS", "EFFECTS", "FORBIDS", "FUNCTIONS", "MODIFIERS")

# (kind, word) → the shipped file (or composition) whose declarations its example uses.
HOSTS = {
    "barbarian_attack": [
        ("EFFECTS", "put_markers"), ("EFFECTS", "take_markers"), ("EFFECTS", "move_markers"),
        ("EFFECTS", "put_unit"), ("EFFECTS", "take_unit"), ("EFFECTS", "move_unit"),
        ("EFFECTS", "share"), ("FORBIDS", "produce"), ("FORBIDS", "harbor"),
        ("FUNCTIONS", "seats"), ("FUNCTIONS", "markers"), ("FUNCTIONS", "marker_supply"),
        ("FUNCTIONS", "units"), ("FUNCTIONS", "unit_owner"), ("FUNCTIONS", "unit_supply"),
        ("FUNCTIONS", "paths_within"), ("FUNCTIONS", "parallel"), ("MODIFIERS", "cost")],
    "base with catan_for_two": [("EFFECTS", "lose")],
    "base with event_cards": [
        ("TRIGGERS", "revealed"), ("EFFECTS", "unmark"), ("EFFECTS", "reshuffle"), ("FUNCTIONS", "edges"),
        ("FUNCTIONS", "marked"), ("FUNCTIONS", "option")],
    "base with harbormaster": [("EFFECTS", "award")],
    "caravans": [
        ("EFFECTS", "extend"), ("EFFECTS", "vote"), ("FUNCTIONS", "occupied"),
        ("FUNCTIONS", "chain_spots"), ("FUNCTIONS", "chain_supply"), ("MODIFIERS", "vp"),
        ("MODIFIERS", "route_weight")],
    "fishermen": [
        ("TRIGGERS", "drew"), ("EFFECTS", "draw"), ("EFFECTS", "give_item"),
        ("EFFECTS", "reveal"), ("FORBIDS", "trade"), ("FUNCTIONS", "feature_number"),
        ("MODIFIERS", "target")],
    "oil": [("EFFECTS", "set_counter"), ("FUNCTIONS", "shared_value")],
    "rivers": [
        ("TRIGGERS", "built"), ("TRIGGERS", "setup_done"), ("EFFECTS", "gain"),
        ("FORBIDS", "build"), ("FUNCTIONS", "feature"), ("FUNCTIONS", "count_of"),
        ("MODIFIERS", "player_vp")],
    "traders_barbarians": [("EFFECTS", "repeat"), ("MODIFIERS", "bot_value")],
    "explorers": [
        ("EFFECTS", "move_piece"), ("FUNCTIONS", "can_place_at"), ("FUNCTIONS", "can_move_to"),
        ("FUNCTIONS", "route_end"), ("FUNCTIONS", "built_this_turn"), ("FUNCTIONS", "robber_hex")],
    "volcano": [("EFFECTS", "via")],
}
HOST_OF = {word: host for host, words in HOSTS.items() for word in words}

# A free one-letter variable of an example, by the set it ranges over (n is a number).
SET_OF = {"p": "players", "q": "players", "h": "hexes", "a": "hexes", "b": "hexes",
          "v": "vertices", "w": "vertices", "e": "edges", "f": "edges", "x": "edges",
          "y": "edges"}


def _free_variables(src: str) -> list[str]:
    """One-letter names read but not bound by the example itself (a loop, `let`, a
    modifier's `for`, a rule's `at`)."""
    bound = set(re.findall(r"\b([a-z])\s+in\b", src)) | set(re.findall(r"\blet\s+([a-z])\b", src))
    if src.startswith("modifier"):
        bound |= set(re.findall(r"\bfor\s+(?:player\s+|vertex\s+|edge\s+)?([a-z])\b", src))
    if src.startswith(("on ", "forbid ")):
        bound |= set(re.findall(r"\bat\s+([a-z])\b", src))
    read = set(re.findall(r"(?<![\w.])([a-z])(?![\w(])", src))
    return [x for x in "pqhabvwyefxn" if x in read and x not in bound]


def _statement(kind: str, example: str) -> str:
    example = example.replace("{ ... }", "{ gain 1 wool }")
    if kind in ("TRIGGERS", "FORBIDS", "MODIFIERS") or example.startswith(
            ("forbid ", "modifier ", "on ")):
        return example
    body = example if kind == "EFFECTS" or re.match(
        r"(each|choose|share|vote|let|if|repeat)\b", example) else f"let value = {example}"
    for x in reversed(_free_variables(body)):
        body = f"let n = 2\n    {body}" if x == "n" else f"each {x} in {SET_OF[x]} {{ {body} }}"
    return f"on turn_ended {{ {body} }}"


def _examples(host: str) -> list[tuple[str, str, str]]:
    return [(kind, name, entry.example) for kind in KINDS
            for name, entry in getattr(vocab, kind).items()
            if HOST_OF.get((kind, name), "base") == host]


@pytest.mark.parametrize("host", ["base", *HOSTS])
def test_every_example_checks_clean(host: str) -> None:
    examples = _examples(host)
    assert examples
    lines = [f"scenario vocabulary_examples extends {host} {{"]
    line_of = {}
    for kind, name, example in examples:
        line_of[len(lines) + 1] = f"{kind} {name}: {example}"
        lines.append(_statement(kind, example).replace("\n", " "))
    lines.append("}")
    report = check_file(str(HARNESS), texts={HARNESS: "\n".join(lines) + "\n"})
    wrong = [f"{line_of.get(d.span.line if d.span else 0, '?')}  →  {d.code} {d.message}"
             for d in report.diagnostics if d.severity is Severity.ERROR]
    assert not wrong, "\n".join(wrong)


def test_every_word_is_in_one_host_at_most_and_exists() -> None:
    """A word listed under a host is a word of the vocabulary (a renamed word would otherwise
    fall back to the base game silently)."""
    words = {(kind, name) for kind in KINDS for name in getattr(vocab, kind)}
    listed = [w for ws in HOSTS.values() for w in ws]
    assert len(listed) == len(set(listed)) and set(listed) <= words

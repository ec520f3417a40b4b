"""The vocabulary's English templates (core/vocab.py ``describe``) → what `explain` says: every
trigger, function, effect, prohibition and modifier has one, explain reads each through it, and
the -1 sentinels read as meaning."""

from __future__ import annotations

import dataclasses
import re
import string
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.core import vocab as V
from catan_dsl.explain.effects import Narrator
from catan_dsl.explain.expressions import Speaker
from catan_dsl.explain.idioms import SENTINEL
from catan_dsl.explain.rules import RuleTeller
from catan_dsl.explain.text import Step

ROOT = Path(__file__).resolve().parents[2]
TABLES = {"trigger": V.TRIGGERS, "function": V.FUNCTIONS, "effect": V.EFFECTS,
          "forbid": V.FORBIDS, "modifier": V.MODIFIERS}
ENTRIES = [(kind, name) for kind, table in TABLES.items() for name in table]
# Slots a template may have besides its parameters (see the vocab module's docstring).
EXTRA = {"function": {"var"}, "modifier": {"value", "more", "gains"}}
MARK = "zqx"


@pytest.fixture(scope="module")
def ir() -> dict:
    out, report = api.compile_file(str(ROOT / "scenarios" / "base.catan"))
    assert out is not None, report.render_text()
    return out


@pytest.mark.parametrize("kind, name", ENTRIES, ids=lambda x: str(x))
def test_every_vocabulary_entry_has_an_english_template(kind: str, name: str) -> None:
    """A new word cannot ship without its English: a template whose slots are its parameters."""
    entry = TABLES[kind][name]
    assert entry.describe.strip(), f"{kind} {name} has no English template"
    slots = {f for _, f, _, _ in string.Formatter().parse(entry.describe) if f}
    allowed = {p.name for p in entry.params} | EXTRA.get(kind, set())
    assert slots <= allowed, f"{kind} {name}: unknown slots {slots - allowed}"
    if entry.returns.startswith("set:"):
        assert "{var}" in entry.describe, f"set {name}: name one element with {{var}}"


def _arg(ptype: str) -> object:
    """A stand-in argument of a parameter type."""
    first = ptype.split("|")[0]
    return {"player": ["var", "player"], "int": 2, "bool": True, "stock": {"resource": "lumber"},
            "effects": [["reroll"]], "name": "x", "any": 1, "names": ["wool"],
            "name:piece": "road", "set": ["players"],
            "alternatives": {"label": "A", "when": True, "do": [["reroll"]]}}.get(
        first, ["players"] if first.startswith("set:") else "lumber" if first.startswith("name:")
        else ["var", "x"])


def _said(kind: str, name: str, ir: dict) -> str:
    """What explain says for one entry used on stand-in arguments."""
    speaker = Speaker(ir)
    narrator = Narrator(speaker)
    entry = TABLES[kind][name]
    args = [_arg(p.type) for p in entry.params]
    if kind == "function":
        return speaker.value([name, *args])
    if kind == "effect":
        steps = narrator.effect([name, *args])
    else:
        bind = {entry.params[0].name: "x"} if entry.params else {}
        rule = {"id": "t.1", "span": "t.catan:1", "kind": {"trigger": "on"}.get(kind, kind),
                "when": True, "bind": bind, "filter": {}}
        if kind == "trigger":
            rule.update(event=name, bind={}, do=[["reroll"]])
        elif kind == "forbid":
            rule.update(what=name, filter={"kind": "road", "stock": "lumber"})
        else:
            rule.update(what=name, value=1, filter={"action": "a"})
        if name == "cost":
            action = {"id": "t.2", "span": "t.catan:2", "kind": "action", "name": "a",
                      "label": "A", "phase": "any", "cost": {}, "when": True, "target": None,
                      "limit": {"per_turn": None, "per_game": None, "group": None}, "do": []}
            teller = RuleTeller(narrator, {**ir, "rules": [rule, action]})
            steps = [teller.tell(action)]
        else:
            steps = [RuleTeller(narrator, {**ir, "rules": [rule]}).tell(rule)]

    def flat(s: list[Step | None]) -> str:
        return " ".join(f"{x.text} {flat(x.items)}" for x in s if x is not None)
    return flat(steps)


@pytest.mark.parametrize("kind, name", ENTRIES, ids=lambda x: str(x))
def test_explain_reads_each_word_through_its_template(kind: str, name: str, ir: dict,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Changing an entry's template changes what explain says: the English comes from the
    vocabulary, so a new word's template is the one a reader sees."""
    table = TABLES[kind]
    entry = table[name]
    monkeypatch.setitem(table, name, dataclasses.replace(entry, describe=entry.describe + f" {MARK}"))
    assert MARK in _said(kind, name, ir)


def test_every_none_sentinel_reads_as_meaning() -> None:
    """A function whose -1 means "none" (its doc says so) has the words for none and some:
    "no piece stands on E", never "the owner of E is less than 0"."""
    with_sentinel = {n for n, e in V.FUNCTIONS.items() if re.search(r"-1\b", e.doc)}
    assert with_sentinel <= set(SENTINEL), with_sentinel - set(SENTINEL)

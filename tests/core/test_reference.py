"""The generated vocabulary reference (issue 12 item 9): `catan-dsl reference` in both formats,
and docs/reference.md kept equal to what the command prints."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from catan_dsl.cli import main
from catan_dsl.core import vocab
from catan_dsl.core.reference import to_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_docs_reference_is_the_generated_markdown() -> None:
    """docs/reference.md is regenerated, never hand-edited: rerun
    `catan-dsl reference > docs/reference.md` after changing core/vocab.py."""
    assert (ROOT / "docs" / "reference.md").read_text(encoding="utf-8") == to_markdown()


def test_json_lists_every_word_with_its_signature() -> None:
    r = CliRunner().invoke(main, ["reference", "--format", "json"])
    assert r.exit_code == 0
    ref = json.loads(r.output)
    assert [t["name"] for t in ref["triggers"]] == list(vocab.TRIGGERS)
    assert [f["name"] for f in ref["functions"]] == list(vocab.FUNCTIONS)
    assert [f["name"] for f in ref["effects"]] == list(vocab.EFFECTS)
    assert [f["name"] for f in ref["forbids"]] == list(vocab.FORBIDS)
    assert [f["name"] for f in ref["modifiers"]] == list(vocab.MODIFIERS)
    assert all(t["when"] for t in ref["triggers"]), "every trigger says when it fires"
    assert all(m["consulted"] for m in ref["forbids"] + ref["modifiers"])
    rolled = next(t for t in ref["triggers"] if t["name"] == "rolled")
    assert {"name": "n", "type": "int"} in rolled["binds"] and "before discards" in rolled["when"]
    sets = {s["name"]: s["elements"] for s in ref["sets"]}
    assert sets["vertices"] == "vertex" and sets["edges"] == "edge" and sets["hexes"] == "hex"
    assert sets["players"] == "player"


def test_markdown_is_the_default_format() -> None:
    r = CliRunner().invoke(main, ["reference"])
    assert r.exit_code == 0 and r.output == to_markdown()
    assert "| `roll` |" in r.output and "| `choose_random` |" in r.output

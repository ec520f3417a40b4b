"""Hostile transcripts (issue 18 items 4 and 9): wrong types, deep nesting and random mutations
are refused with one line naming the JSON path, never a traceback."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_dsl.cli import main

BASE = str(Path(__file__).resolve().parents[2] / "scenarios" / "base.catan")
_GAME = CliRunner().invoke(main, ["play", BASE, "--seed", "2", "--bots", "random", "--max-turns",
                                  "4", "--json"]).output
DOC = json.loads(_GAME)


def _replay(tmp: Path, doc: object, *extra: str):
    path = tmp / "t.json"
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return CliRunner().invoke(main, ["replay", str(path), *extra])


def test_wrong_field_types_are_named_by_json_path(tmp_path: Path) -> None:
    doc = copy.deepcopy(DOC)
    doc["players"] = "4"
    r = _replay(tmp_path, doc)
    assert r.exit_code == 1 and r.output.strip().endswith("/players: '4' is not of type 'integer'")
    doc = copy.deepcopy(DOC)
    doc["steps"][3]["legal"] = "x"
    r = _replay(tmp_path, doc)
    assert r.exit_code == 1 and "/steps/3/legal: 'x' is not of type 'integer'" in r.output


def test_deeply_nested_json_is_refused(tmp_path: Path) -> None:
    r = _replay(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert r.exit_code == 1 and "nested too deep" in r.output


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.text(max_size=5), inner, max_size=3), max_leaves=6)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(sorted(DOC)), step=st.integers(0, len(DOC["steps"]) - 1),
       field=st.sampled_from(["player", "action", "legal", None]), value=JSON)
def test_a_mutated_transcript_never_crashes_replay(tmp_path: Path, key: str, step: int,
                                                   field: str | None, value: object) -> None:
    doc = copy.deepcopy(DOC)
    if field is None:
        doc[key] = value
    else:
        doc["steps"][step][field] = value
    r = _replay(tmp_path, doc, "--scenario", BASE)
    assert r.exit_code in (0, 1, 3), r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output

"""Every shipped scenario and combination file (and T&B, the newest, with each variant) →
`catan-dsl explain` prints a summary in words and exits 0, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.cli import main

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ("tournament", "friendly_robber", "event_cards", "harbormaster", "catan_for_two")
PLAYABLE = ["base", "fishermen", "rivers", "caravans", "barbarian_attack", "traders_barbarians"]
FILES = [f"scenarios/{n}.catan" for n in PLAYABLE] + sorted(
    f"scenarios/combinations/{p.name}" for p in (ROOT / "scenarios" / "combinations").glob("*.catan"))


@pytest.fixture(autouse=True)
def _repo_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("path", FILES, ids=lambda p: Path(p).stem)
def test_explain_summarises_every_shipped_file(path: str) -> None:
    r = CliRunner().invoke(main, ["explain", path])
    assert r.exit_code == 0 and r.exception is None, r.output
    assert "changes against the base game" in r.output
    if not path.endswith("/base.catan"):       # the base game changes nothing against itself
        assert "Rules:" in r.output or "Components and settings:" in r.output


@pytest.mark.parametrize("variant", VARIANTS)
def test_explain_traders_and_barbarians_with_each_variant(variant: str) -> None:
    """The random pick of the barbarians' first paths ("3 different ... picked at random")
    used to crash the summary."""
    r = CliRunner().invoke(main, ["explain", "scenarios/traders_barbarians.catan", "--with", variant])
    assert r.exit_code == 0 and r.exception is None, r.output
    assert "3 different of every path e" in r.output

"""README's "Shipped scenarios" gallery ↔ scenarios/ and docs/img/: every file listed, every picture there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _gallery() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Shipped scenarios")
    return text[start:text.index("\n## ", start + 1)]


def test_every_shipped_scenario_has_a_gallery_row_and_a_board_picture() -> None:
    """Issue 5 "done when": the README lists the shipped scenarios with a picture of each board."""
    rows = re.findall(r"^\| \[`([\w.]+)`\]\(scenarios/\1\) \| .+ \| <img src=\"(docs/img/[\w.]+)\"",
                      _gallery(), flags=re.M)
    listed = {name: img for name, img in rows}
    shipped = {p.name for p in (ROOT / "scenarios").glob("*.catan")}
    assert set(listed) == shipped
    for name, img in listed.items():
        assert img == f"docs/img/{Path(name).stem}.png"
        assert (ROOT / img).is_file(), f"{img} is missing: catan-dsl render scenarios/{name} --seed 1 -o {img}"


def test_every_picture_the_gallery_shows_exists() -> None:
    for img in re.findall(r'<img src="([^"]+)"', _gallery()):
        assert (ROOT / img).is_file(), img

"""The examples of docs/language.md check clean as a designer copies them: each ```catan block
is a whole file, or statements put in `scenario t extends base { ... }`. A block that names
what an earlier block of its section declares (the sea's ship and pirate) is read after it;
blocks with `...` stand for any content and are left out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from catan_dsl import api

DOC = Path(__file__).resolve().parents[2] / "docs" / "language.md"
BLOCKS = re.findall(r"```catan\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
# First lines of blocks that go on from what an earlier block of their section declares.
GOES_ON = {"board volcano extends beginner": "terrain volcano { produces nothing; no token }",
           "action move_ship": "piece ship { on sea_edge; limit 15; cost lumber 1 wool 1; route; "
                               "network ship }\nrobber pirate { on sea; robs ship }",
           "forbid build ship": "piece ship { on sea_edge; limit 15; cost lumber 1 wool 1 }\n"
                                "robber pirate { on sea; robs ship }"}
CASES = [(i, b) for i, b in enumerate(BLOCKS) if "..." not in b]


@pytest.mark.parametrize(("i", "block"), CASES, ids=[f"block{i}" for i, _ in CASES])
def test_a_language_example_checks_clean(i: int, block: str, tmp_path: Path) -> None:
    text = block
    for first, before in GOES_ON.items():
        if block.lstrip().startswith(first):
            text = before + "\n" + block
    if not re.match(r"\s*(#.*\n)*\s*(scenario|variant|import)", text):
        text = "scenario t extends base {\n" + text + "\n}\n"
    path = tmp_path / "t.catan"
    path.write_text(text, encoding="utf-8")
    report = api.check_file(str(path))
    assert not report.errors, report.render_text()

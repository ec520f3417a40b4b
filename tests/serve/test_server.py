"""The server's file and socket helpers: a saved transcript is written whole, with the mode a
player expects of a file he saves."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from catan_dsl.serve.server import write_transcript


def test_a_saved_transcript_gets_an_ordinary_files_mode(tmp_path: Path) -> None:
    """``serve --save`` wrote the file 0600 (mkstemp's private mode): nobody else could read a
    game a player meant to share."""
    old = os.umask(0o022)
    try:
        new = tmp_path / "game.json"
        write_transcript(new, "{}")
        assert stat.S_IMODE(new.stat().st_mode) == 0o644
        kept = tmp_path / "kept.json"
        kept.write_text("old")
        kept.chmod(0o640)
        write_transcript(kept, "{}")
        assert stat.S_IMODE(kept.stat().st_mode) == 0o640 and kept.read_text() == "{}"
    finally:
        os.umask(old)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []

"""`catan-dsl fmt`: canonical layout, idempotent, IR unchanged, comments kept; --check, --diff,
atomic writes, and files that do not parse are left alone."""

from __future__ import annotations

import json
import os
import random
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.api import compile_file
from catan_dsl.cli import main
from catan_dsl.core.source import SourceFile
from catan_dsl.editor.fmt import format_source

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted([*REPO.glob("scenarios/**/*.catan"), *REPO.glob("docs/examples/**/*.catan")])
CORPUS = sorted({*SHIPPED, *REPO.glob("tests/fixtures/*.catan")})


def fmt_text(text: str, path: str = "x.catan") -> str:
    out, diags = format_source(SourceFile(path, text))
    assert out is not None, diags
    return out


def run(*args: str):
    return CliRunner().invoke(main, list(args))


MESSY = """scenario messy   extends base{
# a comment that stays
    terrain swamp {produces nothing;no token}
 terrain jungle   {produces lumber}
      on built  settlement at v where setup and count( x in pieces(player,settlement))==2 {
  gain 1 wool    # trailing
           player gains   1 brick
}
  modifier target+1 for p where vp(p)>3
}
"""

CANONICAL = """scenario messy extends base {
  # a comment that stays
  terrain swamp  { produces nothing; no token }
  terrain jungle { produces lumber }
  on built settlement at v where setup and count(x in pieces(player, settlement)) == 2 {
    gain 1 wool  # trailing
    player gains 1 brick
  }
  modifier target + 1 for p where vp(p) > 3
}
"""


def test_messy_text_gets_the_canonical_layout_and_keeps_its_comments() -> None:
    assert fmt_text(MESSY) == CANONICAL


def test_tables_line_up_by_keyword_columns() -> None:
    text = """scenario t extends base {
  deck d {
    card a number 2 event ev_one x 1
    card long_name number 10 x 2
  }
  board b {
    layout rows 3 4 5 4 3
    harbors {
      3:1 at 0,-2 NW
      grain 2:1 at 1,-2 NE
    }
  }
}
"""
    out = fmt_text(text)
    assert "    card a         number 2  event ev_one x 1\n" in out
    assert "    card long_name number 10              x 2\n" in out
    assert "      3:1       at 0,-2 NW\n      grain 2:1 at 1,-2 NE\n" in out


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_file_is_formatted(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert fmt_text(text, str(path)) == text, f"run: catan-dsl fmt {path.relative_to(REPO)}"


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_fmt_is_idempotent_and_keeps_the_ir(path: Path, tmp_path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    once = fmt_text(text, str(path))
    assert fmt_text(once, str(path)) == once
    ir_before, _ = compile_file(str(path))
    copy = path.parent / f".fmt-{path.name}"       # beside it, so 'extends' finds the same files
    try:
        copy.write_text(once, encoding="utf-8")
        ir_after, report = compile_file(str(copy))
    finally:
        copy.unlink(missing_ok=True)
    if ir_before is None:
        assert ir_after is None
        return
    assert ir_after is not None, report.render_text()
    def same_source(ir: dict, name: str) -> str:
        # The copy has another file name and the same lines: compare with names cut out.
        return json.dumps({k: v for k, v in ir.items() if k != "meta"}, sort_keys=True) \
            .replace(name, "FILE")

    assert same_source(ir_after, str(copy)) == same_source(ir_before, str(path))


@pytest.mark.parametrize("seed", range(6))
def test_spacing_inside_lines_does_not_matter(seed: int) -> None:
    """Extra spaces between the tokens of a line (not its indent) never change the output."""
    rng = random.Random(seed)
    path = rng.choice(SHIPPED)
    text = path.read_text(encoding="utf-8")
    lines = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        if body.startswith("#") or '"' in body or "#" in body:
            lines.append(line)
            continue
        words = body.split(" ")
        lines.append(line[:len(line) - len(body)] + "".join(w + " " * rng.randint(1, 3)
                                                               for w in words).rstrip())
    assert fmt_text("\n".join(lines), str(path)) == fmt_text(text, str(path))


def test_check_names_the_files_and_fails_without_touching_them(tmp_path: Path) -> None:
    messy = tmp_path / "messy.catan"
    messy.write_text(MESSY, encoding="utf-8")
    neat = tmp_path / "neat.catan"
    neat.write_text(CANONICAL.replace("messy", "neat"), encoding="utf-8")
    r = run("fmt", "--check", str(tmp_path))
    assert r.exit_code == 1 and f"would reformat {messy}" in r.output and str(neat) not in \
        r.output.replace("would reformat 1 of 2 files", "")
    assert messy.read_text(encoding="utf-8") == MESSY
    r = run("fmt", "--check", str(neat))
    assert r.exit_code == 0


def test_diff_prints_a_unified_diff_and_writes_nothing(tmp_path: Path) -> None:
    messy = tmp_path / "messy.catan"
    messy.write_text(MESSY, encoding="utf-8")
    r = run("fmt", "--diff", str(messy))
    assert r.exit_code == 1
    assert f"--- {messy}" in r.output and "+  terrain jungle { produces lumber }" in r.output
    assert messy.read_text(encoding="utf-8") == MESSY


def test_fmt_rewrites_in_place_keeping_the_file_mode(tmp_path: Path) -> None:
    messy = tmp_path / "messy.catan"
    messy.write_text(MESSY, encoding="utf-8")
    os.chmod(messy, 0o640)
    r = run("fmt", str(messy))
    assert r.exit_code == 0, r.output
    assert messy.read_text(encoding="utf-8") == CANONICAL
    assert stat.S_IMODE(os.stat(messy).st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["messy.catan"]   # no temp file left


def test_a_file_that_does_not_parse_is_left_alone_with_its_diagnostic(tmp_path: Path) -> None:
    bad = tmp_path / "bad.catan"
    text = "scenario bad extends base {\n  terrain swamp { produces }\n"
    bad.write_text(text, encoding="utf-8")
    r = run("fmt", str(bad))
    assert r.exit_code == 1
    assert f"{bad}:" in r.output and "error[E1" in r.output and "Traceback" not in r.output
    assert bad.read_text(encoding="utf-8") == text

"""`catan-dsl render`: exit codes, output by suffix, no half-written files."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from catan_dsl.cli import main
from catan_dsl.cli.common import EXIT_ERRORS, EXIT_OK, EXIT_USAGE

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BEGINNER = str(FIXTURES / "base_beginner.ir.json")
TOURNAMENT = str(FIXTURES / "base_tournament.ir.json")
BASE = str(Path(__file__).resolve().parents[2] / "scenarios" / "base.catan")


def _run(*args: str):
    return CliRunner().invoke(main, ["render", *args])


def test_renders_svg_and_png(tmp_path: Path) -> None:
    for name in ("b.svg", "b.png"):
        res = _run(BEGINNER, "-o", str(tmp_path / name))
        assert res.exit_code == EXIT_OK, res.output
        assert (tmp_path / name).stat().st_size > 0
    res = _run(TOURNAMENT, "-o", str(tmp_path / "t.svg"), "--seed", "7", "--coords")
    assert res.exit_code == EXIT_OK, res.output
    assert "seed 7" in (tmp_path / "t.svg").read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.png", "b.svg", "t.svg"]


def test_bad_output_suffix_is_a_usage_error(tmp_path: Path) -> None:
    res = _run(BEGINNER, "-o", str(tmp_path / "b.jpg"))
    assert res.exit_code == EXIT_USAGE
    assert "must end in .svg or .png" in res.output
    assert not list(tmp_path.iterdir())


def test_broken_input_exits_1_and_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    res = _run(str(bad), "-o", str(tmp_path / "b.png"))
    assert res.exit_code == EXIT_ERRORS
    assert not (tmp_path / "b.png").exists()


def test_board_option_must_match_a_compiled_ir(tmp_path: Path) -> None:
    res = _run(BEGINNER, "-o", str(tmp_path / "b.svg"), "--board", "tournament")
    assert res.exit_code == EXIT_USAGE
    assert not (tmp_path / "b.svg").exists()


def test_catan_sources_compile_through_the_front_end(tmp_path: Path) -> None:
    """A .catan source is compiled first; a broken one prints its diagnostics, exits 1 and
    writes nothing."""
    for board in ("beginner", "tournament"):
        out = tmp_path / f"{board}.svg"
        res = _run(BASE, "-o", str(out), "--board", board, "--seed", "3")
        assert res.exit_code == EXIT_OK, res.output
        assert out.stat().st_size > 0
    broken = tmp_path / "broken.catan"
    broken.write_text("scenario broken extends base {\n  victory = 10\n}\n", encoding="utf-8")
    res = _run(str(broken), "-o", str(tmp_path / "broken.svg"))
    assert res.exit_code == EXIT_ERRORS
    assert "broken.catan:2:" in res.output and "error[E1" in res.output
    assert not (tmp_path / "broken.svg").exists()



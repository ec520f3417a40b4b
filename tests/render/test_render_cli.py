"""`catan-dsl render`: exit codes, output by suffix, no half-written files."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from catan_dsl.cli import main
from catan_dsl.cli.common import EXIT_ERRORS, EXIT_OK, EXIT_USAGE

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BEGINNER = str(FIXTURES / "base_beginner.ir.json")
TOURNAMENT = str(FIXTURES / "base_tournament.ir.json")


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


class _FakeReport:
    def __init__(self, text: str) -> None:
        self.text = text

    def has_errors(self) -> bool:
        return bool(self.text)

    def render_text(self) -> str:
        return self.text


def test_catan_sources_go_through_the_api(tmp_path: Path, monkeypatch) -> None:
    """Stands in for catan_dsl.api until the compiler lands: errors → diagnostics + exit 1."""
    import json
    import sys
    import types

    ir = json.loads(Path(BEGINNER).read_text(encoding="utf-8"))
    calls = []

    def compile_file(path, *, seed=None, board=None, with_=()):
        calls.append(board)
        if "broken" in path:
            return None, _FakeReport("broken.catan:1:1: error[E101]: unexpected token")
        return ir, _FakeReport("")

    fake = types.ModuleType("catan_dsl.api")
    fake.compile_file = compile_file
    fake.load_ir = lambda path: json.loads(Path(path).read_text(encoding="utf-8"))
    monkeypatch.setitem(sys.modules, "catan_dsl.api", fake)
    for name in ("ok.catan", "broken.catan"):
        (tmp_path / name).write_text("scenario x {}\n", encoding="utf-8")

    res = _run(str(tmp_path / "ok.catan"), "-o", str(tmp_path / "ok.svg"), "--board", "beginner")
    assert res.exit_code == EXIT_OK, res.output
    assert calls == ["beginner"]
    res = _run(str(tmp_path / "broken.catan"), "-o", str(tmp_path / "broken.svg"))
    assert res.exit_code == EXIT_ERRORS
    assert "error[E101]: unexpected token" in res.output
    assert not (tmp_path / "broken.svg").exists()
    res = _run(BEGINNER, "-o", str(tmp_path / "j.png"))
    assert res.exit_code == EXIT_OK, res.output

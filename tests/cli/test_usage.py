"""Messages that blame the right thing: a mistake on the command line is click's usage error
naming the option (exit 2) on every command that has the option, never a caret in a file; and
README's example error is the real output of the command it shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.cli import main

REPO = Path(__file__).resolve().parents[2]
BASE = "scenarios/base.catan"

# Each command with what it needs besides the mistake (compare: two sides that differ).
COMMANDS = {
    "play": ["play", BASE],
    "playtest": ["playtest", BASE, "--games", "1"],
    "compare": ["compare", BASE, "--set-b", "vp_target=12", "--games", "1"],
    "sweep": ["sweep", BASE, "--games", "1"],
    "render": ["render", BASE, "-o", "{tmp}/x.png"],
    "compile": ["compile", BASE],
    "check": ["check", BASE],
    "explain": ["explain", BASE],
}
MISTAKES = {
    "--set": ["--set", "nope=3"],
    "--set range": ["--set", "vp_target=99"],
    "--with": ["--with", "nope"],
    "--board": ["--board", "nope"],
    "--option": ["--option", "nope"],
}


def _has(command: str, option: str) -> bool:
    cmd = main.get_command(None, command)  # type: ignore[arg-type]
    return any(option in p.opts for p in cmd.params)


CASES = [(c, m) for c in COMMANDS for m in MISTAKES if _has(c, m.split()[0])]


@pytest.mark.parametrize(("command", "mistake"), CASES,
                         ids=[f"{c} {m}" for c, m in CASES])
def test_a_command_line_mistake_is_a_usage_error_naming_the_option(
        command: str, mistake: str, tmp_path: Path) -> None:
    option = mistake.split()[0]
    args = [a.replace("{tmp}", str(tmp_path)) for a in COMMANDS[command]] + MISTAKES[mistake]
    if command == "sweep" and option != "--set":
        args += ["--set", "vp_target=10,12"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    assert f"Error: Invalid value for '{option}':" in r.output
    assert "nope" in r.output or "99" in r.output
    assert "^" not in r.output and "error[E" not in r.output and "Traceback" not in r.output
    assert not (tmp_path / "x.png").exists()


def test_every_command_named_in_the_brief_is_covered() -> None:
    """Where an option exists, its mistake is tested: the table above does not silently shrink."""
    covered = {(c, m.split()[0]) for c, m in CASES}
    assert {("play", "--board"), ("render", "--with"), ("explain", "--set"),
            ("compile", "--option"), ("check", "--with"), ("sweep", "--with"),
            ("compare", "--option")} <= covered


def test_the_same_mistake_in_the_file_is_still_a_located_error(tmp_path: Path) -> None:
    """Only the command line's own mistakes become usage errors: a file naming an unknown
    variant keeps its caret and exit 1."""
    src = tmp_path / "v.catan"
    src.write_text("scenario v extends base with nope {\n}\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(src)])
    assert r.exit_code == 1 and "error[E209]" in r.output and "^" in r.output


def test_a_misspelt_variant_in_with_is_told_the_name_it_is_close_to() -> None:
    """`--with harbormastr` names the shipped variant it is close to, as a misspelt name in
    a file does."""
    r = CliRunner().invoke(main, ["check", BASE, "--with", "harbormastr"])
    assert r.exit_code == 2
    assert r.output.rstrip().endswith('cannot find variant "harbormastr" (a variant file beside '
                                      f'{BASE} or shipped); did you mean "harbormaster"?')


def _readme_error() -> tuple[str, str, int, str]:
    """README's example mistake: (the line it changes, the line it becomes, the exit code it
    states, the output it shows)."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    m = re.search(r"Write `(.+?)` as `(.+?)` in the tiny island above[^\n]*\n(?:[^\n]+\n)*?"
                  r"[^\n]*\(exit code (\d)\):\n\n```\n(.*?)```", text, re.S)
    assert m, "README's example error is not where this test looks for it"
    return m.group(1), m.group(2), int(m.group(3)), m.group(4)


def test_readme_example_error_is_the_real_output(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    tiny = re.search(r"```catan\n([^`]*?scenario tiny [^`]*?)```", text).group(1)
    good, bad, code, shown = _readme_error()
    assert good in tiny
    monkeypatch.chdir(tmp_path)
    Path("tiny.catan").write_text(tiny, encoding="utf-8")
    assert CliRunner().invoke(main, ["check", "tiny.catan"]).exit_code == 0
    Path("tiny.catan").write_text(tiny.replace(good, bad), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "tiny.catan"])
    assert r.exit_code == code
    assert shown.startswith("$ catan-dsl check tiny.catan\n")
    assert r.output == shown.removeprefix("$ catan-dsl check tiny.catan\n")


def test_readme_states_no_test_count_that_rots() -> None:
    """The suite's size changes with every branch; README says how to count it instead."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert not re.search(r"\d[\d,]* tests\b", text)

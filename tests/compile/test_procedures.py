"""Procedures (issue 12 item 3): `procedure NAME(P, ...) { EFFECTS }` called as an effect,
arguments evaluated once in the caller's scope, checked per call, no recursion, inherited and
replaced by name like other declarations."""

from __future__ import annotations

from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules import executor
from tests.engine.helpers import empty_main, res


def _write(d: Path, name: str, text: str) -> str:
    p = d / f"{name}.catan"
    p.write_text(text, encoding="utf-8")
    return str(p)


REWARD = """scenario pr extends base {
  procedure reward(p, n) { p gains n wool; p gains n ore }
  on turn_started { reward(left(player), 1 + 1) }
}
"""


def _run_first_rule(game: Game):
    s = empty_main(game)
    executor.run(s, [("rule", 0, executor.envt({"player": 0}))])
    return s


def test_a_call_runs_the_body_with_its_arguments(tmp_path: Path) -> None:
    ir, report = compile_file(_write(tmp_path, "pr", REWARD))
    assert ir is not None, report.render_text()
    g = Game(ir, num_players=4)
    s = _run_first_rule(g)
    assert s.hand[1][res(g, "wool")] == 2 and s.hand[1][res(g, "ore")] == 2
    assert s.hand[0][res(g, "wool")] == 0


def test_wrong_arity_unknown_name_and_unfit_types_are_errors_at_the_call(tmp_path: Path) -> None:
    text = REWARD.replace("  on turn_started { reward(left(player), 1 + 1) }",
                          "  procedure flee(h) { move robber to h }\n"
                          "  on turn_started { reward(player); rewad(player, 1); flee(player) }")
    ir, report = compile_file(_write(tmp_path, "pr", text))
    assert ir is None
    got = {(d.code, d.span.line) for d in report.errors}
    assert ("E406", 4) in got                                    # reward(player): arity, at the call
    assert any(d.code == "E403" and 'did you mean "reward"' in (d.hint or "") for d in report.errors)
    assert any("this call of flee(h: player) does not fit" in d.message and d.span.line == 4
               for d in report.errors)


def test_a_later_file_replaces_a_procedure_by_name(tmp_path: Path) -> None:
    _write(tmp_path, "pr", REWARD)
    ir, report = compile_file(_write(tmp_path, "stingy", """scenario stingy extends pr {
  procedure reward(p, n) { p gains 1 brick }
}
"""))
    assert ir is not None, report.render_text()
    g = Game(ir, num_players=4)
    s = _run_first_rule(g)
    assert s.hand[1][res(g, "brick")] == 1 and s.hand[1][res(g, "wool")] == 0


def test_log_lines_of_a_procedures_effects_name_the_call_and_the_procedure(tmp_path: Path) -> None:
    """A procedure's effects log the calling line and the procedure's own line; the calling
    rule's other effects keep the rule's line."""
    from catan_dsl.play.gamelog import describe_event

    path = _write(tmp_path, "pr", REWARD.replace(
        "  on turn_started { reward(left(player), 1 + 1) }",
        "  on turn_started {\n    player gains 1 brick\n    reward(left(player), 1)\n  }"))
    ir, report = compile_file(path)
    assert ir is not None, report.render_text()
    g = Game(ir, num_players=4)
    s = _run_first_rule(g)
    lines = [describe_event(e, ["Red", "Blue", "White", "Orange"], ir) for e in s.drain_events()
             if type(e).__name__ == "StockChanged"]
    brick = [x for x in lines if "brick" in x]
    wool = [x for x in lines if "wool" in x]
    assert brick and brick[0].endswith(f"[{path}:3]")
    assert wool and wool[0].endswith(f"[{path}:5, in reward() at {path}:2]")


def test_explain_reads_the_designer_forms_in_english(tmp_path: Path) -> None:
    """`explain` describes let, roll, choose at random, repeat and a procedure's body instead
    of failing on them."""
    from catan_dsl.explain import explain

    path = _write(tmp_path, "ex", """scenario ex extends base {
  counter lava "Lava" { shared; start 0; max 5 }
  procedure erupt(h) { each v in vertices_of(h) where owner(v) >= 0 { remove v } }
  on turn_ended {
    let d = roll(6)
    repeat 2 { set lava = lava + 1 }
    choose h in hexes at random where has_number(h, d + 6) { erupt(h) }
  }
}
""")
    ir, report = compile_file(path)
    assert ir is not None, report.render_text()
    text = " ".join(explain(ir).split())
    assert "The player rolls a die." in text and "Repeat 2 times: Lava is set to 1 more" in text
    assert "Pick a hex H at random that carries the number (what the die shows plus 6), then " \
           "carry out “Erupt” for H." in text
    assert "“Erupt” (for H) [ex.catan:3] 1. For each corner V of H" in text

"""Balance answers: game results → seat advantage with its interval, and what winners did
that losers did not (uses per seat from the engine's events, VP by source), in `playtest`'s
text, `--json` and the HTML report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl.cli import main as cli_main
from catan_dsl.engine import Game
from catan_dsl.play.balance import _chi2_sf, balance
from catan_dsl.play.playtest import GameResult, play_game

ROOT = Path(__file__).resolve().parents[2]
FISHERMEN = ROOT / "scenarios" / "fishermen.catan"


def result(winner: int | None, uses: list[dict], vp: list[dict], bots=("greedy",) * 3) -> GameResult:
    return GameResult(index=0, seed=0, winner=winner, turns=50, capped=winner is None,
                      vp=tuple(sum(d.values()) for d in vp), vp_breakdown=tuple(vp),
                      decisions=0, steps=0, seconds=0.0, bots=tuple(bots),
                      seat_uses=tuple(uses))


def test_the_winners_lead_is_the_winner_minus_the_mean_of_its_games_losers() -> None:
    games = [
        result(0, [{"action fish": 4}, {"action fish": 1}, {}], [{"city": 6}, {"city": 2}, {}]),
        result(2, [{}, {"action fish": 2}, {"action fish": 2}], [{}, {"city": 4}, {"city": 8}]),
        result(None, [{"action fish": 9}, {}, {}], [{}, {}, {}]),    # no winner: not compared
    ]
    b = balance(games, 3)
    assert b.games == 2 and b.equal_bots
    (fish,) = b.uses
    assert fish.what == "action fish"
    assert fish.winners == 3.0                      # 4 and 2
    assert fish.losers == pytest.approx(3 / 4)      # 1, 0, 0, 2
    assert fish.lead == pytest.approx(((4 - 0.5) + (2 - 1)) / 2)
    assert fish.ci_low <= fish.lead <= fish.ci_high
    assert fish.winners_used == 1.0 and fish.losers_used == 0.5
    (city,) = b.vp
    assert city.winners == 7.0 and city.lead == pytest.approx(((6 - 1) + (8 - 2)) / 2)


def test_seat_advantage_is_the_share_above_fair_with_the_rates_interval_shifted() -> None:
    games = [result(0, [{}] * 3, [{}] * 3)] * 6 + [result(1, [{}] * 3, [{}] * 3)] * 3
    b = balance(games, 3)
    red, blue, white = b.seats
    assert (red.wins, blue.wins, white.wins) == (6, 3, 0)
    assert red.advantage == pytest.approx(6 / 9 - 1 / 3)
    assert red.ci_low < red.advantage < red.ci_high and white.ci_low == pytest.approx(-1 / 3)
    # chi-square of (6, 3, 0) against 3 each: x = 6 with 2 degrees of freedom, p = e^-3.
    assert b.seats_p == pytest.approx(0.049787068, abs=1e-6)


def test_different_bots_in_the_seats_are_flagged() -> None:
    mixed = result(0, [{}] * 3, [{}] * 3, bots=("mcts", "greedy", "greedy"))
    assert not balance([mixed], 3).equal_bots


@pytest.mark.parametrize("x, df, p", [(3.841459, 1, 0.05), (5.991465, 2, 0.05),
                                      (7.814728, 3, 0.05), (11.344867, 3, 0.01),
                                      (9.487729, 4, 0.05), (11.070498, 5, 0.05)])
def test_the_chi_square_tail_matches_the_tables(x: float, df: int, p: float) -> None:
    assert _chi2_sf(x, df) == pytest.approx(p, abs=1e-6)


def test_a_games_uses_per_seat_add_up_to_its_uses() -> None:
    from catan_dsl.api import compile_file
    ir, report = compile_file(str(FISHERMEN))
    assert ir is not None, report.render_text()
    r = play_game(Game(ir), ["greedy"] * 4, seed=3)
    assert r.winner is not None
    total: dict[str, int] = {}
    for seat in r.seat_uses:
        for k, v in seat.items():
            total[k] = total.get(k, 0) + v
    assert total == {**{f"action {k}": v for k, v in r.actions.items()},
                     **{f"card {k}": v for k, v in r.cards.items()}}
    assert any(k.startswith("action ") for k in total), "greedy fishermen take a fish action"


def test_playtest_prints_and_exports_the_balance_answers(tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    args = ["playtest", str(FISHERMEN), "--games", "4", "--seed", "2"]
    text = CliRunner().invoke(cli_main, args)
    assert text.exit_code == 0, text.output
    assert "balance (one bot in every seat" in text.output
    assert "seat advantage" in text.output and "VP by source at the end" in text.output
    out = CliRunner().invoke(cli_main, args + ["--json", "--report", str(page)])
    data = json.loads(out.output)["balance"]
    assert data["equal_bots"] and data["games_won"] == 4
    assert [s["wins"] for s in data["seats"]] == [s["wins"] for s in json.loads(out.output)["seats"]]
    html = page.read_text(encoding="utf-8")
    section = html[html.index('id="balance"'):html.index('id="uses"')]
    assert "<svg" in section                          # the winners' lead, plotted
    for g in data["vp"]:
        assert f"<td>{g['what']}</td><td>{g['winners']:.2f}</td>" in section
    assert re.search(r"Every seat against an equal share of the wins \(chi-square\): p = ", html)


def test_the_balance_note_says_when_the_bots_differ(tmp_path: Path) -> None:
    page = tmp_path / "r.md"
    r = CliRunner().invoke(cli_main, ["playtest", str(FISHERMEN), "--games", "4", "--seed", "2",
                                      "--bots", "greedy,random,greedy,random",
                                      "--report", str(page)])
    assert r.exit_code == 0, r.output
    assert "the seats held different bots" in r.output
    assert "a gap also says which bot won more" in page.read_text(encoding="utf-8")

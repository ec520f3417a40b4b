"""The state picture reads at a glance whatever its legend holds: the board keeps at least 60% of
the picture's width (the legend wraps into columns), and the legend leaves out the rules'
bookkeeping counters and counters at 0."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.render.figure import StateView, draw_board, figure_bytes
from catan_dsl.render.state_view import state_view

ROOT = Path(__file__).resolve().parents[2]


def _board_share(fig) -> float:  # type: ignore[no-untyped-def]
    """The board's width over the written picture's width (PNG, as ``render`` writes it)."""
    board = fig.axes[0].get_window_extent(FigureCanvasAgg(fig).get_renderer()).width
    png = figure_bytes(fig, "png")
    return board / struct.unpack(">I", png[16:20])[0]


@pytest.mark.parametrize("scenario", ["traders_barbarians", "base"])
def test_the_board_keeps_most_of_the_width_whatever_the_legend_holds(scenario: str) -> None:
    """The issue's T&B picture was 2,647 px wide with the board in its middle third: every
    counter of every player on one legend row. Six seats with long labels and shared tracks
    now wrap into columns below the board."""
    ir, report = api.compile_file(str(ROOT / "scenarios" / f"{scenario}.catan"))
    assert ir is not None, report.render_text()
    parts = " · ".join(f"{k} counter number {k}" for k in range(12))
    view = StateView(player_labels=tuple(f"Seat{p} {p} VP (a very long special card) · {parts}"
                                         for p in range(6)),
                     shared_labels=tuple(f"track {k} 3 of 5" for k in range(5)))
    fig = draw_board(ir, seed=1, state_view=view)
    assert _board_share(fig) >= 0.6
    texts = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert all(max(len(line) for line in t.split("\n")) <= 44 for t in texts)


def test_the_legend_leaves_out_bookkeeping_and_zero_counters(tmp_path: Path) -> None:
    """A counter reset each turn or named with a leading underscore only helps the rules keep
    track (ir.counters.bookkeeping), and one at 0 says nothing: neither is listed."""
    src = tmp_path / "c.catan"
    src.write_text('scenario c extends base {\n'
                   '  counter alpha "alpha stones" { start 2 }\n'
                   '  counter beta "beta stones" { start 0 }\n'
                   '  counter gamma "gamma steps" { start 3 }\n'
                   '  counter _delta "delta marks" { start 4 }\n}\n', encoding="utf-8")
    ir, report = api.compile_file(str(src))
    assert ir is not None, report.render_text()
    ir["counters"]["gamma"]["reset"] = "turn"             # what `reset each turn` compiles to
    labels = state_view(Game(ir, num_players=3).new_initial_state(seed=1)).player_labels
    assert labels[0] == "Red 0 VP · 2 alpha stones"
    assert not any(w in lab for lab in labels for w in ("beta", "gamma", "delta", "· 0 "))
    ir["counters"]["gamma"]["shown"] = True               # unless its declaration says shown
    labels = state_view(Game(ir, num_players=3).new_initial_state(seed=1)).player_labels
    assert labels[0] == "Red 0 VP · 2 alpha stones · 3 gamma steps"

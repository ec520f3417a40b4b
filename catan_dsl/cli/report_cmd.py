"""`catan-dsl compare`, and the report writer `playtest --report` uses: two runs on the same
seeds → a table of metrics with differences, CIs and corrected p-values (or HTML/Markdown)."""

from __future__ import annotations

import json
import os
import sys

import click

from catan_dsl.cli.common import ScenarioArg, fail, resolve_variants
from catan_dsl.cli.game import load_scenario, parse_bots
from catan_dsl.cli.report_files import write_text


@click.command("compare")
@click.argument("file_a", type=ScenarioArg())
@click.argument("file_b", type=ScenarioArg(), required=False)
@click.option("--games", type=click.IntRange(min=1), required=True, help="Games per side.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seeds on both sides.")
@click.option("--bots", "bots_text", metavar="LIST", help="Bots per seat, as for playtest.")
@click.option("--players", type=click.IntRange(min=1), help="Number of seats.")
@click.option("--max-turns", type=click.IntRange(min=1), default=None, help="Turn cap per game.")
@click.option("--with", "with_", multiple=True, callback=resolve_variants,
              help="A variant for both sides (repeatable).")
@click.option("--with-a", "with_a", multiple=True, callback=resolve_variants, help="Side A only.")
@click.option("--with-b", "with_b", multiple=True, callback=resolve_variants, help="Side B only.")
@click.option("--option", "options", multiple=True, help="An option for both sides.")
@click.option("--option-a", "options_a", multiple=True, help="Side A only.")
@click.option("--option-b", "options_b", multiple=True, help="Side B only.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the metrics as JSON.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False),
              help="Also write FILE.html or FILE.md.")
def compare(file_a: str, file_b: str | None, games: int, seed: int, bots_text: str | None,
            players: int | None, max_turns: int | None, with_: tuple[str, ...],
            with_a: tuple[str, ...], with_b: tuple[str, ...], options: tuple[str, ...],
            options_a: tuple[str, ...], options_b: tuple[str, ...], workers: int,
            as_json: bool, report_path: str | None) -> None:
    """Play the same seeds on two versions of a scenario (two files, or one file with other
    --with-a/-b or --option-a/-b per side) and test every metric for a difference."""
    from catan_dsl.play.playtest import DEFAULT_MAX_TURNS, run_games
    from catan_dsl.report.compare import compare as compare_runs
    from catan_dsl.report.render import compare_html, compare_markdown

    file_b = file_b or file_a
    if file_b == file_a and not (with_a or with_b or options_a or options_b):
        fail("A and B are the same: give two files, or --with-a/-b or --option-a/-b")
    sides = []
    for path, extra_with, extra_opts in ((file_a, with_a, options_a), (file_b, with_b, options_b)):
        ir = load_scenario(path, None, (*with_, *extra_with), (*options, *extra_opts))
        try:
            names = parse_bots(bots_text, players, ir)
        except click.BadParameter as exc:
            fail(exc.format_message())
        sides.append((ir, names))
    cap = DEFAULT_MAX_TURNS if max_turns is None else max_turns
    workers = max(1, min(workers, games, os.cpu_count() or 1))
    hidden = as_json or not sys.stderr.isatty()
    summaries = []
    for label, (ir, names) in zip("AB", sides):
        with click.progressbar(length=games, label=f"playing {label}", file=sys.stderr,
                               hidden=hidden) as bar:
            summaries.append(run_games(ir, names, games, seed, workers=workers, max_turns=cap,
                                       progress=bar.update))
    metrics = compare_runs(*summaries)
    inputs = {"A": _side(file_a, (*with_, *with_a), (*options, *options_a)),
              "B": _side(file_b, (*with_, *with_b), (*options, *options_b)),
              "games per side": games, "seed": seed, "bots": ", ".join(sides[0][1]),
              "turn cap": cap}
    title = f"{inputs['A']} vs {inputs['B']}"
    if report_path is not None:
        write_text(report_path, lambda md: (compare_markdown if md else compare_html)(title, inputs,
                                                                                  metrics))
    if as_json:
        click.echo(json.dumps({"inputs": inputs, "metrics": [m.to_dict() for m in metrics]},
                              indent=2, sort_keys=True))
        return
    from catan_dsl.report.render import compare_rows

    cols, rows = compare_rows(metrics)
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]
    click.echo(f"A: {inputs['A']}\nB: {inputs['B']}\n{games} games per side, seed {seed}\n")
    for row in [cols, *rows]:
        click.echo("  ".join(x.ljust(w) for x, w in zip(row, widths)).rstrip())
    flagged = [m.name for m in metrics if m.significant]
    click.echo(f"\n{len(flagged)} of {len(metrics)} metrics differ at 5% (Holm-corrected)"
               + (": " + ", ".join(flagged) if flagged else ""))


def _side(path: str, with_: tuple[str, ...], options: tuple[str, ...]) -> str:
    extra = "".join(f" --with {w}" for w in with_) + "".join(f" --option {o}" for o in options)
    return path + extra


COMMANDS = [compare]

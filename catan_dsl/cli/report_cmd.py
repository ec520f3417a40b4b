"""`catan-dsl compare`, and the report writer `playtest --report` uses: two runs on the same
seeds → a table of metrics with differences, CIs and corrected p-values (or HTML/Markdown)."""

from __future__ import annotations

import json
import click

from catan_dsl.cli.common import ScenarioArg, as_given, fail, resolve_variants, set_option
from catan_dsl.cli.bot_options import bot_budget_options, parse_bots, seats_option
from catan_dsl.cli.game import load_scenario
from catan_dsl.cli.report_files import check_report_path, write_text
from catan_dsl.cli.runs import EXIT_INTERRUPTED, games_option, play_many, run_options


def _bot_options(f):  # type: ignore[no-untyped-def]
    """--think-ms, --playouts and --seats, as playtest has them."""
    for opt in reversed([*bot_budget_options, seats_option]):
        f = opt(f)
    return f


@click.command("compare")
@click.argument("file_a", type=ScenarioArg())
@click.argument("file_b", type=ScenarioArg(), required=False)
@games_option("Games per side.")
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
@set_option()
@set_option("--set-a", "params_a", " on side A only")
@set_option("--set-b", "params_b", " on side B only")
@_bot_options
@run_options
@click.option("--json", "as_json", is_flag=True, help="Print the metrics as JSON.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False),
              help="Also write FILE.html or FILE.md.")
def compare(file_a: str, file_b: str | None, games: int, seed: int, bots_text: str | None,
            players: int | None, max_turns: int | None, with_: tuple[str, ...],
            with_a: tuple[str, ...], with_b: tuple[str, ...], options: tuple[str, ...],
            options_a: tuple[str, ...], options_b: tuple[str, ...], params: dict[str, int],
            params_a: dict[str, int], params_b: dict[str, int], think_ms: int | None,
            playouts: int | None, seating: str, workers: int | None, backend: str,
            scheduler: str | None, as_json: bool, report_path: str | None) -> None:
    """Play the same seeds on two versions of a scenario (two files, or one file with other
    --with-a/-b or --option-a/-b per side) and test every metric for a difference."""
    from catan_dsl.play.playtest import DEFAULT_MAX_TURNS
    from catan_dsl.report.compare import compare as compare_runs
    from catan_dsl.report.render import compare_html, compare_markdown

    check_report_path(report_path)
    file_b = file_b or file_a
    if file_b == file_a and not (with_a or with_b or options_a or options_b) and \
            params_a == params_b:
        raise click.UsageError("A and B are the same: give two files, or --with-a/-b, "
                               "--option-a/-b or --set-a/-b")
    sides = []
    for side, path, extra_with, extra_opts, extra_set in (
            ("a", file_a, with_a, options_a, params_a), ("b", file_b, with_b, options_b, params_b)):
        try:
            ir = load_scenario(path, None, (*with_, *extra_with), (*options, *extra_opts),
                               {**params, **extra_set} or None)
        except click.BadParameter as exc:
            raise _one_side(exc, side, {"--with": extra_with, "--option": extra_opts,
                                        "--set": tuple(extra_set)}) from None
        sides.append((ir, parse_bots(bots_text, players, ir, think_ms, playouts)))
    cap = DEFAULT_MAX_TURNS if max_turns is None else max_turns
    summaries = []
    for label, (ir, names) in zip("AB", sides):
        summaries.append(play_many(ir, names, games, seed, cap, workers=workers, backend=backend,
                                   scheduler=scheduler, label=f"playing {label}", quiet=as_json,
                                   seating=seating))
        if summaries[-1].partial:
            break
    if len(summaries) < 2 or not summaries[0].games or not summaries[1].games:
        fail("stopped by Ctrl-C before both sides had games: nothing to compare",
             EXIT_INTERRUPTED)
    from catan_dsl.report.data import rule_names

    metrics = compare_runs(*summaries, {**rule_names(sides[0][0]), **rule_names(sides[1][0])})
    inputs = {"A": _side(file_a, (*with_, *with_a), (*options, *options_a), {**params, **params_a}),
              "B": _side(file_b, (*with_, *with_b), (*options, *options_b), {**params, **params_b}),
              "games per side": games, "seed": seed, "bots": ", ".join(sides[0][1]),
              "seats": seating, "turn cap": cap}
    seats = [len(names) for _, names in sides]
    if seats[0] != seats[1]:            # said, not left to a table that lacks the other seats
        inputs["seats compared"] = (f"A has {seats[0]} players, B {seats[1]}: the per-seat "
                                    f"metrics compare the first {min(seats)} seats only")
    partial = summaries[1].partial
    if partial:
        inputs["partial"] = f"stopped by Ctrl-C: B has {summaries[1].games} of {games} games"
    title = f"{inputs['A']} vs {inputs['B']}"
    if as_json:
        click.echo(json.dumps({"inputs": inputs, "metrics": [m.to_dict() for m in metrics]},
                              indent=2, sort_keys=True))
    else:
        _print_comparison(inputs, metrics, games, seed)
    # After the results are out: a report that cannot be written loses no numbers.
    if report_path is not None:
        write_text(report_path, lambda md: (compare_markdown if md else compare_html)(title, inputs,
                                                                                  metrics))
    _stop_if(partial)


def _print_comparison(inputs: dict, metrics: list, games: int, seed: int) -> None:
    from catan_dsl.report.render import compare_rows

    cols, rows = compare_rows(metrics)
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]
    click.echo(f"A: {inputs['A']}\nB: {inputs['B']}\n{games} games per side, seed {seed}"
               + (f" (partial: {inputs['partial']})" if "partial" in inputs else "")
               + (f"\nnote: {inputs['seats compared']}" if "seats compared" in inputs else "")
               + "\n")
    for row in [cols, *rows]:
        click.echo("  ".join(x.ljust(w) for x, w in zip(row, widths)).rstrip())
    flagged = [m.name for m in metrics if m.significant]
    click.echo(f"\n{len(flagged)} of {len(metrics)} metrics differ at 5% (Holm-corrected)"
               + (": " + ", ".join(flagged) if flagged else ""))


def _one_side(exc: click.BadParameter, side: str, given: dict[str, tuple[str, ...]]
              ) -> click.BadParameter:
    """A usage error a side's own option caused names that option (--with-b nope was blamed
    on --with); one of the options both sides share keeps its name."""
    flag = (exc.param_hint or "").strip("'")
    if any(f'"{n}"' in exc.message or exc.message.startswith(f"{n}=")
           or f"parameter {n} =" in exc.message for n in given.get(str(flag), ())):
        exc.param_hint = f"'{flag}-{side}'"
    return exc


def _stop_if(partial: bool) -> None:
    # A run stopped by Ctrl-C printed what it had; its exit code still says it was stopped.
    if partial:
        raise SystemExit(EXIT_INTERRUPTED)


def _side(path: str, with_: tuple[str, ...], options: tuple[str, ...],
          params: dict[str, int]) -> str:
    extra = "".join(f" --with {as_given(w)}" for w in with_) \
        + "".join(f" --option {o}" for o in options) \
        + "".join(f" --set {k}={v}" for k, v in params.items())
    return as_given(path) + extra


def _grid_axes(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
               ) -> list[tuple[str, list[int]]]:
    axes = []
    for text in values:
        name, eq, rest = text.partition("=")
        try:
            nums = [int(x) for x in rest.split(",") if x.strip()]
        except ValueError:
            nums = []
        if not eq or not name.strip().isidentifier() or not nums:
            raise click.BadParameter(f"{text!r}: write NAME=V1,V2,..., e.g. --set vp_target=8,10,12",
                                     param=param)
        # A name given twice kept only its last values, a value given twice played its point
        # twice: both silently.
        if name.strip() in (n for n, _ in axes):
            raise click.BadParameter(f"{name.strip()} is given twice; give its values once: "
                                     f"--set {name.strip()}=V1,V2,...", param=param)
        if len(set(nums)) != len(nums):
            raise click.BadParameter(f"{text!r}: a value is given twice", param=param)
        axes.append((name.strip(), nums))
    return axes


@click.command("sweep")
@click.argument("file", type=ScenarioArg())
@click.option("--set", "axes", multiple=True, required=True, callback=_grid_axes,
              metavar="NAME=V1,V2,...", help="A parameter and its values (repeat for a grid).")
@games_option("Games per grid point.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seeds at every point.")
@click.option("--bots", "bots_text", metavar="LIST", help="Bots per seat, as for playtest.")
@click.option("--players", type=click.IntRange(min=1), help="Number of seats.")
@click.option("--max-turns", type=click.IntRange(min=1), default=None, help="Turn cap per game.")
@click.option("--with", "with_", multiple=True, callback=resolve_variants, help="A variant.")
@click.option("--option", "options", multiple=True, help="An option of the scenario.")
@_bot_options
@run_options
@click.option("--json", "as_json", is_flag=True, help="Print the grid as JSON.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False),
              help="Also write FILE.html (with a plot per metric) or FILE.md.")
def sweep(file: str, axes: list[tuple[str, list[int]]], games: int, seed: int,
          bots_text: str | None, players: int | None, max_turns: int | None,
          with_: tuple[str, ...], options: tuple[str, ...], think_ms: int | None,
          playouts: int | None, seating: str, workers: int | None, backend: str,
          scheduler: str | None, as_json: bool, report_path: str | None) -> None:
    """Play FILE at every point of a parameter grid (the same seeds at each) and show how win
    rates, game length and VP move with the parameters."""
    import itertools

    from catan_dsl.play.playtest import DEFAULT_MAX_TURNS
    from catan_dsl.report.sweep import (point_intervals, point_metrics, sweep_html,
                                        sweep_markdown, sweep_rows)

    check_report_path(report_path)
    cap = DEFAULT_MAX_TURNS if max_turns is None else max_turns
    names = [n for n, _ in axes]
    grid = []
    points = list(itertools.product(*(vals for _, vals in axes)))
    stopped = None
    for k, values in enumerate(points, 1):
        params = dict(zip(names, values))
        ir = load_scenario(file, None, with_, options, params)
        bots = parse_bots(bots_text, players, ir, think_ms, playouts)
        label = " ".join(f"{n}={v}" for n, v in params.items()) + f" ({k}/{len(points)})"
        summary = play_many(ir, bots, games, seed, cap, workers=workers, backend=backend,
                            scheduler=scheduler, label=label, quiet=as_json, seating=seating)
        if summary.games:
            grid.append({"params": params, "metrics": point_metrics(summary),
                         "intervals": point_intervals(summary),
                         **({"partial": True, "games": summary.games} if summary.partial
                            else {})})
        if summary.partial:
            # Said in the table, the JSON and the report alike: the point it stopped at may
            # have no game, and then no row of its own.
            stopped = (f"stopped by Ctrl-C at {label}: {summary.games} of {games} games "
                       f"there")
            break
    partial = stopped is not None
    if not grid:
        fail("stopped by Ctrl-C before a grid point had games", EXIT_INTERRUPTED)
    inputs = {"scenario": as_given(file), "games per point": games, "seed": seed, "seats": seating,
              "turn cap": cap, **({"partial": stopped} if partial else {})}
    if as_json:
        click.echo(json.dumps({"inputs": inputs, "grid": grid}, indent=2, sort_keys=True))
    else:
        cols, rows = sweep_rows(grid)
        widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]
        for row in [cols, *rows]:
            click.echo("  ".join(x.ljust(w) for x, w in zip(row, widths)).rstrip())
        if partial:
            click.echo(f"(partial: {stopped})")
    if report_path is not None:      # after the results, as compare
        write_text(report_path, lambda md: (sweep_markdown if md else sweep_html)(inputs, grid))
    _stop_if(partial)


COMMANDS = [compare, sweep]

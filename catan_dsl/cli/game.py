"""`play`, `replay` and `playtest` commands: scenario file + seed + bots → game log, verified replay, statistics."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from catan_dsl.cli.common import (EXIT_ERRORS, EXIT_MISMATCH, EXIT_OK, ScenarioArg, as_given,
                                  command_line_mistakes, engine_guard, fail,
                                  playable_diagnostics, resolve_variants, say_board_taken,
                                  set_option, stop_on_command_line_mistakes, usage_error)
from catan_dsl.cli.bot_options import bot_budget_options, parse_bots, seats_option
from catan_dsl.cli.runs import EXIT_INTERRUPTED, games_option, play_many, run_options
from catan_dsl.core.diagnostics import Report
from catan_dsl.core.files import kind_of
from catan_dsl.cli.summary_text import summary_table, way
from catan_dsl.play.gamelog import describe_event



def _render_load_error(exc: BaseException) -> str:
    """Text of a front-end failure: the diagnostics report when the error carries one."""
    report = getattr(exc, "report", None)
    if report is not None and hasattr(report, "render_text"):
        return report.render_text().rstrip()
    return str(exc)


def load_scenario(path: str, board: str | None = None, with_: tuple[str, ...] = (),
                  options: tuple[str, ...] = (), params: dict[str, int] | None = None, *,
                  given_by: str | None = None) -> dict:
    """Path (.catan or .json IR) → validated IR dict; prints diagnostics and exits 1 on failure.

    ``board`` and ``with_`` choose a named board and extra variants; they need the source.
    ``options`` turns on named options declared by the scenario (chosen at play time). A board,
    variant, option or parameter naming nothing is the command line's mistake (a usage error,
    exit 2) — unless ``given_by`` names the file they came from (a transcript): then exit 1.
    """
    from catan_dsl import api

    if not Path(path).is_file():
        if not Path(path).exists():
            fail(f"cannot read {path}: no such file")
        kind = kind_of(os.stat(path).st_mode)
        also = f", or check every file in it with 'catan-dsl check {path}'" \
            if kind == "a folder" else ""
        fail(f"cannot read {path}: it is {kind}: give a scenario file (.catan or compiled .json)"
             + also)
    is_json = Path(path).suffix == ".json"
    if is_json and params:
        usage_error("--set", f"applies to a .catan source; {path} is compiled already")
    try:
        if is_json or not (board or with_ or params):
            ir = api.load_ir(path)
        else:
            ir, report = api.compile_file(path, board=board, with_=tuple(with_), params=params)
            if ir is None:
                if given_by is None:      # a command-line mistake: a usage error naming it
                    stop_on_command_line_mistakes(report, path, board=board,
                                                  with_=tuple(with_), params=params)
                # A board or variant the transcript names and this file lacks: the
                # transcript's mismatch, not a caret in the scenario.
                mistakes = command_line_mistakes(report, path, board=board, with_=tuple(with_))
                if mistakes:
                    fail(f"{given_by} does not fit --scenario: "
                         + "; ".join(m for _, m in mistakes))
                click.echo(_render_load_error(api.CompileError(report)), err=True)
                sys.exit(EXIT_ERRORS)
            say_board_taken(report)
    except api.CompileError as exc:
        click.echo(_render_load_error(exc), err=True)
        sys.exit(EXIT_ERRORS)
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    if is_json:
        problems = playable_diagnostics(ir, path)
        if problems:
            click.echo(Report(problems).render_text().rstrip(), err=True)
            sys.exit(EXIT_ERRORS)
    meta = ir.get("meta", {})
    if is_json and board and meta.get("board") != board:
        usage_error("--board", f"{path} is compiled for board {meta.get('board')!r}; --board "
                               f"{board} needs the .catan source")
    try:
        ir = api.choose_options(ir, options)
    except api.OptionError as exc:
        if given_by is not None:
            fail(f"{given_by}: {exc} ({path})")
        usage_error("--option", f"{exc} ({path})")
    return ir




_common = [
    click.option("--seed", type=int, default=0, show_default=True, help="Seed for chance and bots."),
    click.option("--bots", "bots_text", metavar="LIST",
                 help="Comma-separated bot per seat (greedy, mcts, random; settings as in "
                      "mcts:playouts=400), or one name for every seat; default greedy in every "
                      "seat."),
    click.option("--players", type=click.IntRange(min=1),
                 help="Number of seats, within the scenario's range (default: number of bots, "
                      "else the scenario's default)."),
    click.option("--max-turns", type=click.IntRange(min=1), default=None,
                 help="Stop after this many turns."),
    click.option("--board", metavar="NAME", help="Play on this named board of the scenario."),
    click.option("--with", "with_", metavar="NAME", multiple=True, callback=resolve_variants,
                 help="Combine a variant (repeatable), e.g. --with harbormaster or PACK:VARIANT."),
    click.option("--option", "options", metavar="NAME", multiple=True,
                 help="Turn on a named option of the scenario (repeatable), e.g. czech_reading."),
    set_option(),
]
_common += bot_budget_options


def _with_common(f: Any) -> Any:
    for opt in reversed(_common):
        f = opt(f)
    return f


def prepare(ctx: click.Context, file: str, board: str | None, with_: tuple[str, ...],
             options: tuple[str, ...], bots_text: str | None, players: int | None,
             max_turns: int | None, params: dict[str, int] | None = None,
             think_ms: int | None = None, playouts: int | None = None
             ) -> tuple[dict, list[str], int]:
    """What play and playtest share: the IR, one bot spec per seat, and the turn cap."""
    from catan_dsl.play.playtest import DEFAULT_MAX_TURNS

    ir = load_scenario(file, board, with_, options, params or None)
    names = parse_bots(bots_text, players, ir, think_ms, playouts)  # bad: a usage error
    ir = board_for_seats(ir, len(names), file, board, with_, options, params)
    return ir, names, DEFAULT_MAX_TURNS if max_turns is None else max_turns


def board_for_seats(ir: dict, seats: int, file: str, board: str | None, with_: tuple[str, ...],
                    options: tuple[str, ...], params: dict[str, int] | None) -> dict:
    """"board B for players N": without --board, that many players sit at their own board
    (``play``, ``playtest`` and ``serve`` alike); the IR as it was otherwise."""
    own = (ir.get("meta", {}).get("board_for_players") or {}).get(str(seats))
    if board is None and own is not None and own != ir["meta"].get("board") \
            and not file.endswith(".json"):
        return load_scenario(file, own, with_, options, params or None)
    return ir


@click.command()
@click.argument("file", type=ScenarioArg())
@_with_common
@click.option("--json", "as_json", is_flag=True, help="Print the JSON transcript instead of the log.")
@click.option("--strict", is_flag=True,
              help="Stop at the first rule effect that did nothing in full, naming its rule.")
@click.pass_context
def play(ctx: click.Context, file: str, seed: int, bots_text: str | None, players: int | None,
         max_turns: int | None, board: str | None, with_: tuple[str, ...],
         options: tuple[str, ...], params: dict[str, int], think_ms: int | None,
         playouts: int | None, as_json: bool, strict: bool) -> None:
    """Play one seeded bot game of FILE and print its log (or transcript)."""
    from catan_dsl.engine import Game
    from catan_dsl.engine.events import EffectSkipped
    from catan_dsl.play.playtest import play_game

    ir, names, cap = prepare(ctx, file, board, with_, options, bots_text, players, max_turns,
                             params, think_ms, playouts)
    log = None if as_json else GameLog(ir, names, click.echo)

    def on_events(events: list) -> None:
        if log is not None:
            log.on_events(events)
        skipped = next((e for e in events if isinstance(e, EffectSkipped)), None)
        if strict and skipped is not None:
            raise _StrictStop(skipped)

    with engine_guard(file):
        game = Game(ir, num_players=len(names))
        if log is not None:
            log.start(seed, cap)
        try:
            result = play_game(game, names, seed, cap, record=as_json, source=file, ir=ir,
                               on_events=on_events if (log is not None or strict) else None,
                               observer=log.observe if log is not None else None)
        except _StrictStop as stop:
            e = stop.args[0]
            fail(f"{e.rule.where if e.rule else file}: --strict: '{e.effect}' did nothing in "
                 f"full: {e.reason}")
    if as_json:
        from catan_dsl.play.transcript import dumps

        click.echo(dumps(result.transcript), nl=False)
    else:
        assert log is not None
        log.finish(result)


@click.command()
@click.argument("transcript_path", metavar="TRANSCRIPT", type=click.Path(dir_okay=False))
@click.option("--scenario", type=ScenarioArg(),
              help="Scenario file (or PACK:SCENARIO) to replay against (default: the IR the transcript "
                   "carries).")
def replay(transcript_path: str, scenario: str | None) -> None:
    """Re-run TRANSCRIPT step by step and verify every step and the final state."""
    from catan_dsl.play.transcript import TranscriptError
    from catan_dsl.play.transcript import replay as do_replay

    doc = read_transcript(transcript_path)
    ir = transcript_ir(doc, transcript_path, scenario)
    try:
        result = do_replay(doc, ir)
    except TranscriptError as exc:
        fail(f"{transcript_path}: {exc}")
    if result.ok:
        click.echo(f"verified {result.steps_verified} steps" + (
            "" if result.recomputed else " (legality only: the players are not this build's "
            "bots, or a search bot thought for a CPU time, so chance outcomes could not be "
            "recomputed from the seed)"))
        sys.exit(EXIT_OK)
    click.echo(f"{transcript_path}: mismatch at {result.mismatch}", err=True)
    if result.mismatch is not None and result.mismatch.what == "ir_sha256":
        # Two hashes say nothing to a player: say what differs and the way that works.
        click.echo(f"  = help: {scenario} does not compile to the rules this game was played "
                   "with (an edited file, or one at another path: rules carry their file:line); "
                   "without --scenario, replay uses the rules the transcript carries", err=True)
    sys.exit(EXIT_MISMATCH)


MAX_TRANSCRIPT_BYTES = 200_000_000   # docs/limits.md: a long game is a few hundred KB


def read_transcript(transcript_path: str) -> dict:
    """Path → a transcript dict with a checked format; prints one error line and exits 1 if not."""
    from catan_dsl.play.transcript import TranscriptError, check_format

    from catan_dsl.core.files import FileRefused, read_limited

    try:
        doc = json.loads(read_limited(transcript_path, MAX_TRANSCRIPT_BYTES).decode("utf-8"))
        check_format(doc)
    except FileRefused as exc:
        what = exc.args_.get("kind") or f"{exc.args_['size']:,} bytes, over the limit of " \
            f"{exc.args_['limit']:,}"
        fail(f"cannot read {transcript_path}: {what}")
    except RecursionError:
        fail(f"{transcript_path}: not a transcript: JSON nested too deep")
    except OSError as exc:
        fail(f"cannot read {transcript_path}: {exc.strerror or exc}")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        where = (f":{exc.lineno}:{exc.colno}" if isinstance(exc, json.JSONDecodeError) else "")
        fail(f"{transcript_path}{where}: not valid JSON: {getattr(exc, 'msg', exc)}")
    except TranscriptError as exc:
        fail(f"{transcript_path}: {exc}")
    return doc


def transcript_ir(doc: dict, transcript_path: str, scenario: str | None = None) -> dict:
    """The IR a transcript was played with: the one it carries, or ``scenario`` rebuilt with the
    transcript's board, variants and options. The transcript's ``source`` is never opened: a
    transcript is data from anywhere and may not make us read a path it names."""
    from catan_dsl.play.transcript import TranscriptError, embedded_ir

    if scenario is None:
        try:
            ir = embedded_ir(doc, transcript_path)
        except TranscriptError as exc:
            fail(f"{transcript_path}: {exc}")
        if ir is None:
            named = f" (it was played from {doc['source']!r})" if doc.get("source") else ""
            fail(f"{transcript_path} carries no IR{named}; pass --scenario FILE")
        return ir
    options = tuple(doc.get("options", []))
    ir = load_scenario(scenario, options=options, given_by=transcript_path)
    meta = ir.get("meta", {})
    if doc.get("scenario") and meta.get("id") and doc["scenario"] != meta["id"]:
        # else its board or variants would be looked up in the wrong scenario, which then
        # reports a mistake of its own ("unknown board") at a line that has none
        fail(f"{transcript_path} was played with scenario {doc['scenario']!r}, and {scenario} "
             f"is {meta['id']!r}: pass the scenario it was played with")
    # Rebuild the IR the game was played with: same named board, same variants combined in.
    if not scenario.endswith(".json") and (meta.get("board") != doc.get("board")
                                           or list(meta.get("with", [])) != list(doc.get("with", []))):
        ir = load_scenario(scenario, doc.get("board"), tuple(doc.get("with", [])), options,
                           given_by=transcript_path)
    return ir


@click.command()
@click.argument("file", type=ScenarioArg())
@games_option("Number of games.")
@_with_common
@seats_option
@run_options
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@click.option("--strict", is_flag=True,
              help="Fail (exit 1) naming the first game and rule whose effect did nothing in full.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False),
              help="Also write a report: FILE.html (self-contained, with plots) or FILE.md.")
@click.pass_context
def playtest(ctx: click.Context, file: str, games: int, seed: int, bots_text: str | None,
             players: int | None, max_turns: int | None, board: str | None,
             with_: tuple[str, ...], options: tuple[str, ...], params: dict[str, int],
             think_ms: int | None, playouts: int | None, seating: str,
             workers: int | None, backend: str, scheduler: str | None, as_json: bool, strict: bool,
             report_path: str | None) -> None:
    """Play many seeded bot games of FILE and report win rates, game length and VP sources."""
    from catan_dsl.cli.report_files import check_report_path, write_report

    check_report_path(report_path)
    ir, names, cap = prepare(ctx, file, board, with_, options, bots_text, players, max_turns,
                             params, think_ms, playouts)
    with engine_guard(file):
        summary = play_many(ir, names, games, seed, cap, workers=workers, backend=backend,
                            scheduler=scheduler, quiet=as_json, seating=seating)
    if not summary.games:
        fail("stopped by Ctrl-C before any game finished", EXIT_INTERRUPTED)
    first = next((r for r in summary.results if r.noops), None) if strict else None
    if first is not None:
        rule, n = next(iter(first.noops.items()))
        fail(f"{rule}: --strict: a rule effect did nothing in full ({n} time(s)) in game "
             f"{first.index} (seed {first.seed}); 'catan-dsl play {file} --seed {first.seed} "
             "--strict' shows where")
    # The results first: a report that cannot be written must not lose a long run's numbers.
    if as_json:
        click.echo(json.dumps(summary.to_dict(), indent=2, sort_keys=True))
    else:
        click.echo(summary_table(summary, _game_name(ir, file)))
    if report_path is not None:
        write_report(report_path, ir, summary, source=as_given(file),
                     variants=tuple(map(as_given, with_)), options=options)
        if not as_json:
            click.echo(f"report: {report_path}")
    if summary.partial:
        ctx.exit(EXIT_INTERRUPTED)


class GameLog:
    """Prints a readable log of one game from the engine's events, as the game is played."""

    def __init__(self, ir: dict, bots: list[str], echo: Any) -> None:
        from catan_dsl.play.playtest import seat_name
        from catan_dsl.play.turns import TurnCounter

        self.ir = ir
        self.bots = bots
        self.echo = echo
        self.names = [seat_name(p) for p in range(len(bots))]
        # Turns numbered as transcripts, statistics and `render --turn` number them.
        self.turns = TurnCounter()
        self.shown = 0                    # the turn whose header was printed last (0: setup)
        # Lines from a turn's start (rules on turn_started) wait for that turn's header, which
        # is printed once the turn before is over (play.turns).
        self.held: list[str] = []
        self.holding = False
        self.next_who: int | None = None

    def start(self, seed: int, cap: int | None) -> None:
        meta = self.ir.get("meta", {})
        seats = ", ".join(f"{n} ({b})" for n, b in zip(self.names, self.bots))
        self.echo(f"{meta.get('title', meta.get('id'))} — board {meta.get('board')}, "
                  f"seed {seed}, turn cap {cap}")
        self.echo(f"players: {seats}")
        self.echo("")
        self.echo("== setup ==")

    def observe(self, state: Any, player: int, action: Any) -> None:
        """As play_game's observer (after every action, its events already logged): is the
        turn now over? If not (a rule's prompts at its end are pending), the lines held for
        the next turn belong to this one after all."""
        self.turns.after(state)
        if not self.turns.over:
            self._release()
        self.holding = False

    def on_events(self, events: list) -> None:
        # A turn begins with the first action after the last one ended (which may be a card
        # played before rolling); what a rule opened at a turn's end still belongs to it.
        if self.turns.begin():
            who = self.next_who if self.next_who is not None else \
                next((w for w in map(_actor, events) if w is not None), None)
            self.shown, self.next_who = self.turns.turn, None
            self.echo(f"== turn {self.shown}{': ' + self.names[who] if who is not None else ''} ==")
            self._release()
        for ev in events:
            kind = type(ev).__name__
            if kind == "TurnStarted":       # the header says it; what follows waits for it
                self.holding, self.next_who = True, ev.player
            if kind in ("TurnEnded", "TurnStarted"):
                continue
            line = "  " + describe_event(ev, self.names, self.ir)
            if self.holding:
                self.held.append(line)
            else:
                self.echo(line)

    def _release(self) -> None:
        for line in self.held:
            self.echo(line)
        self.held.clear()

    def finish(self, result: Any) -> None:
        self._release()
        self.echo("")
        if result.winner is not None:
            # ``turns`` is the turn the game ended in (play.turns), the one its header named.
            self.echo(f"{self.names[result.winner]} wins with {result.vp[result.winner]} VP "
                      f"in turn {result.turns}"
                      + (f" (the game ended by {way(result.ended)})"
                         if result.ended.startswith("rule") else ""))
        elif result.capped:
            self.echo(f"no winner: stopped at the turn cap after {result.turns} turns")
        else:
            self.echo(f"no winner: the game stalled in turn {result.turns} (see above)")
        sources = sorted({k for b in result.vp_breakdown for k in b})
        width = max([4] + [len(k) for k in sources])
        self.echo("")
        self.echo(f"{'VP by source':<{width + 2}}" + "".join(f"{n:>8}" for n in self.names))
        for k in sources:
            self.echo(f"  {k:<{width}}" + "".join(f"{b.get(k, 0):>8}" for b in result.vp_breakdown))
        self.echo(f"  {'total':<{width}}" + "".join(f"{v:>8}" for v in result.vp))


def _actor(ev: Any) -> int | None:
    for name in ("player", "thief", "proposer"):
        v = getattr(ev, name, None)
        if isinstance(v, int):
            return v
    return None


def _game_name(ir: dict, file: str) -> str:
    """The scenario id with the variants and options it was played with, e.g. ``base +
    harbormaster (option czech_reading)``, so a report says what was measured."""
    meta = ir.get("meta", {})
    name = " + ".join([meta.get("id", file), *meta.get("with", [])])
    options = sorted(k for k, on in (meta.get("options") or {}).items() if on)
    return name + (f" (option {', '.join(options)})" if options else "")


class _StrictStop(Exception):
    """play --strict met a rule effect that did nothing in full (carries the event)."""


COMMANDS = [play, replay, playtest]

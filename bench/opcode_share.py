"""Seeded random games → the Python opcodes each file and function runs itself, per decision,
and (``--against``) what a row runs beyond another row's decision, file by file.

Opcodes are counted by ``sys.settrace`` (``f_trace_opcodes``): exact and repeatable under any
load, blind to time spent inside C (a ``dict`` copied, a tuple built counts as one opcode), and
about 30 times slower than a plain run, so one game is the default. The generated code
(effect blocks, rule loops, listings) is one "file" per kind. A warm-up game (seed SEED-1)
compiles the generated code first, as ``cpu_per_decision.py --warmup`` does:

    python bench/opcode_share.py scenarios/barbarian_attack.catan --against scenarios/base.catan
"""

from __future__ import annotations

import argparse
import collections
import sys

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.play.playtest import play_game


def count(path: str, games: int, seed: int) -> tuple[collections.Counter, int]:
    """(opcodes by (file, function), decisions) over ``games`` seeded random games."""
    ir, report = compile_file(path)
    if ir is None:
        raise SystemExit(report.render_text())
    game = Game(ir, num_players=4)
    play_game(game, ["random"] * 4, seed - 1)
    ops: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        if event == "opcode":
            code = frame.f_code
            ops[code.co_filename.split("catan_dsl/")[-1], code.co_name] += 1
        return tracer
    decisions = 0
    sys.settrace(tracer)
    try:
        for i in range(games):
            decisions += play_game(game, ["random"] * 4, seed + i).decisions
    finally:
        sys.settrace(None)
    return ops, decisions


def by_file(ops: collections.Counter) -> collections.Counter:
    files: collections.Counter = collections.Counter()
    for (name, _), n in ops.items():
        files[name] += n
    return files


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("--against", help="a row whose decision's opcodes are taken off, per file")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()
    ops, decisions = count(args.scenario, args.games, args.seed)
    total = sum(ops.values())
    print(f"{decisions} decisions, {total / decisions:.0f} opcodes a decision")
    for (name, fn), n in ops.most_common(args.top):
        print(f"{100 * n / total:6.2f}%  {name}:{fn}")
    if args.against:
        base, base_decisions = count(args.against, args.games, args.seed)
        mine, theirs = by_file(ops), by_file(base)
        own = total / decisions - sum(base.values()) / base_decisions
        print(f"\nbeyond {args.against}: {own:.0f} opcodes a decision, by file")
        beyond = {f: mine[f] / decisions - theirs[f] / base_decisions for f in mine | theirs}
        for f, n in sorted(beyond.items(), key=lambda kv: -kv[1])[: args.top]:
            print(f"{n:+7.0f}  {f}")


if __name__ == "__main__":
    main()

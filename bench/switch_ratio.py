"""One scenario, a generated part of the rules runtime on and off → the CPU time of a decision
with it over without it, the two games played in one process, alternating game by game.

Two commits measured in turn drift apart by ±10% on a loaded VM; two `Game`s of one IR in one
process, one built with a code generator's switch off (its reference closures or walk), do
not: each game of the pair meets the same load. The same seeds on both sides, so both play
the same games (a test pins that they do) and the ratio is of cost alone:

    python bench/switch_ratio.py scenarios/traders_barbarians.catan --switch listing
    python bench/switch_ratio.py scenarios/combinations/fishermen+barbarian_attack.catan \\
        --switch loops --games 12

Switches: ``listing`` (engine/rules/listing.py, the rule-action listing written out),
``loops`` (expressions.GENERATED_LOOPS, the generated loops and action targets),
``straight`` (engine/rules/straight.py, effect blocks written out), ``firing``
(engine/rules/firing.py, an event's rules fired in place), ``victory`` (victory.SCORE_CLOSURE,
the victory check and ``vp(p)`` written out as closures) and ``vp_paths``
(vp_memo.KEEP_WHILE_PATHS_MOVE, VP modifiers kept while only path pieces move).
"""

from __future__ import annotations

import argparse
import time

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules import expressions, firing, listing, straight, victory, vp_memo
from catan_dsl.play.playtest import games_heap, play_game

SWITCHES = {"listing": (listing, "GENERATED"), "loops": (expressions, "GENERATED_LOOPS"),
            "straight": (straight, "GENERATED"), "firing": (firing, "IN_PLACE"),
            "victory": (victory, "SCORE_CLOSURE"), "vp_paths": (vp_memo, "KEEP_WHILE_PATHS_MOVE")}


def _game(ir: dict, players: int, switch: str, on: bool) -> Game:
    module, name = SWITCHES[switch]
    saved = getattr(module, name)
    setattr(module, name, on)
    try:
        return Game(ir, num_players=players)
    finally:
        setattr(module, name, saved)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("--switch", choices=sorted(SWITCHES), default="listing")
    ap.add_argument("--with", dest="with_", default="", help="variants, comma-separated")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1000, help="games use seeds SEED, SEED+1, …")
    args = ap.parse_args()
    ir, report = compile_file(args.scenario, with_=tuple(w for w in args.with_.split(",") if w))
    if ir is None:
        raise SystemExit(report.render_text())
    games = {on: _game(ir, args.players, args.switch, on) for on in (True, False)}
    spent = {True: 0.0, False: 0.0}
    decisions = {True: 0, False: 0}
    with games_heap():
        for i in range(args.games):
            for on in ((True, False) if i % 2 else (False, True)):
                start = time.process_time()
                result = play_game(games[on], ["random"] * args.players, args.seed + i)
                spent[on] += time.process_time() - start
                decisions[on] += result.decisions
    if decisions[True] != decisions[False]:
        raise SystemExit(f"the two sides played different games: {decisions}")
    per = {on: 1e6 * spent[on] / decisions[on] for on in (True, False)}
    print(f"{args.scenario} --switch {args.switch}: {args.games} games a side, "
          f"{decisions[True] / args.games:.0f} decisions a game; µs a decision: "
          f"on {per[True]:.1f}, off {per[False]:.1f}, on/off {per[True] / per[False]:.3f}")


if __name__ == "__main__":
    main()

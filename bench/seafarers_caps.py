"""A Seafarers scenario + player count + bot → each game's end, and for each game that hit the
turn cap what it was left with: VP, targets, pieces in supply, cards in hand, wonder and
special-VP counters, and its most frequent actions (why random bots run into the cap).

    python bench/seafarers_caps.py four_islands 4 --games 10
    python bench/seafarers_caps.py wonders 4 --games 8 --bot random
"""

from __future__ import annotations

import argparse
import collections

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.play.playtest import play_game

COUNTERS = ("wonder_kind", "wonder_level", "special_vp")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("players", type=int)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--max-turns", type=int, default=500)
    a = ap.parse_args()
    spec = f"seafarers:{a.scenario}"
    ir, report = api.compile_file(spec)
    board = (ir or {}).get("meta", {}).get("board_for_players", {}).get(str(a.players))
    if board:
        ir, report = api.compile_file(spec, board=board)
    if ir is None:
        raise SystemExit(report.render_text())
    g = Game(ir, a.players)
    acts: collections.Counter = collections.Counter()
    last: dict = {}

    def observe(state, player, action) -> None:
        what = getattr(action, "piece", "") or getattr(action, "name", "") or ""
        acts[f"{type(action).__name__} {what}".strip()] += 1
        last["state"] = state

    capped = 0
    for seed in range(a.games):
        before = acts.copy()
        r = play_game(g, [a.bot] * a.players, seed=seed, max_turns=a.max_turns, observer=observe)
        if not r.capped:
            print(f"seed {seed}: won by seat {r.winner} in {r.turns} turns, VP {r.vp}")
            continue
        capped += 1
        s, rules = last["state"], g.rules
        index = rules.counter_index if rules else {}
        counters = {c: [s.rules_state.counters[p][index[c]] for p in range(a.players)]
                    for c in COUNTERS if c in index}
        supply = {g.piece_names[k]: [s.supply[p][k] for p in range(a.players)]
                  for k in range(len(g.piece_names))}
        targets = [rules.target(s, p) for p in range(a.players)] if rules else None
        print(f"seed {seed}: CAPPED at {r.turns} turns, VP {r.vp}, targets {targets}, "
              f"{counters}, in supply {supply}, cards {[sum(h) for h in s.hand]}")
        print("    most frequent actions:", (acts - before).most_common(10))
    print(f"capped {capped} of {a.games}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

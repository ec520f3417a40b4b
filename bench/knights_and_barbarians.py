"""How do greedy bots play a scenario with markers and units (Barbarian Attack, Traders &
Barbarians: --scenario)? N seeded
games of 4 greedy bots: the share that ends with a winner (95% Wilson interval) and, per game,
battles won, hexes conquered (a place reaching its marker max), knights placed and lost,
prisoners taken, gold paid between players, each counter's end value and each scenario action
taken — counted from the engine's events and actions, so any scenario with markers and units
can be measured the same way.

    python bench/knights_and_barbarians.py --games 200 --workers 2   # ~15 minutes on 2 cores
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from catan_dsl import api  # noqa: E402
from catan_dsl.engine import Game  # noqa: E402
from catan_dsl.engine.actions import RuleAction  # noqa: E402
from catan_dsl.engine.events import MarkersMoved, StockChanged, StockTransferred, UnitMoved  # noqa: E402
from catan_dsl.play.playtest import play_game, wilson_interval  # noqa: E402

_GAME: Game | None = None


def _one(args: tuple[str, int, int]) -> dict:
    global _GAME
    path, seed, cap = args
    if _GAME is None:
        _GAME = Game(api.load_ir(path), num_players=4)
    tally = {"battles": 0, "conquests": 0, "knights_placed": 0, "knights_lost": 0,
             "prisoners": 0, "units_moved": 0, "gold_paid_to_players": 0}
    maxima = {n: m.get("max") for n, m in (_GAME.ir.get("markers") or {}).items()}

    def count(events: list) -> None:
        freed = set()
        for e in events:
            if isinstance(e, MarkersMoved):
                if e.n > 0 and e.now == maxima.get(e.marker):
                    tally["conquests"] += 1
                if e.n < 0 and e.now == 0 and e.rule is not None and "battle" in (e.rule.via or ""):
                    freed.add(e.hex)
            elif isinstance(e, UnitMoved):
                tally["knights_placed"] += e.frm < 0
                tally["knights_lost"] += e.to < 0
                tally["units_moved"] += e.frm >= 0 and e.to >= 0
            elif isinstance(e, StockTransferred) and e.stock == "gold":
                tally["gold_paid_to_players"] += e.n
            elif isinstance(e, StockChanged) and e.stock == "prisoners" and e.n > 0:
                tally["prisoners"] += e.n
        tally["battles"] += len(freed)
    t = time.process_time()
    seen: list = []
    taken: dict[str, int] = {}
    names = {i: r.action.name for i, r in enumerate(_GAME.rules.compiled)
             if r.kind == "action"} if _GAME.rules else {}

    def watch(state, p, a) -> None:
        if not seen:
            seen.append(state)
        if isinstance(a, RuleAction):         # the scenario's own actions, by name
            taken[names[a.rule]] = taken.get(names[a.rule], 0) + 1
    r = play_game(_GAME, ["greedy"] * 4, seed, max_turns=cap, on_events=count, observer=watch)
    # The final value of every per-player counter, summed over the seats (deliveries, baggage).
    rules = _GAME.rules
    tally["counters"] = {c.name: sum(seen[0].rules_state.counters[p][i] for p in range(_GAME.n_real))
                         for i, c in enumerate(rules.counters) if not c.shared} if seen and rules else {}
    tally["actions"] = taken
    tally["winner"] = r.winner is not None
    tally["turns"] = r.turns
    tally["cpu"] = time.process_time() - t
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default=str(REPO / "scenarios" / "barbarian_attack.catan"))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--cap", type=int, default=500)
    args = ap.parse_args(argv)
    jobs = [(args.scenario, args.seed * 1_000_003 + i, args.cap) for i in range(args.games)]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            rows = list(pool.map(_one, jobs))
    else:
        rows = [_one(j) for j in jobs]
    n = len(rows)
    won = sum(r["winner"] for r in rows)
    lo, hi = wilson_interval(won, n)
    print(f"{Path(args.scenario).name}: {n} greedy games, {won} with a winner "
          f"({100 * won / n:.1f}%, 95% CI {100 * lo:.1f}–{100 * hi:.1f}%)")
    for key in ("turns", "battles", "conquests", "knights_placed", "knights_lost", "prisoners",
                "units_moved", "gold_paid_to_players"):
        print(f"  {key:20} {sum(r[key] for r in rows) / n:8.2f} per game")
    for name in sorted(rows[0]["counters"]) if rows else ():
        print(f"  {'end ' + name:20} {sum(r['counters'][name] for r in rows) / n:8.2f} per game "
              "(all seats)")
    for name in sorted({k for r in rows for k in r["actions"]}):
        print(f"  {'action ' + name:20} {sum(r['actions'].get(name, 0) for r in rows) / n:8.2f} "
              "per game (all seats)")
    print(f"  {'cpu':20} {sum(r['cpu'] for r in rows) / n:8.2f} s per game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

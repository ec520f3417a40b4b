"""Every Seafarers scenario and board × a bot line-up → one table row of `playtest --json`
figures: games, winners, games at the turn cap, mean turns, ships built and moved, hexes
revealed and special VP (issue 40, deliverable 5: "bots that sail" and finish).

    python bench/seafarers_bots.py --games 200                 # greedy in every seat
    python bench/seafarers_bots.py --games 50 --bots random

One `catan-dsl playtest` child process per row, one worker each (the machine is shared); rows
run one after the other. 3 players sit at a scenario's 3-player board, 4 at its 4-player one
(`board NAME for players N`), so the board follows from --players.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

CATAN = [sys.executable, "-c", "import sys; from catan_dsl.cli import main; sys.argv[0] = "
         "'catan-dsl'; main()"]
SCENARIOS = ("new_shores", "four_islands", "fog_islands", "through_the_desert", "wonders")
BASE_VP = {"settlement", "city", "largest_army", "longest_road", "victory_point"}


def row(scenario: str, players: int, bots: str, games: int, seed: int) -> dict:
    cmd = CATAN + ["playtest", f"seafarers:{scenario}", "--players", str(players), "--games",
                   str(games), "--seed", str(seed), "--bots", bots, "--json", "--workers", "1"]
    t0 = time.time()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd[3:])}: {proc.stderr.strip()[-400:]}")
    d = json.loads(proc.stdout)
    ev = d.get("mean_events", {})
    special = sum(v for s in d["seats"] for k, v in s["mean_vp_by_source"].items()
                  if k not in BASE_VP)
    return {
        "row": f"{scenario} {players}p", "games": d["games"],
        "winners": d["games"] - d["no_winner"],
        "capped": round(d["cap_share"] * d["games"]),
        "mean_turns": d["mean_turns"],
        "ships_built": d.get("mean_built", {}).get("ship", 0.0),
        "ships_moved": ev.get("PieceMoved", 0.0),
        "hexes_revealed": ev.get("HexRevealed", 0.0),
        "special_vp": round(special, 2),
        "seconds": round(time.time() - t0, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--bots", default="greedy", help="one bot name for every seat")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rows", help="comma-separated SCENARIO:PLAYERS, e.g. wonders:3")
    a = ap.parse_args()
    want = [tuple(r.split(":")) for r in a.rows.split(",")] if a.rows else \
        [(s, str(p)) for s in SCENARIOS for p in (3, 4)]
    print("| scenario | games | winners | capped | mean turns | ships built | ships moved "
          "| hexes revealed | special VP (all seats) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for scenario, players in want:
        n = int(players)
        r = row(scenario, n, ",".join([a.bots] * n), a.games, a.seed)
        print(f"| {r['row']} | {r['games']} | {r['winners']} | {r['capped']} | "
              f"{r['mean_turns']:.1f} | {r['ships_built']:.1f} | {r['ships_moved']:.1f} | "
              f"{r['hexes_revealed']:.1f} | {r['special_vp']:.2f} |", flush=True)
        print(f"<!-- {r['row']}: {r['seconds']} s -->", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

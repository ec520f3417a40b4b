"""Where does the search gain and lose? At decisions of seeded all-greedy games, the search bot's
move against the greedy bot's, each followed by greedy play to the game's end on the same dice:
per kind of decision (bots/kinds.py), how often the search moves differently, and what that one
move is worth in games won by the seat that made it.

    python bench/search_decisions.py --positions 300 --rollouts 32              # mcts:playouts=40
    python bench/search_decisions.py --bot mcts:playouts=160 --positions 200
    python bench/search_decisions.py --bot mcts:playouts=40:offers=0 scenarios/base.catan
    python bench/search_decisions.py --agree mcts:playouts=40,mcts:playouts=160 --positions 40

A game screen (bench/bot_strength.py) measures a whole game's worth of decisions at once, so on
100 games it cannot tell a few points; here each decision where the two bots part is valued
alone: from the position after each move, --rollouts games of four greedy bots (the k-th of
both moves on the same seed: common random numbers), the seat's wins after the search's move
minus its wins after the greedy bot's. The rollouts play the true position (nothing hidden):
what a move is worth if every seat plays greedy after it. The gain per decision of a kind is
the mean over all its decisions (0 where both bots agree), with its standard error over the
decisions where they part.

`--agree SPECS` asks instead whether a bigger budget searches: at the same positions, how often
each spec's move (two runs each, on different search seeds) is the greedy bot's, the root
prior's best, another spec's, or its own on the other seed (the noise floor), and how each
choice ranks by the values a reference search (--reference, more playouts) measured at its
root: if more playouts move toward the reference's best, the search converges on its value.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from catan_dsl import api  # noqa: E402
from catan_dsl.bots import make_bot  # noqa: E402
from catan_dsl.bots.kinds import decision_kind  # noqa: E402
from catan_dsl.bots.mcts import Node  # noqa: E402
from catan_dsl.bots.playout import Horizon  # noqa: E402
from catan_dsl.bots.worlds import sample_world  # noqa: E402
from catan_dsl.engine import CHANCE, Game  # noqa: E402
from search_speed import positions  # noqa: E402  (a sibling script: the same sampled positions)

MAX_TURNS = 300


def greedy_win(s, seat: int, seed: int) -> float:
    """1 if ``seat`` wins the game from ``s`` with four greedy bots (seeded), 0 otherwise."""
    s = s.clone()
    rng = random.Random(seed)
    bot = make_bot("greedy")
    while not s.is_terminal() and s.turn < MAX_TURNS:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        s.apply_action(legal[0] if len(legal) == 1 else bot.choose(s, legal, rng))
    return 1.0 if s.is_terminal() and s.winner() == seat else 0.0


def root_values(bot) -> dict[int, tuple[int, float]]:
    """id(option) -> (visits, mean value) at the root of ``bot``'s last search."""
    root = bot.last_root
    if root is None or root.actions is None:
        return {}
    return {id(a): (v, t / v if v else float("nan"))
            for a, v, t in zip(root.actions, root.visits, root.totals)}


def agreement(states: list, specs: list[str], reference: str) -> None:
    """Print how often the moves of ``specs`` (two search seeds each) agree with each other,
    with the greedy bot and the root's prior, and how they rank by ``reference``'s values."""
    moves: dict[str, list] = {}
    kinds = [decision_kind(s) for s in states]
    greedy = make_bot("greedy")
    moves["greedy"] = [greedy.choose(s, s.legal_actions(), random.Random(n))
                       for n, s in enumerate(states)]
    prior_top, ref_values, t = [], [], time.process_time()
    for spec in specs + [reference]:
        for run, offset in (("a", 0), ("b", 10 ** 6)):
            if spec == reference and run == "b":
                continue
            bot = make_bot(spec)
            out = []
            for n, s in enumerate(states):
                out.append(bot.choose(s, s.legal_actions(), random.Random(n + offset)))
                if spec == reference:
                    ref_values.append(root_values(bot))
                    root = bot.last_root
                    prior_top.append(root.actions[0] if root and root.actions else out[-1])
            moves[f"{spec} {run}"] = out
            print(f"ran {spec} {run} ({time.process_time() - t:.0f} CPU s)", flush=True)
    n = len(states)

    def same(x: str, y: str, only=None) -> str:
        pick = [i for i in range(n) if only is None or kinds[i] == only]
        hits = sum(moves[x][i] is moves[y][i] for i in pick)
        return f"{hits}/{len(pick)}"

    def rank(x: str) -> tuple[float, float]:
        """Mean reference value gap to the reference's best (by value among options it visited
        8+ times), and the share of choices that are that best."""
        gaps, best = [], 0
        for i in range(n):
            vals = {k: q for k, (v, q) in ref_values[i].items() if v >= 8}
            if len(vals) < 2 or id(moves[x][i]) not in vals:
                continue
            top = max(vals.values())
            gaps.append(top - vals[id(moves[x][i])])
            best += vals[id(moves[x][i])] == top
        return (sum(gaps) / len(gaps) if gaps else float("nan"), best / max(1, len(gaps)))

    names = list(moves)
    print(f"\n{n} positions ({', '.join(f'{k} {kinds.count(k)}' for k in dict.fromkeys(kinds))})")
    print("| moves of | = greedy | = root prior's best | " +
          " | ".join(f"= {y}" for y in names[1:]) + " | value gap to reference's best | is it |")
    print("| --- " * (len(names) + 4) + "|")
    for x in names:
        cells = [same(x, "greedy"),
                 f"{sum(moves[x][i] is prior_top[i] for i in range(n))}/{n}"]
        cells += [same(x, y) for y in names[1:]]
        gap, best = rank(x)
        print(f"| {x} | " + " | ".join(cells) + f" | {gap:.3f} | {best:.0%} |")
    print("\nmain decisions only:")
    for x in names[1:]:
        print(f"  {x}: = greedy {same(x, 'greedy', 'main')}, "
              + ", ".join(f"= {y} {same(x, y, 'main')}" for y in names[1:] if y != x))


def option_values(s, scenes: int, seed: int) -> dict[int, float]:
    """id(option) -> its mean leaf value over ``scenes`` sampled worlds, every root option
    played on every one (the option, then the greedy bot to the horizon, as the search's own
    playouts value it, no tree below): what a search of the default settings estimates, with
    the noise of choosing among few visits taken out (all options share the same scenes)."""
    bot = make_bot("mcts:playouts=1")
    p, legal = s.current_player(), s.legal_actions()
    horizon = Horizon(s, bot.setup_steps, 0, bot.settle_ends)
    rng = random.Random(seed)
    root = Node()
    for _ in range(scenes):
        scene = random.Random(rng.getrandbits(64))
        world = sample_world(s, p, scene)
        base, dice = bot._value(world, p), scene.getstate()
        if root.actions is None:
            bot._open(root, world, legal, rng, True)
        for i in range(len(root.actions)):
            scene.setstate(dice)
            bot._playout(root, world.clone(), base, legal, p, scene, rng, horizon, i)
            root.children[i] = None                   # flat: no tree grows below the option
    return {id(a): t / v for a, t, v in zip(root.actions, root.totals, root.visits)}


def regret(states: list, specs: list[str], scenes: int, most: int) -> None:
    """Print each spec's mean regret (two search seeds): the best option's value minus the
    chosen one's, by ``option_values`` (positions with at most ``most`` options)."""
    t = time.process_time()
    picked = [(n, s) for n, s in enumerate(states) if len(s.legal_actions()) <= most]
    truth = [option_values(s, scenes, 7919 * n + 1) for n, s in picked]
    print(f"values of every option at {len(picked)} positions ({scenes} scenes): "
          f"{time.process_time() - t:.0f} CPU s", flush=True)
    greedy = make_bot("greedy")
    rows = [("greedy", [greedy.choose(s, s.legal_actions(), random.Random(n))
                        for n, s in picked], 0.0)]
    for spec in specs:
        for run, offset in (("a", 0), ("b", 10 ** 6)):
            bot, out, used = make_bot(spec), [], 0
            for n, s in picked:
                out.append(bot.choose(s, s.legal_actions(), random.Random(n + offset)))
                used += bot.last_playouts
            rows.append((f"{spec} {run}", out, used / len(picked)))
    print("| moves of | mean regret | best chosen | playouts a decision |")
    print("| --- | --- | --- | --- |")
    for name, out, used in rows:
        gaps = [max(v.values()) - v[id(m)] for v, m in zip(truth, out)]
        best = sum(g <= 1e-12 for g in gaps)
        print(f"| {name} | {sum(gaps) / len(gaps):.4f} | {best}/{len(gaps)} | {used:.0f} |")
    print(f"({time.process_time() - t:.0f} CPU s)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario", nargs="?", default=str(REPO / "scenarios" / "base.catan"))
    ap.add_argument("--bot", default="mcts:playouts=40", help="the search bot (a spec)")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--every", type=int, default=5, help="take every N-th decision")
    ap.add_argument("--rollouts", type=int, default=32, help="greedy games after each move")
    ap.add_argument("--seed", type=int, default=3000, help="first seed of the source games")
    ap.add_argument("--verbose", action="store_true", help="one line per differing decision")
    ap.add_argument("--agree", metavar="SPECS", help="comma-separated specs: how often their "
                    "moves agree (see above) instead of what the moves are worth")
    ap.add_argument("--regret", metavar="SPECS", help="comma-separated specs: each one's "
                    "regret against every option valued on --scenes scenes (see option_values)")
    ap.add_argument("--scenes", type=int, default=64)
    ap.add_argument("--most", type=int, default=40, help="with --regret: positions with at "
                    "most this many options")
    ap.add_argument("--reference", default="mcts:playouts=640",
                    help="with --agree: the search whose root values rank the moves")
    args = ap.parse_args(argv)
    ir, report = api.compile_file(args.scenario)
    if ir is None:
        raise SystemExit(report.render_text())
    game = Game(ir, num_players=ir["players"]["default"])
    states = positions(game, args.positions, args.every, args.seed)
    if args.regret:
        regret(states, args.regret.split(","), args.scenes, args.most)
        return 0
    if args.agree:
        agreement(states, args.agree.split(","), args.reference)
        return 0
    greedy, search = make_bot("greedy"), make_bot(args.bot)
    per_kind: dict[str, dict] = {}
    t = time.process_time()
    for n, s in enumerate(states):
        kind, seat, legal = decision_kind(s), s.current_player(), s.legal_actions()
        row = per_kind.setdefault(kind, {"decisions": 0, "gains": []})
        row["decisions"] += 1
        g = greedy.choose(s, legal, random.Random(n))
        m = search.choose(s, legal, random.Random(n))
        if m is g:
            continue
        after_g, after_m = s.clone(), s.clone()
        after_g.apply_action(g)
        after_m.apply_action(m)
        seeds = [n * 1000 + k for k in range(args.rollouts)]
        gain = sum(greedy_win(after_m, seat, k) - greedy_win(after_g, seat, k)
                   for k in seeds) / args.rollouts
        row["gains"].append(gain)
        if args.verbose:
            print(f"{kind:8} turn {s.turn:3} {g} -> {m}: {gain:+.3f}", flush=True)
    print(f"{args.bot} on {Path(args.scenario).stem}: {len(states)} decisions, "
          f"{args.rollouts} rollouts a move, {time.process_time() - t:.0f} CPU s\n")
    print("| kind | decisions | search moves differently | gain where it differs (± s.e.) "
          "| gain per decision of the kind |")
    print("| --- | --- | --- | --- | --- |")
    for kind, row in sorted(per_kind.items(), key=lambda kv: -kv[1]["decisions"]):
        gains, d = row["gains"], row["decisions"]
        if gains:
            mean = sum(gains) / len(gains)
            se = math.sqrt(sum((x - mean) ** 2 for x in gains) / (len(gains) - 1)
                           / len(gains)) if len(gains) > 1 else float("nan")
            where = f"{mean:+.3f} ± {se:.3f}"
        else:
            mean, where = 0.0, "—"
        print(f"| {kind} | {d} | {len(gains)} ({len(gains) / d:.0%}) | {where} | "
              f"{mean * len(gains) / d:+.4f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

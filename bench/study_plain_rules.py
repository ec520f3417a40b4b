"""A study (not imported by catan_dsl): two of Barbarian Attack's rule loops, engine and plain.

Barbarian Attack's two hottest rule loops as the engine's generated code runs them and as plain
hand-written Python, over the same states.

The states are taken from a seeded random game: every call the engine makes to the march's
choice (``paths_within(e, …) where (f == e or not occupied(f, knight)) and not any(h in
hexes_of(f) where terrain(h) == castle)``) and to the battles' pick (``each h in
clockwise_from(castle) where markers(h, barbarian) > 0 and count(e in edges_of(h) where
occupied(e, knight)) > markers(h, barbarian)``) is recorded with a clone of its state, then
replayed ``--repeat`` times by the engine's own function (``--mode engine``) or by the plain
one (``--mode plain``); ``--mode none`` records only. Count instructions, not time:

    valgrind --tool=cachegrind --cache-sim=no python bench/study_plain_rules.py --mode none
    valgrind --tool=cachegrind --cache-sim=no python bench/study_plain_rules.py --mode engine
    valgrind --tool=cachegrind --cache-sim=no python bench/study_plain_rules.py --mode plain

``--mode check`` asserts the plain answer equals the engine's on every recorded state.
``--classify ROW`` sorts what a ROW decision runs beyond a base decision (opcodes, by function,
bench/opcode_share.py's count) into the rules' own work, what any backend keeps (actions
applied, events, choices resumed) and the interpreter's machinery, and prints the ratio to the
base game per decision if the machinery went and the generated loops ran at ``--plain`` of
their cost (the replay's plain/engine instructions):

    python bench/study_plain_rules.py --classify scenarios/barbarian_attack.catan
"""

from __future__ import annotations

import argparse
import gc

from catan_dsl.api import compile_file
from catan_dsl.engine import Game
from catan_dsl.engine.rules import board_functions, loops
from catan_dsl.play.playtest import play_game
from opcode_share import count     # bench/, beside this script

CALLS: dict[str, list] = {"march": [], "battle": []}


def _recording(kind: str, fn):
    def rec(s, env):
        got = fn(s, env)
        CALLS[kind].append((fn, s.clone(), dict(env), list(got)))
        return got
    return rec


def _patched_define(define):
    def patched(text, name, names, filename):
        fn = define(text, name, names, filename)
        if fn is None or name != "picked":
            return fn
        if "(_x == env['e'])" in text and "units[0]" in text:
            return _recording("march", fn)
        if "markers[0]" in text and ("L2(s, env)" in text or "_c_res" in text):
            return _recording("battle", fn)
        return fn
    return patched


class Plain:
    """What a hand-written engine keeps when the game is built, and the two rules over it."""

    def __init__(self, game: Game, state) -> None:
        b, rules = state.board, game.rules
        hexes = game.ir["board"]["hexes"]
        castle = next(h for h in range(len(b.hex_terrain)) if b.hex_terrain[h] == "castle")
        self.hex_edges = tuple(
            tuple(e for e, (v, w) in enumerate(b.edge_vertices)
                  if v in b.hex_vertices[h] and w in b.hex_vertices[h])
            for h in range(len(b.hex_terrain)))
        ring = board_functions._coast_ring(hexes)
        i = ring.index(castle) if castle in ring else 0
        self.ring = tuple(ring[i:] + ring[:i])
        castle_edges = set(self.hex_edges[castle])
        geo = rules.paths
        # paths within 3 and 5 of every path, castle edges already left out
        self.reach = {n: tuple(tuple(f for f in geo.within(e, n) if f not in castle_edges)
                               for e in range(b.n_edges)) for n in (3, 5)}

    def march(self, s, player: int, e: int) -> list[int]:
        occupied = s.rules_state.units[0]
        within = self.reach[5 if s.hand[player][3] >= 1 else 3][e]
        return [f for f in within if f == e or not occupied[f] > 0]

    def battle(self, s) -> list[int]:
        occupied, barbarians, hex_edges = s.rules_state.units[0], s.rules_state.markers[0], \
            self.hex_edges
        out = []
        for h in self.ring:
            n = barbarians[h]
            if n > 0:
                knights = 0
                for e in hex_edges[h]:
                    if occupied[e] > 0:
                        knights += 1
                if knights > n:
                    out.append(h)
        return out


# The rules' generated loops and expressions: what the replay above measures.
LOOPS = ("<generated rule loop>:", "<inlined rule function>:", "<fused rule expression>:")
# The rest of the rules' own work: the generated rule-action listing (already plain code), the
# base game's functions a rule row runs more or less of (trade menus with a tradeable counter,
# builds, production, no development cards), the bans' verdicts, VP modifiers, units and stocks
# moved, a choice's actions listed.
OWN = ("<generated rule action listing>:", "base/", "victory.py:victory_score",
       "victory.py:extra", "victory.py:total_vp", "functions.py:vp", "ban_filter.py:drop_banned",
       "build_bans.py:", "main_listing.py:allowed", "runtime.py:_produce",
       "runtime.py:_stops_production", "units.py:run_", "units.py:_moved", "units.py:moved",
       "stocks.py:", "chance.py:", "interned.py:", "player_actions.py:cost_delta",
       "player_actions.py:walk", "domains.py:on_number")
# What a generated module would still do in some form: apply an action, emit events, resume a
# choice, list the main phase, hear an event, draw at random, play the bots' loop.
KEPT = ("state.py:apply_action", "state.py:emit", "state.py:_after", "state.py:_legal_main",
        "executor.py:emit", "executor.py:suspend", "executor.py:apply_choose",
        "executor.py:resolve", "player_actions.py:legal", "player_actions.py:apply",
        "main_listing.py:listing", "runtime.py:dispatch", "firing.py:fire", "tally.py:",
        "playtest.py:", "bots/", "random.py:")


def part_of(name: str) -> str:
    for part, keys in (("loops", LOOPS), ("own", OWN), ("kept", KEPT)):
        if any(k in name for k in keys):
            return part
    return "machinery"


def classify(row: str, plain: float, show: int) -> None:
    ops, n = count(row, 1, 1000)
    base, nb = count("scenarios/base.catan", 1, 1000)
    beyond = {k: ops[k] / n - base[k] / nb for k in ops | base}
    parts = dict.fromkeys(("loops", "own", "kept", "machinery"), 0.0)
    for (f, fn), v in sorted(beyond.items(), key=lambda kv: -abs(kv[1])):
        part = part_of(f"{f}:{fn}")
        parts[part] += v
        if show > 0:
            show -= 1
            print(f"{v:+7.1f}  {part:9}  {f}:{fn}")
    row_ops, base_ops = sum(ops.values()) / n, sum(base.values()) / nb
    print(f"{row}: {row_ops:.0f} opcodes a decision, base {base_ops:.0f} (ratio "
          f"{base_ops / row_ops:.2f}); beyond base: " +
          ", ".join(f"{k} {v:+.0f}" for k, v in parts.items()))
    for what, kept in (("machinery gone", 1.0), ("machinery gone, half the kept", 0.5),
                       ("machinery and kept gone", 0.0)):
        rest = parts["own"] + parts["kept"] * kept
        ratios = [base_ops / (base_ops + parts["loops"] * loops + rest) for loops in (1.0, plain)]
        print(f"  {what}: ratio {ratios[0]:.2f}, generated code x{plain:.2f}: {ratios[1]:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("none", "engine", "plain", "check"), default="check")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--only", choices=("march", "battle"), help="replay one rule's calls")
    ap.add_argument("--classify", metavar="ROW", help="a scenario file to classify instead")
    ap.add_argument("--show", type=int, default=0, help="print the N largest functions beyond")
    ap.add_argument("--plain", type=float, default=0.44,
                    help="the generated loops at this share of their cost (measured: 0.44)")
    args = ap.parse_args()
    if args.classify:
        return classify(args.classify, args.plain, args.show)
    loops.define = _patched_define(loops.define)
    ir, report = compile_file("scenarios/barbarian_attack.catan")
    if ir is None:
        raise SystemExit(report.render_text())
    game = Game(ir, num_players=4)
    play_game(game, ["random"] * 4, args.seed)
    march, battle = CALLS["march"], CALLS["battle"]
    plain = Plain(game, march[0][1])
    if args.only:       # the other rule's calls replayed zero times
        (battle if args.only == "march" else march).clear()
    gc.freeze()         # the recorded clones are not rescanned by the replay's collections
    if args.mode == "check":
        for fn, s, env, got in march:
            assert plain.march(s, env["player"], env["e"]) == got == list(fn(s, env))
        for fn, s, env, got in battle:
            assert plain.battle(s) == got == list(fn(s, env))
        print(f"march: {len(march)} calls, battle: {len(battle)} calls, plain == engine on all")
    elif args.mode == "engine":
        for _ in range(args.repeat):
            for fn, s, env, _got in march:
                fn(s, env)
            for fn, s, env, _got in battle:
                fn(s, env)
    elif args.mode == "plain":
        for _ in range(args.repeat):
            for _fn, s, env, _got in march:
                plain.march(s, env["player"], env["e"])
            for _fn, s, _env, _got in battle:
                plain.battle(s)


if __name__ == "__main__":
    main()

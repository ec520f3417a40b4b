"""Mutated copies of the shipped scenarios → findings: sources the front end accepts but the engine
cannot build or play (an exception other than a rule's step-budget stop), or a game that hangs.

Each round copies scenarios/ to a scratch folder, mutates one file a little, compiles it (alone,
or as a scenario with a variant when --compose) and plays two short random games of what
compiles. What `catan-dsl check` accepts should play: every finding is a bug, either a check
that is missing or an engine failure. Findings are written beside the copies, one file each.

    python bench/fuzz_play.py --mode vocab --mutations 2500 --seed 11
    python bench/fuzz_play.py --mode names --compose --mutations 1500 --seed 22

Modes: numbers (replace integers), names (swap an identifier for another of the same file),
vocab (swap one for a vocabulary word or a board set). Hangs are caught with SIGALRM (POSIX).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import shutil
import signal
import tempfile
import traceback
from pathlib import Path

from catan_dsl.api import compile_file
from catan_dsl.core import vocab
from catan_dsl.engine import Game, RuleBudgetExceeded
from catan_dsl.play.playtest import play_game

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
IDENT = re.compile(r"(?<![\w.#\"])[a-z_][a-z_0-9]*(?![\w\"])")
WORDS = sorted(set(vocab.FUNCTIONS) | {"players", "hexes", "edges", "vertices", "resources",
                                         "player", "neutrals", "true", "false", "choice", "home",
                                         "desert", "city", "settlement", "road", "wool", "ore"})
# (scenario, variant) pairs whose `if with` blocks only a composition compiles.
COMPOSED = [("traders_barbarians", "event_cards"), ("barbarian_attack", "event_cards"),
            ("base", "catan_for_two"), ("fishermen", "catan_for_two"),
            ("rivers", "catan_for_two"), ("barbarian_attack", "catan_for_two"),
            ("traders_barbarians", "catan_for_two"), ("base", "harbormaster"),
            ("fishermen", "harbormaster"), ("base", "friendly_robber"),
            ("caravans", "event_cards"), ("base", "tournament")]


class Hang(Exception):
    """A round ran past its time limit."""


def _alarm(signum, frame) -> None:
    raise Hang("over the time limit")


def mutate(text: str, mode: str, rng: random.Random) -> str:
    """One to three small changes of ``text`` of the given kind."""
    for _ in range(rng.randint(1, 3 if mode == "numbers" else 2)):
        if mode == "numbers":
            spots = list(NUMBER.finditer(text))
            new = rng.choice(["0", "1", "2", "3", "5", "7", "12", "20", "99"])
        else:
            spots = list(IDENT.finditer(text))
            pool = sorted({m.group(0) for m in spots}) if mode == "names" else WORDS
            new = rng.choice(pool)
        if spots:
            m = rng.choice(spots)
            text = text[:m.start()] + new + text[m.end():]
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("numbers", "names", "vocab"), default="vocab")
    ap.add_argument("--mutations", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compose", action="store_true", help="compile scenario + variant pairs")
    ap.add_argument("--limit", type=int, default=20, help="seconds a round may take")
    ap.add_argument("--out", help="scratch folder (default: a new temporary one)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    work = Path(args.out or tempfile.mkdtemp(prefix="catan-fuzz-"))
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(SCENARIOS, work)
    signal.signal(signal.SIGALRM, _alarm)
    files = sorted(p.stem for p in SCENARIOS.glob("*.catan"))
    found: dict[str, Path] = {}
    played = 0
    for _ in range(args.mutations):
        pair = rng.choice(COMPOSED) if args.compose else None
        name = rng.choice(pair) if pair else rng.choice(files)
        original = (SCENARIOS / f"{name}.catan").read_text(encoding="utf-8")
        text = mutate(original, args.mode, rng)
        (work / f"{name}.catan").write_text(text, encoding="utf-8")
        signal.alarm(args.limit)
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                target = work / f"{(pair or (name,))[0]}.catan"
                ir, _ = compile_file(str(target), with_=pair[1:] if pair else ())
            if ir is not None:
                game = Game(ir)             # the scenario's default seats, as playtest takes
                played += 1
                for k in range(2):
                    play_game(game, ["random"] * game.n_real, 100 + k, max_turns=80)
        except RuleBudgetExceeded:
            pass                        # the rules' own stop, said with its file:line
        except Exception as exc:  # noqa: BLE001 — every other failure is a finding
            key = f"{type(exc).__name__}: {str(exc)[:100]}"
            if key not in found:
                found[key] = work / f"finding_{len(found) + 1}_{name}.catan"
                found[key].write_text(text, encoding="utf-8")
                print(f"FINDING {found[key].name}: {key}")
                traceback.print_exc(limit=-4)
        finally:
            signal.alarm(0)
            (work / f"{name}.catan").write_text(original, encoding="utf-8")
    print(f"{args.mutations} mutations, {played} played, {len(found)} findings (in {work})")


if __name__ == "__main__":
    main()

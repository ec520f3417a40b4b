"""Seeded all-greedy games → the weights of the search bot's leaf value (bots/value.py WEIGHTS): a
logistic regression of "this seat won" on the seat's FEATURES at the end of every turn.

    python bench/fit_search_value.py --games 400 --seed 7 scenarios/base.catan

Prints the weights (log-odds per unit of each feature) to paste into bots/value.py, and the
held-out log-loss of the fit beside that of the greedy evaluation alone (the value the search
bot used before): the fit must predict the winner better on games it did not see. The seed
differs from the strength runs' (41), so the games the bot is measured on are not the ones
its value was fitted to.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from catan_dsl import api  # noqa: E402
from catan_dsl.bots import make_bot  # noqa: E402
from catan_dsl.bots.playout import SETUP  # noqa: E402
from catan_dsl.bots.value import FEATURES, features  # noqa: E402
from catan_dsl.engine import CHANCE, Game  # noqa: E402
from catan_dsl.play.playtest import game_seed  # noqa: E402


def samples(game: Game, seed: int) -> tuple[list[tuple[float, ...]], list[int], int | None]:
    """One all-greedy game: every seat's features at the end of each turn, each row's seat, and
    the winner."""
    rng = random.Random(seed)
    s = game.new_initial_state(seed=seed)
    bot = make_bot("greedy")
    rows: list[tuple[float, ...]] = []
    seats: list[int] = []
    turn = s.turn
    while not s.is_terminal():
        if s.turn != turn and s.phase != SETUP:
            turn = s.turn
            for q in range(game.n_real):
                rows.append(features(s, q))
                seats.append(q)
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        if s.current_player() < 0:
            break
        legal = s.legal_actions()
        s.apply_action(legal[0] if len(legal) == 1 else bot.choose(s, legal, rng))
    return rows, seats, s.winner() if s.is_terminal() else None


def fit(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Logistic regression by Newton's method on standardised columns (an intercept first);
    the weights returned are per unit of each column as given."""
    mean, std = x.mean(axis=0), x.std(axis=0)
    std[std == 0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / std])
    w = np.zeros(z.shape[1])
    ridge = l2 * np.eye(z.shape[1])
    ridge[0, 0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-z @ w))
        grad = z.T @ (p - y) + ridge @ w
        hess = (z * (p * (1 - p))[:, None]).T @ z + ridge
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    per_unit = w[1:] / std
    return np.concatenate([[w[0] - (per_unit * mean).sum()], per_unit])


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = 1.0 / (1.0 + np.exp(-(w[0] + x @ w[1:])))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario", nargs="?", default=str(REPO / "scenarios" / "base.catan"))
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--l2", type=float, default=1.0, help="ridge penalty on standardised weights")
    args = ap.parse_args(argv)
    ir, report = api.compile_file(args.scenario)
    if ir is None:
        raise SystemExit(report.render_text())
    game = Game(ir, num_players=ir["players"]["default"])
    t = time.process_time()
    xs, ys, games = [], [], []
    for i in range(args.games):
        rows, seats, winner = samples(game, game_seed(args.seed, i))
        if winner is None:
            continue
        xs += rows
        ys += [int(q == winner) for q in seats]
        games += [i] * len(rows)
    x, y, g = np.array(xs), np.array(ys, dtype=float), np.array(games)
    held = g % 5 == 0                       # every fifth game held out
    print(f"{args.games} games, {len(x)} turn-end rows, {time.process_time() - t:.0f} CPU s")
    full = fit(x[~held], y[~held], args.l2)
    only = [FEATURES.index("greedy")]
    greedy = fit(x[~held][:, only], y[~held], args.l2)
    print(f"held-out log-loss: fitted {log_loss(x[held], y[held], full):.4f}, greedy evaluation "
          f"alone {log_loss(x[held][:, only], y[held], greedy):.4f}, "
          f"base rate {log_loss(x[held][:, :0], y[held], fit(x[~held][:, :0], y[~held], 0)):.4f}")
    final = fit(x, y, args.l2)
    for name, w in zip(FEATURES, final[1:]):
        print(f"{name:22s} {w:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.4g}" for w in final[1:]) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""IR ``share`` → items handed out among a set of players: one each, roll-offs (chance prompts)
when they run short, leftovers to the sole highest rank; the body runs per item received and
the ``else`` block per roll-off lost."""

from __future__ import annotations

from catan_dsl.engine.rules.chance import push_random
from catan_dsl.engine.rules.executor import Eff, compile_effects, envt, run
from catan_dsl.engine.rules.expressions import Ctx, compile_expr, compile_picks
from catan_dsl.engine.rules.rolloffs import DIE, SIDES, next_winner_weights

# A roll-off is drawn, not rolled: highest die wins with ties re-rolled gives every roller the
# same chance, so the winner is one fair pick (one chance step per winner, logged and replayed
# like any random pick). With "rolling R" some rolls are fixed numbers; the picks are then
# weighted by the exact chances of the winner sets (rolloffs.py).


def fx_share(node, ctx: Ctx) -> Eff:
    _, var, n_node, set_node, cond_node, rank_node, body, other, *rolling_node = node
    count = compile_expr(n_node, ctx)[0]
    members_of, _, inner = compile_picks(set_node, var, cond_node, ctx)
    rank = compile_expr(rank_node, inner)[0] if rank_node is not None else None
    rolling = compile_expr(rolling_node[0], inner)[0] if rolling_node else None
    children = (compile_effects(body, inner), compile_effects(other, inner))

    def run_(s, env, ri, addr):
        members = tuple(dict.fromkeys(p for p in members_of(s, env)
                                      if p is not None and p >= 0))
        items = max(0, int(count(s, env)))
        if not members or not items:
            return None
        et = envt(env)
        fixed: tuple = ()
        if rolling is not None:
            # Each member's roll in every roll-off of this share: a number 1..6 it always shows.
            probe = dict(env)
            for p in members:
                probe[var] = p
                r = int(rolling(s, probe) or 0)
                if 1 <= r <= SIDES:
                    fixed += ((p, r),)
        if items < len(members):            # too few: everyone rolls, the highest take one
            _roll_off(s, ri, addr, var, et, members, items, (), (), (), env.get("player"),
                      fixed, members)
            return None
        given = members                     # one each, then the leftovers by rank
        left = items - len(members)
        rounds: tuple = ()
        if left:
            probe = dict(env)

            def rank_of(p):
                probe[var] = p
                return int(rank(s, probe)) if rank is not None else 0
            ranks = [rank_of(p) for p in members]
            best = tuple(p for p, r in zip(members, ranks) if r == max(ranks))
            if len(best) == 1:
                given += best * left
            else:                           # the tied roll off for each leftover
                rounds = ((best, 1),) * left
        if rounds:
            (pool, picks), rest = rounds[0], rounds[1:]
            _roll_off(s, ri, addr, var, et, pool, picks, given, (), rest, env.get("player"),
                      fixed, pool)
            return None
        return _work(ri, addr, var, et, given, ())
    return Eff("share", run_, children)


def _work(ri: int, addr: tuple, var: str, et: tuple, given: tuple, losers: tuple) -> list:
    """Work items in the order they run: the body per item received, then else per loser."""
    env = dict(et)
    out = []
    for block, players in ((0, given), (1, losers)):
        for p in players:
            env[var] = p
            out.append(("fx", ri, addr + (block,), 0, envt(env)))
    return out


def _roll_off(s, ri, addr, var, et, pool, picks, given, losers, rounds, player, fixed=(),
              started=()) -> None:
    """The next winner of a roll-off among ``pool`` for ``picks`` items. With fixed rolls the
    draw is weighted (``started``: who was in this roll-off when its first winner was drawn)."""
    args: tuple = (ri, addr, var, et, tuple(pool), picks, given, losers, rounds)
    options, weights = tuple(pool), None
    numbers = dict(fixed)
    if any(p in numbers for p in started):
        rolls = tuple(numbers.get(p, DIE) for p in started)
        chosen = frozenset(i for i, p in enumerate(started) if p not in pool)
        wanted = len(chosen) + picks
        by_member = dict(zip(started, next_winner_weights(rolls, wanted, chosen)))
        options = tuple(p for p in pool if by_member[p] > 0)
        weights = tuple(by_member[p] for p in options)
        args += (fixed, started)            # only then: other shares' prompts stay as they were
    push_random(s, "player", options, ("call", "share_pick", args), player, 0, weights)


def share_pick(s, chosen, ri, addr, var, et, pool, picks, given, losers, rounds, fixed=(),
               started=()) -> None:
    """One winner of a roll-off: roll again while there are items of this round left, then the
    next round, then run the bodies."""
    given += (chosen,)
    pool = tuple(p for p in pool if p != chosen)
    player = dict(et).get("player")
    if picks > 1 and pool:
        _roll_off(s, ri, addr, var, et, pool, picks - 1, given, losers, rounds, player, fixed,
                  started)
        return
    losers += pool
    if rounds:
        (nxt, n), rest = rounds[0], rounds[1:]
        _roll_off(s, ri, addr, var, et, nxt, n, given, losers, rest, player, fixed, nxt)
        return
    run(s, list(reversed(_work(ri, addr, var, et, given, losers))))


EFFECTS = {"share": fx_share}
CALLS = {"share_pick": share_pick}

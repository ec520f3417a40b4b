"""IR ``vote`` effect → a round of prompts (each player names an option, then lays out cards) → the decided option."""

from __future__ import annotations


from catan_dsl.engine.events import Event, event
from catan_dsl.engine.prompts import Prompt
from catan_dsl.engine.rules.executor import Eff, compile_effects, emit, envt, run
from catan_dsl.engine.rules.expressions import compile_expr, elem_type, ordered

VOTE = "rule_vote"     # params (stage, voters left, bids, options, what, pay, cont)
NAME, BID = 0, 1       # stage: name an option / lay out cards


@event
class VoteCast(Event):
    """``player`` named ``option`` and laid out ``votes`` cards (``paid``: (resource, n) pairs)."""

    player: int
    option: int
    votes: int
    paid: tuple[tuple[str, int], ...]


@event
class VoteDecided(Event):
    """The vote chose ``option``; ``decider`` decided it (alone, as the top bidder of an agreeing
    majority, or by the deadlock rule when ``deadlock``)."""

    option: int
    decider: int
    deadlock: bool


def decide(bids: list[tuple[int, int, int]]) -> tuple[int, int, bool]:
    """Bids (player, option, votes) in voting order → (option, decider, deadlock).

    A set of players naming the same option with more than half of all votes decides (a player
    with more votes than all others together is such a set alone); its biggest bidder, the
    earliest on a tie, is the decider. Otherwise (deadlock) the one player who laid out the
    most decides with his option; without such a player the first voter does, even with none."""
    total = sum(v for _, _, v in bids)
    support: dict[int, int] = {}
    for _, o, v in bids:
        support[o] = support.get(o, 0) + v
    for o, t in support.items():
        if 2 * t > total:
            top = max(v for _, x, v in bids if x == o)
            p = next(p for p, x, v in bids if x == o and v == top)
            return o, p, False
    top = max(v for _, _, v in bids)
    tops = [(p, o) for p, o, v in bids if v == top]
    if len(tops) == 1 and top > 0:
        return tops[0][1], tops[0][0], True
    return bids[0][1], bids[0][0], True


def fx_vote(node, ctx):
    """``["vote", VAR, WINNER, SET, [RESOURCE...], BODY, DEADLOCK|null]``."""
    _, var, winner, set_node, pay, body, *rest = node
    set_fn, set_t = compile_expr(set_node, ctx)
    what = elem_type(set_t)
    inner = ctx.bind(var, what).bind(winner, "player")
    pay_idx = tuple(ctx.rules.resource_index[r] for r in pay)
    main = compile_effects(body, inner)
    other = rest[0] if rest and rest[0] is not None else None
    children = (main, compile_effects(other, inner) if other is not None else main)

    def run_(s, env, ri, addr):
        options = tuple(ordered(s, set_fn(s, env), set_t, env))
        if not options:
            return None
        p = env.get("player", s.cur)
        if len(options) == 1:        # nothing to decide: nobody pays for it
            env2 = dict(env)
            env2[var], env2[winner] = options[0], p
            return [("fx", ri, addr + (0,), 0, envt(env2))]
        n = s.game.n_real
        voters = tuple((p + i) % n for i in range(n)) if 0 <= p < n else tuple(range(n))
        cont = (ri, addr, var, winner, envt(env))
        s.prompts.append(Prompt(VOTE, voters[0], (NAME, voters[1:], (), options, what, pay_idx,
                                                  cont, -1)))
        return None
    return Eff("vote", run_, children)


def legal_vote(s, prompt: Prompt) -> list:
    stage, _, _, options, what, pay, _, _ = prompt.params
    rules = s.game.rules
    if stage == NAME:
        return [rules.choice(what, x) for x in options]
    held = sum(s.hand[prompt.player][r] for r in pay)
    return [rules.choice("bid", k) for k in range(held + 1)]


def _pay(s, p: int, pay: tuple[int, ...], k: int) -> tuple[tuple[str, int], ...]:
    """Lay out ``k`` cards, each of the listed resource the player holds most of (the earlier
    one on a tie), so one number per amount keeps the choice small; they go to the bank."""
    hand, out = s.hand[p], [0] * len(pay)
    for _ in range(k):
        j = max(range(len(pay)), key=lambda i: (hand[pay[i]] - out[i], -i))
        out[j] += 1
    names = s.game.resources
    for j, r in enumerate(pay):
        hand[r] -= out[j]
        s.bank[r] += out[j]
    return tuple((names[r], out[j]) for j, r in enumerate(pay) if out[j])


def apply_vote(s, a, prompt: Prompt) -> None:
    stage, left, bids, options, what, pay, cont, named = prompt.params
    p = prompt.player
    ri = cont[0]
    if stage == NAME:
        s.prompts[-1] = Prompt(VOTE, p, (BID, left, bids, options, what, pay, cont, a.id))
        return
    paid = _pay(s, p, pay, a.id)
    emit(s, ri, VoteCast(p, named, a.id, paid))
    bids = bids + ((p, named, a.id),)
    if left:
        s.prompts[-1] = Prompt(VOTE, left[0], (NAME, left[1:], bids, options, what, pay, cont, -1))
        return
    s.prompts.pop()
    option, decider, deadlock = decide(list(bids))
    emit(s, ri, VoteDecided(option, decider, deadlock))
    _, addr, var, winner, et = cont
    env = dict(et)
    env[var], env[winner] = option, decider
    run(s, [("fx", ri, addr + (1 if deadlock else 0,), 0, envt(env))])


EFFECTS = {"vote": fx_vote}

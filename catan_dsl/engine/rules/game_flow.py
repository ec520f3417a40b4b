"""IR game-flow forms → a game ended by a rule (``end_game``: a named winner, or the most VP, ties
by an expression, then a roll-off) and the robber number's work done by ``on rolled N instead of robber`` rules."""

from __future__ import annotations

from typing import Callable

from catan_dsl.engine.base import turn_flow
from catan_dsl.engine.events import GameEnded
from catan_dsl.engine.prompts import TERMINAL, Prompt
from catan_dsl.engine.rules import executor
from catan_dsl.engine.rules.chance import push_random
from catan_dsl.engine.rules.executor import Eff, emit
from catan_dsl.engine.rules.expressions import Ctx, compile_expr

OVER = 3                 # State.phase once the game is over (state.py imports this package)
# A prompt nobody answers, pushed when a rule ends the game: every rule run under way sees a
# prompt opened and stops there, and State._after clears the stack (nothing more runs).
GAME_OVER = "game_over"


def fx_end_game(node, ctx: Ctx) -> Eff:
    ties_node = node[1]
    # The tie-break is a number per player, read with `player` as the tied player.
    ties = compile_expr(ties_node, ctx.bind("player", "player"))[0] \
        if ties_node is not None else None
    # "end game winner P": that player wins, whatever the VP.
    winner = compile_expr(node[2], ctx)[0] if len(node) > 2 else None

    def run_(s, env, ri, addr):
        if s.phase == OVER:
            return None
        if winner is not None:
            p = winner(s, env)
            if p is not None and 0 <= p < s.game.rules.n_real:
                finish(s, ri, p, "winner", ())
            return None
        rules = s.game.rules
        if rules.dynamic_any:
            rules.after_action(s)         # the special cards as the rule has left the board
        scores = [rules.total_vp(s, p) for p in range(rules.n_real)]
        best = max(scores)
        tied = tuple(p for p, vp in enumerate(scores) if vp == best)
        how = "most VP"
        if len(tied) > 1 and ties is not None:
            probe = dict(env)
            values = []
            for p in tied:
                probe["player"] = p
                values.append(int(ties(s, probe) or 0))
            top = max(values)
            tied = tuple(p for p, x in zip(tied, values) if x == top)
            how = "ties"
        if len(tied) > 1:
            # Still tied: a roll-off, one fair pick among them (dice re-rolled on ties give
            # each the same chance), logged and replayed like any random pick.
            push_random(s, "player", tied, ("call", "end_game_pick", (ri, tied)),
                        env.get("player"), 0)
            return None
        finish(s, ri, tied[0], how, ())
        return None
    return Eff("end_game", run_)


def end_game_pick(s, chosen: int, ri: int, tied: tuple) -> None:
    """The winner of the roll-off among the players still tied."""
    finish(s, ri, chosen, "roll-off", tied)


def finish(s, ri: int, winner: int, how: str, tied: tuple) -> None:
    """The game is over at once: ``winner`` wins, the rule's ``file:line`` is in the event."""
    s.winner_ = winner
    s.phase = OVER
    s.forget_listings()
    emit(s, ri, GameEnded(winner, s.vp(winner), how, tied))
    s.prompts.append(Prompt(GAME_OVER, TERMINAL))


# ---- on rolled N instead of robber ------------------------------------------------------------
def robber_number(s, n: int) -> None:
    """The robber number came up (the discards go on top of what this pushes, so they come
    first): the robber's move and steal, or, when a rule replaces them, the rules."""
    if s.game.rules.robber_instead:
        s.prompts.append(Prompt(executor.RESUME, executor.AUTO,
                                ((("call", "robber_instead", (n,)),),)))
    else:
        turn_flow.start_robber(s, s.cur, discards=False)


def robber_instead(s, n: int) -> None:
    """After the discards: the ``instead of robber`` rules whose filter and condition hold run
    in place of the robber; when none does, the robber moves as usual."""
    rules = s.game.rules
    items = [item for item in executor.rule_items(rules.compiled, rules.robber_instead,
                                                   {"player": s.cur, "n": n})
             if _holds(s, rules.compiled[item[1]], item[2])]
    if items:
        executor.run(s, items)
    else:
        turn_flow.start_robber(s, s.cur, discards=False)


def _holds(s, rule, env: tuple) -> bool:
    return rule.when is None or bool(rule.when(s, dict(env)))


EFFECTS: dict[str, Callable] = {"end_game": fx_end_game}
CALLS: dict[str, Callable] = {"end_game_pick": end_game_pick, "robber_instead": robber_instead}

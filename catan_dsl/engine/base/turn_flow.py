"""Turn flow: roll → production (robber block, bank shortage) or robber number → discards, robber, steal."""

from __future__ import annotations

from catan_dsl.engine.base import cards
from catan_dsl.engine.events import (
    CardsDiscarded,
    CardStolen,
    DiceRolled,
    ResourcesProduced,
    ResourceWithheld,
    RobberMoved,
    TurnEnded,
)
from catan_dsl.engine.prompts import (
    CHANCE,
    CHOOSE_VICTIM,
    DISCARD,
    MOVE_ROBBER,
    ROLL,
    STEAL,
    Prompt,
)

PRE_ROLL, MAIN, OVER = 1, 2, 3


def legal_pre_roll(s) -> list:
    out = [s.game.actions.roll_dice]
    cards.legal_play(s, s.cur, out, True)
    rules = s.game.rules
    if rules is not None and not rules.main_idle[1]:
        rules.legal_main(s, s.cur, out, True)
    return out


def apply_roll_dice(s, a) -> None:
    s.prompts.append(Prompt(ROLL, CHANCE))


def roll_outcomes(s, prompt) -> tuple:
    rules = s.game.rules
    if rules is None or rules.plain_rolls:
        return s.game.roll_actions
    return rules.roll_outcomes(s, prompt)


def apply_roll(s, a, prompt) -> None:
    g = s.game
    if g.rules is not None:
        g.rules.apply_roll(s, a, prompt)
        return
    s.prompts.pop()
    total = a.total
    s.phase = MAIN
    s.emit(DiceRolled(s.cur, total))
    if total == g.robber_number:
        start_robber(s, s.cur, discards=True)
    else:
        produce(s, total)


def produce(s, total: int, producers: int | None = None) -> None:
    """Pay every building on a hex showing ``total``; a resource the bank can't pay to everyone
    entitled goes to nobody, unless only one player is entitled (he takes what is left).
    ``producers``: only seats below it produce (neutral seats come after the real ones)."""
    g, b = s.game, s.board
    hexes = b.number_hexes[total] if total < len(b.number_hexes) else ()
    if not hexes:
        return
    n, nr = g.num_players if producers is None else producers, g.n_resources
    zero = [0] * nr
    gains = list(map(list.copy, [zero] * n))     # n rows of zeros (a comprehension costs more)
    demand = [0] * nr
    any_gain = False
    v_owner, v_kind, yields = s.v_owner, s.v_kind, g.piece_yield
    for h in hexes:
        r = b.hex_resource[h]
        if r < 0 or h == s.robber:
            continue
        for v in b.hex_vertices[h]:
            o = v_owner[v]
            if 0 <= o < n:
                y = yields[v_kind[v]]
                gains[o][r] += y
                demand[r] += y
                any_gain = True
    if any_gain:
        pay_out(s, gains, demand)


def pay_out(s, gains: list[list[int]], demand: list[int] | None = None) -> None:
    """Hand out ``gains[player][resource]`` from the bank, applying the shortage rule: a resource
    the bank can't pay to everyone entitled goes to nobody, unless only one player is entitled
    (he takes what is left) [seed 004 #9]. ``demand`` (per resource) may be passed if known."""
    g, bank = s.game, s.bank
    n, nr = len(gains), g.n_resources
    if demand is None:
        demand = [sum(column) for column in zip(*gains)] if gains else [0] * nr
    for r in range(nr):
        # Only a resource the bank is short of needs its entitled players listed.
        if demand[r] > bank[r]:
            entitled = [p for p in range(n) if gains[p][r]]
            if len(entitled) == 1:
                gains[entitled[0]][r] = bank[r]
            else:
                for p in entitled:
                    gains[p][r] = 0
                s.emit(ResourceWithheld(g.resources[r], tuple(entitled)))
    names = g.resources
    pairs = g.actions.produced_pairs       # the event's amounts, kept per row of gains
    for p in range(n):
        row = gains[p]
        if any(row):
            hand = s.hand[p]
            for r in range(nr):
                if row[r]:
                    hand[r] += row[r]
                    bank[r] -= row[r]
            key = tuple(row)
            amounts = pairs.get(key)
            if amounts is None:
                if len(pairs) > 10_000:
                    pairs.clear()
                amounts = pairs[key] = tuple((names[r], k) for r, k in enumerate(row) if k)
            s.emit(ResourcesProduced(p, amounts, "roll"))


def start_robber(s, p: int, discards: bool) -> None:
    """Push the robber move and, on a rolled robber number, the discards resolved before it
    (the roller first, then clockwise)."""
    # Without a robber the roller robs any player, after the discards (a victim prompt with
    # no hex; it is skipped when nobody holds a card by then).
    # With no robber and 'steal 0' the robber number only makes players discard (T&B's 7).
    if not s.game.no_robber:
        s.prompts.append(Prompt(MOVE_ROBBER, p))
    elif s.game.steal_n > 0:
        s.prompts.append(Prompt(CHOOSE_VICTIM, p, (-1,)))
    if discards:
        push_discards(s, p, [sum(hand) for hand in s.hand])


def push_discards(s, p: int, held: list[int]) -> None:
    """Push the robber number's discards, made first (the roller, then clockwise): every real
    player whose ``held`` (his card count when the number came up) is over the limit discards
    half of it, rounded down — no more than he still holds."""
    g = s.game
    n = g.n_real
    order = [(p + i) % n for i in range(n)]
    for q in reversed(order):
        if held[q] > g.discard_above:
            k = min(held[q] // 2, sum(s.hand[q]))
            if k:
                s.prompts.append(Prompt(DISCARD, q, (k,)))


def legal_discard(s, prompt) -> list:
    hand = s.hand[prompt.player]
    row = s.game.actions.discard
    return [row[r] for r in range(len(hand)) if hand[r]]


def apply_discard(s, a, prompt) -> None:
    p, r = prompt.player, a.resource
    s.hand[p][r] -= 1
    s.bank[r] += 1
    s.emit(CardsDiscarded(p, s.game.resources[r], 1))
    left = prompt.params[0] - 1
    if left:
        s.prompts[-1] = Prompt(DISCARD, p, (left,))
    else:
        s.prompts.pop()


def legal_move_robber(s, prompt) -> list:
    if s.game.rules is not None:
        return s.game.rules.legal_move_robber(s, prompt)
    row, b = s.game.actions.move_robber, s.board
    return [row[h] for h in range(b.n_hexes)
            if h != s.robber and h not in b.hex_hidden and h not in b.hex_water]


def victims(s, p: int, h: int, robber: int = 0) -> list[int]:
    """Whom ``p`` may rob at hex ``h``: the owners of its buildings (``robber`` > 0: a declared
    robber, who robs the owners of the pieces its declaration names)."""
    if robber:
        return s.game.rules.robber_victims(s, p, h, robber)
    if h < 0 and not s.game.no_robber:
        return []
    v_owner = s.v_owner
    out = set(range(s.game.n_real)) if h < 0 else {v_owner[v] for v in s.board.hex_vertices[h]}
    found = sorted(q for q in out if q >= 0 and q != p and any(s.hand[q]))
    rules = s.game.rules
    if rules is not None and found and rules.forbids.get("steal"):
        found = [q for q in found if not rules.forbidden(s, "steal", p, {"from": q})]
    return found


def apply_move_robber(s, a, prompt) -> None:
    p = prompt.player
    if a.robber:                        # a declared robber (engine/rules/robbers.py)
        s.game.rules.move_named_robber(s, a, prompt)
        return
    if s.game.rules is not None:
        # The rest of this robber sequence (steal forbids) may ask whether the move was forced
        # (asked of the hex moved to first: the listing just asked every hex).
        s.rules_state.robber_forced = s.game.rules.land_move_forced(s, p, a.hex)
    s.prompts.pop()
    old = s.robber
    s.robber = a.hex
    s.emit(RobberMoved(p, a.hex, old))
    vs = victims(s, p, a.hex)
    if len(vs) == 1:
        push_steal(s, p, vs[0])
    elif vs:
        s.prompts.append(Prompt(CHOOSE_VICTIM, p, (a.hex,)))


def push_steal(s, thief: int, victim: int) -> None:
    for _ in range(s.game.steal_n):
        s.prompts.append(Prompt(STEAL, CHANCE, (victim, thief)))


def legal_choose_victim(s, prompt) -> list:
    row = s.game.actions.rob
    return [row[q] for q in victims(s, prompt.player, *prompt.params)]


def apply_choose_victim(s, a, prompt) -> None:
    s.prompts.pop()
    push_steal(s, prompt.player, a.player)


def steal_outcomes(s, prompt) -> list:
    victim = prompt.params[0]
    hand = s.hand[victim]
    total = sum(hand)
    row = s.game.actions.steal[victim]
    return [(row[r], k / total) for r, k in enumerate(hand) if k]


def apply_steal(s, a, prompt) -> None:
    s.prompts.pop()
    victim, thief = prompt.params
    s.hand[victim][a.resource] -= 1
    s.hand[thief][a.resource] += 1
    s.emit(CardStolen(thief, victim, s.game.resources[a.resource]))


def apply_end_turn(s, a) -> None:
    p = s.cur
    s.emit(TurnEnded(p, s.turn))
    if s.phase == OVER:                # an `on turn_ended` rule ended the game: no next turn
        return
    row = s.dev_new[p]
    if any(row):                       # cards bought this turn may be played from the next on
        row[:] = [0] * len(row)
    s.turn += 1
    s.cur = (p + 1) % s.game.n_real
    s.played_this_turn = 0
    s.offers_this_turn = 0
    s.phase = PRE_ROLL
    if s.game.rules is not None:
        s.game.rules.turn_started(s)


PROMPT_LEGAL = {DISCARD: legal_discard, MOVE_ROBBER: legal_move_robber,
                CHOOSE_VICTIM: legal_choose_victim}
PROMPT_CHANCE = {ROLL: roll_outcomes, STEAL: steal_outcomes}
PROMPT_APPLY = {ROLL: apply_roll, DISCARD: apply_discard, MOVE_ROBBER: apply_move_robber,
                CHOOSE_VICTIM: apply_choose_victim, STEAL: apply_steal}

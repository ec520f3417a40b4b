"""Hexes that change in play — a face-down hex revealed, a hex's terrain or number token set —
and the production of hexes whose owner picks the resource → effect records, the reveal's
chance step and the picks' prompts. A change gives the State a new Board (copy on write)."""

from __future__ import annotations

from collections import Counter
from typing import Callable

from catan_dsl.core.topology import WATER
from catan_dsl.engine.board import CHOICE, resource_code
from catan_dsl.engine.events import (EffectSkipped, HexChanged, HexRevealed, NumberProduced,
                                     ResourcesProduced, RobberMoved)
from catan_dsl.engine.prompts import CHANCE, Prompt
from catan_dsl.engine.base import awards, building, networks
from catan_dsl.engine.rules.executor import AUTO, RESUME, Eff, emit, push_choice
from catan_dsl.engine.rules.expressions import Ctx, compile_expr

REVEAL = "rule_reveal"      # chance: params (hex, hidden pool index, player, rule)
_TOKEN = 100                # a reveal's outcome id: tile index * _TOKEN + token (0: none)


# ---- what a terrain is, read from the IR --------------------------------------------------
def is_water(rules, terrain: str | None) -> bool:
    """The water word (a hex turned to sea), unless the scenario declares a terrain of that name."""
    return terrain == WATER and terrain not in rules.ir["terrains"]


def takes_token(rules, terrain: str) -> bool:
    spec = rules.ir["terrains"].get(terrain)
    return spec is not None and bool(spec.get("token", True)) and not spec.get("numbers")


def fixed_numbers(rules, terrain: str) -> tuple[int, ...]:
    """The numbers a terrain always produces on ("numbers 2 3 11 12"), else none."""
    return tuple((rules.ir["terrains"].get(terrain) or {}).get("numbers") or ())


def _hex_name(rules, h: int) -> str:
    row = rules.ir["board"]["hexes"][h]
    return f"{row['q']},{row['r']}"


def _valid_hex(s, h) -> bool:
    return isinstance(h, int) and not isinstance(h, bool) and 0 <= h < s.board.n_hexes


def _unchangeable(s, rules, h, sea_too: bool = False) -> str | None:
    """Why hex ``h`` cannot be changed now (None: it can): no hex, face down, or sea."""
    if not _valid_hex(s, h):
        return f"{h!r} is not a hex of the board"
    if h in s.board.hex_hidden:
        return f"hex {_hex_name(rules, h)} is face down: reveal it first"
    if sea_too and h in s.board.hex_water:
        return f"hex {_hex_name(rules, h)} is sea"
    return None


# ---- one hex shows something else ---------------------------------------------------------
def show(s, ri: int, h: int, terrain: str | None, numbers: tuple[int, ...], event,
         left: tuple | None = None, player: int | None = None) -> None:
    """Hex ``h`` shows ``terrain`` and ``numbers`` face up from now on; ``event`` says so. What
    reads the board starts again (a new Board, the piece count moved), the intersections it
    opens or closes to building are re-listed, and the robber on a hex that became sea goes
    home (off the board when home is that hex or nowhere)."""
    rules = s.game.rules
    old = s.board
    res = resource_code(rules.ir, rules.resource_index, terrain)
    s.board = old.with_hex(h, terrain, numbers, res, False, left)
    # Memos keyed by the piece count, marks and chains (yields, awards, forbids) read the
    # board too: a changed hex counts as a move.
    s.piece_moves += 1
    s.building_moves += 1
    s.rules_state.shape_moves += 1
    awards.hexes_changed(s, s.building_moves - 1)
    if s.board.vertex_closed != old.vertex_closed:
        # Only the building spots of the intersections that opened or closed can change: a
        # path's spots read the pieces alone, never the hexes beside it.
        building.own_spots(s)
        networks.recheck(s, (), old.vertex_closed ^ s.board.vertex_closed)
    emit(s, ri, event)
    robbers = s.rules_state.robbers
    if h in robbers and not is_water(rules, terrain):   # a declared robber stays on the sea
        for i, at in enumerate(robbers):
            if at == h:
                robbers[i] = -1
                emit(s, ri, RobberMoved(s.cur if player is None else player, -1, h,
                                        rules.robbers[i].name))
    if is_water(rules, terrain) and s.robber == h and not s.game.no_robber:
        home = rules.home_hex(s)
        dest = -1 if home is None or home == h or home in s.board.hex_water else home
        s.robber = dest
        emit(s, ri, RobberMoved(s.cur if player is None else player, dest, h))


def fx_reveal_hex(node: list, ctx: Ctx) -> Eff:
    at = compile_expr(node[1], ctx)[0]
    rules = ctx.rules
    pools = rules.ir["board"].get("hidden_pools") or ()
    pool_of = {h: i for i, p in enumerate(pools) for h in p["hexes"]}

    def run_(s, env, ri, addr):
        h = at(s, env)
        if not _valid_hex(s, h):
            emit(s, ri, EffectSkipped("reveal", f"{h!r} is not a hex of the board"))
            return None
        if h not in s.board.hex_hidden or h not in pool_of:
            emit(s, ri, EffectSkipped("reveal", f"hex {_hex_name(rules, h)} is face up already"))
            return None
        i = pool_of[h]
        if not any(k for _, k in s.board.hidden_left[i][0]):
            emit(s, ri, EffectSkipped("reveal", f"pool {pools[i]['id']} has no tile left"))
            return None
        s.prompts.append(Prompt(REVEAL, CHANCE, (h, i, env.get("player"), ri)))
        return None
    return Eff("reveal_hex", run_)


def reveal_outcomes(s, prompt: Prompt) -> list:
    """A tile of the pool at random, then (when it takes one) a token of the pool's at random."""
    _, i, _, _ = prompt.params
    rules = s.game.rules
    tiles, tokens = s.board.hidden_left[i]
    total = sum(k for _, k in tiles)
    counts = sorted(Counter(tokens).items())
    out = []
    for ti, (t, k) in enumerate(tiles):
        if not k:
            continue
        if tokens and takes_token(rules, t):
            out += [(rules.choice("reveal", ti * _TOKEN + v), k / total * m / len(tokens))
                    for v, m in counts]
        else:
            out.append((rules.choice("reveal", ti * _TOKEN), k / total))
    return out


def apply_reveal(s, a, prompt: Prompt) -> None:
    s.prompts.pop()
    h, i, player, ri = prompt.params
    rules = s.game.rules
    ti, v = divmod(a.id, _TOKEN)
    tiles, tokens = s.board.hidden_left[i]
    t = tiles[ti][0]
    rest = list(tokens)
    if v:
        rest.remove(v)
    left = list(s.board.hidden_left)
    left[i] = (tuple((x, k - (j == ti)) for j, (x, k) in enumerate(tiles)), tuple(rest))
    numbers = (v,) if v else fixed_numbers(rules, t)
    if not v and takes_token(rules, t):
        pool = rules.ir["board"]["hidden_pools"][i]["id"]
        emit(s, ri, EffectSkipped("reveal", f"pool {pool} has no token left for the {t}"))
    show(s, ri, h, t, numbers, HexRevealed(player, h, t, numbers), tuple(left), player)


def fx_set_terrain(node: list, ctx: Ctx) -> Eff:
    at, terrain = compile_expr(node[1], ctx)[0], compile_expr(node[2], ctx)[0]
    rules = ctx.rules

    def run_(s, env, ri, addr):
        h, t = at(s, env), terrain(s, env)
        why = _unchangeable(s, rules, h)
        if why is not None:
            emit(s, ri, EffectSkipped("set_terrain", why))
            return None
        if t not in rules.ir["terrains"] and not is_water(rules, t):
            emit(s, ri, EffectSkipped("set_terrain", f"{t!r} is not a terrain"))
            return None
        b = s.board
        old = b.hex_terrain[h]
        if is_water(rules, t):
            numbers: tuple[int, ...] = ()
        elif fixed_numbers(rules, t):
            numbers = fixed_numbers(rules, t)
        elif takes_token(rules, t) and old is not None and takes_token(rules, old):
            numbers = b.hex_numbers[h]          # the token stays on a hex that keeps one
        else:
            numbers = ()
        show(s, ri, h, t, numbers, HexChanged(h, t, numbers), player=env.get("player"))
        return None
    return Eff("set_terrain", run_)


def fx_set_number(node: list, ctx: Ctx) -> Eff:
    at, number = compile_expr(node[1], ctx)[0], compile_expr(node[2], ctx)[0]
    rules, game = ctx.rules, ctx.rules.game
    top = game.roll_outcomes[-1][0]

    def run_(s, env, ri, addr):
        h, n = at(s, env), number(s, env)
        why = _unchangeable(s, rules, h, sea_too=True)
        if why is not None:
            emit(s, ri, EffectSkipped("set_number", why))
            return None
        if n is not None and not (2 <= n <= top and n != game.robber_number):
            emit(s, ri, EffectSkipped("set_number", f"no roll produces on {n}"))
            return None
        numbers = () if n is None else (n,)
        t = s.board.hex_terrain[h]
        show(s, ri, h, t, numbers, HexChanged(h, t, numbers), player=env.get("player"))
        return None
    return Eff("set_number", run_)


# ---- production of hexes whose owner picks the resource ------------------------------------
def has_choice(ir: dict) -> bool:
    """Some terrain yields a resource of its owner's choice."""
    return any(t.get("produces") == "choice" for t in (ir.get("terrains") or {}).values())


def choice_yields(rules, s, total: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """(owner, how many, the resources he may pick) for every building on a hex of choice
    showing ``total``, the robber and ``forbid produce`` applied as for any hex. Asked before
    production pays out, while this production's ``set_yield`` still holds."""
    b = s.board
    hexes = b.number_hexes[total] if 0 <= total < len(b.number_hexes) else ()
    banned = rules.forbids.get("produce")
    due: dict[tuple[int, tuple[int, ...]], int] = {}
    for h in hexes:
        if b.hex_resource[h] != CHOICE or h == s.robber:
            continue
        if banned and rules.forbidden(s, "produce", s.cur, {"at": h}) is not None:
            continue
        spec = rules.ir["terrains"][b.hex_terrain[h]]
        allowed = tuple(r for r, name in enumerate(rules.game.resources)
                        if name not in (spec.get("except") or ()))
        for v in b.hex_vertices[h]:
            o = s.v_owner[v]
            if 0 <= o < rules.n_real:
                y = rules.yield_at(s, v)
                if y:
                    due[(o, allowed)] = due.get((o, allowed), 0) + y
    return [(o, k, allowed) for (o, allowed), k in due.items()]


def setup_choices(rules, s, p: int, v: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """The set-up yield of the hexes of choice beside ``v``: one card of ``p``'s choice each."""
    b, due = s.board, {}
    for h in b.vertex_hexes[v]:
        if b.hex_resource[h] == CHOICE:
            spec = rules.ir["terrains"][b.hex_terrain[h]]
            allowed = tuple(r for r, name in enumerate(rules.game.resources)
                            if name not in (spec.get("except") or ()))
            due[allowed] = due.get(allowed, 0) + 1
    return [(p, k, allowed) for allowed, k in due.items()]


def push_picks(rules, s, picks: list[tuple[int, int, tuple[int, ...]]]) -> None:
    """One prompt per yield, the roller first, then in turn order (the stack's top is last)."""
    n = rules.n_real
    for p, k, allowed in sorted(picks, key=lambda x: ((x[0] - s.cur) % n, x[2]), reverse=True):
        _ask(s, p, k, allowed)


def _ask(s, p: int, k: int, allowed: tuple[int, ...]) -> None:
    options = [r for r in allowed if s.bank[r] > 0]
    if options:                 # the bank holds none of them: this yield is lost
        push_choice(s, p, "resource", options, ("call", "produce_pick", (p, k, allowed)))


def _produce_pick(s, r: int, p: int, k: int, allowed: tuple[int, ...]) -> None:
    if s.bank[r] > 0:
        s.bank[r] -= 1
        s.hand[p][r] += 1
        s.emit(ResourcesProduced(p, ((s.game.resources[r], 1),), "roll"))
    if k > 1:
        _ask(s, p, k - 1, allowed)


def produced(s, n0: int, n: int) -> None:
    """Production on ``n`` is done — once the picks pushed above ``n0`` are answered, if any."""
    if len(s.prompts) > n0:
        s.prompts.insert(n0, Prompt(RESUME, AUTO, ((("call", "number_produced", (n,)),),)))
    else:
        number_produced(s, n)


def number_produced(s, n: int) -> None:
    s.emit(NumberProduced(s.cur, n))


def revealed_params(s, event: HexRevealed) -> dict:
    """The values ``on hex_revealed`` binds (RulesRuntime.dispatch)."""
    return {"player": s.cur if event.player is None else event.player, "at": event.hex,
            "#at": "hex", "terrain": event.terrain}


CALLS: dict[str, Callable] = {"produce_pick": _produce_pick, "number_produced": number_produced}
EFFECTS: dict[str, Callable[[list, Ctx], Eff]] = {
    "reveal_hex": fx_reveal_hex, "set_terrain": fx_set_terrain, "set_number": fx_set_number,
}

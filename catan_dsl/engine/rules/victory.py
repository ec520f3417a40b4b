"""A state + the compiled VP modifiers and special cards → each player's VP, the victory target and
the bot hint (VictoryQueries, mixed into CompiledRules: asked after every action)."""

from __future__ import annotations

import re
from operator import itemgetter
from typing import Any

from catan_dsl.engine.rules.fused import define, renamed

# Off, the victory check and the rules' vp(p) ask VictoryQueries.victory_score, total_vp and
# target themselves (the references the written-out closures are tested against; read when a
# game is built).
SCORE_CLOSURE = True
# Off, per-player VP modifiers that read only the player's own counters are asked after every
# action; on, their sum is kept per game by the values of the counters they read (counter_kept).
KEEP_COUNTER_VP = True
# Off, the victory check's score and the rules' vp(p) call each per-player VP modifier's
# closures with an env made per call (score_closure, total_closure); on, when every one of them
# says what it computes (fused source), the score is one generated function with the player a
# local (written_vp; read when a game is built).
WRITTEN_SCORE = True
# Off, vp(p) in a listing asks total_vp of each player at each listing (kept for that listing
# only); on, every player's VP is kept per game by what it reads (vp_row; read when a game is
# built).
KEEP_VP_ROW = True
# Off, a special card several players hold (policy all_min) leaves the score and vp(p) to the
# closures (extra_vp, counter_kept); on, written_vp writes its holders in too (read when a game
# is built).
WRITTEN_SHARED = True
# written_vp's own names: a modifier's source that names one is left to the closures.
_LOCALS = frozenset(("p", "high", "most", "v", "held", "memo", "execution", "direct"))
# The IR operators a kept modifier may use besides ``count_of``: they read nothing of a state.
_PURE = frozenset(("and", "or", "not", "if", "-", "+", "*", "/", "==", "!=", "<", "<=", ">", ">="))


def settle(rules) -> None:
    """What the engine asks after every action, decided once: whether any rule can add VP
    beyond pieces, cards and awards, the victory target when no modifier moves it, the lowest
    target the target modifiers can make (None: one adds an expression; the check need not ask
    them for a player below it), and the check's score (and target, when modifiers move it)
    as closures (score_closure, target_closure)."""
    rules.adds_vp = rules.vp_modified or "player_vp" in rules.modifiers or any(
        policy == "all_min" for _, policy, _ in rules.dynamic)
    target = rules.game.target + rules.bonus
    rules.fixed_target = None if "target" in rules.modifiers else target
    target_rules = rules.modifiers.get("target", ())
    rules.min_target = None if any(r.const is None for r in target_rules) else \
        target + sum(min(0, r.const) for r in target_rules)
    rules.vp_row = vp_row(rules)
    if SCORE_CLOSURE:
        # These shadow the methods on this object.
        rules.victory_score, rules.total_vp = score_closure(rules), total_closure(rules)
        if "target" in rules.modifiers and not any(
                r.filter or r.board_static or r.position_static for r in target_rules):
            rules.target = target_closure(rules, target_rules)


def score_closure(rules):
    """VictoryQueries.victory_score with what it reads of ``rules`` fixed when the game is
    built (the floor, the per-building bound, the headroom, and extra_vp without the piece
    modifiers written out for a single per-player modifier): asked after every action, where
    the attribute reads and the calls through extra_vp were most of its cost."""
    floor = rules.fixed_target if rules.fixed_target is not None else rules.min_target
    most_each = rules.vp_place_most if rules.vp_modified else 0
    if floor is None or most_each is None:
        return lambda s, p: s.vp(p)
    written = written_vp(rules, False, floor, most_each)
    if written is not None:
        return written
    headroom, modified, held = rules.vp_headroom, rules.vp_modified, rules._held_vp
    one = _one_plain(rules)
    # extra_closure's extra(s, p) without pieces written in when it is one plain modifier:
    # no call there, asked after every action.
    extra = extra_closure(rules, False) if one is None else None
    value, var = one if one is not None else (None, None)

    def victory_score(s, p: int) -> int:
        plain = s.board_vp[p] + s.card_vp[p]
        most = most_each * len(s.buildings[p]) if most_each else 0
        if headroom is not None and plain + headroom + most < floor:
            return plain
        high = plain
        if extra is not None:
            high += extra(s, p)
        elif value is not None:
            v = value(s, {"player": p, var: p})
            if v is not None:
                high += v
        if p in s.holders:
            high += held(s, p)
        # Without piece modifiers ``high`` is s.vp(p) itself (no call through extra_vp: an
        # unbounded per-player modifier, a counter of special VP, comes here every action).
        return high if not modified or high + most < floor else s.vp(p)
    return victory_score


def target_closure(rules, target_rules):
    """VictoryQueries.target when modifiers move the target, written out: each rule's
    condition and value asked with ``p`` bound as ``modified`` binds it, without its memo (kept
    only for rules reading the board alone, left to ``modified``, or while one state is
    listed). Asked after every action of a player at or above the lowest target."""
    base = rules.game.target + rules.bonus
    # _env's binding: the one parameter the target is asked with is "p"; any other reads None.
    parts = [(r.when, r.value, tuple((var, param == "p") for param, var in r.bind))
             for r in target_rules]

    def target(s, p: int) -> int:
        total = base
        for when, value, bind in parts:
            env = {"player": p}
            for var, is_p in bind:
                env[var] = p if is_p else None
            if when is None or when(s, env):
                v = value(s, env)
                if v is not None:
                    total += v
        return total
    return target


def total_closure(rules):
    """VictoryQueries.total_vp likewise (the rules' ``vp(p)``, asked of every opponent where
    an action's targets compare VP)."""
    held = rules._held_vp
    written = written_vp(rules, True) if rules.adds_vp else None
    if written is not None:
        return written
    extra = extra_closure(rules, True) if rules.adds_vp else None

    def total_vp(s, p: int) -> int:
        total = s.board_vp[p] + s.card_vp[p]
        if p in s.holders:
            total += held(s, p)
        return total if extra is None else total + extra(s, p)
    return total_vp


def written_vp(rules, pieces: bool, floor: int = 0, most_each: int = 0):
    """total_closure's total_vp (``pieces``) or score_closure's victory_score (with its floor
    and per-building bound) as one generated function of (s, p): each per-player modifier's
    condition and value written in from its fused source, the player a local instead of an env
    made per call, so the check after every action calls nothing but what reads the pieces.
    None when a modifier's closure does not say what it computes (or, WRITTEN_SHARED off, a
    card is shared)."""
    plain = rules.player_vp_plain
    if not WRITTEN_SCORE or plain is None or rules.shared_specials and not WRITTEN_SHARED:
        return None
    names: dict[str, Any] = {}
    body = [f"most = {most_each!r} * len(s.buildings[p])"] if not pieces and most_each else []
    if not pieces and rules.vp_headroom is not None:
        # Below the floor with every card and modifier at its most: the check fails either way.
        body += ["high = s.board_vp[p] + s.card_vp[p]",
                 f"if high + {rules.vp_headroom!r}{' + most' if most_each else ''} < {floor!r}:",
                 "    return high"]
    else:
        body.append("high = s.board_vp[p] + s.card_vp[p]")
    if pieces and rules.vp_modified:
        # Rule runs count interpreter steps against a budget: evaluated there, as before.
        names.update(memo=rules.vp_memo, execution=rules.execution, direct=rules.modifier_vp)
        body.append("high += direct(s, p)" if rules.vp_memo is None else
                    "high += direct(s, p) if execution.depth else memo.get(s, p, direct)")
    for k, (when, value, var) in enumerate(plain):
        test = None if when is None else _written(when, var, f"W{k}_", names)
        got = _written(value, var, f"V{k}_", names)
        if got is None or when is not None and test is None:
            return None
        add = [f"v = {got}", "if v is not None:", "    high += v"]
        body += add if test is None else [f"if {test}:"] + ["    " + line for line in add]
    # _held_vp written out: each special card's holder compared, its VP a constant.
    cards = [f"    if held[{si}] == p:\n            high += {sp.vp!r}"
             for si, sp in enumerate(rules.game.specials) if sp.vp]
    body += (["held = s.holders", "if p in held:"] + cards) if cards else []
    # extra_vp's shared cards likewise: only an all_min card has holders in ``multi``.
    shared = [f"if p in multi[{si}]:\n        high += {sp.vp!r}"
              for si, sp in enumerate(rules.game.specials) if sp.vp and sp.policy == "all_min"]
    body += (["multi = s.rules_state.multi"] + shared) if shared else []
    if pieces or not rules.vp_modified:
        body.append("return high")
    else:   # piece modifiers asked only when the most they can add may reach the target
        body.append(f"return high if high{' + most' if most_each else ''} < {floor!r} "
                    "else s.vp(p)")
    text = "def vp(s, p):\n" + "".join(f"    {line}\n" for line in body)
    return define(text, "vp", names, "<written victory score>")


def _written(fn, var: str, prefix: str, names: dict) -> str | None:
    """The fused source of a modifier's closure with the player (``env['player']`` and
    ``env[var]``) read as the local ``p`` and its objects renamed ``prefix…`` into ``names``;
    None when it has no source, names a local of written_vp's, or reads more of ``env``."""
    written = getattr(fn, "written", None)
    if written is None:
        return None
    src, objects = written

    def rename(name: str) -> str | None:
        if name in _LOCALS:
            return None
        if name in objects:
            names[prefix + name] = objects[name]
            return prefix + name
        return name
    text = renamed(src, rename, one_line=True)
    if text is None:
        return None         # not one expression: the closures, as before
    for name in ("player", var):
        text = text.replace(f"env[{name!r}]", "p")
    return None if re.search(r"\benv\b", text) else f"({text})"


def extra_closure(rules, pieces: bool):
    """``rules.extra_vp(s, p, pieces)`` as a function of (s, p), written out when no special
    card is shared and at most one per-player modifier, without a condition (prisoners / 2),
    adds VP: that one is called directly."""
    one = _one_plain(rules)
    if one is None:
        kept = counter_kept(rules) if KEEP_COUNTER_VP and not (rules.vp_modified and pieces) \
            else None
        return kept or (lambda s, p: rules.extra_vp(s, p, pieces))
    value, var = one
    memo, execution, direct = rules.vp_memo, rules.execution, rules.modifier_vp
    pieced = rules.vp_modified and pieces

    def extra(s, p: int) -> int:
        x = 0
        if pieced:
            # Rule runs count interpreter steps against a budget: evaluated there, as before.
            x = memo.get(s, p, direct) if memo is not None and not execution.depth else direct(s, p)
        if value is not None:
            v = value(s, {"player": p, var: p})
            if v is not None:
                x += v
        return x
    return extra


def plain_vp(plain, s, p: int) -> int:
    """The VP ``p`` gets from the plain per-player modifiers ((when, value, variable) each)."""
    x = 0
    for when, value, var in plain:
        env = {"player": p, var: p}
        if when is None or when(s, env):
            v = value(s, env)
            if v is not None:
                x += v
    return x


def counter_kept(rules):
    """``rules.extra_vp(s, p, False)`` as a function of (s, p), when every per-player VP
    modifier reads only ``count_of(p, C)`` of counters C: their sum is a function of those
    counters' values alone, so it is kept per game by those values, worked out once per set of
    values a game meets instead of after every action (the cards shared by several holders
    still read per call); None otherwise."""
    plain = rules.player_vp_plain
    read = _counters_of(rules) if plain else None
    if read is None:
        return None
    get = itemgetter(*read) if read else (lambda row: ())
    memo: dict = {}
    shared, specials = rules.shared_specials, rules.game.specials

    def kept(s, p: int) -> int:
        key = get(s.rules_state.counters[p])
        x = memo.get(key)
        if x is None:
            x = plain_vp(plain, s, p)
            if len(memo) >= 4096:          # a bound: counters a game runs up without end
                memo.clear()
            memo[key] = x
        if shared:                      # extra_vp's cards held with others, read as it reads them
            for si, holders in enumerate(s.rules_state.multi):
                if p in holders:
                    x += specials[si].vp
        return x
    return kept


def _counters_of(rules) -> list[int] | None:
    """The counters (indices, sorted) the per-player VP modifiers read, when each reads only
    ``count_of(p, C)`` of its player's counters C; None when one reads anything else."""
    read: set[int] = set()
    for r in rules.ir.get("rules") or ():
        if r.get("kind") == "modifier" and r.get("what") == "player_vp":
            names = (r["bind"]["p"], "player")
            if not all(_counters_read(r.get(k, d), names, rules, read)
                       for k, d in (("when", None), ("value", 0))):
                return None
    return sorted(read)


def vp_row(rules):
    """``s`` → every player's ``total_vp``, kept per game while what they read holds: the
    pieces' and cards' VP, the special cards' holders, the counters the per-player modifiers
    read and the piece modifiers' kept values for the position (VpMemo.position, one dict per
    position). A listing whose targets compare VP (the boot's holder's, "vp(p) >= vp(player)")
    asked each player's VP again at every listing though it seldom moves between them. None
    (vp(p) asked as before) when a modifier reads more or a card is shared."""
    if not KEEP_VP_ROW or rules.shared_specials:
        return None
    plain, modified = rules.player_vp_plain, rules.vp_modified
    if "player_vp" in rules.modifiers and plain is None:
        return None
    read = _counters_of(rules) if plain else []
    memo = rules.vp_memo if modified else None
    if read is None or modified and memo is None:
        return None
    get = itemgetter(*read) if read else None
    # The last row and what it read (copies, compared as lists: no key built on a hit).
    board = cards = held = counts = kept = got = None

    def row(s) -> tuple[int, ...]:
        nonlocal board, cards, held, counts, kept, got
        vals = memo.position(s) if memo is not None else None
        now = None if get is None else [*map(get, s.rules_state.counters)]
        if vals is kept and s.board_vp == board and s.card_vp == cards and s.holders == held \
                and now == counts:
            return got
        board, cards, held, counts, kept = s.board_vp[:], s.card_vp[:], s.holders[:], now, vals
        total = rules.total_vp
        got = tuple([total(s, q) for q in range(len(board))])
        return got
    return row


def _counters_read(node: Any, names: tuple, rules, read: set) -> bool:
    """Add to ``read`` the counters an IR expression reads as ``count_of(V, C)`` with V one of
    ``names`` (the bound player); False when it reads anything else (a variable, a name, a
    function), so its value is not a function of those counters alone."""
    if isinstance(node, (bool, int)) or node is None:
        return True
    if not isinstance(node, list) or not node:
        return False
    head = node[0]
    if head == "count_of" and len(node) == 3:
        stock = node[2]
        if node[1] in (["var", n] for n in names) and isinstance(stock, str) \
                and stock not in rules.resource_index and stock in rules.counter_index:
            read.add(rules.counter_index[stock])
            return True
        return False
    return head in _PURE and all(_counters_read(x, names, rules, read) for x in node[1:])


def _one_plain(rules) -> tuple | None:
    """(value, variable) of the one per-player VP modifier without a condition ((None, None)
    without any) when no special card is shared; None when extra_vp must be asked."""
    plain = rules.player_vp_plain
    if rules.shared_specials or plain is None or len(plain) > 1 or plain and plain[0][0] is not None:
        return None
    return (plain[0][1], plain[0][2]) if plain else (None, None)


class VictoryQueries:
    """VP, target and bot-value queries; the attributes they read (modifiers, vp_memo, specials
    bounds) are set by CompiledRules.__init__."""

    def total_vp(self, s, p: int) -> int:
        """``p``'s VP (State.vp written out: the rules' vp(p), asked of every opponent where an
        action's targets compare VP)."""
        total = s.board_vp[p] + s.card_vp[p]
        if p in s.holders:
            total += self._held_vp(s, p)
        return total + self.extra_vp(s, p) if self.adds_vp else total

    def _held_vp(self, s, p: int) -> int:
        """The VP of the special cards ``p`` holds alone."""
        specials = self.game.specials
        return sum(specials[si].vp for si, h in enumerate(s.holders) if h == p)

    def victory_score(self, s, p: int) -> int:
        """``p``'s VP for the victory check after an action. When ``p`` stays below the lowest
        target even with every special card and the most the VP modifiers can add (their value
        bounds; for piece modifiers, per building), a lower bound is returned: the check fails
        either way, and the rules, which may read every piece of ``p``, are not asked."""
        floor = self.fixed_target if self.fixed_target is not None else self.min_target
        most = self.vp_place_most if self.vp_modified else 0
        if floor is None or most is None:
            return s.vp(p)
        plain = s.board_vp[p] + s.card_vp[p]
        most *= len(s.buildings[p])
        if self.vp_headroom is not None and plain + self.vp_headroom + most < floor:
            return plain
        if not self.vp_modified:
            return s.vp(p)
        # s.vp(p, pieces=False) written out (asked after every action): the piece modifiers
        # are left out while the most they can add cannot lift p to the target.
        high = plain + self.extra_vp(s, p, False)
        if p in s.holders:
            high += self._held_vp(s, p)
        return high if high + most < floor else s.vp(p)

    def extra_vp(self, s, p: int, pieces: bool = True) -> int:
        extra = 0
        if self.shared_specials:            # only "all_min" cards have several holders
            specials = self.game.specials
            for si, holders in enumerate(s.rules_state.multi):
                if p in holders:
                    extra += specials[si].vp
        if self.vp_modified and pieces:
            # Rule runs count interpreter steps against a budget: evaluate there, as before.
            if self.vp_memo is not None and not self.execution.depth:
                extra += self.vp_memo.get(s, p, self.modifier_vp)
            else:
                extra += self.modifier_vp(s, p)
        plain = self.player_vp_plain
        if plain is not None:
            extra += plain_vp(plain, s, p)
        elif "player_vp" in self.modifiers:
            extra += self.modified(s, "player_vp", p, {"p": p})
        return extra

    def player_vp_sources(self, s, p: int, pieces: bool = True) -> dict[str, int]:
        """VP that ``modifier vp ... for player`` rules give ``p``, by each rule's label, and
        (unless ``pieces`` is False) those labelled piece modifiers give p's pieces."""
        out: dict[str, int] = {}
        for rule in self.modifiers.get("player_vp", ()):
            env = self._env(rule, p, {"p": p})
            if env is not None and (rule.when is None or rule.when(s, env)):
                v = rule.value(s, env)
                if v:
                    out[rule.label] = out.get(rule.label, 0) + v
        for rule in self.modifiers.get("vp", ()) if pieces else ():
            if not rule.named:
                continue
            # A labelled piece modifier is its own source too: summed over p's pieces.
            places = [(v, "vertex") for v in s.buildings[p]] + \
                [(e, "edge") for e in range(s.board.n_edges) if s.e_owner[e] == p]
            for x, kind in places:
                env = self._env(rule, p, {"x": x, "#x": kind})
                if env is not None and (rule.when is None or rule.when(s, env)):
                    v = rule.value(s, env)
                    if v:
                        out[rule.label] = out.get(rule.label, 0) + v
        return out

    def modifier_vp(self, s, p: int) -> int:
        """VP the ``vp`` modifiers give player ``p``'s pieces, evaluated now."""
        extra = 0
        if "vertex" in self.vp_kinds:
            for v in s.buildings[p]:
                extra += self.modified(s, "vp", p, {"x": v, "#x": "vertex"})
        if "edge" in self.vp_kinds:         # no rule can give an edge piece VP: edges skipped
            for e in [e for e, owner in enumerate(s.e_owner) if owner == p]:
                extra += self.modified(s, "vp", p, {"x": e, "#x": "edge"})
        return extra

    def target(self, s, p: int) -> int:
        if "target" not in self.modifiers:       # asked after every action: the common case
            return self.game.target + self.bonus
        return self.game.target + self.bonus + self.modified(s, "target", p, {"p": p})

    def bot_value(self, s, p: int) -> int | None:
        """What the scenario's ``modifier bot_value`` rules say ``p``'s position is worth to a
        bot, in hundredths of a VP (None: the scenario says nothing)."""
        if "bot_value" not in self.modifiers:
            return None
        return self.modified(s, "bot_value", p, {"p": p})

    def vp_at(self, s, kind: str, x: int) -> int:
        k = (s.e_kind if kind == "edge" else s.v_kind)[x]
        if k < 0:
            return 0
        extra = 0
        if self.vp_modified:
            owner = (s.e_owner if kind == "edge" else s.v_owner)[x]
            extra = self.modified(s, "vp", owner, {"x": x, "#x": kind})
        return self.game.piece_vp[k] + extra

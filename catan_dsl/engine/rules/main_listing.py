"""A state with rules → its main listing (builds, cards, trades, the rules' actions) in one pass, each kind's builds filtered by the build bans as it is listed."""

from __future__ import annotations

from catan_dsl.engine.base import building, cards, trade
from catan_dsl.engine.rules import ban_filter, player_actions, turns
from catan_dsl.engine.rules.queries import kept_memo

# Off, a kind's builds are listed and the build bans then asked of the whole listing
# (ban_filter.drop_banned over the builds: the reference); on, each kind's builds are filtered
# as they are listed and, while neither its builds nor its spots' verdicts can have changed,
# the filtered list is kept (read when a game is built: RulesRuntime.builds_filtered).
FILTER_BUILDS = True


def listing(rules, s, p: int) -> list:
    """``s``'s main listing after the roll for player ``p`` (State._legal_main, when the rules
    add or drop something there): the listing memos live for all of it."""
    out: list = [s.game.actions.end_turn]
    rules.listing_memo, rules.listing_state = {}, s
    try:
        closed = s.rules_state.turn_phase
        if closed and rules.skips_closed:
            # A turn phase after trading and building (rules/turns.py): what they would list
            # is closed, so only the cards and the scenario's actions are listed.
            cards.legal_play(s, p, out, False)
            (rules.listing_fns[0] or _walked)(s, p, out)
            return out
        filtered = rules.builds_filtered and not closed
        building.legal_builds(s, p, out, allowed if filtered else None)
        builds = (1, len(out))
        cards.legal_buy(s, p, out)
        cards.legal_play(s, p, out, False)
        trade.legal_trades(s, p, out)
        if filtered:
            # The builds are the bans' already: only a banned stock's offers can go.
            if rules.offers_filtered:
                columns = banned_columns(rules, s, p)
                if columns:
                    ban_filter.drop_banned(rules, s, p, out, columns, builds, builds[1])
        elif rules.listing_filtered or closed:
            filter_main(rules, s, p, out, closed, builds)
        # The rules' actions: their generated listing called here, not through
        # player_actions.legal (one frame less a listing); the walk when there is none.
        (rules.listing_fns[0] or _walked)(s, p, out)
        return out
    finally:
        rules.listing_memo = rules.listing_state = None


def filter_main(rules, s, p: int, out: list, closed, builds: tuple[int, int] | None) -> None:
    """Drop the forbidden builds and trades from ``out`` (``builds``: its slice holding the
    builds, when known), or, in a later turn phase, the closed built-in actions."""
    if rules.listing_filtered and not closed:
        # (In a later turn phase close_trading drops every build and offer anyway.)
        columns = banned_columns(rules, s, p) if rules.trade_forbids else _NO_COLUMNS
        # With no stock banned now and no build (or no build ban), every action stays.
        if columns or rules.build_forbids and (builds is None or builds[0] != builds[1]):
            ban_filter.drop_banned(rules, s, p, out, columns, builds)
    if closed:
        turns.close_trading(out)         # a later turn phase: trading is over


def banned_columns(rules, s, p: int) -> list[int]:
    """The stocks ``p`` may not trade now (asked once per stock, not once per offer; read
    only)."""
    columns = rules.static_columns
    if columns is None:
        columns = [r for r, b in enumerate(rules.trade_banned(s, p)) if b]
    return columns


def allowed(s, p: int, k: int, builds: list) -> list:
    """``builds`` (``p``'s builds of piece kind ``k``, as building.legal_builds lists them)
    without those a build forbid holds for: kept beside the builds' own memo while the verdicts'
    memo (ban_filter.spot_memo_kinds) is the same object, and the builds the same list."""
    rules = s.game.rules
    where = rules.spot_memo_kinds[k]
    if where is None:
        return _dropped(rules, s, p, builds)
    verdicts = kept_memo(s, where)
    memo = s.rules_state.piece_memo(s.piece_moves)
    got = memo.get(("allowed builds", p, k))
    if got is not None and got[0] is verdicts and got[1] is builds:
        return got[2]
    kept = _dropped(rules, s, p, builds)
    # (The entry holds both objects, so neither identity can pass to a new one meanwhile.)
    memo[("allowed builds", p, k)] = (verdicts, builds, kept)
    return kept


def _dropped(rules, s, p: int, builds: list) -> list:
    return ban_filter.allowed_of_kind(rules, s, p, builds) if builds else []


def _walked(s, p: int, out: list) -> None:
    player_actions.legal(s, p, out, False)


_NO_COLUMNS: list[int] = []         # no stock banned (read only)

"""Forbids and modifiers asked through their kept ``ask`` (queries.RuleQueries._asker: the key
read straight off the parameters, the memo fixed when the game is built) → the same games as
asked through an env and memo_for (``ASK_KEPT`` off, the reference): rows whose forbids and
modifiers are kept by the markers, the pieces, the position or with the player in the key,
played side by side both ways, the same legal actions and events at every step, kept answers
both held and not held on the way."""

from __future__ import annotations

import pytest

from catan_dsl.engine.rules import queries
from tests.engine.rules.side_by_side import SCENARIOS, games_on_and_off, play_side_by_side, row_id

# A conquered hex bans builds and harbors (markers), with a VP modifier reading no unit; with
# fish or rivers beside it; a modifier reading the position; a cost modifier reading the
# pieces; build bans reading the player (the key's general form); bans kept in no memo (a
# counter read: asked afresh, _afresh) and one with no condition.
ROWS = [(SCENARIOS / "barbarian_attack.catan", (), 6, 1200),
        (SCENARIOS / "combinations/fishermen+barbarian_attack.catan", (), 4, 1400),
        (SCENARIOS / "combinations/rivers+barbarian_attack.catan", (), 3, 900),
        (SCENARIOS / "caravans.catan", (), 1, 2000),
        (SCENARIOS / "combinations/caravans+traders_barbarians.catan", (), 1, 600),
        (SCENARIOS / "base.catan", ("event_cards",), 2, 600),
        (SCENARIOS / "seafarers/scenarios/wonders.catan", (), 1, 800)]


@pytest.mark.parametrize("path,with_,seed,steps", ROWS,
                         ids=lambda r: str(r) if type(r) is int else row_id(r))
def test_kept_asks_play_as_the_rules_asked_afresh(path, with_, seed, steps, monkeypatch):
    asking, plain = games_on_and_off(path, with_, monkeypatch, queries, "ASK_KEPT")
    rules = [r for r in asking.rules.compiled if r.ask is not None]
    assert rules and not any(r.ask is not None for r in plain.rules.compiled)
    answers = set()

    def noted(ask, kind):
        def wrapped(s, player, params):
            got = ask(s, player, params)
            answers.add((kind, got is not None and got is not False))
            return got
        return wrapped
    for rule in rules:
        rule.ask = noted(rule.ask, rule.kind)
    play_side_by_side((asking, plain), seed, steps)
    kinds = {kind for kind, _ in answers}           # (a build ban may be asked elsewhere)
    assert kinds and answers == {(k, held) for k in kinds for held in (True, False)}, \
        "a kind of kept answer never held, or never failed (this shows nothing)"

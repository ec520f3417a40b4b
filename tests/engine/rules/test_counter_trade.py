"""Generic mechanisms added for issue 5: tradeable counters in domestic offers, the harbor_ratio function."""

from __future__ import annotations

from catan_dsl.engine import Game, parse_action
from catan_dsl.engine.events import TradeAccepted
from tests.engine.helpers import act, empty_main, put, set_hand, texts
from tests.engine.rules_kit import ir_with, on

TOKENS = {"tokens": {"start": 0, "supply": None, "tradeable": True, "label": "tokens"},
          "marks": {"start": 0, "supply": None, "tradeable": False, "label": "marks"}}


def state(counters=TOKENS, rules=()):
    g = Game(ir_with(counters=counters, rules=list(rules)))
    s = empty_main(g)
    s.rules_state.counters[0] = [2, 2]
    s.rules_state.counters[1] = [1, 1]
    set_hand(s, 0, ore=2)
    set_hand(s, 1, wool=1)
    return g, s


def test_a_tradeable_counter_is_offered_both_ways() -> None:
    """Offers of 1 or 2 counter units for 1 card, and of 1 or 2 cards for 1 unit, are listed
    for a tradeable counter only (the untradeable one never appears)."""
    g, s = state()
    offers = {t for t in texts(s) if t.startswith("offer")}
    assert {"offer 1 tokens for 1 wool", "offer 2 tokens for 1 wool",
            "offer 1 ore for 1 tokens", "offer 2 ore for 1 tokens"} <= offers
    assert not any("marks" in t for t in offers)
    assert "offer 1 tokens for 1 ore" not in offers        # nobody else holds ore


def test_counter_offers_follow_the_units_held_on_both_sides() -> None:
    """The menu is kept by what it depends on, so it changes as soon as they do: with 1 unit
    left only the 1-unit offers remain; with no opponent holding any, nobody offers cards for
    one; a state seen before gets its menu back."""
    g, s = state()

    def counter_offers() -> set[str]:
        s._legal = None
        return {t for t in texts(s) if t.startswith("offer") and "tokens" in t}
    full = counter_offers()
    s.rules_state.counters[0][0] = 1
    assert counter_offers() == full - {"offer 2 tokens for 1 wool"}
    s.rules_state.counters[1][0] = 0
    assert not any(t.endswith("for 1 tokens") for t in counter_offers())
    s.rules_state.counters[0][0], s.rules_state.counters[1][0] = 2, 1
    assert counter_offers() == full


def test_an_accepted_counter_offer_moves_the_counter_and_the_card() -> None:
    g, s = state()
    act(s, "offer 2 tokens for 1 wool")
    act(s, "accept")
    assert s.rules_state.counters[0][0] == 0 and s.rules_state.counters[1][0] == 3
    assert s.hand[0][2] == 1 and s.hand[1][2] == 0
    assert any(isinstance(e, TradeAccepted) and e.give == (("tokens", 2),) for e in s.drain_events())


def test_a_responder_without_the_counter_is_skipped() -> None:
    g, s = state()
    s.rules_state.counters[1][0] = 0
    s.rules_state.counters[2][0] = 1
    set_hand(s, 2)
    act(s, "offer 1 ore for 1 tokens")
    assert s.prompts[-1].player == 2
    act(s, "accept")
    assert s.rules_state.counters[0][0] == 3 and s.hand[2][4] == 1


def test_untradeable_or_forbidden_counter_offers_are_not_allowed() -> None:
    """A hand-made offer naming an untradeable counter is refused, and ``forbid trade of`` a
    tradeable counter removes its offers."""
    from catan_dsl.engine.state import IllegalActionError
    g, s = state()
    try:
        s.apply_action(parse_action("offer 1 marks for 1 wool", g))
    except IllegalActionError:
        pass
    else:
        raise AssertionError("an untradeable counter was traded")
    forbid = {"kind": "forbid", "id": "t.1", "span": "t:1", "what": "trade",
              "filter": {"stock": "tokens"}, "bind": {}, "when": True}
    g, s = state(rules=[forbid])
    assert not any("tokens" in t for t in texts(s))
    assert any(t.startswith("offer") for t in texts(s))


def test_offers_without_counters_keep_their_text_and_shape() -> None:
    """Base-game offers are unchanged: resource vectors only, same text round trip."""
    g = Game(ir_with())
    s = empty_main(g)
    set_hand(s, 0, ore=2)
    set_hand(s, 1, wool=1)
    a = parse_action("offer 2 ore for 1 wool", g)
    assert len(a.give) == g.n_resources and str(a) == "offer 2 ore for 1 wool"
    assert a in s.legal_actions()


def test_harbor_ratio_reads_the_ratio_of_the_harbor_at_an_intersection() -> None:
    """harbor_ratio(v): 3 on a 3:1 harbor, 2 on a 2:1 harbor, 0 elsewhere."""
    ir = ir_with(counters=TOKENS)
    harbors = ir["board"]["harbors"]
    three = next(h["vertices"][0] for h in harbors if h["ratio"] == 3)
    two = next(h["vertices"][0] for h in harbors if h["ratio"] == 2)
    rules = [on("t.1", "built", [["gain", ["var", "player"], ["harbor_ratio", ["var", "v"]],
                                  {"counter": "tokens"}]],
                filter={"piece": "settlement"}, bind={"at": "v"})]
    g = Game(ir_with(counters=TOKENS, rules=rules))
    s = empty_main(g)
    got = []
    for v in (three, two, next(v for v in range(s.board.n_vertices) if s.board.vertex_harbor[v] is None)):
        before = s.rules_state.counters[0][0]
        put(s, 0, "settlement", v)
        got.append(s.rules_state.counters[0][0] - before)
    assert got == [3, 2, 0]

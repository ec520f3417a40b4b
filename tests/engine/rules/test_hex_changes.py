"""A board that changes in play (issue 39 items 1-2): face-down hexes revealed as a seeded
chance step, hexes whose terrain or token a rule changes, and hexes whose owner picks the
resource — played on tests/fixtures/changing_board.catan."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_dsl import api
from catan_dsl.engine import CHANCE, Game
from catan_dsl.engine.events import HexRevealed, NumberProduced, ResourcesProduced, RobberMoved
from catan_dsl.engine.observation import observation
from catan_dsl.play.gamelog import describe_event
from catan_dsl.play.playtest import play_game
from catan_dsl.play.transcript import replay
from tests.engine.helpers import act, empty_main, pre_roll, put, texts

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "changing_board.catan"
TOP = (0, 1, 2)          # the face-down hexes 0,-2 1,-2 2,-2
GOLD = 9                 # hex 0,0: gold_field 3


@pytest.fixture(scope="module")
def ir() -> dict:
    ir, report = api.compile_file(str(FIXTURE))
    assert ir is not None, report.render_text()
    return ir


@pytest.fixture
def game(ir) -> Game:
    return Game(ir, 4)


def rolled(s, total: int, player: int = 0):
    pre_roll(s, player)
    if s.current_player() != CHANCE:          # the scenario's any-time actions come first
        act(s, "roll")
    act(s, f"roll {total}")
    return s


def reveal(s, h: int, outcome: str | None = None):
    """``do explore hex h`` and, given one, that chance outcome (else the first)."""
    act(s, f"do explore hex {h}")
    assert s.current_player() == CHANCE
    outcomes = {str(a): p for a, p in s.chance_outcomes()}
    act(s, outcome or next(iter(outcomes)))
    return outcomes


def test_face_down_hexes_start_empty_and_take_no_building_or_robber(game):
    """Issue 39 item 1: a face-down hex has no terrain and no token, produces nothing, takes no
    robber, and no building stands on a corner touching only face-down hexes or sea."""
    s = game.new_initial_state(0)
    b = s.board
    assert b.hex_hidden == frozenset(TOP)
    assert [b.hex_terrain[h] for h in TOP] == [None] * 3
    assert [b.hex_numbers[h] for h in TOP] == [()] * 3
    closed = {v for v in range(b.n_vertices) if set(b.vertex_hexes[v]) <= set(TOP)}
    assert closed and b.vertex_closed == closed
    setup_spots = {a.at for a in s.legal_actions()}
    assert not setup_spots & closed and setup_spots       # set-up settlements too
    rob = game.rules.robber_targets(empty_main(game), 0)[0]
    assert not set(rob) & set(TOP)


def test_reveal_is_one_chance_step_over_tile_and_token(game):
    """Issue 39 item 1: `reveal h` draws a tile of the pool and, when it takes one, a token of
    the pool's own tokens, both at random — one chance step whose chances are the pool's."""
    s = empty_main(game)
    outcomes = reveal(s, 0, "choose reveal 110")          # gold_field (tile 1) with the 10
    # forest and gold_field take a token (4 or 10), sea none: 1/3 each, split by token.
    assert outcomes == pytest.approx({"choose reveal 4": 1 / 6, "choose reveal 10": 1 / 6,
                                      "choose reveal 104": 1 / 6, "choose reveal 110": 1 / 6,
                                      "choose reveal 200": 1 / 3})
    b = s.board
    assert 0 not in b.hex_hidden and b.hex_terrain[0] == "gold_field" and b.hex_numbers[0] == (10,)
    assert b.hidden_left[0] == ((("forest", 1), ("gold_field", 0), ("sea", 1)), (4,))
    assert 10 not in {n for n in b.number_hexes[10]} and 0 in b.number_hexes[10]
    events = s.drain_events()
    shown = next(e for e in events if isinstance(e, HexRevealed))
    line = describe_event(shown, ["Red", "Blue", "White", "Orange"], s.game.ir)
    assert line.startswith("Red revealed 0,-2: gold_field 10")
    assert shown.rule is not None and "changing_board.catan" in shown.rule.where
    act(s, "choose wool")                     # on hex_revealed: gain 1 produces(h), a choice
    # The next reveal draws from what is left: forest or sea, and the 4.
    assert set(reveal(s, 1, "choose reveal 4")) == {"choose reveal 4", "choose reveal 200"}
    assert s.board.hex_terrain[1] == "forest" and s.board.hex_numbers[1] == (4,)


def test_on_hex_revealed_runs_after_the_reveal(game):
    """Issue 39 item 1: `on hex_revealed at h` runs after the reveal, seeing the new hex: a
    forest pays a lumber, a hex of choice lets the player pick, sea pays nothing."""
    s = empty_main(game)
    reveal(s, 0, "choose reveal 4")                          # forest 4
    assert s.hand[0][game.resources.index("lumber")] == 1
    reveal_again = empty_main(game)
    reveal(reveal_again, 0, "choose reveal 110")             # gold_field: a choice
    assert texts(reveal_again) == ["choose lumber", "choose brick", "choose wool", "choose grain",
                                   "choose ore"]              # `gain 1 choice`: any resource
    sea = empty_main(game)
    reveal(sea, 0, "choose reveal 200")
    assert sea.board.hex_water == frozenset({0}) and sum(sea.hand[0]) == 0   # its `where` is false


def test_revealed_land_opens_its_corners_to_building(game):
    """Issue 39 item 1: a corner touching only face-down hexes and sea takes no building; once
    one of its hexes is turned up as land it does."""
    s = empty_main(game)
    corner = s.board.hex_vertices[0][0]                       # the N corner of 0,-2: 0,-2 only
    assert corner in s.board.vertex_closed
    reveal(s, 0, "choose reveal 200")                         # sea: still closed
    assert corner in s.board.vertex_closed
    s2 = empty_main(game)
    reveal(s2, 0, "choose reveal 4")                          # forest: open
    assert corner not in s2.board.vertex_closed


def test_same_seed_same_reveals_and_the_transcript_replays(game, ir):
    """Issue 39 item 1: reveals are recorded in the transcript and replayed; a seed decides them."""
    def reveals(seed: int) -> tuple:
        result = play_game(Game(ir, 3), ["random"] * 3, seed, 8, record=True, ir=ir)
        t = result.transcript
        assert replay(t, ir).mismatch is None
        return tuple(st["action"] for st in t["steps"] if st["action"].startswith("choose reveal"))

    first = reveals(1)
    assert first and first == reveals(1)
    assert len({first} | {reveals(seed) for seed in (2, 3, 4, 5)}) > 1


def test_a_changed_terrain_produces_its_new_resource(game):
    """Issue 39 item 2: `set terrain h = T` changes what the hex yields from the next roll on; the
    token stays when both terrains take one."""
    s = empty_main(game)
    h = 8                                                       # -1,0 forest 11
    put(s, 1, "settlement", s.board.hex_vertices[h][0])
    act(s, f"do quarry hex {h}")
    assert s.board.hex_terrain[h] == "mountains" and s.board.hex_numbers[h] == (11,)
    rolled(s, 11)
    ore = game.resources.index("ore")
    assert s.hand[1][ore] == 1 and s.hand[1][game.resources.index("lumber")] == 0


def test_set_number_none_takes_the_token_away(game):
    """Issue 39 item 2: `set number h = none` removes the token (nothing produced on it), `set
    number h = N` lays one."""
    s = empty_main(game)
    h = 8
    put(s, 1, "settlement", s.board.hex_vertices[h][0])
    act(s, f"do burn hex {h}")
    assert s.board.hex_numbers[h] == () and h not in s.board.number_hexes[11]
    rolled(s, 11)
    assert sum(s.hand[1]) == 0
    act(s, f"do mark hex {h}")
    rolled(s, 6)
    assert s.hand[1][game.resources.index("lumber")] == 1


def test_the_robber_on_a_hex_turned_to_sea_goes_home(game):
    """Issue 39 item 2: the robber on a hex that becomes sea goes to its home (the desert here
    is gone, so off the board)."""
    s = empty_main(game)
    s.robber = 8
    act(s, "do flood hex 8")
    assert s.robber == -1 and 8 in s.board.hex_water and s.board.hex_resource[8] == -1
    assert any(isinstance(e, RobberMoved) and e.hex == -1 for e in s.drain_events())


def test_a_hex_of_choice_lets_its_owner_pick_per_card_except_the_excluded(game):
    """Issue 39 item 2: `produces choice except ore` — each card of the yield is a resource of the
    owner's choice (ore excluded), picked after the other payouts and before production is
    done."""
    s = empty_main(game)
    put(s, 1, "city", s.board.hex_vertices[GOLD][0])           # a city: two picks
    s.drain_events()
    rolled(s, 3)
    assert s.current_player() == 1
    assert texts(s) == ["choose lumber", "choose brick", "choose wool", "choose grain"]
    act(s, "choose wool")
    assert s.current_player() == 1
    act(s, "choose grain")
    hand = dict(zip(game.resources, s.hand[1]))
    assert hand["wool"] == 1 and hand["grain"] == 1 and sum(s.hand[1]) == 2
    kinds = [type(e) for e in s.drain_events()
             if isinstance(e, (ResourcesProduced, NumberProduced))]
    assert kinds[-1] is NumberProduced and kinds.count(ResourcesProduced) == 2


def test_the_robber_stops_a_hex_of_choice_as_any_hex(game):
    """Issue 39 item 2: the robber on a hex of choice: no pick."""
    s = empty_main(game)
    put(s, 1, "settlement", s.board.hex_vertices[GOLD][0])
    s.robber = GOLD
    rolled(s, 3)
    assert s.current_player() == 0 and sum(s.hand[1]) == 0


def test_observation_shows_face_down_hexes_without_their_tile(game):
    """Issue 39 item 1: the observation lists the hexes as they lie; a face-down one names no
    terrain and no token, and each pool only what it has left."""
    s = empty_main(game)
    obs = observation(s, 1)
    down = {"terrain": None, "numbers": [], "face_down": True}
    assert [obs["hexes"][h] for h in TOP] == [down] * 3
    assert obs["hidden_pools"] == [{"tiles": 3, "tokens": 2}]
    reveal(s, 2, "choose reveal 4")
    obs = observation(s, 1)
    assert obs["hexes"][2] == {"terrain": "forest", "numbers": [4], "face_down": False}
    assert obs["hidden_pools"] == [{"tiles": 2, "tokens": 1}]


def test_a_changed_board_is_part_of_the_state_and_clones_keep_their_own(game):
    """Clones share the board until one changes it (copy on write); the state digest sees it."""
    s = empty_main(game)
    before = s.to_dict()
    assert "board" not in before
    c = s.clone()
    act(c, "do burn hex 8")
    assert s.board.hex_numbers[8] == (11,) and c.board.hex_numbers[8] == ()
    assert c.to_dict()["board"]["numbers"][8] == [] and s.to_dict() == before


def test_random_games_with_reveals_keep_the_invariants(ir):
    """Reveals, floods and picks in random games break no conservation law or cache."""
    from catan_dsl.engine.invariants import violations

    game = Game(ir, 3)
    rng = random.Random(7)
    s = game.new_initial_state(7)
    while not s.is_terminal() and s.turn < 30:
        a = s.sample_chance(rng) if s.current_player() == CHANCE else rng.choice(s.legal_actions())
        s.apply_action(a)
        assert not violations(s), violations(s)
    assert s.board.revision > 0


def test_face_down_hexes_and_a_hex_of_choice_on_a_board_of_two_islands(tmp_path):
    """Issue 39 design note (a Seafarers pack will build on it): face-down hexes, sea tiles and a
    hex of choice work on a board of several islands with sea between them."""
    from catan_dsl.engine.invariants import violations

    (tmp_path / "race.catan").write_text(
        (FIXTURE.parent / "two_islands.catan").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "isles.catan").write_text("""scenario isles extends race {
  terrain gold_field { produces choice }
  board fog extends two default {
    pool fog hidden at 3,0 4,0 3,1 { gold_field 1, sea 1, forest 1 } tokens { 6 8 }
    pool main { forest 2, pasture 3, fields 3, hills 2, mountains 1, desert 1 }
    tokens 2 3 3 4 4 5 5 9 9 10 11
  }
  on setup_done { each h in hexes where hidden(h) { reveal h } }
}
""", encoding="utf-8")
    ir, report = api.compile_file(str(tmp_path / "isles.catan"))
    assert ir is not None, report.render_text()
    game = Game(ir, 3)
    rng = random.Random(2)
    s = game.new_initial_state(2)
    while not s.is_terminal() and s.turn < 25:
        a = s.sample_chance(rng) if s.current_player() == CHANCE else rng.choice(s.legal_actions())
        s.apply_action(a)
        assert not violations(s), violations(s)
    fog = [h["id"] for h in ir["board"]["hexes"] if h.get("hidden")]
    assert not s.board.hex_hidden
    assert sorted(s.board.hex_terrain[h] for h in fog) == ["forest", "gold_field", "sea"]
    assert sorted(n for h in fog for n in s.board.hex_numbers[h]) == [6, 8]

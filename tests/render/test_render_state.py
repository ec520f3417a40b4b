"""`catan-dsl render TRANSCRIPT --turn N`: a replayed game state drawn piece for piece (issue 5 item 4)."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from catan_dsl import api
from catan_dsl.cli import main
from catan_dsl.cli.common import EXIT_ERRORS, EXIT_OK, EXIT_USAGE
from catan_dsl.engine import Game, parse_action
from catan_dsl.play.playtest import play_game
from catan_dsl.play.transcript import dumps
from catan_dsl.render.figure import StateView, draw_board, figure_bytes
from catan_dsl.render.state import DEFAULT_PLAYER_COLORS

ROOT = Path(__file__).resolve().parents[2]
BASE = str(ROOT / "scenarios" / "base.catan")
SVG_NS = "{http://www.w3.org/2000/svg}"
NUM = re.compile(r"-?\d+(?:\.\d+)?")


def _write_game(path: Path, seed: int, board: str | None = None, with_: tuple[str, ...] = (),
                bots: tuple[str, ...] = ("greedy", "random", "random", "random")) -> dict:
    ir, report = api.compile_file(BASE, board=board, with_=with_)
    assert ir is not None, report.render_text()
    res = play_game(Game(ir, num_players=len(bots)), list(bots), seed, 200, record=True,
                    source=BASE, ir=ir)
    path.write_text(dumps(res.transcript), encoding="utf-8")
    return {"ir": ir, "doc": res.transcript}


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """A seeded 4-player base game on the random (tournament) board, saved as a transcript."""
    path = tmp_path_factory.mktemp("game") / "g.json"
    g = _write_game(path, seed=5, board="tournament")
    g["path"] = path
    return g


def _render(*args: str):
    return CliRunner().invoke(main, ["render", *args])


def _state_after_turn(g: dict, turn: int):
    """Independent of the code under test: apply the steps up to the ``turn``-th "end turn"."""
    ends = [i for i, s in enumerate(g["doc"]["steps"]) if s["action"] == "end turn"]
    stop = ends[turn - 1] + 1 if turn else next(
        i for i, s in enumerate(g["doc"]["steps"]) if s["action"].startswith("roll"))
    gm = Game(g["ir"], num_players=g["doc"]["players"])
    s = gm.new_initial_state(seed=g["doc"]["board_seed"])
    for step in g["doc"]["steps"][:stop]:
        s.apply_action(parse_action(step["action"], gm))
    return s


def legend_label(svg: str, colour: str) -> str:
    """A seat's legend label as one line (a long one is wrapped onto several text lines)."""
    for g in ET.fromstring(svg).iter(f"{SVG_NS}g"):
        lines = [el.text or "" for el in g.findall(f"{SVG_NS}text")]
        if lines and lines[0].startswith(f"{colour} ") and " VP" in lines[0]:
            return " ".join(ln.strip() for ln in lines)
    raise AssertionError(f"no legend label for {colour}")


def _ids(svg: str, pattern: str) -> dict[str, ET.Element]:
    pat = re.compile(pattern)
    return {el.get("id"): el for el in ET.fromstring(svg).iter() if pat.fullmatch(el.get("id") or "")}


def _path_points(el: ET.Element) -> list[tuple[float, float]]:
    d = next(el.iter(f"{SVG_NS}path")).get("d") or ""
    nums = [float(x) for x in NUM.findall(d)]
    return list(zip(nums[::2], nums[1::2]))


def _centre(el: ET.Element) -> tuple[float, float]:
    pts = _path_points(el)
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _fill(el: ET.Element) -> str:
    style = next(el.iter(f"{SVG_NS}path")).get("style") or ""
    m = re.search(r"fill:\s*(#[0-9a-f]{6})", style)
    return m.group(1) if m else ""


def test_pieces_in_the_picture_are_exactly_the_engine_state(game: dict, tmp_path: Path) -> None:
    """Every vertex and edge piece of the state after turn 12 is drawn once, in its owner's
    colour, cities with the bigger outline; nothing else is drawn as a piece."""
    out = tmp_path / "t12.svg"
    res = _render(str(game["path"]), "--turn", "12", "-o", str(out))
    assert res.exit_code == EXIT_OK, res.output
    svg = out.read_text(encoding="utf-8")
    s = _state_after_turn(game, 12)
    verts = {v for v, o in enumerate(s.v_owner) if o >= 0}
    edges = {e for e, o in enumerate(s.e_owner) if o >= 0}
    assert len(verts) >= 8 and len(edges) >= 8  # the game has moved on from setup
    drawn_v = _ids(svg, r"piece-vertex-\d+")
    drawn_e = _ids(svg, r"piece-edge-\d+-fill")
    assert set(drawn_v) == {f"piece-vertex-{v}" for v in verts}
    assert set(drawn_e) == {f"piece-edge-{e}-fill" for e in edges}
    for v in verts:
        assert _fill(drawn_v[f"piece-vertex-{v}"]) == DEFAULT_PLAYER_COLORS[s.v_owner[v]]
    names = s.game.piece_names
    cities = {v for v in verts if game["ir"]["pieces"][names[s.v_kind[v]]].get("upgrades")}
    big = {v for v in verts if len(_path_points(drawn_v[f"piece-vertex-{v}"])) >= 7}
    assert big == cities
    assert "end of turn 12" in svg
    for p in range(4):
        assert f"{s.vp(p)} VP" in svg


def test_turn_0_is_the_position_after_setup_with_the_robber_on_the_desert(
        game: dict, tmp_path: Path) -> None:
    """BASE-12: after setup each player has 2 settlements and 2 roads and the robber stands on
    the desert, wherever the random board put it (the board is realised with the game's seed)."""
    out = tmp_path / "t0.svg"
    assert _render(str(game["path"]), "--turn", "0", "-o", str(out)).exit_code == EXIT_OK
    svg = out.read_text(encoding="utf-8")
    assert len(_ids(svg, r"piece-vertex-\d+")) == 8 and len(_ids(svg, r"piece-edge-\d+")) == 8
    s = _state_after_turn(game, 0)
    assert s.board.hex_terrain[s.robber] == "desert"
    hexes = {int(k.split("-")[1]): _centre(v) for k, v in _ids(svg, r"hex-\d+").items()}
    rules, ry = _centre(_ids(svg, r"robber")["robber"])
    nearest = min(hexes, key=lambda h: (hexes[h][0] - rules) ** 2 + (hexes[h][1] - ry) ** 2)
    assert nearest == s.robber
    assert "after setup (turn 0)" in svg


def test_robber_is_drawn_where_the_engine_moved_it(game: dict, tmp_path: Path) -> None:
    """BASE-27: a turn after a 7 moved the robber off the desert shows it on its new hex, once."""
    doc = game["doc"]
    moved = next(i for i, st in enumerate(doc["steps"]) if st["action"].startswith("move robber"))
    turn = sum(1 for st in doc["steps"][:moved] if st["action"] == "end turn") + 1
    s = _state_after_turn(game, turn)
    assert s.board.hex_terrain[s.robber] != "desert"
    out = tmp_path / "r.svg"
    assert _render(str(game["path"]), "--turn", str(turn), "-o", str(out)).exit_code == EXIT_OK
    svg = out.read_text(encoding="utf-8")
    assert svg.count('id="robber"') == 1 and "robber-start" not in svg
    hexes = {int(k.split("-")[1]): _centre(v) for k, v in _ids(svg, r"hex-\d+").items()}
    rules, ry = _centre(_ids(svg, r"robber")["robber"])
    nearest = min(hexes, key=lambda h: (hexes[h][0] - rules) ** 2 + (hexes[h][1] - ry) ** 2)
    assert nearest == s.robber


def test_same_transcript_and_turn_give_identical_bytes(game: dict, tmp_path: Path) -> None:
    for suffix in ("svg", "png"):
        a, b = tmp_path / f"a.{suffix}", tmp_path / f"b.{suffix}"
        for out in (a, b):
            assert _render(str(game["path"]), "--turn", "7", "-o", str(out)).exit_code == EXIT_OK
        assert a.read_bytes() == b.read_bytes()


def test_without_turn_the_end_of_the_game_is_drawn(game: dict, tmp_path: Path) -> None:
    out = tmp_path / "end.svg"
    assert _render(str(game["path"]), "-o", str(out)).exit_code == EXIT_OK
    svg = out.read_text(encoding="utf-8")
    final = game["doc"]["final"]
    assert final["terminal"] and "end of the game" in svg and "winner" in svg
    assert f"{final['vp'][final['winner']]} VP" in svg


def _bad(tmp_path: Path, doc: object | str, *args: str) -> tuple[int, str, Path]:
    src = tmp_path / "bad.json"
    src.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    out = tmp_path / "bad.png"
    res = _render(str(src), "-o", str(out), *args)
    return res.exit_code, res.output, out


@pytest.mark.parametrize("mutate, turn, needle", [
    (lambda d: d, "999", "turn 999 is not in this game"),
    (lambda d: {**d, "version": 9}, None, "unsupported transcript version"),
    (lambda d: {k: v for k, v in d.items() if k != "steps"}, None, "lacks steps"),
    (lambda d: {**d, "ir_sha256": "0" * 64}, None, "does not match the header's ir_sha256"),
    (lambda d: {**d, "steps": d["steps"][:3] + [{**d["steps"][3], "action": "build road 9999"}]
                + d["steps"][4:]}, "5", "step 3"),
    (lambda d: {**d, "steps": d["steps"][:3] + [{**d["steps"][3], "action": "fly away"}]}, None,
     "step 3"),
    (lambda d: {k: v for k, v in d.items() if k != "ir"}, None, "carries no IR"),
])
def test_broken_transcripts_and_bad_turns_are_one_clean_error(game, tmp_path, mutate, turn,
                                                               needle) -> None:
    doc = mutate(copy.deepcopy(game["doc"]))
    code, output, out = _bad(tmp_path, doc, *(("--turn", turn) if turn else ()))
    assert code == EXIT_ERRORS, output
    assert needle in output and "Traceback" not in output
    assert not out.exists() and [p.name for p in tmp_path.iterdir()] == ["bad.json"]


def test_usage_errors_write_nothing(game: dict, tmp_path: Path) -> None:
    cases = [
        [str(game["path"]), "--turn", "-1"],
        [str(game["path"]), "--seed", "3"],
        [str(game["path"]), "--with", "tournament"],
        [BASE, "--turn", "3"],
    ]
    for args in cases:
        res = _render(*args, "-o", str(tmp_path / "x.png"))
        assert res.exit_code == EXIT_USAGE, (args, res.output)
        assert "Traceback" not in res.output
    assert not list(tmp_path.iterdir())


def test_neutral_players_get_their_own_colours(tmp_path: Path) -> None:
    """C42-04: the two neutral players' pieces are drawn, each in a colour no real player has,
    and the legend names them neutral."""
    path = tmp_path / "c42.json"
    g = _write_game(path, seed=2, with_=("catan_for_two",), bots=("greedy", "random"))
    out = tmp_path / "c42.svg"
    res = _render(str(path), "--turn", "6", "-o", str(out))
    assert res.exit_code == EXIT_OK, res.output
    svg = out.read_text(encoding="utf-8")
    ends = [i for i, s in enumerate(g["doc"]["steps"]) if s["action"] == "end turn"]
    gm = Game(g["ir"], num_players=2)
    s = gm.new_initial_state(seed=g["doc"]["board_seed"])
    for step in g["doc"]["steps"][:ends[5] + 1]:
        s.apply_action(parse_action(step["action"], gm))
    drawn = _ids(svg, r"piece-vertex-\d+")
    colours = {}
    for v, o in enumerate(s.v_owner):
        if o >= 0:
            colours.setdefault(o, set()).add(_fill(drawn[f"piece-vertex-{v}"]))
    assert {2, 3} <= set(colours)  # both neutral seats own pieces
    assert all(len(c) == 1 for c in colours.values())
    assert len({next(iter(c)) for c in colours.values()}) == len(colours)
    assert svg.count("(neutral)") == 2 and "with catan_for_two" in svg
    # C42-01: the trade tokens each real player holds are in the legend (neutrals hold none).
    names = [c.name for c in s.game.rules.counters]
    k = names.index("trade_tokens")
    for p, colour in enumerate(("Red", "Blue")):
        label = legend_label(svg, colour)
        assert label.startswith(f"{colour} {s.vp(p)} VP")
        n = s.rules_state.counters[p][k]
        # A counter at 0 is left out of the legend: it says nothing and crowds the picture.
        assert (f"· {n} trade tokens" in label) == (n > 0) and "· 0 " not in label


def _two_edge_kinds_ir() -> dict:
    """The base IR plus a second route piece and a non-route edge piece (names are arbitrary:
    the picture must tell them apart by their IR entries alone)."""
    ir, _ = api.compile_file(BASE)
    ir = copy.deepcopy(ir)
    road = next(n for n, p in ir["pieces"].items() if p["on"] == "edge")
    ir["pieces"]["zz_span"] = {**ir["pieces"][road], "route": True}
    ir["pieces"]["aa_token"] = {**ir["pieces"][road], "route": False}
    return ir


def test_pieces_sharing_a_path_are_drawn_side_by_side_and_distinguishable() -> None:
    ir = _two_edge_kinds_ir()
    road = next(n for n, p in ir["pieces"].items() if p["on"] == "edge" and n == "road")
    view = StateView(pieces_on_edges={5: (road, 0), 9: ("zz_span", 1)},
                     more_on_edges={5: (("aa_token", -1),)}, robber_off_board=True)
    svg = figure_bytes(draw_board(ir, state_view=view), "svg").decode("utf-8")
    ids = _ids(svg, r"piece-edge-.*")
    assert {"piece-edge-5", "piece-edge-5-also-1", "piece-edge-9"} <= set(ids)

    def line(gid: str) -> list[tuple[float, float]]:
        return _path_points(ids[gid])

    a, b = line("piece-edge-5-fill"), line("piece-edge-5-also-1-fill")
    # Side by side: the two pieces on edge 5 do not overlap (their midpoints are apart).
    mid = lambda pts: (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))  # noqa: E731
    (ax, ay), (bx, by) = mid(a), mid(b)
    assert (ax - bx) ** 2 + (ay - by) ** 2 > 4.0
    # Distinct styles: the second route kind is dashed, the non-route piece is markers, not a line.
    span = next(ids["piece-edge-9-fill"].iter(f"{SVG_NS}path")).get("style") or ""
    plain = next(ids["piece-edge-5-fill"].iter(f"{SVG_NS}path")).get("style") or ""
    assert "stroke-dasharray" in span and "stroke-dasharray" not in plain
    assert ids["piece-edge-5-also-1-fill"].find(f".//{SVG_NS}use") is not None
    for kind in ("zz_span", "aa_token", "road"):
        assert f">{kind}</text>" in svg  # each kind has its legend entry
    assert 'id="robber"' in svg and "robber off" in svg


def test_bare_board_shows_the_neutral_players_starting_settlements() -> None:
    """C42-04: each neutral player starts with one settlement at its marked intersection; the
    board picture shows them, one colour per neutral seat, none a real player's."""
    ir, report = api.compile_file(str(ROOT / "scenarios" / "catan_for_two.catan"))
    assert ir is not None, report.render_text()
    svg = figure_bytes(draw_board(ir, seed=1), "svg").decode("utf-8")
    starts = ir["players"]["neutral_start"]
    drawn = _ids(svg, r"neutral-start-\d+-\d+")
    assert set(drawn) == {f"neutral-start-{i}-{v}" for i, vs in enumerate(starts) for v in vs}
    fills = [_fill(drawn[f"neutral-start-{i}-{vs[0]}"]) for i, vs in enumerate(starts)]
    real = set(DEFAULT_PLAYER_COLORS[:ir["players"]["default"]])
    assert len(set(fills)) == len(starts) and not set(fills) & real


def test_written_pictures_get_the_usual_file_mode(game: dict, tmp_path: Path) -> None:
    """The atomic write goes through a private temp file; the picture itself must not stay
    readable by its owner only."""
    import os

    out = tmp_path / "m.png"
    assert _render(str(game["path"]), "--turn", "1", "-o", str(out)).exit_code == EXIT_OK
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask


FISHERMEN = ROOT / "scenarios" / "fishermen.catan"


@pytest.mark.skipif(not FISHERMEN.exists(), reason="scenarios/fishermen.catan not shipped yet")
def test_robber_off_the_board_and_held_tokens_are_shown(tmp_path: Path) -> None:
    """FISH-25, FISH-20: at the end of a turn after fish chased the robber off the board it is
    drawn beside the island, on no land hex; the legend counts each seat's face-down tokens
    (their values stay hidden)."""
    ir, report = api.compile_file(str(FISHERMEN))
    assert ir is not None, report.render_text()
    res = play_game(Game(ir, num_players=4), ["greedy"] * 4, 1, 200, record=True,
                    source=str(FISHERMEN), ir=ir)
    path = tmp_path / "f.json"
    path.write_text(dumps(res.transcript), encoding="utf-8")
    g = {"ir": ir, "doc": res.transcript}
    turns = res.transcript["final"]["turn"]
    off = next(t for t in range(1, turns) if _state_after_turn(g, t).robber < 0)
    s = _state_after_turn(g, off)
    out = tmp_path / "off.svg"
    assert _render(str(path), "--turn", str(off), "-o", str(out)).exit_code == EXIT_OK
    svg = out.read_text(encoding="utf-8")
    assert svg.count('id="robber"') == 1 and "robber off" in svg
    hexes = [_path_points(el) for el in _ids(svg, r"hex-\d+").values()]
    rules, ry = _centre(_ids(svg, r"robber")["robber"])
    assert all(not (min(p[0] for p in h) <= rules <= max(p[0] for p in h)
                    and min(p[1] for p in h) <= ry <= max(p[1] for p in h)) for h in hexes)
    decks = s.game.rules.decks
    di = next(i for i, d in enumerate(decks) if d.kind == "tokens")
    for p, colour in enumerate(("Red", "Blue", "White", "Orange")):
        held = sum(s.rules_state.held[di][p])
        label = legend_label(svg, colour)
        assert label.startswith(f"{colour} {s.vp(p)} VP")
        assert bool(re.search(rf" · {held} {decks[di].name} tokens?\b", label)) == (held > 0)


@pytest.mark.parametrize("where", ["rules", "board"])
def test_bare_board_puts_a_robber_that_starts_off_the_board_beside_the_island(where: str) -> None:
    """FISH-13, CAR-09: a robber that starts beside the board (the rules' ``robber.start``,
    which overrides the board's, or the board's own) is drawn beside the island, on no hex."""
    ir, _ = api.compile_file(BASE)
    ir = copy.deepcopy(ir)
    if where == "rules":
        ir.setdefault("robber", {})["start"] = "off_board"
    else:
        ir["board"]["robber"] = {"start": "off_board"}
    svg = figure_bytes(draw_board(ir), "svg").decode("utf-8")
    assert svg.count('id="robber-start"') == 1 and "robber starts" in svg
    hexes = {int(k.split("-")[1]): _centre(v) for k, v in _ids(svg, r"hex-\d+").items()}
    rules, ry = _centre(_ids(svg, r"robber-start")["robber-start"])
    assert min((x - rules) ** 2 + (y - ry) ** 2 for x, y in hexes.values()) > min(
        (x - hexes[0][0]) ** 2 + (y - hexes[0][1]) ** 2 for h, (x, y) in hexes.items() if h)


def test_rules_robber_start_on_a_terrain_is_drawn_there() -> None:
    """RIV-12 (the robber starts on a swamp) in general: a ``robber.start`` naming a terrain
    puts the start marker on the first hex of that terrain."""
    ir, _ = api.compile_file(BASE)
    ir = copy.deepcopy(ir)
    ir.setdefault("robber", {})["start"] = {"terrain": "mountains"}
    svg = figure_bytes(draw_board(ir), "svg").decode("utf-8")
    hexes = {int(k.split("-")[1]): _centre(v) for k, v in _ids(svg, r"hex-\d+").items()}
    rules, ry = _centre(_ids(svg, r"robber-start")["robber-start"])
    nearest = min(hexes, key=lambda h: (hexes[h][0] - rules) ** 2 + (hexes[h][1] - ry) ** 2)
    first = next(h["id"] for h in ir["board"]["hexes"] if h.get("terrain") == "mountains")
    assert nearest == first

"""Boards that build on boards (issue 39 item 3): `board NAME extends OTHER { ... }` inherits
OTHER's layout, tiles, numbers, harbors and features and applies its own items over them;
hidden pools and hex-set number groups are checked like the rest of a board."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api


def compile_text(tmp_path: Path, body: str, **kw) -> tuple[dict | None, list]:
    path = tmp_path / "t.catan"
    path.write_text(f"scenario t extends base {{\n{body}\n}}\n", encoding="utf-8")
    ir, report = api.compile_file(str(path), **kw)
    return ir, [(d.code, d.span.line, d.message) for d in report.sorted()]


def base_board(board: str = "beginner") -> dict:
    ir, report = api.compile_file("scenarios/base.catan", board=board)
    assert ir is not None, report.render_text()
    return ir["board"]


def test_extends_replaces_one_tile_and_takes_a_harbor_away(tmp_path):
    """Issue 39 item 3: `hex 0,0 volcano` replaces one tile of the inherited `tiles` list,
    `without harbor at 0,-2 NW` takes that harbor away; everything else, ids included, is the
    parent's."""
    ir, diags = compile_text(tmp_path, """
  terrain volcano { produces nothing; no token }
  board isle extends beginner default {
    hex 0,0 volcano
    without harbor at 0,-2 NW
  }""")
    assert ir is not None, diags
    parent, board = base_board(), ir["board"]
    for key in ("edges", "sea", "numbers", "features"):
        assert board[key] == parent[key], key
    strip = lambda vs: [{k: x for k, x in v.items() if k != "harbor"} for v in vs]  # noqa: E731
    assert strip(board["vertices"]) == strip(parent["vertices"])
    changed = [(p["q"], p["r"]) for p, h in zip(parent["hexes"], board["hexes"]) if p != h]
    assert changed == [(0, 0)]
    center = next(h for h in board["hexes"] if (h["q"], h["r"]) == (0, 0))
    assert center["terrain"] == "volcano" and center["numbers"] == []
    assert len(board["harbors"]) == len(parent["harbors"]) - 1
    kept = [(h["ratio"], h["resource"], h["edge"]) for h in board["harbors"]]
    assert kept == [(h["ratio"], h["resource"], h["edge"]) for h in parent["harbors"]][1:]


def test_a_board_extends_a_board_that_extends_another(tmp_path):
    """Issue 39 item 3: what a parent changed is inherited in turn; a harbor of the child on an
    inherited coast side replaces that harbor."""
    ir, diags = compile_text(tmp_path, """
  board a extends beginner { hex 0,0 forest 3 }
  board b extends a default { hex 1,0 desert; harbors { wool 2:1 at 0,2 SW } }""")
    assert ir is not None, diags
    hexes = {(h["q"], h["r"]): h for h in ir["board"]["hexes"]}
    assert hexes[(0, 0)]["terrain"] == "forest" and hexes[(0, 0)]["numbers"] == [3]
    assert hexes[(1, 0)]["terrain"] == "desert" and hexes[(1, 0)]["numbers"] == []
    wool = [h for h in ir["board"]["harbors"] if h["resource"] == "wool"]
    assert len(ir["board"]["harbors"]) == 9 and len(wool) == 2


def test_unknown_looping_and_missing_parents_are_reported(tmp_path):
    """Issue 39 item 3: an unknown parent is E204, boards extending each other E210, a harbor the
    parent does not have E206; each at the board's own line."""
    _, diags = compile_text(tmp_path, """
  board a extends b default { }
  board b extends a { }
  board c extends nowhere { }
  board d extends beginner { without harbor at 1,1 E }""")
    codes = {(code, line) for code, line, _ in diags}
    assert ("E210", 3) in codes and ("E210", 4) in codes
    assert ("E204", 5) in codes and ("E206", 6) in codes
    assert not {c for c, _, _ in diags} - {"E210", "E204", "E206"}


def test_an_inherited_mistake_names_the_board_that_inherited_it(tmp_path):
    """A tile taken from the parent's pool leaves the pool one slot short (E305, where the pool
    is written) with a note naming the child; declaring the pool anew fixes it."""
    path = tmp_path / "t.catan"
    path.write_text("scenario t extends base {\n"
                    "  board e extends tournament default { hex 0,0 forest }\n}\n")
    report = api.check_file(str(path))
    pool = next(d for d in report.sorted() if d.code == "E305")
    assert pool.span.path.endswith("base.catan")
    assert any("inherited by board e, which extends tournament" in note for note, _ in pool.notes)
    ir, diags = compile_text(tmp_path, """
  board e extends tournament default {
    hex 0,0 forest
    pool main { forest 3, pasture 4, fields 4, hills 3, mountains 3, desert 1 }
  }""")
    assert ir is not None, diags


def test_hidden_pools_are_checked_like_pools(tmp_path):
    """Issue 39 item 1: a hidden pool needs a tile per hex (E305) and enough tokens for the
    tiles that take one (E306); its hexes are claimed like any slot (E310)."""
    _, diags = compile_text(tmp_path, """
  board f extends beginner default {
    pool fog hidden at 0,-2 1,-2 { forest 1 } tokens { }
    pool more hidden at 1,-2 2,-2 { forest 2 } tokens { 4 5 }
  }""")
    codes = sorted(code for code, _, _ in diags)
    assert codes == ["E305", "E306", "E310"], diags


def test_numbers_dealt_to_a_named_hex_set(tmp_path):
    """Issue 39 item 2: `numbers random on hexes NAME { ... }` deals those tokens to the hexes of
    that set, the board's tokens to the others."""
    ir, diags = compile_text(tmp_path, """
  board g default {
    layout rows 3 4 3
    tiles { forest, hills, pasture, fields, mountains, forest, hills, pasture, fields, mountains }
    hexes middle { -1,0; 0,0 }
    numbers random on hexes middle { 2 12 }
    tokens 3 4 5 6 8 9 10 11
  }""")
    assert ir is not None, diags
    from catan_dsl.ir.realize import realize_board

    middle = {h["id"] for h in ir["board"]["hexes"] if (h["q"], h["r"]) in ((0, 0), (-1, 0))}
    dealt = set()
    for seed in range(8):
        rb = realize_board(ir, seed)
        on_middle = tuple(n for h in sorted(middle) for n in rb.numbers[h])
        assert sorted(on_middle) == [2, 12]
        assert sorted(n for h, ns in enumerate(rb.numbers) if h not in middle for n in ns) == \
            [3, 4, 5, 6, 8, 9, 10, 11]
        dealt.add(on_middle)
    assert len(dealt) == 2                      # at random between the two hexes


def test_a_pin_on_a_hex_of_a_named_set_takes_that_sets_token(tmp_path):
    """A pinned hex of a named hex set is covered by the set's tokens (not the coast's or the
    board's): `pin 12 at 0,0` with `on hexes middle { 2 12 }`."""
    ir, diags = compile_text(tmp_path, """
  board g default {
    layout rows 3 4 3
    tiles { forest, hills, pasture, fields, mountains, forest, hills, pasture, fields, mountains }
    hexes middle { -1,0; 0,0 }
    numbers random pin 12 at 0,0 on hexes middle { 2 12 }
    tokens 3 4 5 6 8 9 10 11
  }""")
    assert ir is not None, diags
    from catan_dsl.ir.realize import realize_board

    ids = {(h["q"], h["r"]): h["id"] for h in ir["board"]["hexes"]}
    for seed in range(4):
        rb = realize_board(ir, seed)
        assert rb.numbers[ids[(0, 0)]] == (12,) and rb.numbers[ids[(-1, 0)]] == (2,)

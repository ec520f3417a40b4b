"""Named expressions and loops over names (issue 39 item 6): `define NAME(P, ...) = EXPR` is
inlined at each use, typed for its arguments there, never captures a caller's variable, and
is inherited and replaced through `extends`; `terrains` and `pieces` are sets of names."""

from __future__ import annotations

from pathlib import Path

from catan_dsl import api
from catan_dsl.engine import Game
from catan_dsl.engine.rules.expressions import Ctx, compile_expr
from tests.engine.helpers import empty_main, put


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.catan"
    path.write_text(text, encoding="utf-8")
    return path


def compile_text(tmp_path: Path, body: str) -> tuple[dict | None, list]:
    path = write(tmp_path, "t", f"scenario t extends base {{\n{body}\n}}\n")
    ir, report = api.compile_file(str(path))
    return ir, [(d.code, d.span.line, d.message) for d in report.sorted()]


def rule(ir: dict, n: int) -> dict:
    return ir["rules"][n]


def test_a_define_is_its_body_with_the_arguments_in_place(tmp_path):
    """Issue 39 item 6: a use is the body with each parameter replaced by its argument; a
    define without parameters is used by its bare name."""
    ir, diags = compile_text(tmp_path, """
  define near(v, t) = any(h in hexes_of(v) where terrain(h) == t)
  define rich = count_of(player, ore) >= 3
  modifier vp + 1 for v where near(v, desert) and rich""")
    assert ir is not None, diags
    assert rule(ir, 0)["when"] == [
        "and",
        ["any", "h'1", ["hexes_of", ["var", "v"]], ["==", ["terrain", ["var", "h'1"]], "desert"]],
        [">=", ["count_of", ["var", "player"], "ore"], 3]]


def test_a_define_never_captures_the_callers_variable(tmp_path):
    """Issue 39 item 6: the body's own comprehension variable is renamed at each use, so an
    argument reading the caller's `v` still reads the caller's `v`."""
    ir, diags = compile_text(tmp_path, """
  define owns_one(x) = any(v in vertices where owner(v) == x)
  on built at v where owns_one(owner(v)) { gain 1 wool }""")
    assert ir is not None, diags
    assert rule(ir, 0)["when"] == ["any", "v'1", ["vertices"],
                                   ["==", ["owner", ["var", "v'1"]], ["owner", ["var", "v"]]]]


def test_a_define_is_typed_at_each_use(tmp_path):
    """Issue 39 item 6: the body is checked for the argument types of each use: a player where
    an intersection goes is E406 in the body and at the use (with a note at the define)."""
    _, diags = compile_text(tmp_path, """
  define near(v, t) = any(h in hexes_of(v) where terrain(h) == t)
  modifier vp + 1 for x where near(x, desert)
  on turn_ended where near(player, desert) { gain 1 wool }""")
    assert [(c, line) for c, line, _ in diags] == [("E406", 3), ("E406", 5)]
    assert "this use of near(v: player, t: name:terrain) does not fit its body" in diags[1][2]
    assert "hexes_of(): x must be vertex or edge, got player" in diags[0][2]


def test_wrong_arity_recursion_and_a_functions_name_are_errors(tmp_path):
    _, diags = compile_text(tmp_path, """
  define a(x) = b(x) > 0
  define b(x) = (1 if a(x) else 0)
  define terrain(h) = 1
  on turn_ended where a(1) and a(1, 2) { gain 1 wool }
  define forest = 1""")
    codes = {(c, line) for c, line, _ in diags}
    assert ("E415", 4) in codes and ("E413", 5) in codes and ("E406", 6) in codes
    assert ("E413", 7) in codes                 # it would hide the terrain forest
    assert any("define a calls itself (a → b → a)" in m for _, _, m in diags)


def test_a_define_is_inherited_and_replaced_through_extends(tmp_path):
    """Issue 39 item 6: a define is a declaration: the rules of the file that declares it see
    a later file's define of the same name."""
    write(tmp_path, "parent", """scenario parent extends base {
  define bonus(p) = count_of(p, ore)
  modifier vp + bonus(p) for player p
}
""")
    child = write(tmp_path, "child", """scenario child extends parent {
  define bonus(p) = count_of(p, grain) / 2
}
""")
    parent_ir, _ = api.compile_file(str(tmp_path / "parent.catan"))
    child_ir, report = api.compile_file(str(child))
    assert child_ir is not None, report.render_text()
    assert parent_ir["rules"][0]["value"] == ["count_of", ["var", "p"], "ore"]
    assert child_ir["rules"][0]["value"] == ["/", ["count_of", ["var", "p"], "grain"], 2]


def rules_ir(tmp_path: Path, board: str = "") -> dict:
    """The base game on the beginner board (or ``board``) with one rule, so a Game has rules."""
    ir, diags = compile_text(tmp_path, board + "\n  on turn_ended { gain 1 wool }")
    assert ir is not None, diags
    return ir


def evaluate(ir: dict, node, s=None, **env):
    game = Game(ir, 4)
    s = s or empty_main(game)
    fn, _ = compile_expr(node, Ctx(game.rules, {k: t for k, (_, t) in env.items()}))
    return fn(s, {"player": 0, **{k: v for k, (v, _) in env.items()}})


def test_loops_over_terrains_and_pieces(tmp_path):
    """Issue 39 item 6: `terrains` and `pieces` (bare) are the declared names, in order; a
    variable bound to a terrain stands where a terrain name goes."""
    ir, diags = compile_text(tmp_path, """
  define mines = count(t in terrains where produces(t) == ore)
  on turn_ended { each t in terrains where produces(t) == nothing { gain 1 wool } }
  modifier target + count(k in pieces where count(x in pieces(p, k)) > 0) for p""")
    assert ir is not None, diags
    assert evaluate(ir, ["terrains"]) == tuple(ir["terrains"])
    assert evaluate(ir, ["piece_kinds"]) == tuple(ir["pieces"])
    each = rule(ir, 0)["do"][0]
    assert each[:4] == ["each", "t", ["terrains"], ["==", ["produces", ["var", "t"]], -1]]
    s = empty_main(Game(ir, 4))
    put(s, 0, "settlement", 0)
    put(s, 0, "road", s.board.vertex_edges[0][0])
    kinds_held = rule(ir, 1)["value"]            # count(k in pieces where ...) for p
    assert evaluate(ir, kinds_held, s, p=(0, "player")) == 2
    assert evaluate(ir, kinds_held, s, p=(1, "player")) == 0


def test_corner_side_and_ends_are_numbered_clockwise_from_the_top(tmp_path):
    """Issue 39 item 3: corner(h, K) counts clockwise from the top corner (N), side(h, K) from
    the top-right side (NE), side K running from corner K to corner K+1; ends(e) are its two
    intersections."""
    ir = rules_ir(tmp_path)
    hexes, vertices, edges = ir["board"]["hexes"], ir["board"]["vertices"], ir["board"]["edges"]
    h = next(x["id"] for x in hexes if (x["q"], x["r"]) == (0, 0))
    at = {"h": (h, "hex")}
    corners = [evaluate(ir, ["corner", ["var", "h"], k], **at) for k in range(1, 7)]
    assert [vertices[v]["key"] for v in corners] == \
        ["0,0,N", "1,-1,S", "0,1,N", "0,0,S", "-1,1,N", "0,-1,S"]     # N NE SE S SW NW
    sides = [evaluate(ir, ["side", ["var", "h"], k], **at) for k in range(1, 7)]
    assert [edges[e]["key"] for e in sides] == \
        ["0,0,NE", "1,0,W", "0,1,NW", "-1,1,NE", "0,0,W", "0,0,NW"]   # NE E SE SW W NW
    for k in range(6):
        ends = evaluate(ir, ["ends", ["var", "e"]], e=(sides[k], "edge"))
        assert set(ends) == {corners[k], corners[(k + 1) % 6]}
    assert evaluate(ir, ["corner", ["var", "h"], ["var", "k"]], k=(7, "int"), **at) == -1


def test_a_constant_corner_number_outside_one_to_six_is_an_error(tmp_path):
    _, diags = compile_text(tmp_path, "  on turn_ended { each h in hexes { remove corner(h, 0) } }")
    assert [(c, line) for c, line, _ in diags] == [("E406", 2)]
    assert "corner(h, K): K counts 1..6, got 0" in diags[0][2]


def test_produces_names_a_hexs_resource_nothing_or_choice(tmp_path):
    """Issue 39 item 2: produces(h) is the resource a hex yields (as a resource variable holds
    it), `nothing` for a desert, `choice` for a hex of choice; of a terrain name, its hexes'."""
    ir, diags = compile_text(tmp_path, """
  terrain gold_field { produces choice }
  board b extends beginner default { hex 1,0 gold_field 3 }
  on turn_ended where produces(desert) == nothing { gain 1 produces(forest) }""")
    assert ir is not None, diags
    hexes = {(x["q"], x["r"]): x["id"] for x in ir["board"]["hexes"]}
    ore = ir["resources"].index("ore")

    def produces(q: int, r: int):
        return evaluate(ir, ["produces", ["var", "h"]], h=(hexes[(q, r)], "hex"))
    assert produces(0, -2) == ore                                       # mountains
    assert produces(0, 0) == -1                                         # desert: nothing
    assert produces(1, 0) == -2                                         # choice
    assert evaluate(ir, ["produces", "mountains"]) == ore
    assert rule(ir, 0)["when"] == ["==", ["produces", "desert"], -1]
    assert rule(ir, 0)["do"][0][3] == {"expr": ["produces", "forest"]}


def test_gain_of_a_call_that_gives_no_resource_is_an_error(tmp_path):
    """A stock given by a call must give a resource (E406 names what it got)."""
    _, diags = compile_text(tmp_path, "  on turn_ended { each h in hexes { gain 1 terrain(h) } }")
    assert [(c, line) for c, line, _ in diags] == [("E406", 2)]
    assert "gain: terrain() gives a terrain, not a resource" in diags[0][2]

"""The rules vocabulary (core/vocab.py) → Hypothesis strategies for rule source text: every
trigger, effect and function with arguments of its documented kinds, written against the
declarations of tests/fixtures/vocabulary_host.catan (tests/engine/rules/test_vocabulary_plays.py).

An expression of a kind is drawn from the words that give that kind (a vocabulary function
whose result fits, an operator, a comprehension) or from a leaf: a bound variable, a declared
name, a number. A few words need their arguments to agree with each other (a feature and the
kind of place asked about it, a marker and where it lies): ``AGREEING`` writes those."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from catan_dsl.core import vocab as V

HOST_NAMES = {
    "name:piece": ["road", "settlement", "city", "ship"], "name:robber": ["pirate"],
    "name:terrain": ["forest", "hills", "pasture", "fields", "mountains", "desert", "gold_field"],
    "name:counter": ["coins", "steps"], "name:deck": ["fish"], "name:item": ["trout", "boot"],
    "name:card": ["knight", "monopoly", "army"], "name:special": ["fame", "longest_road"],
    "name:option": ["lenient"], "name:marker": ["raider"], "name:unit": ["guard", "wagon"],
    "name:chain": ["caravan"], "name:mark": ["tagged"], "name:feature": ["inland"],
    "name:resource": ["lumber", "brick", "wool", "grain", "ore"],
}
STOCKS = ["ore", "wool", "coins", "steps"]        # what an effect gains, loses, gives
# The variables every generated rule binds before its effect (rule_around): what a place,
# a player or a resource argument may be.
LEAVES = {"player": ["player", "p"], "hex": ["h"], "vertex": ["v"], "edge": ["e"],
          "resource": ["r"], "int": ["0", "1", "2", "3"], "bool": ["true", "false"],
          "stock": STOCKS + ["r", "trout"]}           # what count_of reads (a deck item too)
# Words written otherwise in source than as a call.
SPELLED = {"shared_value": "track", "piece_kinds": "pieces"}
# Arguments that must agree with each other, written whole: (function, result type) → texts.
AGREEING = {
    "feature": ["feature(h, inland)", "feature(e, ridge)", "feature(v, exits)",
                "feature(v, grounds)"],
    "feature_number": ["feature_number(v, grounds, <int>)"],
    "occupied": ["occupied(v, settlement)", "occupied(e, road)", "occupied(e, guard)",
                 "occupied(v, wagon)", "occupied(e, camel)"],
    "markers": ["markers(h, raider)", "markers(e, toll)"],
    "unit_owner": ["unit_owner(e, guard)", "unit_owner(v, wagon)"],
    "units": ["units(<player>, guard)", "units(<player>, wagon)"],
    "pieces": ["pieces(<player>, road)", "pieces(<player>, settlement)"],
    "marker_supply": ["marker_supply(raider)", "marker_supply(toll)"],
    "unit_supply": ["unit_supply(<player>, guard)", "unit_supply(<player>, wagon)"],
    "holds": ["holds(<player>, fame)", "holds(<player>, boot)"],
    "produces": ["produces(h)", "produces(forest)"],
    "can_place_at": ["can_place_at(<player>, road, <edge>)", "can_place_at(<player>, ship, e)",
                     "can_place_at(<player>, settlement, <vertex>)"],
    "can_move_to": ["can_move_to(e, <edge>)", "can_move_to(v, <vertex>)"],
}
_fresh = itertools.count(1)


def fits(returns: str, want: str) -> bool:
    """Does a function's result type stand where ``want`` is asked?"""
    if want.startswith("set:") or returns.startswith("set:"):
        return returns.startswith("set:") and want.startswith("set:") \
            and want[4:] in returns[4:].split("|")
    return want in returns.split("|")


def _producers(want: str) -> list[str]:
    return sorted(n for n, f in V.FUNCTIONS.items() if fits(f.returns, want)
                  and not (want == "int" and n in ("current",)))


@st.composite
def expr(draw, want: str, depth: int = 2) -> str:
    """An expression of type ``want`` (int, bool, player, hex, vertex, edge, resource, set:X,
    name:K)."""
    if want.startswith("name:"):
        return draw(st.sampled_from(HOST_NAMES.get(want, ["x"])))
    leaves = LEAVES.get(want, [])
    options: list = [st.sampled_from(leaves)] if leaves else []
    if depth > 0:
        callers = _producers(want)
        if callers:
            options.append(st.sampled_from(callers).flatmap(lambda n: call(n, depth - 1)))
        if want == "int":
            options += [comprehension("int", depth - 1),
                        st.tuples(expr("int", depth - 1), st.sampled_from("+-*/"),
                                  expr("int", depth - 1)).map(" ".join)]
        if want == "bool":
            options += [compare(depth - 1), comprehension("bool", depth - 1),
                        expr("bool", depth - 1).map(lambda b: f"not {b}"),
                        st.tuples(expr("bool", depth - 1), st.sampled_from(["and", "or"]),
                                  expr("bool", depth - 1)).map(" ".join)]
        if want in ("hex", "vertex", "edge", "player"):
            options.append(first_of(want, depth - 1))
    if not options:                       # a set with no producer left at this depth
        options.append(st.sampled_from(_producers(want)).flatmap(lambda n: call(n, 0)))
    return draw(st.one_of(*options))


@st.composite
def call(draw, name: str, depth: int) -> str:
    """``name(args)`` with arguments of its parameters' kinds (or the words it is spelled by)."""
    if name in SPELLED:
        return SPELLED[name]
    if name in AGREEING:
        return draw(fill(draw(st.sampled_from(AGREEING[name])), depth))
    fn = V.FUNCTIONS[name]
    if not fn.params:
        return f"{name}()"
    args = [draw(expr(draw(st.sampled_from(p.type.split("|"))), depth)) for p in fn.params]
    if name in ("corner", "side"):
        args[1] = str(draw(st.integers(1, 6)))
    if name in ("path_between", "distance"):
        args = ["v", "first(nb in neighbours(v) where true)" if name == "path_between" else "v"]
    return f"{name}({', '.join(args)})"


@st.composite
def comprehension(draw, want: str, depth: int) -> str:
    head = draw(st.sampled_from(["count", "sum", "max", "min"] if want == "int" else ["any", "all"]))
    kind = draw(st.sampled_from(["hex", "vertex", "edge", "player"]))
    x = f"x{next(_fresh)}"
    domain = {"hex": "hexes", "vertex": "vertices_of(h)", "edge": "edges_of(v)",
              "player": "players"}[kind]
    cond = draw(expr("bool", 0)) if draw(st.booleans()) else "true"
    value = f": {draw(expr('int', 0))}" if head in ("sum", "max", "min") else ""
    return f"{head}({x} in {domain} where {cond}{value})"


@st.composite
def first_of(draw, want: str, depth: int) -> str:
    x = f"y{next(_fresh)}"
    domain = {"hex": "hexes", "vertex": "vertices_of(h)", "edge": "edges_of(v)",
              "player": "players"}[want]
    return f"first({x} in {domain} where {draw(expr('bool', depth))})"


@st.composite
def compare(draw, depth: int) -> str:
    kind = draw(st.sampled_from(["int", "player", "terrain", "piece", "resource"]))
    if kind == "int":
        return f"{draw(expr('int', depth))} {draw(st.sampled_from(['<', '<=', '==', '>=']))} " \
               f"{draw(expr('int', depth))}"
    if kind == "player":
        return f"{draw(expr('player', depth))} == {draw(expr('player', depth))}"
    if kind == "terrain":
        return f"terrain(h) == {draw(st.sampled_from(HOST_NAMES['name:terrain']))}"
    if kind == "piece":
        return draw(st.sampled_from(["piece(v) == city", "piece(e) == road"]))
    return f"produces(h) == {draw(st.sampled_from(['nothing', 'choice', 'ore']))}"


@st.composite
def fill(draw, template: str, depth: int = 1) -> str:
    """A template with typed holes (<int>, <player>, <set:hex>, <block>, ...) filled in."""
    out, rest = [], template
    while "<" in rest:
        before, _, tail = rest.partition("<")
        hole, _, rest = tail.partition(">")
        out.append(before)
        if hole == "block":
            out.append("{ " + draw(st.sampled_from(LEAF_EFFECTS)) + " }")
        elif hole == "stock":
            out.append(draw(st.sampled_from(STOCKS)))
        elif hole == "who":                 # the subject of "P gains ...": a name or a call
            out.append(draw(st.sampled_from(["player", "p", "left(p)", "owner(v)", "current()"])))
        else:
            out.append(draw(expr(hole, depth)))
    return "".join(out) + rest


# Small effects that are always fine in a block (the body of a choice, a loop, a branch).
LEAF_EFFECTS = ["gain 1 coins", "lose 1 coins", "gain 1 ore", "set track = track + 1",
                "put 1 raider on h", "mark v tagged"]

# Every effect of the vocabulary as source, with typed holes (several forms where it has them).
EFFECTS: dict[str, list[str]] = {
    "gain": ["<who> gains <int> <stock>", "gain 1 produces(h)", "gain 1 choice", "gain 1 r"],
    "lose": ["<who> loses <int> <stock>"],
    "transfer": ["<who> gives <int> <stock> to <player>", "give 1 random to <player>",
                 "give 1 choice to <player>"],
    "draw": ["<who> draws <int> from fish"],
    "give_item": ["give 1 boot to <player>"],
    "reveal": ["reveal boot"],
    "choose": ["choose x in <set:hex> by <player> where <bool> <block> else <block>",
               "choose x in <set:vertex> <block>"],
    "choose_one": ['choose one by <player> { "A" when <bool> <block> "B" <block> }'],
    "each": ["each x in <set:player> where <bool> <block>", "each x in <set:edge> <block>"],
    "if": ["if <bool> <block> else <block>"],
    "move_robber": ["move robber to choice", "move robber to off_board", "move robber to home",
                    "move robber to <hex>"],
    "steal": ["steal <int> from <set:player>"],
    "discard_half": ["discard_half above <int>"],
    "place": ["place road for <player> at choice by <player>", "place settlement for <player>",
              "place settlement for <player> at <vertex>"],
    "remove": ["remove <vertex>", "remove <edge>"],
    "mark": ["mark <vertex> tagged", "mark <edge> tagged"],
    "unmark": ["unmark <vertex> tagged"],
    "build_free": ["build_free <player> road <int>"],
    "take_development": ["take_development <player>"],
    "reroll": ["reroll"],
    "reshuffle": ["reshuffle fish"],
    "set_yield": ["set_yield city <int>"],
    "award": ["award fame"],
    "return_played": ["return_played <player> army"],
    "let": ["let z = <int>\n    gain z coins"],
    "roll": ["let z = roll(<int>)\n    gain z coins", "let c = roll(colour)\n    if c == red <block>",
             "gain roll(3) wool"],
    "choose_random": ["choose x in <set:hex> at random where <bool> <block> else <block>",
                      "choose 2 x in <set:player> at random weighted by <int> <block>"],
    "set_counter": ["set track = <int>"],
    "via": ["bump(<hex>)"],
    "repeat": ["repeat 2 <block>", "repeat 3 while <bool> <block>"],
    "set_aside": ["set_aside fame"],
    "put_markers": ["put <int> raider on <hex>", "put 1 toll on <edge>"],
    "take_markers": ["take <int> raider from <hex>", "take 1 toll from <edge>"],
    "move_markers": ["move raider from <hex> to <hex>", "move toll from <edge> to <edge>"],
    "put_unit": ["put 1 guard on <edge> for <player>", "put 1 wagon on <vertex>"],
    "take_unit": ["take 1 guard from <edge>", "take 1 wagon from <vertex>"],
    "move_unit": ["move guard from <edge> to <edge>", "move wagon from v to <vertex>"],
    "share": ["share <int> among x in <set:player> where <bool> by <int> rolling <int> <block> "
              "else <block>", "share <int> among x in <set:player> <block>"],
    "extend": ["extend caravan at <edge>"],
    "reveal_hex": ["reveal <hex>"],
    "set_terrain": ["set terrain <hex> = forest", "set terrain <hex> = sea",
                    "set terrain <hex> = gold_field"],
    "set_number": ["set number <hex> = 6", "set number <hex> = none"],
    "vote": ["vote x in chain_spots(caravan) paying wool, grain <block> deadlock <block>"],
    "end_game": ["end game", "end game ties by <int>", "end game winner <player>"],
    "move_piece": ["move road from e to <edge>", "move ship from e to <edge>",
                   "move settlement from v to <vertex>"],
}

# Every trigger as the head of a rule (and its other forms); the rule's effect goes in <body>.
TRIGGERS: dict[str, list[str]] = {
    "built": ["on built settlement at w where not setup <body>", "on built road <body>"],
    "moved": ["on moved road at w <body>", "on moved ship at w <body>", "on moved <body>"],
    "upgraded": ["on upgraded city at w <body>"],
    "rolled": ["on rolled n where n == 8 <body>", "on rolled 7 instead of robber <body>",
               "on rolled 6 <body>"],
    "produced": ["on produced n <body>"],
    "revealed": ["on revealed <body>"],
    "drew": ["on drew trout <body>"],
    "played": ["on played knight <body>"],
    "turn_started": ["on turn_started <body>"],
    "turn_ended": ["on turn_ended where built <body>", "on turn_ended <body>"],
    "setup_done": ["on setup_done <body>"],
    "hex_revealed": ["on hex_revealed at hx where produces(hx) != nothing <body>"],
}


def rule_around(effect: str) -> str:
    """The effect in a block binding what its arguments may read: a player p, a hex h, one of
    its corners v, a path e there and a resource r (random picks: chance steps, replayed)."""
    return ("{\n  choose p in players at random { choose h in hexes at random {\n"
            "  choose v in vertices_of(h) at random { choose e in edges_of(v) at random {\n"
            "  choose r in resources at random {\n    " + effect + "\n  } } } } }\n}")


@st.composite
def effect_rule(draw, name: str) -> str:
    """A rule using effect ``name`` (on a trigger drawn from every trigger's forms)."""
    head = draw(st.sampled_from([t for forms in TRIGGERS.values() for t in forms]))
    body = draw(fill(draw(st.sampled_from(EFFECTS[name]))))
    if name == "end_game":       # not before turn 15: the other rules get a game to run in
        body = f"if turn >= 15 {{ {body} }}"
    return head.replace("<body>", rule_around(body))


@st.composite
def trigger_rule(draw, name: str) -> str:
    """A rule on trigger ``name`` (each of its forms), with an effect drawn from the leaves."""
    head = draw(st.sampled_from(TRIGGERS[name]))
    return head.replace("<body>", rule_around(draw(st.sampled_from(LEAF_EFFECTS))))


@st.composite
def function_rule(draw, name: str) -> str:
    """A rule reading function ``name``: its value named by a let (a set counted)."""
    f = V.FUNCTIONS[name]
    value = draw(call(name, 1))
    if f.returns.startswith("set:"):
        value = f"count(q in {value})"
    return "on turn_ended " + rule_around(f"let z = {value}\n    gain 1 coins")


@st.composite
def scenario(draw) -> str:
    """A scenario extending the host with one rule per trigger, effect and function."""
    rules = [draw(trigger_rule(n)) for n in sorted(V.TRIGGERS)]
    rules += [draw(effect_rule(n)) for n in sorted(V.EFFECTS)]
    rules += [draw(function_rule(n)) for n in sorted(V.FUNCTIONS)]
    body = "\n".join("  " + r.replace("\n", "\n  ") for r in rules)
    return f"scenario generated extends vocabulary_host {{\n{body}\n}}\n"
